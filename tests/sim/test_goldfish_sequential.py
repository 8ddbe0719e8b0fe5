"""`deckkit goldfish`: the SPRT on paired win turns, the planner, control variates, and their bad input."""

from __future__ import annotations

import json

import pytest

from deckkit.paths import data_dir
from cli_runner import command_on_catalogue

DECKS = data_dir() / "decks"
OB = str(DECKS / "obludarium-standard.deck")
KO = str(DECKS / "kotlik-standard.deck")


@pytest.fixture(scope="module")
def invoke(tmp_path_factory):
    return command_on_catalogue(tmp_path_factory, "goldfish")


@pytest.fixture(scope="module")
def variant(tmp_path_factory) -> str:
    """The starter deck with two breads swapped for two griffins: slower by about a seventh of a turn."""
    text = (DECKS / "obludarium-standard.deck").read_text(encoding="utf-8")
    path = tmp_path_factory.mktemp("decks") / "variant.deck"
    path.write_text(text.replace("4 Chleba", "2 Chleba").replace("1 Gryf", "3 Gryf"), encoding="utf-8")
    return str(path)


def _json(result) -> list:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _without_timing(reports: list) -> list:
    return [{k: v for k, v in r.items() if k not in ("elapsed_s", "games_per_s", "workers")} for r in reports]


def test_the_sprt_decides_on_paired_turns_the_same_way_for_any_worker_count(invoke, variant):
    args = [OB, variant, "--sprt", "-0.5,-0.2", "--seed", "3", "-o", "json"]
    one, two = _json(invoke(*args, "-w", "1")), _json(invoke(*args, "-w", "2"))
    assert _without_timing(one) == _without_timing(two)
    test = one[1]["comparison"]["sprt"]
    assert test["unit"] == "turns" and test["decision"] in ("H0", "H1")
    assert test["games"] == one[0]["games"] == one[1]["games"] < 200_000
    assert (test["llr"] >= test["upper"]) if test["decision"] == "H1" else (test["llr"] <= test["lower"])


def test_the_table_says_what_the_decision_means(invoke, variant):
    result = invoke(OB, variant, "--sprt", "0,0.1", "-w", "1")
    assert result.exit_code == 0, result.output
    assert "SPRT (H0: 0 turns, H1: 0.1 turns; α = 5%, β = 5%): H0 accepted after" in result.stdout
    assert "wins sooner than" in result.stdout and "LLR over games" in result.stdout


def test_a_plan_shows_how_much_shared_seeds_save(invoke, variant):
    reports = _json(invoke(OB, variant, "-n", "100", "--plan", "0.1", "-w", "1", "-o", "json"))
    designs = {d["design"]: d for d in reports[-1]["plan"]["designs"]}
    assert designs["paired (same seeds)"]["fixed_games"] < designs["independent runs"]["fixed_games"]


def test_a_control_variate_reports_the_exact_odds_and_both_intervals(invoke):
    (report,) = _json(invoke(OB, "-n", "150", "-w", "1", "--control", "count(t:food) >= 2", "-o", "json"))
    control = report["control"]
    assert control["applied"] and control["plain_mean_turn"] == report["mean_turn"]
    assert control["exact_odds"] == pytest.approx(0.753, abs=0.001)  # `deckkit odds` gives the same number
    lo, hi = control["mean_turn_ci"]
    assert lo < control["mean_turn"] < hi and control["variance_reduction"] >= 1


def test_a_control_variate_is_not_applied_where_it_would_bias(invoke):
    """A keep rule makes the kept hand differ from the first hand the exact odds are about."""
    (report,) = _json(invoke(OB, "-n", "60", "-w", "1", "--control", "count(t:food) >= 2",
                             "--keep", "count(t:food) >= 3", "-o", "json"))
    assert report["control"]["applied"] is False and "keep rule" in report["control"]["reason"]


@pytest.mark.parametrize("args, message", [
    ((OB, "--sprt", "0,0.1"), "--sprt compares two decks"),
    ((OB, OB, "--sprt", "0.1,0"), "wrong order"),
    ((OB, OB, "--sprt", "0,0.1", "--precision", "0.1"), "give --sprt or --precision, not both"),
    ((OB, OB, "--sprt", "0,0.1", "--alpha", "0.9"), "--alpha must be between 0 and 0.5"),
    ((KO, KO, "--sprt", "0,1"), "measure win turns"),
    ((KO, "--control", "count(t:corner) >= 1"), "--control reads opening hands"),
    ((OB, OB, "--plan", "0"), "other than 0"),
    ((OB, OB, "--plan", "0.1", "-n", "10"), "too short to estimate the variance"),
])
def test_bad_input_exits_2_and_writes_nothing(invoke, tmp_path, args, message):
    out = tmp_path / "games.csv"
    result = invoke(*args, "-n", "20", "-w", "1", "--games-out", str(out)) if "-n" not in args else \
        invoke(*args, "-w", "1", "--games-out", str(out))
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output
    assert not out.exists()
