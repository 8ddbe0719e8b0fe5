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


# Version 6's objects. db check compares a catalogue with these and --repair recreates what is missing.
V6_COLUMNS = (("text", "TEXT"), ("subtypes", "TEXT"), ("keywords", "TEXT"), ("effects", "TEXT"),
              ("names_key", "TEXT"), ("flags", "TEXT"), ("rulebook", "INTEGER"), ("invented", "INTEGER"))
# Full-text search as sqlite-utils' enable_fts(create_triggers=True) sets it up, so that
# `sqlite-utils search`, Datasette's ?_search= and any FTS5 client find it: an external-content
# table over cards(name, text), kept current by triggers.
V6_FTS = ("CREATE VIRTUAL TABLE [cards_fts] USING FTS5 ([name], [text], content=[cards], "
          "tokenize='unicode61 remove_diacritics 2')")
V6_TRIGGERS = {
    "cards_ai": "CREATE TRIGGER [cards_ai] AFTER INSERT ON [cards] BEGIN\n"
                "  INSERT INTO [cards_fts] (rowid, [name], [text]) VALUES (new.rowid, new.[name], new.[text]);\nEND",
    "cards_ad": "CREATE TRIGGER [cards_ad] AFTER DELETE ON [cards] BEGIN\n"
                "  INSERT INTO [cards_fts] ([cards_fts], rowid, [name], [text]) "
                "VALUES('delete', old.rowid, old.[name], old.[text]);\nEND",
    "cards_au": "CREATE TRIGGER [cards_au] AFTER UPDATE ON [cards] BEGIN\n"
                "  INSERT INTO [cards_fts] ([cards_fts], rowid, [name], [text]) "
                "VALUES('delete', old.rowid, old.[name], old.[text]);\n"
                "  INSERT INTO [cards_fts] (rowid, [name], [text]) VALUES (new.rowid, new.[name], new.[text]);\nEND",
}
# One readable row per card: the plain columns, and from the record the fields that have none.
V6_VIEW = """CREATE VIEW card_view AS SELECT c.pk AS pk, c.id AS id, c.game AS game, c.name AS name,
  (SELECT group_concat(n.key || ': ' || n.value, '; ') FROM json_each(CASE WHEN json_valid(b.data) THEN b.data END,
   '$.names') AS n) AS other_names,
  c.type AS type, c.cost AS cost, c.attack AS attack, c.defense AS defense, c.glory AS glory, c.number AS number,
  c.label AS label, c.rarity AS rarity, json_extract(CASE WHEN json_valid(b.data) THEN b.data END, '$.set') AS "set",
  json_extract(CASE WHEN json_valid(b.data) THEN b.data END, '$.ingredient') AS ingredient,
  c.subtypes AS subtypes, c.keywords AS keywords, c.effects AS effects, c.flags AS flags, c.text AS text, c.rulebook AS rulebook, c.invented AS invented, c.source AS source
FROM cards c LEFT JOIN card_blobs b ON b.pk = c.pk"""
# Indexes: the common is: flags as partial indexes in name order (a page of is:rulebook is a walk
# of its index; a game's own flags are tags); the translated names beside the name, so a name
# search reads one index.
V6_INDEXES = {
    "idx_cards_rulebook": "CREATE INDEX idx_cards_rulebook ON cards (name_key) WHERE rulebook = 1",
    "idx_cards_invented": "CREATE INDEX idx_cards_invented ON cards (name_key) WHERE invented = 1",
    "idx_cards_name_key": "CREATE INDEX idx_cards_name_key ON cards (name_key, names_key)",
}


def _m6_readable(db) -> None:
    """Version 6: a catalogue other tools can read.

    Plain columns for the rules text, lists, effects, translated names and the is: flags (derived
    from each record, as ``db check --repair`` derives them); sqlite-utils-style full-text search
    over cards(name, text) with triggers; the ``card_view`` view; effects join card_tags.
    """
    for col, kind in V6_COLUMNS:
        db.execute(f"ALTER TABLE cards ADD COLUMN {col} {kind}")
    db.execute("DROP TABLE cards_fts")
    db.execute("DROP INDEX IF EXISTS idx_cards_name_key")
    db.execute(V6_FTS)
    for sql in (*V6_TRIGGERS.values(), *V6_INDEXES.values(), V6_VIEW):
        db.execute(sql)
    from deckkit.catalogue.repair import rederive

    rederive(db.conn)  # fills the new columns, the tags and the full-text index from the records
    db.execute("ANALYZE")


def _m7_keywords(db) -> None:
    """Version 7: the keywords designers define in card files (deckkit.engine.keywords), one row per game
    and name: the definition as written (JSON) and the file it came from. Cards carry their keywords'
    abilities themselves; the table lets a later import use a keyword and shows what one means."""
    db.execute("CREATE TABLE keyword_definitions (game TEXT NOT NULL, name TEXT NOT NULL, data TEXT NOT NULL, "
               "source TEXT, PRIMARY KEY (game, name))")


def _m8_collection_history(db) -> None:
    """Version 8: the cards a user owns (``collection``, one row per card id with its count) and the
    results of goldfish, match and tune runs per deck version (``deck_runs``, keyed by the deck's
    content hash; ``outcomes`` holds each game's result by game index, so two versions goldfished on
    the same seeds can be compared game by game)."""
    db.execute("CREATE TABLE collection (card_id TEXT PRIMARY KEY, game TEXT NOT NULL, "
               "count INTEGER NOT NULL CHECK (count >= 1))")
    db.execute("CREATE TABLE deck_runs (pk INTEGER PRIMARY KEY, deck_hash TEXT NOT NULL, deck TEXT, name TEXT, "
               "game TEXT NOT NULL, kind TEXT NOT NULL, recorded TEXT NOT NULL, conditions TEXT NOT NULL, "
               "summary TEXT NOT NULL, outcomes TEXT)")
    db.execute("CREATE INDEX idx_deck_runs_hash ON deck_runs (deck_hash, kind)")


def _m9_name_trigrams(db) -> None:
    """Version 9: a trigram index of the folded names (deckkit.catalogue.nameindex), so a name substring
    is looked up instead of scanned; nothing is created where SQLite lacks FTS5's trigram tokenizer."""
    from deckkit.catalogue.nameindex import create

    create(db.conn)


# Forward migrations: MIGRATIONS[v] brings a catalogue from version v-1 to v. Append, never edit.
MIGRATIONS: dict[int, Callable[[Any], None]] = {1: _m1_initial, 2: _m2_split_blobs, 3: _m3_tags, 4: _m4_lean,
                                                 5: _m5_partial_indexes, 6: _m6_readable, 7: _m7_keywords,
                                                 8: _m8_collection_history, 9: _m9_name_trigrams}
