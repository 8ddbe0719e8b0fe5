"""Álomfogó goldfish speed with the designer cards: greedy games per CPU second on one core, on the
45-card deck made mostly of the designer cards (data/cards/examples/af-designer.deck) and on the bundled
casual starter deck, timed in the same run; then how often each designer card's ability was used.

Issue 12 target: ≥ 5,000 greedy games/s/core on the designer deck. The use counts come from games
against the passive goldfish opponent and against a greedy copy of the deck (``--opponent greedy``:
duels, helpers and instants happen only when the opponent defends).

Run: ``python bench/bench_designer_af.py [--games N] [--mirror-games M] [--profile]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from deckkit.catalogue import bundled_cards
from deckkit.games.alomfogo import AlomfogoGame
from deckkit.paths import data_dir

EXAMPLES = data_dir() / "cards" / "examples"


def _time(game: AlomfogoGame, deck: list[dict], n: int) -> tuple[float, float, list[int]]:
    game.play_goldfish(deck, random.Random(0))  # warm caches
    start, cpu = time.perf_counter(), time.process_time()
    turns = []
    for seed in range(n):
        rec = game.play_goldfish(deck, random.Random(seed))
        if rec.won:
            turns.append(rec.turn)
    return time.perf_counter() - start, time.process_time() - cpu, turns


def main() -> None:
    """Print games/s per core for both decks and the designer cards' use counts."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--mirror-games", type=int, default=2000)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    args = parser.parse_args()
    designer = json.loads((EXAMPLES / "af-designer.json").read_text(encoding="utf-8"))
    game = AlomfogoGame([*bundled_cards("alomfogo"), *designer])
    decks = {"designer (af-designer.deck)": [c.data for c in game.deck_cards(EXAMPLES / "af-designer.deck")],
             "bundled casual starter": [c.data for c in game.deck_cards(data_dir() / "decks" / "alomfogo-casual.deck")]}
    for label, deck in decks.items():
        played = AlomfogoGame(list({c["id"]: c for c in deck}.values()))  # as deckkit.sim builds it
        wall, cpu, turns = _time(played, deck, args.games)
        print(f"{label}: {len(deck)} cards, {args.games} greedy games in {wall:.2f} s wall = "
              f"{args.games / wall:,.0f} games/s; {cpu:.2f} s CPU = {args.games / cpu:,.0f} games/s per core; "
              f"wins {len(turns) / args.games:.1%}, mean win turn {statistics.fmean(turns):.2f}")
    deck = decks["designer (af-designer.deck)"]
    played = AlomfogoGame(list({c["id"]: c for c in deck}.values()))
    names = [c["name"] for c in designer]
    print("\nability uses of the designer cards (games in which it was used / times used):")
    print(f"{'card':20} {'passive: games':>15} {'times':>7} {'greedy opponent: games':>23} {'times':>7}")
    rows = {name: [0, 0, 0, 0] for name in names}
    for column, (opponent, n) in enumerate((("passive", args.games // 4), ("greedy", args.mirror_games))):
        start = time.process_time()
        for seed in range(n):
            uses: dict[str, int] = {}
            played.play_goldfish(deck, random.Random(seed), opponent=opponent, uses=uses)
            for name, times in uses.items():
                if name in rows:
                    rows[name][2 * column] += 1
                    rows[name][2 * column + 1] += times
        if opponent == "greedy":
            mirror_cpu = time.process_time() - start
    for name in names:
        a, b, c, d = rows[name]
        print(f"{name:20} {a:>15,} {b:>7,} {c:>23,} {d:>7,}")
    unused = [name for name in names if not rows[name][0] and not rows[name][2]]
    print(f"(passive: {args.games // 4:,} games; greedy opponent: {args.mirror_games:,} games, "
          f"{args.mirror_games / mirror_cpu:,.0f} games/s per core); never used: {', '.join(unused) or 'none'}")
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        for seed in range(3000):
            played.play_goldfish(deck, random.Random(seed))
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(14)


if __name__ == "__main__":
    main()
