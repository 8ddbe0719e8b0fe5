"""The SQLite catalogue: opening, versioned forward migrations, storing card rows, look-ups and search.

Reads go through a plain ``sqlite3`` connection (start-up speed); the schema is created and
migrated through sqlite-utils. The file is in WAL mode with a busy timeout, so a second import
waits for the first instead of failing.
"""

from __future__ import annotations

import difflib
import sqlite3
import sys
from contextlib import contextmanager
from itertools import chain, count
from operator import itemgetter
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable, Iterator

from deckkit.catalogue import nameindex
from deckkit.catalogue.migrations import MIGRATIONS
from deckkit.catalogue.rows import MAIN_COLUMNS, ROW_DATA, ROW_TAGS, _DATA, _MAIN, _N, DamagedRecord, read_record
from deckkit.errors import CatalogueError, DataError, UnknownCard
from deckkit.text import fold

_NAME = itemgetter(MAIN_COLUMNS.index("name"))
_TEXT = itemgetter(MAIN_COLUMNS.index("text"))

SCHEMA_VERSION = max(MIGRATIONS)  # the newest version this code writes
APPLICATION_ID = 0x444B4954  # "DKIT": marks the file as a deckkit catalogue
BUSY_TIMEOUT_S = 60.0


class Catalogue:
    """An open catalogue file. Card dicts come back in the card schema's JSON shape."""

    def __init__(self, path: Path, conn: sqlite3.Connection, *, read_only: bool = False) -> None:
        self.path = path
        self.conn = conn
        self.read_only = read_only
        self._db = None
        # Damaged records met while reading (id -> reason); each is reported once through ``warn``.
        self.damaged: dict[str, str] = {}
        self.warn: Callable[[str], None] = _stderr_warning

    # ------------------------------------------------------------ plumbing
    @property
    def db(self):
        """A sqlite-utils Database over the same connection (imported on first use: it is slow to import)."""
        if self._db is None:
            import sqlite_utils

            self._db = sqlite_utils.Database(self.conn)
        return self._db

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> Catalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; BEGIN IMMEDIATE takes the write lock up front so concurrent writers queue."""
        if self.read_only:
            raise CatalogueError("the catalogue is read-only (opened from a file or folder that cannot be written)",
                                 path=str(self.path), hint="copy it somewhere writable, or use another --db")
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise CatalogueError(f"the catalogue is busy: {exc}", path=str(self.path),
                                 hint="another deckkit is writing to it; try again when it has finished") from None
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        else:
            self.conn.execute("COMMIT")

    def meta(self, key: str) -> str | None:
        """A value from the meta table."""
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        """Set a meta value (inside the caller's transaction)."""
        self.conn.execute("INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                          (key, value))

    @property
    def schema_version(self) -> int:
        """The catalogue's schema version (``PRAGMA user_version``)."""
        return self.conn.execute("PRAGMA user_version").fetchone()[0]

    # ------------------------------------------------------------ reading
    def _cards(self, sql: str, params: tuple | list = ()) -> list[dict]:
        """Cards of ``SELECT c.id, <raw record> ...`` rows; damaged records are skipped with a warning."""
        return self._readable(self.conn.execute(sql, params))

    def _readable(self, rows: Iterable[tuple[str, Any]]) -> list[dict]:
        out = []
        for cid, raw in rows:
            try:
                out.append(read_record(cid, raw))
            except DamagedRecord as exc:
                self._damaged(cid, exc.reason)
        return out

    def _damaged(self, cid: str, reason: str) -> None:
        if cid not in self.damaged:
            self.damaged[cid] = reason
            self.warn(f"warning: card {cid} skipped: {reason} (deckkit db check lists damaged records; "
                      "import a good version of the card to replace it)")

    def count(self, game: str | None = None) -> int:
        """How many cards (of one game)."""
        if game is None:
            return self.conn.execute("SELECT count(*) FROM cards").fetchone()[0]
        return self.conn.execute("SELECT count(*) FROM cards WHERE game = ?", (_game(game),)).fetchone()[0]

    def get(self, card_id: str) -> dict | None:
        """The card with this id, or None."""
        found = self._cards(f"SELECT c.id, {_RAW} {_FROM} WHERE c.id = ?", (card_id,))
        return found[0] if found else None

    def cards(self, game: str | None = None) -> list[dict]:
        """All cards (of one game), ordered by game and folded name."""
        if game is None:
            return self._cards(f"SELECT c.id, {_RAW} {_FROM} ORDER BY c.game, c.name_key, c.id")
        return self._cards(f"SELECT c.id, {_RAW} {_FROM} WHERE c.game = ? ORDER BY c.name_key, c.id", (_game(game),))

    def preference(self) -> tuple[str, ...]:
        """The catalogue-wide preference (``deckkit db prefer``): words tried after a file's own."""
        from deckkit.catalogue.prefer import META_KEY, parse

        try:
            return parse(self.meta(META_KEY))
        except DataError:
            return ()

    def find(self, name_or_id: str, game: str | None = None, *, prefer: tuple[str, ...] = ()) -> dict:
        """The card with this id or (folded) name; UnknownCard with near-miss suggestions otherwise.

        A name that several cards of the game carry is resolved by ``prefer``, then by the catalogue's
        preference (:mod:`deckkit.catalogue.prefer`); else AmbiguousName lists their ids.
        """
        g = _game(game) if game else None
        key = name_or_id.strip()
        card = self.get(key)
        if card is not None and (g is None or card["game"] == g):
            return card
        where, params = "c.name_key = ?", [fold(key)]
        if g:
            where += " AND c.game = ?"
            params.append(g)
        rows = self._cards(f"SELECT c.id, {_RAW} {_FROM} WHERE {where} ORDER BY c.game, c.id", params)
        if rows:
            if len({r["game"] for r in rows}) > 1:
                raise DataError(f"{name_or_id!r} names cards in several games: "
                                + ", ".join(f"{r['id']} ({r['game']})" for r in rows),
                                hint="name the game (e.g. --game af) or use the card id")
            if len(rows) > 1:  # one game, several ids: only a stated preference may pick one
                from deckkit.catalogue.prefer import choose

                ids = [r["id"] for r in rows]
                marks = ",".join("?" * len(ids))
                sources = dict(self.conn.execute(f"SELECT id, source FROM cards WHERE id IN ({marks})", ids))
                return choose(name_or_id, rows, sources, tuple(prefer) + self.preference())
            return rows[0]
        raise UnknownCard(name_or_id, self.suggest(name_or_id, g))

    def sources(self, game: str) -> dict[str, str]:
        """``id -> source`` (the file each card was imported from, or ``bundled``) of a game's cards."""
        return dict(self.conn.execute("SELECT id, source FROM cards WHERE game = ?", (_game(game),)))

    def suggest(self, name: str, game: str | None = None, n: int = 3) -> list[str]:
        """Real names of cards whose folded names are close to ``name`` (substring matches first)."""
        key = fold(name)
        sql, params = "SELECT name, name_key FROM cards", []
        if game:
            sql += " WHERE game = ?"
            params.append(game)
        names: dict[str, str] = {}
        for real, folded in self.conn.execute(sql + " ORDER BY name_key", params):
            names.setdefault(folded, real)
        out = [names[k] for k in names if key and key in k][:n]
        for k in difflib.get_close_matches(key, list(names), n=n, cutoff=0.6):
            if names[k] not in out:
                out.append(names[k])
        return out[:n]

    def search(self, query: Any, limit: int | None = None, sort: str | None = None, *, walk: bool = False) -> list[dict]:
        """Cards matching a query string or AST (see :mod:`deckkit.query`), sorted (default: name).

        ``walk``: read the cards in name order and stop at ``limit`` matches (for a name-sorted page
        of a query that matches many cards), instead of collecting every match and sorting it.
        """
        from deckkit.catalogue.search import NAME_INDEX, compile_sql, order_by

        where, params = compile_sql(query, names=nameindex.present(self.conn))
        source = f"cards c INDEXED BY {NAME_INDEX}" if walk and sort in (None, "name") else "cards c"
        # Two steps: find and order the matching keys on the cards table, then fetch only the
        # records that are returned (sorting wide rows is what makes a naive join slow).
        sql = f"SELECT c.pk FROM {source} WHERE {where} ORDER BY {order_by(sort)}"
        if limit is not None:
            sql += " LIMIT ?"
            params = [*params, max(0, int(limit))]
        pks = [r[0] for r in self.conn.execute(sql, params)]
        return self._by_pk(pks)

    def search_page(self, query: Any, limit: int = 50, sort: str | None = None) -> tuple[list[dict], int]:
        """The first ``limit`` matches and the total number of matches (counted only when the page is full)."""
        from deckkit.query import parse

        from deckkit.catalogue.search import indexed_terms_only, tag_count_sql

        ast = parse(query) if isinstance(query, str) else query
        counted = tag_count_sql(ast)
        if counted is None and not indexed_terms_only(ast, nameindex.present(self.conn)):  # a name or text scan: page, then count if full
            cards = self.search(ast, limit=limit, sort=sort)
            if len(cards) < limit:
                return cards, len(cards)
            return cards, self.search_count(ast)
        if counted is None:  # indexed terms count quickly, and the count says how to page
            total = self.search_count(ast)
            walk = total * total > limit * self.count()
            return (self.search(ast, limit=limit, sort=sort, walk=walk) if total else []), total
        # One tag: its index counts the matches at once, and the count says how to page. Many
        # matches: walking the name order finds a page after a few hundred cards; few: sort them.
        total = self.conn.execute(*counted).fetchone()[0]
        walk = total * total > limit * self.count()
        return self.search(ast, limit=limit, sort=sort, walk=walk), total

    def _by_pk(self, pks: list[int]) -> list[dict]:
        rows: dict[int, tuple[str, Any]] = {}
        for i in range(0, len(pks), 900):
            chunk = pks[i:i + 900]
            marks = ",".join("?" * len(chunk))
            rows.update((r[0], r[1:]) for r in self.conn.execute(
                f"SELECT c.pk, c.id, {_RAW} {_FROM} WHERE c.pk IN ({marks})", chunk))
        return self._readable(rows[pk] for pk in pks if pk in rows)

    def search_count(self, query: Any) -> int:
        """How many cards match a query."""
        from deckkit.catalogue.search import compile_sql, fts_only

        phrase = fts_only(query)
        if phrase is not None:  # the full-text index counts its own matches without touching the tables
            return self.conn.execute("SELECT count(*) FROM cards_fts WHERE cards_fts MATCH ?", (phrase,)).fetchone()[0]
        where, params = compile_sql(query, names=nameindex.present(self.conn))
        return self.conn.execute(f"SELECT count(*) FROM cards c WHERE {where}", params).fetchone()[0]

    # ------------------------------------------------------------ writing
    def existing(self, ids: list[str]) -> dict[str, tuple[int, str | None, str]]:
        """``id -> (pk, data, source)`` of the given ids that are already stored (data None: a missing record)."""
        out: dict[str, tuple[int, str | None, str]] = {}
        sql = f"SELECT c.id, c.pk, {_RAW}, c.source {_FROM}"
        if len(ids) > 2000:  # one scan beats many IN lists for bulk imports
            wanted = set(ids)
            for cid, pk, data, source in self.conn.execute(sql):
                if cid in wanted:
                    out[cid] = (pk, data, source)
            return out
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            marks = ",".join("?" * len(chunk))
            for cid, pk, data, source in self.conn.execute(f"{sql} WHERE c.id IN ({marks})", chunk):
                out[cid] = (pk, data, source)
        return out

    def same_names(self, names: set[str]) -> dict[tuple[str, str], list[tuple[str, str]]]:
        """``(game, folded name) -> [(id, source), …]`` of the stored cards whose folded name is in ``names``."""
        out: dict[tuple[str, str], list[tuple[str, str]]] = {}
        sql = "SELECT game, name_key, id, source FROM cards"
        if len(names) > 2000:  # one scan beats many IN lists for bulk imports
            rows = (r for r in self.conn.execute(sql) if r[1] in names)
        else:
            ordered = sorted(names)
            rows = (r for i in range(0, len(ordered), 500)
                    for r in self.conn.execute(f"{sql} WHERE name_key IN ({','.join('?' * len(ordered[i:i + 500]))})",
                                               ordered[i:i + 500]))
        for game, name_key, cid, source in rows:
            out.setdefault((game, name_key), []).append((cid, source))
        return {key: sorted(found) for key, found in out.items()}

    def store(self, added: list[tuple], updated: list[tuple[int, tuple]]) -> None:
        """Insert new cards and update changed ones (rows from :func:`card_rows`), inside the caller's transaction."""
        conn = self.conn
        bulk = len(added) + len(updated) > 5000
        was_empty = conn.execute("SELECT NOT EXISTS (SELECT 1 FROM cards)").fetchone()[0]
        next_pk = conn.execute("SELECT coalesce(max(pk), 0) + 1 FROM cards").fetchone()[0]
        # The full-text triggers are for other tools' edits: here the index is written directly, in
        # bulk (a trigger per row costs four times as much), and the triggers put back at the end.
        triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'cards'").fetchall()
        for name, _ in triggers:
            conn.execute(f'DROP TRIGGER "{name}"')
        names = nameindex.present(conn)  # the name trigrams: written here too, while their triggers are off
        if updated:
            # External-content FTS: an entry is removed by giving the values it was indexed with, the
            # row's current ones. Both deletes run while the indexes on pk are still there.
            pks = [pk for pk, _ in updated]
            conn.executemany("INSERT INTO cards_fts (cards_fts, rowid, name, text) VALUES ('delete', ?, ?, ?)",
                             self._name_text(pks))
            conn.executemany("DELETE FROM card_tags WHERE pk = ?", [(pk,) for pk in pks])
            if names:
                nameindex.forget(conn, pks)
        secondary = []
        if bulk:
            # More page cache for the index builds of a bulk load, and the secondary indexes built
            # once afterwards (one sort each) rather than maintained row by row.
            conn.execute("PRAGMA cache_size = -131072")
            # The unique id index too: sorting 100,000 ids once is cheaper than inserting them one by one,
            # and CREATE UNIQUE INDEX checks them all (validation and the update split rule out repeats).
            secondary = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN "
                                     "('cards', 'card_tags') AND sql IS NOT NULL").fetchall()
            for name, _ in secondary:
                conn.execute(f'DROP INDEX "{name}"')
        with _nulls_bound_directly():
            self._write_rows(added, updated, next_pk)
        changed = chain(zip(count(next_pk), added), updated)
        conn.executemany("INSERT INTO card_tags (pk, kind, value) VALUES (?, ?, ?)",
                         [(pk, kind, value) for pk, row in changed if row[ROW_TAGS] for kind, value in row[ROW_TAGS]])
        # The new rows are indexed from the table in one statement (no values passed through Python).
        conn.execute("INSERT INTO cards_fts (rowid, name, text) SELECT pk, name, text FROM cards WHERE pk >= ?",
                     (next_pk,))
        conn.executemany("INSERT INTO cards_fts (rowid, name, text) VALUES (?, ?, ?)",
                         [(pk, _NAME(row), _TEXT(row)) for pk, row in updated])
        if names:  # the new rows in one statement (a bulk load's cheapest way), then the updated ones
            nameindex.index_rows(conn, next_pk, [pk for pk, _ in updated])
        for _, sql in triggers:
            conn.execute(sql)
        for _, sql in secondary:
            conn.execute(sql)
        if bulk or was_empty:
            self.analyze()

    def _write_rows(self, added: list[tuple], updated: list[tuple[int, tuple]], next_pk: int) -> None:
        """The cards and card_blobs rows of new and changed cards (new ones from row id ``next_pk`` on)."""
        conn = self.conn
        if updated:
            sets = ", ".join(f"{c} = ?" for c in MAIN_COLUMNS)
            conn.executemany(f"UPDATE cards SET {sets} WHERE pk = ?", [(*_MAIN(row), pk) for pk, row in updated])
            # An upsert: a card whose record row was lost gets it back.
            # The records are UTF-8 bytes (deckkit.catalogue.rows._encoder): stored as TEXT, as other tools expect.
            conn.executemany("INSERT INTO card_blobs (pk, data) VALUES (?, CAST(? AS TEXT)) "
                             "ON CONFLICT (pk) DO UPDATE SET data = excluded.data",
                             [(pk, row[ROW_DATA]) for pk, row in updated])
        if added:
            # New rows take the next rowids in order (SQLite gives max(pk) + 1), so the parameter
            # sequences below are C-level maps and zips over the rows, with no Python code per card.
            conn.executemany(f"INSERT INTO cards ({', '.join(MAIN_COLUMNS)}) VALUES ({', '.join('?' * _N)})",
                             map(_MAIN, added))
            last = conn.execute("SELECT max(pk) FROM cards").fetchone()[0]
            if last != next_pk + len(added) - 1:  # pragma: no cover - would mean SQLite chose other rowids
                raise CatalogueError("new cards did not get consecutive row ids", path=str(self.path))
            # OR REPLACE: an orphaned record at one of these row ids (its cards row deleted) gives way.
            conn.executemany("INSERT OR REPLACE INTO card_blobs (pk, data) VALUES (?, CAST(? AS TEXT))",
                             zip(count(next_pk), map(_DATA, added)))

    def _name_text(self, pks: list[int]) -> list[tuple[int, str, str]]:
        out: list[tuple[int, str, str]] = []
        for i in range(0, len(pks), 900):
            chunk = pks[i:i + 900]
            marks = ",".join("?" * len(chunk))
            out += self.conn.execute(f"SELECT pk, name, text FROM cards WHERE pk IN ({marks})", chunk).fetchall()
        return out

    def analyze(self) -> None:
        """Refresh the planner's row statistics (after bulk loads) so it picks the selective index."""
        self.conn.execute("PRAGMA analysis_limit = 1000")
        self.conn.execute("ANALYZE")

    # ------------------------------------------------------------ inspection
    def info(self) -> dict:
        """Where the catalogue is, its schema version and counts per game."""
        per_game = dict(self.conn.execute("SELECT game, count(*) FROM cards GROUP BY game ORDER BY game").fetchall())
        sources = dict(self.conn.execute("SELECT source, count(*) FROM cards GROUP BY source ORDER BY source").fetchall())
        return {
            "path": str(self.path),
            "schema_version": self.schema_version,
            "supported_schema_version": SCHEMA_VERSION,
            "cards": sum(per_game.values()),
            "games": per_game,
            "sources": sources,
            "size_bytes": self.path.stat().st_size if self.path.exists() else 0,
            "journal_mode": self.conn.execute("PRAGMA journal_mode").fetchone()[0],
            "created": self.meta("created"),
            "last_import": self.meta("last_import"),
            "prefer": list(self.preference()),
        }

    def check(self) -> list[str]:
        """Every problem: SQLite's own check, missing tables or indexes, the full-text index, duplicate ids,
        damaged records, and derived columns or tags that disagree with their record."""
        from deckkit.catalogue.repair import check

        return check(self.conn)

    def repair(self) -> tuple[list[str], list[str]]:
        """Rebuild everything derivable from the records: (what was done, what could not be repaired)."""
        from deckkit.catalogue.repair import repair

        with self.write():
            done, failed = repair(self.conn)
        self.analyze()
        return done, failed

    def retired_bundled(self) -> list[str]:
        """Ids of cards loaded from an older deckkit's bundled data that the bundled data no longer has.

        They stay (decks may name them, and a user's catalogue never loses cards behind their back);
        ``db check`` mentions them.
        """
        from deckkit.catalogue import bundled_cards

        bundled = {c.get("id") for c in bundled_cards()}
        ids = (r[0] for r in self.conn.execute("SELECT id FROM cards WHERE source = 'bundled' ORDER BY id"))
        return [cid for cid in ids if cid not in bundled]


@contextmanager
def _nulls_bound_directly() -> Iterator[None]:
    """Bind None as SQL NULL without the sqlite3 module's adapter search, for the duration of a bulk write.

    The module looks up an adapter for every parameter that is not an int, float or str: for None that
    search (a registry look-up, then ``__adapt__`` and ``__conform__``) costs more than binding an integer
    does, and a card row has a dozen empty columns. An entry for None in the registry that returns it
    unchanged ends the search at the first look-up; the value bound is the same NULL.
    """
    key = (type(None), sqlite3.PrepareProtocol)
    adapters = sqlite3.adapters  # the registry register_adapter writes to
    if key in adapters:  # someone registered their own: leave it be
        yield
        return
    adapters[key] = _SAME_NONE
    try:
        yield
    finally:
        adapters.pop(key, None)


_SAME_NONE: Callable[[Any], Any] = {}.get  # a C function of one argument that returns None for None (no Python frame per value)


# Cards with their records; a lost record reads as NULL (a damaged record, reported), not as no card.
_FROM = "FROM cards c LEFT JOIN card_blobs b ON b.pk = c.pk"
# The record as bytes: text that is not UTF-8 is then a damaged record, not a decoding error of the whole query.
_RAW = "CAST(b.data AS BLOB)"


def _stderr_warning(message: str) -> None:
    sys.stderr.write(message + "\n")


def _game(game: str) -> str:
    from deckkit.engine.registry import resolve as resolve_game

    return resolve_game(game)



def open_catalogue(path: str | Path | None = None, *, fill: bool = True) -> Catalogue:
    """Open the catalogue (creating, migrating and filling it with the bundled cards as needed)."""
    from deckkit.catalogue.opening import open_catalogue as _open

    return _open(path, fill=fill)


__all__ = ["Catalogue", "open_catalogue", "SCHEMA_VERSION", "MIGRATIONS"]
