"""Query AST -> parameterised SQL over the cards table (same semantics as :func:`deckkit.query.compile_predicate`).

User text only ever travels as a bound parameter; the SQL text is assembled from fixed
fragments chosen by field and operator.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from deckkit.errors import UsageError
from deckkit.catalogue import nameindex
from deckkit.catalogue.rows import SEP
from deckkit.query import (FIELDS, PREFIX_MIN, And, FieldRef, Node, Not, Term, enum_values, formats_named, parse,
                           text_tokens, type_values)
from deckkit.query.terms import collection_term, id_prefix
from deckkit.text import fold

_NUM_COLUMNS = {"cost": "cost", "atk": "attack", "def": "defense", "number": "number", "glory": "glory"}
_EQ_COLUMNS = {"game": "game", "type": "type", "rarity": "rarity", "label": "label", "set": "set_key",
               "id": "id", "ingredient": "ingredient_key"}
_SQL_OPS = {"=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
# is: values (deckkit.query.is_values) -> fixed SQL, true or false, never NULL. The common flags are
# columns of their own with a partial index in name order (a page of is:rulebook walks that index).
# Written as a key list read from the partial index, so that beside a range (-is:rulebook cost<=2)
# the test needs no row of the table: the range's index holds the key.
IS_SQL: dict[str, str] = {
    "rulebook": "c.pk IN (SELECT pk FROM cards INDEXED BY idx_cards_rulebook WHERE rulebook = 1)",
    "invented": "c.pk IN (SELECT pk FROM cards INDEXED BY idx_cards_invented WHERE invented = 1)",
    "owned": "c.id IN (SELECT card_id FROM collection)",
}
# The copies owned of a card (deckkit.collection): never NULL, a card not in the collection has 0.
OWNED_SQL = "coalesce((SELECT o.count FROM collection o WHERE o.card_id = c.id), 0)"
NAME_INDEX = "idx_cards_name_key"  # the name order's index: a page walks it when matches are many


def is_sql(name: str) -> tuple[str, list[Any]]:
    """SQL of an ``is:`` value: a fixed fragment, or a game's own flag, which the catalogue derives from
    the game's spec into an indexed tag of the cards that have it (see deckkit.catalogue.rows)."""
    if name in IS_SQL:
        return IS_SQL[name], []
    from deckkit.query import is_flags

    parts: list[str] = []
    params: list[Any] = []
    tagged = False
    for game, flag in is_flags(name):
        if flag.minimum is None:
            tagged = True  # derived into card_tags at import (deckkit.catalogue.rows.card_flags)
            continue
        col = _number_column(flag.field)  # a threshold (a glory icon of 1 or more): the column itself
        parts.append(f"(c.game = ? AND c.{col} IS NOT NULL AND c.{col} >= {flag.minimum:d})")
        params.append(game)
    if tagged or not parts:
        parts.append("c.pk IN (SELECT pk FROM card_tags WHERE kind = 'f' AND value = ?)")
        params.append(name)
    return (parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"), params


def _number_column(field: str) -> str:
    """The number column of a card field (a fixed name: never user text)."""
    if field not in _NUM_COLUMNS.values():  # a game spec's mistake, not the user's: the is: values test finds it
        raise ValueError(f"an is: threshold needs a number column of the catalogue ({', '.join(_NUM_COLUMNS.values())}), "
                         f"not {field!r}")
    return field


def _rarity_order() -> str:
    """``CASE c.rarity WHEN 'bronze' THEN 0 …``: the rarities in the games' order (fixed words from the
    card schemas, checked to be plain lower-case words, never user text)."""
    values = [v for v in enum_values("rarity") if re.fullmatch(r"[a-z][a-z-]*", v)]
    if not values:
        return "NULL"
    return "CASE c.rarity " + " ".join(f"WHEN '{v}' THEN {i}" for i, v in enumerate(values)) + " END"


# --sort keys -> (SQL expression or a function making it, may be missing). Fixed strings; never user text.
SORTS: dict[str, tuple[str | Callable[[], str], bool]] = {
    "name": ("c.name_key", False), "id": ("c.id", False), "game": ("c.game", False), "type": ("c.type", False),
    "set": ("c.set_key", True),
    "rarity": (_rarity_order, True),  # in the order the games' card schemas list the values
    **{k: (f"c.{c}", True) for k, c in _NUM_COLUMNS.items()},
}
_SORT_ALIASES = {"attack": "atk", "defense": "def", "defence": "def", "r": "rarity", "t": "type"}


def order_by(sort: str | None) -> str:
    """ORDER BY clause for a ``--sort`` key (``-`` in front: descending); missing values last, ties by name."""
    raw = (sort or "name").strip()
    desc = raw.startswith("-")
    key = raw.lstrip("-").strip().lower()
    key = _SORT_ALIASES.get(key, key)
    if key not in SORTS:
        raise UsageError(f"cannot sort by {sort!r}",
                         hint="sort by " + ", ".join(sorted(SORTS)) + " (a leading - sorts descending)")
    made, nullable = SORTS[key]
    expr = made() if callable(made) else made
    parts = [f"({expr}) IS NULL"] if nullable else []
    parts.append(f"{expr} DESC" if desc else expr)
    parts += [p for p in ("c.name_key", "c.id") if p != expr]
    return ", ".join(parts)


def _term_sql(t: Term, alone: bool = False, names: bool = False) -> tuple[str, list[Any]]:
    # Every fragment is true or false, never NULL (so NOT works), and plain comparisons stay
    # index-friendly: nullable columns get "col IS NOT NULL AND ...", not ifnull(...).
    kind = FIELDS[t.field]
    if t.regex:
        col = {"name": "c.name", "id": "c.id"}.get(t.field, "c.text")
        from deckkit.boundedre import prepare_sql

        prepare_sql(t.value)  # a fresh time budget for this query's pattern
        sql, params = f"regexp(?, {col})", [t.value]
    elif kind == "num" and collection_term(t):
        left = OWNED_SQL if t.field == "owned" else f"coalesce(c.{_NUM_COLUMNS[t.field]}, -1)"
        if isinstance(t.value, FieldRef):  # owned>cost: a card lacking the number never matches
            other = OWNED_SQL if t.value.field == "owned" else f"c.{_NUM_COLUMNS[t.value.field]}"
            return f"(coalesce({other}, -1) >= 0 AND {left} >= 0 AND {left} {_SQL_OPS[t.op]} {other})", []
        return f"({left} {_SQL_OPS[t.op]} ?)", [t.value]
    elif kind == "num":
        col = _NUM_COLUMNS[t.field]
        if isinstance(t.value, FieldRef):  # atk>def: both columns come from fixed names, no parameter
            other = _NUM_COLUMNS[t.value.field]
            return f"(c.{col} IS NOT NULL AND c.{other} IS NOT NULL AND c.{col} {_SQL_OPS[t.op]} c.{other})", []
        sql, params = f"(c.{col} IS NOT NULL AND c.{col} {_SQL_OPS[t.op]} ?)", [t.value]
        return sql, params  # '!=' is a comparison of its own here, not a negation
    elif kind == "is":
        sql, params = is_sql(t.value)
    elif kind == "name" and t.op == "==":  # !name: the whole folded name, which name_key holds (indexed)
        key = fold(t.value)
        return "(c.name_key = ? OR (c.names_key IS NOT NULL AND instr(c.names_key, ?) > 0))", [key, SEP + key + SEP]
    elif kind == "name":  # the name or a translated one (names_key: SEP-separated folded names)
        key = fold(t.value)
        if names and nameindex.usable(key):  # looked up in the trigram index: the same cards, no scan
            sql, params = nameindex.substring_sql(key)
        else:
            sql, params = "(instr(c.name_key, ?) > 0 OR (c.names_key IS NOT NULL AND instr(c.names_key, ?) > 0))", [key, key]
    elif kind == "format":
        sql, params = _format_sql(t)
    elif t.field == "type":
        types = type_values(t.value)
        sql, params = (f"c.type IN ({', '.join('?' * len(types))})" if len(types) > 1 else "c.type = ?"), list(types)
    elif kind == "text":
        # Alone, "+c.pk" keeps the planner from driving the query by the (often long) match list and
        # then sorting it: walking the sort index and testing membership stops after one page. Beside
        # other terms the match list is the better driver (a phrase matches a few hundred cards where
        # game:ob would walk a third of the catalogue), so the planner may use it there.
        sql, params = f"{'+' if alone else ''}c.pk IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)", [_phrase(t)]
    elif kind == "list":
        kind_code = {"kw": "k", "effect": "e"}.get(t.field, "s")
        sql, params = f"c.pk IN (SELECT pk FROM card_tags WHERE kind = '{kind_code}' AND value = ?)", [fold(t.value)]
    elif t.field == "id" and id_prefix(t.value) is not None:  # id:ob-my- : a range of the id index
        low = id_prefix(t.value) or ""
        sql, params = "(c.id >= ? AND c.id < ?)", [low, low[:-1] + chr(ord(low[-1]) + 1)]
    else:
        col = _EQ_COLUMNS[t.field]
        value = t.value if t.field in ("game", "type", "rarity", "label") else fold(t.value)
        sql = f"c.{col} = ?" if col in ("game", "type", "id") else f"(c.{col} IS NOT NULL AND c.{col} = ?)"
        params = [value]
    if t.op == "!=":
        sql = f"NOT ({sql})"
    return sql, params


def _named_sql(names: tuple[str, ...]) -> tuple[str, list[Any]]:
    keys = sorted({fold(n) for n in names} | set(names))
    marks = ", ".join("?" * len(keys))
    return f"(c.id IN ({marks}) OR c.name_key IN ({marks}))", [*keys, *keys]


def _format_sql(t: Term) -> tuple[str, list[Any]]:
    """f:/legal:/banned: as SQL, the same tests as deckkit.decks.formats.card_legal / card_banned."""
    parts, params = [], []
    for fmt in formats_named(t.value):
        conds, p = ["c.game = ?"], [fmt.game]
        banned_sql, banned_params = _named_sql(fmt.banned) if fmt.banned else ("0", [])
        if t.field == "banned":
            conds.append(banned_sql)
            p += banned_params
        else:
            conds.append(f"NOT {banned_sql}")
            p += banned_params
            if fmt.pool is not None:
                sql, more = _named_sql(fmt.pool) if fmt.pool else ("0", [])
                conds.append(sql)
                p += more
            for col, values, folded in (("set_key", fmt.sets, True), ("rarity", fmt.rarities, False),
                                        ("type", fmt.types, False)):
                if values is not None:
                    vals = sorted({fold(v) for v in values} if folded else set(values))
                    conds.append(f"(c.{col} IS NOT NULL AND c.{col} IN ({', '.join('?' * len(vals))}))" if vals else "0")
                    p += vals
        parts.append("(" + " AND ".join(conds) + ")")
        params += p
    return "(" + (" OR ".join(parts) or "0") + ")", params


def _node_sql(node: Node, names: bool = False) -> tuple[str, list[Any]]:
    if isinstance(node, Term):
        return _term_sql(node, names=names)
    if isinstance(node, Not):
        sql, params = _node_sql(node.node, names)
        return f"NOT ({sql})", params
    joiner = " AND " if isinstance(node, And) else " OR "
    parts, params = [], []
    for child in node.nodes:
        sql, p = _node_sql(child, names)
        parts.append(f"({sql})")
        params += p
    return joiner.join(parts), params


def _phrase(t: Term) -> str:
    # Words are folded letters/digits only, so the quoted FTS phrase needs no escaping.
    words = text_tokens(t.value)
    # Only the text column: the index holds the names too (for sqlite-utils and Datasette searches).
    return 'text : "' + " ".join(words) + '"' + (" *" if len(words[-1]) >= PREFIX_MIN else "")


def fts_only(query: str | Node) -> str | None:
    """The FTS5 MATCH text when the whole query is one plain ``o:`` term, else None."""
    node = parse(query) if isinstance(query, str) else query
    if isinstance(node, Term) and FIELDS[node.field] == "text" and not node.regex and node.op == "=":
        return _phrase(node)
    return None


def tag_count_sql(query: str | Node) -> tuple[str, list[Any]] | None:
    """A count read from the tag index alone, when the whole query is one tag (is:helper, kw:flying), else None.

    The tag rows name each card once per value, so their count is the number of matching cards.
    """
    node = parse(query) if isinstance(query, str) else query
    if not isinstance(node, Term) or node.regex or node.op != "=":
        return None
    kind = FIELDS[node.field]
    if kind == "list":
        code = {"kw": "k", "effect": "e"}.get(node.field, "s")
        return f"SELECT count(*) FROM card_tags WHERE kind = '{code}' AND value = ?", [fold(node.value)]
    if kind == "is" and node.value not in IS_SQL:
        from deckkit.query import is_flags

        if all(flag.minimum is None for _, flag in is_flags(node.value)):
            return "SELECT count(*) FROM card_tags WHERE kind = 'f' AND value = ?", [node.value]
    return None


def indexed_terms_only(node: Node, names: bool = False) -> bool:
    """Whether no term of the query scans names or texts (a substring, a /regex/, a full-text phrase).

    Such a query is counted through indexes in about the time its page takes, so it may be counted
    first; a scanning one is counted only when its page is full. ``names``: the catalogue has the
    name trigram index, which answers a name substring of three characters or more.
    """
    if isinstance(node, Term):
        if names and FIELDS[node.field] == "name" and not node.regex:
            return node.op == "==" or nameindex.usable(fold(node.value))
        return not node.regex and FIELDS[node.field] not in ("name", "text")
    if isinstance(node, Not):
        return indexed_terms_only(node.node, names)
    return all(indexed_terms_only(child, names) for child in node.nodes)


def compile_sql(query: str | Node, *, names: bool = False) -> tuple[str, list[Any]]:
    """A WHERE clause (fixed SQL text) and its bound parameters for a query string or AST.

    ``names``: the catalogue has the name trigram index (:mod:`deckkit.catalogue.nameindex`); name
    substrings are then looked up in it, else scanned.
    """
    node = parse(query) if isinstance(query, str) else query
    if isinstance(node, Term):
        return _term_sql(node, alone=True, names=names)
    return _node_sql(node, names)


__all__ = ["compile_sql", "order_by", "SORTS", "IS_SQL", "is_sql", "tag_count_sql", "NAME_INDEX",
           "indexed_terms_only"]
