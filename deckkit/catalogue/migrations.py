"""Versioned schema of the catalogue file: forward migrations, applied in order (``PRAGMA user_version``).

MIGRATIONS[v] brings a catalogue from version v-1 to v. Append new versions; never edit old ones:
a user's file may be at any earlier version.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

SEP = "\x1f"  # separates list items in the *_key columns; fold() never produces it from card data


def _m1_initial(db) -> None:
    """Version 1: cards, meta, numeric indexes, FTS5 over the folded rules text."""
    db["cards"].create(
        {"pk": int, "id": str, "game": str, "name": str, "name_key": str, "type": str, "text": str,
         "text_key": str, "set_key": str, "rarity": str, "cost": int, "attack": int, "defense": int,
         "number": int, "glory": int, "subtypes_key": str, "kw_key": str, "ingredient_key": str, "label": str,
         "source": str, "data": str},
        pk="pk", not_null={"id", "game", "name", "name_key", "type", "text", "text_key", "data"},
    )
    db["cards"].create_index(["id"], unique=True)
    for cols in (["game", "type"], ["name_key"], ["cost"], ["attack"], ["defense"], ["number"], ["glory"],
                 ["rarity"], ["set_key"]):
        db["cards"].create_index(cols)
    db["meta"].create({"key": str, "value": str}, pk="key")
    db.execute("CREATE VIRTUAL TABLE cards_fts USING FTS5 (text_key, tokenize='unicode61', prefix='2 3', "
               "content=cards, content_rowid=pk)")


def _m2_split_blobs(db) -> None:
    """Version 2: move text and JSON out of ``cards`` into ``card_blobs`` (10x narrower scans); more indexes."""
    db["card_blobs"].create({"pk": int, "text": str, "text_key": str, "data": str}, pk="pk",
                            not_null={"text", "text_key", "data"})
    db.execute("INSERT INTO card_blobs (pk, text, text_key, data) SELECT pk, text, text_key, data FROM cards")
    db.execute("DROP TABLE cards_fts")
    for col in ("text", "text_key", "data"):  # literal: a migration must not follow later constants
        db.execute(f"ALTER TABLE cards DROP COLUMN {col}")
    # unicode61 over already-folded words; no prefix indexes (they triple the index build for little gain).
    db.execute("CREATE VIRTUAL TABLE cards_fts USING FTS5 (text_key, tokenize='unicode61', "
               "content=card_blobs, content_rowid=pk)")
    db.execute("INSERT INTO cards_fts(cards_fts) VALUES ('rebuild')")
    db["cards"].create_index(["ingredient_key"])
    db["cards"].create_index(["label"])
    db.execute("ANALYZE")


def tags(pk: int, subtypes_key: str | None, kw_key: str | None) -> list[tuple[int, str, str]]:
    """``card_tags`` rows of one card: ('s', subtype) and ('k', group or symbol), folded."""
    out = []
    for kind, key in (("s", subtypes_key), ("k", kw_key)):
        if key:
            out += [(pk, kind, v) for v in key.strip(SEP).split(SEP) if v]
    return out


def _m3_tags(db) -> None:
    """Version 3: an indexed ``card_tags`` table so sub:/kw: terms are look-ups instead of scans."""
    db.execute("CREATE TABLE card_tags (pk INTEGER NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL)")
    rows = []
    for pk, sub, kw in db.execute("SELECT pk, subtypes_key, kw_key FROM cards").fetchall():
        rows += tags(pk, sub, kw)
    db.conn.executemany("INSERT INTO card_tags (pk, kind, value) VALUES (?, ?, ?)", rows)
    db.execute("CREATE INDEX idx_card_tags_value ON card_tags (kind, value, pk)")
    db.execute("CREATE INDEX idx_card_tags_pk ON card_tags (pk)")
    db.execute("ANALYZE")


def _m4_lean(db) -> None:
    """Version 4: the rules text lives only in the card JSON, FTS is contentless, low-value indexes go.

    Bulk imports write about half the bytes they did; nothing a query needs is lost.
    """
    db.execute("DROP TABLE cards_fts")
    db.execute("CREATE VIRTUAL TABLE cards_fts USING FTS5 (text_key, tokenize='unicode61', content='')")
    db.execute("INSERT INTO cards_fts (rowid, text_key) SELECT pk, text_key FROM card_blobs")
    db.execute("ALTER TABLE card_blobs DROP COLUMN text")
    db.execute("ALTER TABLE card_blobs DROP COLUMN text_key")
    for name in ("idx_cards_set_key", "idx_cards_rarity", "idx_cards_label"):
        db.execute(f"DROP INDEX IF EXISTS {name}")
    db.execute("ANALYZE")


def _m5_partial_indexes(db) -> None:
    """Version 5: game-specific columns get partial indexes (only the cards that have a value); lists go.

    cost/attack/defense/number/glory/ingredient_key exist for some games only, so their indexes
    shrink to those cards (cheaper to build after a bulk import, just as useful: every query term
    on them carries "col IS NOT NULL"). label and rarity, one game each, get such indexes back
    (structured queries on them were scanning a third of the catalogue). The list keys
    subtypes_key/kw_key are dropped: card_tags serves sub:/kw:.
    """
    for col in ("cost", "attack", "defense", "number", "glory", "ingredient_key", "label", "rarity"):
        db.execute(f"DROP INDEX IF EXISTS idx_cards_{col}")
        db.execute(f"CREATE INDEX idx_cards_{col} ON cards ({col}) WHERE {col} IS NOT NULL")
    db.execute("ALTER TABLE cards DROP COLUMN subtypes_key")
    db.execute("ALTER TABLE cards DROP COLUMN kw_key")
    db.execute("ANALYZE")


# Forward migrations: MIGRATIONS[v] brings a catalogue from version v-1 to v. Append, never edit.
MIGRATIONS: dict[int, Callable[[Any], None]] = {1: _m1_initial, 2: _m2_split_blobs, 3: _m3_tags, 4: _m4_lean,
                                                 5: _m5_partial_indexes}
