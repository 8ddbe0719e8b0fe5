"""Random Álomfogó games, two and four players: they end, conserve cards, never go negative, replay, clone."""

from __future__ import annotations

import random

import pytest

from deckkit.games.alomfogo import GAME
from deckkit.paths import data_dir

DECK = [c.data for c in GAME.deck_cards(data_dir() / "decks" / "alomfogo-casual.deck")]
BIG = [c.data for c in GAME.deck_cards(data_dir() / "decks" / "alomfogo-tournament.deck")]


def _random_game(seed: int, players: int, deck: list[dict]):
    state = GAME.new_game([deck] * players, random.Random(seed), start=seed % players)
    chooser = random.Random(seed + 1)
    total = state.card_count()
    actions = []
    for _ in range(20000):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        state.apply_unchecked(action)
        actions.append(str(action))
        assert state.card_count() == total, f"seed {seed}: a card vanished after {action}"
        for p in state.players:
            assert p.vp >= 0 and p.glory >= 0, f"seed {seed}: negative counter after {action}"
        if state.duel is not None:  # AF-723: one helper a side; a helper is never the duelist (AF-737)
            for side in (0, 1):
                assert state.duel.helpers[side] is not state.duel.duelists[side]
    return state, actions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_af_random_games_keep_invariants(players):
    """Random play ends with one winner (AF-915); every 10th game replays exactly from its action log."""
    deck = DECK if players == 2 else BIG
    for seed in range(60):
        state, actions = _random_game(seed, players, deck)
        assert state.is_terminal(), f"seed {seed}: no end"
        assert len(state.winners()) == 1
        assert sum(p.alive for p in state.players) == 1
        if seed % 10 == 0:
            replay = GAME.new_game([deck] * players, random.Random(seed), start=seed % players)
            for text in actions:
                replay.apply(text)
            assert replay.snapshot() == state.snapshot()


@pytest.mark.parametrize("players", [2, 3])
def test_af_random_games_with_every_card(players):
    """A deck of every bundled card once: every effect, target and counterspell is exercised by random play."""
    deck = sorted(GAME.cards.values(), key=lambda c: c["id"])
    for seed in range(80):
        state, actions = _random_game(seed, players, deck)
        assert state.is_terminal() and len(state.winners()) == 1, f"seed {seed}"
        if seed % 20 == 0:
            replay = GAME.new_game([deck] * players, random.Random(seed), start=seed % players)
            for text in actions:
                replay.apply(text)
            assert replay.snapshot() == state.snapshot()


def test_af_clone_is_independent():
    """Playing on a clone leaves the original untouched."""
    state = GAME.new_game([DECK, DECK], random.Random(8))
    for _ in range(15):
        state.apply_unchecked(state.legal_actions()[0])
    before = state.snapshot()
    twin = state.clone()
    chooser = random.Random(1)
    for _ in range(200):
        if twin.is_terminal():
            break
        legal = twin.legal_actions()
        twin.apply_unchecked(legal[chooser.randrange(len(legal))])
    assert state.snapshot() == before
    assert twin.snapshot() != before


def test_af_recovery_is_one_step_per_turn():
    """AF-421: during random games no card recovers more than one step between two of its owner's turns."""
    state = GAME.new_game([DECK, DECK], random.Random(21))
    chooser = random.Random(3)
    seen: dict[int, int] = {}
    while not state.is_terminal():
        for p in state.players:
            for perm in p.table:
                old = seen.get(id(perm))
                if old is not None and old > perm.state:
                    assert old - perm.state == 1  # the casual deck has no recover-all card
                seen[id(perm)] = perm.state
        legal = state.legal_actions()
        state.apply_unchecked(legal[chooser.randrange(len(legal))])
