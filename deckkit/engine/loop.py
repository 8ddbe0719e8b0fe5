"""The one goldfish and self-play loop of every game, and the players' generator it hands the policies.

:func:`play` drives a state with one policy per seat (``policy(state, rng) -> Action``, see
:data:`deckkit.engine.core.Policy`) until the game ends, a turn cap or an action cap is reached.
Everything a game adds lives behind its :meth:`Game.goldfish <deckkit.engine.core.Game.goldfish>`
hook, which returns a :class:`Goldfish`: the state after the game's opening procedure, the seats,
how turns are counted, and what the game records; optionally ``step`` (a game's own way of
carrying out a seat's decision on the state, e.g. without building Action objects, making the
policy's choices) and ``after`` (bookkeeping after each step: cards seen, trace lines).

Policies draw from the players' generator (:mod:`deckkit.engine.players`), never from the state's
chance generator (shuffles, draws, refills), so a random player's choice cannot shift a later shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deckkit.engine.core import TERMINAL
from deckkit.engine.results import ScoreRecord, WinRecord

#: ``step(state, seat, policy, rng)``: carry out ``policy``'s decision for ``seat``; the action, or
#: None when the game applied the choice without building one (a fast path).
Step = Callable[[Any, int, Any, random.Random], Any]


def apply_policy(state: Any, seat: int, policy: Any, rng: random.Random) -> Any:
    """The default step: ask the seat's policy and apply its action (a legal one, so unchecked)."""
    action = policy(state, rng)
    state.apply_unchecked(action)
    return action


def play(state: Any, seats: Sequence[Any], rng: random.Random, *, turn: Callable[[], int] | None = None,
         max_turns: int | None = None, max_actions: int | None = None, step: Step | None = None,
         after: Callable[[int, Any], None] | None = None) -> int:
    """Play ``state`` on with ``seats[p]`` deciding for seat ``p``; returns the number of steps taken.

    The loop stops when the game is over, when ``turn()`` has passed ``max_turns``, or after
    ``max_actions`` steps. ``after(seat, action)`` runs after every step (trace lines, records).
    """
    apply = step or apply_policy
    current = state.current_player
    capped = max_turns is not None and turn is not None
    steps = 0
    while True:
        seat = current()
        if seat == TERMINAL:
            break
        if capped and turn() > max_turns:  # type: ignore[misc, operator]  # capped: both are given
            break
        if max_actions is not None and steps >= max_actions:
            break
        action = apply(state, seat, seats[seat], rng)
        steps += 1
        if after is not None:
            after(seat, action)
    return steps


@dataclass
class Goldfish:
    """One goldfish or self-play game as a game sets it up for :func:`play` (see the module docstring).

    ``finish()`` is called once the loop has ended and returns the game's record (it may add the
    last trace lines); ``max_actions`` is a safety cap for a game whose turns need not end.
    """

    state: Any
    seats: Sequence[Any]
    finish: Callable[[], WinRecord | ScoreRecord]
    turn: Callable[[], int] | None = None
    max_turns: int | None = None
    max_actions: int | None = None
    step: Step | None = None
    after: Callable[[int, Any], None] | None = None

    def play(self, rng: random.Random) -> WinRecord | ScoreRecord:
        """Play the game to its end (or cap) with the players' generator ``rng``; its record."""
        play(self.state, self.seats, rng, turn=self.turn, max_turns=self.max_turns, max_actions=self.max_actions,
             step=self.step, after=self.after)
        return self.finish()
