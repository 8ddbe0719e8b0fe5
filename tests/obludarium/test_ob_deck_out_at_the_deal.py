"""OB-109, OB-Q1: a deck the opening deal empties (7 cards: fewer cannot be dealt) loses before the
first turn under reading A (``empty_deck = "zero"``, the default); under reading B it loses at its first draw."""

from __future__ import annotations

import random

from deckkit.games.obludarium import GAME, ObludariumGame


def _small(n: int) -> list[dict]:
    return GAME.starter_deck()[:n]


def test_ob_109_a_deck_the_deal_empties_has_lost():
    """OB-109, OB-Q1 reading A: p2's 7-card deck is all in its hand, so p1 wins before anyone acts."""
    state = GAME.new_game([GAME.starter_deck(), _small(7)], random.Random(2))
    assert state.result == 0 and state.ended_by == "OB-109"
    assert state.turn == 1 and len(state.hands[1]) == 7


def test_ob_109_both_decks_emptied_by_the_deal_is_a_draw():
    """OB-109 for both players at once: neither wins."""
    state = GAME.new_game([_small(7), _small(7)], random.Random(2))
    assert state.result == "draw" and state.ended_by == "OB-109"


def test_ob_q1_reading_b_loses_at_the_first_draw_only():
    """OB-Q1 reading B (``empty_deck = "draw"``): the game starts; the starter's first draw loses."""
    game = ObludariumGame(empty_deck="draw", first_player="p2")
    state = game.new_game([GAME.starter_deck(), _small(7)], random.Random(2))
    assert state.result == 0 and state.ended_by == "OB-109" and len(state.hands[1]) == 7
    game = ObludariumGame(empty_deck="draw", first_player="p1")
    state = game.new_game([GAME.starter_deck(), _small(7)], random.Random(2))
    assert state.result is None and state.active == 0


def test_ob_109_an_eight_card_deck_plays_on():
    """OB-503: one card left after the deal: the game runs (it loses on drawing it, OB-Q1 reading A)."""
    state = GAME.new_game([GAME.starter_deck(), _small(8)], random.Random(2))
    assert state.result is None


def test_ob_109_a_goldfish_deck_the_deal_empties_has_lost():
    """OB-109, OB-Q1 reading A: the goldfish deal is a deal too: a 7-card deck has lost before turn 1."""
    from deckkit.games.obludarium.goldfish import setup
    from deckkit.games.obludarium.policies import pass_action

    fish = setup(GAME, _small(7), random.Random(2), pass_action)
    assert fish.state.result == 1 and fish.state.ended_by == "OB-109"
    assert len(fish.state.hands[0]) == 7
