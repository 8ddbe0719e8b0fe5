"""Setting up a Kotlík game (KO-300): deal the board, the supply deck and the first cauldron cards.

Kept behind :func:`deal` so that the shared opening procedures (``deckkit.hands.procedures``) can
take over the dealing once they exist, without touching the rules.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from deckkit.errors import DataError
from deckkit.games.kotlik.board import INGREDIENT_CELLS
from deckkit.games.kotlik.cards import COLOURS

if TYPE_CHECKING:
    from deckkit.games.kotlik.state import KotlikState


def return_to_stock(state: KotlikState, card: int) -> None:
    """Put a card back into the supply deck as the KO-Q6 setting says (shuffled in, or at the bottom)."""
    if state.game.returned == "shuffle":
        # KO-Q6 Reading A says "shuffled into the supply deck". A uniform insert gives the same odds as
        # a full reshuffle: in a dealt game the stock is a uniformly shuffled, face-down pile (KO-301;
        # every earlier return was itself a uniform insert, and only its top card is ever drawn), and
        # a uniform order of n cards with the returned card at a uniform one of n + 1 places is a
        # uniform order of all n + 1. It costs one random number instead of a shuffle (explosions are
        # frequent). In a script whose ``stock`` lists an order, the other cards keep that order:
        # the author stacked the deck on purpose. tests/kotlik/test_ko_symbols_end.py checks both.
        state.stock.insert(state.rng.randrange(len(state.stock) + 1), card)
    else:
        state.stock.insert(0, card)


def draw_first_card(state: KotlikState, player: int) -> None:
    """Draw until a card without a white or black label comes up; it starts the cauldron (KO-306 – KO-309)."""
    cs = state.cs
    if not any(cs.label[c] not in COLOURS for c in state.stock):
        raise DataError(
            "the supply deck holds no card with a green, grey, brown, blue or yellow label",
            hint="KO-308: each cauldron starts with such a card; put some into the supply deck",
        )
    while True:
        card = state.stock.pop()
        if cs.label[card] in COLOURS:  # KO-307: own-colour cards go back into the deck
            state._say(f"{('White', 'Black')[player]} draws {cs.names[card]} (white/black label): back into the deck")
            return_to_stock(state, card)
            continue
        state.cauldron[player].append(card)
        state._say(f"{('White', 'Black')[player]} starts the cauldron with {cs.names[card]}")
        return


def deal(state: KotlikState) -> None:
    """KO-301 – KO-310 on an empty state: shuffle, lay 32 cards, stock the rest, first cauldron cards, recipes.

    With the recommended KO-Q6 reading this is the shared opening procedure of ``deckkit hands``
    (so ``deckkit hand`` and a goldfish game with the same generator show the same board); the
    "bottom" reading keeps its own loop.
    """
    if state.game.returned == "shuffle":
        _deal_shared(state)
        return
    rng: random.Random = state.rng
    order = list(range(len(state.cs.ingredients)))
    rng.shuffle(order)  # KO-301
    for cell, card in zip(INGREDIENT_CELLS, order):  # KO-302
        state.board[cell] = card
    state.stock = order[len(INGREDIENT_CELLS):][::-1]  # KO-305; top of the deck is the list's end
    for player in (0, 1):  # KO-Q3: White takes the first cauldron card first
        draw_first_card(state, player)
    deal_recipes(state)


def deal_recipes(state: KotlikState) -> None:
    """KO-310: shuffle the recipe cards and deal two to each player (skipped in the KO-311 variant)."""
    if not state.game.settings["recipes"] or not state.cs.recipes:
        return
    pile = list(range(len(state.cs.recipes)))
    state.rng.shuffle(pile)
    state.recipes = [pile[0:2], pile[2:4]]


def _deal_shared(state: KotlikState) -> None:
    """Run ``deckkit.hands.procedures.kotlik_setup`` and translate its card dicts into indices."""
    from deckkit.hands.procedures import kotlik_setup

    cs = state.cs
    index = state.game.ingredient_index
    order = list(cs.ingredients)
    state.rng.shuffle(order)  # KO-301
    dealt = kotlik_setup(order, state.rng, corners=cs.corners, recipes=cs.recipes,
                         use_recipes=bool(state.game.settings["recipes"]))
    for r, row in enumerate(dealt.board):
        for c, card in enumerate(row):
            if card is not None and card.get("type") == "ingredient":
                state.board[r * 6 + c] = index[card["id"]]
    state.stock = [index[c["id"]] for c in reversed(dealt.supply)]  # top of the deck is the list's end
    for p in (0, 1):
        state.cauldron[p] = [index[c["id"]] for c in dealt.cauldrons[p]]
        state._say(f"{('White', 'Black')[p]} starts the cauldron with {cs.names[state.cauldron[p][0]]}"
                   + (f" after returning {dealt.returned[p]} white/black card(s)" if dealt.returned[p] else ""))
    if dealt.recipes:
        recipe_index = {c["id"]: i for i, c in enumerate(cs.recipes)}
        state.recipes = [[recipe_index[c["id"]] for c in hand] for hand in dealt.recipes]
