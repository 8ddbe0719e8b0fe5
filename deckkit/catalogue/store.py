"""The SQLite catalogue: opening, versioned forward migrations, storing card rows, look-ups and search.

Reads go through a plain ``sqlite3`` connection (start-up speed); the schema is created and
migrated through sqlite-utils. The file is in WAL mode with a busy timeout, so a second import
waits for the first instead of failing.
"""

from __future__ import annotations

import difflib
import json
import re
import sqlite3
import time
from contextlib import contextmanager
from functools import lru_cache
from itertools import chain, count
from pathlib import Path
from typing import Any
from collections.abc import Iterator

from deckkit.catalogue.migrations import MIGRATIONS
from deckkit.catalogue.rows import (MAIN_COLUMNS, ROW_DATA, ROW_FTS, ROW_TAGS, _DATA, _FTS, _MAIN, _N, fts_text,
                                    stored_card)
from deckkit.errors import AmbiguousName, CatalogueError, DataError, UnknownCard
from deckkit.text import fold

SCHEMA_VERSION = max(MIGRATIONS)  # the newest version this code writes
APPLICATION_ID = 0x444B4954  # "DKIT": marks the file as a deckkit catalogue
BUSY_TIMEOUT_S = 60.0
_SQLITE_MAGIC = b"SQLite format 3\x00"


@lru_cache(maxsize=256)
def _regex(pattern: str) -> re.Pattern:
    return re.compile(pattern, re.IGNORECASE)


def _sql_regexp(pattern: str | None, value: str | None) -> int:
    if pattern is None or value is None:
        return 0
    return 1 if _regex(pattern).search(value) else 0


class Catalogue:
    """An open catalogue file. Card dicts come back in the card schema's JSON shape."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn
        self._db = None

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
        return [stored_card(r[0]) for r in self.conn.execute(sql, params)]

    def count(self, game: str | None = None) -> int:
        """How many cards (of one game)."""
        if game is None:
            return self.conn.execute("SELECT count(*) FROM cards").fetchone()[0]
        return self.conn.execute("SELECT count(*) FROM cards WHERE game = ?", (_game(game),)).fetchone()[0]

    def get(self, card_id: str) -> dict | None:
        """The card with this id, or None."""
        row = self.conn.execute(f"SELECT b.data {_FROM} WHERE c.id = ?", (card_id,)).fetchone()
        return stored_card(row[0]) if row else None

    def cards(self, game: str | None = None) -> list[dict]:
        """All cards (of one game), ordered by game and folded name."""
        if game is None:
            return self._cards(f"SELECT b.data {_FROM} ORDER BY c.game, c.name_key, c.id")
        return self._cards(f"SELECT b.data {_FROM} WHERE c.game = ? ORDER BY c.name_key, c.id", (_game(game),))

    def find(self, name_or_id: str, game: str | None = None) -> dict:
        """The card with this id or (folded) name; UnknownCard with near-miss suggestions otherwise.

        A name that several cards of the game carry raises AmbiguousName listing their ids.
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
        rows = self._cards(f"SELECT b.data {_FROM} WHERE {where} ORDER BY c.game, c.id", params)
        if rows:
            if len({r["game"] for r in rows}) > 1:
                raise DataError(f"{name_or_id!r} names cards in several games: "
                                + ", ".join(f"{r['id']} ({r['game']})" for r in rows),
                                hint="name the game (e.g. --game af) or use the card id")
            if len(rows) > 1:  # one game, several ids: picking one would silently take the wrong card
                ids = [r["id"] for r in rows]
                marks = ",".join("?" * len(ids))
                sources = dict(self.conn.execute(f"SELECT id, source FROM cards WHERE id IN ({marks})", ids))
                raise AmbiguousName(name_or_id, ids, sources=sources)
            return rows[0]
        raise UnknownCard(name_or_id, self.suggest(name_or_id, g))

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

    def search(self, query: Any, limit: int | None = None, sort: str | None = None) -> list[dict]:
        """Cards matching a query string or AST (see :mod:`deckkit.query`), sorted (default: name)."""
        from deckkit.catalogue.search import compile_sql, order_by

        where, params = compile_sql(query)
        # Two steps: find and order the matching keys on the narrow table, then fetch only the
        # payloads that are returned (sorting wide rows is what makes a naive join slow).
        source = _FROM if "b.data" in where else "FROM cards c"
        sql = f"SELECT c.pk {source} WHERE {where} ORDER BY {order_by(sort)}"
        if limit is not None:
            sql += " LIMIT ?"
            params = [*params, max(0, int(limit))]
        pks = [r[0] for r in self.conn.execute(sql, params)]
        return self._by_pk(pks)

    def search_page(self, query: Any, limit: int = 50, sort: str | None = None) -> tuple[list[dict], int]:
        """The first ``limit`` matches and the total number of matches (counted only when the page is full)."""
        from deckkit.query import parse

        ast = parse(query) if isinstance(query, str) else query
        cards = self.search(ast, limit=limit, sort=sort)
        if len(cards) < limit:
            return cards, len(cards)
        return cards, self.search_count(ast)

    def _by_pk(self, pks: list[int]) -> list[dict]:
        data = self._by_pk_raw(pks)
        return [stored_card(data[pk]) for pk in pks]

    def search_count(self, query: Any) -> int:
        """How many cards match a query."""
        from deckkit.catalogue.search import compile_sql, fts_only

        phrase = fts_only(query)
        if phrase is not None:  # the full-text index counts its own matches without touching the tables
            return self.conn.execute("SELECT count(*) FROM cards_fts WHERE cards_fts MATCH ?", (phrase,)).fetchone()[0]
        where, params = compile_sql(query)
        # Join the payload only when the query reads it (o:/regex/): counting stays on the narrow table.
        source = _FROM if "b.data" in where else "FROM cards c"
        return self.conn.execute(f"SELECT count(*) {source} WHERE {where}", params).fetchone()[0]

    # ------------------------------------------------------------ writing
    def existing(self, ids: list[str]) -> dict[str, tuple[int, str, str]]:
        """``id -> (pk, data, source)`` of the given ids that are already stored."""
        out: dict[str, tuple[int, str, str]] = {}
        sql = f"SELECT c.id, c.pk, b.data, c.source {_FROM}"
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

    def same_names(self, keys: set[tuple[str, str]]) -> dict[tuple[str, str], list[tuple[str, str]]]:
        """``(game, folded name) -> [(id, source), …]`` of the stored cards carrying one of these names."""
        out: dict[tuple[str, str], list[tuple[str, str]]] = {}
        sql = "SELECT game, name_key, id, source FROM cards"
        if len(keys) > 2000:  # one scan beats many IN lists for bulk imports
            rows = (r for r in self.conn.execute(sql) if (r[0], r[1]) in keys)
        else:
            names = sorted({name for _, name in keys})
            rows = (r for i in range(0, len(names), 500)
                    for r in self.conn.execute(f"{sql} WHERE name_key IN ({','.join('?' * len(names[i:i + 500]))})",
                                               names[i:i + 500])
                    if (r[0], r[1]) in keys)
        for game, name_key, cid, source in rows:
            out.setdefault((game, name_key), []).append((cid, source))
        return {key: sorted(found) for key, found in out.items()}

    def store(self, added: list[tuple], updated: list[tuple[int, tuple]]) -> None:
        """Insert new cards and update changed ones (rows from :func:`card_rows`), inside the caller's transaction."""
        conn = self.conn
        bulk = len(added) + len(updated) > 5000
        was_empty = conn.execute("SELECT NOT EXISTS (SELECT 1 FROM cards)").fetchone()[0]
        next_pk = conn.execute("SELECT coalesce(max(pk), 0) + 1 FROM cards").fetchone()[0]
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
        if updated:
            # Contentless FTS: an entry is removed by giving the words it was indexed with.
            old = self._by_pk_raw([pk for pk, _ in updated])
            conn.executemany("INSERT INTO cards_fts(cards_fts, rowid, text_key) VALUES ('delete', ?, ?)",
                             [(pk, fts_text(json.loads(old[pk]).get("text"))) for pk, _ in updated])
            conn.executemany("DELETE FROM card_tags WHERE pk = ?", [(pk,) for pk, _ in updated])
            sets = ", ".join(f"{c} = ?" for c in MAIN_COLUMNS)
            conn.executemany(f"UPDATE cards SET {sets} WHERE pk = ?", [(*_MAIN(row), pk) for pk, row in updated])
            conn.executemany("UPDATE card_blobs SET data = ? WHERE pk = ?", [(row[ROW_DATA], pk) for pk, row in updated])
        if added:
            # New rows take the next rowids in order (SQLite gives max(pk) + 1), so the parameter
            # sequences below are C-level maps and zips over the rows, with no Python code per card.
            conn.executemany(f"INSERT INTO cards ({', '.join(MAIN_COLUMNS)}) VALUES ({', '.join('?' * _N)})",
                             map(_MAIN, added))
            last = conn.execute("SELECT max(pk) FROM cards").fetchone()[0]
            if last != next_pk + len(added) - 1:  # pragma: no cover - would mean SQLite chose other rowids
                raise CatalogueError("new cards did not get consecutive row ids", path=str(self.path))
            conn.executemany("INSERT INTO card_blobs (pk, data) VALUES (?, ?)", zip(count(next_pk), map(_DATA, added)))
        changed = chain(zip(count(next_pk), added), updated)
        conn.executemany("INSERT INTO card_tags (pk, kind, value) VALUES (?, ?, ?)",
                         [(pk, kind, value) for pk, row in changed if row[ROW_TAGS] for kind, value in row[ROW_TAGS]])
        conn.executemany("INSERT INTO cards_fts(rowid, text_key) VALUES (?, ?)",
                         chain(zip(count(next_pk), map(_FTS, added)), [(pk, row[ROW_FTS]) for pk, row in updated]))
        for _, sql in secondary:
            conn.execute(sql)
        if bulk or was_empty:
            self.analyze()

    def analyze(self) -> None:
        """Refresh the planner's row statistics (after bulk loads) so it picks the selective index."""
        self.conn.execute("PRAGMA analysis_limit = 1000")
        self.conn.execute("ANALYZE")

    def _by_pk_raw(self, pks: list[int]) -> dict[int, str]:
        data: dict[int, str] = {}
        for i in range(0, len(pks), 900):
            chunk = pks[i:i + 900]
            marks = ",".join("?" * len(chunk))
            data.update(self.conn.execute(f"SELECT pk, data FROM card_blobs WHERE pk IN ({marks})", chunk))
        return data

    def rebuild_fts(self) -> None:
        """Rebuild the full-text index from the stored cards (``db check --repair``)."""
        self.conn.execute("INSERT INTO cards_fts(cards_fts) VALUES ('delete-all')")
        rows = self.conn.execute("SELECT pk, data FROM card_blobs").fetchall()
        self.conn.executemany("INSERT INTO cards_fts(rowid, text_key) VALUES (?, ?)",
                              [(pk, fts_text(json.loads(data).get("text"))) for pk, data in rows])

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
        }

    def check(self) -> list[str]:
        """Integrity problems: SQLite's own check, the FTS index, and every stored card against the schema."""
        from deckkit.schemas import card_problems, fast_card_check

        problems: list[str] = []
        try:
            result = [r[0] for r in self.conn.execute("PRAGMA integrity_check")]
        except sqlite3.DatabaseError as exc:  # too damaged for SQLite to check: nothing further can be read
            return [f"sqlite: {exc} (restore a backup, or move the file away and import your cards again)"]
        if result != ["ok"]:
            problems += [f"sqlite: {r}" for r in result]
        try:
            self.conn.execute("INSERT INTO cards_fts(cards_fts) VALUES ('integrity-check')")
            indexed = self.conn.execute("SELECT count(*) FROM cards_fts_docsize").fetchone()[0]
            if indexed != self.count():
                problems.append(f"full-text index: {indexed} entries for {self.count()} cards "
                                "(deckkit db check --repair rebuilds it)")
        except sqlite3.DatabaseError as exc:
            problems.append(f"full-text index: {exc} (deckkit db check --repair rebuilds it)")
        for cid, data in self.conn.execute(f"SELECT c.id, b.data {_FROM} ORDER BY c.id"):
            try:
                card = json.loads(data)
            except ValueError as exc:
                problems.append(f"card {cid}: stored JSON is broken: {exc}")
                continue
            if not fast_card_check(card):
                problems += [f"card {cid}: {p.path} {p.message}" for p in card_problems(card, file=cid)]
            elif card.get("id") != cid:
                problems.append(f"card {cid}: stored id differs from its data ({card.get('id')!r})")
        return problems

    def retired_bundled(self) -> list[str]:
        """Ids of cards loaded from an older deckkit's bundled data that the bundled data no longer has.

        They stay (decks may name them, and a user's catalogue never loses cards behind their back);
        ``db check`` mentions them.
        """
        from deckkit.catalogue import bundled_cards

        bundled = {c.get("id") for c in bundled_cards()}
        ids = (r[0] for r in self.conn.execute("SELECT id FROM cards WHERE source = 'bundled' ORDER BY id"))
        return [cid for cid in ids if cid not in bundled]


_FROM = "FROM cards c JOIN card_blobs b ON b.pk = c.pk"


def _game(game: str) -> str:
    from deckkit.engine.registry import resolve as resolve_game

    return resolve_game(game)


# ---------------------------------------------------------------- opening

def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    conn.execute("PRAGMA synchronous = NORMAL")  # the WAL recommendation: still atomic and corruption-safe
    conn.execute("PRAGMA temp_store = MEMORY")  # sorts for ORDER BY and index builds stay off the disk
    # Read pages through a memory map and keep more of them: searches touch the same indexes again and again.
    conn.execute("PRAGMA mmap_size = 268435456")
    conn.execute("PRAGMA cache_size = -32768")
    conn.create_function("regexp", 2, _sql_regexp, deterministic=True)
    return conn


def _not_catalogue(path: Path, why: str) -> CatalogueError:
    return CatalogueError(f"{why}", path=str(path),
                          hint="point --db (or $DECKKIT_DB) at a deckkit catalogue, or move this file away "
                               "and deckkit creates a fresh one")


def open_catalogue(path: str | Path | None = None, *, fill: bool = True) -> Catalogue:
    """Open the catalogue (creating, migrating and filling it with the bundled cards as needed)."""
    from deckkit.paths import default_db_path

    path = Path(path) if path is not None else default_db_path()
    if path.is_dir():
        raise CatalogueError("the catalogue path is a directory", path=str(path), hint="give a file name, e.g. cards.db")
    if path.exists() and path.stat().st_size > 0:
        try:
            with open(path, "rb") as fh:
                head = fh.read(16)
        except OSError as exc:
            raise CatalogueError(f"cannot read the catalogue: {exc.strerror}", path=str(path)) from None
        if head != _SQLITE_MAGIC:
            raise _not_catalogue(path, "not an SQLite database")
    else:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CatalogueError(f"cannot create the catalogue folder: {exc.strerror}", path=str(path.parent)) from None
    try:
        conn = _connect(path)
        cat = Catalogue(path, conn)
        _check_version(cat)
        if cat.schema_version < SCHEMA_VERSION:
            _migrate(cat)
        if fill:
            refresh_bundled(cat)
    except sqlite3.DatabaseError as exc:
        raise _not_catalogue(path, f"cannot use the catalogue: {exc}") from None
    return cat


def _check_version(cat: Catalogue) -> None:
    version = cat.schema_version
    if version > SCHEMA_VERSION:
        raise CatalogueError(
            f"the catalogue has schema version {version}, newer than this deckkit understands ({SCHEMA_VERSION})",
            path=str(cat.path), hint="upgrade deckkit (pip install -U deckkit) or use another --db")
    app_id = cat.conn.execute("PRAGMA application_id").fetchone()[0]
    if version > 0 and app_id != APPLICATION_ID:
        raise _not_catalogue(cat.path, "an SQLite database, but not a deckkit catalogue")
    if version == 0:
        tables = cat.conn.execute("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchone()[0]
        if tables:
            raise _not_catalogue(cat.path, "an SQLite database, but not a deckkit catalogue")


def _migrate(cat: Catalogue) -> None:
    if cat.conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        cat.conn.execute("PRAGMA journal_mode = WAL")  # persistent; readers then never block the writer
    with cat.write():
        _check_version(cat)  # another process may have migrated while we waited for the lock
        version = cat.schema_version
        for target in range(version + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[target](cat.db)
            cat.conn.execute(f"PRAGMA user_version = {target}")
        if version == 0:
            cat.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            cat.set_meta("created", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))


def _bundled_fingerprint() -> str:
    from deckkit.catalogue import bundled_files

    parts = []
    for f in bundled_files():
        st = f.stat()
        parts.append(f"{f.name}:{st.st_size}:{st.st_mtime_ns}")
    return "|".join(parts)


def refresh_bundled(cat: Catalogue) -> None:
    """Load the bundled cards when they changed since last time; cards a user imported are left alone."""
    fingerprint = _bundled_fingerprint()
    if cat.meta("bundled") == fingerprint:
        return
    from deckkit.catalogue.importer import read_file, validate_records

    records, problems = [], []
    from deckkit.catalogue import bundled_files

    for f in bundled_files():
        recs, probs = read_file(f)
        records += recs
        problems += probs
    if not problems:
        problems = validate_records(records)
    if problems:
        from deckkit.errors import ValidationFailed

        raise ValidationFailed(f"the bundled card data is invalid ({len(problems)} problems)", problems,
                               hint="a bundled data/cards file is broken; fix it (deckkit import --dry-run FILE)")
    with cat.write():
        if cat.meta("bundled") == fingerprint:  # someone else loaded them while we waited
            return
        from deckkit.catalogue.importer import plan

        result = plan(cat, records, source="bundled", keep_foreign=True)
        cat.store(result.added_rows, result.updated_rows)
        cat.set_meta("bundled", fingerprint)


__all__ = ["Catalogue", "open_catalogue", "SCHEMA_VERSION", "MIGRATIONS", "refresh_bundled"]
