"""The condition language of strategies: comparisons and sums over a game's :meth:`State.snapshot`.

``count(QUERY)`` counts the deck player's cards in a zone that match a search query (``in:ZONE``,
``of:opponent``), ``value(PATH)`` reads a number or text of the snapshot (``p2.life``, ``phase``);
:func:`compile_when` joins comparisons of them with and / or / not, :func:`compile_value` adds them up.
"""

from __future__ import annotations

import operator
import re
from typing import Any
from collections.abc import Callable

from deckkit.errors import DataError
from deckkit.text import fold

_OPS = {">=": operator.ge, "<=": operator.le, "!=": operator.ne, "==": operator.eq, "=": operator.eq,
        ">": operator.gt, "<": operator.lt}

_TOKEN = re.compile(r"\s*(?:(?P<num>-?\d+)|(?P<str>\"[^\"]*\")|(?P<op>>=|<=|!=|==|=|>|<)|(?P<par>[()])|(?P<word>[A-Za-z_]+)(?P<call>\()?)")


def _closing(text: str, start: int) -> int:
    """Index of the parenthesis closing the one before ``start`` (quotes respected)."""
    depth, quote = 1, False
    for i in range(start, len(text)):
        ch = text[i]
        if ch == '"':
            quote = not quote
        elif not quote and ch == "(":
            depth += 1
        elif not quote and ch == ")":
            depth -= 1
            if depth == 0:
                return i
    raise DataError(f"unclosed parenthesis in {text!r}", hint="add a ')'")


def _count_term(query: str) -> Callable[[dict, Callable], int]:
    from deckkit.query import compile_predicate

    zone, side = "hand", 0
    words = []
    for word in query.split():
        low = fold(word)
        if low.startswith("in:"):
            zone = low[3:]
        elif low in ("of:opponent", "of:p2"):
            side = 1
        elif low in ("of:me", "of:p1"):
            side = 0
        else:
            words.append(word)
    rest = " ".join(words)
    try:
        pred = compile_predicate(rest) if rest else (lambda card: True)
    except Exception as exc:
        raise DataError(f"bad query {rest!r}: {exc}", hint="queries use the search language, e.g. t:food cost<=2") from None

    def count(snapshot: dict, card_of: Callable[[str], dict | None]) -> int:
        player = snapshot.get(("p1", "p2")[side]) or {}
        names = player.get(zone)
        if not isinstance(names, list):
            raise DataError(f"no zone {zone!r} in the game's state",
                            hint="zones: " + ", ".join(k for k, v in player.items() if isinstance(v, list)))
        total = 0
        for name in names:
            card = card_of(name)
            total += card is not None and pred(card)
        return total

    return count


def _value_term(path: str) -> Callable[[dict, Callable], int | str]:
    keys = [k.strip() for k in path.split(".") if k.strip()]
    if not keys:
        raise DataError("value() needs a path, e.g. value(p2.life)")

    def value(snapshot: dict, card_of: Callable) -> int | str:
        node: Any = snapshot
        for key in keys:
            if not isinstance(node, dict) or key not in node:
                raise DataError(f"value({path}): no {key!r} in the game's state",
                                hint="paths follow the snapshot, e.g. p1.life, p2.glory, p1.vp")
            node = node[key]
        if isinstance(node, list):
            return len(node)
        return fold(node) if isinstance(node, str) else (0 if node is None else int(node))

    return value


def compile_when(text: str) -> Callable[[dict, Callable], bool]:
    """A condition ``(snapshot, card_of) -> bool`` from its text; DataError naming the problem."""
    parser = _When(text)
    result = parser.expr()
    if text[parser.pos:].strip():
        raise DataError(f"unexpected {text[parser.pos:].strip()!r} at column {parser.pos + 1} of {text!r}",
                        hint="join comparisons with and / or")
    return result


_Test = Callable[[dict, Callable], Any]


class _When:
    """A recursive-descent parser of one condition: ``or`` of ``and`` of factors (``not``, parentheses or a
    comparison of two operands); each rule returns the compiled test of what it read."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def peek(self) -> re.Match | None:
        """The next token, or None at the end."""
        return _TOKEN.match(self.text, self.pos) if self.text[self.pos:].strip() else None

    def take(self) -> re.Match:
        """The next token, consumed; DataError when there is none or it cannot be read."""
        m = self.peek()
        if m is None and self.text[self.pos:].strip():
            raise DataError(f"unexpected {self.text[self.pos:].strip()!r} at column {self.pos + 1} of {self.text!r}")
        if m is None:
            raise DataError(f"condition {self.text!r} ends too early", hint="e.g. count(t:food in:hand) >= 1")
        self.pos = m.end()
        return m

    def keyword(self, word: str) -> bool:
        """Consume the word (and, or, not) when it comes next."""
        m = self.peek()
        if m and m.group("word") and not m.group("call") and fold(m.group("word")) == word:
            self.pos = m.end()
            return True
        return False

    def expr(self) -> _Test:
        """Terms joined by or."""
        parts = [self.term()]
        while self.keyword("or"):
            parts.append(self.term())
        return parts[0] if len(parts) == 1 else lambda s, c: any(p(s, c) for p in parts)

    def term(self) -> _Test:
        """Factors joined by and."""
        parts = [self.factor()]
        while self.keyword("and"):
            parts.append(self.factor())
        return parts[0] if len(parts) == 1 else lambda s, c: all(p(s, c) for p in parts)

    def factor(self) -> _Test:
        """not FACTOR, ( EXPR ) or a comparison."""
        if self.keyword("not"):
            inner = self.factor()
            return lambda s, c: not inner(s, c)
        m = self.peek()
        if m and m.group("par") == "(":
            self.pos = m.end()
            inner = self.expr()
            close = self.take()
            if close.group("par") != ")":
                raise DataError(f"expected ')' at column {close.start() + 1} of {self.text!r}")
            return inner
        return self.comparison()

    def comparison(self) -> _Test:
        """OPERAND OP OPERAND; text against a number is only ever unequal."""
        left = self.operand()
        m = self.take()
        if not m.group("op"):
            raise DataError(f"expected a comparison (>=, <=, =, !=, >, <) at column {m.start() + 1} of {self.text!r}")
        op, right = _OPS[m.group("op")], self.operand()

        def compare(s: dict, c: Callable) -> bool:
            a, b = left(s, c), right(s, c)
            if isinstance(a, str) != isinstance(b, str):  # text against number: only = / != make sense
                return op is operator.ne
            return op(a, b)

        return compare

    def operand(self) -> _Test:
        """A number, a "text", count(QUERY) or value(PATH)."""
        m = self.take()
        if m.group("num"):
            n = int(m.group("num"))
            return lambda s, c: n
        if m.group("str"):  # compared with text values of the snapshot, e.g. value(phase) = "attack"
            word = fold(m.group("str")[1:-1])
            return lambda s, c: word
        if m.group("word") and m.group("call"):
            end = _closing(self.text, self.pos)
            inner, self.pos = self.text[self.pos:end], end + 1
            if fold(m.group("word")) == "count":
                return _count_term(inner)
            if fold(m.group("word")) == "value":
                return _value_term(inner)
        raise DataError(f"expected count(…), value(…), a number or \"text\" at column {m.start() + 1} of {self.text!r}")


def _split_signs(text: str) -> list[tuple[int, str]]:
    """``a - b + c`` → [(1, a), (-1, b), (1, c)], splitting only outside parentheses and quotes."""
    parts, sign, depth, quote, start = [], 1, 0, False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quote = not quote
        elif not quote and ch in "()":
            depth += 1 if ch == "(" else -1
        elif not quote and depth == 0 and ch in "+-" and text[start:i].strip():
            parts.append((sign, text[start:i]))
            sign, start = (1 if ch == "+" else -1), i + 1
    parts.append((sign, text[start:]))
    return parts


def _number(n: int) -> Callable[[dict, Callable], int]:
    return lambda snapshot, card_of: n


def compile_value(text: str) -> Callable[[dict, Callable], float]:
    """A number ``(snapshot, card_of) -> float`` from ``count(…)``, ``value(…)`` and numbers joined by + and -."""
    if not text.strip():
        raise DataError("prefer needs first, dearest, cheapest, strongest, weakest, glorious, highest, lowest "
                        "or max/min followed by an expression", hint='e.g. prefer = "max value(p1.score)"')
    # A value() term may be text (compare_when compares it); adding up refuses it.
    terms: list[tuple[int, Callable[[dict, Callable], int | str]]] = []
    for sign, piece in _split_signs(text):
        piece = piece.strip()
        m = re.fullmatch(r"(count|value)\((.*)\)", piece, re.S)
        if re.fullmatch(r"\d+", piece):
            terms.append((sign, _number(int(piece))))
        elif m:
            terms.append((sign, (_count_term if m.group(1) == "count" else _value_term)(m.group(2))))
        else:
            raise DataError(f"expected count(…), value(…) or a number, not {piece!r}, in {text!r}",
                            hint="join them with + and -, e.g. value(p1.score) - value(p2.score)")

    def evaluate(snapshot: dict, card_of: Callable) -> float:
        total = 0
        for sign, term in terms:
            v = term(snapshot, card_of)
            if isinstance(v, str):
                raise DataError(f"{text!r}: a text value cannot be added up", hint="use value() of a number")
            total += sign * v
        return total

    return evaluate
