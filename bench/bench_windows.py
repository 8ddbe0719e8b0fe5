"""Goldfish speed before and after a rules change, timed in one run: this tree against a baseline commit.

Obludárium's windows for the non-active player (OB-354, OB-610) must not slow goldfish games by
more than 10% for any game (a passive opponent passes). The baseline tree is exported from git
(``--baseline REV``, default ``HEAD~1``) into a temporary folder; both trees play the same seeded
games per game and policy in alternating rounds of subprocesses, and the script prints the CPU time
per game and the ratio after/before for each.

Run: ``python bench/bench_windows.py --baseline REV [--games N] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (label, game, policy): every registered game's default greedy pilot, and Obludárium's checked
# engine (the random pilot goes through legal_actions/apply, where the windows live).
CASES = [("ob greedy", "ob", "greedy"), ("ob random", "ob", "random"), ("ob passive", "ob", "passive"),
         ("af greedy", "af", "greedy"), ("ko greedy", "ko", "greedy")]

CHILD = r"""
import json, random, sys, time
game_arg, policy, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
try:
    from deckkit.engine.registry import load_game, resolve
    name, game = resolve(game_arg), load_game(game_arg)
except ImportError:  # a tree from before the game registry
    from deckkit.games import resolve_game, rules_module
    name = resolve_game(game_arg)
    game = rules_module(name).GAME
from deckkit.decks.io import load_deck
from deckkit.paths import data_dir
deck_file = sorted((data_dir() / "decks").glob(name + "-*.deck"))[0]
pool = {}
for c in game.cards.values():
    pool.setdefault(c["name"], c)
    pool.setdefault(c["id"], c)
entries = load_deck(deck_file).entries
deck = [pool[e.name] for e in entries for _ in range(e.count)] if all(e.name in pool for e in entries) \
    else list(game.cards.values())
game.play_goldfish(deck, random.Random(0), policy=policy)
cpu = time.process_time()
for seed in range(n):
    game.play_goldfish(deck, random.Random(seed), policy=policy)
print(json.dumps({"cpu": time.process_time() - cpu, "n": n}))
"""


def export(rev: str, into: Path) -> Path:
    """The tree of ``rev`` (git archive) under ``into``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def timed(tree: Path, game: str, policy: str, n: int) -> float:
    """CPU seconds per game of one subprocess run on ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", CHILD, game, policy, str(n)], cwd=tree, env=env,
                         check=True, capture_output=True, text=True).stdout
    rec = json.loads(out.strip().splitlines()[-1])
    return rec["cpu"] / rec["n"]


def main() -> None:
    """Time each case on both trees in alternating rounds; print µs per game and after/before."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--baseline", default="HEAD~1", help="the commit before the change")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        before = export(args.baseline, Path(tmp))
        print(f"baseline {args.baseline} vs this tree; {args.games} games x {args.rounds} rounds per case "
              "(best round, CPU time)")
        for label, game, policy in CASES:
            n = args.games if policy == "greedy" else max(50, args.games // 5)
            old, new = [], []
            for _ in range(args.rounds):
                old.append(timed(before, game, policy, n))
                new.append(timed(ROOT, game, policy, n))
            b, a = min(old), min(new)
            print(f"{label:<11} before {b * 1e6:9.1f} µs/game  after {a * 1e6:9.1f} µs/game  "
                  f"after/before {a / b:5.3f}")


if __name__ == "__main__":
    main()
