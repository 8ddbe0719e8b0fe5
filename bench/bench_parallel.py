"""Benchmark of goldfish at scale: parallel speed-up and the overhead of statistics and progress.

Prints, for each starter deck whose engine is in the tree: the bare one-core rate (a loop over
``play_one``), the runner with 1 and 2 workers, the speed-up of 2 workers over the bare loop
(target >= 1.8x on 2 cores), and the overhead of the runner + statistics + progress bar over the
bare loop (target <= 5%).

    python bench/bench_parallel.py [--games N] [--deck FILE ...]
"""

from __future__ import annotations

import argparse
import io
import resource
import sys
import time
from pathlib import Path

from deckkit.decks import CardPool
from deckkit.paths import data_dir
from deckkit.sim.goldfish import load_decks
from deckkit.sim.progress import ProgressBar
from deckkit.sim.runner import Job, build_game, play_one, run
from deckkit.sim.stats import summarize

STARTERS = ["obludarium-standard.deck", "alomfogo-casual.deck", "kotlik-standard.deck"]


def cpu_seconds() -> float:
    """CPU time of this process and its reaped children (the runner joins its workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def cpu_of(fn) -> float:
    """CPU seconds spent by ``fn`` here and in the worker processes it started and joined."""
    began = cpu_seconds()
    fn()
    return cpu_seconds() - began


def best_of(repeats: int, fn) -> tuple[float, object]:
    """The fastest of ``repeats`` timings (noise on a shared machine only ever adds time)."""
    best, value = float("inf"), None
    for _ in range(repeats):
        began = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - began)
    return best, value


def bench(path: Path, games: int, repeats: int) -> None:
    deck = load_decks([path], CardPool.bundled())[0]
    try:
        _ = build_game(deck.game, deck.cards, {}).play_goldfish
        job = Job.make(deck.game, deck.cards, seed=1, keep_seen=False)
        play_one(job, 0)
    except Exception as exc:  # the game's engine has not landed
        print(f"{path.name}: skipped ({type(exc).__name__}: {exc})")
        return
    # Interleaved rounds: a burst of other work on the shared cores then hits every variant alike.
    bare = one = two = float("inf")
    result = None
    for _ in range(repeats):
        bare = min(bare, best_of(1, lambda: [play_one(job, i) for i in range(games)])[0])
        one = min(one, best_of(1, lambda: run([job], games, workers=1))[0])
        t, result = best_of(1, lambda: run([job], games, workers=2))
        two = min(two, t)
    records = result.records[0]
    stats, _ = best_of(repeats, lambda: summarize(records))

    def with_progress():
        bar = ProgressBar(enabled=True, delay=0.0)
        from rich.console import Console

        bar._console = Console(file=io.StringIO(), force_terminal=True)  # draw, but not on screen
        with bar:
            return run([job], games, workers=2, progress=bar)

    two_bar, _ = best_of(repeats, with_progress)

    def parent_cpu(fn) -> float:
        me = resource.getrusage(resource.RUSAGE_SELF)
        fn()
        after = resource.getrusage(resource.RUSAGE_SELF)
        return after.ru_utime + after.ru_stime - me.ru_utime - me.ru_stime

    # What the bar costs is CPU in this (the parent) process, taken from the workers' cores.
    bar_cpu = min(parent_cpu(with_progress) for _ in range(repeats))
    plain_cpu = min(parent_cpu(lambda: run([job], games, workers=2)) for _ in range(repeats))
    # Wall-clock figures suffer when other work shares the two cores; CPU time does not, and
    # 2 workers reach >= 1.8x on an idle machine exactly when their CPU cost is <= ~11% above the loop.
    cpu_bare = min(cpu_of(lambda: [play_one(job, i) for i in range(games)]) for _ in range(repeats))
    cpu_two = min(cpu_of(lambda: run([job], games, workers=2)) for _ in range(repeats))
    print(f"{path.name} ({deck.game}), {games:,} games, best of {repeats}:")
    print(f"  bare loop, 1 core        {games / bare:10,.0f} games/s")
    print(f"  runner --workers 1       {games / one:10,.0f} games/s  (overhead {one / bare - 1:+.1%})")
    print(f"  runner --workers 2       {games / two:10,.0f} games/s  (speed-up {bare / two:.2f}x over the bare loop)")
    print(f"  --workers 2 + progress   {games / two_bar:10,.0f} games/s  (progress {two_bar / two - 1:+.1%})")
    print(f"  statistics               {stats * 1000:10.1f} ms      ({stats / two:.1%} of the 2-worker run)")
    print(f"  CPU time: bare loop {cpu_bare:.2f} s, 2-worker run {cpu_two:.2f} s "
          f"(+{cpu_two / cpu_bare - 1:.1%}; ideal speed-up at this cost {2 * cpu_bare / cpu_two:.2f}x)")
    print(f"  parent CPU, 2 workers: {plain_cpu * 1000:.0f} ms plain, {bar_cpu * 1000:.0f} ms with the bar "
          f"(bar: {(bar_cpu - plain_cpu) / cpu_two:+.1%} of the run's CPU)")
    print(f"  statistics + progress CPU: {(stats + bar_cpu - plain_cpu) / cpu_two:+.1%} of the run's CPU")
    total = (two_bar + stats) / two - 1
    print(f"  statistics + progress, wall clock: {total:+.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--deck", nargs="*", type=Path)
    args = parser.parse_args()
    paths = args.deck or [data_dir() / "decks" / name for name in STARTERS]
    for path in paths:
        if path.exists():
            bench(path, args.games, args.repeats)
        else:
            print(f"{path.name}: not in the tree", file=sys.stderr)


if __name__ == "__main__":
    main()
