"""Benchmarks of issue 15: a 13-point food sweep, --remove-each on 25 cards, and the optimiser's proof.

Run: python bench/bench_tune.py [--workers 2] [--part sweep|remove|optimise|all]. Prints figures:
wall time, CPU time of this process and of its worker processes (the machine may be shared, so the
CPU time is the steadier figure), and the targets:

- sweep: 13 points (12 … 24 food) of the Obludárium starter deck, 5,000 games each, with intervals: ≤ 60 s on 2 cores;
- remove-each: the starter deck (60 cards, 26 distinct; Chleba is the filler, so 25 tests) at 2,000 games per card: ≤ 60 s;
- optimise: from the starter deck with 12 food, the search must beat the start (on fresh seeds)
  and end within one food card of the sweep's fastest count. Printed three ways, all on the
  search's seeds: (a) against the food sweep of the starter deck (its other cards rescaled);
  (b) against the food sweep of the list the search ended on (its monsters making room): the
  search also picks monsters, and a better monster mix wants less food, so (b) is the sweep of
  the deck it found; (c) searching the very axis a sweep walks (food against one filler,
  Bahňák) and comparing with that sweep.
"""

from __future__ import annotations

import argparse
import resource
from dataclasses import replace
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
    parser.add_argument("--budget", type=int, default=180, help="optimiser budget, in lists of --opt-games games")
    parser.add_argument("--opt-games", type=int, default=1000)
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
        optimise_part(deck, pool, args)



def _fastest(result) -> tuple[int, float, list[int]]:
    best = result.best()
    assert best is not None
    tied = [v for v, m, _ in result.rows if m is not None and m.mean_turn is not None
            and m.mean_turn <= best[1].mean_turn_ci[1]]
    return best[0], best[1].mean_turn, tied


def optimise_part(deck, pool, args) -> None:
    """The optimiser's end point and the food sweeps' fastest counts, from the same run and seeds."""
    from deckkit.tune import play

    seed, games = 7, args.opt_games
    options = PlayOptions(games=games, seed=seed, workers=args.workers)
    with Clock() as clock:
        ref = run_sweep(deck, vary(deck, "t:food=8..30", pool), PlayOptions(games=games, seed=seed, workers=args.workers))
    fastest, fastest_turn, tied = _fastest(ref)
    print(f"optimise (a): food sweep of the starter deck 8 … 30, {games:,} games each, seed {seed}: fastest "
          f"{fastest} food ({fastest_turn}); counts whose mean lies inside its interval: {tied}; {clock}")
    (start_point,) = vary(deck, "t:food=12", pool).points
    start = start_point.deck
    assert start is not None
    with Clock() as clock:
        res = optimise(start, options, pool, pool="t:food or t:monster", budget=args.budget)
    end = res.best[0]
    verdict = res.confirmed[1].verdict if len(res.confirmed) > 1 else "–"
    print(f"optimise: pool 't:food or t:monster', start 12 food ({res.start_score:.4f}); after {res.evaluated} "
          f"list-equivalents and {len(res.path)} accepted moves: {end.score:.4f} with {food(end.deck)} food; {clock}")
    print(f"  fresh seeds, against the start: {verdict}")
    print(f"  beats the start: {end.score < res.start_score and 'sooner' in verdict}; end {food(end.deck)} food, "
          f"(a)'s fastest {fastest}: within one: {abs(food(end.deck) - fastest) <= 1}")
    (point,) = vary(deck, f"t:food={fastest}", pool).points
    assert point.deck is not None
    fresh = PlayOptions(games=4 * games, seed=f"{seed}:versus", workers=args.workers)
    (_, vs), _ = play([replace(point.deck, label=f"{fastest} food"), replace(end.deck, label="the search's list")], fresh)
    print(f"  fresh seeds, {4 * games:,} games, against (a)'s fastest list: {vs.verdict}")
    with Clock() as clock:
        own = run_sweep(end.deck, vary(end.deck, "t:food=12..26", pool, fill="t:monster"),
                        PlayOptions(games=games, seed=seed, workers=args.workers))
    own_best, own_turn, own_tied = _fastest(own)
    print(f"optimise (b): food sweep of the search's list 12 … 26 (monsters make room): fastest {own_best} "
          f"({own_turn}), tied: {own_tied}; the search ended on {food(end.deck)}: within one: "
          f"{abs(food(end.deck) - own_best) <= 1}; {clock}")
    (axis_point,) = vary(deck, "t:food=12", pool, fill="Bahňák").points
    axis_start = axis_point.deck
    assert axis_start is not None
    with Clock() as clock:
        axis = run_sweep(axis_start, vary(axis_start, "t:food=8..23", pool, fill="Bahňák"),
                         PlayOptions(games=games, seed=seed, workers=args.workers))
        ares = optimise(axis_start, PlayOptions(games=games, seed=seed, workers=args.workers), pool,
                        pool="t:food or Bahňák", budget=args.budget)
    a_best, a_turn, a_tied = _fastest(axis)
    a_end = ares.best[0]
    a_verdict = ares.confirmed[1].verdict if len(ares.confirmed) > 1 else "–"
    print(f"optimise (c): 12 food, Bahňák filling; sweep 8 … 23 (Bahňák makes room): fastest {a_best} ({a_turn}), "
          f"tied: {a_tied}; search over 't:food or Bahňák' ({ares.evaluated} list-equivalents): ends on "
          f"{food(a_end.deck)} food ({a_end.score:.4f}): within one: {abs(food(a_end.deck) - a_best) <= 1}; "
          f"beats the start: {'sooner' in a_verdict}; {clock}")


if __name__ == "__main__":
    main()
