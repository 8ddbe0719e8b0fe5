"""Reading JSON from card files strictly: what SQLite's JSON and the schema can take back.

One reader for JSON files, JSON Lines and the JSON cells of CSV files, so all three refuse the same
things with the same words.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["loads"]

_INF = float("inf")


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (_INF, -_INF):  # e.g. 1e400: JSON has no infinity, and SQLite's JSON functions reject it
        raise ValueError(f"the number {text[:30]} is too large")
    return value


def loads(text: str) -> Any:
    """Parse JSON; NaN, Infinity and numbers beyond a float raise ValueError, and so does absurd nesting.

    Syntax errors raise :class:`json.JSONDecodeError` (a ValueError with line and column).
    """
    try:
        return json.loads(text, parse_constant=_no_constants, parse_float=_finite_float)
    except RecursionError:  # the stdlib decoder recurses once per level of [ or {
        raise ValueError("the JSON nests too deeply (hundreds of levels of [ or {)") from None
