"""Benchmark printing: a 60-card deck to a PDF (target ≤ 2 s), the whole bundled catalogue with
--one-each (164 cards of three games, each drawn with its own layout; target ≤ 5 s) and a
Tabletop Simulator export of 70 cards (target ≤ 5 s). Each is a cold ``deckkit`` run in a fresh
process, as a user types it (Python's start included); the best of --runs is reported. Prints its figures.

    python bench/bench_print.py [--runs 3]

Needs the print extra (pip install 'deckkit[print]').
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(args: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one ``deckkit ARGS`` run in a fresh process; a failing run stops the
    benchmark. The CPU time tells what the wall time would be on an idle machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "deckkit", *args], env=env, cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"deckkit {' '.join(args)} failed: {proc.stderr.strip()}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each case (the best is reported)")
    opts = parser.parse_args()

    from deckkit.catalogue import open_catalogue
    from deckkit.engine.registry import registered_games

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = dict(os.environ, DECKKIT_DB=str(folder / "catalogue.db"))
        open_catalogue(folder / "catalogue.db").close()
        games = [g.alias for g in registered_games()]
        cases = {
            "60-card deck → PDF (A4, 3x3, backs)": ([["print", "obludarium-standard", "-f", "deck.pdf",
                                                     "--backs", "generated"]], 2.0),
            "whole catalogue --one-each → PDF": ([["print", "--query", " or ".join(f"game:{g}" for g in games),
                                                   "--one-each", "-f", "all.pdf"]], 5.0),
            "TTS export, 73 distinct cards (69 + 4)": ([["export-tts", "kotlik-standard", "-f", "tts"]], 5.0),
        }
        for name, (runs, target) in cases.items():
            results = []
            for _ in range(opts.runs):
                times = [timed(args, env, folder) for args in runs]
                results.append((sum(w for w, _ in times), sum(c for _, c in times)))
            wall, cpu = min(results)
            verdict = "ok" if wall <= target else "SLOW"
            print(f"{name:42s} {wall:6.2f} s wall, {cpu:5.2f} s CPU   (target ≤ {target:g} s) {verdict}")


if __name__ == "__main__":
    main()
