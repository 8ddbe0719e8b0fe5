"""Opening procedures for the hand tools: each game's comes from its registry spec.

Every function takes the player's library as a list **top card first** (already shuffled with
the game's seeded ``random.Random``), never mutates it, and returns an :class:`Opening`::

    from deckkit.hands.procedures import opening, cards_drawn_by_turn

    result = opening("ob", library, keep=lambda hand: sum(c["type"] == "food" for c in hand) >= 2)
    result.hand        # the kept hand (list, in draw order)
    result.library     # the library after the procedure, top first (rejected hands at the bottom)
    result.mulligans   # how many mulligans were taken
    result.forced      # True when the hand was kept only because no further mulligan was allowed

``keep(hand) -> bool`` decides each hand; ``None`` keeps the first one. A compiled condition gives
one through :meth:`deckkit.hands.conditions.Condition.keep_callback`. The procedures themselves
(:class:`deckkit.engine.opening.HandProcedure`, :class:`~deckkit.engine.opening.LayoutProcedure`)
live in the games' packages; a game whose opening is a layout has no hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from deckkit.engine.opening import DeckTooSmall, HandProcedure, Keep, LayoutProcedure, Opening
from deckkit.errors import UsageError

__all__ = ["Opening", "GameProcedure", "HandProcedure", "LayoutProcedure", "procedure", "layout", "DeckTooSmall",
           "opening", "cards_drawn_by_turn", "seen_by_turn", "opening_of"]

T = TypeVar("T")
GameProcedure = HandProcedure  # the name the odds code knows it by


def opening_of(game: str) -> HandProcedure | LayoutProcedure:
    """The opening procedure a game's spec declares (UsageError for an unknown game or none)."""
    from deckkit.engine.registry import spec

    found = spec(game)
    if found.opening is None:
        raise UsageError(f"{found.title} declares no opening procedure")
    return found.opening


def procedure(game: str, *, variant: str | None = None) -> HandProcedure:
    """The hand procedure of ``game`` (name or alias), or of one of its named variants."""
    proc = opening_of(game)
    if not proc.hands:
        raise UsageError(proc.no_hands, hint=proc.no_hands_hint)
    return proc.variant(variant)


def layout(game: str) -> LayoutProcedure | None:
    """The layout procedure of ``game``, or None when its opening deals hands."""
    proc = opening_of(game)
    return None if proc.hands else proc


def opening(game: str, library: Sequence[T], keep: Keep | None = None, *, variant: str | None = None,
            rng: random.Random | None = None, max_mulligans: int | None = None) -> Opening:
    """Run the opening procedure of ``game`` (name or alias) on a top-first library."""
    return procedure(game, variant=variant).run(library, keep, rng=rng, max_mulligans=max_mulligans)


def cards_drawn_by_turn(game: str, turn: int, on_play: bool) -> int:
    """Cards the player has drawn after the opening hand by the end of their own turn ``turn``.

    One per turn, except the starting player's first turn when the game skips it (e.g. AF-513;
    Obludárium's starting player draws, OB-Q7). Turn 0 is the opening hand alone.
    """
    if turn < 0:
        raise UsageError(f"--turn {turn} is negative", hint="turns count from 1; 0 is the opening hand")
    return procedure(game).cards_drawn(turn, on_play)


def seen_by_turn(game: str, result: Opening, turn: int, on_play: bool) -> list[Any]:
    """The kept hand plus the cards drawn by the player's own turn ``turn``."""
    n = cards_drawn_by_turn(game, turn, on_play)
    return list(result.hand) + list(result.library[:n])
