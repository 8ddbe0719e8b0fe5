"""Determinised Monte Carlo tree search over the player's view (single-observer information-set MCTS).

Each playout of a decision starts from a determinisation of the player's view (the unseen cards
dealt again with the AI's generator; :class:`deckkit.engine.hidden.MatchSupport`), then walks one
shared tree whose edges are actions: at every node only the actions legal in this determinisation
compete, by UCB1 with availability counts (an action is scored against the playouts in which it
could have been chosen), as in Cowling, Powley and Whitehouse's SO-ISMCTS; the value of a node is
the mean reward of the player who acted. The first new action on the way down is added to the
tree, then the playout goes on for at most ``depth`` actions — random moves, or the game's greedy
pilot with 15% random moves mixed in, as the game's ``MatchSupport.playout`` asks — and the
position is scored by the game's static evaluation in [0, 1] (``MatchSupport.evaluate``): the playouts are
**truncated** for speed, a finished game scores its result. The move played is the most visited one.
Every playout draws a determinisation of its own. (The ``expert`` level is another search,
:mod:`deckkit.match.expert`, which compares greedy playouts of the candidate actions on shared
determinisations instead of growing a tree.)

The budget is a number of playouts per decision, so a seed gives the same game on every machine.
``think`` (seconds per decision) searches until the time is up instead (the budget is then only a
cap): that depends on the machine's speed and load and is **not reproducible**. A decision with one
legal action costs no search. All randomness (deals, playout moves, the determinisations' own
chance) comes from the AI's generator.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from deckkit.engine.core import TERMINAL, Action, State
from deckkit.engine.hidden import MatchSupport

EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]
EPSILON = 0.15  # share of random moves in greedy playouts, so that they do not all run alike


class Node:
    """Statistics of one action in the tree: who took it, playouts through it, reward sum, availability."""

    __slots__ = ("player", "visits", "total", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[Action, Node] = {}


def check_limits(budget: int, think: float | None) -> None:
    """Refuse a search budget below one playout or a time per decision that is not positive and finite."""
    if budget < 1:
        raise ValueError(f"a search needs at least one playout per decision, not {budget}")
    if think is not None and not (think > 0 and math.isfinite(think)):
        raise ValueError(f"a search needs a positive, finite time per decision, not {think}")


class MCTS:
    """The search AI: ``budget`` playouts per decision, or as many as ``think`` seconds allow (see the
    module docstring)."""

    name = "mcts"

    def __init__(self, support: MatchSupport, budget: int, *, depth: int | None = None,
                 exploration: float = EXPLORATION, rollout: str | None = None, epsilon: float = EPSILON,
                 head: int | None = None, think: float | None = None,
                 leaf: Callable[[State, int], float] | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        check_limits(budget, think)
        self.support = support
        self.budget = budget
        self.think = think
        self.depth = support.playout_depth if depth is None else depth
        self.exploration = exploration
        self.rollout = support.playout if rollout is None else rollout
        self.epsilon = epsilon
        self.head = support.playout_head if head is None else head
        self.leaf = support.evaluate if leaf is None else leaf
        self.clock = clock
        self.playouts = 0  # of the last search (a time budget decides it)

    def decide(self, state: State, rng: random.Random, explain: bool = False) -> tuple[Action, str | None]:
        """The most visited action after the search from ``state``'s deciding player's view."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], ("the only legal action" if explain else None)
        root = self.search(state, state.current_player(), rng)
        order = {a: i for i, a in enumerate(legal)}
        ranked = sorted(root.children.items(), key=lambda kv: (-kv[1].visits, -kv[1].total, order.get(kv[0], 0)))
        ranked = [(a, n) for a, n in ranked if a in order]
        best = ranked[0][0] if ranked else legal[0]
        if not explain:
            return best, None
        top = ", ".join(f"{a} {n.visits} ({n.total / n.visits:.2f})" for a, n in ranked[:4] if n.visits)
        spent = f"{self.playouts} playouts in {self.think:g}s" if self.think else f"{self.playouts} playouts"
        return best, f"{self.name} {spent}; visits (mean reward): {top}"

    def search(self, state: State, me: int, rng: random.Random) -> Node:
        """The root of the tree after the search of ``me``'s decision in ``state``."""
        support = self.support
        determinise, evaluate = support.determinise, self.leaf
        players = range(state.num_players())
        c = self.exploration
        deadline = None if self.think is None else self.clock() + self.think
        root = Node(-1)
        done = 0
        while done < self.budget and (deadline is None or done == 0 or self.clock() < deadline):
            world = determinise(state, me, rng)
            done += 1
            node = root
            path = [root]
            while True:
                if world.current_player() == TERMINAL:
                    break
                legal = world.legal_actions()
                if len(legal) == 1:
                    world.apply_unchecked(legal[0])
                    continue
                children = node.children
                untried = []
                for action in legal:
                    child = children.get(action)
                    if child is None:
                        untried.append(action)
                    else:
                        child.avail += 1
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    child = children[action] = Node(action.player)
                    child.avail = 1
                    world.apply_unchecked(action)
                    path.append(child)
                    break
                best, best_score = legal[0], -1.0
                for action in legal:
                    child = children.get(action)
                    if child is None:
                        continue
                    score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_score = action, score
                world.apply_unchecked(best)
                node = children[best]
                path.append(node)
            self._playout(world, rng)
            rewards = [evaluate(world, p) for p in players]
            for node in path:
                node.visits += 1
                if node.player >= 0:
                    node.total += rewards[node.player]
        self.playouts = done
        return root

    def _playout(self, world: State, rng: random.Random) -> None:
        """Up to ``depth`` actions after the tree: random (the greedy pilot's for the first ``head``), or a
        pilot (the greedy one, or the game's cheap rollout pilot) with ``epsilon`` random moves."""
        if self.rollout == "rollout" and self.support.rollout is not None:
            self._rollout(world, rng, self.support.rollout)
            return
        greedy = self.support.greedy
        epsilon, head = self.epsilon, (self.depth if self.rollout == "greedy" else self.head)
        for i in range(self.depth):
            if world.current_player() == TERMINAL:
                return
            legal = world.legal_actions()
            if i >= head or len(legal) == 1 or rng.random() < epsilon:
                world.apply_unchecked(legal[rng.randrange(len(legal))])
                continue
            action = greedy(world, rng)
            if action in legal:
                world.apply_unchecked(action)
            else:  # a goldfish pilot meeting a position it never saw: play on at random
                world.apply_unchecked(legal[rng.randrange(len(legal))])

    def _rollout(self, world: State, rng: random.Random, pilot) -> None:
        """The greedy pilot for the first ``head`` actions, then the game's cheap rollout pilot, with
        ``epsilon`` random moves: the legal actions are listed only for a random move or the greedy
        pilot (the rollout pilot lists what it picks from itself)."""
        epsilon, head, greedy = self.epsilon, self.head, self.support.greedy
        for i in range(self.depth):
            if world.current_player() == TERMINAL:
                return
            if rng.random() < epsilon:
                legal = world.legal_actions()
                world.apply_unchecked(legal[rng.randrange(len(legal))])
            elif i < head:
                legal = world.legal_actions()
                action = legal[0] if len(legal) == 1 else greedy(world, rng)
                world.apply_unchecked(action if action in legal else legal[rng.randrange(len(legal))])
            else:
                world.apply_unchecked(pilot(world, rng))
