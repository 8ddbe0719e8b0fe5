"""The ``expert`` search: each candidate action played out by the greedy pilot on the same determinisations.

A decision's candidates are its legal actions, the greedy pilot's choice first. Each *round* draws one
determinisation of the player's view (:class:`deckkit.engine.hidden.MatchSupport`: the unseen cards
dealt again with the AI's generator) and one seed for its chance; every candidate still in the race is
applied on a copy of that world and played on by the game's greedy pilot for both players — the
opponent's answers as the greedy pilot would give them — to the end of the next turn
(:data:`HORIZON`) and, in a game whose turns are short, for at least its
``MatchSupport.min_playout_actions`` actions, where the game's static evaluation
(``MatchSupport.evaluate``, in [0, 1]) scores it for the player; a finished game scores its result.
All candidates of a round meet the same hidden cards and the same draws (common random numbers), so
they are compared in pairs: after
:data:`MIN_ROUNDS` rounds a candidate whose paired deficit to the leader is more than :data:`Z`
standard errors is dropped, and the search stops when one candidate is left, the budget is spent or
:data:`MAX_ROUNDS` worlds are played.
The move played is the one with the best mean over the rounds.

This is a one-step improvement of the greedy pilot (a *rollout* algorithm in Bertsekas's sense, the
flat determinised Monte Carlo of Cowling, Powley and Whitehouse's study): it cannot miss what the
greedy pilot sees one action ahead, and it sees what the greedy pilot's choice leads to over a turn
and the answer to it. Widening: a long action list keeps the ⌈budget ** :data:`WIDENING`⌉ candidates
the static evaluation ranks best one action ahead (the greedy choice always), so a small budget is not
spread thin and a larger one looks wider.

The budget counts playouts (one candidate played out in one world), so a seed gives the same game on
every machine; with ``think`` (seconds per decision) rounds go on until the time is up (the budget is
then only a cap), which is not reproducible. A decision with one legal action costs no search, and a
budget smaller than the candidates plays out only the first ones (budget 1: the greedy choice).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from deckkit.engine.core import TERMINAL, Action, State
from deckkit.engine.hidden import MatchSupport
from deckkit.match.mcts import check_limits

HORIZON = 2  # turns a playout reaches: the rest of this one and the next (the answer to this turn)
MAX_ACTIONS = 80  # a playout stops after this many actions even within its turns (a loop, a long turn)
WIDENING = 0.5  # a budget of n playouts compares at most ⌈√n⌉ candidates
MIN_ROUNDS = 4  # rounds before a candidate may be dropped (fewer pairs say little of their spread)
MAX_ROUNDS = 32  # worlds per decision at most: candidates still level after these differ by less than the
# evaluation can tell (in Obludárium 100 playouts a decision scored as well against greedy as 200, at half the time)
Z = 2.0  # standard errors of the paired deficit that drop a candidate


class Expert:
    """The expert AI: ``budget`` playouts per decision, or as many rounds as ``think`` seconds allow."""

    name = "expert"

    def __init__(self, support: MatchSupport, budget: int, *, think: float | None = None,
                 horizon: int = HORIZON, max_actions: int = MAX_ACTIONS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        check_limits(budget, think)
        self.support = support
        self.budget = budget
        self.think = think
        self.horizon = horizon
        self.min_actions = support.min_playout_actions
        # the cap guards against loops; it never cuts short the actions the game asks for
        self.max_actions = max(max_actions, self.min_actions)
        self.clock = clock
        self.playouts = 0  # of the last search

    def decide(self, state: State, rng: random.Random, explain: bool = False) -> tuple[Action, str | None]:
        """The candidate with the best mean evaluation over the rounds played (see the module docstring)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], ("the only legal action" if explain else None)
        support, me = self.support, state.current_player()
        deadline = None if self.think is None else self.clock() + self.think
        world = support.determinise(state, me, rng)
        candidates = self._candidates(world, legal, me, rng)
        scores: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        turn = support.length(state)
        done = rounds = 0
        while True:
            seed = rng.getrandbits(64)
            for i in alive:
                scores[i].append(self._playout(world, candidates[i], me, turn, seed))
            done += len(alive)
            rounds += 1
            if rounds >= MIN_ROUNDS:
                alive = _survivors(alive, scores, rounds)
            if len(alive) == 1 or done + len(alive) > self.budget or rounds >= MAX_ROUNDS:
                break
            if deadline is not None and self.clock() >= deadline:
                break
            world = support.determinise(state, me, rng)
        self.playouts = done
        # every survivor played every round, so their means are over the same worlds
        ranked = sorted(alive, key=lambda i: (-sum(scores[i]), i))
        best = candidates[ranked[0]]
        if not explain:
            return best, None
        spent = f"{done} playouts in {self.think:g}s" if self.think else f"{done} playouts"
        top = ", ".join(f"{candidates[i]} {sum(scores[i]) / len(scores[i]):.2f}" for i in ranked[:4])
        return best, f"{self.name} {spent}, {rounds} worlds; mean evaluation: {top}"

    def _candidates(self, world: State, legal: list[Action], me: int, rng: random.Random) -> list[Action]:
        """The greedy choice (on ``world``) first, then the other legal actions; a list longer than the
        widening allows keeps those the static evaluation ranks best one action ahead; never more than
        the budget."""
        support = self.support
        favourite = support.greedy(world.clone(), rng)
        candidates = ([favourite] if favourite in legal else []) + [a for a in legal if a != favourite]
        width = max(2, math.ceil(self.budget ** WIDENING))
        if len(candidates) > width:
            def ahead(action: Action) -> float:
                twin = world.clone()
                twin.apply_unchecked(action)
                return support.evaluate(twin, me)

            rest = sorted(candidates[1:], key=ahead, reverse=True)  # stable: ties keep the legal order
            candidates = candidates[:1] + rest[:width - 1]
        return candidates[:self.budget]

    def _playout(self, world: State, action: Action, me: int, turn: int, seed: int) -> float:
        """``action`` on a copy of ``world`` (its chance from ``seed``), then the greedy pilot for whoever
        decides until :attr:`horizon` turns have begun since ``turn`` and at least :attr:`min_actions`
        actions are played (or the game ends); the evaluation for ``me``."""
        support = self.support
        twin = world.clone()
        twin.rng = random.Random(seed)
        pilot_rng = random.Random(seed ^ 1)
        twin.apply_unchecked(action)
        greedy, length, stop, least = support.greedy, support.length, turn + self.horizon, self.min_actions
        for played in range(self.max_actions):
            if twin.current_player() == TERMINAL or (played >= least and length(twin) >= stop):
                break
            twin.apply_unchecked(greedy(twin, pilot_rng))
        return support.evaluate(twin, me)


def _survivors(alive: list[int], scores: list[list[float]], rounds: int) -> list[int]:
    """The candidates not clearly behind the leader: a paired deficit over the ``rounds`` worlds all of
    them played of at most :data:`Z` standard errors (a deficit in every world alike drops one)."""
    lead = max(alive, key=lambda i: (sum(scores[i]), -i))
    keep = []
    for i in alive:
        if i != lead:
            gaps = [a - b for a, b in zip(scores[lead], scores[i])]
            mean = sum(gaps) / rounds
            spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (rounds - 1))
            if mean > 1e-9 and mean > Z * spread / math.sqrt(rounds):
                continue
        keep.append(i)
    return keep
