"""Chance in scripts: a seeded generator that records every random event and lets a script fix some.

Games draw their outcome-deciding random events through :func:`deckkit.engine.core.chance` with a
name (``"first player"``, ``"returned card"``); shuffles are recorded too. A script's ``[chance]``
table fixes named events, in order of occurrence: ``"first player" = "p2"``, ``"returned card" =
["top", 3]`` (a list for an event that happens several times). The report lists what happened.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deckkit.text import fold


class ChanceError(ValueError):
    """A fixed outcome that cannot occur at the event it was given for."""

    def __init__(self, event: str, index: int, message: str, hint: str) -> None:
        super().__init__(message)
        self.event, self.index, self.message, self.hint = event, index, message, hint


@dataclass
class Event:
    """One random event of a script's game: its name, the outcome, and whether the script fixed it."""

    event: str
    outcome: Any
    fixed: bool

    def as_json(self) -> dict:
        return {"event": self.event, "outcome": self.outcome, "fixed": self.fixed}

    def __str__(self) -> str:
        return f"{self.event} → {self.outcome} ({'fixed by the script' if self.fixed else 'by the seed'})"


def _matches(want: Any, outcome: Any) -> bool:
    if isinstance(want, str) and isinstance(outcome, str):
        return fold(want) == fold(outcome)
    return type(want) is type(outcome) and want == outcome


class ScriptRandom(random.Random):
    """``random.Random`` (same numbers for the same seed) that records events and applies fixed outcomes."""

    def __init__(self, seed: int, fixed: dict[str, Any] | None = None) -> None:
        super().__init__(seed)
        self.fixed = {fold(k): (k, list(v) if isinstance(v, list) else [v]) for k, v in (fixed or {}).items()}
        self.used: dict[str, int] = {}
        self.events: list[Event] = []

    def chance(self, event: str, outcomes: Sequence, aliases: dict[str, Any] | None = None) -> Any:
        """The outcome of a named random event: the script's fixed value, else one drawn with the seed."""
        key = fold(event)
        if key in self.fixed:
            name, values = self.fixed[key]
            n = self.used.get(key, 0)
            if n < len(values):
                self.used[key] = n + 1
                want = values[n]
                if isinstance(want, str) and aliases and fold(want) in {fold(a) for a in aliases}:
                    want = next(v for a, v in aliases.items() if fold(a) == fold(want))
                found = next((o for o in outcomes if _matches(want, o)), None)
                if found is None:
                    shown = ", ".join(map(repr, [*(aliases or {}), *outcomes][:12]))
                    raise ChanceError(name, n, f"chance: {name} = {values[n]!r} cannot occur here "
                                               f"(occurrence {n + 1}; possible: {shown})",
                                      f"fix one of the possible outcomes, e.g. {name!r} = {outcomes[0]!r}")
                self.events.append(Event(event, found, True))
                return found
        outcome = self.choice(outcomes)  # as a plain rng.choice: same seed, same outcome
        self.events.append(Event(event, outcome, False))
        return outcome

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        """Shuffle as ``random.Random`` does, recording the event."""
        super().shuffle(x)
        self.events.append(Event(f"shuffle of {len(x)} cards", "seeded order", False))

    def unused(self) -> list[str]:
        """Fixed outcomes the game never reached (a typo in an event name, or an event that did not happen)."""
        out = []
        for key, (name, values) in self.fixed.items():
            if self.used.get(key, 0) < len(values):
                out.append(name)
        return out
