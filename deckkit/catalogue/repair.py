"""``db check`` and ``db check --repair``: the derived tables against the records they come from.

The record of a card is its JSON in ``card_blobs``; everything else (the columns of ``cards``, the
tags in ``card_tags``, the full-text index) is derived from it. Checking recomputes the derived
values and names every disagreement; repairing writes them back, recreates missing tables,
indexes, triggers and the view, and says what it could not repair (a damaged or missing record
can only be replaced by importing the card again).
"""

from __future__ import annotations

import sqlite3
from functools import cache
from collections.abc import Callable
from typing import Any

from deckkit.catalogue import nameindex
from deckkit.catalogue.rows import DERIVED_COLUMNS, MAIN_COLUMNS, ROW_TAGS, DamagedRecord, card_rows, read_record

__all__ = ["check", "repair", "rederive", "expected_schema"]

_FIX = "deckkit db check --repair rebuilds it"
_REIMPORT = "import a good version of the card to replace it"


@cache
def expected_schema() -> dict[str, tuple[str, str, str]]:
    """``name -> (type, table, sql)`` of every table, index, trigger and view a current catalogue has."""
    import sqlite_utils

    from deckkit.catalogue.migrations import MIGRATIONS

    db = sqlite_utils.Database(memory=True)
    for version in sorted(MIGRATIONS):
        MIGRATIONS[version](db)
    rows = db.execute("SELECT name, type, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL "
                      "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'cards_fts_%' "
                      f"AND name NOT LIKE '{nameindex.TABLE}_%'").fetchall()
    db.close()
    return {name: (kind, table, sql) for name, kind, table, sql in rows}


def _schema(conn: sqlite3.Connection) -> dict[str, str]:
    return dict(conn.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL"))


def _schema_problems(conn: sqlite3.Connection) -> list[str]:
    have = _schema(conn)
    out = []
    for name, (kind, _, sql) in expected_schema().items():
        if name not in have:
            out.append(f"schema: the {kind} {name} is missing ({_FIX})")
        elif " ".join(have[name].split()) != " ".join(sql.split()):
            out.append(f"schema: the {kind} {name} differs from what deckkit creates ({_FIX})")
    return out


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}


def _rows(conn: sqlite3.Connection):
    """(pk, id, source, derived values..., raw record or None) of every cards row."""
    cols = ", ".join(f"c.{c}" for c in DERIVED_COLUMNS)
    return conn.execute(f"SELECT c.pk, c.id, c.source, {cols}, CAST(b.data AS BLOB) "
                        "FROM cards c LEFT JOIN card_blobs b ON b.pk = c.pk ORDER BY c.id, c.pk")


def _readable_rows(conn: sqlite3.Connection, bad_schema: Callable[[str, dict], list[str]]):
    """``(pk, id, stored derived values, derived values, tags, problems)`` of every cards row; a row whose
    record is damaged or does not match the card schema has no derived values (None) and its problems."""
    from deckkit.schemas import fast_card_check

    n = len(DERIVED_COLUMNS)
    for pk, cid, source, *rest in _rows(conn):  # read on: every write waits until the caller has them all
        stored, raw = tuple(rest[:n]), rest[n]
        try:
            card = read_record(cid, raw)
        except DamagedRecord as exc:
            yield pk, cid, stored, None, (), [f"card {cid}: {exc.reason} ({_REIMPORT})"]
            continue
        if not fast_card_check(card):
            yield pk, cid, stored, None, (), bad_schema(cid, card)
            continue
        derived, tags = _derived(card, source)
        yield pk, cid, stored, derived, tags, []


def _derived(card: dict, source: str) -> tuple[tuple, tuple]:
    row = card_rows([card], source)[0]
    values = dict(zip(MAIN_COLUMNS, row))
    return tuple(values[c] for c in DERIVED_COLUMNS), row[ROW_TAGS]


def _shown(value: Any) -> str:
    return "NULL" if value is None else repr(value)


def _card_tags(conn: sqlite3.Connection) -> dict[int, set[tuple[str, str]]]:
    tags: dict[int, set[tuple[str, str]]] = {}
    for pk, kind, value in conn.execute("SELECT pk, kind, value FROM card_tags"):
        tags.setdefault(pk, set()).add((kind, value))
    return tags


def check(conn: sqlite3.Connection) -> list[str]:
    """Every disagreement between the derived tables and the records, and every damaged record."""
    from deckkit.schemas import card_problems

    problems: list[str] = []
    try:
        result = [r[0] for r in conn.execute("PRAGMA integrity_check")]
    except sqlite3.DatabaseError as exc:  # too damaged for SQLite to check: nothing further can be read
        return [f"sqlite: {exc} (restore a backup, or move the file away and import your cards again)"]
    if result != ["ok"]:
        problems += [f"sqlite: {r}" for r in result]
    problems += _schema_problems(conn)
    tables = _tables(conn)
    if not {"cards", "card_blobs"} <= tables:
        return problems
    if "cards_fts" in tables:
        try:
            conn.execute("INSERT INTO cards_fts (cards_fts, rank) VALUES ('integrity-check', 1)")
        except sqlite3.DatabaseError:
            problems.append(f"full-text index: it does not match the cards table ({_FIX})")
    if nameindex.TABLE in tables and not nameindex.matches(conn):
        problems.append(f"name index: it does not match the cards table ({_FIX})")
    for cid, n in conn.execute("SELECT id, count(*) FROM cards GROUP BY id HAVING count(*) > 1 ORDER BY id"):
        problems.append(f"card {cid}: {n} rows have this id (ids are unique; deckkit db check --repair keeps the "
                        "one its record names)")
    tags = _card_tags(conn) if "card_tags" in tables else None

    def bad_schema(cid: str, card: dict) -> list[str]:
        return [f"card {cid}: {p.path} {p.message}" for p in card_problems(card, file=cid)]

    for pk, cid, stored, derived, card_tags, unreadable in _readable_rows(conn, bad_schema):
        if derived is None:
            problems += unreadable
            continue
        for col, have, want in zip(DERIVED_COLUMNS, stored, derived):
            if have != want:
                problems.append(f"card {cid}: column {col} is {_shown(have)}, its record says {_shown(want)} ({_FIX})")
        if tags is not None and tags.get(pk, set()) != set(card_tags):
            problems.append(f"card {cid}: its card_tags rows differ from its record ({_FIX})")
    for pk, cid in conn.execute("SELECT b.pk, json_extract(CASE WHEN json_valid(b.data) THEN b.data END, '$.id') "
                                "FROM card_blobs b WHERE b.pk NOT IN (SELECT pk FROM cards)"):
        problems.append(f"record {pk} ({cid or 'no id'}) has no row in cards ({_FIX} from the record)")
    return problems


def _recreate_schema(conn: sqlite3.Connection) -> list[str]:
    """Create every missing (or altered) table, index, trigger and view; what was done."""
    done = []
    have = _schema(conn)
    expected = expected_schema()
    order = {"table": 0, "index": 1, "view": 2, "trigger": 3}
    for name, (kind, _, sql) in sorted(expected.items(), key=lambda kv: order.get(kv[1][0], 9)):
        current = have.get(name)
        if current is not None and " ".join(current.split()) == " ".join(sql.split()):
            continue
        if current is not None:
            if kind == "table":
                continue  # a changed table is not dropped: its rows may be all there is
            conn.execute(f'DROP {kind.upper()} "{name}"')
        conn.execute(sql)
        done.append(f"recreated the {kind} {name}")
    return done


def _dedupe(conn: sqlite3.Connection) -> list[str]:
    """Keep one row per id: the one whose record names that id (else the first); drop the others."""
    done = []
    dupes = conn.execute("SELECT id FROM cards GROUP BY id HAVING count(*) > 1").fetchall()
    for (cid,) in dupes:
        rows = conn.execute("SELECT c.pk, CAST(b.data AS BLOB) FROM cards c LEFT JOIN card_blobs b ON b.pk = c.pk "
                            "WHERE c.id = ? ORDER BY c.pk", (cid,)).fetchall()
        keep = rows[0][0]
        for pk, raw in rows:
            try:
                read_record(cid, raw)
            except DamagedRecord:
                continue
            keep = pk
            break
        for pk, _ in rows:
            if pk != keep:
                conn.execute("DELETE FROM cards WHERE pk = ?", (pk,))
                conn.execute("DELETE FROM card_blobs WHERE pk = ?", (pk,))
        done.append(f"card {cid}: kept one of {len(rows)} rows with this id")
    return done


def _restore_rows(conn: sqlite3.Connection) -> list[str]:
    """Cards rows for records that lost theirs (rebuilt from the record)."""
    done = []
    orphans = conn.execute("SELECT pk, CAST(data AS BLOB) FROM card_blobs WHERE pk NOT IN (SELECT pk FROM cards)").fetchall()
    cols = ", ".join(MAIN_COLUMNS)
    for pk, raw in orphans:
        try:
            card = read_record(None, raw)
        except DamagedRecord:
            continue
        if conn.execute("SELECT 1 FROM cards WHERE id = ?", (card["id"],)).fetchone():
            continue  # another row holds the id: the orphan record is a stale copy
        row = card_rows([card], "restored")[0]
        conn.execute(f"INSERT INTO cards (pk, {cols}) VALUES (?, {', '.join('?' * len(MAIN_COLUMNS))})",
                     (pk, *row[:len(MAIN_COLUMNS)]))
        done.append(f"card {card['id']}: its cards row rebuilt from its record")
    return done


def rederive(conn: sqlite3.Connection) -> tuple[list[str], list[str]]:
    """Write every derived value from the records (columns, tags, full-text index); (done, not repaired).

    Runs inside the caller's transaction. The full-text triggers are set aside meanwhile and the
    index rebuilt once at the end (one pass instead of a delete and an insert per changed row).
    """
    from deckkit.catalogue.migrations import V6_TRIGGERS

    done: list[str] = []
    failed: list[str] = []
    triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'cards'").fetchall()
    for name, _ in triggers:
        conn.execute(f'DROP TRIGGER "{name}"')
    sets = ", ".join(f"{c} = ?" for c in DERIVED_COLUMNS)
    updates, tag_rows, fixed = [], [], 0

    def bad_schema(cid: str, card: dict) -> list[str]:
        return [f"card {cid}: its record does not match the card schema ({_REIMPORT}; "
                "deckkit db check lists the problems)"]

    for pk, _cid, stored, derived, tags, unreadable in _readable_rows(conn, bad_schema):
        if derived is None:
            failed += unreadable
            continue
        tag_rows += [(pk, kind, value) for kind, value in tags]
        if derived != stored:
            updates.append((*derived, pk))
            fixed += 1
    conn.executemany(f"UPDATE cards SET {sets} WHERE pk = ?", updates)
    conn.execute("DELETE FROM card_tags")
    conn.executemany("INSERT INTO card_tags (pk, kind, value) VALUES (?, ?, ?)", tag_rows)
    for sql in [sql for _, sql in triggers] or V6_TRIGGERS.values():
        conn.execute(sql)
    conn.execute("INSERT INTO cards_fts (cards_fts) VALUES ('rebuild')")
    if nameindex.present(conn):
        nameindex.rebuild(conn)
    if fixed:
        done.append(f"rewrote the derived columns of {fixed} card{'s' * (fixed != 1)} from their records")
    return done, failed


def repair(conn: sqlite3.Connection) -> tuple[list[str], list[str]]:
    """Rebuild everything derivable (inside the caller's transaction); (what was done, what could not be)."""
    done = _dedupe(conn)  # first: the unique id index cannot be recreated over repeated ids
    done += _recreate_schema(conn)
    done += _restore_rows(conn)
    more, failed = rederive(conn)
    done += more + ["rebuilt the full-text index and the tags from the records"]
    return done, failed
