"""Benchmarks of issue 15: a 13-point food sweep, --remove-each on 25 cards, and the optimiser's proof.

Run: python bench/bench_tune.py [--workers 2] [--part sweep|remove|optimise|all]. Prints figures:
wall time, CPU time of this process and of its worker processes (the machine may be shared, so the
CPU time is the steadier figure), and the targets:

- sweep: 13 points (12 … 24 food) of the Obludárium starter deck, 5,000 games each, with intervals: ≤ 60 s on 2 cores;
- remove-each: the starter deck (60 cards, 26 distinct; Chleba is the filler, so 25 tests) at 2,000 games per card: ≤ 60 s;
- optimise: from the starter deck with 12 food, the search must beat the start (on fresh seeds)
  and end within one food card of the sweep's fastest count.
"""

from __future__ import annotations

import argparse
import resource
import time
from pathlib import Path

from deckkit.decks import CardPool
from deckkit.paths import data_dir
from deckkit.tune import PlayOptions, card_tests, load_list, optimise, run_sweep, vary

DECK = Path(data_dir()) / "decks" / "obludarium-standard.deck"


class Clock:
    """Wall time and CPU time (this process + finished children) of a block."""

    def __enter__(self) -> Clock:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()
        self.kids = _children()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu
        self.kids = _children() - self.kids

    def __str__(self) -> str:
        return f"{self.wall:.1f} s wall, CPU {self.cpu:.1f} s here + {self.kids:.1f} s in workers"


def _children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def food(deck) -> int:
    return sum(n for c, n in deck.entries if c["type"] == "food")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--part", default="all", choices=["sweep", "remove", "optimise", "all"])
    parser.add_argument("--games", type=int, default=5000, help="games per sweep point")
    parser.add_argument("--budget", type=int, default=60)
    parser.add_argument("--opt-games", type=int, default=3000)
    args = parser.parse_args()
    pool = CardPool.bundled()
    deck = load_list(DECK, pool)

    if args.part in ("sweep", "all"):
        sweep = vary(deck, "t:food=12..24", pool)
        with Clock() as clock:
            result = run_sweep(deck, sweep, PlayOptions(games=args.games, seed=1, workers=args.workers))
        best = result.best()
        print(f"sweep: {len(sweep.points)} points × {args.games:,} games (+ the deck), {args.workers} workers: {clock} "
              f"(target ≤ 60 s); fastest {best[0] if best else '–'} food, "
              f"mean win turn {best[1].mean_turn if best else '–'}")

    if args.part in ("remove", "all"):
        with Clock() as clock:
            tests = card_tests(deck, PlayOptions(games=2000, seed=1, workers=args.workers), pool,
                               remove_each=True, filler="Chleba")
        played = sum(1 for t in tests.tests if t.measure)
        print(f"remove-each: {len(deck.entries)} distinct cards, {played} tests × 2,000 games (+ the deck), "
              f"{args.workers} workers: {clock} (target ≤ 60 s)")
        print(f"  {tests.statement()}")

    if args.part in ("optimise", "all"):
        seed = 7
        wide = vary(deck, "t:food=8..30", pool)
        with Clock() as clock:
            ref = run_sweep(deck, wide, PlayOptions(games=args.opt_games, seed=seed, workers=args.workers))
        fastest = ref.best()
        assert fastest is not None
        ok_values = [v for v, m, _ in ref.rows if m is not None and m.diff_ci[0] is not None
                     and m.mean_turn is not None and m.mean_turn <= fastest[1].mean_turn_ci[1]]  # type: ignore[operator]
        print(f"optimise: reference sweep 8 … 30 food, {args.opt_games:,} games each: fastest {fastest[0]} food "
              f"({fastest[1].mean_turn}); counts whose mean lies inside its interval: {ok_values}; {clock}")
        (start_point,) = vary(deck, "t:food=12", pool).points
        start = start_point.deck
        assert start is not None
        with Clock() as clock:
            res = optimise(start, PlayOptions(games=args.opt_games, seed=seed, workers=args.workers), pool,
                           pool="t:food or t:monster", budget=args.budget)
        best = res.best[0]
        verdict = res.confirmed[1].verdict if len(res.confirmed) > 1 else "–"
        print(f"optimise: start 12 food, mean win turn {res.start_score:.4f}; best after {res.evaluated} lists: "
              f"{best.score:.4f} with {food(best.deck)} food ({best.change}); {clock}")
        print(f"  fresh seeds: {verdict}")
        print(f"  beats the start: {best.score < res.start_score and 'sooner' in verdict}; "
              f"within one food of the sweep's fastest ({fastest[0]}): {abs(food(best.deck) - fastest[0]) <= 1}")


if __name__ == "__main__":
    main()
