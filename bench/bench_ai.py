"""The search AIs against the greedy pilot: score with its 95% interval per seat, and the time of a match.

Run: ``python bench/bench_ai.py [--ai expert] [--games 200] [--budget 200 | --think 0.05] [--workers 2]
[--game NAME]``. For every game with match support, on its first bundled starter deck in a mirror
match, the search AI plays the greedy pilot in duplicate pairs (each deal twice, seats swapped, as
``deckkit match`` plays two different AIs), and the script prints

- the search AI's score (draws count half) with the 95% interval of the pairs, and its wins per
  seat (targets: score ≥ 75%, lower end of the interval ≥ 65%);
- the wall time of the match and of 100 games (extrapolated when fewer were played; target ≤ 240 s
  on 2 cores), the CPU seconds a game (both sides; on an idle machine 100 games take about 50 times
  that on 2 cores), and the machine's load average before and after.

``--budget`` (playouts per decision) repeats exactly; ``--think`` (seconds per decision) depends on
the machine's speed and load, so its scores do not repeat and its times are about games × decisions ×
think. Figures measured on a machine that other work keeps busy are rough: the load is printed.
"""

from __future__ import annotations

import argparse
import os
import resource
import time

from deckkit.bundled import starter_deck
from deckkit.engine.registry import load_game, registered_games
from deckkit.match.ai import MAX_BUDGET, PilotSpec
from deckkit.match.game import MatchJob
from deckkit.match.report import summarize_pair
from deckkit.sim.runner import run


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # no load average on this system
        return "unknown"


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers."""
    return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ai", default="expert", choices=("mcts", "expert"))
    parser.add_argument("--games", type=int, default=200, help="games per game (even: whole duplicate pairs)")
    parser.add_argument("--budget", type=int, default=None, help="playouts per decision (default 200)")
    parser.add_argument("--think", type=float, default=None, help="seconds per decision instead of a budget")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    budget = args.budget or (MAX_BUDGET if args.think else 200)
    pilot = PilotSpec(args.ai, budget, think=args.think)
    games = args.games + args.games % 2
    print(f"{pilot} against greedy, {games} games per game in duplicate pairs, {args.workers} workers, "
          f"{os.cpu_count()} cores, load average {_load()}")
    for spec in registered_games():
        if spec.hook("match") is None or (args.game and spec.name not in args.game):
            continue
        game = load_game(spec.name)
        deck = starter_deck(game)
        job = MatchJob.make(spec.name, [deck, deck], [pilot, PilotSpec("greedy")], seed=args.seed, duplicate=True)
        began, cpu = time.perf_counter(), _cpu()
        result = run([job], games, workers=args.workers)
        wall = time.perf_counter() - began
        records = result.records[0]
        pair = summarize_pair("search", "greedy", records, 0.95)
        lo, hi = pair["a_score_ci"]
        met = lo is not None and pair["a_score"] >= 0.75 and lo >= 0.65
        print(f"\n{spec.title} ({spec.name}), mirror of its starter deck")
        print(f"  {pilot} vs greedy   score {_pct(pair['a_score'])} (95% interval {_pct(lo)}–{_pct(hi)}), "
              f"{pair['a_wins']}–{pair['b_wins']}–{pair['draws']}  [target ≥ 75%, interval from ≥ 65%: "
              f"{'met' if met else 'missed'}]")
        for seat in (1, 2):
            mine = [r for r in records if r["a_seat"] == seat]
            won = sum(r["winner"] == "a" for r in mine)
            print(f"    in seat p{seat}: won {won} of {len(mine)}")
        per_100 = wall * 100 / len(records)
        label = "" if len(records) == 100 else " (extrapolated)"
        print(f"  match time            {wall:.1f} s wall for {len(records)} games; 100 games{label}: {per_100:.0f} s "
              f"[target ≤ 240 s on 2 cores]; {(_cpu() - cpu) / len(records):.2f} s CPU a game (both sides, "
              f"workers included); load average now {_load()}")


if __name__ == "__main__":
    main()
