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

No game can hang the loop: valid cards can make a turn that never ends (an artifact "tap: gain 1
life, then untap this", two artifacts that untap each other, a free monster that returns itself to
its owner's hand when it enters), and a pilot that values each repetition plays it for ever. The
loop stops a turn after :data:`MAX_TURN_ACTIONS` steps and a game after :data:`MAX_GAME_ACTIONS`,
and says so (``on_cap``, the record's ``capped``); a step that runs a loop of its own (a whole turn
per step) raises :class:`ActionCapped` past the same per-turn cap.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deckkit.engine.core import TERMINAL
from deckkit.engine.results import ScoreRecord, WinRecord

#: Steps in one turn before the loop calls the turn endless (the bundled decks need at most ~40, with
#: either pilot and a playing opponent): a capped game costs a bounded, small time.
MAX_TURN_ACTIONS = 1_000
#: Steps in one game before the loop stops it, whatever its turns (match's games share the cap).
MAX_GAME_ACTIONS = 20_000
_NAMED = 50  # the last steps of a capped turn that the cap's line reads to say what repeated


class ActionCapped(Exception):
    """Raised by a step that runs its own loop (a whole turn) when it passed :data:`MAX_TURN_ACTIONS`;
    the message says what repeated. :func:`play` stops the game there, as capped."""


#: ``step(state, seat, policy, rng)``: carry out ``policy``'s decision for ``seat``; the action, or
#: None when the game applied the choice without building one (a fast path).
Step = Callable[[Any, int, Any, random.Random], Any]


def apply_policy(state: Any, seat: int, policy: Any, rng: random.Random) -> Any:
    """The default step: ask the seat's policy and apply its action (a legal one, so unchecked)."""
    action = policy(state, rng)
    state.apply_unchecked(action)
    return action


def play(state: Any, seats: Sequence[Any], rng: random.Random, *, turn: Callable[[], int] | None = None,
         max_turns: int | None = None, max_actions: int | None = MAX_GAME_ACTIONS,
         max_turn_actions: int | None = MAX_TURN_ACTIONS, step: Step | None = None,
         after: Callable[[int, Any], None] | None = None, on_cap: Callable[[str], None] | None = None) -> int:
    """Play ``state`` on with ``seats[p]`` deciding for seat ``p``; returns the number of steps taken.

    The loop stops when the game is over, when ``turn()`` has passed ``max_turns``, after
    ``max_actions`` steps, or after ``max_turn_actions`` steps within one value of ``turn()`` (None:
    no such cap). ``after(seat, action)`` runs after every step (trace lines, records); ``on_cap``
    receives the line that says why an action cap stopped the game.
    """
    apply = step or apply_policy
    current = state.current_player
    capped = max_turns is not None and turn is not None
    per_turn = max_turn_actions is not None and turn is not None
    steps = in_turn = 0
    this_turn: Any = None
    recent: list[str] = []  # the turn's last steps before its cap, to name what repeated
    while True:
        seat = current()
        if seat == TERMINAL:
            break
        if capped and turn() > max_turns:  # type: ignore[misc, operator]  # capped: both are given
            break
        if max_actions is not None and steps >= max_actions:
            if on_cap is not None:
                on_cap(f"capped: the game was stopped after {steps:,} actions (turn {turn() if turn else '?'})")
            break
        if per_turn:
            now = turn()  # type: ignore[misc]  # per_turn: turn is given
            if now != this_turn:
                this_turn, in_turn = now, 0
                recent.clear()
            elif in_turn >= max_turn_actions:  # type: ignore[operator]  # per_turn: the cap is given
                if on_cap is not None:
                    often = ", ".join(f"{what} ×{n}" for what, n in Counter(recent).most_common(3))
                    on_cap(f"capped: turn {now} did not end within {in_turn:,} actions "
                           f"(its last {len(recent)}: {often})")
                break
        try:
            action = apply(state, seat, seats[seat], rng)
        except ActionCapped as exc:
            if on_cap is not None:
                on_cap(f"capped: {exc}")
            break
        steps += 1
        in_turn += 1
        if per_turn and in_turn > max_turn_actions - _NAMED:  # type: ignore[operator]  # per_turn: given
            recent.append(f"p{seat + 1} {action if action is not None else 'turn'}")
        if after is not None:
            after(seat, action)
    return steps


@dataclass
class Goldfish:
    """One goldfish or self-play game as a game sets it up for :func:`play` (see the module docstring).

    ``finish()`` is called once the loop has ended and returns the game's record (it may add the
    last trace lines); ``max_actions`` and ``max_turn_actions`` are the loop's caps (:func:`play`),
    and a capped game's record says why in ``capped``.
    """

    state: Any
    seats: Sequence[Any]
    finish: Callable[[], WinRecord | ScoreRecord]
    turn: Callable[[], int] | None = None
    max_turns: int | None = None
    max_actions: int | None = MAX_GAME_ACTIONS
    max_turn_actions: int | None = MAX_TURN_ACTIONS
    step: Step | None = None
    after: Callable[[int, Any], None] | None = None

    def play(self, rng: random.Random) -> WinRecord | ScoreRecord:
        """Play the game to its end (or cap) with the players' generator ``rng``; its record."""
        reasons: list[str] = []
        play(self.state, self.seats, rng, turn=self.turn, max_turns=self.max_turns, max_actions=self.max_actions,
             max_turn_actions=self.max_turn_actions, step=self.step, after=self.after, on_cap=reasons.append)
        record = self.finish()
        if reasons:
            record.capped = reasons[0]
        return record
