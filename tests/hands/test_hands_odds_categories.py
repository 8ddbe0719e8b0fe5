"""Exact odds over seven and eight categories, upper bounds included, equal the reference to 1e-12.

A condition kept by itself (mulligan until it holds) tells every category apart, so its rejected
hands (OB-504 – OB-506: to the bottom, the next hand one card smaller, OB-Q7 draws by turn) are
followed by the block pass or by the pass over pools, whichever finishes first; both must equal the
composition-by-composition reference (:func:`deckkit.hands.odds_enum.enumerated_odds`), and no
question over up to eight categories is refused.
"""

from __future__ import annotations

import pytest

from deckkit.errors import UsageError
from deckkit.hands.conditions import compile_condition
from deckkit.hands.odds import _projector, atoms_of, exact_odds, question
from deckkit.hands.odds_blocks import BlockOdds
from deckkit.hands.odds_terms import block_odds
from deckkit.hands.odds_dp import pooled_odds
from deckkit.hands.odds_enum import enumerated_odds

# name, type, cost, groups, copies: 22 cards whose types, costs and groups overlap
_KINDS = [
    ("Bread", "food", None, (), 6), ("Stew", "food", None, (), 3),
    ("Bat", "monster", 1, ("flying", "nocturnal"), 1), ("Bear", "monster", 3, ("beast",), 2),
    ("Gryphon", "monster", 4, ("flying", "beast"), 1), ("Imp", "monster", 1, (), 2),
    ("Wolf", "monster", 2, ("beast", "nocturnal"), 1), ("Bolt", "spell", 2, (), 1), ("Hex", "spell", 1, (), 2),
    ("Wand", "artifact", 1, (), 1), ("Cauldron", "artifact", 2, (), 2),
]

def _deck() -> list[dict]:
    cards = []
    for name, typ, cost, groups, copies in _KINDS:
        card = {"id": f"x-{name.lower()}", "game": "obludarium", "name": name, "type": typ, "groups": list(groups)}
        if cost is not None:
            card["cost"] = cost
        cards += [card] * copies
    return cards


SEVEN = [  # seven queries each
    "count(t:food) >= 2 and count(t:food) <= 4 and count(t:monster) >= 1 and count(t:spell) <= 1 "
    "and count(t:artifact) <= 1 and count(kw:flying) <= 1 and count(cost>=3) <= 1 and count(kw:beast) <= 2",
    "count(t:food) >= 3 or (count(t:monster) >= 2 and count(kw:beast) <= 1) or count(t:artifact) >= 1 "
    "or (count(t:spell) >= 1 and count(kw:flying) = 0 and count(cost>=3) <= 1)",
]
EIGHT = [  # eight queries each
    "count(t:food) >= 2 and count(t:food) <= 4 and count(t:monster) >= 1 and count(t:spell) <= 1 "
    "and count(t:artifact) <= 1 and count(kw:flying) <= 1 and count(cost>=3) <= 1 and count(kw:nocturnal) <= 1 "
    "and count(kw:beast) <= 2",
    "(count(t:food) >= 2 and count(kw:beast) <= 1) or (count(t:spell) >= 1 and count(kw:nocturnal) >= 1 "
    "and count(kw:flying) = 0) or count(t:artifact) >= 2 or (count(t:monster) <= 1 and count(cost>=3) = 0)",
    "count(t:food) >= 2 and count(t:food) <= 4 and not (count(t:monster) = 0 and count(t:spell) = 0) "
    "and count(t:artifact) <= 1 and count(kw:flying) != 1 and count(cost>=3) <= 1 and count(kw:beast) <= 2 "
    "and count(Bread) <= 2",
]


def _distinct_queries(text: str) -> int:
    return len(compile_condition(text).queries)


def test_the_conditions_have_seven_and_eight_categories():
    assert {_distinct_queries(t) for t in SEVEN} == {7} and {_distinct_queries(t) for t in EIGHT} == {8}


def _check(result: tuple[float, list[float]], ref) -> None:
    total, by_depth = result
    assert abs(total - ref.probability) <= 1e-12
    assert all(abs(a - b) <= 1e-12 for a, b in zip(by_depth, ref.keep_by_depth))


@pytest.mark.parametrize("text", SEVEN + EIGHT)
@pytest.mark.parametrize("mulligans,turn", [(1, 0), (1, 1)])
def test_both_passes_and_exact_odds_equal_the_reference(text, mulligans, turn):
    """OB-504 – OB-506 (bottom mulligans), OB-Q7 (draws by turn): the block pass, the pass over pools and
    exact_odds (which runs them in turns) all give the reference's probability and keep-by-depth to 1e-12."""
    cards = _deck()
    cond = compile_condition(text)
    q = question("ob", len(cards), mulligans=mulligans, turn=turn)
    ref = enumerated_odds(cards, cond, q)
    queries, sigs, counts = atoms_of([cond, cond], cards)
    engine = BlockOdds(counts, sigs, {"cond": cond, "keep": cond}, queries)
    _check(block_odds(engine, q.sizes, q.draws, True)[:2], ref)
    _check(pooled_odds(counts, _projector(cond, queries, sigs), _projector(cond, queries, sigs), q.sizes, q.draws,
                       True)[:2], ref)
    result = exact_odds(cards, cond, q)
    _check((result.probability, result.keep_by_depth), ref)


@pytest.mark.parametrize("text", SEVEN + EIGHT)
def test_two_mulligans_equal_the_reference(text):
    """OB-504 – OB-506 with two rejected hands at the bottom: exact_odds equals the reference to 1e-12."""
    cards = _deck()
    cond = compile_condition(text)
    q = question("ob", len(cards), mulligans=2)
    result = exact_odds(cards, cond, q)
    _check((result.probability, result.keep_by_depth), enumerated_odds(cards, cond, q))


@pytest.mark.parametrize("text", EIGHT)
def test_eight_categories_are_answered_past_the_work_limit(text, monkeypatch):
    """With a work limit the pass over pools alone would refuse at, exact_odds still answers (the same number)."""
    import deckkit.hands.odds as odds
    import deckkit.hands.odds_enum as enum

    cards = _deck()
    cond = compile_condition(text)
    q = question("ob", len(cards), mulligans=2, turn=0)
    ref = enumerated_odds(cards, cond, q)
    monkeypatch.setattr(enum, "_WORK_LIMIT", 1000)
    monkeypatch.setattr(odds, "RACE_START", 10)
    with pytest.raises(UsageError):
        queries, sigs, counts = atoms_of([cond, cond], cards)
        pooled_odds(counts, _projector(cond, queries, sigs), _projector(cond, queries, sigs), q.sizes, q.draws, True)
    assert abs(exact_odds(cards, cond, q).probability - ref.probability) <= 1e-12


def test_more_than_eight_categories_past_the_work_limit_are_refused_with_a_hint(monkeypatch):
    import deckkit.hands.odds as odds
    import deckkit.hands.odds_enum as enum

    text = EIGHT[1] + " or count(Stew) >= 2"
    assert _distinct_queries(text) == 9
    monkeypatch.setattr(enum, "_WORK_LIMIT", 1000)
    monkeypatch.setattr(odds, "RACE_START", 10)
    cards = _deck()
    with pytest.raises(UsageError, match="more than 8 card categories") as info:
        exact_odds(cards, compile_condition(text), question("ob", len(cards), mulligans=2))
    assert "--simulate" in info.value.hint


@pytest.mark.parametrize("text", SEVEN + EIGHT)
@pytest.mark.parametrize("turn", [0, 2])
def test_three_mulligans_by_turn_equal_the_reference(text, turn):
    """OB-504 – OB-506 with three rejected hands at the bottom, OB-Q7 draws by turn, over seven and eight
    categories with upper bounds, 'or' and 'not': the signed block terms (each predicate as written or
    negated) and exact_odds equal the reference to 1e-12."""
    from deckkit.hands.odds_terms import polarised

    cards = _deck() + _deck()[:8]  # 30 cards: enough for four hands and the draws
    cond = compile_condition(text)
    q = question("ob", len(cards), mulligans=3, turn=turn)
    ref = enumerated_odds(cards, cond, q)
    queries, sigs, counts = atoms_of([cond, cond], cards)
    engine = polarised(counts, sigs, {"cond": cond, "keep": cond}, queries)
    _check(block_odds(engine, q.sizes, q.draws, True)[:2], ref)
    result = exact_odds(cards, cond, q)
    _check((result.probability, result.keep_by_depth), ref)


def test_a_conjunction_over_many_categories_never_lists_the_pools(monkeypatch):
    """The pass over pools lists every block of the first hand before it can be stopped; over many atoms
    that listing alone outweighs the block pass, so exact_odds does not start it (OB-504 – OB-506, OB-Q7)."""
    import deckkit.hands.odds as odds
    import deckkit.hands.odds_dp as pooled

    def no_pools(*args, **kwargs):
        raise AssertionError("the pass over pools was started")
        yield 0

    monkeypatch.setattr(pooled, "pooled_steps", no_pools)
    monkeypatch.setattr(odds, "RACE_START", 10)  # the block pass alone would be stopped at once
    cards = _deck() + _deck()[:8]
    cond = compile_condition(EIGHT[0])
    q = question("ob", len(cards), mulligans=3, turn=2)
    result = exact_odds(cards, cond, q)
    _check((result.probability, result.keep_by_depth), enumerated_odds(cards, cond, q))
