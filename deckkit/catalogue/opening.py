"""Opening a catalogue file: creating, versioned forward migrations, filling with the bundled cards.

A catalogue that cannot be written (a read-only folder or file) is opened read-only and immutable:
searches work, and SQLite creates no journal or shared-memory file beside it. A path that is not a
regular file (``/dev/null``, a FIFO) is refused, so no journal is ever created beside one.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from deckkit.catalogue.migrations import MIGRATIONS
from deckkit.catalogue.store import APPLICATION_ID, BUSY_TIMEOUT_S, SCHEMA_VERSION, Catalogue
from deckkit.errors import CatalogueError

_SQLITE_MAGIC = b"SQLite format 3\x00"


def _writable(path: Path) -> bool:
    """False for a file, or a file in a folder, that cannot be written (write bits off: root too)."""
    for p in (path, path.parent):
        try:
            st = p.stat()
        except OSError:
            return False
        if not st.st_mode & 0o222 or not os.access(p, os.W_OK):
            return False
    return True


def _connect(path: Path, read_only: bool = False) -> sqlite3.Connection:
    if read_only:
        # immutable: no locks, no journal, no shared-memory file (nothing can be written beside it).
        from urllib.parse import quote

        uri = f"file:{quote(str(path.resolve()))}?mode=ro&immutable=1"
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    else:
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        conn.execute("PRAGMA synchronous = NORMAL")  # the WAL recommendation: still atomic and corruption-safe
        conn.execute("PRAGMA temp_store = MEMORY")  # sorts for ORDER BY and index builds stay off the disk
        # Read pages through a memory map and keep more of them: searches touch the same indexes again and again.
        conn.execute("PRAGMA mmap_size = 268435456")
        conn.execute("PRAGMA cache_size = -32768")
        conn.create_function("regexp", 2, _regexp, deterministic=True)
    except BaseException:
        conn.close()
        raise
    return conn


def _regexp(pattern: str | None, value: str | None) -> int:
    """SQLite's ``regexp()``: user patterns run under a time budget (:func:`deckkit.boundedre.sql_regexp`).

    Imported on the first call, not with the catalogue: most commands never match a pattern, and the
    regex module costs a cold start about 6 ms.
    """
    from deckkit.boundedre import sql_regexp

    return sql_regexp(pattern, value)


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
    if path.exists() and not path.is_file():  # /dev/null, a FIFO: SQLite would put a journal beside it
        raise CatalogueError("the catalogue path is not a regular file", path=str(path),
                             hint="give the name of a catalogue file, e.g. --db cards.db")
    read_only = path.exists() and not _writable(path)
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
    # Processes that create or migrate one catalogue at the same moment queue on its write lock; a step
    # SQLite refuses at once instead of waiting ("database is locked", e.g. switching a fresh file to
    # WAL while another process reads it) is tried again from the start, until the busy timeout.
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            return _open_once(path, read_only, fill)
        except sqlite3.OperationalError as exc:
            if (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) \
                    or time.monotonic() > deadline:
                raise _not_catalogue(path, f"cannot use the catalogue: {exc}") from None
            time.sleep(0.02)
        except sqlite3.DatabaseError as exc:
            raise _not_catalogue(path, f"cannot use the catalogue: {exc}") from None


def _open_once(path: Path, read_only: bool, fill: bool) -> Catalogue:
    """Connect, check the version, migrate and fill; the connection is closed again if a step fails."""
    conn = _connect(path, read_only)
    try:
        cat = Catalogue(path, conn, read_only=read_only)
        _check_version(cat)
        if cat.schema_version < SCHEMA_VERSION:
            if read_only:
                raise CatalogueError(f"the catalogue is read-only and has schema version {cat.schema_version}; "
                                     f"this deckkit needs {SCHEMA_VERSION}", path=str(path),
                                     hint="open it once where it can be written (deckkit migrates it), or copy it")
            _migrate(cat)
        if fill and not read_only:
            refresh_bundled(cat)
    except BaseException:
        conn.close()
        raise
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
    from deckkit.catalogue.removal import hidden_ids

    hidden = set(hidden_ids(cat))  # bundled cards the user removed stay away until restored
    if hidden:
        records = [r for r in records if r.data.get("id") not in hidden]
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


__all__ = ["open_catalogue", "refresh_bundled"]
