"""Every speed figure of the engine in one run, each against its target, with the machine's load.

Run: ``python bench/bench_engine.py [--scale 1.0] [--match GAMES]``. Prints, in this order:

- a toy goldfish loop (``bench_goldfish.toy_goldfish``: a creature race with no rules engine), the
  baseline of the ratios;
- greedy goldfish of the bundled starter decks of Obludárium and Álomfogó, games per CPU second and
  as a ratio to the toy loop (target ≥ 0.3×); Kotlík greedy against greedy (target ≥ 3,000 games per
  CPU second);
- random self-play through the checked engine (``legal_actions()`` then ``apply()``, the log off), per
  game (target ≥ 150,000 actions per CPU second);
- the runner (:func:`deckkit.sim.runner.run`) per starter deck: its CPU overhead at one worker over a
  bare loop of the same games (target < 5%), and at two workers the CPU of the whole run (workers
  included) against the bare loop, the speed-up that cost allows on two idle cores (target ≥ 1.8×),
  with the wall-clock speed-up measured now (rough on a shared machine);
- the README's first job: validating the bundled decks and 2,000 goldfish games of the Obludárium
  starter deck on 2 workers (target ≤ 2 s of goldfish), wall clock and CPU / 2;
- with ``--match N``: the Obludárium greedy pilot against the play-out pilot it replaced over N
  duplicate games (``bench_greedy_match.py``; target ≥ 50%).

Rates are CPU time of this process (and of the runner's workers, reaped), so they hold roughly on a
shared machine; wall-clock figures do not. ``--scale`` multiplies every game count.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_goldfish import rate, starter, toy_deck, toy_goldfish  # noqa: E402
from bench_state import self_play  # noqa: E402

from deckkit.bundled import starter_deck  # noqa: E402
from deckkit.engine.registry import load_game, registered_games  # noqa: E402
from deckkit.paths import data_dir  # noqa: E402

RATIO_TARGET = 0.3
KOTLIK_TARGET = 3000
SELF_PLAY_TARGET = 150_000
OVERHEAD_TARGET = 0.05
SPEEDUP_TARGET = 1.8
README_TARGET = 2.0
STARTERS = ("obludarium-standard.deck", "alomfogo-casual.deck", "kotlik-standard.deck")


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (5 min {five:.2f}) on {os.cpu_count()} cores"


def cpu_all() -> float:
    """CPU seconds of this process and its reaped children (the runner's workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def goldfish(scale: float) -> None:
    """The toy loop, greedy goldfish of the starter decks, Kotlík greedy against greedy."""
    n = max(50, int(2000 * scale))
    toy = toy_deck()
    toy_rate = rate(lambda s: toy_goldfish(toy, random.Random(s)), n * 5)
    print(f"toy loop (baseline):            {toy_rate:9,.0f} games per CPU second")
    ob = load_game("obludarium")
    ob_deck = starter(ob, STARTERS[0])
    af = load_game("alomfogo")
    af_deck = starter(af, STARTERS[1])
    af = type(af)(list({c["id"]: c for c in af_deck}.values()))  # as deckkit.sim builds it
    for label, game, deck, games in (("Obludárium greedy goldfish:", ob, ob_deck, n // 4),
                                     ("Álomfogó greedy goldfish:  ", af, af_deck, n)):
        r = rate(lambda s, g=game, d=deck: g.play_goldfish(d, random.Random(s)), games)
        ratio = r / toy_rate
        print(f"{label}     {r:9,.0f} games per CPU second = {ratio:.3f}× the toy loop "
              f"(target ≥ {RATIO_TARGET}×: {verdict(ratio >= RATIO_TARGET)})")
    ko = load_game("kotlik")
    r = rate(lambda s: ko.play_goldfish(None, random.Random(s), policy="greedy", opponent="greedy"), n)
    print(f"Kotlík greedy vs greedy:        {r:9,.0f} games per CPU second "
          f"(target ≥ {KOTLIK_TARGET:,}: {verdict(r >= KOTLIK_TARGET)})")


def random_self_play(scale: float) -> None:
    """Random self-play through the checked engine, every game."""
    games = max(20, int(200 * scale))
    for spec in registered_games():
        game = load_game(spec.name)
        deck = starter_deck(game)
        self_play(game, deck, 2, False)  # warm the caches
        n, cpu = self_play(game, deck, games, False)
        r = n / cpu
        print(f"{spec.title} random self-play (checked): {r:9,.0f} actions per CPU second "
              f"({n:,} actions; target ≥ {SELF_PLAY_TARGET:,}: {verdict(r >= SELF_PLAY_TARGET)})")


def runner(scale: float) -> None:
    """The runner's overhead at one worker and its speed-up at two, per starter deck."""
    from deckkit.decks import CardPool
    from deckkit.sim.goldfish import load_decks
    from deckkit.sim.runner import Job, play_one, run

    pool = CardPool.bundled()
    for name, games in zip(STARTERS, (1000, 8000, 8000)):
        games = max(100, int(games * scale))
        deck = load_decks([data_dir() / "decks" / name], pool)[0]
        job = Job.make(deck.game, deck.cards, seed=1, keep_seen=False)
        play_one(job, 0)
        bare = cpu_one = cpu_two = float("inf")
        wall_bare = wall_two = float("inf")
        for _ in range(2):  # interleaved, the best of two: other work on the machine only adds time
            c, w = cpu_all(), time.perf_counter()
            for i in range(games):
                play_one(job, i)
            bare, wall_bare = min(bare, cpu_all() - c), min(wall_bare, time.perf_counter() - w)
            c = cpu_all()
            run([job], games, workers=1)
            cpu_one = min(cpu_one, cpu_all() - c)
            c, w = cpu_all(), time.perf_counter()
            run([job], games, workers=2)
            cpu_two, wall_two = min(cpu_two, cpu_all() - c), min(wall_two, time.perf_counter() - w)
        over = cpu_one / bare - 1
        allowed = 2 * bare / cpu_two
        print(f"runner, {name} ({games:,} games): 1 worker {over:+.1%} CPU over the bare loop "
              f"(target < {OVERHEAD_TARGET:.0%}: {verdict(over < OVERHEAD_TARGET)}); 2 workers cost "
              f"{cpu_two / bare - 1:+.1%} CPU, a speed-up of {allowed:.2f}× on two idle cores "
              f"(target ≥ {SPEEDUP_TARGET}×: {verdict(allowed >= SPEEDUP_TARGET)}); "
              f"wall clock now {wall_bare / wall_two:.2f}×")


def readme_job() -> None:
    """The README's first command after the install: validate the bundled decks, 2,000 goldfish games."""
    from deckkit.cli import app  # the command as users run it
    from typer.testing import CliRunner

    decks = sorted(str(p) for p in (data_dir() / "decks").iterdir() if p.is_file())
    cli = CliRunner()
    w = time.perf_counter()
    result = cli.invoke(app, ["deck", "validate", *decks])
    validate = time.perf_counter() - w
    c, w = cpu_all(), time.perf_counter()
    result = cli.invoke(app, ["goldfish", str(data_dir() / "decks" / STARTERS[0]), "--games", "2000", "--seed", "1",
                              "--workers", "2"])
    wall, cpu = time.perf_counter() - w, cpu_all() - c
    if result.exit_code != 0:
        print(f"README job: goldfish failed ({result.exit_code}): {result.output[-300:]}")
        return
    print(f"README job: validate {validate:.2f} s; 2,000 goldfish games on 2 workers {wall:.2f} s wall, "
          f"{cpu:.2f} s CPU = {cpu / 2:.2f} s on two idle cores (target ≤ {README_TARGET:.0f} s: "
          f"{verdict(cpu / 2 <= README_TARGET)}; the wall clock is {verdict(wall <= README_TARGET)} now)")


def match(games: int) -> None:
    """The Obludárium greedy pilot against greedy-playout (bench_greedy_match.py)."""
    from bench_greedy_match import play_match, wilson

    score, _, ais = play_match(games)
    lo, hi = wilson(score, games)
    print(f"Obludárium greedy vs greedy-playout, {games} duplicate games: {score / games:.1%} "
          f"(95% interval {lo:.1%}–{hi:.1%}; target ≥ 50%: {verdict(score / games >= 0.5)}); "
          f"pilot CPU {ais[0].cpu:.2f} s against {ais[1].cpu:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    parser.add_argument("--match", type=int, default=0, help="also play this many greedy-vs-playout games")
    args = parser.parse_args()
    print(load())
    goldfish(args.scale)
    random_self_play(args.scale)
    runner(args.scale)
    readme_job()
    if args.match:
        match(args.match)
    print(load())


if __name__ == "__main__":
    main()
