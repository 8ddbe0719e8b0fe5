"""The expert search: every candidate played out by the greedy pilot on the same determinisations. It
finds a move that wins at once in every game, drops a candidate clearly behind after a few worlds (so a
clear decision costs less than the budget), widens a long action list by the budget, and stops on the
clock when given a time."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from deckkit.engine.registry import spec
from deckkit.match.expert import MAX_ACTIONS, MAX_ROUNDS, MIN_ROUNDS, Expert

from match_helpers import positions
from test_mcts import WINNING, _winning_position


@pytest.mark.parametrize("name", sorted(WINNING))
def test_the_expert_finds_a_move_that_wins_at_once(name):
    """OB-830, AF-711, KO-802 (the positions of test_mcts): the winning move wins every world, the
    others lose or merely go on, so the others are dropped once the first worlds are played."""
    _, support, state, winning = _winning_position(name)
    for seed in range(3):
        ai = Expert(support, 200)
        chosen, reason = ai.decide(state, random.Random(seed), explain=True)
        assert str(chosen) == winning, reason
        assert ai.playouts < 200  # the race was decided before the budget was spent


def test_a_clear_decision_stops_early_and_a_close_one_spends_the_budget():
    """A candidate is dropped only after MIN_ROUNDS worlds and only when clearly behind; with every
    candidate alike (a constant evaluation) none is, and the budget is spent in whole rounds."""
    import dataclasses

    support, state = next((s, st) for _, s, st in positions(spec("alomfogo"), seeds=range(3))
                          if len(st.legal_actions()) >= 3)
    flat = dataclasses.replace(support, evaluate=lambda st, p: 0.5)
    ai = Expert(flat, 60)
    chosen, _ = ai.decide(state, random.Random(1))
    n = len(state.legal_actions())
    width = min(n, math.ceil(60 ** 0.5))
    assert ai.playouts == min(60 // width, MAX_ROUNDS) * width
    big = Expert(flat, 10**4)
    big.decide(state, random.Random(1))
    assert big.playouts == MAX_ROUNDS * n  # a large budget stops after MAX_ROUNDS worlds
    assert chosen == Expert(flat, 1).decide(state, random.Random(1))[0]  # all alike: the greedy choice
    ai = Expert(support, 60)
    ai.decide(state, random.Random(1))
    assert MIN_ROUNDS * 2 <= ai.playouts <= 60


def test_a_long_action_list_is_widened_by_the_budget():
    """At most ⌈√budget⌉ candidates, the greedy choice among them: a small budget looks narrow, a larger one wider."""
    found = 0
    for name in ("alomfogo", "obludarium", "kotlik"):
        for _, support, state in positions(spec(name), seeds=range(3)):
            legal = state.legal_actions()
            if len(legal) < 6:
                continue
            me, world = state.current_player(), support.determinise(state, state.current_player(), random.Random(4))
            narrow = Expert(support, 9)._candidates(world, legal, me, random.Random(4))
            wide = Expert(support, 400)._candidates(world, legal, me, random.Random(4))
            assert len(narrow) == 3 and len(wide) == min(len(legal), 20)
            assert narrow[0] == wide[0] == support.greedy(world.clone(), random.Random(4))
            found += 1
    assert found


def test_a_time_per_decision_stops_the_rounds():
    """The clock decides (it ticks once per reading, no real time is measured); one round is always played."""
    support, state = next((s, st) for _, s, st in positions(spec("kotlik"), seeds=range(3))
                          if len(st.legal_actions()) >= 2)
    ticks = itertools.count()
    ai = Expert(support, 10**9, think=3.0, clock=lambda: float(next(ticks)))
    action, reason = ai.decide(state, random.Random(2), explain=True)
    assert action in state.legal_actions() and "in 3s" in reason
    n = min(len(state.legal_actions()), math.ceil((10**9) ** 0.5))
    assert ai.playouts == 3 * n  # the third reading after the start is past the time: three rounds
    ai = Expert(support, 10**9, think=0.5, clock=lambda: float(next(ticks)))
    ai.decide(state, random.Random(2))
    assert ai.playouts == n


def test_the_same_seed_repeats_the_choice():
    for _, support, state in positions(spec("obludarium"), seeds=range(2)):
        ai = Expert(support, 24)
        assert ai.decide(state, random.Random(9), True) == ai.decide(state, random.Random(9), True)


def test_the_library_refuses_a_search_it_cannot_run():
    support = spec("kotlik").hook("match")
    with pytest.raises(ValueError, match="at least one playout"):
        Expert(support, 0)
    for think in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="positive, finite time"):
            Expert(support, 10, think=think)


def _playout_lengths(support, minimum, **options):
    """Actions the greedy pilot played after each candidate, and whether the game ended, over the
    playouts of a few positions of ``support``'s game with ``min_playout_actions = minimum``."""
    import dataclasses

    played = [0]

    def counting(state, rng):
        played[0] += 1
        return support.greedy(state, rng)

    ends = []

    def recording(state, player):
        ends.append((played[0], state.is_terminal()))
        return 0.5

    counted = dataclasses.replace(support, greedy=counting, evaluate=recording, min_playout_actions=minimum)
    ai = Expert(counted, 8, **options)
    for _, _, state in positions(spec("kotlik"), seeds=range(2)):
        me = state.current_player()
        for action in state.legal_actions()[:3]:
            played[0] = 0
            ai._playout(state.clone(), action, me, support.length(state), 7)
    return ends


def test_a_playout_lasts_the_actions_the_game_asks_for():
    """A game whose turns are one action long (Kotlík asks for this) gets playouts of at least its
    min_playout_actions after the candidate, unless the game ends first, beyond the loop guard if need be;
    with none asked for they stop at the end of the next turn, a few actions on."""
    support = spec("kotlik").hook("match")
    least = support.min_playout_actions
    assert least > 0
    ends = _playout_lengths(support, least)
    assert ends and all(n >= least or over for n, over in ends), ends
    assert any(n == least for n, _ in ends)  # it stops once both the turns and the actions are done
    guarded = _playout_lengths(support, least, max_actions=least // 2)  # the loop guard does not cut them short
    assert all(n >= least or over for n, over in guarded), guarded
    longer = _playout_lengths(support, MAX_ACTIONS + 10)  # more than a game lasts: played to its end
    assert all(over for _, over in longer), longer
    short = _playout_lengths(support, 0)
    assert max(n for n, _ in short) < least
