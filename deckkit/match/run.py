"""The match run behind ``deckkit match``: check the decks and pilots, play every pair on shared seeds, report."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from deckkit.errors import UsageError
from deckkit.match.ai import check_budget, pilot_spec
from deckkit.match.game import MatchJob, support_of
from deckkit.match.report import ratings, summarize_pair
from deckkit.sim.runner import Backend, run


@dataclass
class MatchOptions:
    """What to play: games per pair, seed, the two pilots, seats, rule settings, where to run."""

    games: int = 100
    seed: int | str = 0
    ai_a: str = "greedy"
    ai_b: str = "greedy"
    budget: int = 200
    seats: str = "alternate"  # or "fixed": deck A always in seat p1
    settings: dict[str, Any] = field(default_factory=dict)
    workers: int | None = None
    scheduler: str | None = None
    confidence: float = 0.95
    trace: bool = False


@dataclass
class MatchOutcome:
    """The JSON-ready report, the per-game records of each pair, notes for stderr, interruption."""

    report: dict
    records: list[list[dict]]
    notes: list[str]
    interrupted: bool


def match(decks: Sequence[Any], options: MatchOptions, progress: Callable[[int, int], None] | None = None,
          backend: Backend | None = None) -> MatchOutcome:
    """Play every pair of ``decks`` (:class:`deckkit.sim.goldfish.LoadedDeck`) and build the report."""
    if len(decks) < 2:
        raise UsageError("a match needs two decks or more",
                         hint="give DECK_A DECK_B (the same deck twice plays a mirror match)")
    if options.seats not in ("alternate", "fixed"):
        raise UsageError(f"--seats {options.seats!r}: write alternate or fixed",
                         hint="alternate: deck A sits first in every other game; fixed: deck A always sits first")
    if not 0 < options.confidence < 1:
        raise UsageError(f"--confidence must be between 0 and 1, not {options.confidence}")
    budget, note = check_budget(options.budget)
    notes = [note] if note else []
    game_name = decks[0].game
    pilots = (pilot_spec(options.ai_a, budget, game_name, "--ai-a"), pilot_spec(options.ai_b, budget, game_name, "--ai-b"))
    from deckkit.engine.registry import spec

    support = support_of(game_name)
    if support is None:
        raise UsageError(f"{spec(game_name).title} has no match support (views and determinisations)",
                         hint="a game package gives them through its spec's match hook")
    labels = _labels(decks)
    problem = support.pairing_problem([d.cards for d in decks])
    if problem:
        raise UsageError(problem, hint="give the same deck for every seat, e.g. deckkit match D.deck D.deck")
    pairs = [(i, j) for i in range(len(decks)) for j in range(i + 1, len(decks))]
    jobs = [MatchJob.make(game_name, [decks[i].cards, decks[j].cards], pilots, seed=options.seed,
                          alternate=options.seats == "alternate", settings=options.settings) for i, j in pairs]
    # Game 0 of the first pair here first: bad settings fail with their full message before any worker starts.
    trace: list[str] = []
    jobs[0].play_game(0, trace if options.trace else None)
    began = time.perf_counter()
    result = run(jobs, options.games, workers=options.workers, scheduler=options.scheduler, progress=progress,
                 backend=backend)
    elapsed = time.perf_counter() - began
    summaries = [summarize_pair(labels[i], labels[j], recs, options.confidence)
                 for (i, j), recs in zip(pairs, result.records)]
    played = sum(len(r) for r in result.records)
    report: dict = {
        "game": game_name, "title": spec(game_name).title, "games": options.games, "seed": options.seed,
        "seats": options.seats, "pilots": {"a": str(pilots[0]), "b": str(pilots[1])},
        "budget": budget if any(p.ai == "mcts" for p in pilots) else None, "settings": dict(options.settings),
        "decks": labels, "pairs": summaries, "ratings": ratings(labels, summaries) if len(decks) > 2 else None,
        "elapsed_s": round(elapsed, 3), "workers": result.workers,
        "games_per_s": round(played / elapsed, 3) if elapsed > 0 else None, "interrupted": result.interrupted,
    }
    if options.trace:
        report["trace"] = trace
    return MatchOutcome(report, result.records, notes, result.interrupted)


def _labels(decks: Sequence[Any]) -> list[str]:
    """Deck labels as given; a deck given twice or more is told apart by ``#2``, ``#3``."""
    out: list[str] = []
    for d in decks:
        label, k = d.label, 1
        while label in out:
            k += 1
            label = f"{d.label}#{k}"
        out.append(label)
    return out
