"""Statistics of goldfish runs: quantiles, intervals and their coverage on synthetic data."""

from __future__ import annotations

import random
import re

import pytest

from deckkit.engine.results import ScoreRecord, WinRecord
from deckkit.sim.compare import compare, turn_verdict
from deckkit.sim.impact import welch_difference
from deckkit.sim.seeding import game_rng, game_seed
from deckkit.sim.stats import (Interval, mean_interval, nearest_rank, summarize_scores, summarize_wins,
                               t_quantile, wilson)


@pytest.mark.parametrize("df, expected", [(1, 12.7062), (2, 4.3027), (3, 3.1824), (5, 2.5706),
                                          (10, 2.2281), (30, 2.0423), (1000, 1.9623)])
def test_sim_t_quantile_matches_tables(df, expected):
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=2e-3)


def test_sim_wilson_known_values():
    w = wilson(5, 10)
    assert (w.lo, w.hi) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    zero = wilson(0, 10)
    assert zero.lo == 0.0 and zero.hi == pytest.approx(0.2775, abs=1e-4)


def test_sim_seeds_do_not_depend_on_type_or_order():
    assert game_seed(7, 3) == game_seed("7", 3)
    assert [game_seed(7, i) for i in (2, 0, 1)] == [game_seed(7, 2), game_seed(7, 0), game_seed(7, 1)]
    assert len({game_seed(7, i) for i in range(1000)}) == 1000
    assert game_rng(7, 3).random() == game_rng(7, 3).random()
    # Pinned so that a change of the derivation (which would change every user's results) is noticed.
    assert game_seed(1, 0) == int.from_bytes(__import__("hashlib").sha256(b"1:0").digest()[:8], "big") >> 1


def _coverage(make_interval, truth, reps=2000):
    hits = 0
    for _ in range(reps):
        iv = make_interval()
        hits += iv.lo <= truth <= iv.hi
    return hits / reps


def test_sim_mean_interval_coverage_near_nominal():
    rng = random.Random(11)
    # Skewed, discrete data like win turns: 4 + a geometric-ish tail.
    population = [4, 5, 5, 6, 6, 6, 7, 7, 8, 10]
    truth = sum(population) / len(population)
    cov = _coverage(lambda: mean_interval([rng.choice(population) for _ in range(40)]), truth)
    assert 0.925 <= cov <= 0.97


def test_sim_wilson_coverage_near_nominal():
    rng = random.Random(12)
    p = 0.3
    cov = _coverage(lambda: wilson(sum(rng.random() < p for _ in range(60)), 60), p)
    assert 0.925 <= cov <= 0.975


def test_sim_welch_coverage_near_nominal():
    rng = random.Random(13)
    cov = _coverage(lambda: welch_difference([rng.gauss(6, 1) for _ in range(15)],
                                             [rng.gauss(7, 3) for _ in range(40)]), -1.0)
    assert 0.925 <= cov <= 0.97


def test_sim_small_samples_have_no_interval():
    assert mean_interval([]).estimate is None
    one = mean_interval([5])
    assert one.estimate == 5 and one.lo is None and one.half_width == float("inf")


def test_sim_summarize_wins_figures():
    turns = [4, 5, 5, 6, 6, 6, 7, 8, 9, 12]
    records = [WinRecord(True, t, i % 2, []) for i, t in enumerate(turns)]
    records.append(WinRecord(False, 60, 0, []))
    s = summarize_wins(records)
    assert s["games"] == 11 and s["wins"] == 10
    assert s["mean_turn"] == pytest.approx(6.8)
    assert s["median_turn"] == 6.0 and s["p90_turn"] == 9
    assert s["turn_histogram"] == {"4": 1, "5": 2, "6": 3, "7": 1, "8": 1, "9": 1, "12": 1}
    assert s["won_by_turn"]["6"]["p"] == pytest.approx(6 / 11, abs=1e-4)
    assert s["won_by_turn"]["12"]["p"] == pytest.approx(10 / 11, abs=1e-4)
    assert s["mulligans"] == pytest.approx(5 / 11, abs=1e-4)
    lo, hi = s["mean_turn_ci"]
    assert lo < 6.8 < hi


def test_sim_summarize_scores_per_seat():
    records = [ScoreRecord([10, 4], [0], 30), ScoreRecord([3, 8], [1], 28), ScoreRecord([5, 5], [], 31),
               ScoreRecord([9, 1], [0], 33)]
    s = summarize_scores(records)
    assert s["seat_wins"] == [2, 1] and s["draws"] == 1
    assert s["seat_win_rates"] == [0.5, 0.25]
    assert s["mean_scores"] == [6.75, 4.5]
    assert s["score_histograms"][1] == {"1": 1, "4": 1, "5": 1, "8": 1}
    assert s["mean_margin"] == pytest.approx(2.25)


def _fake_runs(shift: float, n: int = 400, seed: int = 5):
    """Synthetic paired runs: deck B's win turn is deck A's plus ``shift`` on average."""
    rng = random.Random(seed)
    a, b = [], []
    for i in range(n):
        base = 5 + rng.randint(0, 4)
        a.append(WinRecord(True, base, index=i))
        b.append(WinRecord(True, max(1, round(base + shift + rng.gauss(0, 1))), index=i))
    return a, b


def test_sim_comparison_verdict_matches_known_difference():
    a, b = _fake_runs(-1.0)
    out = compare("A", a, "B", b)
    assert re.fullmatch(r"B wins (0\.9\d|1\.0\d?) turns sooner than A, 95% CI 0\.\d+–1\.\d+", out["verdict"])
    assert out["ci"][1] < 0 and -1.2 < out["difference"] < -0.8
    a, b = _fake_runs(0.0)
    assert compare("A", a, "B", b)["verdict"].startswith("no clear difference")
    a, b = _fake_runs(+0.7)
    assert "turns later than A" in compare("A", a, "B", b)["verdict"]


def test_sim_verdict_wording_and_missing_data():
    assert turn_verdict("B", "A", Interval(-0.6, -0.8, -0.4, 100)) == "B wins 0.6 turns sooner than A, 95% CI 0.4–0.8"
    assert turn_verdict("B", "A", Interval(None, None, None, 0)).startswith("not enough")


def test_sim_nearest_rank():
    assert nearest_rank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9) == 9
    assert nearest_rank([], 0.5) is None


def test_sim_negative_intervals_read_with_words():
    from deckkit.sim.report import _ci

    assert _ci([-4.3, -0.84]) == "CI -4.30 to -0.84"
    assert _ci([0.5, 1.25]) == "CI 0.50–1.25"
