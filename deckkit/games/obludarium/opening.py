"""Obludárium's opening (OB-503 – OB-511): the hand procedure of its spec, "higher plays", food every third.

7 cards (OB-503); a mulligan puts the whole hand on the bottom in its current order and draws one
card fewer from the top, no reshuffle (OB-504 – OB-506, OB-Q5 reading A), repeatable down to a
0-card hand. The starting player draws on their first turn (OB-Q7). :func:`higher_plays` picks the
starting player by the bottom cards after all mulligans (OB-510, OB-Q6). :func:`food_every_third`
is OB-Q3 reading B, an optional deck arrangement ("food every third card, then a cut").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from deckkit.engine.opening import HandProcedure, Keep, Opening

T = TypeVar("T")

OB_HAND = 7  # OB-503

PROCEDURE = HandProcedure(
    game="obludarium", hand_size=OB_HAND, mulligan="bottom", first_turn_draw=True,
    rules="OB-503 – OB-506, OB-Q5, OB-Q7", title="Obludárium",
    deck_hint="add cards to the deck (Obludárium needs at least 36, OB-202)",
    shuffle_rule="OB-Q3 reading A",
    mulligan_words=("each rejected hand goes to the bottom and the next hand comes from the cards below it, no "
                    "reshuffle (OB-504 – OB-506, OB-Q5); mulligan while the keep rule fails, at most {mulligans} "
                    "time(s), then keep"),
    draw_words="starting player draws on turn 1 (OB-Q7)",
    beyond_rule="OB-505, OB-Q5",
    floor_rule="OB-Q5",  # reading A: mulligans go down to a 0-card hand and no further
    variant_hint="Obludárium's mulligan is fixed (OB-504)",
    arrangements={"food-third": (f"{__name__}:food_third", "OB-Q3 reading B")},
)


def obludarium_opening(library: Sequence[T], keep: Keep | None = None, *, hand_size: int = OB_HAND,
                       max_mulligans: int | None = None) -> Opening:
    """Obludárium opening hand with bottom-of-deck mulligans (OB-503 – OB-506, OB-Q5)."""
    return PROCEDURE.run(library, keep, hand_size=hand_size, max_mulligans=max_mulligans)


def higher_plays(libraries: Sequence[Sequence[dict]], rng: random.Random) -> int:
    """Seat of the starting player by "higher plays" (OB-510): bottom card's cost, food = 0, tie by chance (OB-Q6)."""
    costs = []
    for lib in libraries:
        bottom = lib[-1] if lib else {}
        cost = bottom.get("cost") if isinstance(bottom, dict) else None
        costs.append(cost if isinstance(cost, int) else 0)
    best = max(costs)
    seats = [i for i, c in enumerate(costs) if c == best]
    if len(seats) == 1:
        return seats[0]
    from deckkit.engine.core import chance

    return int(chance(rng, "higher plays tie", [f"p{s + 1}" for s in seats])[1:]) - 1  # OB-Q6: by chance


def food_every_third(cards: Sequence[T], rng: random.Random, is_food: Callable[[T], bool]) -> list[T]:
    """OB-Q3 reading B: food spread evenly (every third card when a third is food), then a random cut (OB-209)."""
    food = [c for c in cards if is_food(c)]
    other = [c for c in cards if not is_food(c)]
    rng.shuffle(food)
    rng.shuffle(other)
    n, f = len(cards), len(food)
    slots = {((i + 1) * n) // f - 1 for i in range(f)} if f else set()
    fi, oi = iter(food), iter(other)
    arranged = [next(fi) if pos in slots else next(oi) for pos in range(n)]
    cut = rng.randrange(n) if n else 0
    return arranged[cut:] + arranged[:cut]


def food_third(cards: Sequence[dict], rng: random.Random) -> list[dict]:
    """The ``food-third`` arrangement of card dicts (``deckkit hand --arrange food-third``)."""
    return food_every_third(cards, rng, lambda c: c.get("type") == "food")
