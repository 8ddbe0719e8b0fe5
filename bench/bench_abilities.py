"""What the composable ability language costs: this tree against a baseline commit, timed in one run.

Run: ``python bench/bench_abilities.py [--games N] [--base REF] [--import-cards N]``.

For this tree and for ``--base`` (default ``f571952``, main before abilities became composable parts;
its files are taken with ``git archive`` into a temporary folder, the repository is not touched) it
prints, each measured in a child process of its own on one core, CPU time:

- random self-play through the checked engine (``legal_actions()`` + ``apply()``, readable log off)
  on each game's bundled starter deck, in actions per CPU second (target >= 100,000 for every game
  with abilities);
- goldfish games per CPU second with the greedy pilot on the bundled starter decks (target: no
  slower than the baseline, ratio >= 1.0 within noise);

then, for this tree only:

- goldfish games per CPU second with the greedy pilot on the designer decks of the shipped
  examples (``data/cards/examples/*-designer.deck``; targets >= 2,000 for the game with magic
  points and >= 1,000 for the game with food — the targets are per game and keyed by its alias);
- importing ``--import-cards`` synthetic cards whose abilities are drawn from the shipped cards
  (the new parts included) against the parse-and-insert floor (``bench_import.py``; target <= 1.5x).

The baseline and this tree alternate (base, tree, base, tree) and the best of each is kept, so a
machine that slows down during the run hurts both alike.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SELF_PLAY_TARGET = 100_000
DESIGNER_TARGETS = {"af": 2_000, "ob": 1_000}

# Run inside a child process with the tree to measure first on sys.path; prints one JSON object.
_CHILD = r'''
import json, random, sys, time
from deckkit.engine.registry import load_game, registered_games
from deckkit.bundled import starter_deck
games, designer = int(sys.argv[1]), sys.argv[2] == "1"
out = {}

def selfplay(game, deck, n):
    actions, cpu = 0, 0.0
    for seed in range(n):
        state = game.new_game([deck, deck], random.Random(seed))
        state.logging = False
        chooser = random.Random(seed + 10_000)
        start = time.process_time()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
            actions += 1
        cpu += time.process_time() - start
    return actions / cpu

def goldfish(game, deck, n):
    game.play_goldfish(deck, random.Random(-1))
    start = time.process_time()
    for seed in range(n):
        game.play_goldfish(deck, random.Random(seed))
    return n / (time.process_time() - start)

for spec in registered_games():
    if spec.alias not in ("ob", "af"):
        continue
    game = load_game(spec.name)
    deck = starter_deck(game)
    game = type(game)(list({c["id"]: c for c in deck}.values()))
    out[spec.alias] = {"selfplay": selfplay(game, deck, max(10, games // 20)), "goldfish": goldfish(game, deck, games)}
    if designer:
        from deckkit.decks.io import load_deck
        from deckkit.paths import data_dir
        from deckkit.text import fold
        examples = data_dir() / "cards" / "examples"
        cards = json.loads((examples / f"{spec.alias}-designer.json").read_text(encoding="utf-8"))
        both = [*load_game(spec.name).cards.values(), *cards]  # a designer card wins a clash of names
        pool = {**{fold(c["name"]): c for c in both}, **{c["id"]: c for c in both}}
        rates = []
        for path in sorted(examples.glob(f"{spec.alias}-designer*.deck")):
            entries = load_deck(path).entries
            ddeck = [pool.get(e.name) or pool[fold(e.name)] for e in entries for _ in range(e.count)]
            dgame = type(game)(list({c["id"]: c for c in ddeck}.values()))
            rates.append(goldfish(dgame, ddeck, games))
        out[spec.alias]["designer"] = min(rates)  # the slowest designer deck
print(json.dumps(out))
'''


def measure(tree: Path, games: int, designer: bool) -> dict:
    """The child's figures for the deckkit package found in ``tree``."""
    env_path = str(tree)
    done = subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {env_path!r}); " + _CHILD,
                           str(games), "1" if designer else "0"],
                          capture_output=True, text=True, check=False, cwd=tree)
    if done.returncode != 0:
        raise SystemExit(f"measuring {tree} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def checkout(ref: str, into: Path) -> Path:
    """The files of ``ref`` (``git archive``) in ``into``; the repository itself is left as it is."""
    data = subprocess.run(["git", "archive", "--format=tar", ref], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def best(runs: list[dict], alias: str, key: str) -> float:
    return max(r[alias][key] for r in runs if key in r.get(alias, {}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="goldfish games per measurement")
    parser.add_argument("--base", default="f571952", help="the baseline commit (default: main before the change)")
    parser.add_argument("--repeat", type=int, default=2, help="alternating runs of each; the best is kept")
    parser.add_argument("--import-cards", type=int, default=100_000, help="cards for the import figure (0: skip)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = checkout(args.base, Path(tmp) / "base")
        bases, trees = [], []
        for _ in range(args.repeat):
            bases.append(measure(base, args.games, False))
            trees.append(measure(ROOT, args.games, True))
    print(f"CPU time, one core; best of {args.repeat} alternating runs; {args.games} goldfish games each; "
          f"baseline {args.base}")
    for alias in sorted(trees[0]):
        sp, sp0 = best(trees, alias, "selfplay"), best(bases, alias, "selfplay")
        gf, gf0 = best(trees, alias, "goldfish"), best(bases, alias, "goldfish")
        print(f"{alias}: random self-play {sp:9,.0f} actions/s (baseline {sp0:9,.0f}, ratio {sp / sp0:.2f}; "
              f"target >= {SELF_PLAY_TARGET:,}: {'met' if sp >= SELF_PLAY_TARGET else 'MISSED'})")
        print(f"{alias}: starter-deck goldfish {gf:7,.0f} games/s (baseline {gf0:7,.0f}, ratio {gf / gf0:.2f}; "
              f"target >= 1.0: {'met' if gf / gf0 >= 0.97 else 'MISSED'})")
        if "designer" in trees[0][alias]:
            d = best(trees, alias, "designer")
            target = DESIGNER_TARGETS.get(alias, 0)
            print(f"{alias}: designer-deck goldfish {d:7,.0f} games/s, slowest deck (target >= {target:,}: "
                  f"{'met' if d >= target else 'MISSED'})")
    if args.import_cards:
        done = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_import.py"), str(args.import_cards)],
                              capture_output=True, text=True, check=False)
        print(f"import of {args.import_cards:,} cards (abilities drawn from the shipped cards, new parts included):")
        print("  " + (done.stdout.strip() or done.stderr.strip()).replace("\n", "\n  "))


if __name__ == "__main__":
    main()
