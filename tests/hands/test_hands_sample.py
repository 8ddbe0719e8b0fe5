"""Seeded sample hands (library level): reproducible deals, auto-mulligan by the keep rule, summaries."""

from __future__ import annotations

import pytest

from deckkit.errors import DataError, UsageError
from deckkit.hands.conditions import compile_condition
from deckkit.hands.procedures import DeckTooSmall
from deckkit.hands.sample import sample_hands


def _names(report):
    return [[c["name"] for c in d.hand + d.drawn] for d in report.deals]


def test_same_seed_same_hands_different_seed_different_hands(bundled_deck):
    game, cards = bundled_deck("obludarium-standard")
    a = sample_hands(cards, game, seed=123, count=20)
    b = sample_hands(cards, game, seed=123, count=20)
    c = sample_hands(cards, game, seed=124, count=20)
    assert _names(a) == _names(b) and _names(a) != _names(c)
    assert a.seed == 123


def test_without_a_seed_the_chosen_seed_is_reported_and_replays(bundled_deck):
    game, cards = bundled_deck("alomfogo-casual")
    first = sample_hands(cards, game)
    again = sample_hands(cards, game, seed=first.seed)
    assert _names(first) == _names(again)


def test_keep_rule_mulligans_until_met_ob_504(bundled_deck):
    game, cards = bundled_deck("obludarium-standard")
    rule = compile_condition("count(t:food) >= 3 and count(t:monster) >= 2")
    report = sample_hands(cards, game, seed=9, count=400, keep=rule, keep_deals=400)
    assert any(d.mulligans for d in report.deals)
    for d in report.deals:
        assert len(d.hand) == 7 - d.mulligans
        assert rule.holds_for(d.hand) or d.forced
        assert all(not rule.holds_for(h) for h in d.rejected)
        assert [len(h) for h in d.rejected] == [7 - i for i in range(d.mulligans)]
    s = report.summary
    assert sum(s["mulligans"].values()) == 400
    kept0 = sum(1 for d in report.deals if d.mulligans == 0 and not d.forced)
    assert s["keep_rate"]["0"] == pytest.approx(kept0 / 400)


def test_alomfogo_keeps_five_and_reports_the_rule_unmet_af_q5(bundled_deck):
    game, cards = bundled_deck("alomfogo-casual")
    rule = compile_condition("count(t:dreamwalker) >= 4")
    report = sample_hands(cards, game, seed=3, count=50, keep=rule)
    assert all(len(d.hand) == 5 and d.mulligans == 0 for d in report.deals)
    assert any(d.forced for d in report.deals)


def test_turn_draws_follow_the_game(bundled_deck):
    game, cards = bundled_deck("alomfogo-casual")
    on_play = sample_hands(cards, game, seed=1, turn=4, on_play=True)
    on_draw = sample_hands(cards, game, seed=1, turn=4, on_play=False)
    assert len(on_play.deals[0].drawn) == 3 and len(on_draw.deals[0].drawn) == 4  # AF-513
    assert _names(on_play)[0] == _names(on_draw)[0][:8]


def test_food_third_arrangement_is_seeded(bundled_deck):
    game, cards = bundled_deck("obludarium-standard")
    a = sample_hands(cards, game, seed=2, count=5, arrangement="food-third")
    assert _names(a) == _names(sample_hands(cards, game, seed=2, count=5, arrangement="food-third"))
    for d in a.deals:  # 20 food of 60 placed every third card: any 7 in a row hold 2 or 3 food
        assert sum(c["type"] == "food" for c in d.hand) in (2, 3)


def test_kotlik_layouts(bundled_deck):
    game, cards = bundled_deck("kotlik-standard")
    report = sample_hands(cards, game, seed=8, count=30)
    assert report.summary["deals"] == 30
    setup = report.deals[0].layout
    assert setup is not None and len(setup.supply) == 22


@pytest.mark.parametrize("kwargs,error", [
    ({"count": 0}, UsageError),
    ({"turn": -1}, UsageError),
    ({"arrangement": "sorted"}, UsageError),
    ({"variant": "london"}, UsageError),
    ({"turn": 60}, DataError),
])
def test_bad_arguments(bundled_deck, kwargs, error):
    game, cards = bundled_deck("obludarium-standard")
    with pytest.raises(error):
        sample_hands(cards, game, seed=1, **kwargs)


def test_deck_smaller_than_hand():
    cards = [{"id": "x", "name": "X", "type": "food"}] * 4
    with pytest.raises(DeckTooSmall):
        sample_hands(cards, "obludarium", seed=1)


def test_summary_histograms_show_gaps_as_zeros(bundled_deck):
    game, cards = bundled_deck("obludarium-standard")
    rule = compile_condition("count(t:food) >= 2 and count(t:food) <= 4")
    s = sample_hands(cards, game, seed=1, count=1000, keep=rule).summary
    food = s["composition_histogram"]["food"]
    assert list(food) == [str(k) for k in range(len(food))]  # 0, 1, 2, … with no key missing
    assert food["1"] == 0 and food["0"] > 0  # one food is never kept; none is (a forced 0-card hand)
    assert list(s["mulligans"]) == [str(m) for m in range(len(s["mulligans"]))]
    assert sum(s["mulligans"].values()) == 1000
