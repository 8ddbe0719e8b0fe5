"""Benchmark deck validation: 1,000 deck files in one call (target ≤ 2 s) and one cold
``deckkit deck validate`` (target ≤ 300 ms). Prints its figures.

    python bench/bench_decks.py [--decks 1000] [--runs 10] [--seed 1]

The 1,000 decks are the bundled starter decks with seeded variations (counts changed, cards added
or dropped, a misspelt name now and then), so validation finds real errors in some of them.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def make_decks(folder: Path, n: int, seed: int) -> list[Path]:
    """Write ``n`` deck files derived from the starters; returns their paths."""
    from deckkit.paths import data_dir

    rng = random.Random(seed)
    starters = [p.read_text(encoding="utf-8").splitlines() for p in sorted((data_dir() / "decks").glob("*.deck"))]
    paths = []
    for i in range(n):
        lines = list(rng.choice(starters))
        card_lines = [j for j, line in enumerate(lines) if line[:1].isdigit()]
        for j in rng.sample(card_lines, k=min(3, len(card_lines))):
            count, name = lines[j].split(" ", 1)
            roll = rng.random()
            if roll < 0.1:
                name = name[:-1]  # a typo: unknown card with a suggestion
            elif roll < 0.4:
                count = str(max(1, int(count) + rng.choice((-1, 1))))
            lines[j] = f"{count} {name}"
        path = folder / f"deck{i:04d}.deck"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the child, exit code) of one subprocess run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, proc.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from deckkit.catalogue import open_catalogue
    from deckkit.decks import validate

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        db = folder / "cards.db"
        open_catalogue(db).close()  # created and filled once, as on a user's machine after first use
        paths = make_decks(folder, args.decks, args.seed)

        times, cpus = [], []
        for _ in range(3):
            start, cpu = time.perf_counter(), time.process_time()
            with open_catalogue(db) as cat:
                reports = validate(paths, cat)
            times.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
        legal = sum(r.legal for r in reports)
        print(f"library: validate {len(paths)} decks ({legal} legal, {len(paths) - legal} not): "
              f"median {statistics.median(times):.3f} s wall, {statistics.median(cpus):.3f} s CPU (target ≤ 2 s)")

        env = dict(os.environ, DECKKIT_DB=str(db))
        cmd = [sys.executable, "-m", "deckkit", "deck", "validate", "-o", "json", *map(str, paths)]
        runs = [timed(cmd, env) for _ in range(3)]
        assert all(code in (0, 1) for _, _, code in runs)
        print(f"cli: one `deckkit deck validate` of {len(paths)} files: median "
              f"{statistics.median(r[0] for r in runs):.3f} s wall, {statistics.median(r[1] for r in runs):.3f} s CPU, "
              f"best {min(r[0] for r in runs):.3f} s wall (target ≤ 2 s)")

        one = str(paths[0])
        exe = Path(sys.executable).with_name("deckkit")
        cmd = [str(exe), "deck", "validate", one] if exe.exists() else [sys.executable, "-m", "deckkit", "deck",
                                                                        "validate", one]
        runs = [timed(cmd, env) for _ in range(args.runs)]
        times = sorted(r[0] for r in runs)
        print(f"cli: one deck, cold process ({args.runs} runs): median {statistics.median(times) * 1000:.0f} ms wall "
              f"({statistics.median(r[1] for r in runs) * 1000:.0f} ms CPU), best {times[0] * 1000:.0f} ms, "
              f"worst {times[-1] * 1000:.0f} ms (target ≤ 300 ms)")
        for label, c in (("  of which `deckkit --help`", [str(exe), "--help"]),
                         ("  of which bare python start", [sys.executable, "-c", "pass"])):
            ts = []
            for _ in range(args.runs):
                start = time.perf_counter()
                subprocess.run(c, env=env, capture_output=True)
                ts.append(time.perf_counter() - start)
            print(f"{label}: median {statistics.median(ts) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
