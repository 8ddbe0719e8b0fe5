"""The catalogue's table of keyword definitions (``keyword_definitions``, schema version 7).

Cards carry their keywords' abilities themselves (deckkit.engine.keywords expands them at
import); the definitions are kept so that a later import may give a keyword defined earlier to
more cards, and so that ``deckkit card`` shows what a keyword means.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from deckkit.engine.keywords import Definition

__all__ = ["stored_keywords", "store_keywords", "keyword_meanings"]


def _has_table(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'keyword_definitions'"
                        ).fetchone() is not None


def stored_keywords(cat, game: str | None = None) -> dict[tuple[str, str], Definition]:
    """Every stored definition (of one game), by (game, name); a row that is not a definition is left out."""
    if not _has_table(cat.conn):
        return {}
    sql = "SELECT game, name, data, source FROM keyword_definitions"
    rows = cat.conn.execute(sql + (" WHERE game = ?" if game else "") + " ORDER BY game, name",
                            (game,) if game else ()).fetchall()
    out = {}
    for g, name, data, source in rows:
        try:
            d = json.loads(data)
        except (TypeError, ValueError):
            continue
        if isinstance(d, dict) and isinstance(d.get("abilities"), list):
            out[(g, name)] = Definition(name, g, d.get("text", "") if isinstance(d.get("text"), str) else "",
                                        tuple(d["abilities"]), source or "the catalogue",
                                        f"$.keywords[{json.dumps(name, ensure_ascii=False)}]")
    return out


def store_keywords(conn: sqlite3.Connection, definitions: list[Definition]) -> None:
    """Add or replace definitions (inside the caller's write transaction)."""
    conn.executemany(
        "INSERT INTO keyword_definitions (game, name, data, source) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(game, name) DO UPDATE SET data = excluded.data, source = excluded.source",
        [(d.game, d.name, json.dumps(d.data(), ensure_ascii=False), Path(d.file).name if d.file else None)
         for d in definitions])


def keyword_meanings(cat, card: dict) -> dict[str, str]:
    """What each keyword of a card means in words: the stored definition's text, or the game's own words
    for a built-in keyword (empty when neither says)."""
    from deckkit.engine.keywords import builtin_keywords, card_keywords

    names = card_keywords(card)
    if not names:
        return {}
    game = card.get("game") or ""
    stored = stored_keywords(cat, game)
    builtin = builtin_keywords(game)
    out = {}
    for name in names:
        d = stored.get((game, name))
        out[name] = d.text if d is not None and d.text else builtin.get(name, "")
    return out
