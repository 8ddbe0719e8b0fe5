"""Regular expressions typed by users (``name:/…/``, ``o:/…/``), matched under a time budget.

A pattern such as ``(a|aa)+$`` backtracks for hours on a 120-character name, and Python's ``re``
cannot be stopped. The ``regex`` module takes a timeout per match, so every user pattern goes
through a :class:`Matcher`: each match may use what is left of the pattern's budget, and a pattern
that runs out is refused with :class:`RegexTooSlow`, a usage error naming it (exit 2).

Compiling is bounded before it starts: the ``regex`` module writes out a counted repeat in full,
so ``a{1000000000}`` would grow by hundreds of megabytes a second inside C code that Ctrl-C cannot
stop. :func:`compile_pattern` reads the pattern's tree first and refuses a repeat count over
:data:`MAX_REPEAT`, a pattern whose written-out size passes :data:`MAX_SIZE`, groups nested past
:data:`MAX_NESTING` or text longer than :data:`MAX_PATTERN` — so every compile takes milliseconds.
Searches, strategies, hand conditions and tune pools all reach patterns through the query parser,
hence through these limits.

SQLite calls ``regexp()`` from C and turns any exception into a generic "user-defined function
raised exception", losing both this error and a Ctrl-C (KeyboardInterrupt). :func:`sql_regexp`
keeps the real exception; :func:`pop_failure` hands it to the CLI's error mapping.
"""

from __future__ import annotations

import re
import time
from re import _constants as sre, _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

import regex

from deckkit.errors import UsageError

PER_MATCH_S = 0.5  # one name or text: far beyond any sane pattern (they take microseconds)
BUDGET_S = 20.0  # all the matches of one search or one condition together
FLAGS = regex.IGNORECASE | regex.VERSION0  # VERSION0: the syntax of Python's re module

MAX_REPEAT = 1000  # a{n}, a{n,m}: n and m at most this (card texts are a few hundred characters)
MAX_SIZE = 20_000  # the pattern written out, repeats multiplied in: compiles in about 15 ms
MAX_NESTING = 100  # groups inside groups
MAX_PATTERN = 2000  # characters


class PatternTooBig(re.error):
    """A pattern past a compile limit: ``msg`` and ``pos`` as a syntax error has, plus a ``hint``."""

    def __init__(self, msg: str, pattern: str, pos: int | None, hint: str) -> None:
        super().__init__(msg, pattern, pos)
        self.hint = hint


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
    A pattern past a limit of size is a :class:`PatternTooBig` before anything is compiled.
    """
    if len(pattern) > MAX_PATTERN:
        raise PatternTooBig(f"the pattern is {len(pattern):,} characters long, more than {MAX_PATTERN:,}",
                            pattern, MAX_PATTERN, hint="a shorter pattern, or several terms joined by and/or")
    _check_nesting(pattern)
    try:
        tree = sre_parse.parse(pattern, re.IGNORECASE)
    except RecursionError:  # nesting by other means than groups (e.g. lookarounds in classes): same limit
        raise PatternTooBig(f"the pattern nests more than {MAX_NESTING} levels deep", pattern, 0,
                            hint=_NESTING_HINT) from None
    _check_size(tree, pattern)
    re.compile(pattern, re.IGNORECASE)
    return regex.compile(pattern, FLAGS)


_REPEAT_HINT = (f"a repeat such as a{{3}} or a{{2,5}} counts to at most {MAX_REPEAT:,}; for a long run "
                "write a+ or a{" + str(MAX_REPEAT) + ",}")
_NESTING_HINT = "fewer groups inside groups; (?:…) groups nest the same way as (…)"
_COUNTED = re.compile(r"(?<!\\)\{\s*(\d*)\s*(?:,\s*(\d*)\s*)?\}")


def _check_nesting(pattern: str) -> None:
    """PatternTooBig at the first ``(`` deeper than MAX_NESTING (escapes and [classes] skipped)."""
    depth, i, in_class = 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "^":
                i += 1
            if pattern[i + 1:i + 2] == "]":  # a ] first in a class is a character, not its end
                i += 1
        elif c == "(":
            depth += 1
            if depth > MAX_NESTING:
                raise PatternTooBig(f"the pattern nests more than {MAX_NESTING} groups deep", pattern, i,
                                    hint=_NESTING_HINT)
        elif c == ")":
            depth = max(0, depth - 1)
        i += 1


def _repeat_pos(pattern: str, count: int) -> int | None:
    """Where the counted repeat that names ``count`` is written (for the caret under it)."""
    for m in _COUNTED.finditer(pattern):
        if any(g and g.isdigit() and int(g) == count for g in m.groups()):
            return m.start()
    return None


def _check_size(tree: Any, pattern: str) -> None:
    """PatternTooBig when a repeat counts past MAX_REPEAT or the written-out pattern passes MAX_SIZE."""
    repeats = (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", sre.MAX_REPEAT))

    def size(items: Any) -> int:
        total = 0
        for op, av in items:
            if op in repeats:
                low, high, sub = av
                for count in (low, high):
                    if count != sre.MAXREPEAT and count > MAX_REPEAT:
                        raise PatternTooBig(f"the repeat count {count:,} is more than {MAX_REPEAT:,}", pattern,
                                            _repeat_pos(pattern, count), hint=_REPEAT_HINT)
                times = low if high == sre.MAXREPEAT else high
                total += 1 + size(sub) * max(times, 1)
            elif op is sre.SUBPATTERN:
                total += 1 + size(av[3])
            elif op is sre.BRANCH:
                total += 1 + sum(size(branch) for branch in av[1])
            elif op is sre.ATOMIC_GROUP:
                total += 1 + size(av)
            elif op in (sre.ASSERT, sre.ASSERT_NOT):
                total += 1 + size(av[1])
            elif op is sre.GROUPREF_EXISTS:
                total += 1 + size(av[1]) + (size(av[2]) if av[2] else 0)
            else:
                total += 1
            if total > MAX_SIZE:
                raise PatternTooBig(f"the pattern is too big to compile: its repeats written out make more than "
                                    f"{MAX_SIZE:,} steps", pattern, None,
                                    hint="smaller repeat counts, or fewer repeats inside repeats; a+ or a{2,} "
                                         "cost no more than a")
        return total

    size(tree)


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
