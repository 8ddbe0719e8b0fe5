"""The sequential test, the pentanomial and the planner: hand-computed figures and error rates by simulation.

The simulations draw synthetic paired data from fixed seeds (no games), so they are fast and give
the same counts on every run; the realised error rates must stay within the stated α and β.
"""

from __future__ import annotations

import math
import random

import pytest

from deckkit.errors import UsageError
from deckkit.sim.plan import Design, check_pilot, make_plan
from deckkit.sim.sprt import (PAIR_VALUES, Sprt, constrained_mle, elo_to_score, expected_games, llr_normal,
                              llr_scores, mean_var, pair_category, parse_hypotheses, score_to_elo, sprt_expected)


def test_pentanomial_mean_and_variance_match_a_hand_computed_example():
    """Pairs: 1 both lost, 2 loss+draw, 3 split, 2 win+draw, 2 both won (10 pairs).

    Mean per game = (0·1 + ¼·2 + ½·3 + ¾·2 + 1·2) / 10 = 5.5 / 10 = 0.55.
    Variance = (1·0.55² + 2·0.30² + 3·0.05² + 2·0.20² + 2·0.45²) / 10
             = (0.3025 + 0.18 + 0.0075 + 0.08 + 0.405) / 10 = 0.0975.
    """
    mean, var = mean_var([1, 2, 3, 2, 2], PAIR_VALUES)
    assert mean == pytest.approx(0.55, abs=1e-12)
    assert var == pytest.approx(0.0975, abs=1e-12)


def test_pair_categories_count_a_draw_as_half():
    assert [pair_category(a, b) for a, b in [(0, 0), (0, 0.5), (1, 0), (0.5, 0.5), (1, 0.5), (1, 1)]] == \
        [0, 1, 2, 2, 3, 4]


def test_constrained_mle_has_the_asked_mean_and_leaves_a_matching_distribution_alone():
    probs = [0.1, 0.2, 0.3, 0.2, 0.2]
    for target in (0.3, 0.5, 0.55, 0.8):
        q = constrained_mle(probs, PAIR_VALUES, target)
        assert math.fsum(q) == pytest.approx(1.0, abs=1e-12)
        assert math.fsum(p * v for p, v in zip(q, PAIR_VALUES)) == pytest.approx(target, abs=1e-10)
        assert all(p > 0 for p in q)
    own = math.fsum(p * v for p, v in zip(probs, PAIR_VALUES))
    assert constrained_mle(probs, PAIR_VALUES, own) == pytest.approx(probs, abs=1e-10)


def test_llr_favours_the_hypothesis_the_data_sit_on():
    s0, s1 = 0.5, elo_to_score(50)
    near_h1 = [round(1000 * p) for p in constrained_mle([0.1, 0.1, 0.5, 0.1, 0.2], PAIR_VALUES, s1)]
    near_h0 = [round(1000 * p) for p in constrained_mle([0.1, 0.1, 0.5, 0.1, 0.2], PAIR_VALUES, s0)]
    assert llr_scores(near_h1, PAIR_VALUES, s0, s1) > 5
    assert llr_scores(near_h0, PAIR_VALUES, s0, s1) < -5
    xs = [0.1 + 0.5 * (-1) ** i for i in range(200)]
    assert llr_normal(len(xs), sum(xs), sum(x * x for x in xs), 0.0, 0.1) > 0
    assert llr_normal(len(xs), sum(xs), sum(x * x for x in xs), 0.1, 0.2) < 0


def test_elo_and_score_are_inverse():
    for elo in (-300, -5, 0, 5, 120):
        assert score_to_elo(elo_to_score(elo)) == pytest.approx(elo)
    assert elo_to_score(0) == 0.5


def _run_normal(rng: random.Random, true: float, test: Sprt, sd: float, batch: int, cap: int) -> str | None:
    n, total, total_sq = 0, 0.0, 0.0
    while n < cap and test.decision is None:
        for _ in range(batch):
            x = rng.gauss(true, sd)
            n, total, total_sq = n + 1, total + x, total_sq + x * x
        test.update(n, llr_normal(n, total, total_sq, test.h0, test.h1))
    return test.decision


def test_sprt_on_paired_differences_keeps_its_error_rates():
    """2,000 synthetic SPRTs (normal paired differences, sd 1, H0 0 against H1 0.5, α = β = 0.05):
    with no difference H1 is accepted at most α of the time, at the H1 difference H0 at most β."""
    rng = random.Random(24)
    runs = 1000
    false_pos = sum(_run_normal(rng, 0.0, Sprt(0.0, 0.5, 0.05, 0.05, "turns"), 1.0, 4, 5000) == "H1"
                    for _ in range(runs))
    false_neg = sum(_run_normal(rng, 0.5, Sprt(0.0, 0.5, 0.05, 0.05, "turns"), 1.0, 4, 5000) == "H0"
                    for _ in range(runs))
    assert false_pos / runs <= 0.05 + 0.02
    assert false_neg / runs <= 0.05 + 0.02
    assert false_pos > 0 and false_neg > 0  # the test is not simply too timid to ever decide wrongly


def _run_pairs(rng: random.Random, probs: list[float], test: Sprt, batch: int, cap: int) -> str | None:
    counts = [0] * 5
    s0, s1 = elo_to_score(test.h0), elo_to_score(test.h1)
    n = 0
    while n < cap and test.decision is None:
        for c in rng.choices(range(5), probs, k=batch):
            counts[c] += 1
        n += batch
        test.update(2 * n, llr_scores(counts, PAIR_VALUES, s0, s1))
    return test.decision


def test_pentanomial_sprt_keeps_its_error_rates():
    """1,200 synthetic pentanomial SPRTs (H0 0 Elo, H1 60 Elo, α = β = 0.05): pair results drawn from
    distributions whose expected score is exactly that of H0, then of H1."""
    rng = random.Random(7)
    base = [0.1, 0.1, 0.5, 0.1, 0.2]
    at_h0 = constrained_mle(base, PAIR_VALUES, 0.5)
    at_h1 = constrained_mle(base, PAIR_VALUES, elo_to_score(60))
    runs = 600
    false_pos = sum(_run_pairs(rng, at_h0, Sprt(0, 60), 8, 4000) == "H1" for _ in range(runs))
    false_neg = sum(_run_pairs(rng, at_h1, Sprt(0, 60), 8, 4000) == "H0" for _ in range(runs))
    assert false_pos / runs <= 0.05 + 0.025
    assert false_neg / runs <= 0.05 + 0.025


def test_duplicate_pairs_never_widen_the_interval():
    """Whatever edge a deal gives a seat (here 200 random deal models), A's two scores on one deal with
    the seats swapped pull in opposite directions, so a pair's mean varies no more than the mean of two
    games on separate deals: the pairs' interval is never the wider one."""
    rng = random.Random(3)
    for _ in range(200):
        strength = rng.uniform(-0.3, 0.3)
        edges = [rng.uniform(-0.5, 0.5) for _ in range(rng.randint(1, 6))]  # seat p1's edge on each kind of deal
        first = [min(1.0, max(0.0, 0.5 + strength + u)) for u in edges]  # P(A wins) with A in p1
        second = [min(1.0, max(0.0, 0.5 + strength - u)) for u in edges]  # … with A in p2
        k = len(edges)
        m1, m2 = sum(first) / k, sum(second) / k
        var_independent = (m1 * (1 - m1) + m2 * (1 - m2)) / 4  # two games, two deals
        var_pair = sum(((a + b) / 2 - (m1 + m2) / 2) ** 2 + (a * (1 - a) + b * (1 - b)) / 4
                       for a, b in zip(first, second)) / k
        assert var_pair <= var_independent + 1e-12


def test_expected_games_follow_wald():
    """At H1 with sd 1 and a 0.1 difference: (1 − β)·b + β·a over the drift Δ²/2σ² ≈ 530 observations;
    with no drift it is −a·b over the variance of one step."""
    lo, hi = math.log(0.05 / 0.95), math.log(0.95 / 0.05)
    assert sprt_expected(1.0, 0.1, 0.0, 0.1, 0.05, 0.05) == pytest.approx((0.95 * hi + 0.05 * lo) / 0.005, rel=1e-6)
    assert expected_games(0.0, 0.01, lo, hi) == pytest.approx(-lo * hi / 0.01)


def test_fixed_size_plan_matches_the_textbook_formula():
    """n = ((z(0.975) + z(0.95)) · sd / Δ)² = ((1.95996 + 1.64485) · 1.5 / 0.1)² = 2923.1 → 2924."""
    plan = make_plan(0.1, "turns", 0.1, 0.05, 0.05, 100, "games per deck", [Design("paired", 1.5)])
    assert plan.designs[0].fixed == 2924


@pytest.mark.parametrize("text, words", [
    ("5,0", "wrong order"), ("5,5", "equal"), ("5", "two numbers"), ("a,b", "must be numbers"),
    ("nan,1", "finite")])
def test_bad_hypotheses_are_refused(text, words):
    with pytest.raises(UsageError, match=words) as caught:
        parse_hypotheses(text)
    assert caught.value.exit_code == 2


@pytest.mark.parametrize("alpha, beta", [(0.0, 0.05), (0.5, 0.05), (0.05, 0.7), (0.05, -0.1)])
def test_error_rates_outside_the_open_half_interval_are_refused(alpha, beta):
    with pytest.raises(UsageError, match="between 0 and 0.5"):
        Sprt(0, 5, alpha, beta)


def test_a_plan_refuses_a_zero_difference_and_a_short_pilot():
    with pytest.raises(UsageError, match="other than 0"):
        make_plan(0.0, "turns", 0.0, 0.05, 0.05, 100, "games", [Design("paired", 1.0)])
    with pytest.raises(UsageError, match="too short"):
        check_pilot(5, 1.0, "games")
    with pytest.raises(UsageError, match="no variation"):
        check_pilot(100, 0.0, "games")
