"""Match AIs: ``random``, ``greedy`` and ``mcts``, each deciding for one seat with its own generator.

An AI's ``decide(state, rng, explain)`` returns the chosen legal action and, when ``explain`` is
set, a short reason for traces. AIs never read the other player's hidden cards: random and greedy
look only at their own legal actions and hand and the public zones; the search AI decides on
determinisations drawn from the player's view (:mod:`deckkit.match.mcts`).
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass
from typing import Any

from deckkit.engine.core import Action, State
from deckkit.engine.hidden import MatchSupport
from deckkit.errors import IllegalAction, UsageError

AI_NAMES = ("random", "greedy", "mcts")
DEFAULT_BUDGET = 200
MAX_BUDGET = 20_000  # playouts per decision: at 20,000 a single game already takes hours


@dataclass(frozen=True)
class PilotSpec:
    """Which AI pilots a deck, with its search budget (playouts per decision; ``mcts`` only)."""

    ai: str = "greedy"
    budget: int = DEFAULT_BUDGET

    def __str__(self) -> str:
        return f"mcts({self.budget})" if self.ai == "mcts" else self.ai


def check_ai(name: str, option: str = "--ai") -> str:
    """The AI's canonical name; UsageError with a did-you-mean for an unknown one."""
    key = (name or "").strip().lower()
    if key in AI_NAMES:
        return key
    close = difflib.get_close_matches(key, AI_NAMES, n=1, cutoff=0.4)
    raise UsageError(f"{option} {name!r}: unknown AI",
                     hint=(f"did you mean {close[0]}? " if close else "") + "AIs are " + ", ".join(AI_NAMES))


def check_budget(budget: int) -> tuple[int, str | None]:
    """The budget to use and a note when it was capped; UsageError below 1."""
    if budget < 1:
        raise UsageError(f"--budget {budget}: a search needs at least one playout per decision",
                         hint=f"e.g. --budget {DEFAULT_BUDGET} (the default)")
    if budget > MAX_BUDGET:
        shown = budget if budget < 10**12 else f"{budget:.3g}"
        return MAX_BUDGET, (f"--budget {shown} is capped at {MAX_BUDGET:,} playouts per decision "
                            "(more would take hours per game)")
    return budget, None


class RandomAI:
    """A uniformly random legal action from the AI's own generator."""

    name = "random"

    def decide(self, state: State, rng: random.Random, explain: bool = False) -> tuple[Action, str | None]:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        return action, (f"random among {len(legal)}" if explain else None)


class GreedyAI:
    """The game's greedy pilot (goldfish pilot in its own turn, defensive choices otherwise)."""

    name = "greedy"

    def __init__(self, support: MatchSupport) -> None:
        self.support = support

    def decide(self, state: State, rng: random.Random, explain: bool = False) -> tuple[Action, str | None]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], ("the only legal action" if explain else None)
        action = self.support.greedy(state)
        if action not in legal:  # a pilot written for goldfish meeting a position it never saw
            fallback = next((a for a in legal if a.kind == "pass"), legal[0])
            return fallback, (f"greedy chose {action}, not legal here; {fallback} instead" if explain else None)
        return action, ("greedy" if explain else None)


def apply_checked(state: State, action: Action, legal: list[Action], rng: random.Random) -> None:
    """Apply ``action`` if legal, else a random legal one (playouts never stop on a pilot's slip)."""
    try:
        state.apply(action)
    except IllegalAction:
        state.apply_unchecked(legal[rng.randrange(len(legal))])


def make_ai(pilot: PilotSpec, support: MatchSupport, **options: Any) -> Any:
    """The AI object a pilot spec names."""
    if pilot.ai == "random":
        return RandomAI()
    if pilot.ai == "greedy":
        return GreedyAI(support)
    from deckkit.match.mcts import MCTS

    return MCTS(support, pilot.budget, **options)
