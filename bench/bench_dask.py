"""Benchmark of issue 15 item 5: the Dask path on one machine against the local process pool.

Plays the same goldfish work (the Obludárium starter deck, and a 13-point food sweep through the
tune library) on a :class:`ProcessBackend` with W workers and on a local Dask cluster with W
single-threaded worker processes, and prints each one's wall time and the ratio of speeds
(target: Dask ≥ 0.9× the pool). Both are warmed up first (processes started, deck prepared), so
the figures compare playing, not starting. The records must be identical.

    python bench/bench_dask.py [--games N] [--workers W] [--repeat R]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from deckkit.decks import CardPool
from deckkit.paths import data_dir
from deckkit.sim.goldfish import load_decks
from deckkit.sim.runner import DaskBackend, Job, ProcessBackend, run

DECK = Path(data_dir()) / "decks" / "obludarium-standard.deck"


def timed(fn, repeat: int):
    best, value = float("inf"), None
    for _ in range(repeat):
        began = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - began)
    return best, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from distributed import LocalCluster

    deck = load_decks([DECK], CardPool.bundled())[0]
    jobs = [Job.make(deck.game, deck.cards, seed=s, keep_seen=False) for s in (1, 2)]
    with ProcessBackend(args.workers) as pool:
        run(jobs[:1], 200, backend=pool)  # start the processes, prepare the deck
        t_pool, local = timed(lambda: run(jobs, args.games, backend=pool), args.repeat)
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with DaskBackend(cluster.scheduler_address) as dask:
            run(jobs[:1], 200, backend=dask)
            t_dask, remote = timed(lambda: run(jobs, args.games, backend=dask), args.repeat)
    same = local.records == remote.records
    games = args.games * len(jobs)
    print(f"goldfish, {games:,} games ({len(jobs)} decks) on {args.workers} workers, best of {args.repeat}: "
          f"process pool {t_pool:.2f} s ({games / t_pool:,.0f} games/s), "
          f"Dask local cluster {t_dask:.2f} s ({games / t_dask:,.0f} games/s); "
          f"Dask speed / pool speed = {t_pool / t_dask:.2f} (target ≥ 0.9); identical records: {same}")


if __name__ == "__main__":
    main()
