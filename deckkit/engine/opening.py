"""Opening procedures as data: a game's spec carries one, the hand tools and the engines run it.

Two kinds exist. A :class:`HandProcedure` deals a hand from the top of a shuffled library with
one of three mulligan rules — ``bottom`` (the rejected hand goes under the library in its order,
one card fewer, no reshuffle), ``reshuffle`` (the hand is shuffled back, one card fewer) or
``none`` — and says how many cards the player draws by a turn. A :class:`LayoutProcedure` deals a
layout instead (a board, say); the game supplies its deal and its rendering as hooks.

Libraries are lists **top card first**; nothing here mutates its input.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, TypeVar

from deckkit.errors import DataError, UsageError

__all__ = ["DeckTooSmall", "Opening", "HandProcedure", "LayoutProcedure", "MULLIGANS"]

T = TypeVar("T")
Keep = Callable[[list], bool]
MULLIGANS = ("bottom", "reshuffle", "none")


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


def _mulligan_loop(library: list, keep: Keep | None, hand_size: int, limit: int,
                   put_back: Callable[[list, list], list]) -> Opening:
    """Draw a hand; while ``keep`` rejects it (at most ``limit`` times, down to 0 cards), put it back
    with ``put_back(rest, hand) -> library`` and draw one card fewer."""
    lib, size = library, hand_size
    rejected: list[list] = []
    while True:
        hand, lib = lib[:size], lib[size:]
        if keep is None or keep(hand):
            return Opening(hand, lib, len(rejected), False, rejected)
        if len(rejected) >= limit or size == 0:
            return Opening(hand, lib, len(rejected), True, rejected)
        rejected.append(hand)
        lib = put_back(lib, hand)
        size -= 1


@dataclass(frozen=True)
class HandProcedure:
    """A hand-and-mulligan opening: hand size, mulligan rule, first-turn draw, and the words for people.

    ``variants`` are other readings or house rules by name (``--variant``); ``arrangements`` are
    optional deck arrangements by name, each ``(reference to fn(cards, rng) -> library, rule)``.
    """

    game: str
    hand_size: int
    mulligan: str  # "bottom", "reshuffle" or "none"
    first_turn_draw: bool  # does the starting player draw in their first turn?
    rules: str
    title: str = ""  # the game's title, for messages
    deck_hint: str = "add cards to the deck"
    shuffle_rule: str = ""  # the reading behind "deck fully shuffled", e.g. "OB-Q3 reading A"
    mulligan_words: str = ""  # how a mulligan moves the cards, for the odds' assumption line
    draw_words: str = ""  # the first-turn draw rule, for the odds' assumption line
    no_mulligan: str = ""  # why --mulligans does not apply (a procedure without mulligans)
    no_mulligan_hint: str = ""
    beyond_rule: str = ""  # the rule that ends the mulligans at a 0-card hand, in words for people
    # the rule ids a refused mulligan cites: the procedure has no mulligan, or the hand has no cards left
    no_mulligan_rule: str | None = None
    floor_rule: str | None = None
    variants: Mapping[str, HandProcedure] = field(default_factory=dict)
    variant_hint: str = ""
    arrangements: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    note: str = ""  # a line the hand report prints under its heading (a house rule in force)
    first_draw_note: str = ""  # said beside the cards drawn on the play when the first draw is skipped
    forced_words: str = ""  # how a hand kept only because no mulligan was left is called

    hands: ClassVar[Literal[True]] = True

    @property
    def max_mulligans(self) -> int:
        """The most mulligans the procedure allows (down to a 0-card hand, or none)."""
        return 0 if self.mulligan == "none" else self.hand_size

    def variant(self, name: str | None) -> HandProcedure:
        """The procedure of a named variant (None or "none"/"default": this one); UsageError otherwise."""
        if name in (None, "", "none", "default"):
            return self
        if name in self.variants:
            return self.variants[name]
        raise UsageError(f"unknown opening variant {name!r} for {self.game}", hint=self.variant_hint or None)

    def cards_drawn(self, turn: int, on_play: bool) -> int:
        """Cards drawn after the opening hand by the end of the player's own turn ``turn`` (0: none)."""
        if turn < 0:
            raise UsageError(f"--turn {turn} is negative", hint="turns count from 1; 0 is the opening hand")
        if turn == 0:
            return 0
        return turn if (self.first_turn_draw or not on_play) else turn - 1

    def run(self, library: Sequence[T], keep: Keep | None = None, *, rng: random.Random | None = None,
            hand_size: int | None = None, max_mulligans: int | None = None) -> Opening:
        """Deal the opening hand from a top-first library, taking mulligans while ``keep`` rejects the hand."""
        size = self.hand_size if hand_size is None else hand_size
        if size < 0:
            raise UsageError(f"hand size {size} is negative")
        if len(library) < size:
            raise DeckTooSmall(f"the deck has {len(library)} cards, fewer than the {size}-card {self.title} hand",
                               hint=self.deck_hint)
        lib = list(library)
        if self.mulligan == "none":
            hand = lib[:size]
            kept = keep is None or keep(hand)
            return Opening(hand, lib[size:], 0, not kept, [])
        limit = size if max_mulligans is None else min(max_mulligans, size)
        if self.mulligan == "bottom":
            return _mulligan_loop(lib, keep, size, limit, lambda rest, hand: rest + hand)
        if rng is None:
            raise UsageError("the reshuffle mulligan needs a seeded random generator")

        shuffle = rng.shuffle

        def reshuffle(rest: list, hand: list) -> list:
            out = rest + hand
            shuffle(out)
            return out

        return _mulligan_loop(lib, keep, size, limit, reshuffle)

    def with_mulligan(self, mulligan: str, rules: str) -> HandProcedure:
        """The same procedure with another mulligan rule (for a variant)."""
        return replace(self, mulligan=mulligan, rules=rules, variants={})


@dataclass(frozen=True)
class LayoutProcedure:
    """An opening that deals a layout rather than hands (hooks are ``"module:attribute"`` references).

    ``deal(cards, rng) -> layout``; ``to_json(layout) -> dict``; ``to_text(layout) -> list[str]``;
    ``tally(layout) -> {key: number}`` summed over many deals and shown as means under ``summary_key``
    by ``summary_text(summary) -> list[str]``. ``pool_type`` is the card type the layout's odds are
    about: ``face_up`` of them are dealt face up.
    """

    game: str
    title: str
    rules: str
    deal: Any
    to_json: Any
    to_text: Any
    tally: Any
    summary_text: Any
    summary_key: str
    pool_type: str
    face_up: int
    place: str  # what the face-up cards form, e.g. "board"
    no_hands: str  # why hand options do not apply
    no_hands_hint: str
    assumption: str  # what the odds assume, in words
    too_small_hint: str = ""

    hands: ClassVar[Literal[False]] = False
