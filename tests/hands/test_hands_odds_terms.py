"""The signed block-pass terms (odds_terms) equal the composition-by-composition reference to 1e-12.

Each predicate is handed to the block pass as asked or negated (``[not p] = 1 - [p]``), whichever
splits into narrower clause groups; a disjunction is therefore asked negated. Either way the
answer must be the reference's, for OB-504 – OB-506 (rejected hands to the bottom), OB-Q7 (draws by
turn) and the AF-Q5 reshuffle house rule (every hand a fresh draw).
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from hands_helpers import engine_odds, make_deck
from deckkit.hands.conditions import compile_condition
from deckkit.hands.odds import exact_odds, question
from deckkit.hands.odds_enum import enumerated_odds
from deckkit.hands.odds_terms import negation, polarised


def _terms(cards, cond, q, keep=None):
    return engine_odds(polarised, cards, cond, q, keep)


def test_negation_reverses_every_verdict():
    cond = compile_condition("count(a) >= 2 or (count(b) = 0 and count(c) != 1)")
    neg = negation(cond)
    assert neg.queries == cond.queries
    for counts in ([0, 0, 0], [2, 1, 1], [1, 0, 1], [1, 0, 0], [1, 1, 3]):
        assert neg.holds(counts) is (not cond.holds(counts))


def test_a_disjunction_is_asked_negated_and_a_conjunction_as_asked():
    cards = make_deck(food=8, spell=5, monster=6, artifact=3, other=8)
    either = compile_condition("count(t:food) >= 3 or count(t:spell) >= 1 or count(t:artifact) >= 2")
    both = compile_condition("count(t:food) >= 2 and count(t:spell) >= 1 and count(t:artifact) <= 1")
    q = question("ob", len(cards), mulligans=1)
    engine, _ = _terms(cards, either, q, keep=both)
    assert engine.negated == {"cond": True, "keep": False}
    assert engine.widest_group() == 1


_OR = ("count(t:food) >= {lo} or (count(t:monster) >= 2 and count(t:spell) >= {sp}) "
       "or count(t:artifact) {art_op} 1")
_MIXED = ("count(t:food) >= {lo} and count(t:food) <= {hi} and not (count(t:monster) = 0 and count(t:spell) = 0) "
          "and count(t:artifact) {art_op} 1")


@settings(max_examples=60, deadline=None)
@given(food=st.integers(0, 12), spell=st.integers(0, 8), monster=st.integers(0, 10), artifact=st.integers(0, 5),
       other=st.integers(6, 16), lo=st.integers(0, 4), width=st.integers(0, 3), sp=st.integers(0, 2),
       art_op=st.sampled_from(["<=", "=", "!=", ">="]), mulligans=st.integers(0, 3), turn=st.integers(0, 3),
       shapes=st.sampled_from([(_OR, None), (_OR, _MIXED), (_MIXED, _OR), (_MIXED, None)]),
       reshuffle=st.booleans())
def test_signed_terms_equal_the_reference_on_random_decks(food, spell, monster, artifact, other, lo, width, sp,
                                                          art_op, mulligans, turn, shapes, reshuffle):
    """A disjunction, a mix of and/or/not, kept by itself or by the other: OB-504 – OB-506, OB-Q7, AF-Q5."""
    game = "af" if reshuffle else "ob"
    card_game = "alomfogo" if reshuffle else "obludarium"
    cards = [dict(c, game=card_game) for c in
             make_deck(food=food, spell=spell, monster=monster, artifact=artifact, other=other)]
    words = dict(lo=lo, hi=lo + width, sp=sp, art_op=art_op)
    cond = compile_condition(shapes[0].format(**words))
    keep = compile_condition(shapes[1].format(**words)) if shapes[1] else None
    try:
        q = question(game, len(cards), mulligans=mulligans, turn=turn, variant="reshuffle" if reshuffle else None)
    except Exception:  # deck too small for the question, or beyond the procedure
        return
    ref = enumerated_odds(cards, cond, q, keep=keep)
    _, (total, by_depth, seen) = _terms(cards, cond, q, keep)
    assert abs(total - ref.probability) <= 1e-12
    assert all(abs(a - b) <= 1e-12 for a, b in zip(by_depth, ref.keep_by_depth))
    assert seen or ref.impossible or ref.probability == 0.0


def test_an_impossible_disjunction_is_told_impossible():
    """Asked negated, the condition's verdict "never" still comes from the condition as written."""
    cards = make_deck(food=10, spell=4, artifact=3, other=20)
    cond = compile_condition("count(t:food) >= 20 or count(t:spell) >= 5 or count(t:artifact) >= 4")
    q = question("ob", len(cards), mulligans=2, turn=1)
    engine, (total, _, seen) = _terms(cards, cond, q)
    assert engine.negated["cond"] and total == 0.0 and not seen
    result = exact_odds(cards, cond, q)
    assert result.probability == 0.0 and result.impossible


def test_a_possible_disjunction_is_not_told_impossible():
    cards = make_deck(food=10, spell=4, artifact=3, other=20)
    cond = compile_condition("count(t:food) >= 7 or count(t:spell) >= 4 or count(t:artifact) >= 3")
    q = question("ob", len(cards), mulligans=2, turn=1)
    engine, (total, _, seen) = _terms(cards, cond, q)
    assert engine.negated["cond"] and total > 0.0 and seen
    result = exact_odds(cards, cond, q)
    assert result.probability > 0.0 and not result.impossible
