"""Setting up a Kotlík game (KO-300): the one deal of the board, the supply deck and the first cauldron cards.

:func:`kotlik_setup` deals card dicts (the opening ``deckkit hand`` shows, through the spec's
layout procedure); :func:`deal` runs it for a game and translates the cards into the state's
indices. The layout's rendering for the hand tools lives here too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckkit.engine.core import chance
from deckkit.engine.opening import DeckTooSmall
from deckkit.errors import DataError
from deckkit.games.kotlik.cards import COLOURS

if TYPE_CHECKING:
    from deckkit.games.kotlik.state import KotlikState


def return_to_stock(state: KotlikState, card: int) -> None:
    """Put a card back into the supply deck as the KO-Q6 setting says (at the bottom, or shuffled in)."""
    if state.game.returned == "shuffle":
        # KO-Q6 Reading A says "shuffled into the supply deck". A uniform insert gives the same odds as
        # a full reshuffle: in a dealt game the stock is a uniformly shuffled, face-down pile (KO-301;
        # every earlier return was itself a uniform insert, and only its top card is ever drawn), and
        # a uniform order of n cards with the returned card at a uniform one of n + 1 places is a
        # uniform order of all n + 1. It costs one random number instead of a shuffle (explosions are
        # frequent). In a script whose ``stock`` lists an order, the other cards keep that order:
        # the author stacked the deck on purpose. tests/kotlik/test_ko_symbols_end.py checks both.
        n = len(state.stock)  # the event's outcome: how many cards lie above the returned one
        above = chance(state.rng, "returned card", list(range(n, -1, -1)), {"top": 0, "bottom": n})
        state.stock.insert(n - above, card)
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

    The one Kotlík deal: :func:`kotlik_setup` over the card dicts (what ``deckkit hand`` shows, so a
    hand and a game dealt from generators with the same seed show the same board), translated
    into the state's card indices.
    """
    cs = state.cs
    index = state.game.ingredient_index
    order = list(cs.ingredients)
    state.rng.shuffle(order)  # KO-301
    dealt = kotlik_setup(order, state.rng, corners=cs.corners, recipes=cs.recipes,
                         use_recipes=bool(state.game.settings["recipes"]), returned=state.game.returned)
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


def deal_recipes(state: KotlikState) -> None:
    """KO-310: shuffle the recipe cards and deal two to each player (skipped in the KO-311 variant)."""
    if not state.game.settings["recipes"] or not state.cs.recipes:
        return
    pile = list(range(len(state.cs.recipes)))
    state.rng.shuffle(pile)
    state.recipes = [pile[0:2], pile[2:4]]


# ------------------------------------------------------------------ the deal over card dicts

KO_BOARD = 32  # KO-302
KO_INGREDIENTS = 56  # KO-104
KO_CORNERS = ((0, 0), (0, 5), (5, 5), (5, 0))  # r1c1 (P0), r1c6 (P5), r6c6 (P10), r6c1 (P15)
KO_OWN_LABELS = ("white", "black")  # KO-113


@dataclass
class KotlikSetup:
    """A Kotlík opening: the 6×6 ``board`` (row-major, cards or None), ``supply`` (top first), cauldrons."""

    board: list[list[Any]]
    supply: list
    cauldrons: list[list]  # [White's, Black's], one card each after the setup
    returned: list[int]  # how many white/black cards each player returned (KO-307)
    recipes: list[list] = field(default_factory=list)


def kotlik_setup(ingredients: Sequence[dict], rng: random.Random, *, corners: Sequence[dict] = (),
                 recipes: Sequence[dict] = (), use_recipes: bool = False, returned: str = "bottom") -> KotlikSetup:
    """Lay out a Kotlík game from 56 shuffled ingredient cards (top first), KO-301 – KO-310.

    A white/black-labelled first cauldron card goes back into the supply deck by the KO-Q6 reading
    ``returned``: shuffled in with the seeded generator (``shuffle``, reading A) or under it (``bottom``).
    """
    if len(ingredients) < KO_BOARD + 2:
        raise DeckTooSmall(f"Kotlík needs {KO_INGREDIENTS} ingredient cards, the deck has {len(ingredients)}",
                           hint="the standard Kotlík deck is the 56 ingredient cards (KO-104)")
    board: list[list[Any]] = [[None] * 6 for _ in range(6)]
    spaces = [(r, c) for r in range(6) for c in range(6) if (r, c) not in KO_CORNERS]
    for (r, c), card in zip(spaces, ingredients[:KO_BOARD]):
        board[r][c] = card
    # KO-303 / KO-Q3: the white-stone corner at P0 (top-left), the black one opposite at P10.
    marked = {c.get("stone"): c for c in corners if c.get("stone") in KO_OWN_LABELS}
    plain = [c for c in corners if c.get("stone") not in KO_OWN_LABELS]
    order = [marked.get("white"), plain[0] if plain else None, marked.get("black"),
             plain[1] if len(plain) > 1 else None]
    for (r, c), corner in zip(KO_CORNERS, order):
        board[r][c] = corner
    supply = list(ingredients[KO_BOARD:])
    cauldrons: list[list] = [[], []]
    back = [0, 0]
    for seat in (0, 1):  # White takes the first cauldron card first (KO-Q3)
        if not any(c.get("label") not in KO_OWN_LABELS for c in supply):
            raise DataError("the supply holds no card without a white or black label (KO-308)",
                            hint="a Kotlík deck has 40 cards of the five other colours (KO-112)")
        while True:
            card = supply.pop(0)
            if card.get("label") not in KO_OWN_LABELS:
                cauldrons[seat].append(card)
                break
            supply.append(card)  # KO-307: back into the supply deck (KO-Q6 reading B: under it)
            if returned == "shuffle":
                rng.shuffle(supply)  # KO-Q6 reading A: shuffled in with the seeded generator
            back[seat] += 1
    dealt: list[list] = []
    if use_recipes and recipes:
        pile = list(recipes)
        rng.shuffle(pile)  # KO-310
        dealt = [pile[0:2], pile[2:4]]
    return KotlikSetup(board, supply, cauldrons, back, dealt)


def deal_layout(cards: Sequence[dict], rng: random.Random) -> KotlikSetup:
    """The layout procedure's deal over a deck's cards: its ingredient cards shuffled (KO-301), its corners."""
    ingredients = [c for c in cards if c.get("type") == "ingredient"]
    corners = [c for c in cards if c.get("type") == "corner"]
    rng.shuffle(ingredients)
    return kotlik_setup(ingredients, rng, corners=corners)


def _names(cards: list[dict]) -> list[str]:
    return [c.get("name", c.get("id", "?")) for c in cards]


def layout_json(k: KotlikSetup) -> dict[str, Any]:
    """One dealt layout as plain data (``hand -o json``)."""
    return {
        "board": [[(c.get("name") if c else None) for c in row] for row in k.board],
        "cauldrons": {"white": _names(k.cauldrons[0]), "black": _names(k.cauldrons[1])},
        "returned": {"white": k.returned[0], "black": k.returned[1]},
        "supply": len(k.supply),
    }


def layout_text(k: KotlikSetup) -> list[str]:
    """One dealt layout for people: the board in 80 columns, its legend, the cauldrons and the supply."""
    return [
        render_kotlik_board(k, narrow=True),
        KOTLIK_LEGEND,
        f"White's cauldron: {', '.join(_names(k.cauldrons[0]))} (returned {k.returned[0]} white/black card(s), KO-307)",
        f"Black's cauldron: {', '.join(_names(k.cauldrons[1]))} (returned {k.returned[1]} white/black card(s), KO-307)",
        f"Supply deck: {len(k.supply)} cards",
    ]


def layout_tally(k: KotlikSetup) -> dict[str, int]:
    """What many deals sum up: the white/black cards each player returned."""
    return {"white": k.returned[0], "black": k.returned[1]}


def summary_text(summary: dict[str, Any]) -> list[str]:
    """The summary line of many layouts."""
    mean = summary["mean_returned"]
    return [f"{summary['deals']} layouts: mean white/black cards returned — White {mean['white']:.2f}, "
            f"Black {mean['black']:.2f}"]


def render_kotlik_board(setup: KotlikSetup, label: Callable[[Any], str] | None = None, *,
                        narrow: bool = False) -> str:
    """The board as a 6×6 text grid with corners (K = corner card; W/B mark the stones' corners).

    ``narrow`` puts the number and label under the ingredient and wraps words, so the grid fits in
    80 columns instead of about 150 (the ``hand`` command uses it).
    """
    def default(card: Any) -> str:
        if card is None:
            return ""
        if card.get("type") == "corner":
            stone = card.get("stone")
            return "K" + ("(W)" if stone == "white" else "(B)" if stone == "black" else "")
        tail = f"{card.get('number', '')} {_LABEL_CODES.get(card.get('label'), '')}".strip()
        return f"{card.get('ingredient') or card.get('name')}{chr(10) if narrow else ' '}{tail}".rstrip()

    show = label or default
    cells = [[show(card) for card in row] for row in setup.board]
    for r, c in KO_CORNERS:
        if not cells[r][c]:
            cells[r][c] = "K"
    if narrow:
        longest = max((len(w) for row in cells for x in row for w in x.split()), default=0)
        width = max(5, longest)
        lines = [[_wrap(x, width) for x in row] for row in cells]
    else:
        width = max(5, max(len(x) for row in cells for x in row))
        lines = [[[x] for x in row] for row in cells]
    rule = "+" + "+".join("-" * (width + 2) for _ in range(6)) + "+"
    out = [rule]
    for row in lines:
        for i in range(max(len(cell) for cell in row)):
            out.append("|" + "|".join(f" {(cell[i] if i < len(cell) else ''):<{width}} " for cell in row) + "|")
        out.append(rule)
    return "\n".join(out)


def _wrap(text: str, width: int) -> list[str]:
    """Each line of ``text`` wrapped at word boundaries to ``width`` characters."""
    out: list[str] = []
    for part in text.split("\n"):
        line = ""
        for word in part.split():
            if line and len(line) + 1 + len(word) > width:
                out.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        out.append(line)
    return out


_LABEL_CODES = {"white": "wh", "black": "bk", "green": "gn", "grey": "gy", "brown": "br", "blue": "bl", "yellow": "ye"}
KOTLIK_LEGEND = ("K = corner card, K(W)/K(B) = the White/Black stone's corner\nlabels: "
                 + ", ".join(f"{v} {k}" for k, v in _LABEL_CODES.items()))
