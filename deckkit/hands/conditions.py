"""Conditions on a hand: ``count(QUERY) OP N`` joined by ``and``/``or``/``not`` and parentheses.

The language is the one of ``../shared/CLI.md`` ("Conditions for ``hand --keep`` and ``odds``")::

    cond    := or_expr
    or_expr := and_expr ("or" and_expr)*
    and_expr:= not_expr ("and" not_expr)*
    not_expr:= "not" not_expr | "(" cond ")" | count
    count   := "count" "(" QUERY ")" OP INTEGER          OP: >= <= > < = == != :

QUERY is the card search language of :mod:`deckkit.query` (parsed there, never here). A condition
is parsed and its queries compiled ONCE (:func:`compile_condition`); evaluation then works on
query counts only. For a given deck, :meth:`Condition.bind` tests every distinct card against
every query once and packs each card's memberships into one integer, so a hand's counts are the
plain ``sum()`` of its cards' integers and the verdict is a dictionary look-up; the keep rules of
``hand`` work that way (:meth:`Condition.keep_callback`). The odds simulation packs whole atoms
instead (:mod:`deckkit.hands.simulate`).
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field

from collections.abc import Callable, Iterable, Sequence

from deckkit.errors import PositionedUsageError
from deckkit.query import MAX_DEPTH, MAX_TERMS, QuerySyntaxError, compile_predicate

__all__ = ["ConditionSyntaxError", "Condition", "BoundCondition", "compile_condition", "bind_all"]

_MAX_CONDITION = 4000


class ConditionSyntaxError(PositionedUsageError):
    """A malformed condition; ``detail`` shows the condition and a caret under the mistake (exit 2)."""

    def __str__(self) -> str:
        return f"malformed condition: {super().__str__()}"


# ------------------------------------------------------------------ AST

@dataclass(frozen=True)
class Cmp:
    """``count(query) op n``; ``index`` is the query's slot in :attr:`Condition.queries`."""

    index: int
    op: str
    n: int


@dataclass(frozen=True)
class Not:
    """Negation."""

    node: CondNode


@dataclass(frozen=True)
class BoolOp:
    """``and`` / ``or`` of several nodes."""

    op: str
    nodes: tuple[CondNode, ...]


CondNode = Cmp | Not | BoolOp

_OPS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt,
    "=": operator.eq, "==": operator.eq, ":": operator.eq, "!=": operator.ne,
}
_OP_RE = re.compile(r"(>=|<=|==|!=|=|<|>|:)")
_INT_RE = re.compile(r"[+-]?\d+")
_WORD_RE = re.compile(r"[A-Za-z_]+")


# ------------------------------------------------------------------ parser

class _Parser:
    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0
        self.queries: list[str] = []
        self.depth = 0  # levels of 'not' and '(' open: the same limit as the queries inside them
        self.comparisons = 0

    def error(self, message: str, pos: int, hint: str | None = None) -> ConditionSyntaxError:
        return ConditionSyntaxError(message, self.s, pos, hint=hint)

    def skip(self) -> None:
        while self.i < len(self.s) and self.s[self.i].isspace():
            self.i += 1

    def word(self) -> str:
        self.skip()
        m = _WORD_RE.match(self.s, self.i)
        return m.group(0).lower() if m else ""

    def parse(self) -> CondNode:
        self.skip()
        if self.i >= len(self.s):
            raise self.error("empty condition", 0, hint="e.g. count(t:food) >= 2")
        node = self.or_expr()
        self.skip()
        if self.i < len(self.s):
            if self.s[self.i] == ")":
                raise self.error("unmatched ')'", self.i, hint="remove it or add a '(' before")
            raise self.error("expected 'and', 'or' or the end of the condition", self.i,
                             hint="join comparisons with and / or")
        return node

    def or_expr(self) -> CondNode:
        parts = [self.and_expr()]
        while self.word() == "or":
            self.i += 2
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else BoolOp("or", tuple(parts))

    def and_expr(self) -> CondNode:
        parts = [self.not_expr()]
        while self.word() == "and":
            self.i += 3
            parts.append(self.not_expr())
        return parts[0] if len(parts) == 1 else BoolOp("and", tuple(parts))

    def nest(self, pos: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:  # the parser and the evaluator recurse per level
            raise self.error(f"the condition nests more than {MAX_DEPTH} levels of '(' and 'not'", pos,
                             hint="remove the extra parentheses or 'not's")

    def not_expr(self) -> CondNode:
        self.skip()
        w = self.word()
        if w == "not":
            self.nest(self.i)
            self.i += 3
            node: CondNode = Not(self.not_expr())
            self.depth -= 1
            return node
        if self.i < len(self.s) and self.s[self.i] == "(":
            start = self.i
            self.nest(start)
            self.i += 1
            node = self.or_expr()
            self.skip()
            if self.i >= len(self.s) or self.s[self.i] != ")":
                raise self.error("unclosed '('", start, hint="add a ')' to close it")
            self.i += 1
            self.depth -= 1
            return node
        if w == "count":
            return self.count()
        if self.i >= len(self.s):
            raise self.error("the condition ends where a comparison is expected", self.i,
                             hint="finish it with count(QUERY) OP N")
        raise self.error("expected count(QUERY), 'not' or '('", self.i,
                         hint="conditions look like count(t:food) >= 2 and not count(t:spell) > 3")

    def count(self) -> Cmp:
        start = self.i
        self.comparisons += 1
        if self.comparisons > MAX_TERMS:
            raise self.error(f"the condition has more than {MAX_TERMS} comparisons", start,
                             hint="use fewer count(...) comparisons")
        self.i += len("count")
        self.skip()
        if self.i >= len(self.s) or self.s[self.i] != "(":
            raise self.error("expected '(' after count", self.i, hint="write count(QUERY), e.g. count(t:food)")
        open_pos = self.i
        close = self.matching_paren(open_pos)
        query = self.s[open_pos + 1:close]
        if not query.strip():
            raise self.error("empty query in count()", open_pos + 1, hint="e.g. count(t:food)")
        try:
            compile_predicate(query)  # parse now so a bad query gets its caret in the condition
        except QuerySyntaxError as exc:
            raise ConditionSyntaxError(f"in count(): {exc.message}", self.s, open_pos + 1 + exc.position,
                                       hint=exc.hint) from None
        self.i = close + 1
        self.skip()
        m = _OP_RE.match(self.s, self.i)
        if not m:
            raise self.error("expected a comparison after count(...)", self.i,
                             hint="one of >= <= > < = != followed by a whole number")
        op = m.group(1)
        self.i = m.end()
        self.skip()
        m = _INT_RE.match(self.s, self.i)
        if not m:
            raise self.error(f"expected a whole number after {op!r}", self.i, hint="e.g. count(t:food) >= 2")
        digits = m.group(0).lstrip("+-").lstrip("0")
        if len(digits) > 7 or abs(n := int(m.group(0))) > 10**6:  # never int() of thousands of digits
            shown = m.group(0) if len(m.group(0)) <= 20 else m.group(0)[:20] + "…"
            raise self.error(f"{shown} is out of range", self.i, hint="counts are small whole numbers")
        self.i = m.end()
        if self.i < len(self.s) and (self.s[self.i].isalnum() or self.s[self.i] == "."):
            raise self.error("expected a whole number", self.i, hint="counts are whole numbers such as 2")
        key = query.strip()
        if key not in self.queries:  # the same query written twice is counted once
            self.queries.append(key)
        del start
        return Cmp(self.queries.index(key), op, n)

    def matching_paren(self, open_pos: int) -> int:
        """Index of the ')' closing the '(' at ``open_pos``, skipping quoted phrases and /regex/."""
        s, depth, i = self.s, 0, open_pos
        while i < len(s):
            c = s[i]
            if c == '"':
                i += 1
                while i < len(s) and s[i] != '"':
                    i += 2 if s[i] == "\\" else 1
                if i >= len(s):
                    raise self.error("unclosed quote", s.rfind('"', 0, len(s)), hint='close the phrase with a second "')
            elif c == "/" and i > 0 and s[i - 1] == ":":  # a regex value: name:/…/ or o:/…/
                i += 1
                while i < len(s) and s[i] != "/":
                    i += 2 if s[i] == "\\" else 1
                if i >= len(s):
                    raise self.error("unclosed regular expression", open_pos + 1, hint="end the pattern with /")
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    return i
            i += 1
        raise self.error("unclosed 'count('", open_pos, hint="add a ')' after the query")


# ------------------------------------------------------------------ compiled condition

def _evaluator(node: CondNode) -> Callable[[Sequence[int]], bool]:
    if isinstance(node, Cmp):
        fn, idx, n = _OPS[node.op], node.index, node.n
        return lambda counts: fn(counts[idx], n)
    if isinstance(node, Not):
        inner = _evaluator(node.node)
        return lambda counts: not inner(counts)
    parts = tuple(_evaluator(n) for n in node.nodes)
    if node.op == "and":
        return lambda counts: all(p(counts) for p in parts)
    return lambda counts: any(p(counts) for p in parts)


@dataclass
class Condition:
    """A parsed condition: its distinct ``queries``, their compiled card predicates, and the AST."""

    text: str
    node: CondNode
    queries: list[str]
    predicates: list[Callable[[dict], bool]]
    _eval: Callable[[Sequence[int]], bool] = field(repr=False)

    def holds(self, counts: Sequence[int]) -> bool:
        """Whether the condition holds for per-query counts (in :attr:`queries` order)."""
        return self._eval(counts)

    def membership(self, card: dict) -> tuple[bool, ...]:
        """Which of the queries ``card`` satisfies."""
        return tuple(bool(p(card)) for p in self.predicates)

    def holds_for(self, hand: Iterable[dict]) -> bool:
        """Whether the condition holds for a hand of card dicts (slow path; prefer :meth:`bind`)."""
        counts = [0] * len(self.queries)
        for card in hand:
            for i, p in enumerate(self.predicates):
                if p(card):
                    counts[i] += 1
        return self._eval(counts)

    def bind(self, cards: Sequence[dict], width: int | None = None) -> BoundCondition:
        """Precompute each card's query memberships for a deck (see :class:`BoundCondition`)."""
        return BoundCondition(self, cards, width)

    def keep_callback(self, cards: Sequence[dict] = ()) -> Callable[[list[dict]], bool]:
        """A ``keep(hand) -> bool`` for the opening procedures: packed memberships per card id (see :meth:`bind`)."""
        bound = self.bind(cards)
        packed: dict[object, int] = {card.get("id", id(card)): v for card, v in zip(cards, bound.values)}
        test, pack, membership = bound.test, bound.pack, self.membership

        def keep(hand: list[dict]) -> bool:
            total = 0
            for card in hand:
                key = card.get("id", id(card))
                v = packed.get(key)
                if v is None:  # a card that was not in ``cards``
                    v = packed[key] = pack(membership(card))
                total += v
            return test(total)

        return keep


class BoundCondition:
    """A condition bound to a deck: ``values[i]`` packs card ``i``'s query memberships.

    Query ``q`` occupies bits ``q*width …``; summing the values of a hand gives its packed counts,
    and :meth:`test` answers from a cache keyed by that packed integer.
    """

    def __init__(self, condition: Condition, cards: Sequence[dict], width: int | None = None) -> None:
        self.condition = condition
        # Wide enough for any count a hand of these cards can reach (16 bits at least: hands of other cards).
        self.width = width or max(16, (len(cards) + 1).bit_length())
        by_id: dict[object, int] = {}
        self.values: list[int] = []
        for card in cards:
            key = card.get("id", id(card))
            v = by_id.get(key)
            if v is None:
                v = by_id[key] = self.pack(condition.membership(card))
            self.values.append(v)
        self._mask = (1 << self.width) - 1
        self._cache: dict[int, bool] = {}

    def pack(self, membership: Sequence[int | bool]) -> int:
        """One integer holding a count per query."""
        return sum(int(m) << (q * self.width) for q, m in enumerate(membership))

    def unpack(self, packed: int) -> list[int]:
        """Per-query counts from a packed sum."""
        return [(packed >> (q * self.width)) & self._mask for q in range(len(self.condition.queries))]

    def test(self, packed: int) -> bool:
        """Whether the condition holds for a hand whose values sum to ``packed``."""
        hit = self._cache.get(packed)
        if hit is None:
            hit = self._cache[packed] = self.condition.holds(self.unpack(packed))
        return hit

    def test_indices(self, indices: Iterable[int]) -> bool:
        """Whether the condition holds for the hand made of these deck positions."""
        values = self.values
        return self.test(sum(values[i] for i in indices))


def compile_condition(text: str) -> Condition:
    """Parse a condition once and compile its queries; :class:`ConditionSyntaxError` (exit 2) on mistakes."""
    ConditionSyntaxError.screen(text, "condition", _MAX_CONDITION)
    parser = _Parser(text)
    node = parser.parse()
    predicates = [compile_predicate(q) for q in parser.queries]
    return Condition(text, node, parser.queries, predicates, _evaluator(node))


def bind_all(conditions: Sequence[Condition], cards: Sequence[dict]) -> tuple[list[str], list[tuple[bool, ...]]]:
    """The union of the conditions' queries and, per card, its membership in each of them."""
    queries: list[str] = []
    preds: list[Callable[[dict], bool]] = []
    for cond in conditions:
        for q, p in zip(cond.queries, cond.predicates):
            if q not in queries:
                queries.append(q)
                preds.append(p)
    cache: dict[object, tuple[bool, ...]] = {}
    rows = []
    for card in cards:
        key = card.get("id", id(card))
        m = cache.get(key)
        if m is None:
            m = cache[key] = tuple(bool(p(card)) for p in preds)
        rows.append(m)
    return queries, rows
