"""The search AI: a move that wins at once is found with a small budget in every game; budget 1 plays like
its random playouts; one legal action costs no search; the same seed gives the same choice."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from deckkit.engine.core import TERMINAL
from deckkit.engine.registry import load_game, spec
from deckkit.match.mcts import MCTS

from match_helpers import positions

# Positions (a script's [setup]) where exactly one listed action wins the game at once.
WINNING = {
    # OB-801, OB-830: Vlkodlak (4/2) attacks, nobody can block, p2 at 3 life loses it all (OB-108)
    "obludarium": ({"start": "p1", "phase": "attack",
                    "p1": {"table": ["Vlkodlak"], "library": ["Chleba", "Chleba"]},
                    "p2": {"life": 3, "library": ["Chleba", "Chleba"]}}, "attack Vlkodlak"),
    # AF-710, AF-711, AF-808: an unanswered challenge by Holdfényű Ilona (glory icon 1) costs p2 its last 2 glory
    "alomfogo": ({"start": "p1", "phase": "phase4", "turn": 3,
                  "p1": {"table": ["Holdfényű Ilona"], "library": ["Athame"]},
                  "p2": {"glory": 2, "table": ["Ködlátó Berta (resting)"], "library": ["Athame"]}},
                 "challenge with Holdfényű Ilona"),
    # KO-701, KO-702, KO-802: White takes the last card of column c3; keeping Kapradí 1 ties the value-1
    # count, so Black loses its majority bonus and White wins 0 to -1; putting it in the box loses -2 to 4
    "kotlik": ({"stock": [], "empty": ["r1c3", "r2c3", "r4c3", "r5c3", "r6c3"], "cells": {"r3c3": "Kapradí 1"},
                "p1": {"cauldron": ["Kapradí 2"], "stone": 0}, "p2": {"cauldron": ["Síra 1"]}}, None),
}


def _winning_position(name: str):
    game = load_game(name)
    setup, action = WINNING[name]
    state = game.from_setup(setup, random.Random(0))
    if name == "kotlik":
        state.apply("take Kapradí 1")  # the game ends; White now keeps or discards the last card
        action = "keep last"
    return game, spec(name).hook("match"), state, action


def _finish(support, state) -> list[int]:
    """The winners if the game ends in this turn with the greedy pilot on both sides, else []."""
    turn = support.length(state)
    while state.current_player() != TERMINAL and support.length(state) == turn:
        state.apply(support.greedy(state))
    return state.winners() if state.current_player() == TERMINAL else []


@pytest.mark.parametrize("name", sorted(WINNING))
def test_the_search_finds_a_move_that_wins_at_once(name):
    _, support, state, winning = _winning_position(name)
    me = state.current_player()
    legal = [str(a) for a in state.legal_actions()]
    assert winning in legal and len(legal) > 1
    for action in legal:  # only the winning move wins: the position tests something
        twin = state.clone()
        twin.apply(action)
        assert (me in _finish(support, twin)) == (action == winning), action
    for seed in range(3):
        chosen, _ = MCTS(support, 24).decide(state, random.Random(seed))
        assert str(chosen) == winning


def test_budget_one_plays_like_its_random_playouts():
    """With one playout the tree holds a single, randomly chosen first action: a uniform random choice."""
    _, support, state = next((g, s, st) for g, s, st in positions(spec("obludarium"), seeds=range(3))
                             if len(st.legal_actions()) >= 3)
    legal = state.legal_actions()
    counts = Counter(MCTS(support, 1).decide(state, random.Random(seed))[0] for seed in range(60 * len(legal)))
    assert set(counts) == set(legal)
    assert min(counts.values()) > 30  # about 60 each


def test_one_legal_action_costs_no_search_and_a_seed_repeats_its_choice():
    for _, support, state in positions(spec("alomfogo"), seeds=range(2)):
        ai = MCTS(support, 16)
        first = ai.decide(state, random.Random(4), True)
        assert ai.decide(state, random.Random(4), True) == first
        if len(state.legal_actions()) == 1:
            assert first[1] == "the only legal action"
        else:
            assert "visits (mean reward)" in first[1]
