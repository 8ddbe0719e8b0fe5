"""What a sweep varies: ``--vary 'CARD=14..26'``, ``--vary 'QUERY=18..28'``, ``--swap 'A->B'``.

A spec becomes a list of :class:`Point` s, each a deck list of the same size as the deck: the
varied cards are set, and the other cards (or the ``--fill`` query's) are rescaled to make room.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from deckkit.errors import AmbiguousName, UnknownCard, UsageError
from deckkit.tune.lists import DeckList, refill, spread

MAX_POINTS = 200  # a sweep is a table for people; more points is a mistake in the range
_RANGE = re.compile(r"^\s*(-?\d+)\s*(?:\.\.\s*(-?\d+)\s*(?:/\s*(-?\d+)\s*)?)?$")


@dataclass(frozen=True)
class Point:
    """One deck of a sweep: its ``value`` (the varied count), the list, and why it is illegal (if so)."""

    value: int
    deck: DeckList | None
    problems: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        """No format errors (and the list could be built)."""
        return self.deck is not None and not self.problems


@dataclass(frozen=True)
class Sweep:
    """A parsed spec: what is varied (in words), the points, and the axis label."""

    what: str
    axis: str
    points: tuple[Point, ...]
    base_value: int


def parse_values(text: str, option: str) -> list[int]:
    """``14..26``, ``14..26/2``, ``12,16,20`` or ``20`` as a list of counts (UsageError otherwise)."""
    values: list[int] = []
    for part in text.split(","):
        m = _RANGE.match(part)
        if not m:
            raise UsageError(f"{option}: {part.strip()!r} is not a count or a range",
                             hint="write a count (20), a range (14..26), a range with a step (14..26/2) or a list (12,16,20)")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) is not None else lo
        step = int(m.group(3)) if m.group(3) is not None else 1
        if step < 1:
            raise UsageError(f"{option}: the step {step} must be at least 1", hint="e.g. 14..26/2")
        if hi < lo:
            raise UsageError(f"{option}: the range {lo}..{hi} runs backwards", hint=f"write {hi}..{lo}")
        if (hi - lo) // step + 1 + len(values) > MAX_POINTS:
            raise UsageError(f"{option}: more than {MAX_POINTS} points", hint="use a step, e.g. 0..60/5")
        values.extend(range(lo, hi + 1, step))
    if any(v < 0 for v in values):
        raise UsageError(f"{option}: counts cannot be negative ({min(values)})", hint="counts start at 0")
    return list(dict.fromkeys(values))


def find_card(catalogue: Any, name: str, game: str) -> dict:
    """The card ``name`` of ``game``; UsageError (exit 2) with suggestions when there is none."""
    try:
        return catalogue.find(name.strip(), game=game)
    except UnknownCard as exc:
        hint = f"did you mean {' or '.join(exc.suggestions[:3])}?" if exc.suggestions else \
            "`deckkit search NAME` finds cards by part of their name"
        raise UsageError(f"{name.strip()!r} is not a card of the deck or the catalogue", hint=hint) from None


def _deck_card(deck: DeckList, target: str, catalogue: Any) -> dict:
    """The card ``target`` names; where several cards share the name, the one the deck holds (the deck
    file's own prefer: line chose it), else AmbiguousName listing them."""
    try:
        return catalogue.find(target, game=deck.game)
    except AmbiguousName as exc:
        held = [c for c, _ in deck.entries if c["id"] in exc.candidates]
        if len(held) == 1:
            return held[0]
        raise


def _fill_ids(deck: DeckList, fill: str | None) -> list[str] | None:
    if fill is None:
        return None
    from deckkit.query import compile_predicate

    test = compile_predicate(fill)
    ids = [c["id"] for c, _ in deck.entries if test(c)]
    if not ids:
        raise UsageError(f"--fill {fill!r} matches no card of the deck", hint="the fill cards make room for the varied ones")
    return ids


def vary(deck: DeckList, spec: str, catalogue: Any, fill: str | None = None) -> Sweep:
    """The points of ``--vary 'TARGET=VALUES'``: a card's count, or a total spread over the deck's cards matching a query."""
    target, sep, values_text = spec.rpartition("=")
    if not sep or not target.strip():
        raise UsageError(f"--vary {spec!r} is not TARGET=COUNTS", hint="e.g. --vary 'Chleba=2..8' or --vary 't:food=12..24'")
    values = parse_values(values_text, "--vary")
    target = target.strip()
    cards: list[dict]
    try:
        card = _deck_card(deck, target, catalogue)
        cards, what = [card], card["name"]
    except UnknownCard:
        cards = _query_cards(deck, target, catalogue)
        what = target
    fill_ids = _fill_ids(deck, fill)
    if fill_ids is not None:
        fill_ids = [i for i in fill_ids if i not in {c["id"] for c in cards}]
    weights = [max(deck.count_of(c), 0) for c in cards]
    points = []
    for v in values:
        split = spread(v, weights) if len(cards) > 1 else [v]
        fixed = {c["id"]: (c, n) for c, n in zip(cards, split)}
        points.append(_point(deck, v, fixed, fill_ids, f"{what}={v}"))
    base = sum(deck.count_of(c) for c in cards)
    return Sweep(what, what if len(cards) == 1 else f"{what} (spread over {len(cards)} cards)", tuple(points), base)


def _query_cards(deck: DeckList, target: str, catalogue: Any) -> list[dict]:
    from deckkit.query import QuerySyntaxError, compile_predicate

    try:
        test = compile_predicate(target)
    except QuerySyntaxError:
        find_card(catalogue, target, deck.game)  # raises the "not a card" error with suggestions
        raise
    matched = [c for c, _ in deck.entries if test(c)]
    if not matched:
        if not any(ch in target for ch in ':<>=()!"/'):  # plain words: meant as a card name
            find_card(catalogue, target, deck.game)
        raise UsageError(f"{target!r} matches no card of the deck", hint="name a card, or a query such as t:food")
    return matched


def swap(deck: DeckList, spec: str, catalogue: Any) -> Sweep:
    """The points of ``--swap 'A->B'`` (or ``'A->B=0..3'``): k copies of A replaced by B, k = 0 … copies of A."""
    head, sep, values_text = spec.partition("=")
    a, arrow, b = head.partition("->")
    if not arrow or not a.strip() or not b.strip():
        raise UsageError(f"--swap {spec!r} is not A->B", hint="e.g. --swap 'Chleba->Gryf' or --swap 'Chleba->Gryf=0..2'")
    out_card = find_card(catalogue, a, deck.game)
    in_card = find_card(catalogue, b, deck.game)
    have = deck.count_of(out_card)
    if not have:
        raise UsageError(f"{out_card['name']} is not in the deck, so it cannot be swapped out",
                         hint="`deckkit deck show DECK` lists the cards in it")
    if in_card["id"] == out_card["id"]:
        raise UsageError("--swap needs two different cards", hint="e.g. --swap 'Chleba->Gryf'")
    values = parse_values(values_text, "--swap") if sep else list(range(have + 1))
    points = []
    for k in values:
        if k > have:
            points.append(Point(k, None, (f"the deck has only {have} {out_card['name']} to swap out",)))
            continue
        fixed = {out_card["id"]: (out_card, have - k), in_card["id"]: (in_card, deck.count_of(in_card) + k)}
        points.append(_point(deck, k, fixed, [], f"{out_card['name']}->{in_card['name']}={k}"))
    what = f"{out_card['name']} → {in_card['name']}"
    return Sweep(what, f"copies of {out_card['name']} replaced by {in_card['name']}", tuple(points), 0)


def _point(deck: DeckList, value: int, fixed: dict, fill_ids: list[str] | None, label: str) -> Point:
    from deckkit.tune.lists import problems_of

    variant, why = refill(deck, fixed, fill_ids, label)
    if variant is None:
        return Point(value, None, (why or "cannot be built",))
    return Point(value, variant, tuple(problems_of(variant)))
