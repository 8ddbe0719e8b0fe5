"""Control variates for goldfish means: a sharper mean win turn from an opening-hand fact whose odds are exact.

Whether a condition holds in a game's opening hand (``--control "count(t:food) >= 2"``) is known game
by game, and its probability is known exactly (:mod:`deckkit.hands.odds`). Where the hand explains
part of the spread of win turns, ``mean(turn) − b · (share of hands meeting it − exact odds)`` (``b``
the regression slope of the turn on the condition) estimates the same mean with less variance.

It is applied only where it cannot bias: every game won (the mean is over won games, the odds over
all deals) and no mulligan taken and no keep rule (the exact odds are those of the first hand dealt).
Otherwise the report says why it was not applied.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from deckkit.errors import UsageError
from deckkit.sim.stats import mean_interval


def check_control(condition: str, game: str) -> None:
    """Refuse a control condition that does not parse, or a game without opening hands (exit 2)."""
    from deckkit.engine.registry import spec
    from deckkit.hands.conditions import compile_condition

    info = spec(game)
    if info.records != "win-by-turn" or not getattr(info.opening, "hands", True):
        raise UsageError(f"--control reads opening hands and win turns; {info.title} goldfish has no such pair",
                         hint="leave out --control")
    compile_condition(condition)


def _skip(report: dict, condition: str, reason: str) -> None:
    report["control"] = {"condition": condition, "applied": False, "reason": reason}


def add_control(report: dict, cards: Sequence[dict], game: str, records: Sequence[Any], condition: str,
                confidence: float = 0.95, keep: str | None = None) -> None:
    """Give a deck's report a ``control`` object: the corrected mean win turn and interval beside the plain
    ones and the variance reduction, or why the correction was not applied."""
    from deckkit.hands.conditions import compile_condition
    from deckkit.hands.odds import answer

    if keep:
        return _skip(report, condition, "a keep rule changes which hands are kept; the exact odds are of the first hand")
    if any(r.mulligans for r in records):
        return _skip(report, condition, "some games took a mulligan; the exact odds are of the first hand dealt")
    if any(not r.won or r.turn is None for r in records):
        return _skip(report, condition, "not every game was won; the mean is over won games, the odds over all deals")
    if any(r.opening is None for r in records) or len(records) < 3:
        return _skip(report, condition, "too few games, or no opening hands recorded")
    parsed = compile_condition(condition)
    keep_test = parsed.keep_callback(cards)
    by_name = {c["name"]: c for c in cards}
    xs = [1.0 if keep_test([by_name[n] for n in r.opening]) else 0.0 for r in records]
    ys = [float(r.turn) for r in records]
    exact = answer(list(cards), game, parsed)[0].probability
    n = len(xs)
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    var_x = math.fsum((x - mx) ** 2 for x in xs) / (n - 1)
    if var_x == 0:
        return _skip(report, condition, "the condition held in every game or in none: it explains nothing")
    slope = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys)) / (n - 1) / var_x
    adjusted = [y - slope * (x - exact) for x, y in zip(xs, ys)]
    plain, better = mean_interval(ys, confidence), mean_interval(adjusted, confidence)
    ratio = (plain.half_width / better.half_width) ** 2 if better.half_width > 0 else None
    report["control"] = {
        "condition": condition, "applied": True, "exact_odds": round(exact, 6), "seen_share": round(mx, 6),
        "slope": round(slope, 4), "mean_turn": round(better.estimate or 0.0, 4), "mean_turn_ci": better.as_list(),
        "plain_mean_turn": round(plain.estimate or 0.0, 4), "plain_mean_turn_ci": plain.as_list(),
        "variance_reduction": None if ratio is None else round(ratio, 3),
    }
