"""Reading JSON from card files strictly: what SQLite's JSON and the schema can take back.

One reader for JSON files, JSON Lines and the JSON cells of CSV files, so all three refuse the same
things with the same words.
"""

from __future__ import annotations

import json
from typing import Any

from deckkit.fileio import lone_surrogate

__all__ = ["loads"]

_INF = float("inf")


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (_INF, -_INF):  # e.g. 1e400: JSON has no infinity, and SQLite's JSON functions reject it
        raise ValueError(f"the number {text[:30]} is too large")
    return value


def _small_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > 100:  # Python refuses thousands of digits; the schema's maxima explain smaller absurd numbers
        raise ValueError(f"the number {text[:20]}… has {digits} digits, too many for a card")
    return int(text)


def loads(text: str) -> Any:
    """Parse JSON; NaN, Infinity, numbers beyond a float or SQLite's integers, lone surrogates (``\\ud800``)
    and absurd nesting raise ValueError.

    Syntax errors raise :class:`json.JSONDecodeError` (a ValueError with line and column).
    """
    try:
        data = json.loads(text, parse_constant=_no_constants, parse_float=_finite_float, parse_int=_small_int)
    except RecursionError:  # the stdlib decoder recurses once per level of [ or {
        raise ValueError("the JSON nests too deeply (hundreds of levels of [ or {)") from None
    bad = lone_surrogate(text, data)
    if bad is not None:
        raise ValueError(bad)
    return data
