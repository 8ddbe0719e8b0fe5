"""Query AST -> parameterised SQL over the cards table (same semantics as :func:`deckkit.query.compile_predicate`).

User text only ever travels as a bound parameter; the SQL text is assembled from fixed
fragments chosen by field and operator.
"""

from __future__ import annotations

from typing import Any

from deckkit.errors import UsageError
from deckkit.query import FIELDS, And, Node, Not, Term, parse, text_tokens
from deckkit.text import fold

_NUM_COLUMNS = {"cost": "cost", "atk": "attack", "def": "defense", "number": "number", "glory": "glory"}
_EQ_COLUMNS = {"game": "game", "type": "type", "rarity": "rarity", "label": "label", "set": "set_key",
               "id": "id", "ingredient": "ingredient_key"}
_SQL_OPS = {"=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

# --sort keys -> (SQL expression, may be missing). Fixed strings; never user text.
SORTS: dict[str, tuple[str, bool]] = {
    "name": ("name_key", False), "id": ("id", False), "game": ("game", False), "type": ("type", False),
    "set": ("set_key", True),
    "rarity": ("CASE rarity WHEN 'bronze' THEN 0 WHEN 'silver' THEN 1 WHEN 'gold' THEN 2 WHEN 'green' THEN 3 END", True),
    **{k: (c, True) for k, c in _NUM_COLUMNS.items()},
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
    expr, nullable = SORTS[key]
    parts = [f"({expr}) IS NULL"] if nullable else []
    parts.append(f"{expr} DESC" if desc else expr)
    parts += [p for p in ("name_key", "id") if p != expr]
    return ", ".join(parts)


def _term_sql(t: Term) -> tuple[str, list[Any]]:
    kind = FIELDS[t.field]
    if t.regex:
        col = "name" if t.field == "name" else "text"
        sql, params = f"regexp(?, {col})", [t.value]
    elif kind == "num":
        col = _NUM_COLUMNS[t.field]
        return f"({col} IS NOT NULL AND {col} {_SQL_OPS[t.op]} ?)", [t.value]
    elif kind == "name":
        sql, params = "instr(name_key, ?) > 0", [fold(t.value)]
    elif kind == "text":
        # Words are folded letters/digits only, so the quoted FTS phrase needs no escaping.
        phrase = '"' + " ".join(text_tokens(t.value)) + '" *'
        sql, params = "pk IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)", [phrase]
    elif kind == "list":
        from deckkit.catalogue.store import list_needle

        col = "kw_key" if t.field == "kw" else "subtypes_key"
        sql, params = f"instr({col}, ?) > 0", [list_needle(t.value)]
    elif t.field in ("game", "type", "rarity", "label"):
        sql, params = f"{_EQ_COLUMNS[t.field]} = ?", [t.value]
    else:  # folded equality
        sql, params = f"{_EQ_COLUMNS[t.field]} = ?", [fold(t.value)]
    sql = f"ifnull({sql}, 0)"  # NULL columns must count as "no match" so that negation works
    if t.op == "!=":
        sql = f"NOT {sql}"
    return sql, params


def _node_sql(node: Node) -> tuple[str, list[Any]]:
    if isinstance(node, Term):
        return _term_sql(node)
    if isinstance(node, Not):
        sql, params = _node_sql(node.node)
        return f"NOT ({sql})", params
    joiner = " AND " if isinstance(node, And) else " OR "
    parts, params = [], []
    for child in node.nodes:
        sql, p = _node_sql(child)
        parts.append(f"({sql})")
        params += p
    return joiner.join(parts), params


def compile_sql(query: str | Node) -> tuple[str, list[Any]]:
    """A WHERE clause (fixed SQL text) and its bound parameters for a query string or AST."""
    node = parse(query) if isinstance(query, str) else query
    return _node_sql(node)


__all__ = ["compile_sql", "order_by", "SORTS"]
