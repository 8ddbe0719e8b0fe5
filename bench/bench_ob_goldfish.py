"""Benchmark: Obludárium goldfish games per second (greedy policy, starter deck, one core).

Run: python bench/bench_ob_goldfish.py [GAMES] [--profile]
Prints games/s of the greedy player (every legal action applied once on a clone of the state and the
position read by the static evaluation: the one rules implementation, no fast path), the same games
with trace lines, and the random policy, so the cost of each layer is visible. Wall-clock and CPU time are both shown (the machine may be shared). Target: >= 5,000
games/s on one core.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time

from deckkit.games.obludarium import GAME
from deckkit.games.obludarium.policies import greedy


def starter_deck() -> list[dict]:
    """The bundled starter deck as card dicts."""
    return GAME.starter_deck()


def run(games: int, **kwargs) -> tuple[float, float, float]:
    """(games per wall-clock second, games per CPU second, mean win turn) over seeds 0 .. games-1."""
    deck = starter_deck()
    GAME.play_goldfish(deck, random.Random(-1), **kwargs)  # warm the per-game caches
    turns = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for seed in range(games):
        trace = [] if kwargs.get("trace") is not None else None
        record = GAME.play_goldfish(deck, random.Random(seed), **{**kwargs, "trace": trace})
        turns += record.turn
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return games / elapsed, games / cpu, turns / games


def main() -> None:
    """Print the figures (and a profile with --profile)."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 2000
    if "--profile" in sys.argv:
        cProfile.run(f"run({games})", "/tmp/ob_goldfish.prof")
        pstats.Stats("/tmp/ob_goldfish.prof").sort_stats("tottime").print_stats(12)
        return
    rate, cpu, mean = run(games)
    print(f"greedy (evaluation):       {rate:9,.0f} games/s wall, {cpu:9,.0f} CPU  ({games} games, "
          f"mean win turn {mean:.2f})")
    rate, cpu, _ = run(max(1, games // 10), trace=[])
    print(f"greedy with --trace:       {rate:9,.0f} games/s wall, {cpu:9,.0f} CPU  ({max(1, games // 10)} games)")
    rate, cpu, _ = run(max(1, games // 10), policy=greedy)
    print(f"greedy as a callable:      {rate:9,.0f} games/s wall, {cpu:9,.0f} CPU  ({max(1, games // 10)} games)")
    rate, cpu, _ = run(max(1, games // 10), policy="random")
    print(f"random:                    {rate:9,.0f} games/s wall, {cpu:9,.0f} CPU  ({max(1, games // 10)} games)")

if __name__ == "__main__":
    main()
