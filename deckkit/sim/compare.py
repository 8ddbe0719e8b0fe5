"""Decks side by side on the same seeds: paired differences and a plain-words verdict.

Game ``i`` of every deck uses the same seed, so decks of equal size get the same shuffle
permutation and start from the same luck (common random numbers); the per-game differences then
vary far less than two independent runs would, and the interval is correspondingly narrower.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from deckkit.sim.stats import Interval, is_scoring, mean_interval
from deckkit.engine.results import Record, ScoreRecord, WinRecord


def _pct(confidence: float) -> str:
    return f"{confidence * 100:g}%"


def _num(x: float, digits: int = 1) -> str:
    text = f"{x:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text  # no "-0.0"


def _digits(lo: float, hi: float) -> int:
    # One decimal is as precise as a turn count deserves, unless the interval is so narrow that
    # the estimate and its bounds would print the same.
    return 1 if hi - lo >= 0.2 else 2


def paired_turn_difference(base: Sequence[WinRecord], other: Sequence[WinRecord], confidence: float = 0.95) -> Interval:
    """Mean of ``other.turn - base.turn`` over the seeds both decks won, with its t-interval."""
    by_index = {r.index: r.turn for r in base if r.won and r.turn is not None}
    diffs = [r.turn - by_index[r.index] for r in other if r.won and r.turn is not None and r.index in by_index]
    return mean_interval(diffs, confidence)


def paired_score_difference(base: Sequence[ScoreRecord], other: Sequence[ScoreRecord], confidence: float = 0.95) -> Interval:
    """Mean of the first seat's score difference ``other - base`` per seed, with its t-interval."""
    by_index = {r.index: r.scores[0] for r in base}
    diffs = [r.scores[0] - by_index[r.index] for r in other if r.index in by_index]
    return mean_interval(diffs, confidence)


def turn_verdict(name: str, base_name: str, diff: Interval, confidence: float = 0.95) -> str:
    """Plain words for a win-turn difference ``name - base_name`` (negative: ``name`` is faster)."""
    if diff.lo is None or diff.hi is None or diff.estimate is None:
        return f"not enough won games to compare {name} with {base_name}"
    pct, d = _pct(confidence), _digits(diff.lo, diff.hi)
    if diff.lo == diff.hi == 0:
        return f"no difference: {name} and {base_name} won on the same turn in every game"
    if diff.hi < 0:
        return (f"{name} wins {_num(-diff.estimate, d)} turns sooner than {base_name}, "
                f"{pct} CI {_num(-diff.hi, d)}–{_num(-diff.lo, d)}")
    if diff.lo > 0:
        return (f"{name} wins {_num(diff.estimate, d)} turns later than {base_name}, "
                f"{pct} CI {_num(diff.lo, d)}–{_num(diff.hi, d)}")
    return (f"no clear difference: {name} − {base_name} = {_num(diff.estimate, d)} turns, "
            f"{pct} CI {_num(diff.lo, d)} to {_num(diff.hi, d)} (more games may tell)")


def score_verdict(name: str, base_name: str, diff: Interval, confidence: float = 0.95) -> str:
    """Plain words for a score difference ``name - base_name`` (positive: ``name`` scores more)."""
    if diff.lo is None or diff.hi is None or diff.estimate is None:
        return f"not enough games to compare {name} with {base_name}"
    pct, d = _pct(confidence), _digits(diff.lo, diff.hi)
    if diff.lo > 0:
        return (f"{name} scores {_num(diff.estimate, d)} points more than {base_name}, "
                f"{pct} CI {_num(diff.lo, d)}–{_num(diff.hi, d)}")
    if diff.hi < 0:
        return (f"{name} scores {_num(-diff.estimate, d)} points less than {base_name}, "
                f"{pct} CI {_num(-diff.hi, d)}–{_num(-diff.lo, d)}")
    return (f"no clear difference: {name} − {base_name} = {_num(diff.estimate, d)} points, "
            f"{pct} CI {_num(diff.lo, d)} to {_num(diff.hi, d)} (more games may tell)")


def difference(base: Sequence[Record], other: Sequence[Record], confidence: float = 0.95) -> Interval:
    """The paired difference ``other - base``: win turns, or the first seat's scores for Kotlík."""
    if is_scoring(base):
        return paired_score_difference(cast(Sequence[ScoreRecord], base), cast(Sequence[ScoreRecord], other),
                                       confidence)
    return paired_turn_difference(cast(Sequence[WinRecord], base), cast(Sequence[WinRecord], other), confidence)


def compare(base_name: str, base: Sequence[Record], name: str, other: Sequence[Record],
            confidence: float = 0.95) -> dict:
    """The paired comparison of deck ``name`` against ``base_name`` as a JSON-ready dict."""
    scoring = is_scoring(base)
    diff = difference(base, other, confidence)
    verdict = (score_verdict if scoring else turn_verdict)(name, base_name, diff, confidence)
    return {
        "baseline": base_name,
        "measure": "score" if scoring else "win_turn",
        "difference": None if diff.estimate is None else round(diff.estimate, 4),
        "ci": diff.as_list(),
        "pairs": diff.n,
        "verdict": verdict,
    }
