"""Match AIs: ``random``, ``greedy``, ``mcts``, ``expert`` and strategy files, each deciding for one seat with its own generator.

An AI's ``decide(state, rng, explain)`` returns the chosen legal action and, when ``explain`` is
set, a short reason for traces. AIs never read the other player's hidden cards: random and greedy
look only at their own legal actions and hand and the public zones; the search AI decides on
determinisations drawn from the player's view (:mod:`deckkit.match.mcts`); ``expert`` plays each
candidate action out with the greedy pilot for both players on the same determinisations, to the end of
the next turn, and compares them by the game's static evaluation (:mod:`deckkit.match.expert`); a strategy file
(``strategy:FILE``, the goldfish pilots written as rules) decides on one determinisation, reading
the player's view with its own seat named ``p1`` and the other ``p2``, so one file pilots either seat.
"""

from __future__ import annotations

import difflib
import math
import random
import re
from pathlib import Path
from dataclasses import dataclass
from typing import Any

from deckkit.engine.core import Action, State
from deckkit.engine.hidden import MatchSupport
from deckkit.errors import IllegalAction, UsageError

AI_NAMES = ("random", "greedy", "mcts", "expert")
SEARCHES = ("mcts", "expert")  # the AIs a budget or a time per decision applies to
STRATEGY_PREFIX = "strategy:"
DEFAULT_BUDGET = 200
MAX_BUDGET = 20_000  # playouts per decision: at 20,000 a single game already takes hours
MAX_THINK = 60.0  # seconds per decision: a game has dozens of decisions, a match hundreds of games


@dataclass(frozen=True)
class PilotSpec:
    """Which AI pilots a deck, with its search budget (playouts per decision; ``mcts`` and ``expert``)
    and, when given, its time per decision in seconds (the budget is then only a cap)."""

    ai: str = "greedy"
    budget: int = DEFAULT_BUDGET
    strategy: Any = None  # a loaded deckkit.sim.strategy.Strategy when ``ai`` is "strategy"
    think: float | None = None

    def __str__(self) -> str:
        if self.ai == "strategy":
            return STRATEGY_PREFIX + self.strategy.name
        if self.ai not in SEARCHES:
            return self.ai
        return f"{self.ai}({self.think:g}s)" if self.think is not None else f"{self.ai}({self.budget})"


def check_ai(name: str, option: str = "--ai") -> str:
    """The AI's canonical name (``strategy:FILE`` kept as given); UsageError with a did-you-mean for an unknown one."""
    key = (name or "").strip().lower()
    if key in AI_NAMES:
        return key
    if key.startswith(STRATEGY_PREFIX):
        return name.strip()
    close = difflib.get_close_matches(key, AI_NAMES, n=1, cutoff=0.4)
    raise UsageError(f"{option} {name!r}: unknown AI",
                     hint=(f"did you mean {close[0]}? " if close else "") + "AIs are " + ", ".join(AI_NAMES)
                     + ", or strategy:FILE (a strategy file or a bundled strategy's name)")


def pilot_spec(name: str, budget: int, game: str, option: str = "--ai", think: float | None = None) -> PilotSpec:
    """The pilot ``name`` names for a match of ``game``: an AI, or ``strategy:FILE`` loaded and checked."""
    ai = check_ai(name, option)
    if not ai.startswith(STRATEGY_PREFIX):
        return PilotSpec(ai, budget, think=think if ai in SEARCHES else None)
    from deckkit.paths import bundled_hint, resolve_input
    from deckkit.sim.strategy import load_strategy

    given = ai[len(STRATEGY_PREFIX):].strip()
    if not given:
        raise UsageError(f"{option} {name!r}: no strategy file after strategy:",
                         hint="e.g. strategy:my.toml or a bundled one (deckkit bundled --kind strategy)")
    path = resolve_input(given, "strategy")
    if not Path(path).is_file():
        raise UsageError(f"{option} {name!r}: no such strategy file {given}", hint=bundled_hint(given, "strategy"))
    strategy = load_strategy(path)
    if strategy.game != game:
        raise UsageError(f"{option}: the strategy {path} plays {strategy.game}, the decks {game}",
                         hint="give a strategy of the decks' game (deckkit bundled --kind strategy lists one per game)")
    return PilotSpec("strategy", budget, strategy)


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


_THINK = re.compile(r"\s*([^\s]+?)\s*(ms|s|sec|seconds?)?\s*", re.IGNORECASE)


def check_think(text: str | float | None) -> tuple[float | None, str | None]:
    """``--think``'s seconds per decision (``0.5``, ``0.5s``, ``500ms``) and a note when capped; UsageError
    for a time that is not a positive, finite number. None stays None (search by the budget)."""
    if text is None:
        return None, None
    given = str(text)
    hint = "e.g. --think 0.5s or --think 200ms (or leave it out and give --budget N, which is reproducible)"
    m = _THINK.fullmatch(given)
    try:
        seconds = float(m.group(1)) if m else float("nan")
    except ValueError:
        seconds = float("nan")
    if m and m.group(2) and m.group(2).lower() == "ms":
        seconds /= 1000
    if math.isnan(seconds):
        raise UsageError(f"--think {given!r}: not a time per decision", hint=hint)
    if seconds <= 0:
        raise UsageError(f"--think {given!r}: a search needs a positive time per decision", hint=hint)
    if seconds > MAX_THINK:
        return MAX_THINK, (f"--think {given} is capped at {MAX_THINK:g} s per decision (a game has dozens of "
                           "decisions; more would take hours per game)")
    return seconds, None


def check_search(budget: int | None, think: str | float | None) -> tuple[int, float | None, list[str]]:
    """The budget and time per decision to search with, and notes. With a time and no budget of its own
    (``budget`` None) the budget is the cap, :data:`MAX_BUDGET`."""
    seconds, note = check_think(think)
    notes = [note] if note else []
    if budget is None:
        budget = MAX_BUDGET if seconds is not None else DEFAULT_BUDGET
    budget, note = check_budget(budget)
    notes += [note] if note else []
    return budget, seconds, notes


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
        action = self.support.greedy(state, rng)
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


class StrategyAI:
    """A strategy file piloting whichever seat decides, on a determinisation of that seat's view.

    The rules read the seat's view (:meth:`MatchSupport.view`) with the seat named ``p1``; look-aheads
    play on a determinisation drawn with the AI's generator, so the hidden cards never reach a decision.
    """

    def __init__(self, strategy: Any, support: MatchSupport, game: Any) -> None:
        from deckkit.sim.strategy import Pilot

        self.name = f"{STRATEGY_PREFIX}{strategy.name}"
        self.support = support
        self.seat = 0
        self.pilot = Pilot(strategy, game, snapshot=lambda state: seat_first(support.view(state, self.seat), self.seat))

    def decide(self, state: State, rng: random.Random, explain: bool = False) -> tuple[Action, str | None]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], ("the only legal action" if explain else None)
        self.seat = state.current_player()
        action = self.pilot(self.support.determinise(state, self.seat, rng), rng)
        if action not in legal:  # written against a determinisation: the same choices, unless a rule slips
            fallback = next((a for a in legal if a.kind == "pass"), legal[0])
            return fallback, (f"the strategy chose {action}, not legal here; {fallback} instead" if explain else None)
        return action, (self.name if explain else None)


def seat_first(view: dict, seat: int) -> dict:
    """``view`` with seat ``seat`` named ``p1`` and the other ``p2`` (keys and values alike), as strategies read it."""
    if seat == 0:
        return view
    swap = {"p1": "p2", "p2": "p1"}

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {swap.get(k, k): walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return swap.get(node, node) if isinstance(node, str) else node

    return walk(view)


def make_ai(pilot: PilotSpec, support: MatchSupport, game: Any = None, **options: Any) -> Any:
    """The AI object a pilot spec names (``game`` is needed by strategy files: their card look-ups)."""
    if pilot.ai == "random":
        return RandomAI()
    if pilot.ai == "greedy":
        return GreedyAI(support)
    if pilot.ai == "strategy":
        return StrategyAI(pilot.strategy, support, game)
    if pilot.ai == "expert":
        from deckkit.match.expert import Expert

        return Expert(support, pilot.budget, think=pilot.think, **options)
    from deckkit.match.mcts import MCTS

    return MCTS(support, pilot.budget, think=pilot.think, **options)
