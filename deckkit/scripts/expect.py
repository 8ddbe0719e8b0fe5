"""Script expectations: a value to equal, or a table of operators (length, contains, comparisons …).

``"p1.life" = 20`` compares for equality (strings case- and diacritics-insensitively, lists in
order, ``"none"`` for a missing result). An inline table of operators says more or less than that:

- ``length = 3`` (or a comparison table, ``length = {">=" = 2}``) — the size of a list or string;
- ``count = {"Chleba" = 2}`` — how many times each item is in a list;
- ``contains = "Glum"`` / ``contains = ["Glum", "Chleba"]`` — items present (each as often as listed);
- ``not_contains = "Glum"`` (or a list) — items absent;
- ``unordered = [...]`` — the same items in any order;
- ``"==" "!=" "<" "<=" ">" ">="`` — comparisons of numbers (``"==" / "!="`` of anything).

Several operators in one table must all hold. A card label ``Chleba#2`` (the second copy in play,
as actions name it) matches an expected ``Chleba``: an expectation may list the same card twice.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from deckkit.text import fold

COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
OPERATORS = ("length", "count", "contains", "not_contains", "unordered", *COMPARISONS)
_COPY = re.compile(r"#\d+(?=\s*(\(|$))")


class ExpectError(ValueError):
    """An expectation that cannot be checked as written (unknown operator, a number against a list)."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.message, self.hint = message, hint


def is_operator_table(value: Any) -> bool:
    """Whether an expected value is an operator table (a dict with at least one operator key)."""
    return isinstance(value, dict) and any(k in OPERATORS for k in value)


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return fold(_COPY.sub("", value))
    return value


def same(expected: Any, actual: Any) -> bool:
    """Equality as scripts mean it (see the module docstring)."""
    if expected == "none" and actual is None:
        return True
    if isinstance(expected, str) and isinstance(actual, str):
        return fold(expected) == fold(actual) or ("#" not in expected and _norm(expected) == _norm(actual))
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(same(e, a) for e, a in zip(expected, actual))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return expected.keys() == actual.keys() and all(same(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return expected == actual


def _describe(actual: Any) -> str:
    if isinstance(actual, list):
        return f"a list ({len(actual)} item{'s' if len(actual) != 1 else ''})"
    if isinstance(actual, dict):
        return "a table"
    if isinstance(actual, bool):
        return "true/false"
    if isinstance(actual, (int, float)):
        return "a number"
    if actual is None:
        return "none"
    return "text"


def _number(path: str, op: str, want: Any, actual: Any) -> None:
    if isinstance(want, bool) or not isinstance(want, (int, float)):
        raise ExpectError(f"{path}: {op!r} compares numbers, and {want!r} is not a number",
                          f'write e.g. {{"{op}" = 3}}')
    if isinstance(actual, bool) or not isinstance(actual, (int, float)):
        hint = (f'compare its length instead: {path} = {{length = {{"{op}" = {want}}}}}'
                if isinstance(actual, (list, str)) else "compare a number, e.g. a life total or a count")
        raise ExpectError(f"{path} is {_describe(actual)}, not a number: {op!r} cannot compare it with {want}", hint)


def _compare(op: str, want: Any, actual: Any) -> bool:
    if op == "==":
        return same(want, actual)
    if op == "!=":
        return not same(want, actual)
    return {"<": actual < want, "<=": actual <= want, ">": actual > want, ">=": actual >= want}[op]


def _items(value: Any) -> list:
    return value if isinstance(value, list) else [value]


def _need_list(path: str, op: str, actual: Any) -> list:
    if isinstance(actual, list):
        return actual
    raise ExpectError(f"{path} is {_describe(actual)}, not a list: {op!r} looks into lists",
                      f"compare it for equality instead: {path} = {actual!r}" if actual is not None
                      else "point the path at a zone, e.g. p1.hand")


def _count(items: list, wanted: Any) -> int:
    return sum(1 for a in items if same(wanted, a))


def check(path: str, expected: Any, actual: Any) -> list[str]:
    """The operators of ``expected`` that ``actual`` breaks, as readable lines (empty: it holds).

    Raises :class:`ExpectError` for an expectation that can never be checked (bad operator or types).
    """
    if not is_operator_table(expected):
        if isinstance(expected, dict):
            bad = next(iter(expected), "")
            close = difflib.get_close_matches(str(bad), OPERATORS, n=1, cutoff=0.5)
            if close or not isinstance(actual, dict):  # a misspelt operator, or no table to compare it with
                fix = f"did you mean {close[0]!r}? " if close else ""
                raise ExpectError(f"{path}: unknown expectation operator {bad!r}",
                                  fix + "operators: " + ", ".join(OPERATORS))
        return [] if same(expected, actual) else ["differs"]
    unknown = [k for k in expected if k not in OPERATORS]
    if unknown:
        close = difflib.get_close_matches(unknown[0], OPERATORS, n=1, cutoff=0.5)
        fix = f"did you mean {close[0]!r}? " if close else ""
        raise ExpectError(f"{path}: unknown expectation operator {unknown[0]!r}",
                          fix + "operators: " + ", ".join(OPERATORS))
    broken: list[str] = []
    for op, want in expected.items():
        if op in COMPARISONS:
            broken += _comparison(path, op, want, actual)
        else:
            broken += _CHECKS[op](path, want, actual)
    return broken


def _comparison(path: str, op: str, want: Any, actual: Any) -> list[str]:
    """A comparison: == and != of anything, the others of numbers only."""
    if op not in ("==", "!="):
        _number(path, op, want, actual)
    return [] if _compare(op, want, actual) else [f"{op} {want!r}"]


def _length(path: str, want: Any, actual: Any) -> list[str]:
    """``length = N`` or a table of comparisons of the size of a list or string."""
    if not isinstance(actual, (list, str)):
        raise ExpectError(f"{path} is {_describe(actual)}: it has no length",
                          f'compare it directly, e.g. {path} = {{">=" = 1}}')
    size = len(actual)
    tests = want if isinstance(want, dict) else {"==": want}
    broken = []
    for cop, cwant in tests.items():
        if cop not in COMPARISONS:
            raise ExpectError(f"{path}: length takes a number or a comparison table, not {cop!r}",
                              'write e.g. length = 3 or length = {">=" = 2}')
        _number(path, cop, cwant, size)
        if not _compare(cop, cwant, size):
            broken.append(f"length {size}, expected {cop} {cwant}")
    return broken


def _count_of(path: str, want: Any, actual: Any) -> list[str]:
    """``count = {ITEM = N}``: how many times each item is in the list."""
    items = _need_list(path, "count", actual)
    if not isinstance(want, dict):
        raise ExpectError(f"{path}: count takes a table of items and numbers",
                          'write e.g. count = {"Chleba" = 2}')
    broken = []
    for item, n in want.items():
        _number(path, "==", n, 0)
        got = _count(items, item)
        if got != n:
            broken.append(f"{item} {got} time(s), expected {n}")
    return broken


def _unmatched(want: list, actual: list) -> tuple[list, list]:
    """The wanted items not in ``actual`` and the items of ``actual`` left over; each item matches once."""
    items = list(actual)
    missing = []
    for item in want:
        found = next((i for i, a in enumerate(items) if same(item, a)), None)
        if found is None:
            missing.append(item)
        else:
            items.pop(found)
    return missing, items


def _contains(path: str, want: Any, actual: Any) -> list[str]:
    """``contains``: each item present, as often as listed."""
    missing, _ = _unmatched(_items(want), _need_list(path, "contains", actual))
    return [f"does not contain {item!r}" for item in missing]


def _not_contains(path: str, want: Any, actual: Any) -> list[str]:
    """``not_contains``: each item absent."""
    items = _need_list(path, "not_contains", actual)
    return [f"contains {item!r}" for item in _items(want) if _count(items, item)]


def _unordered(path: str, want: Any, actual: Any) -> list[str]:
    """``unordered``: the same items in any order."""
    items = _need_list(path, "unordered", actual)
    if not isinstance(want, list):
        raise ExpectError(f"{path}: unordered takes a list", 'write e.g. unordered = ["Glum", "Chleba"]')
    missing, extra = _unmatched(want, items)
    if missing or extra:
        return ["not the same items" + (f"; missing {missing}" if missing else "")
                + (f"; extra {extra}" if extra else "")]
    return []


_CHECKS = {"length": _length, "count": _count_of, "contains": _contains, "not_contains": _not_contains,
           "unordered": _unordered}
