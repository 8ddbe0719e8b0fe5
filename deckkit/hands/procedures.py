"""Opening procedures of the three games, in one place for the hand tools and the engines.

Every function takes the player's library as a list **top card first** (already shuffled with
the game's seeded ``random.Random``), never mutates it, and returns an :class:`Opening`::

    from deckkit.hands.procedures import obludarium_opening, alomfogo_opening, cards_drawn_by_turn

    opening = obludarium_opening(library, keep=lambda hand: sum(c["type"] == "food" for c in hand) >= 2)
    opening.hand        # the kept hand (list, in draw order)
    opening.library     # the library after the procedure, top first (rejected hands at the bottom)
    opening.mulligans   # how many mulligans were taken
    opening.forced      # True when the hand was kept only because no further mulligan was allowed

``keep(hand) -> bool`` decides each hand; ``None`` keeps the first one. A compiled condition gives
one through :meth:`deckkit.hands.conditions.Condition.keep_callback`.

- Obludárium (:func:`obludarium_opening`): 7 cards (OB-503); a mulligan puts the whole hand on the
  bottom in its current order and draws one card fewer from the top, no reshuffle (OB-504 –
  OB-506, OB-Q5 reading A), repeatable down to a 0-card hand. The starting player draws on their
  first turn (OB-Q7). :func:`obludarium_higher_plays` picks the starting player by the bottom
  cards after all mulligans (OB-510, OB-Q6). :func:`food_every_third` is OB-Q3 reading B, an
  optional deck arrangement ("food every third card, then a cut").
- Álomfogó (:func:`alomfogo_opening`): 5 cards (AF-502) and no mulligan (AF-503, AF-Q5). The
  house rule ``mulligan="reshuffle"`` (off by default, not in the rules) shuffles the hand back
  and draws one card fewer, down to 0. The starting player skips the draw of their first turn
  (AF-513).
- Kotlík (:func:`kotlik_setup`): 32 of the 56 shuffled ingredient cards on the board (row by row,
  corners left free, KO-302), corner cards with the stone-marked ones in opposite corners
  (KO-303, KO-Q3: White at the top-left P0, Black at the bottom-right P10), 24 cards as supply
  (KO-305), then White and Black each take a first cauldron card, returning white/black-labelled
  draws by shuffling them back into the supply with the seeded generator (KO-306 – KO-309, KO-Q6).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, TypeVar
from collections.abc import Callable, Sequence

from deckkit.errors import DataError, UsageError

__all__ = [
    "Opening", "KotlikSetup", "GameProcedure", "PROCEDURES", "procedure", "DeckTooSmall",
    "obludarium_opening", "alomfogo_opening", "opening", "cards_drawn_by_turn", "seen_by_turn",
    "obludarium_higher_plays", "food_every_third", "kotlik_setup", "render_kotlik_board",
]

T = TypeVar("T")
Keep = Callable[[list], bool]

OB_HAND = 7  # OB-503
AF_HAND = 5  # AF-502
KO_BOARD = 32  # KO-302
KO_INGREDIENTS = 56  # KO-104
ALOMFOGO_MULLIGANS = ("none", "reshuffle")  # AF-Q5: none is the rule; reshuffle is a house rule


class DeckTooSmall(DataError):
    """The library holds fewer cards than the procedure must draw (exit 1)."""


@dataclass
class Opening:
    """Result of an opening procedure: kept hand, library after it (top first), mulligans taken."""

    hand: list
    library: list
    mulligans: int = 0
    forced: bool = False
    rejected: list[list] = field(default_factory=list)


def _need(library: Sequence, n: int, game: str) -> None:
    if len(library) < n:
        raise DeckTooSmall(
            f"the deck has {len(library)} cards, fewer than the {n}-card {game} hand",
            hint="add cards to the deck (Obludárium needs at least 36, OB-202; Álomfogó 35, AF-Q1)",
        )


def obludarium_opening(library: Sequence[T], keep: Keep | None = None, *, hand_size: int = OB_HAND,
                       max_mulligans: int | None = None) -> Opening:
    """Obludárium opening hand with bottom-of-deck mulligans (OB-503 – OB-506, OB-Q5)."""
    if hand_size < 0:
        raise UsageError(f"hand size {hand_size} is negative")
    limit = hand_size if max_mulligans is None else min(max_mulligans, hand_size)
    _need(library, hand_size, "Obludárium")
    # OB-504/OB-506: whole hand to the bottom in its current order, no reshuffle.
    return _mulligan_loop(list(library), keep, hand_size, limit, lambda rest, hand: rest + hand)


def _mulligan_loop(library: list, keep: Keep | None, hand_size: int, limit: int,
                   put_back: Callable[[list, list], list]) -> Opening:
    """Draw a hand; while ``keep`` rejects it (at most ``limit`` times, down to 0 cards), put it back
    with ``put_back(rest, hand) -> library`` and draw one card fewer."""
    lib, rejected, size = library, [], hand_size
    while True:
        hand, lib = lib[:size], lib[size:]
        if keep is None or keep(hand):
            return Opening(hand, lib, len(rejected), False, rejected)
        if len(rejected) >= limit or size == 0:
            return Opening(hand, lib, len(rejected), True, rejected)
        rejected.append(hand)
        lib = put_back(lib, hand)
        size -= 1


def alomfogo_opening(library: Sequence[T], keep: Keep | None = None, *, mulligan: str = "none",
                     rng: random.Random | None = None, hand_size: int = AF_HAND,
                     max_mulligans: int | None = None) -> Opening:
    """Álomfogó opening hand: 5 cards, no mulligan (AF-502, AF-Q5); ``mulligan="reshuffle"`` is a house rule."""
    if mulligan not in ALOMFOGO_MULLIGANS:
        raise UsageError(f"unknown Álomfogó mulligan variant {mulligan!r}",
                         hint="variants: " + ", ".join(ALOMFOGO_MULLIGANS))
    _need(library, hand_size, "Álomfogó")
    lib = list(library)
    if mulligan == "none":
        hand = lib[:hand_size]
        kept = keep is None or keep(hand)
        return Opening(hand, lib[hand_size:], 0, not kept, [])
    if rng is None:
        raise UsageError("the reshuffle mulligan needs a seeded random generator")
    limit = hand_size if max_mulligans is None else min(max_mulligans, hand_size)

    def reshuffle(rest: list, hand: list) -> list:  # the house rule: the hand is shuffled back in
        lib = rest + hand
        rng.shuffle(lib)  # type: ignore[union-attr]
        return lib

    return _mulligan_loop(lib, keep, hand_size, limit, reshuffle)


@dataclass(frozen=True)
class GameProcedure:
    """Static facts of a game's opening: hand size, how many mulligans, how they work, draws per turn."""

    game: str
    hand_size: int
    mulligan: str  # "bottom" (OB), "reshuffle" (AF house rule), "none"
    first_turn_draw: bool  # does the starting player draw in their first turn?
    rules: str

    @property
    def max_mulligans(self) -> int:
        """The most mulligans the procedure allows (down to a 0-card hand, or none)."""
        return 0 if self.mulligan == "none" else self.hand_size


PROCEDURES: dict[str, GameProcedure] = {
    "obludarium": GameProcedure("obludarium", OB_HAND, "bottom", True, "OB-503 – OB-506, OB-Q5, OB-Q7"),
    "alomfogo": GameProcedure("alomfogo", AF_HAND, "none", False, "AF-502, AF-503, AF-Q5, AF-513"),
}


def procedure(game: str, *, variant: str | None = None) -> GameProcedure:
    """The opening procedure of ``game``; for Álomfogó ``variant="reshuffle"`` enables the house mulligan."""
    from deckkit.engine.registry import resolve as resolve_game

    name = resolve_game(game)
    if name == "kotlik":
        raise UsageError("Kotlík has no hands: its opening is the board layout (KO-301 – KO-309)",
                         hint="`deckkit hand DECK` on a Kotlík deck shows the board and the first cauldron cards")
    proc = PROCEDURES[name]
    if variant in (None, "", "none", "default"):
        return proc
    if name == "alomfogo" and variant == "reshuffle":
        return GameProcedure("alomfogo", AF_HAND, "reshuffle", False, "house rule (not in AF-Q5), AF-513")
    raise UsageError(f"unknown opening variant {variant!r} for {name}",
                     hint="Álomfogó has the house rule 'reshuffle'; Obludárium's mulligan is fixed (OB-504)")


def opening(game: str, library: Sequence[T], keep: Keep | None = None, *, variant: str | None = None,
            rng: random.Random | None = None, max_mulligans: int | None = None) -> Opening:
    """Run the opening procedure of ``game`` (name or alias) on a top-first library."""
    proc = procedure(game, variant=variant)
    if proc.game == "obludarium":
        return obludarium_opening(library, keep, max_mulligans=max_mulligans)
    return alomfogo_opening(library, keep, mulligan=proc.mulligan, rng=rng, max_mulligans=max_mulligans)


def cards_drawn_by_turn(game: str, turn: int, on_play: bool) -> int:
    """Cards the player has drawn after the opening hand by the end of their own turn ``turn``.

    Obludárium: one per turn, the starting player included (OB-603, OB-Q7). Álomfogó: one per turn,
    except the starting player's first turn (AF-512, AF-513). Turn 0 is the opening hand alone.
    """
    if turn < 0:
        raise UsageError(f"--turn {turn} is negative", hint="turns count from 1; 0 is the opening hand")
    proc = procedure(game)
    if turn == 0:
        return 0
    return turn if (proc.first_turn_draw or not on_play) else turn - 1


def seen_by_turn(game: str, result: Opening, turn: int, on_play: bool) -> list:
    """The kept hand plus the cards drawn by the player's own turn ``turn``."""
    n = cards_drawn_by_turn(game, turn, on_play)
    return list(result.hand) + list(result.library[:n])


def obludarium_higher_plays(libraries: Sequence[Sequence[dict]], rng: random.Random) -> int:
    """Seat of the starting player by "higher plays" (OB-510): bottom card's cost, food = 0, tie by chance (OB-Q6)."""
    costs = []
    for lib in libraries:
        bottom = lib[-1] if lib else {}
        cost = bottom.get("cost") if isinstance(bottom, dict) else None
        costs.append(cost if isinstance(cost, int) else 0)
    best = max(costs)
    seats = [i for i, c in enumerate(costs) if c == best]
    return seats[0] if len(seats) == 1 else rng.choice(seats)


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


# ------------------------------------------------------------------ Kotlík

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
                 recipes: Sequence[dict] = (), use_recipes: bool = False) -> KotlikSetup:
    """Lay out a Kotlík game from 56 shuffled ingredient cards (top first), KO-301 – KO-310."""
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
    for (r, c), card in zip(KO_CORNERS, order):
        board[r][c] = card
    supply = list(ingredients[KO_BOARD:])
    cauldrons: list[list] = [[], []]
    returned = [0, 0]
    for seat in (0, 1):  # White takes the first cauldron card first (KO-Q3)
        if not any(c.get("label") not in KO_OWN_LABELS for c in supply):
            raise DataError("the supply holds no card without a white or black label (KO-308)",
                            hint="a Kotlík deck has 40 cards of the five other colours (KO-112)")
        while True:
            card = supply.pop(0)
            if card.get("label") not in KO_OWN_LABELS:
                cauldrons[seat].append(card)
                break
            # KO-307 + KO-Q6 reading A: shuffled back into the supply deck with the seeded generator.
            supply.append(card)
            rng.shuffle(supply)
            returned[seat] += 1
    dealt: list[list] = []
    if use_recipes and recipes:
        pile = list(recipes)
        rng.shuffle(pile)  # KO-310
        dealt = [pile[0:2], pile[2:4]]
    return KotlikSetup(board, supply, cauldrons, returned, dealt)


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
