"""The dynamic programme over atoms equals the composition-by-composition reference to 1e-12.

The reference (:func:`deckkit.hands.odds_enum.enumerated_odds`) follows every hand composition and
every "cards used up" state; the DP draws the kept hand and the draws first (exchangeability of
disjoint blocks under a full shuffle, OB-Q3 reading A) and follows the rejected hands of the
Obludárium bottom mulligan (OB-504 – OB-506, OB-Q5) in the keep rule's classes only.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from hands_helpers import make_deck
from deckkit.hands.conditions import compile_condition
from deckkit.hands.odds import question
from deckkit.hands.odds_dp import DPOdds, query_caps
from deckkit.hands.odds_enum import enumerated_odds
from deckkit.hands.odds import atoms_of


def dp(cards, cond, q, keep=None):
    """The DP answer directly (exact_odds may hand many-class keep rules to the reference)."""
    keep_cond = keep or cond
    queries, sigs, counts = atoms_of([cond, keep_cond], cards)
    ci = [queries.index(x) for x in cond.queries]
    ki = [queries.index(x) for x in keep_cond.queries]
    solver = DPOdds(counts, cond, [[int(s[i]) for i in ci] for s in sigs], keep_cond,
                    [[int(s[i]) for i in ki] for s in sigs], q.sizes, q.draws, q.mulligan == "bottom")
    return solver.solve()


CONDITION = ("count(t:food) >= 2 and count(t:food) <= 4 and count(t:monster cost<=2) >= 1 "
             "and count(t:spell) >= 1 and count(t:artifact) <= 1")


@pytest.mark.parametrize("mulligans,turn", [(0, 0), (1, 0), (2, 0), (0, 3), (1, 2), (2, 1), (3, 0)])
@pytest.mark.parametrize("keep", [None, "count(t:food) >= 2 and count(t:food) <= 4", "count(t:monster) >= 2"])
def test_dp_equals_reference_on_the_starter_deck(bundled_deck, mulligans, turn, keep):
    """OB-504 – OB-506: bottom mulligans, draws by turn (OB-Q7), with the condition or its own keep rule."""
    game, cards = bundled_deck("obludarium-standard")
    cond = compile_condition(CONDITION)
    keep_cond = compile_condition(keep) if keep else None
    q = question(game, len(cards), mulligans=mulligans, turn=turn)
    ref = enumerated_odds(cards, cond, q, keep=keep_cond)
    total, by_depth = dp(cards, cond, q, keep_cond)
    assert abs(total - ref.probability) <= 1e-12
    assert all(abs(a - b) <= 1e-12 for a, b in zip(by_depth, ref.keep_by_depth))


def test_dp_equals_reference_for_the_reshuffle_house_rule():
    """AF-Q5 house rule: every new hand is a fresh draw of one card fewer; AF-513 draws by turn."""
    cards = [dict(c, game="alomfogo") for c in make_deck(dreamwalker=16, instant=12, event=12)]
    cond = compile_condition("count(t:dreamwalker) >= 2 and count(t:instant) <= 2")
    keep = compile_condition("count(t:dreamwalker) >= 1")
    for turn in (0, 2):
        q = question("af", 40, mulligans=2, turn=turn, variant="reshuffle")
        for k in (None, keep):
            ref = enumerated_odds(cards, cond, q, keep=k)
            total, by_depth = dp(cards, cond, q, k)
            assert abs(total - ref.probability) <= 1e-12
            assert all(abs(a - b) <= 1e-12 for a, b in zip(by_depth, ref.keep_by_depth))


@settings(max_examples=40, deadline=None)
@given(food=st.integers(0, 14), spell=st.integers(0, 8), other=st.integers(0, 14),
       f=st.integers(0, 4), sp=st.integers(0, 3), op=st.sampled_from([">=", "<=", "=", "!=", ">", "<"]),
       joiner=st.sampled_from(["and", "or"]), mulligans=st.integers(0, 2), turn=st.integers(0, 2),
       own_keep=st.booleans())
def test_dp_equals_reference_on_random_decks(food, spell, other, f, sp, op, joiner, mulligans, turn, own_keep):
    cards = make_deck(food=food, spell=spell, monster=other)
    cond = compile_condition(f"count(t:food) {op} {f} {joiner} not count(t:spell) < {sp}")
    keep = compile_condition(f"count(t:food) >= {min(f, 2)}") if own_keep else None
    sizes = [7 - m for m in range(mulligans + 1)]
    if len(cards) < sum(sizes) + turn:
        return
    q = question("ob", len(cards), mulligans=mulligans, turn=turn)
    ref = enumerated_odds(cards, cond, q, keep=keep)
    total, _ = dp(cards, cond, q, keep)
    assert abs(total - ref.probability) <= 1e-12


def test_query_caps_are_one_past_the_largest_number_compared():
    cond = compile_condition("count(t:food) >= 2 and count(t:food) <= 4 or not count(t:spell) > 0")
    assert query_caps(cond) == [5, 1]


SIX = (
    # all six atoms told apart by the keep rule, which is the condition itself ("mulligan until it holds")
    "count(t:food) >= 2 and count(t:food) <= 4 and count(t:monster cost<=2) >= 1 and count(t:spell) >= 1 "
    "and count(t:artifact) <= 1 and count(Blesk) <= 1",
    # true of nearly every hand: the sum over the blocks where it fails is the short one
    "count(t:food) >= 3 or (count(t:monster cost<=2) >= 2 and count(t:spell) >= 1) or count(t:artifact) >= 1 "
    "or count(Blesk) >= 1",
    "count(t:food) >= 2 and count(t:food) <= 4 and not (count(t:monster cost<=2) = 0 and count(t:spell) = 0) "
    "and count(t:artifact) <= 1 and count(Blesk) != 2",
)


@pytest.mark.parametrize("text", SIX)
def test_six_atom_self_keep_three_mulligans_by_turn_five_equals_reference(bundled_deck, monkeypatch, text):
    """OB-504 – OB-506 (bottom mulligans, no reshuffle) and OB-Q7 (draws by turn): six atoms, 3 mulligans, turn 5."""
    import deckkit.hands.odds_enum as reference
    from deckkit.hands.odds import exact_odds

    game, cards = bundled_deck("obludarium-standard")
    cond = compile_condition(text)
    q = question(game, len(cards), mulligans=3, turn=5)
    result = exact_odds(cards, cond, q)
    assert result.atoms == 6 and result.method == "exact"
    monkeypatch.setattr(reference, "_WORK_LIMIT", 10**8)  # the reference refuses the "or" one by default
    ref = enumerated_odds(cards, cond, q)
    assert abs(result.probability - ref.probability) <= 1e-12
    assert all(abs(a - b) <= 1e-12 for a, b in zip(result.keep_by_depth, ref.keep_by_depth))


def test_six_atom_self_keep_equals_reference_for_the_reshuffle_house_rule():
    """AF-Q5 house rule: each new hand a fresh draw from the whole deck; AF-513 draws by turn."""
    from deckkit.hands.odds import exact_odds

    cards = [dict(c, game="alomfogo") for c in make_deck(alpha=10, beta=8, gamma=8, delta=6, epsilon=4, zeta=4)]
    cond = compile_condition("count(Alpha) >= 1 and count(Beta) <= 2 and count(Gamma) >= 1 "
                             "and count(Delta) <= 1 and count(Epsilon) = 0")
    for turn in (0, 2):
        q = question("af", len(cards), mulligans=2, turn=turn, variant="reshuffle")
        result = exact_odds(cards, cond, q)
        ref = enumerated_odds(cards, cond, q)
        assert result.atoms == 6
        assert abs(result.probability - ref.probability) <= 1e-12
        assert all(abs(a - b) <= 1e-12 for a, b in zip(result.keep_by_depth, ref.keep_by_depth))
