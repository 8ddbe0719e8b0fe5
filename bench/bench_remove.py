"""Removal benchmark: ``deckkit remove`` of 10,000 cards from a 100,000-card catalogue against SQLite
deleting the same rows alone, measured in the same run on two copies of one catalogue file.

The floor: a plain sqlite3 connection with the catalogue's durability (WAL, synchronous=NORMAL) puts
the ids in a temporary table and, in one transaction, deletes the cards' rows from ``card_tags``,
``card_blobs`` and ``cards`` (whose triggers keep the full-text and name indexes, as any SQLite client
deleting them would), then closes the file. deckkit: :func:`deckkit.catalogue.removal.remove` with the
10,000 ids (each looked up, the bundled decks checked for cards they would lose, the same deletes,
the bundled ones among them remembered as hidden), closed the same way.
Target: deckkit <= 2 x floor.

    python bench/bench_remove.py [N] [REMOVE] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_cards import generate  # noqa: E402


def floor(db_path: Path, ids: list[str]) -> float:
    """Seconds for SQLite alone to delete the cards' rows in one transaction and close the file."""
    started = time.perf_counter()
    conn = sqlite3.connect(str(db_path), isolation_level=None)
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("CREATE TEMP TABLE gone (id TEXT PRIMARY KEY)")
    conn.executemany("INSERT INTO gone VALUES (?)", ((i,) for i in ids))
    conn.execute("DELETE FROM card_tags WHERE pk IN (SELECT pk FROM cards WHERE id IN (SELECT id FROM gone))")
    conn.execute("DELETE FROM card_blobs WHERE pk IN (SELECT pk FROM cards WHERE id IN (SELECT id FROM gone))")
    conn.execute("DELETE FROM cards WHERE id IN (SELECT id FROM gone)")
    conn.execute("COMMIT")
    conn.close()
    return time.perf_counter() - started


def deckkit_remove(db_path: Path, ids: list[str]) -> tuple[float, int]:
    """Seconds for deckkit's removal of ``ids`` (opened catalogue, closed after), and how many it removed."""
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.removal import remove

    cat = open_catalogue(db_path, fill=False)
    started = time.perf_counter()
    removal = remove(cat, ids)
    cat.close()
    return time.perf_counter() - started, len(removal.cards)


def remaining(db_path: Path) -> int:
    conn = sqlite3.connect(str(db_path))
    try:
        return conn.execute("SELECT count(*) FROM cards").fetchone()[0]
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("n", type=int, nargs="?", default=100_000)
    parser.add_argument("remove", type=int, nargs="?", default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.importer import import_files

    with tempfile.TemporaryDirectory() as tmp:
        cards = generate(args.n, args.seed)
        src = Path(tmp) / "cards.json"
        src.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
        base = Path(tmp) / "base.db"
        with open_catalogue(base, fill=False) as cat:
            import_files(cat, [src])
            cat.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        step = max(1, args.n // args.remove)
        ids = [c["id"] for c in cards[::step]][:args.remove]
        ours_db, floor_db = Path(tmp) / "ours.db", Path(tmp) / "floor.db"
        shutil.copy(base, ours_db)
        shutil.copy(base, floor_db)
        f = floor(floor_db, ids)
        o, removed = deckkit_remove(ours_db, ids)
        assert removed == len(ids) and remaining(ours_db) == remaining(floor_db) == args.n - len(ids)
        print(f"catalogue: {args.n} cards; removed: {len(ids)} (every {step}th card)")
        print(f"floor (SQLite deletes the rows of cards, card_blobs and card_tags): {f:.3f} s")
        print(f"deckkit remove (look-up, bundled-deck check, delete, one transaction): {o:.3f} s")
        print(f"ratio: {o / f:.2f}x  (target <= 2x)  {'OK' if o / f <= 2 else 'OVER'}")


if __name__ == "__main__":
    main()
