"""Obludárium goldfish against a greedy opponent: p2 plays a copy of the deck, blocks and answers (OB-807)."""

from __future__ import annotations

import random

import pytest

from deckkit.bundled import starter_deck
from deckkit.engine.registry import load_game
from deckkit.errors import UsageError


@pytest.fixture(scope="module")
def game():
    return load_game("obludarium")


def test_ob_807_a_greedy_opponent_blocks_and_slows_the_deck(game):
    deck = starter_deck(game)
    trace: list[str] = []
    game.play_goldfish(deck, random.Random(0), opponent="greedy", trace=trace)
    assert any(line.startswith("p2: block ") for line in trace)  # OB-807: the defender blocks
    assert not any("p2 (passive)" in line for line in trace)
    passive = [game.play_goldfish(deck, random.Random(s)) for s in range(12)]
    greedy = [game.play_goldfish(deck, random.Random(s), opponent="greedy") for s in range(12)]
    assert sum(r.won for r in greedy) < sum(r.won for r in passive)


def test_an_unknown_opponent_names_the_choices(game):
    with pytest.raises(UsageError, match="unknown opponent 'greedyy'") as info:
        game.play_goldfish(starter_deck(game), random.Random(0), opponent="greedyy")
    assert "greedy (a copy of the deck)" in info.value.hint
