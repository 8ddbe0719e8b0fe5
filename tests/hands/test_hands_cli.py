"""The hand and odds commands through the real CLI, a real SQLite catalogue and real deck files."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.paths import data_dir

DECKS = Path(data_dir()) / "decks"
OB = str(DECKS / "obludarium-standard.deck")
AF = str(DECKS / "alomfogo-casual.deck")
KO = str(DECKS / "kotlik-standard.deck")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("hands-cli") / "catalogue.db")
    runner = CliRunner()

    def _run(*args: str):
        return runner.invoke(app, ["--db", db, *args], catch_exceptions=False)

    return _run


def test_hand_is_reproducible_by_seed(run):
    a = run("hand", OB, "--seed", "42", "-o", "json")
    b = run("hand", OB, "--seed", "42", "-o", "json")
    c = run("hand", OB, "--seed", "43", "-o", "json")
    assert a.exit_code == 0, a.output
    assert a.stdout == b.stdout
    assert json.loads(a.stdout)["hands"] != json.loads(c.stdout)["hands"]
    hand = json.loads(a.stdout)["hands"][0]
    assert len(hand["hand"]) == 7 and hand["mulligans"] == 0  # OB-503
    text = run("hand", OB, "--seed", "42")
    assert text.exit_code == 0 and text.stdout.startswith("Táborová smečka (obludarium) — seed 42")


def test_hand_keep_turn_and_summary(run):
    res = run("hand", OB, "--seed", "5", "--count", "300", "--keep", "count(t:food) >= 3", "--turn", "2", "-o", "json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["count"] == 300 and len(data["hands"]) == 100
    s = data["summary"]
    assert sum(s["mulligans"].values()) == 300
    assert set(s["keep_rate"]) >= {"0", "1"}
    mean_seen = sum((7 - int(m)) * n for m, n in s["mulligans"].items()) / 300 + 2  # kept hand + 2 draws
    assert sum(s["mean_composition"].values()) == pytest.approx(mean_seen)
    for h in data["hands"]:
        assert len(h["drawn"]) == 2  # OB-Q7: draws on turns 1 and 2
        if not h["forced"]:
            assert sum(1 for name in h["hand"] if name in FOOD_NAMES) >= 3
    table = run("hand", OB, "--seed", "5", "--count", "300", "--keep", "count(t:food) >= 3")
    assert "Keep rate by mulligan depth" in table.stdout and "Histogram: number of food cards" in table.stdout


FOOD_NAMES = {"Chleba", "Buřty", "Guláš", "Knedlíky", "Ovesná kaše", "Šípkový čaj"}


def test_hand_alomfogo_starting_player_skips_first_draw(run):
    play = json.loads(run("hand", AF, "--seed", "1", "--turn", "1", "--play", "-o", "json").stdout)
    draw = json.loads(run("hand", AF, "--seed", "1", "--turn", "1", "--draw", "-o", "json").stdout)
    assert len(play["hands"][0]["hand"]) == 5 and play["hands"][0]["drawn"] == []  # AF-502, AF-513
    assert len(draw["hands"][0]["drawn"]) == 1


def test_hand_kotlik_board(run):
    res = run("hand", KO, "--seed", "3")
    assert res.exit_code == 0, res.output
    assert "K(W)" in res.stdout and "White's cauldron" in res.stdout and "Supply deck: 22 cards" in res.stdout
    data = json.loads(run("hand", KO, "--seed", "3", "-o", "json").stdout)
    board = data["hands"][0]["board"]
    assert len(board) == 6 and all(len(row) == 6 for row in board)


def test_odds_json_shape_and_value(run):
    res = run("odds", OB, "count(t:food) >= 2", "-o", "json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    for key in ("deck", "condition", "hand_size", "mulligans", "turn", "probability", "method"):
        assert key in data
    assert data["method"] == "exact" and data["hand_size"] == 7 and data["mulligans"] == 0
    p = 1 - sum(comb(20, k) * comb(40, 7 - k) for k in range(2)) / comb(60, 7)  # 20 food of 60
    assert data["probability"] == pytest.approx(p, rel=1e-12)
    assert "no reshuffle" not in data["assumption"]


def test_odds_simulation_json(run):
    res = run("odds", OB, "count(t:food) >= 2", "-m", "2", "--simulate", "20000", "--seed", "9", "-o", "json")
    data = json.loads(res.stdout)
    assert data["method"] == "simulation" and data["games"] == 20000 and data["stderr"] > 0
    assert abs(data["probability"] - data["exact_probability"]) <= 4 * data["stderr"]
    assert "no reshuffle" in data["assumption"]
    assert run("odds", OB, "count(t:food) >= 2", "-m", "2", "--simulate", "20000", "--seed", "9", "-o",
               "json").stdout == res.stdout


def test_odds_table_states_the_assumption(run):
    res = run("odds", OB, "count(t:food) >= 2", "-m", "1", "--turn", "2")
    assert res.exit_code == 0
    assert "exact" in res.stdout and "bottom" in res.stdout and "OB-Q7" in res.stdout


def test_unparsable_condition_exits_2_with_caret(run):
    res = run("odds", OB, "count(t:food) >> 2")
    assert res.exit_code == 2
    assert res.stderr.splitlines()[1:3] == ["  count(t:food) >> 2", "                 ^"]
    keep = run("hand", OB, "--keep", "count(t:fud) >= 2")
    assert keep.exit_code == 2 and "^" in keep.stderr


def test_impossible_condition_says_probability_zero(run):
    res = run("odds", OB, "count(t:food) > 7")
    assert res.exit_code == 0 and "can never be met" in res.stdout
    data = json.loads(run("odds", OB, "count(t:food) > 7", "-o", "json").stdout)
    assert data["probability"] == 0 and data["impossible"] is True


def test_deck_smaller_than_the_hand(run, tmp_path):
    small = tmp_path / "small.deck"
    small.write_text("game: obludarium\n3 Chleba\n2 Glum\n", encoding="utf-8")
    for args in (("odds", str(small), "count(t:food) >= 1"), ("hand", str(small))):
        res = run(*args)
        assert res.exit_code == 1 and "fewer than the 7-card" in res.stderr


@pytest.mark.parametrize("args,fragment", [
    (("odds", OB, "count(t:food) >= 1", "--mulligans", "8"), "beyond the procedure"),
    (("odds", AF, "count(t:event) >= 1", "--mulligans", "1"), "no mulligan"),
    (("hand", OB, "--count", "0"), "--count 0"),
    (("hand", OB, "--seed", "abc"), "seed"),
    (("odds", OB, "count(t:food) >= 1", "--seed", "1.5", "--simulate", "10"), "seed"),
    (("odds", OB, "count(t:food) >= 1", "--simulate", "0"), "at least 1"),
    (("hand", KO, "--keep", "count(t:ingredient) >= 1"), "Kotlík"),
    (("odds", OB, "count(t:food) >= 1", "-o", "csv"), "-o table or -o json"),
])
def test_usage_errors_exit_2(run, args, fragment):
    res = run(*args)
    assert res.exit_code == 2, res.output
    assert fragment in res.stderr or fragment in res.output


def test_non_integer_seed_is_named_in_a_clear_usage_error(run):
    res = run("hand", OB, "--seed", "abc")
    assert res.exit_code == 2
    assert res.stderr == ("error: --seed 'abc' is not a whole number\n"
                          "hint: e.g. --seed 42; the same seed gives the same result everywhere\n")
    assert run("hand", OB, "--seed", "-7", "-o", "json").exit_code == 0  # any whole number is a seed


def test_hand_json_names_the_deck_file_like_odds_and_documents_its_shape(run):
    data = json.loads(run("hand", OB, "--seed", "2", "-o", "json").stdout)
    assert data["deck"] == OB and data["name"] == "Táborová smečka"
    assert list(data) == ["deck", "name", "game", "seed", "count", "turn", "on_play", "keep", "variant",
                          "arrangement", "hands"]
    assert list(data["hands"][0]) == ["hand", "drawn", "mulligans", "forced", "rejected"]
    help_text = " ".join(run("hand", "--help").stdout.split())
    assert '-o json: {"deck", "name", "game", "seed", "count", "turn", "on_play", "keep", "variant",' in help_text
    assert "house rule, off by default" in help_text


def test_house_rule_mulligan_is_off_by_default_and_labelled_when_on(run):
    keep = "count(t:dreamwalker) >= 4"
    plain = json.loads(run("hand", AF, "--seed", "4", "--keep", keep, "-o", "json").stdout)
    assert plain["variant"] is None and plain["hands"][0]["mulligans"] == 0
    res = run("hand", AF, "--seed", "4", "--keep", keep, "--variant", "reshuffle")
    assert res.exit_code == 0
    assert res.stdout.splitlines()[1] == ("house-rule mulligan 'reshuffle': hand shuffled back, one card fewer "
                                          "(not in the rules, AF-Q5)")


def test_hand_kotlik_board_fits_80_columns(run):
    lines = run("hand", KO, "--seed", "1").stdout.splitlines()
    grid = [line for line in lines if line[:1] in "+|"]
    assert len([line for line in grid if line.startswith("+")]) == 7  # 6 rows of cells between 7 rules
    assert max(len(line) for line in lines) <= 80
    assert {len(line) for line in grid} == {79}  # every line of the grid lines up
    assert any("Netopýří" in line for line in grid) or any("Mandragora" in line for line in grid)
