"""Kotlík goldfish speed: full greedy-vs-greedy games per second on one core (issue 7 target ≥ 2,000)."""

from __future__ import annotations

import argparse
import random
import time

from deckkit.games.kotlik import KotlikGame
from deckkit.games.kotlik.cards import bundled_cards

TARGET = 2000  # games/s on one core, greedy against greedy


def main() -> None:
    """Play N seeded games per policy pairing and print games/s, mean scores and win rates."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    args = parser.parse_args()
    game = KotlikGame()
    deck = list(bundled_cards())
    for policy, opponent in (("greedy", "greedy"), ("greedy", "random"), ("greedy", "passive")):
        game.play_goldfish(deck, random.Random(0), policy=policy, opponent=opponent)  # warm caches
        start, cpu = time.perf_counter(), time.process_time()
        wins, scores, turns = [0, 0, 0], [0, 0], 0
        for seed in range(args.games):
            rec = game.play_goldfish(deck, random.Random(seed), policy=policy, opponent=opponent)
            scores[0] += rec.scores[0]
            scores[1] += rec.scores[1]
            turns += rec.turns
            wins[rec.winners[0] if rec.winners else 2] += 1
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        n = args.games
        # CPU time is this process's own: the figure per core even when other jobs share the machine.
        print(f"{policy} (White) vs {opponent} (Black): {n} games in {elapsed:.2f} s wall = {n / elapsed:,.0f} "
              f"games/s, {n / cpu:,.0f} games per CPU-second; "
              f"mean score {scores[0] / n:.1f} : {scores[1] / n:.1f}; White wins {wins[0] / n:.1%}, "
              f"Black {wins[1] / n:.1%}, draws {wins[2] / n:.1%}; mean turns {turns / n:.1f}")
        if (policy, opponent) == ("greedy", "greedy"):
            verdict = "met" if n / cpu >= TARGET else "MISSED"
            print(f"  target ≥ {TARGET:,} greedy-vs-greedy games per CPU-second (issue 7): {verdict}")
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        for seed in range(2000):
            game.play_goldfish(deck, random.Random(seed), policy="greedy", opponent="greedy")
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)

if __name__ == "__main__":
    main()
