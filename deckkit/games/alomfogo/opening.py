"""Álomfogó's opening (AF-502, AF-503, AF-Q5, AF-513): the hand procedure of its spec.

5 cards (AF-502) and no mulligan (AF-503, AF-Q5). The house rule ``mulligan="reshuffle"`` (off by
default, not in the rules) shuffles the hand back and draws one card fewer, down to 0. The
starting player skips the draw of their first turn (AF-513).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from deckkit.engine.opening import HandProcedure, Keep, Opening
from deckkit.errors import UsageError

T = TypeVar("T")

AF_HAND = 5  # AF-502
ALOMFOGO_MULLIGANS = ("none", "reshuffle")  # AF-Q5: none is the rule; reshuffle is a house rule

_BASE = HandProcedure(
    mulligan="none", rules="AF-502, AF-503, AF-Q5, AF-513", game="alomfogo", hand_size=AF_HAND, first_turn_draw=False, title="Álomfogó",
    deck_hint="add cards to the deck (Álomfogó needs at least 35, AF-Q1)",
    mulligan_words=("house-rule mulligan: hand shuffled back, one card fewer (not in the rules, AF-Q5); "
                    "at most {mulligans} time(s)"),
    draw_words="starting player skips the first draw (AF-513)",
    no_mulligan="Álomfogó has no mulligan (AF-503, AF-Q5)",
    no_mulligan_hint="use --variant reshuffle for the house-rule mulligan, or drop --mulligans",
    beyond_rule="house rule, AF-Q5",
    no_mulligan_rule="AF-503",
    floor_rule="AF-Q5",  # the house rule's floor: the reading it departs from
    variant_hint="Álomfogó has the house rule 'reshuffle'",
    first_draw_note="the starting player does not draw in their first turn (AF-513)",
)
RESHUFFLE = replace(_BASE, mulligan="reshuffle", rules="house rule (not in AF-Q5), AF-513",
                    note="house-rule mulligan 'reshuffle': hand shuffled back, one card fewer (not in the rules, AF-Q5)")
PROCEDURE = replace(_BASE, variants={"reshuffle": RESHUFFLE})


def alomfogo_opening(library: Sequence[T], keep: Keep | None = None, *, mulligan: str = "none",
                     rng: random.Random | None = None, hand_size: int = AF_HAND,
                     max_mulligans: int | None = None) -> Opening:
    """Álomfogó opening hand: 5 cards, no mulligan (AF-502, AF-Q5); ``mulligan="reshuffle"`` is a house rule."""
    if mulligan not in ALOMFOGO_MULLIGANS:
        raise UsageError(f"unknown Álomfogó mulligan variant {mulligan!r}",
                         hint="variants: " + ", ".join(ALOMFOGO_MULLIGANS))
    return PROCEDURE.variant(mulligan).run(library, keep, rng=rng, hand_size=hand_size, max_mulligans=max_mulligans)
