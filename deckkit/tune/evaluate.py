"""Play deck lists on common random numbers through the goldfish runner and measure each one.

Every list plays games ``0 … n-1`` with the seeds of one run (``deckkit.sim.seeding``), so lists of
the same size start from the same shuffles and the differences against the first list are paired
differences. Playing, summarising and comparing are the goldfish library's own
(:func:`deckkit.sim.goldfish.goldfish`, :mod:`deckkit.sim.stats`, :mod:`deckkit.sim.compare`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from deckkit.errors import UsageError
from deckkit.tune.lists import DeckList
from deckkit.engine.results import WinRecord

Progress = Callable[[int, int], None]


@dataclass
class PlayOptions:
    """How to play every list (the goldfish options that matter to tuning)."""

    games: int = 2000
    seed: int | str = 0
    policy: str | None = None
    keep: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    max_turns: int = 60
    workers: int | None = None
    scheduler: str | None = None
    confidence: float = 0.95
    by_turn: int | None = None  # "won by turn T"; None: the first list's median win turn
    odds: str | None = None  # an exact-odds condition reported per list
    mulligans: int = 0
    odds_turn: int = 0
    # The match objective: the opponent deck every list plays (its cards, label, game) and the pilots
    against: tuple[dict, ...] | None = None
    against_label: str = ""
    against_game: str = ""
    ai: str = "greedy"
    ai_budget: int = 200
    # The optimiser's sequential test: the gain of H0 and H1 in the objective's unit (turns; a share of
    # games for won-by; Elo for match), None for the objective's default; and its error rates.
    sprt: tuple[float, float] | None = None
    alpha: float = 0.05
    beta: float = 0.05


@dataclass
class Measure:
    """One list's figures, and its paired differences against the first list played with it."""

    label: str
    games: int
    win_rate: float | None
    mean_turn: float | None
    mean_turn_ci: list[float | None]
    by_turn: int
    won_by: float | None
    won_by_ci: list[float | None]
    diff: float | None = None
    diff_ci: list[float | None] = field(default_factory=lambda: [None, None])
    diff_p: float | None = None
    won_by_diff: float | None = None
    won_by_diff_ci: list[float | None] = field(default_factory=lambda: [None, None])
    verdict: str = ""
    odds: float | None = None
    capped: int = 0  # games the loop's action cap stopped (deckkit.engine.loop), counted as not won

    def as_json(self) -> dict[str, Any]:
        """JSON-ready figures."""
        return {"label": self.label, "games": self.games, "win_rate": self.win_rate, "mean_turn": self.mean_turn,
                "mean_turn_ci": self.mean_turn_ci, "by_turn": self.by_turn, "won_by": self.won_by,
                "won_by_ci": self.won_by_ci, "difference": self.diff, "difference_ci": self.diff_ci,
                "p_value": None if self.diff_p is None else round(self.diff_p, 6),
                "won_by_difference": self.won_by_diff, "won_by_difference_ci": self.won_by_diff_ci,
                "verdict": self.verdict, "odds": self.odds, "capped": self.capped}


def check_game(game: str) -> None:
    """Tuning measures win turns: refuse a game whose goldfish records scores instead (exit 2)."""
    from deckkit.engine.registry import spec

    info = spec(game)
    if info.records != "win-by-turn":
        raise UsageError(f"tune measures how fast a deck wins; {info.title} goldfish reports scores",
                         hint="compare its decks with `deckkit goldfish DECK DECK…`")


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def won_by(records: Sequence[WinRecord], turn: int) -> list[int]:
    """Per game (index order): 1 when the deck had won by ``turn``, else 0."""
    return [1 if r.won and r.turn is not None and r.turn <= turn else 0 for r in records]


def play(lists: Sequence[DeckList], options: PlayOptions, progress: Progress | None = None,
         backend: Any = None) -> tuple[list[Measure], list[list[WinRecord]]]:
    """Play every list on the same seeds; measures (differences against ``lists[0]``) and the records.

    Lists with the same cards and counts are played once.
    """
    from deckkit.sim.compare import difference, turn_verdict
    from deckkit.sim.goldfish import LoadedDeck, Options, goldfish
    from deckkit.sim.stats import mean_interval, summarize_wins, two_sided_p, wilson

    if not lists:
        raise UsageError("nothing to play")
    unique: dict[tuple, int] = {}
    order: list[int] = []
    decks: list[LoadedDeck] = []
    for deck in lists:
        k = unique.setdefault(deck.key(), len(decks))
        if k == len(decks):
            decks.append(LoadedDeck(deck.label, deck.game, deck.cards()))
        order.append(k)
    outcome = goldfish(decks, Options(games=options.games, seed=options.seed, policy=options.policy,
                                      keep=options.keep, settings=dict(options.settings),
                                      max_turns=options.max_turns, workers=options.workers,
                                      scheduler=options.scheduler, confidence=options.confidence),
                       progress=progress, backend=backend)
    records = [outcome.records[k] for k in order]
    conf = options.confidence
    base = records[0]
    if options.by_turn is None:
        median = summarize_wins(base, conf)["median_turn"]
        options.by_turn = max(1, math.ceil(median)) if median is not None else options.max_turns
    t = options.by_turn
    base_by = won_by(base, t)
    out = []
    for deck, recs in zip(lists, records):
        turns = [r.turn for r in recs if r.won and r.turn is not None]
        n = len(recs)
        mean = mean_interval(turns, conf)
        by = won_by(recs, t)
        w = wilson(sum(by), n, conf)
        m = Measure(deck.label, n, _round(len(turns) / n if n else None), _round(mean.estimate), mean.as_list(),
                    t, _round(w.estimate), w.as_list(), capped=sum(1 for r in recs if r.capped))
        if recs is not base:
            d = difference(base, recs, conf)
            m.diff, m.diff_ci, m.diff_p = _round(d.estimate), d.as_list(), two_sided_p(d, conf)
            wd = mean_interval([b - a for a, b in zip(base_by, by)], conf)
            m.won_by_diff, m.won_by_diff_ci = _round(wd.estimate), wd.as_list()
            m.verdict = turn_verdict(deck.label, lists[0].label, d, conf)
        else:
            m.diff, m.diff_ci, m.diff_p = 0.0, [0.0, 0.0], None
        if options.odds:
            m.odds = odds_of(deck, options)
        out.append(m)
    if outcome.interrupted:
        from deckkit.sim.runner import Interrupted

        raise Interrupted(outcome.records)
    return out, records


def odds_of(deck: DeckList, options: PlayOptions) -> float:
    """The exact probability of ``options.odds`` for this list (opening hand, mulligans, by turn)."""
    from deckkit.hands.conditions import compile_condition
    from deckkit.hands.odds import answer

    result, _ = answer(deck.cards(), deck.game, compile_condition(options.odds or ""),
                       mulligans=options.mulligans, turn=options.odds_turn)
    return round(result.probability, 6)
