"""Statistics of goldfish runs: win turns, win rates, scores, with confidence intervals.

Everything here works on the plain per-game records of ``Game.play_goldfish`` (plus the
``index``/``seed`` the runner adds), so the same code serves local, parallel and Dask runs.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import cast
from statistics import NormalDist
from collections.abc import Iterable, Sequence

from deckkit.engine.results import Record, ScoreRecord, WinRecord


@dataclass(frozen=True)
class Interval:
    """An estimate with a two-sided confidence interval (``lo``/``hi`` are None when n < 2)."""

    estimate: float | None
    lo: float | None
    hi: float | None
    n: int

    @property
    def half_width(self) -> float:
        """Half the interval's width (infinite when it cannot be computed yet)."""
        if self.lo is None or self.hi is None:
            return math.inf
        return (self.hi - self.lo) / 2

    def as_list(self, digits: int = 4) -> list[float | None]:
        """``[lo, hi]`` rounded, for JSON."""
        return [_round(self.lo, digits), _round(self.hi, digits)]


def _round(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


def normal_quantile(p: float) -> float:
    """The standard normal quantile of ``p``."""
    return NormalDist().inv_cdf(p)


def t_quantile(p: float, df: float) -> float:
    """Student's t quantile of ``p`` with ``df`` degrees of freedom (exact for df 1-2, else series).

    A Cornish-Fisher expansion around the normal quantile (good to ~1e-3 at df = 3, ~1e-5 from
    df = 10), polished by Newton steps on the exact CDF for small whole df — it spares a SciPy
    dependency for the one quantile the intervals need.
    """
    if df <= 0:
        raise ValueError("df must be positive")
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = normal_quantile(p)
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    t = z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
    if df == int(df) and df <= 30:
        for _ in range(3):
            t -= (_t_cdf(t, int(df)) - p) / _t_pdf(t, df)
    return t


def _t_pdf(t: float, df: float) -> float:
    log_c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    return math.exp(log_c - (df + 1) / 2 * math.log1p(t * t / df))


def _t_cdf(t: float, df: int) -> float:
    # Closed form for whole df (Abramowitz & Stegun 26.7.3-4): finite series in cos^2 of atan(t/sqrt df).
    theta = math.atan(abs(t) / math.sqrt(df))
    c2, s = math.cos(theta) ** 2, math.sin(theta)
    if df % 2:
        term, total = 1.0, 1.0 if df > 1 else 0.0
        for k in range(1, (df - 1) // 2):
            term *= c2 * (2 * k) / (2 * k + 1)
            total += term
        a = 2 / math.pi * (theta + (s * math.cos(theta) * total if df > 1 else 0.0))
    else:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= c2 * (2 * k - 1) / (2 * k)
            total += term
        a = s * total
    return 0.5 + a / 2 if t >= 0 else 0.5 - a / 2


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Interval:
    """Mean of ``values`` with a t-interval (the usual interval for a mean of independent games)."""
    n = len(values)
    if n == 0:
        return Interval(None, None, None, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, None, None, n)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(0.5 + confidence / 2, n - 1) * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half, n)


def wilson(successes: int, n: int, confidence: float = 0.95) -> Interval:
    """A proportion with its Wilson score interval (good coverage even near 0 and 1)."""
    if n == 0:
        return Interval(None, None, None, 0)
    z = normal_quantile(0.5 + confidence / 2)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # Clamp the float noise at the ends: no successes means the lower bound is exactly 0.
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, lo, hi, n)


def nearest_rank(sorted_values: Sequence[float], q: float) -> float | None:
    """The ``q`` quantile by nearest rank: the smallest value with at least ``q`` of the data at or below it."""
    if not sorted_values:
        return None
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def median(sorted_values: Sequence[float]) -> float | None:
    """The median of already sorted values (mean of the middle two for an even count)."""
    n = len(sorted_values)
    if n == 0:
        return None
    mid = n // 2
    return float(sorted_values[mid]) if n % 2 else (sorted_values[mid - 1] + sorted_values[mid]) / 2


def _histogram(values: Iterable[int]) -> dict[str, int]:
    counts = Counter(values)
    return {str(k): counts[k] for k in sorted(counts)}


def is_scoring(records: Sequence[Record]) -> bool:
    """Whether records come from a scoring game (Kotlík) rather than a win-by-turn game."""
    return bool(records) and isinstance(records[0], ScoreRecord)


def summarize_wins(records: Sequence[WinRecord], confidence: float = 0.95) -> dict:
    """Win-turn statistics of win-by-turn goldfish records (Obludárium, Álomfogó).

    ``mean_turn`` and its interval are over won games; ``won_by_turn`` gives, for every turn up to
    the last win, the share of all games won by then with a Wilson interval.
    """
    n = len(records)
    turns = sorted(r.turn for r in records if r.won and r.turn is not None)
    wins = len(turns)
    mean = mean_interval(turns, confidence)
    rate = wilson(wins, n, confidence)
    by_turn: dict[str, dict] = {}
    counts = Counter(turns)
    running = 0
    for t in range(1, (turns[-1] if turns else 0) + 1):
        running += counts.get(t, 0)
        w = wilson(running, n, confidence)
        by_turn[str(t)] = {"p": _round(w.estimate), "lo": _round(w.lo), "hi": _round(w.hi)}
    mulligans = [r.mulligans for r in records]
    return {
        "games": n,
        "wins": wins,
        "win_rate": _round(rate.estimate),
        "win_rate_ci": rate.as_list(),
        "mean_turn": _round(mean.estimate),
        "mean_turn_ci": mean.as_list(),
        "median_turn": median(turns),
        "p90_turn": nearest_rank(turns, 0.9),
        "turn_histogram": _histogram(turns),
        "won_by_turn": by_turn,
        "mulligans": _round(math.fsum(mulligans) / n) if n else None,
        "mulligan_histogram": _histogram(mulligans),
        "confidence": confidence,
    }


def summarize_scores(records: Sequence[ScoreRecord], confidence: float = 0.95) -> dict:
    """Score and per-seat win statistics of scoring-game records (Kotlík).

    A game counts as a win for every seat in ``winners``; a game with no winner is a draw.
    """
    n = len(records)
    seats = len(records[0].scores) if records else 2
    seat_wins = [sum(1 for r in records if s in r.winners) for s in range(seats)]
    rates = [wilson(k, n, confidence) for k in seat_wins]
    draws = sum(1 for r in records if not r.winners)
    columns = [sorted(r.scores[s] for r in records) for s in range(seats)]
    means = [mean_interval(col, confidence) for col in columns]
    margin = mean_interval([r.scores[0] - r.scores[1] for r in records], confidence) if seats >= 2 else None
    turns = [r.turns for r in records]
    return {
        "games": n,
        "wins": seat_wins[0] if seat_wins else 0,
        "win_rate": _round(rates[0].estimate) if rates else None,
        "win_rate_ci": rates[0].as_list() if rates else [None, None],
        "seat_wins": seat_wins,
        "seat_win_rates": [_round(r.estimate) for r in rates],
        "seat_win_rate_cis": [r.as_list() for r in rates],
        "draws": draws,
        "mean_scores": [_round(m.estimate) for m in means],
        "mean_score_cis": [m.as_list() for m in means],
        "median_scores": [median(col) for col in columns],
        "p90_scores": [nearest_rank(col, 0.9) for col in columns],
        "score_histograms": [_histogram(col) for col in columns],
        "mean_margin": _round(margin.estimate) if margin else None,
        "mean_margin_ci": margin.as_list() if margin else [None, None],
        "mean_turns": _round(math.fsum(turns) / n) if n else None,
        "confidence": confidence,
    }


def summarize(records: Sequence[Record], confidence: float = 0.95) -> dict:
    """Statistics for records of either kind of game."""
    if is_scoring(records):
        return summarize_scores(cast(Sequence[ScoreRecord], records), confidence)
    return summarize_wins(cast(Sequence[WinRecord], records), confidence)


def precision_of(records: Sequence[Record], confidence: float = 0.95) -> float:
    """Half-width of the headline interval: mean win turn (turns), or the first seat's mean score (points)."""
    if is_scoring(records):
        return mean_interval([r.scores[0] for r in records if isinstance(r, ScoreRecord)], confidence).half_width
    return mean_interval([r.turn for r in records if isinstance(r, WinRecord) and r.won and r.turn is not None],
                         confidence).half_width



def widest_half_width(records: Sequence[Sequence[Record]], confidence: float = 0.95) -> float:
    """The widest half-width of a run of several decks on the same seeds: each deck's headline interval,
    and each paired difference with the first deck."""
    widths = [precision_of(r, confidence) for r in records]
    if len(records) > 1:  # a comparison is only as sharp as its paired differences
        from deckkit.sim.compare import difference  # compare reads this module

        widths += [difference(records[0], r, confidence).half_width for r in records[1:]]
    return max(widths)


def two_sided_p(interval: Interval, confidence: float = 0.95) -> float | None:
    """The two-sided p-value of "the true mean is 0" for a mean's t-interval (normal tail; None without an interval).

    The standard error is read back from the interval's half-width; with hundreds of games per
    estimate the t and normal tails agree to well under the precision anyone reads a p-value at.
    """
    if interval.estimate is None or interval.lo is None or interval.n < 2:
        return None
    se = interval.half_width / t_quantile(0.5 + confidence / 2, interval.n - 1)
    if se == 0:
        return 1.0 if interval.estimate == 0 else 0.0
    z = abs(interval.estimate) / se
    return min(1.0, 2 * (1 - NormalDist().cdf(z)))


def holm(p_values: Sequence[float | None], alpha: float = 0.05) -> list[bool]:
    """Holm's step-down test: which hypotheses are rejected with family-wise error at most ``alpha``.

    Sort the p-values; the k-th smallest (from 0) is rejected while p ≤ alpha / (m - k); the first
    one that fails stops the procedure. ``None`` (no estimate) is never rejected and counts in m.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: (p_values[i] is None, p_values[i] or 0.0, i))
    out = [False] * m
    for k, i in enumerate(order):
        p = p_values[i]
        if p is None or p > alpha / (m - k):
            break
        out[i] = True
    return out
