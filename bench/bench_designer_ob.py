"""Benchmark: Obludárium goldfish games per CPU second with the greedy pilot, on a 60-card deck made
mostly of the designer cards (data/cards/examples/ob-designer.deck: 40 designer cards, 20 food) and on
the bundled starter deck; then which designer abilities the pilot uses in greedy-against-greedy games.

Run: python bench/bench_designer_ob.py [GAMES]
The greedy pilot values every legal action on a clone of the state (the one rules implementation,
no fast path). Target (issue 12): >= 5,000 games/s/core on the designer deck; the figure printed is
what this machine does, met or not.
"""

from __future__ import annotations

import json
import random
import sys
import time

from deckkit.decks.io import load_deck
from deckkit.games.obludarium import GAME, ObludariumGame
from deckkit.games.obludarium.cards import bundled_cards
from deckkit.games.obludarium.goldfish import ability_uses
from deckkit.paths import data_dir

TARGET = 5_000
EXAMPLES = data_dir() / "cards" / "examples"


def designer_game_and_deck() -> tuple[ObludariumGame, list[dict], list[str]]:
    """The game over the bundled and designer cards, the designer deck as card dicts, the designer names."""
    designer = json.loads((EXAMPLES / "ob-designer.json").read_text(encoding="utf-8"))
    game = ObludariumGame([*bundled_cards(), *designer])
    deck = load_deck(EXAMPLES / "ob-designer.deck")
    cards = [game.cards[game.card_named(e.name).id] for e in deck.entries for _ in range(e.count)]
    return game, cards, [c["name"] for c in designer]


def rate(game, deck: list[dict], games: int) -> tuple[float, float]:
    """(games per CPU second, mean win turn) over seeds 0 .. games-1, one core."""
    game.play_goldfish(deck, random.Random(-1))  # warm the caches
    cpu = time.process_time()
    turns = sum(game.play_goldfish(deck, random.Random(seed)).turn for seed in range(games))
    return games / (time.process_time() - cpu), turns / games


def main() -> None:
    """Print the figures."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 1000
    game, deck, names = designer_game_and_deck()
    r, turn = rate(game, deck, games)
    print(f"designer deck (60 cards, 40 designer): {r:8,.0f} games/s/core  mean win turn {turn:.2f}  "
          f"(target >= {TARGET:,}: {'met' if r >= TARGET else 'MISSED'})")
    r, turn = rate(GAME, GAME.starter_deck(), games)
    print(f"bundled starter deck:                  {r:8,.0f} games/s/core  mean win turn {turn:.2f}")
    selfplay = max(20, games // 10)
    cpu = time.process_time()
    uses = ability_uses(game, deck, selfplay, seed=1)
    spent = time.process_time() - cpu
    print(f"\nabilities of the designer cards used by p1 in {selfplay} greedy-against-greedy games "
          f"({selfplay / spent:,.0f} games/s/core):")
    for name in names:
        used_in, n = uses.get(name, (0, 0))
        print(f"  {name:18} {used_in:4} games  {n:5} uses")
    unused = [n for n in names if n not in uses]
    print("every designer card's ability was used" if not unused else f"never used: {', '.join(unused)}")


if __name__ == "__main__":
    main()
