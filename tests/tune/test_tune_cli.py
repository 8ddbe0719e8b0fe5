"""`deckkit tune`: output shapes, files written, and bad input (exit 2, nothing written)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from deckkit.paths import data_dir
from cli_runner import command_on_catalogue

DECKS = data_dir() / "decks"
OB = str(DECKS / "obludarium-standard.deck")
AF = str(DECKS / "alomfogo-casual.deck")


@pytest.fixture(scope="module")
def tune(tmp_path_factory):
    return command_on_catalogue(tmp_path_factory, "tune")


def test_sweep_json(tune):
    r = tune(OB, "--vary", "t:food=16..20/4", "-n", "100", "--seed", "1", "-w", "1", "-o", "json",
             "--odds", "count(t:food) >= 2")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["mode"] == "sweep" and out["deck_value"] == 20 and out["by_turn"] >= 1
    assert [p["value"] for p in out["points"]] == [16, 20]
    m = out["points"][1]["measure"]
    assert m["difference"] == 0.0 and 0 < m["odds"] < 1
    assert out["points"][0]["measure"]["games"] == 100


def test_sweep_table_and_plot(tune, tmp_path):
    picture = tmp_path / "sweep.svg"
    r = tune(OB, "--swap", "Chleba->Gryf=0..2", "-n", "100", "-w", "1", "--plot", str(picture))
    assert r.exit_code == 0, r.output
    assert "copies of Chleba replaced by Gryf" in r.output and "mean win turn" in r.output
    assert picture.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_skip_illegal_lists_the_illegal_points(tune):
    """AF-208: three copies by name at most."""
    r = tune(AF, "--vary", "Éjlépő Kajtár=2..4", "-n", "60", "-w", "1", "--skip-illegal")
    assert r.exit_code == 0, r.output
    assert "illegal: 4 copies of Éjlépő Kajtár" in r.output


def test_optimise_writes_the_best_deck(tune, tmp_path):
    start = tmp_path / "short.deck"
    # 8 food instead of 20: the search must bring food back (OB-107, OB-207).
    text = (DECKS / "obludarium-standard.deck").read_text(encoding="utf-8")
    text = text.replace("4 Chleba", "2 Chleba").replace("4 Buřty", "2 Buřty").replace("3 Guláš", "1 Guláš")
    text = text.replace("3 Knedlíky", "1 Knedlíky").replace("3 Ovesná kaše", "1 Ovesná kaše")
    text = text.replace("3 Šípkový čaj", "1 Šípkový čaj").replace("3 Bahňák", "15 Bahňák")
    start.write_text(text, encoding="utf-8")
    best = tmp_path / "best.deck"
    r = tune(str(start), "--optimise", "--pool", "t:food or t:monster", "--budget", "12", "-n", "100", "-w", "1",
             "--write", str(best), "-o", "json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["mode"] == "optimise" and out["evaluated"] <= 12
    assert out["best"][0]["objective"] < out["start"]
    assert out["improved"] and out["final_test"]["sprt"]["decision"] == "H1"
    from deckkit.cli import app as deckkit

    check = CliRunner().invoke(deckkit, ["deck", "validate", str(best)])
    assert check.exit_code == 0 and "legal" in check.output


def test_optimise_writes_nothing_it_did_not_show_to_be_better(tune, tmp_path):
    """The starter deck is near its best: no move of a food card passes its SPRT in so small a budget, so
    the run says so and writes nothing; --write-anyway writes the best list tried, marked as unproven."""
    best = tmp_path / "best.deck"
    args = [OB, "--optimise", "--pool", "t:food", "--budget", "4", "-n", "40", "-w", "1", "--write", str(best)]
    r = tune(*args)
    assert r.exit_code == 1
    assert "no improvement found" in r.stdout and "nothing written" in r.stderr
    assert not best.exists()
    r = tune(*args, "--write-anyway")
    assert r.exit_code == 0, r.output
    assert "NOT shown to beat the start" in best.read_text(encoding="utf-8")


def test_a_sweep_names_no_fastest_point_when_the_points_are_tied(tune):
    r = tune(OB, "--vary", "t:food=19..21", "-n", "40", "-w", "1")
    assert r.exit_code == 0, r.output
    assert "tied: t:food = " in r.stdout and "fastest:" not in r.stdout
    out = json.loads(tune(OB, "--vary", "t:food=19..21", "-n", "40", "-w", "1", "-o", "json").stdout)
    assert out["best"] is None and len(out["tied"]) > 1 and out["lowest"]["value"] in out["tied"]


@pytest.mark.parametrize("args,message", [
    (["--vary", "t:food=18..20", "--sprt", "0,0.1"], "--sprt sets the test of --optimise, --remove-each or --add-each"),
    (["--optimise", "--pool", "t:food", "--sprt", "0.1,0"], "wrong order"),
    (["--optimise", "--pool", "t:food", "--alpha", "0.7"], "--alpha must be between 0 and 0.5"),
    (["--vary", "t:food=18..20", "--write-anyway"], "--write-anyway goes with --write FILE"),
    (["--vary", "Chlebba=3..5"], "not a card of the deck or the catalogue"),
    (["--vary", "Chleba=5..3"], "backwards"),
    (["--optimise", "--pool", "t:food", "--objective", "fastest"], "unknown objective"),
    (["--optimise", "--pool", "t:food", "--objective", "match"], "needs --against DECK"),
    (["--optimise", "--pool", "t:food", "--against", "obludarium-standard"], "--against names the opponent"),
    (["--optimise", "--pool", "t:food", "--objective", "match", "--against", "alomfogo-casual"],
     "plays alomfogo, the deck obludarium"),
    (["--optimise", "--pool", "t:food", "--objective", "match", "--against", "obludarium-standard", "--ai", "deep"],
     "unknown AI"),
    (["--optimise", "--pool", "t:food atk>=50", "--budget", "3"], "matches no card"),
    (["--optimise", "--pool", "t:food", "--budget", "0"], "at least 1"),
    (["--add-each", "t:food atk>=50"], "matches no card"),
    ([], "give one of"),
    (["--vary", "t:food=12..14", "--objective", "match", "--against", "obludarium-standard"],
     "chooses what --optimise improves"),
    (["--vary", "t:food=12", "--remove-each"], "not --vary and --remove-each"),
])
def test_bad_input_exits_2_and_writes_nothing(tune, tmp_path, args, message):
    picture, deck = tmp_path / "p.svg", tmp_path / "best.deck"
    extra = ["--plot", str(picture)] if "--vary" in args and "--remove-each" not in args else []
    extra += ["--write", str(deck)] if "--optimise" in args else []
    r = tune(OB, *args, *extra, "-n", "20", "-w", "1")
    assert r.exit_code == 2, r.output
    assert message in r.output and "Traceback" not in r.output
    assert not picture.exists() and not deck.exists()


def test_range_leaving_the_format_exits_2(tune):
    r = tune(AF, "--vary", "Éjlépő Kajtár=2..5", "-n", "20", "-w", "1")
    assert r.exit_code == 2
    assert "leave alomfogo-casual" in r.output and "--skip-illegal" in r.output


def test_card_tests_with_an_sprt_share_alpha_among_the_changes(tune):
    """Each change is tested by its own SPRT at α / (number of changes), so any false "sooner" among
    them has a chance of at most α (Bonferroni)."""
    r = tune(OB, "--add-each", "Gryf or Hejkal", "--filler", "Chleba", "--sprt", "0,0.1", "-n", "60", "-w", "1",
             "-o", "json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    tests = [t for t in out["tests"] if t["legal"]]
    assert len(tests) == 2
    for t in tests:
        assert t["sprt"]["alpha"] == pytest.approx(0.05 / 2) and t["sprt"]["beta"] == 0.05
        assert t["sprt"]["games"] % 60 == 0 and t["sprt"]["games"] <= 8 * 60
    assert "family-wise α = 5% (each at α/2)" in out["statement"]
