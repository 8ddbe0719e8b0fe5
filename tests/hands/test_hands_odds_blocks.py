"""The block pass (odds_blocks) equals the composition-by-composition reference to 1e-12.

It deals the atoms into the rejected hands, the kept hand and the draws at once, and sums the
rejected hands out by inclusion–exclusion; OB-504 – OB-506 (bottom mulligans, no reshuffle), OB-Q7
(draws by turn) and the AF-Q5 reshuffle house rule are the procedures it must follow.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from hands_helpers import engine_odds, make_deck
from deckkit.hands.conditions import compile_condition
from deckkit.hands.odds import question
from deckkit.hands.odds_blocks import BlockOdds, clauses
from deckkit.hands.odds_enum import enumerated_odds


def blocks(cards, cond, q, keep=None):
    return engine_odds(BlockOdds, cards, cond, q, keep)


def test_clauses_split_the_top_level_and_and_a_negated_or():
    cond = compile_condition("count(a) >= 1 and (count(b) = 0 or count(c) > 2) and not (count(d) > 1 or count(e) < 1)")
    assert len(clauses(cond.node)) == 4


@settings(max_examples=50, deadline=None)
@given(food=st.integers(0, 12), spell=st.integers(0, 8), monster=st.integers(0, 10), artifact=st.integers(0, 5),
       other=st.integers(6, 16), lo=st.integers(0, 3), width=st.integers(0, 3), sp=st.integers(0, 2),
       art_op=st.sampled_from(["<=", "=", "!=", ">="]), mulligans=st.integers(0, 3), turn=st.integers(0, 3),
       own_keep=st.booleans(), reshuffle=st.booleans())
def test_blocks_equal_the_reference_on_random_decks(food, spell, monster, artifact, other, lo, width, sp, art_op,
                                                    mulligans, turn, own_keep, reshuffle):
    game = "af" if reshuffle else "ob"
    card_game = "alomfogo" if reshuffle else "obludarium"
    cards = [dict(c, game=card_game) for c in
             make_deck(food=food, spell=spell, monster=monster, artifact=artifact, other=other)]
    cond = compile_condition(f"count(t:food) >= {lo} and count(t:food) <= {lo + width} and count(t:spell) >= {sp} "
                             f"and count(t:artifact) {art_op} 1 and not (count(t:monster) = 0 and count(t:spell) = 0)")
    keep = None if own_keep else compile_condition(f"count(t:food) >= {min(lo, 2)} and count(t:monster) <= 4")
    try:
        q = question(game, len(cards), mulligans=mulligans, turn=turn, variant="reshuffle" if reshuffle else None)
    except Exception:  # deck too small for the question, or beyond the procedure
        return
    ref = enumerated_odds(cards, cond, q, keep=keep)
    _, (total, by_depth, seen) = blocks(cards, cond, q, keep)
    assert abs(total - ref.probability) <= 1e-12
    assert all(abs(a - b) <= 1e-12 for a, b in zip(by_depth, ref.keep_by_depth))
    assert seen or ref.impossible or ref.probability == 0.0


@pytest.mark.parametrize("text", [
    "count(t:food) >= 2 and count(t:food) <= 4 and count(t:monster cost<=2) >= 1 and count(t:spell) >= 1 "
    "and count(t:artifact) <= 1 and count(Blesk) <= 1",
    "count(t:food) >= 2 and count(t:food) <= 4 and not (count(t:monster cost<=2) = 0 and count(t:spell) = 0) "
    "and count(t:artifact) <= 1 and count(Blesk) != 2",
])
def test_a_conjunction_kept_by_itself_takes_the_block_pass(bundled_deck, monkeypatch, text):
    """Six atoms, 3 mulligans, turn 5 (OB-504 – OB-506, OB-Q7): the block pass answers, equal to the reference."""
    import deckkit.hands.odds_dp as pooled
    from deckkit.hands.odds import exact_odds

    def refuse(*args, **kwargs):
        raise AssertionError("the conjunction went to the pass over pools")

    monkeypatch.setattr(pooled, "pooled_odds", refuse)
    game, cards = bundled_deck("obludarium-standard")
    cond = compile_condition(text)
    q = question(game, len(cards), mulligans=3, turn=5)
    result = exact_odds(cards, cond, q)
    ref = enumerated_odds(cards, cond, q)
    assert result.atoms == 6
    assert abs(result.probability - ref.probability) <= 1e-12
    assert all(abs(a - b) <= 1e-12 for a, b in zip(result.keep_by_depth, ref.keep_by_depth))
