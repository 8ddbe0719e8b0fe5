"""Benchmark ``deckkit deck need``: 10 decks against a 10,000-line collection file (target ≤ 0.5 s).

    python bench/bench_need.py [--cards 10000] [--decks 10] [--runs 5] [--seed 1]

A catalogue of synthetic cards (bench/gen_cards.py; --cards of each game) gets a collection file
naming --cards cards of a collected game (a few lines repeated, so the summing runs too) and
--decks decks of 60 cards of that game. Printed: the library call (reading and resolving the file,
resolving the decks, counting) and the whole command in a new process, each the median of --runs,
in wall time and in CPU time (on a shared machine wall time includes waiting for a core; the CPU
time is the work itself).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_cards import generate  # noqa: E402

TARGET_S = 0.5


def setup(folder: Path, n: int, decks: int, seed: int) -> tuple[Path, Path, list[Path]]:
    """(catalogue, collection file, deck files) in ``folder``."""
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.importer import import_files
    from deckkit.engine.registry import registered_games

    games = [g.name for g in registered_games()]
    collected = next(g.name for g in registered_games() if not g.no_collection)
    cards = generate(n * len(games), seed)  # gen_cards deals the games in turn: n of each
    src = folder / "cards.json"
    src.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    db = folder / "cat.db"
    cat = open_catalogue(db)
    import_files(cat, [src])
    cat.close()
    mine = [c for c in cards if c["game"] == collected][:n]
    rng = random.Random(seed)
    rows = [f'"{c["name"]}",{rng.randint(0, 4)}' for c in mine]
    rows[-20:] = [f'"{c["name"]}",1' for c in mine[:20]]  # 20 repeated lines: summed, with a notice each
    collection = folder / "collection.csv"
    collection.write_text("name,count\n" + "\n".join(rows) + "\n", encoding="utf-8")
    paths = []
    for i in range(decks):
        chosen = rng.sample(mine, 20)
        path = folder / f"deck{i}.deck"
        path.write_text(f"game: {collected}\n" + "".join(f"3 {c['name']}\n" for c in chosen), encoding="utf-8")
        paths.append(path)
    return db, collection, paths


def library_run(db: Path, collection: Path, decks: list[Path]) -> tuple[float, float, dict]:
    """(wall, CPU) seconds of one read_collection + deck_need on a freshly opened catalogue, and the result."""
    from deckkit.catalogue import open_catalogue
    from deckkit.collection.files import read_collection
    from deckkit.decks.need import deck_need

    started, cpu = time.perf_counter(), time.process_time()
    cat = open_catalogue(db)
    from deckkit.decks.io import load_deck

    found = read_collection(collection, cat, load_deck(decks[0]).game)
    data = deck_need(decks, cat, found.counts)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    cat.close()
    return elapsed, cpu, data


def command_run(db: Path, collection: Path, decks: list[Path]) -> tuple[float, float]:
    """(wall, CPU) seconds of the whole command in a new process (start-up included)."""
    cmd = [sys.executable, "-m", "deckkit", "--db", str(db), "deck", "need", *map(str, decks), "--collection",
           str(collection), "-o", "json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, env={**os.environ, "DECKKIT_DB": str(db)})
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if done.returncode != 0:
        raise SystemExit(f"deck need failed: {done.stderr.decode()[:500]}")
    return elapsed, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--decks", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db, collection, decks = setup(Path(tmp), args.cards, args.decks, args.seed)
        lib, cmd = [], []
        data: dict = {}
        for _ in range(args.runs):
            wall, cpu, data = library_run(db, collection, decks)
            lib.append((wall, cpu))
            cmd.append(command_run(db, collection, decks))
        lines = sum(1 for _ in collection.open(encoding="utf-8")) - 1
        print(f"deck need: {args.decks} decks, a {lines:,}-line collection, {data['missing_cards']} cards missing "
              f"({data['missing_copies']} copies)")
        for label, times in (("library", lib), ("command", cmd)):
            wall, cpu = statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)
            verdict = "OK" if cpu <= TARGET_S else "OVER"
            print(f"  {label}: wall median {wall * 1000:.0f} ms (min {min(t[0] for t in times) * 1000:.0f}), "
                  f"CPU median {cpu * 1000:.0f} ms over {args.runs} runs  {verdict} (target ≤ {TARGET_S * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
