"""Benchmark what keeping a goldfish result in the deck history costs (target ≤ 2% of a 2,000-game run).

    python bench/bench_history.py [--games 2000] [--runs 5] [--workers 1] [--seed 1]

Plays the bundled decks' first win-by-turn deck --games games (as ``deckkit goldfish`` does), then
times recording the result (opening the catalogue and writing the run with its per-game outcomes,
what the command does unless --no-history) --runs times. Printed: the run's time, the recording's
median, and their ratio. The recording is timed on its own because on a shared machine two whole runs
differ by more than 2% from noise alone.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

TARGET = 0.02


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from deckkit.catalogue import open_catalogue
    from deckkit.decks.io import load_deck
    from deckkit.decks.runs import record_goldfish
    from deckkit.engine.registry import spec
    from deckkit.paths import bundled_files
    from deckkit.sim.goldfish import Options, goldfish, load_decks

    deck = next(p for p in bundled_files("deck").values() if spec(load_deck(p).game).records == "win-by-turn")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cat.db"
        cat = open_catalogue(db)
        loaded = load_decks([deck], cat)
        cat.close()
        started, cpu = time.perf_counter(), time.process_time()
        outcome = goldfish(loaded, Options(games=args.games, seed=args.seed, workers=args.workers))
        run_wall, run_cpu = time.perf_counter() - started, time.process_time() - cpu
        walls, cpus = [], []
        for _ in range(args.runs):
            started, cpu = time.perf_counter(), time.process_time()
            record_goldfish(open_catalogue(db), [str(deck)], [loaded[0].version or ""], [loaded[0].name],
                            outcome.reports, outcome.records)
            walls.append(time.perf_counter() - started)
            cpus.append(time.process_time() - cpu)
        wall, cpu_rec = statistics.median(walls), statistics.median(cpus)
        share = wall / run_wall
        print(f"goldfish {deck.name}: {args.games:,} games in {run_wall:.2f} s wall ({run_cpu:.2f} s CPU in this "
              f"process, --workers {args.workers})")
        print(f"  recording the result: median {wall * 1000:.1f} ms wall, {cpu_rec * 1000:.1f} ms CPU over {args.runs} "
              f"runs = {share:.2%} of the run  {'OK' if share <= TARGET else 'OVER'} (target ≤ {TARGET:.0%})")


if __name__ == "__main__":
    main()
