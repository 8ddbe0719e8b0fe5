"""Duplicate-match statistics: results per pair of games on one deal (the pentanomial), score and Elo from pairs.

In a duplicate match the two games of a pair share their deal and their seat-by-seat random choices
(:mod:`deckkit.match.game`), so the pair, not the game, is the independent unit: the score's
interval comes from the spread of the pairs' scores. When the deal's luck favours a seat, the two
games of a pair pull in opposite directions and the pairs vary less than single games do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from deckkit.sim.sprt import GAME_VALUES, PAIR_NAMES, PAIR_VALUES, counts_of, mean_var, pair_category, score_to_elo
from deckkit.sim.stats import normal_quantile, wilson

PAIR_KEYS = ("both_lost", "loss_draw", "split", "win_draw", "both_won")


def game_score(record: dict) -> float:
    """Deck A's score in one game: 1 a win, ½ a draw or an unfinished game, 0 a loss."""
    return 1.0 if record["winner"] == "a" else 0.0 if record["winner"] == "b" else 0.5


def pairs_of(records: Sequence[dict]) -> list[tuple[float, float]]:
    """A's two scores of every complete pair (a pair cut short by Ctrl-C is left out), pair order."""
    by_pair: dict[int, list[float]] = {}
    for r in records:
        by_pair.setdefault(r["pair"], []).append(game_score(r))
    return [(s[0], s[1]) for _, s in sorted(by_pair.items()) if len(s) == 2]


def pentanomial(records: Sequence[dict]) -> list[int]:
    """Counts of pairs: both lost, a loss and a draw, a split (or two draws), a win and a draw, both won."""
    return counts_of([pair_category(a, b) for a, b in pairs_of(records)], 5)


def trinomial(records: Sequence[dict]) -> list[int]:
    """Counts of A's games: lost, drawn (or unfinished), won."""
    return counts_of([round(2 * game_score(r)) for r in records], 3)


def score_interval(counts: Sequence[int], values: Sequence[float], confidence: float) -> tuple[float, float, float] | None:
    """(score, lo, hi): the mean score per game and its normal interval, from categorised results."""
    n = sum(counts)
    if n < 2:
        return None
    mean, var = mean_var(counts, values)
    if var == 0:  # every result alike: no spread to read, so the (wider) interval of a proportion
        w = wilson(round(mean * n), n, confidence)
        return mean, w.lo or 0.0, 1.0 if w.hi is None else w.hi
    half = normal_quantile(0.5 + confidence / 2) * math.sqrt(var * n / (n - 1) / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def _elo(x: float) -> float | None:
    e = score_to_elo(x)
    return None if math.isinf(e) else round(e, 1)


def pair_summary(records: Sequence[dict], confidence: float = 0.95) -> dict:
    """The pair figures of a duplicate match: pentanomial counts, A's score and Elo with intervals from
    the pairs, and the width the same games would give counted one by one (``game_score_ci``)."""
    counts = pentanomial(records)
    paired = score_interval(counts, PAIR_VALUES, confidence)
    games = score_interval(trinomial([r for r in records if "pair" in r]), GAME_VALUES, confidence)
    out: dict = {"pairs": sum(counts), "pentanomial": dict(zip(PAIR_KEYS, counts))}
    if paired is None or games is None:
        out.update({"score": None, "score_ci": [None, None], "elo": None, "elo_ci": [None, None],
                    "game_score_ci": [None, None], "narrowing": None})
        return out
    score, lo, hi = paired
    width, single = hi - lo, games[2] - games[1]
    if mean_var(counts, PAIR_VALUES)[1] == 0:
        width = 0.0  # no spread in the pairs: their interval is a proportion's, no measure of the narrowing
    out.update({"score": round(score, 4), "score_ci": [round(lo, 4), round(hi, 4)],
                "elo": _elo(score), "elo_ci": [_elo(lo), _elo(hi)],
                "game_score_ci": [round(games[1], 4), round(games[2], 4)],
                # how much narrower the pairs' interval is than the games' one (1 = the same width)
                "narrowing": round(single / width, 3) if width > 0 else None})
    return out


def elo_of_interval(lo: float | None, hi: float | None) -> list[float | None]:
    """An interval of scores as an interval of Elo (None at 0 or 1)."""
    return [None if lo is None else _elo(lo), None if hi is None else _elo(hi)]


def pair_line(summary: dict) -> str:
    """``pairs: both lost 3, loss+draw 0, split 12, win+draw 0, both won 5``."""
    counts = summary["pentanomial"]
    return "pairs: " + ", ".join(f"{name} {counts[key]}" for name, key in zip(PAIR_NAMES, PAIR_KEYS))
