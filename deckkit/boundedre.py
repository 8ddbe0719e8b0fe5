"""Regular expressions typed by users (``name:/…/``, ``o:/…/``), matched under a time budget.

A pattern such as ``(a|aa)+$`` backtracks for hours on a 120-character name, and Python's ``re``
cannot be stopped. The ``regex`` module takes a timeout per match, so every user pattern goes
through a :class:`Matcher`: each match may use what is left of the pattern's budget, and a pattern
that runs out is refused with :class:`RegexTooSlow`, a usage error naming it (exit 2).

SQLite calls ``regexp()`` from C and turns any exception into a generic "user-defined function
raised exception", losing both this error and a Ctrl-C (KeyboardInterrupt). :func:`sql_regexp`
keeps the real exception; :func:`pop_failure` hands it to the CLI's error mapping.
"""

from __future__ import annotations

import re
import time

import regex

from deckkit.errors import UsageError

PER_MATCH_S = 0.5  # one name or text: far beyond any sane pattern (they take microseconds)
BUDGET_S = 20.0  # all the matches of one search or one condition together
FLAGS = regex.IGNORECASE | regex.VERSION0  # VERSION0: the syntax of Python's re module

error = (re.error, regex.error)  # both carry ``msg`` and ``pos``


class RegexTooSlow(UsageError):
    """A user's regular expression needed more than its time budget (catastrophic backtracking)."""

    def __init__(self, pattern: str, limit: float, what: str = "one text") -> None:
        super().__init__(f"the regular expression /{pattern}/ takes too long to match "
                         f"(over {limit:g} s for {what})",
                         hint="simplify it: nested repeats such as (a+)+ or (a|aa)* make a pattern try "
                              "exponentially many ways; e.g. write a+ instead of (a+)+")
        self.pattern = pattern


def compile_pattern(pattern: str) -> regex.Pattern:
    """The compiled case-insensitive pattern; raises one of :data:`error` (with ``msg`` and ``pos``) if malformed.

    Python's ``re`` judges the syntax first: the query language documents its dialect and messages.
    """
    re.compile(pattern, re.IGNORECASE)
    return regex.compile(pattern, FLAGS)


class Matcher:
    """``search(text) -> bool`` for one user pattern under two limits: each match, and all of them together."""

    def __init__(self, pattern: str, budget: float | None = None, per_match: float | None = None) -> None:
        self.pattern = pattern
        self.budget = BUDGET_S if budget is None else budget
        self.per_match = PER_MATCH_S if per_match is None else per_match
        self.left = self.budget
        self._rx = compile_pattern(pattern)

    def search(self, text: str) -> bool:
        """True when the pattern occurs in ``text`` (case-insensitive); RegexTooSlow past a limit."""
        timeout = min(self.per_match, self.left)
        start = time.perf_counter()
        try:
            return self._rx.search(text, timeout=max(timeout, 0.001)) is not None
        except TimeoutError:
            if timeout < self.per_match:
                raise RegexTooSlow(self.pattern, self.budget, "all the cards together") from None
            raise RegexTooSlow(self.pattern, self.per_match) from None
        finally:
            self.left = max(0.0, self.left - (time.perf_counter() - start))


_SQL_MATCHERS: dict[str, Matcher] = {}
_failure: BaseException | None = None


def prepare_sql(pattern: str) -> None:
    """Give ``pattern`` a fresh budget for the next SQL statement (called when a query is compiled)."""
    _SQL_MATCHERS[pattern] = Matcher(pattern)
    if len(_SQL_MATCHERS) > 256:  # a long-lived process searching many patterns: forget the oldest
        del _SQL_MATCHERS[next(iter(_SQL_MATCHERS))]


def sql_regexp(pattern: str | None, value: str | None) -> int:
    """SQLite's ``regexp(pattern, value)``: 1 or 0; an exception is also kept for :func:`pop_failure`."""
    global _failure
    if pattern is None or value is None:
        return 0
    try:
        matcher = _SQL_MATCHERS.get(pattern)
        if matcher is None:
            prepare_sql(pattern)
            matcher = _SQL_MATCHERS[pattern]
        return 1 if matcher.search(value) else 0
    except BaseException as exc:  # noqa: B036 - Ctrl-C too: SQLite would swallow it
        _failure = exc
        raise


def pop_failure() -> BaseException | None:
    """The exception the last failing ``regexp()`` call raised (then forgotten), if any."""
    global _failure
    exc, _failure = _failure, None
    return exc
