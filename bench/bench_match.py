"""Matches: greedy against random, MCTS(200) against greedy, the time of a 100-game match, random self-play.

Run: ``python bench/bench_match.py [--games 100] [--budget 200] [--workers 2]``. For every game with
match support, on its first bundled starter deck in a mirror match, seats alternated, it prints

- greedy vs random: greedy's win rate with its 95% interval (target ≥ 90%);
- MCTS(budget) vs greedy: MCTS's win rate with its interval, and per seat (targets ≥ 65%,
  Kotlík ≥ 55% from either seat), from a ``--games`` match on ``--workers`` processes, with its
  wall time (target for 100 games on 2 cores: ≤ 8 minutes). With fewer than 100 games the time of
  100 is extrapolated and labelled so;
- random self-play actions per CPU second through ``legal_actions()`` + ``apply()`` on one core
  (the search's raw speed; target ≥ 100,000).

The MCTS playouts are truncated (each game's ``MatchSupport.playout``: 24 random actions, or for
Obludárium 40 actions of its cheap rollout pilot with random moves mixed in), then scored by the
game's heuristic.
Wall times depend on what else the machine runs; the line says how many cores it has.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from bench_state import random_play
from deckkit.bundled import starter_deck
from deckkit.engine.registry import load_game, registered_games
from deckkit.match.ai import PilotSpec
from deckkit.match.game import MatchJob
from deckkit.sim.runner import run
from deckkit.sim.stats import wilson


def _rate(wins: int, n: int) -> str:
    ci = wilson(wins, n)
    return f"{100 * ci.estimate:5.1f}% (95% CI {100 * ci.lo:.1f}–{100 * ci.hi:.1f}%, {wins}/{n})"


def match(name: str, deck: list[dict], a: PilotSpec, b: PilotSpec, games: int, workers: int, seed: int):
    job = MatchJob.make(name, [deck, deck], [a, b], seed=seed)
    began = time.perf_counter()
    records = run([job], games, workers=workers).records[0]
    return records, time.perf_counter() - began


def self_play(game, deck: list[dict], games: int = 30) -> float:
    support = next(g for g in registered_games() if g.name == game.name).hook("match")
    actions, cpu = 0, 0.0
    for seed in range(games):
        state = support.new_match(game, [deck, deck], random.Random(seed))
        state.logging = False
        n, seconds = random_play(state, random.Random(seed + 1))
        actions += n
        cpu += seconds
    return actions / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="MCTS vs greedy games per game (default 100)")
    parser.add_argument("--greedy-games", type=int, default=400, help="greedy vs random games per game")
    parser.add_argument("--budget", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"cores on this machine: {os.cpu_count()}; workers {args.workers}; MCTS budget {args.budget} playouts")
    for spec in registered_games():
        if spec.hook("match") is None:
            continue
        game = load_game(spec.name)
        deck = starter_deck(game)
        print(f"\n{spec.title} ({spec.name}), mirror of its starter deck, seats alternated")
        recs, _ = match(spec.name, deck, PilotSpec("greedy"), PilotSpec("random"), args.greedy_games,
                        args.workers, args.seed)
        wins = sum(r["winner"] == "a" for r in recs)
        print(f"  greedy vs random      greedy wins {_rate(wins, len(recs))}  [target ≥ 90%]")
        recs, wall = match(spec.name, deck, PilotSpec("mcts", args.budget), PilotSpec("greedy"), args.games,
                           args.workers, args.seed)
        wins = sum(r["winner"] == "a" for r in recs)
        target = "≥ 55% from either seat" if spec.records == "scoring" else "≥ 65%"
        print(f"  mcts vs greedy        mcts wins   {_rate(wins, len(recs))}  [target {target}]")
        for seat in (1, 2):
            mine = [r for r in recs if r["a_seat"] == seat]
            print(f"    mcts in seat p{seat}      {_rate(sum(r['winner'] == 'a' for r in mine), len(mine))}")
        draws = sum(r["winner"] is None for r in recs)
        mean_turns = sum(r["turns"] for r in recs) / len(recs)
        print(f"    draws {draws}, mean length {mean_turns:.1f} turns")
        if args.games == 100:
            print(f"  100-game match        {wall:.1f} s wall on {args.workers} workers  [target ≤ 480 s]")
        else:
            print(f"  {args.games}-game match         {wall:.1f} s wall on {args.workers} workers; "
                  f"100 games extrapolated: {wall * 100 / args.games:.0f} s  [target ≤ 480 s]")
        print(f"  random self-play      {self_play(game, deck):,.0f} actions/s on one core  [target ≥ 100,000]")


if __name__ == "__main__":
    main()
