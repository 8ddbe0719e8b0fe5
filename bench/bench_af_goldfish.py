"""Álomfogó goldfish speed: greedy (and random) games per second on one core on the casual starter deck.

Issue 6 target: ≥ 5,000 greedy games/s. Run: ``python bench/bench_af_goldfish.py [--games N] [--profile]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from deckkit.games.alomfogo import AlomfogoGame
from deckkit.paths import data_dir


def main() -> None:
    """Play N seeded games per policy and print games/s and the win-turn distribution."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--deck", default=str(data_dir() / "decks" / "alomfogo-casual.deck"))
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    args = parser.parse_args()
    game = AlomfogoGame()
    deck = [c.data for c in game.deck_cards(args.deck)]
    game = AlomfogoGame(list({c["id"]: c for c in deck}.values()))  # as deckkit.sim builds it
    for policy in ("greedy", "random"):
        n = args.games if policy == "greedy" else max(1, args.games // 5)
        game.play_goldfish(deck, random.Random(0), policy=policy)  # warm caches
        start, cpu = time.perf_counter(), time.process_time()
        turns = []
        for seed in range(n):
            rec = game.play_goldfish(deck, random.Random(seed), policy=policy)
            if rec.won:
                turns.append(rec.turn)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(f"{policy}: {n} games in {elapsed:.2f} s wall = {n / elapsed:,.0f} games/s "
              f"({cpu:.2f} s CPU = {n / cpu:,.0f} games/s per CPU second); wins {len(turns) / n:.1%}; "
              f"mean win turn {statistics.fmean(turns) if turns else float('nan'):.2f}, "
              f"median {statistics.median(turns) if turns else float('nan')}")
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        for seed in range(3000):
            game.play_goldfish(deck, random.Random(seed), policy="greedy")
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(14)


if __name__ == "__main__":
    main()
