"""The goldfish run behind ``deckkit goldfish``: load decks, play them on shared seeds, report."""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable, Sequence

from deckkit.errors import UsageError
from deckkit.sim.report import add_comparisons, deck_report
from deckkit.sim.runner import Backend, Job, build_game, compile_keep, play_one, run


@dataclass
class LoadedDeck:
    """A deck ready to play: its label (the path as given), game and one card dict per copy."""

    label: str
    game: str
    cards: list[dict]
    name: str | None = None  # the deck file's ``name:``
    path: str | None = None  # the file it was read from
    version: str | None = None  # its content hash (deckkit.decks.runs.content_hash): results are kept per version

    @property
    def names(self) -> list[str]:
        """Card names in deck order (copies repeated)."""
        return [c["name"] for c in self.cards]


@dataclass
class Options:
    """What to play and how; ``None`` for policy/opponent means the game's own default."""

    games: int = 10_000
    seed: int | str = 0
    policy: str | None = None
    opponent: str | None = None
    keep: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    max_turns: int = 60
    workers: int | None = None
    scheduler: str | None = None
    precision: float | None = None
    max_games: int | None = None
    confidence: float = 0.95
    impact: bool = False
    trace: bool = False
    strategy: Any = None  # a loaded deckkit.sim.strategy.Strategy
    keep_seen: bool = False
    sprt: tuple[float, float] | None = None  # turns sooner (first deck − second) of H0 and H1; games: the cap
    alpha: float = 0.05
    beta: float = 0.05
    plan: float | None = None  # a difference in turns to plan the games for, from this run as a pilot
    control: str | None = None  # an opening-hand condition whose exact odds correct the mean win turn


@dataclass
class Outcome:
    """Reports (JSON-ready, one per deck), the per-game records behind them, traces, interruption."""

    reports: list[dict]
    records: list[list[Any]]  # per deck, typed records (deckkit.engine.results)
    traces: list[list[str]]
    interrupted: bool


def load_decks(paths: Sequence[str | Path], catalogue: Any) -> list[LoadedDeck]:
    """Read deck files and resolve their cards; all must be of one game (UsageError otherwise)."""
    from deckkit.decks import load_deck
    from deckkit.decks.runs import content_hash
    from deckkit.engine.registry import resolve as resolve_game

    decks = []
    for path in paths:
        deck = load_deck(path)
        decks.append(LoadedDeck(str(path), resolve_game(deck.game), deck.cards(catalogue), deck.name, str(path),
                                content_hash(deck)))
    games = {d.game for d in decks}
    if len(games) > 1:
        raise UsageError("decks of different games cannot be compared: " + ", ".join(sorted(games)),
                         hint="give decks of one game")
    return decks


def _default(game: Any, name: str) -> str:
    param = inspect.signature(game.play_goldfish).parameters.get(name)
    return str(param.default) if param is not None and param.default is not inspect.Parameter.empty else "default"


def goldfish(decks: Sequence[LoadedDeck], options: Options,
             progress: Callable[[int, int], None] | None = None, backend: Backend | None = None) -> Outcome:
    """Play every deck on the same seeds and build the reports (with comparisons and impact)."""
    if not decks:
        raise UsageError("no deck given", hint="deckkit goldfish DECK [DECK…]")
    if options.max_turns < 1:
        raise UsageError(f"--max-turns must be at least 1, not {options.max_turns}")
    if not 0 < options.confidence < 1:
        raise UsageError(f"--confidence must be between 0 and 1, not {options.confidence}")
    game_name = decks[0].game
    if options.strategy is not None:
        if options.strategy.game != game_name:
            raise UsageError(f"the strategy {options.strategy.path} plays {options.strategy.game}, the decks {game_name}",
                             hint="give a strategy of the decks' game (deckkit bundled --kind strategy lists one per game)")
        if options.policy:
            raise UsageError("give --policy or --strategy, not both", hint="the strategy is the policy")
    test = _check_tests(options, decks)
    jobs = [Job.make(game_name, d.cards, seed=options.seed, policy=options.policy, opponent=options.opponent,
                     keep=options.keep, settings=options.settings, max_turns=options.max_turns,
                     keep_seen=options.keep_seen or options.impact or bool(options.control), strategy=options.strategy)
            for d in decks]
    # Build, compile and play game 0 here first: bad settings, policies or keep conditions then fail
    # in this process with their full message and hint, before any worker starts.
    game = build_game(game_name, decks[0].cards, options.settings)
    compile_keep(options.keep, decks[0].cards)
    if options.strategy is not None and not options.keep:
        options.keep = options.strategy.keep  # reported as the keep rule in use
    traces: list[list[str]] = []
    for job in jobs:
        lines: list[str] = []
        play_one(job, 0, lines if options.trace else None)
        traces.append(lines)
    if test is None:
        result = run(jobs, options.games, workers=options.workers, scheduler=options.scheduler,
                     precision=options.precision, max_games=options.max_games, confidence=options.confidence,
                     progress=progress, backend=backend)
    else:
        result = _sequential(jobs, test, options, progress, backend)
    reports = [deck_report(d.label, game_name, recs, seed=options.seed,
                           policy=(f"strategy:{options.strategy.name}" if options.strategy
                                   else options.policy or _default(game, "policy")),
                           opponent=options.opponent or _default(game, "opponent"),
                           elapsed=elapsed, workers=result.workers, keep=options.keep, settings=options.settings,
                           max_turns=options.max_turns, confidence=options.confidence,
                           interrupted=result.interrupted, deck_names=d.names, impact=options.impact)
               for d, recs, elapsed in zip(decks, result.records, result.elapsed)]
    if options.precision is not None:
        for report in reports:
            report["precision"] = options.precision
            report["precision_reached"] = result.precision_reached
    if options.trace:
        for report, lines in zip(reports, traces):
            report["trace"] = lines
    add_comparisons(reports, result.records, options.confidence)
    if test is not None:
        reports[1]["comparison"]["sprt"] = test.as_json()
    if options.plan is not None:
        from deckkit.sim.turntests import goldfish_plan

        reports[-1]["plan"] = goldfish_plan(result.records, options.plan, options.alpha, options.beta).as_json()
    if options.control:
        from deckkit.sim.control import add_control

        for report, deck, recs in zip(reports, decks, result.records):
            add_control(report, deck.cards, game_name, recs, options.control, options.confidence, options.keep)
    return Outcome(reports, result.records, traces, result.interrupted)


def _check_tests(options: Options, decks: Sequence[LoadedDeck]) -> Any:
    """Check --sprt, --plan and --control before any game; the sequential test (None without --sprt)."""
    from deckkit.sim.sprt import Sprt, check_rates

    check_rates(options.alpha, options.beta)
    if options.sprt is not None or options.plan is not None:
        from deckkit.engine.registry import spec

        if spec(decks[0].game).records != "win-by-turn":
            raise UsageError(f"--sprt and --plan measure win turns; {spec(decks[0].game).title} goldfish reports scores",
                             hint="compare its decks without them")
    if options.plan is not None:
        from deckkit.sim.plan import check_delta

        check_delta(options.plan)
    if options.control:
        from deckkit.sim.control import check_control

        check_control(options.control, decks[0].game)
    if options.sprt is None:
        return None
    if len(decks) != 2:
        raise UsageError("--sprt compares two decks", hint="give the deck and its variant: deckkit goldfish A B --sprt 0,0.1")
    if options.precision is not None:
        raise UsageError("give --sprt or --precision, not both", hint="the SPRT decides when to stop by itself")
    from deckkit.sim.runner import check_counts

    check_counts(options.games, None, None)
    return Sprt(*options.sprt, alpha=options.alpha, beta=options.beta, unit="turns")


def _sequential(jobs: Sequence[Job], test: Any, options: Options, progress: Callable[[int, int], None] | None,
                backend: Backend | None) -> Any:
    """Play both decks in batches on shared seeds until the SPRT on their paired gains decides."""
    import time

    from deckkit.sim.runner import RunResult, open_backend
    from deckkit.sim.sequential import play_until_decided
    from deckkit.sim.turntests import SPRT_BATCH, llr_of

    own = backend is None
    backend = backend or open_backend(options.workers, options.scheduler)
    began = time.perf_counter()
    try:
        out = play_until_decided(jobs, test, llr_of(test.h0, test.h1), batch=SPRT_BATCH, cap=options.games,
                                 backend=backend, progress=progress)
    finally:
        if own:
            backend.close()
    half = (time.perf_counter() - began) / 2
    return RunResult(out.records, [half, half], out.interrupted, out.workers)
