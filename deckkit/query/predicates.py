"""The search language evaluated in Python: an AST to a predicate on card dicts (the catalogue's SQL reference)."""

from __future__ import annotations

import operator
from collections.abc import Callable

from deckkit.query.parser import (
    parse,
)
from deckkit.query.terms import (
    FIELDS,
    PREFIX_MIN,
    And,
    FieldRef,
    Node,
    Not,
    Term,
    card_key,
    collection_term,
    id_prefix,
    formats_named,
    is_flags,
    text_tokens,
    type_values,
)
from deckkit.text import fold

Predicate = Callable[[dict], bool]

_CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
        ">=": operator.ge}


def words_match(haystack: list[str], needle: list[str]) -> bool:
    """True if ``needle`` occurs as consecutive words of ``haystack``, its last word as a prefix (3+ letters)."""
    n = len(needle)
    if n == 0:
        return False
    head, last = needle[:-1], needle[-1]
    prefix = len(last) >= PREFIX_MIN
    for i in range(len(haystack) - n + 1):
        word = haystack[i + n - 1]
        if haystack[i:i + n - 1] == head and (word.startswith(last) if prefix else word == last):
            return True
    return False


def _listed(section: str, key: str) -> Predicate:
    """True if the card's ``section.key`` is a non-empty list (SQL: json_array_length > 0)."""
    def pred(c: dict) -> bool:
        inner = c.get(section)
        return isinstance(inner, dict) and isinstance(v := inner.get(key), list) and len(v) > 0
    return pred


_IS_PREDICATES: dict[str, Predicate] = {
    "rulebook": _listed("provenance", "rules"),
    "invented": _listed("provenance", "invented"),
}


def _is_predicate(name: str) -> Predicate:
    if name in _IS_PREDICATES:
        return _IS_PREDICATES[name]
    flags = is_flags(name)  # a game's own flag: a card of that game whose field has the JSON type
    return lambda c: any(c.get("game") == game and flag.matches(c) for game, flag in flags)


def _all_names(card: dict) -> list[str]:
    """The card's name and every translated name (``names``)."""
    name = card.get("name")
    out = [name] if isinstance(name, str) else []
    names = card.get("names")
    if isinstance(names, dict):
        out += [v for v in names.values() if isinstance(v, str)]
    return out


def effect_names(card: dict) -> list[str]:
    """What ``effect:`` matches on a card (:func:`deckkit.engine.abilities.ability_words`)."""
    from deckkit.engine.abilities import ability_words

    return ability_words(card.get("abilities"))


def _term_predicate(t: Term) -> Predicate:
    if collection_term(t):
        from deckkit.errors import UsageError

        raise UsageError("is:owned and owned compare with the catalogue's collection: only deckkit search answers "
                         "them", hint="deckkit search 'is:owned …' lists owned cards; deckkit deck need DECK says "
                                      "what a deck lacks")
    kind, key = FIELDS[t.field], card_key(t.field)
    negate = t.op == "!="
    pred: Predicate
    if t.regex:
        pred = _regex_predicate(t)
    elif kind == "num":
        return _number_predicate(t, key)  # != is one of the comparisons
    elif kind == "is":
        pred = _is_predicate(t.value)
    elif kind == "name" and t.op == "==":
        needle = fold(t.value)
        return lambda c: any(fold(n) == needle for n in _all_names(c))
    elif kind == "name":
        needle = fold(t.value)
        pred = lambda c: any(needle in fold(n) for n in _all_names(c))  # noqa: E731
    elif kind == "format":
        from deckkit.decks.formats import card_banned, card_legal

        test = card_banned if t.field == "banned" else card_legal
        fmts = formats_named(t.value)
        pred = lambda c: any(test(f, c) for f in fmts)  # noqa: E731
    elif t.field == "type":
        types = frozenset(type_values(t.value))
        pred = lambda c: c.get("type") in types  # noqa: E731
    elif kind == "text":
        needle_words = text_tokens(t.value)
        pred = lambda c: words_match(text_tokens(c.get("text") or ""), needle_words)  # noqa: E731
    elif kind == "list":
        pred = _list_predicate(t, key)
    elif kind in ("game", "enum"):
        value = t.value
        pred = lambda c: c.get(key) == value  # noqa: E731
    elif t.field == "id" and (start := id_prefix(t.value)) is not None:
        pred = lambda c: isinstance(v := c.get("id"), str) and v.startswith(start)  # noqa: E731
    else:  # eq: folded equality
        needle = fold(t.value)
        pred = lambda c: isinstance(v := c.get(key), str) and fold(v) == needle  # noqa: E731
    if negate:
        inner = pred
        return lambda c: not inner(c)
    return pred


def _regex_predicate(t: Term) -> Predicate:
    """A /regex/ on the name (n:), the id or the rules text, remembered per text seen."""
    from deckkit.boundedre import Matcher

    rx = Matcher(t.value)  # one time budget for every card asked about
    seen: dict[str, bool] = {}  # hands repeat the same few cards
    src = t.field if t.field in ("name", "id") else "text"

    def pred(c: dict) -> bool:
        text = c.get(src) or ""
        hit = seen.get(text)
        if hit is None:
            hit = seen[text] = rx.search(text)
        return hit

    return pred


def _number_predicate(t: Term, key: str) -> Predicate:
    """A comparison of a number field with a number or with another number field; never true without numbers."""
    cmp, n = _CMP[t.op], t.value
    if isinstance(n, FieldRef):
        other = card_key(n.field)
        return lambda c: type(v := c.get(key)) is int and type(w := c.get(other)) is int and cmp(v, w)
    return lambda c: type(v := c.get(key)) is int and cmp(v, n)


def _list_predicate(t: Term, key: str) -> Predicate:
    """One of a list field's values: an effect name, a group or symbol (kw:), or an item of the field."""
    needle = fold(t.value)
    if t.field == "effect":
        return lambda c: any(fold(x) == needle for x in effect_names(c))
    keys = ("groups", "symbols") if t.field == "kw" else (key,)
    return lambda c: any(isinstance(x, str) and fold(x) == needle for k in keys for x in (c.get(k) or ()))


def _compile(node: Node) -> Predicate:
    if isinstance(node, Term):
        return _term_predicate(node)
    if isinstance(node, Not):
        inner = _compile(node.node)
        return lambda c: not inner(c)
    parts = [_compile(n) for n in node.nodes]
    if isinstance(node, And):
        return lambda c: all(p(c) for p in parts)
    return lambda c: any(p(c) for p in parts)


def compile_predicate(query: str | Node) -> Predicate:
    """A function ``card dict -> bool`` for a query string or AST (same semantics as the catalogue search)."""
    return _compile(parse(query) if isinstance(query, str) else query)
