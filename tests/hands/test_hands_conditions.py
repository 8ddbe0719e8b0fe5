"""The condition language of CLI.md: count(QUERY) OP N with and/or/not/parentheses, compiled once."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from deckkit.errors import UsageError
from deckkit.hands.conditions import ConditionSyntaxError, compile_condition

FOOD = {"id": "f", "name": "Chleba", "type": "food"}
MON = {"id": "m", "name": "Glum (velký)", "type": "monster", "cost": 3, "attack": 2, "defense": 2}
SPELL = {"id": "s", "name": "Síla medvěda", "type": "spell", "cost": 1}


def hand(f: int, m: int, s: int) -> list[dict]:
    return [FOOD] * f + [MON] * m + [SPELL] * s


@pytest.mark.parametrize("text,cards,expected", [
    ("count(t:food) >= 2", hand(2, 0, 0), True),
    ("count(t:food) >= 2", hand(1, 5, 0), False),
    ("count(t:food) = 1", hand(1, 5, 0), True),
    ("count(t:food) == 1", hand(1, 5, 0), True),
    ("count(t:food) != 1", hand(1, 5, 0), False),
    ("count(t:food) < 1", hand(0, 5, 0), True),
    ("count(t:food) >= 2 and count(t:food) <= 4", hand(5, 0, 0), False),
    ("count(t:food) >= 2 or count(t:spell) >= 1", hand(0, 3, 1), True),
    ("not count(t:spell) >= 1", hand(0, 3, 1), False),
    # and binds tighter than or
    ("count(t:spell) >= 1 or count(t:food) >= 9 and count(t:monster) >= 9", hand(0, 0, 1), True),
    ("(count(t:spell) >= 1 or count(t:food) >= 9) and count(t:monster) >= 9", hand(0, 0, 1), False),
    ("NOT (count(t:food)>=1 AND count(t:monster)>=1)", hand(1, 0, 0), True),
    ("count(cost<=2 or t:food) >= 3", hand(2, 3, 1), True),
    ("count((t:food or t:spell) -cost>2) = 3", hand(2, 3, 1), True),
    ('count("Glum (velký)") >= 1', hand(0, 1, 0), True),
    ("count(name:/glum \\(v/) >= 1", hand(0, 1, 0), True),
    ("count(sila medveda) = 1", hand(0, 0, 1), True),
])
def test_conditions_evaluate(text, cards, expected):
    cond = compile_condition(text)
    assert cond.holds_for(cards) is expected
    assert cond.keep_callback(cards)(cards) is expected
    bound = cond.bind(cards)
    assert bound.test(sum(bound.values)) is expected


def test_same_query_twice_is_one_category():
    cond = compile_condition("count(t:food) >= 2 and count( t:food ) <= 4")
    assert cond.queries == ["t:food"]


@pytest.mark.parametrize("text,column,fragment", [
    ("count(t:food) >= ", 18, "whole number"),
    ("count(t:food) 2", 15, "comparison"),
    ("count(t:food >= 2", 6, "unclosed 'count('"),
    ("(count(t:food) >= 2", 1, "unclosed '('"),
    ("count(t:food) >= 2)", 19, "unmatched ')'"),
    ("count(t:fod) >= 2", 9, "unknown type"),  # the query's own error, re-pointed into the condition
    ("count(cost<=x) >= 2", 13, "whole number"),
    ("count() >= 1", 7, "empty query"),
    ("", 1, "empty condition"),
    ("food >= 2", 1, "expected count"),
    ("count(t:food) >= 2 and", 23, "ends where"),
    ("count(t:food) >= 2.5", 19, "whole number"),
    ("count(t:food) >= 2 count(t:spell) > 1", 20, "'and', 'or'"),
    ('count("Glum) >= 1', 7, "unclosed quote"),
])
def test_parse_errors_point_at_the_spot(text, column, fragment):
    with pytest.raises(ConditionSyntaxError) as info:
        compile_condition(text)
    err = info.value
    assert isinstance(err, UsageError) and err.exit_code == 2
    assert fragment in str(err)
    assert err.position + 1 == column, (str(err), err.detail)
    assert err.detail[1] == " " * (column - 1) + "^"


def test_bound_condition_matches_slow_evaluation_on_random_hands(bundled_deck):
    game, cards = bundled_deck("obludarium-standard")
    cond = compile_condition("(count(t:food) >= 2 and count(t:food) <= 4) or not count(cost>=3) < 2")
    bound = cond.bind(cards)
    rng = random.Random(0)
    for _ in range(500):
        idx = rng.sample(range(len(cards)), 9)
        assert bound.test_indices(idx) == cond.holds_for([cards[i] for i in idx])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="count()t:food><=!1 2andornot\"/-xy", max_size=40))
def test_random_input_gives_clean_errors_only(text):
    try:
        cond = compile_condition(text)
    except UsageError as exc:
        assert exc.exit_code == 2
    else:
        cond.holds_for(hand(1, 1, 1))


def test_syntax_error_is_a_positioned_usage_error_whose_caret_survives_tabs():
    from deckkit.errors import PositionedUsageError

    with pytest.raises(ConditionSyntaxError) as info:
        compile_condition("count(t:food)\t>= 2 and\tcount(t:food) >")
    err = info.value
    assert isinstance(err, PositionedUsageError) and err.exit_code == 2
    assert err.detail == ["count(t:food)\t>= 2 and\tcount(t:food) >", "             \t        \t               ^"]
    assert str(err).startswith("malformed condition: ") and str(err).endswith(f"at column {err.column}")


@pytest.mark.parametrize("text, message", [
    ("count(t:food) >= 1 and " * 200, "condition is too long (4600 characters; the limit is 4000)"),
    ("count(t:fo\x00od) >= 1", "condition contains a NUL character"),
])
def test_absurd_conditions_are_refused_before_parsing(text, message):
    with pytest.raises(ConditionSyntaxError) as info:
        compile_condition(text)
    assert info.value.message == message and info.value.exit_code == 2
    with pytest.raises(TypeError):
        compile_condition(42)  # type: ignore[arg-type]
