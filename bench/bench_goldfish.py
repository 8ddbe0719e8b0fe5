"""Goldfish speed of every game against a bare toy loop of a simpler game, timed in the same run.

Run: ``python bench/bench_goldfish.py [--games N]``. Prints CPU games/s of

- a toy loop: a 60-card creature race (24 lands, 36 vanilla creatures of cost 1–4), one land a
  turn, the dearest creatures it can pay, attack with everything summoned before this turn, life
  20 — the goldfish plan with no stack, no abilities, no blocks and no rules engine;
- Obludárium and Álomfogó goldfish games with the greedy pilot on the bundled starter decks
  (``Game.play_goldfish``, as ``deckkit goldfish`` plays them), with their ratio to the toy loop
  (target ≥ 0.6×);
- Kotlík greedy against greedy (target ≥ 3,000 games per CPU second).

Every game draws a fresh ``random.Random(seed)``, the toy loop too. CPU time is this process's own.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from deckkit.engine.registry import load_game
from deckkit.paths import data_dir

RATIO_TARGET = 0.6
KOTLIK_TARGET = 3000


class ToyCard:
    """A toy card: a land (pays 1) or a creature with a cost and a power."""

    __slots__ = ("cost", "power", "land")

    def __init__(self, cost: int, power: int, land: bool) -> None:
        self.cost, self.power, self.land = cost, power, land


def toy_deck() -> list[ToyCard]:
    """24 lands and 36 creatures (cost 1–4, power cost + 1)."""
    deck = [ToyCard(0, 0, True) for _ in range(24)]
    for cost, n in ((1, 8), (2, 10), (3, 10), (4, 8)):
        deck += [ToyCard(cost, cost + 1, False) for _ in range(n)]
    return deck


def toy_goldfish(deck: list[ToyCard], rng: random.Random, max_turns: int = 60) -> int | None:
    """The turn the toy race is won, or None (deck out or no win within ``max_turns``)."""
    library = list(deck)
    rng.shuffle(library)
    hand = library[-7:]
    del library[-7:]
    lands = 0
    creatures: list[ToyCard] = []
    life = 20
    for turn in range(1, max_turns + 1):
        if turn > 1:
            if not library:
                return None
            hand.append(library.pop())
        ready = sum(c.power for c in creatures)  # summoned before this turn
        for i, card in enumerate(hand):
            if card.land:
                del hand[i]
                lands += 1
                break
        mana = lands
        while True:
            best = None
            for card in hand:
                if not card.land and card.cost <= mana and (best is None or card.cost > best.cost):
                    best = card
            if best is None:
                break
            hand.remove(best)
            mana -= best.cost
            creatures.append(best)
        life -= ready
        if life <= 0:
            return turn
    return None


def rate(play: Callable[[int], object], games: int) -> float:
    """Games per CPU second of ``play(seed)`` over seeds 0 .. games-1 (after one warm-up game)."""
    play(-1)
    start = time.process_time()
    for seed in range(games):
        play(seed)
    return games / (time.process_time() - start)


def starter(game, name: str) -> list[dict]:
    """A bundled deck file's cards (one dict per copy)."""
    from deckkit.decks.io import load_deck
    from deckkit.text import fold

    by_name = {fold(c["name"]): c for c in game.cards.values()}
    deck = load_deck(data_dir() / "decks" / name)
    return [by_name[fold(e.name)] for e in deck.entries for _ in range(e.count)]


def main() -> None:
    """Print the figures and the verdicts."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    n = args.games
    toy = toy_deck()
    ob = load_game("obludarium")
    ob_deck = starter(ob, "obludarium-standard.deck")
    af = load_game("alomfogo")
    af_deck = starter(af, "alomfogo-casual.deck")
    af = type(af)(list({c["id"]: c for c in af_deck}.values()))  # as deckkit.sim builds it
    ko = load_game("kotlik")
    toy_rate = rate(lambda s: toy_goldfish(toy, random.Random(s)), n)
    print(f"toy loop (baseline):          {toy_rate:9,.0f} games per CPU second")
    for label, game, deck in (("Obludárium greedy goldfish:", ob, ob_deck), ("Álomfogó greedy goldfish:  ", af, af_deck)):
        r = rate(lambda s, g=game, d=deck: g.play_goldfish(d, random.Random(s)), n)
        ratio = r / toy_rate
        print(f"{label}   {r:9,.0f} games per CPU second = {ratio:.2f}× the toy loop "
              f"(target ≥ {RATIO_TARGET}×: {'met' if ratio >= RATIO_TARGET else 'MISSED'})")
    r = rate(lambda s: ko.play_goldfish(None, random.Random(s), policy="greedy", opponent="greedy"), max(1, n // 5))
    print(f"Kotlík greedy vs greedy:      {r:9,.0f} games per CPU second "
          f"(target ≥ {KOTLIK_TARGET:,}: {'met' if r >= KOTLIK_TARGET else 'MISSED'})")


if __name__ == "__main__":
    main()
