"""The match run behind ``deckkit match``: check the decks and pilots, play every pair on shared seeds, report.

Pairs of decks whose sides differ (in deck or pilot) play duplicate games by default: each deal
twice with the seats swapped (:mod:`deckkit.match.game`). ``sprt`` plays two decks in batches until
a sequential test decides between two Elo differences (:mod:`deckkit.sim.sprt`); ``plan`` reads the
games played as a pilot and says how many games a difference of that many Elo needs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from deckkit.errors import UsageError
from deckkit.match.ai import SEARCHES, check_search, pilot_spec
from deckkit.match.game import MatchJob, support_of
from deckkit.match.report import ratings, summarize_pair
from deckkit.sim.runner import Backend, open_backend, run

SPRT_BATCH = 20  # games (10 duplicate pairs) between two looks of a sequential test


@dataclass
class MatchOptions:
    """What to play: games per pair, seed, the two pilots, seats, rule settings, where to run."""

    games: int = 100
    seed: int | str = 0
    ai_a: str = "greedy"
    ai_b: str = "greedy"
    budget: int | None = None  # playouts per decision (default 200; with ``think`` the cap, default 20,000)
    think: str | float | None = None  # seconds per decision of a search AI: timed, so not reproducible
    seats: str = "alternate"  # or "fixed": deck A always in seat p1
    settings: dict[str, Any] = field(default_factory=dict)
    workers: int | None = None
    scheduler: str | None = None
    confidence: float = 0.95
    trace: bool = False
    duplicate: bool | None = None  # None: duplicate wherever the two sides differ (and seats alternate)
    sprt: tuple[float, float] | None = None  # Elo of H0 and H1; --games is then the cap
    alpha: float = 0.05
    beta: float = 0.05
    plan: float | None = None  # an Elo difference to plan the games for, from this run as a pilot


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
    budget, think, notes = check_search(options.budget, options.think)
    game_name = decks[0].game
    pilots = (pilot_spec(options.ai_a, budget, game_name, "--ai-a", think),
              pilot_spec(options.ai_b, budget, game_name, "--ai-b", think))
    searching = any(p.ai in SEARCHES for p in pilots)
    if think is not None and searching:
        notes.append(f"--think {think:g}s: the searches stop on the clock, so the games depend on this machine's "
                     "speed and load and a seed does not repeat them (--budget N does)")
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
    duplicate = [_duplicate(options, decks[i].cards, decks[j].cards, pilots) for i, j in pairs]
    games, note = _game_count(options, any(duplicate))
    notes += [note] if note else []
    jobs = [MatchJob.make(game_name, [decks[i].cards, decks[j].cards], pilots, seed=options.seed,
                          alternate=options.seats == "alternate", duplicate=dup, settings=options.settings)
            for (i, j), dup in zip(pairs, duplicate)]
    test = _check_sequential(options, len(decks))
    # Game 0 of the first pair here first: bad settings fail with their full message before any worker starts.
    trace: list[str] = []
    jobs[0].play_game(0, trace if options.trace else None)
    began = time.perf_counter()
    if test is None:
        result = run(jobs, games, workers=options.workers, scheduler=options.scheduler, progress=progress,
                     backend=backend)
        records, interrupted, workers = result.records, result.interrupted, result.workers
    else:
        records, interrupted, workers = _sequential(jobs[0], test, games, duplicate[0], options, progress, backend)
    elapsed = time.perf_counter() - began
    summaries = [summarize_pair(labels[i], labels[j], recs, options.confidence)
                 for (i, j), recs in zip(pairs, records)]
    played = sum(len(r) for r in records)
    report: dict = {
        "game": game_name, "title": spec(game_name).title, "games": games, "seed": options.seed,
        "seats": options.seats, "pilots": {"a": str(pilots[0]), "b": str(pilots[1])},
        "budget": budget if searching else None, "think": think if searching else None,
        "reproducible": not (searching and think is not None), "settings": dict(options.settings),
        "decks": labels, "pairs": summaries, "ratings": ratings(labels, summaries) if len(decks) > 2 else None,
        "elapsed_s": round(elapsed, 3), "workers": workers,
        "games_per_s": round(played / elapsed, 3) if elapsed > 0 else None, "interrupted": interrupted,
        "duplicate": any(duplicate),
    }
    if test is not None:
        report["sprt"] = test.as_json()
    if options.plan is not None:
        from deckkit.match.planning import match_plan

        report["plan"] = match_plan(records[0], options.plan, options.alpha, options.beta).as_json()
    if options.trace:
        report["trace"] = trace
    return MatchOutcome(report, records, notes, interrupted)


def _duplicate(options: MatchOptions, a: Sequence[dict], b: Sequence[dict], pilots: Sequence[Any]) -> bool:
    """Whether a pair of decks plays duplicate games: asked for, or by default where the two sides differ."""
    same = sorted(c["id"] for c in a) == sorted(c["id"] for c in b) and str(pilots[0]) == str(pilots[1])
    if options.duplicate is None:
        return options.seats == "alternate" and not same
    if options.duplicate and options.seats == "fixed":
        raise UsageError("--duplicate swaps the seats within each pair of games; --seats fixed keeps deck A in p1",
                         hint="leave out --seats fixed, or add --no-duplicate")
    if options.duplicate and same:
        raise UsageError("--duplicate needs two sides that differ: the same deck with the same AI on both sides "
                         "would play each deal twice to the same result, one win each",
                         hint="give another deck or another AI (--ai-a/--ai-b), or leave out --duplicate")
    return bool(options.duplicate)


def _game_count(options: MatchOptions, duplicate: bool) -> tuple[int, str | None]:
    """Games per pair of decks: a duplicate match plays whole pairs, so an odd count gets one more game."""
    if duplicate and options.games % 2:
        return options.games + 1, f"a duplicate match plays whole pairs: {options.games + 1} games, not {options.games}"
    return options.games, None


def _check_sequential(options: MatchOptions, decks: int) -> Any:
    """The sequential test of ``options.sprt`` (None without one); refuses it for more than two decks."""
    from deckkit.sim.sprt import Sprt, check_rates

    check_rates(options.alpha, options.beta)
    if options.plan is not None:
        from deckkit.sim.plan import check_delta

        check_delta(options.plan)
        if decks > 2:
            raise UsageError("--plan reads one pair of decks", hint="give two decks")
    if options.sprt is None:
        return None
    if decks > 2:
        raise UsageError("--sprt tests one pair of decks", hint="give two decks, or leave out --sprt for a round robin")
    from deckkit.sim.runner import check_counts

    check_counts(options.games, None, None)
    return Sprt(*options.sprt, alpha=options.alpha, beta=options.beta, unit="Elo")


def _sequential(job: MatchJob, test: Any, cap: int, duplicate: bool, options: MatchOptions,
                progress: Callable[[int, int], None] | None, backend: Backend | None) -> tuple[list[list[dict]], bool, int]:
    """Play the pair in batches until the SPRT decides or ``cap`` games are played."""
    from deckkit.match.duplicate import pentanomial, trinomial
    from deckkit.sim.sequential import play_until_decided
    from deckkit.sim.sprt import GAME_VALUES, PAIR_VALUES, elo_to_score, llr_scores

    s0, s1 = elo_to_score(test.h0), elo_to_score(test.h1)

    def llr(records: list[list[Any]]) -> float:
        if duplicate:
            return llr_scores(pentanomial(records[0]), PAIR_VALUES, s0, s1)
        return llr_scores(trinomial(records[0]), GAME_VALUES, s0, s1)

    own = backend is None
    backend = backend or open_backend(options.workers, options.scheduler)
    try:
        out = play_until_decided([job], test, llr, batch=SPRT_BATCH, cap=cap, backend=backend, progress=progress)
    finally:
        if own:
            backend.close()
    return out.records, out.interrupted, out.workers


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
