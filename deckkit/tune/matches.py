"""Deck lists measured by matches: each list as deck A against one opponent deck, on shared seeds.

The optimiser's ``match`` objective. Every list plays games ``0 … n-1`` of one match seed against the
same opponent with the same pilots (:mod:`deckkit.match`), seats alternated, so two lists meet the
same deals and the same AI generators game by game and their per-game scores (1 a win, ½ a draw or
an unfinished game, 0 a loss) give paired differences.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deckkit.errors import UsageError
from deckkit.tune.evaluate import Measure, PlayOptions
from deckkit.tune.lists import DeckList


def check_opponent(deck: DeckList, options: PlayOptions) -> None:
    """The match objective's opponent must be of the deck's game, its AI known (UsageError, exit 2)."""
    from deckkit.match.ai import pilot_spec

    if options.against_game != deck.game:
        raise UsageError(f"--against {options.against_label} plays {options.against_game}, the deck {deck.game}",
                         hint="give an opponent deck of the same game")
    pilot_spec(options.ai, options.ai_budget, deck.game, "--ai")


def match_scores(lists: Sequence[DeckList], options: PlayOptions, backend: Any = None) -> list[list[tuple[int, float]]]:
    """Per list, ``(game index, A's score)`` of ``options.games`` match games against ``options.against``."""
    from deckkit.match.ai import pilot_spec
    from deckkit.match.game import MatchJob
    from deckkit.sim.runner import Interrupted, run

    game = lists[0].game
    pilot = pilot_spec(options.ai, options.ai_budget, game, "--ai")
    opponent = list(options.against or ())
    jobs = [MatchJob.make(game, [d.cards(), opponent], (pilot, pilot), seed=f"{options.seed}:match",
                          alternate=True, settings=options.settings) for d in lists]
    result = run(jobs, options.games, workers=options.workers, scheduler=options.scheduler, backend=backend)
    if result.interrupted:
        raise Interrupted(result.records)
    return [[(r["index"], 1.0 if r["winner"] == "a" else 0.0 if r["winner"] == "b" else 0.5) for r in recs]
            for recs in result.records]


def paired(base: Sequence[tuple[int, float]], other: Sequence[tuple[int, float]]) -> list[float]:
    """``other − base`` game by game (the same index is the same deal and seats)."""
    by_index = dict(base)
    return [s - by_index[i] for i, s in other if i in by_index]


def match_measures(lists: Sequence[DeckList], options: PlayOptions, backend: Any = None) -> list[Measure]:
    """Each list's match score against the opponent, with its paired difference from ``lists[0]``."""
    from deckkit.sim.stats import mean_interval, two_sided_p

    scores = match_scores(lists, options, backend)
    conf, pct = options.confidence, f"{options.confidence * 100:g}%"
    base = scores[0]
    out = []
    for deck, mine in zip(lists, scores):
        iv = mean_interval([s for _, s in mine], conf)
        m = Measure(deck.label, len(mine), iv.estimate, None, [None, None], 0, iv.estimate, iv.as_list())
        if mine is base:
            m.diff, m.diff_ci = 0.0, [0.0, 0.0]
        else:
            d = mean_interval(paired(base, mine), conf)
            m.diff, m.diff_ci, m.diff_p = d.estimate, d.as_list(), two_sided_p(d, conf)
            if d.lo is not None and d.hi is not None and d.estimate is not None:
                who = "more" if d.estimate >= 0 else "less"
                clear = "clearly " if d.lo > 0 or d.hi < 0 else "not clearly "
                m.verdict = (f"{deck.label} scores {abs(d.estimate) * 100:.1f} points {who} than {lists[0].label} "
                             f"against {options.against_label} ({clear}different: {pct} CI "
                             f"{d.lo * 100:+.1f} to {d.hi * 100:+.1f}; score {(iv.estimate or 0.0) * 100:.1f}%)")
        out.append(m)
    return out
