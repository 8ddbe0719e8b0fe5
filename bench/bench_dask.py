"""Benchmark of issue 15 item 5: the Dask path on one machine against the local process pool.

Plays the same goldfish work (the Obludárium starter deck, and a 13-point food sweep through the
tune library) on a :class:`ProcessBackend` with W workers and on a local Dask cluster with W
single-threaded worker processes, and prints each one's wall time and the ratio of speeds
(target: Dask ≥ 0.9× the pool). Both are warmed up first (processes started, deck prepared), so
the figures compare playing, not starting, and they take turns, so that other work on a shared
machine slows both alike. The records (and the sweep's figures) must be identical.

    python bench/bench_dask.py [--games N] [--workers W] [--repeat R] [--sweep-games N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from deckkit.decks import CardPool
from deckkit.paths import data_dir
from deckkit.sim.goldfish import load_decks
from deckkit.sim.runner import DaskBackend, Job, ProcessBackend, run

DECK = Path(data_dir()) / "decks" / "obludarium-standard.deck"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sweep-games", type=int, default=1000, help="games per point of the food sweep")
    args = parser.parse_args()
    from distributed import LocalCluster

    from deckkit.tune import PlayOptions, load_list, run_sweep, vary

    deck = load_decks([DECK], CardPool.bundled())[0]
    jobs = [Job.make(deck.game, deck.cards, seed=s, keep_seen=False) for s in (1, 2)]
    pool_cards = CardPool.bundled()
    start = load_list(DECK, pool_cards)
    points = vary(start, "t:food=12..24", pool_cards)

    def sweep(backend):
        result = run_sweep(start, points, PlayOptions(games=args.sweep_games, seed=3), backend=backend)
        return [m.mean_turn for _, m, _ in result.rows if m is not None]

    # Both backends stay up and take turns (which one goes first alternates), so a machine shared
    # with other work slows both alike; each turn's ratio pairs two runs made back to back.
    times: dict[str, list[float]] = {"pool": [], "dask": [], "pool sweep": [], "dask sweep": []}
    out: dict[str, object] = {}
    with ProcessBackend(args.workers) as pool, \
            LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            DaskBackend(cluster.scheduler_address) as dask:
        for backend in (pool, dask):
            run(jobs[:1], 200, backend=backend)  # start the processes, prepare the deck
        for turn in range(args.repeat):
            order = [("pool", pool), ("dask", dask)][::1 if turn % 2 == 0 else -1]
            for name, backend in order:
                began = time.perf_counter()
                out[name] = run(jobs, args.games, backend=backend).records
                times[name].append(time.perf_counter() - began)
            for name, backend in order:
                began = time.perf_counter()
                out[name + " sweep"] = sweep(backend)
                times[name + " sweep"].append(time.perf_counter() - began)
    games = args.games * len(jobs)
    for what, n in (("", games), (" sweep", (len(points.points) + 1) * args.sweep_games)):
        p, d = times["pool" + what], times["dask" + what]
        ratios = [a / b for a, b in zip(p, d)]
        label = f"goldfish, {games:,} games ({len(jobs)} decks)" if not what else \
            f"food sweep through the tune library, {len(points.points) + 1} lists × {args.sweep_games:,} games"
        print(f"{label} on {args.workers} workers, {args.repeat} turns: process pool best {min(p):.2f} s "
              f"({n / min(p):,.0f} games/s); Dask local cluster best {min(d):.2f} s ({n / min(d):,.0f} games/s); "
              f"Dask speed / pool speed: median of the turns' ratios {statistics.median(ratios):.2f} "
              f"(each: {', '.join(f'{r:.2f}' for r in ratios)}), of the best times {min(p) / min(d):.2f} "
              f"(target ≥ 0.9); identical results: {out['pool' + what] == out['dask' + what]}")

if __name__ == "__main__":
    main()
