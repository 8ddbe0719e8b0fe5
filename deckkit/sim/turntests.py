"""Sequential tests and plans for goldfish comparisons: how many turns sooner a deck wins than the first.

The observation is one seed's *gain*: the first deck's win turn minus the other deck's, on a seed
both won (the same seed deals decks of one size the same shuffle, so the pair shares its luck). A
positive gain means the other deck wins sooner. The SPRT weighs "the mean gain is D0" against "it is
D1" on these paired gains (:func:`deckkit.sim.sprt.llr_normal`); the plan reads their spread, and
that of each deck's own win turns for independent games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from deckkit.engine.results import WinRecord
from deckkit.errors import UsageError
from deckkit.sim.plan import Design, Plan, check_delta, check_pilot, make_plan, sd_of
from deckkit.sim.sprt import llr_normal_of

SPRT_BATCH = 100  # games per deck between two looks of a sequential test (at first: see deckkit.sim.sequential)


def gains(base: Sequence[Any], other: Sequence[Any]) -> list[float]:
    """Per seed both decks won: the first deck's win turn minus the other's (positive: the other is sooner)."""
    turns = {r.index: r.turn for r in base if r.won and r.turn is not None}
    return [turns[r.index] - r.turn for r in other if r.won and r.turn is not None and r.index in turns]


def check_win_by_turn(records: Sequence[Any], what: str) -> None:
    """Refuse a test in turns on a scoring game's records (exit 2)."""
    if records and not isinstance(records[0], WinRecord):
        raise UsageError(f"{what} compares win turns; this game's goldfish reports scores",
                         hint="compare its decks without it")


def llr_of(h0: float, h1: float) -> Callable[[list[list[Any]]], float]:
    """The LLR of a two-deck run's paired gains for ``h0`` against ``h1`` (turns)."""
    def llr(records: list[list[Any]]) -> float:
        xs = gains(records[0], records[1])
        return llr_normal_of(xs, h0, h1)

    return llr


def goldfish_plan(records: Sequence[Sequence[Any]], delta: float, alpha: float, beta: float) -> Plan:
    """Games per deck to detect ``delta`` turns: paired on shared seeds (two decks given) and independent."""
    check_delta(delta)
    check_win_by_turn(records[0], "--plan")
    own = [[float(r.turn) for r in recs if r.won and r.turn is not None] for recs in records[:2]]
    check_pilot(min(len(t) for t in own), min(sd_of(t) for t in own), "won games")
    designs = []
    if len(records) > 1:
        xs = gains(records[0], records[1])
        check_pilot(len(xs), sd_of(xs), "seeds both decks won")
        designs.append(Design("paired (same seeds)", sd_of(xs)))
    # Independent runs of two decks: the variances add (one deck alone: as if its variant spread as much).
    var = sum(sd_of(t) ** 2 for t in own) if len(own) > 1 else 2 * sd_of(own[0]) ** 2
    designs.append(Design("independent runs", math.sqrt(var)))
    pilot = len(records[0])
    return make_plan(delta, "turns", delta, alpha, beta, pilot, "games per deck", designs)
