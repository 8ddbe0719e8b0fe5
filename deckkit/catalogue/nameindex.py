"""The trigram index of the folded names: a name substring found through an index instead of a scan.

A bare word of a search (``ejlepo``) is a substring of a card's folded name or of one of its
translated names (``name_key``, ``names_key``). A scan tests every card; the ``name_trigrams``
table (SQLite FTS5 with the ``trigram`` tokenizer, SQLite 3.34 or later) lists the cards holding
each run of three characters, so a key of three or more characters is a phrase of its trigrams
and the index answers it exactly. It indexes the already-folded columns and compares case
sensitively: the index never folds a second time, so it finds what the scan finds.

The table reads its text from ``cards`` (external content) and is kept current by the
``cards_names_*`` triggers for every writer; a bulk import sets the triggers aside and indexes its
new rows in one statement (:func:`index_rows`). Where SQLite lacks FTS5 or the trigram tokenizer
nothing is created and searches scan as before.
"""

from __future__ import annotations

import sqlite3
from functools import cache

TABLE = "name_trigrams"
MIN_KEY = 3  # characters: a trigram index cannot answer a shorter key (it is scanned)

CREATE = (f"CREATE VIRTUAL TABLE {TABLE} USING FTS5 (name_key, names_key, content=cards, content_rowid=pk, "
          "tokenize='trigram case_sensitive 1', columnsize=0)")
_FORGET = f"INSERT INTO {TABLE} ({TABLE}, rowid, name_key, names_key) VALUES ('delete', old.pk, old.name_key, old.names_key);"
_ADD = f"INSERT INTO {TABLE} (rowid, name_key, names_key) VALUES (new.pk, new.name_key, new.names_key);"
TRIGGERS = {
    "cards_names_ai": f"CREATE TRIGGER cards_names_ai AFTER INSERT ON cards BEGIN\n  {_ADD}\nEND",
    "cards_names_ad": f"CREATE TRIGGER cards_names_ad AFTER DELETE ON cards BEGIN\n  {_FORGET}\nEND",
    "cards_names_au": f"CREATE TRIGGER cards_names_au AFTER UPDATE OF name_key, names_key ON cards BEGIN\n"
                      f"  {_FORGET}\n  {_ADD}\nEND",
}


@cache
def supported() -> bool:
    """Whether this SQLite has FTS5 with the trigram tokenizer (3.34+), asked once of an in-memory table."""
    if sqlite3.sqlite_version_info < (3, 34, 0):
        return False
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("CREATE VIRTUAL TABLE t USING FTS5 (x, tokenize='trigram case_sensitive 1')")
    except sqlite3.Error:
        return False
    finally:
        conn.close()
    return True


def create(conn: sqlite3.Connection) -> bool:
    """Create the index, its triggers and fill it from ``cards`` (a migration step); False if unsupported."""
    if not supported():
        return False
    conn.execute(CREATE)
    for sql in TRIGGERS.values():
        conn.execute(sql)
    rebuild(conn)
    return True


def present(conn: sqlite3.Connection) -> bool:
    """Whether this catalogue has the index (it may have been created by a SQLite without trigrams)."""
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (TABLE,)).fetchone() is not None


def rebuild(conn: sqlite3.Connection) -> None:
    """Index every card again from the ``cards`` table (one pass)."""
    conn.execute(f"INSERT INTO {TABLE} ({TABLE}) VALUES ('rebuild')")


def forget(conn: sqlite3.Connection, pks: list[int]) -> None:
    """Remove the entries of these cards as they are now (before their names are rewritten without the triggers)."""
    for i in range(0, len(pks), 900):
        chunk = pks[i:i + 900]
        conn.execute(f"INSERT INTO {TABLE} ({TABLE}, rowid, name_key, names_key) SELECT 'delete', pk, name_key, names_key "
                     f"FROM cards WHERE pk IN ({','.join('?' * len(chunk))})", chunk)


def index_rows(conn: sqlite3.Connection, first_new: int, updated: list[int]) -> None:
    """Index the rows from ``first_new`` on (one statement: the bulk case) and the ``updated`` ones."""
    conn.execute(f"INSERT INTO {TABLE} (rowid, name_key, names_key) SELECT pk, name_key, names_key FROM cards "
                 "WHERE pk >= ?", (first_new,))
    for i in range(0, len(updated), 900):
        chunk = [pk for pk in updated[i:i + 900] if pk < first_new]
        if chunk:
            conn.execute(f"INSERT INTO {TABLE} (rowid, name_key, names_key) SELECT pk, name_key, names_key FROM cards "
                         f"WHERE pk IN ({','.join('?' * len(chunk))})", chunk)


def matches(conn: sqlite3.Connection) -> bool:
    """Whether the index agrees with the ``cards`` table (FTS5's own integrity check against its content)."""
    try:
        conn.execute(f"INSERT INTO {TABLE} ({TABLE}, rank) VALUES ('integrity-check', 1)")
    except sqlite3.DatabaseError:
        return False
    return True


def usable(key: str) -> bool:
    """Whether a folded key can be looked up: three characters or more, and no NUL (which would end the
    FTS5 string; the parser refuses it, a query built in code is scanned)."""
    return len(key) >= MIN_KEY and "\x00" not in key


def phrase(key: str) -> str:
    """The MATCH text of a folded key: one FTS5 string, i.e. its trigrams in a row (a substring)."""
    return '"' + key.replace('"', '""') + '"'


def substring_sql(key: str) -> tuple[str, list[str]]:
    """The cards whose folded name or a translated one contains ``key`` (a key of MIN_KEY or more characters)."""
    return f"c.pk IN (SELECT rowid FROM {TABLE} WHERE {TABLE} MATCH ?)", [phrase(key)]


__all__ = ["TABLE", "CREATE", "TRIGGERS", "supported", "create", "present", "rebuild", "forget", "index_rows",
           "matches", "usable", "phrase", "substring_sql"]
