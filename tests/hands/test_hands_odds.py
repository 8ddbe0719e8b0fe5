"""Exact odds against independent closed forms, the Obludárium bottom-of-deck mulligan, and simulation agreement."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from hands_helpers import make_deck
from deckkit.errors import UsageError
from deckkit.hands.conditions import compile_condition
from deckkit.hands.odds import answer, exact_odds, question, simulate_odds, simulate_with_procedure
from deckkit.games.obludarium.opening import obludarium_opening
from deckkit.hands.procedures import DeckTooSmall


def hyp_at_least(k: int, succ: int, total: int, draws: int) -> float:
    """P(at least k successes) for one category, by math.comb."""
    return sum(comb(succ, i) * comb(total - succ, draws - i) for i in range(k, draws + 1)) / comb(total, draws)


@pytest.mark.parametrize("food,size,k", [(20, 60, 1), (20, 60, 2), (20, 60, 3), (14, 40, 2), (12, 36, 4), (24, 60, 7)])
def test_single_category_matches_comb_sum(food, size, k):
    cards = make_deck(food=food, monster=size - food)
    cond = compile_condition(f"count(t:food) >= {k}")
    r = exact_odds(cards, cond, question("ob", size))
    assert r.probability == pytest.approx(hyp_at_least(k, food, size, 7), rel=1e-12)
    assert r.method == "exact" and not r.impossible


def test_single_category_by_turn_on_the_draw_and_on_the_play():
    cards = make_deck(dreamwalker=16, event=24)
    cond = compile_condition("count(t:dreamwalker) >= 3")
    play = exact_odds(cards, cond, question("af", 40, turn=3, on_play=True))
    draw = exact_odds(cards, cond, question("af", 40, turn=3, on_play=False))
    assert play.probability == pytest.approx(hyp_at_least(3, 16, 40, 5 + 2), rel=1e-12)  # AF-513: one draw fewer
    assert draw.probability == pytest.approx(hyp_at_least(3, 16, 40, 5 + 3), rel=1e-12)
    ob = exact_odds(make_deck(food=20, monster=40), compile_condition("count(t:food) >= 3"),
                    question("ob", 60, turn=2, on_play=True))
    assert ob.probability == pytest.approx(hyp_at_least(3, 20, 60, 9), rel=1e-12)  # OB-Q7: draws on turn 1


def test_two_categories_hand_worked():
    # 60 cards: 20 food, 10 spells, 30 monsters. P(food in 2..4 and at least one spell) in 7 cards.
    cards = make_deck(food=20, spell=10, monster=30)
    cond = compile_condition("count(t:food) >= 2 and count(t:food) <= 4 and count(t:spell) >= 1")
    expected = sum(comb(20, f) * comb(10, s) * comb(30, 7 - f - s)
                   for f in range(2, 5) for s in range(1, 8 - f)) / comb(60, 7)
    assert exact_odds(cards, cond, question("ob", 60)).probability == pytest.approx(expected, rel=1e-12)
    either = compile_condition("count(t:food) >= 3 or count(t:spell) >= 2")
    p_neither = sum(comb(20, f) * comb(10, s) * comb(30, 7 - f - s) for f in range(3) for s in range(2)) / comb(60, 7)
    assert exact_odds(cards, either, question("ob", 60)).probability == pytest.approx(1 - p_neither, rel=1e-12)


def test_overlapping_queries_match_brute_force_over_all_hands():
    cards = ([{"id": "cheap-mon", "type": "monster", "cost": 1}] * 3 + [{"id": "big-mon", "type": "monster", "cost": 5}] * 2
             + [{"id": "cheap-spell", "type": "spell", "cost": 1}] * 2 + [{"id": "food", "type": "food"}] * 5)
    cond = compile_condition("count(cost<=2) >= 2 and count(t:monster) >= 2 and not count(t:food) > 3")
    hits = sum(cond.holds_for(h) for h in itertools.combinations(cards, 7))
    expected = Fraction(hits, comb(12, 7))
    assert exact_odds(cards, cond, question("ob", 12)).probability == pytest.approx(float(expected), rel=1e-12)


def test_obludarium_bottom_of_deck_one_mulligan_closed_form():
    # Keep = condition = at least 2 food. A rejected hand with j food goes to the bottom; the 6-card
    # hand comes from the 53 cards below it, which hold 20 - j food (OB-504 – OB-506).
    F, N = 20, 60
    cards = make_deck(food=F, monster=N - F)
    cond = compile_condition("count(t:food) >= 2")
    p0 = hyp_at_least(2, F, N, 7)
    p1 = sum(comb(F, j) * comb(N - F, 7 - j) / comb(N, 7) * hyp_at_least(2, F - j, N - 7, 6) for j in range(2))
    r = exact_odds(cards, cond, question("ob", N, mulligans=1))
    assert r.probability == pytest.approx(p0 + p1, rel=1e-12)
    assert r.keep_by_depth[0] == pytest.approx(p0, rel=1e-12)
    # …and it is not the reshuffle answer: the rejected hand was poor in food, so the cards below are richer.
    reshuffled = p0 + (1 - p0) * hyp_at_least(2, F, N, 6)
    assert abs(r.probability - reshuffled) > 1e-4


def test_obludarium_bottom_of_deck_two_mulligans_and_a_turn_closed_form():
    F, N = 20, 60
    cards = make_deck(food=F, monster=N - F)
    keep = compile_condition("count(t:food) >= 2")
    cond = compile_condition("count(t:food) >= 3")

    def pmf(k: int, succ: int, total: int, draws: int) -> float:
        return comb(succ, k) * comb(total - succ, draws - k) / comb(total, draws)

    def then(food_in_hand: int, food_left: int, left: int) -> float:  # 2 more draws by turn 2 on the play
        return hyp_at_least(max(0, 3 - food_in_hand), food_left, left, 2)

    total = 0.0
    for a in range(8):  # first hand
        pa = pmf(a, F, N, 7)
        if a >= 2:
            total += pa * then(a, F - a, N - 7)
            continue
        for b in range(7):  # second hand, from the 53 cards below
            pb = pa * pmf(b, F - a, N - 7, 6)
            if b >= 2:
                total += pb * then(b, F - a - b, N - 13)
                continue
            for c in range(6):  # third hand (kept whatever it is), from the 47 cards below
                pc = pb * pmf(c, F - a - b, N - 13, 5)
                total += pc * then(c, F - a - b - c, N - 18)
    r = exact_odds(cards, cond, question("ob", N, mulligans=2, turn=2, on_play=True), keep=keep)
    assert r.probability == pytest.approx(total, rel=1e-12)
    assert sum(r.keep_by_depth) == pytest.approx(1.0, rel=1e-12)


def test_obludarium_bottom_of_deck_exhaustive_over_every_arrangement():
    # 13 cards (4 food, 3 spells, 6 monsters): run the real procedure on every distinct order.
    cards = make_deck(food=4, spell=3, monster=6)
    keep = compile_condition("count(t:food) >= 2")
    cond = compile_condition("count(t:food) >= 2 and count(t:spell) >= 1")
    food, spell, mon = cards[0], cards[4], cards[7]
    keep_fn = keep.keep_callback(cards)
    hits = total = 0
    for fpos in itertools.combinations(range(13), 4):
        rest = [i for i in range(13) if i not in fpos]
        for spos in itertools.combinations(rest, 3):
            order = [mon] * 13
            for i in fpos:
                order[i] = food
            for i in spos:
                order[i] = spell
            res = obludarium_opening(order, keep_fn, max_mulligans=1)
            hits += cond.holds_for(res.hand)
            total += 1
    assert total == comb(13, 4) * comb(9, 3)
    r = exact_odds(cards, cond, question("ob", 13, mulligans=1), keep=keep)
    assert r.probability == pytest.approx(hits / total, rel=1e-12)


def test_alomfogo_house_rule_reshuffle_closed_form():
    cards = make_deck(dreamwalker=15, event=25)
    cond = compile_condition("count(t:dreamwalker) >= 2")
    p5, p4 = hyp_at_least(2, 15, 40, 5), hyp_at_least(2, 15, 40, 4)
    r = exact_odds(cards, cond, question("af", 40, mulligans=1, variant="reshuffle"))
    assert r.probability == pytest.approx(p5 + (1 - p5) * p4, rel=1e-12)


def test_kotlik_board_odds(pool):
    cards = [c for c in pool.by_id.values() if c["game"] == "kotlik"]
    cond = compile_condition("count(kw:hat-and-wand) >= 5")
    r, _ = answer(cards, "kotlik", cond)
    assert r.question.sizes == (32,)
    assert r.probability == pytest.approx(hyp_at_least(5, 7, 56, 32), rel=1e-12)


@pytest.mark.parametrize("text", ["count(t:food) > 7", "count(t:food) >= 2 and count(t:food) < 2",
                                  "count(\"Nobody Such\") >= 1"])
def test_impossible_condition_says_so(text):
    cards = make_deck(food=20, monster=40)
    r = exact_odds(cards, compile_condition(text), question("ob", 60, mulligans=2))
    assert r.probability == 0.0 and r.impossible


def test_possible_but_rare_condition_is_not_called_impossible():
    r = exact_odds(make_deck(food=20, monster=40), compile_condition("count(t:food) = 7"), question("ob", 60))
    assert 0 < r.probability < 1e-3 and not r.impossible


def test_bad_questions():
    with pytest.raises(UsageError, match="beyond the procedure"):
        question("ob", 60, mulligans=8)
    with pytest.raises(UsageError, match="no mulligan"):
        question("af", 40, mulligans=1)
    with pytest.raises(UsageError, match="beyond the procedure"):
        question("af", 40, mulligans=6, variant="reshuffle")
    with pytest.raises(DeckTooSmall, match="fewer than the 7-card"):
        question("ob", 5)
    with pytest.raises(DeckTooSmall, match="may need"):
        question("ob", 36, mulligans=7, turn=9)
    with pytest.raises(UsageError):
        question("ob", 60, turn=-1)
    with pytest.raises(UsageError, match="Kotlík"):
        question("ko", 56, mulligans=1)
    with pytest.raises(UsageError, match="at least 1"):
        simulate_odds(make_deck(food=20, monster=40), compile_condition("count(t:food)>=1"), question("ob", 60),
                      games=0, seed=1)


CASES = [
    ("obludarium-standard", "count(t:food) >= 2 and count(t:food) <= 4", None, 2, 0, True, None),
    ("obludarium-standard", "count(t:food) >= 3 and count(t:monster) >= 2 and count(t:spell) >= 1",
     "count(t:food) >= 2", 3, 2, False, None),
    ("alomfogo-casual", "count(t:dreamwalker) >= 2 and count(cost<=1) >= 1", None, 0, 3, True, None),
    ("alomfogo-tournament", "count(t:dreamwalker) >= 2", None, 2, 1, True, "reshuffle"),
]


@pytest.mark.parametrize("deck,text,keep,k,turn,play,variant", CASES)
def test_simulation_agrees_with_exact_within_four_standard_errors(bundled_deck, deck, text, keep, k, turn, play,
                                                                  variant):
    game, cards = bundled_deck(deck)
    cond = compile_condition(text)
    rule = compile_condition(keep) if keep else None
    q = question(game, len(cards), mulligans=k, turn=turn, on_play=play, variant=variant)
    exact = exact_odds(cards, cond, q, keep=rule)
    sim = simulate_odds(cards, cond, q, games=40_000, seed=20261129, keep=rule)
    assert abs(sim.probability - exact.probability) <= 4 * sim.stderr
    again = simulate_odds(cards, cond, q, games=40_000, seed=20261129, keep=rule)
    assert again.probability == sim.probability  # seeded


def test_fast_sampler_agrees_with_the_real_procedure(bundled_deck):
    game, cards = bundled_deck("obludarium-standard")
    cond = compile_condition("count(t:food) >= 2 and count(t:monster) >= 2")
    q = question(game, len(cards), mulligans=3, turn=1)
    exact = exact_odds(cards, cond, q).probability
    slow = simulate_with_procedure(cards, cond, q, games=6000, seed=4)
    assert abs(slow - exact) <= 4 * (exact * (1 - exact) / 6000) ** 0.5


def test_many_categories_with_a_simple_keep_rule_get_exact_odds(bundled_deck):
    """Six-odd atoms, 3 mulligans (OB-504 – OB-506), turn 3: the keep rule has few classes, so the DP answers."""
    game, cards = bundled_deck("obludarium-standard")
    cond = compile_condition("count(t:food)>=2 and count(cost<=1)>=1 and count(cost>=3)>=1 and count(kw:flying)>=1 "
                             "and count(atk>=2)>=1")
    keep = compile_condition("count(t:food)>=2 and count(cost<=1)>=1")
    q = question(game, 60, mulligans=3, turn=3)
    exact = exact_odds(cards, cond, q, keep=keep)
    sim, twin = answer(cards, game, cond, mulligans=3, turn=3, keep=keep, simulate=20000, seed=1)
    assert twin is not None and twin.probability == pytest.approx(exact.probability, abs=1e-15)
    assert abs(sim.probability - exact.probability) <= 4 * sim.stderr


def test_five_categories_kept_by_themselves_get_exact_odds_beside_a_simulation(bundled_deck):
    """Eight atoms, 3 mulligans (OB-504 – OB-506), turn 3, the condition its own keep rule: answered exactly
    (up to eight categories nothing is refused), and answer() puts the exact twin beside a simulation."""
    game, cards = bundled_deck("obludarium-standard")
    cond = compile_condition("count(t:food)>=2 and count(cost<=1)>=1 and count(cost>=3)>=1 and count(kw:flying)>=1 "
                             "and count(atk>=2)>=1")
    exact = exact_odds(cards, cond, question(game, 60, mulligans=3, turn=3))
    sim, twin = answer(cards, game, cond, mulligans=3, turn=3, simulate=4000, seed=1)
    assert sim.method == "simulation" and twin is not None and twin.probability == exact.probability
    assert abs(sim.probability - exact.probability) <= 4 * sim.stderr


@settings(max_examples=25, deadline=None)
@given(food=st.integers(0, 6), spell=st.integers(0, 4), other=st.integers(0, 5),
       f=st.integers(0, 4), sp=st.integers(0, 3), op=st.sampled_from([">=", "<=", "=", "!="]),
       joiner=st.sampled_from(["and", "or"]))
def test_exact_matches_brute_force_on_small_decks(food, spell, other, f, sp, op, joiner):
    cards = make_deck(food=food, spell=spell, monster=other)
    if len(cards) < 7:
        return
    cond = compile_condition(f"count(t:food) {op} {f} {joiner} not count(t:spell) < {sp}")
    hits = sum(cond.holds_for(h) for h in itertools.combinations(cards, 7))
    expected = hits / comb(len(cards), 7)
    assert exact_odds(cards, cond, question("ob", len(cards))).probability == pytest.approx(expected, rel=1e-12, abs=1e-15)
