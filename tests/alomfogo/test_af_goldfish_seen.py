"""Goldfish records say when each card was first seen, so card impact "by turn 3" counts every draw."""

from __future__ import annotations

import random

import pytest

from deckkit.decks import CardPool, load_deck
from deckkit.games.alomfogo import GAME
from deckkit.paths import data_dir


@pytest.fixture(scope="module")
def casual():
    return load_deck(data_dir() / "decks" / "alomfogo-casual.deck").cards(CardPool.bundled())


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_seen_by_turn_partitions_the_seen_cards_in_draw_order(casual, policy):
    """AF-513: the starting player's turn 1 holds the opening hand; AF-333/AF-611 extra draws count too."""
    extra_draw_games = 0
    for seed in range(40):
        record = GAME.play_goldfish(casual, random.Random(seed), policy=policy)
        by_turn = record.seen_by_turn
        assert list(by_turn) == [str(t) for t in range(1, len(by_turn) + 1)]
        flat = [name for t in sorted(by_turn, key=int) for name in by_turn[t]]
        assert flat == record.seen
        assert by_turn["1"][:5] == record.opening and len(record.opening) == 5
        if record.won:
            assert len(by_turn) == record.turn
        # One regular draw per own turn from turn 2 on (AF-512); more means an extra draw was taken.
        extra_draw_games += any(len(names) > 1 for t, names in by_turn.items() if t != "1")
        extra_draw_games += len(by_turn["1"]) > 5
    assert extra_draw_games > 0  # the casual deck's dream creatures do draw
