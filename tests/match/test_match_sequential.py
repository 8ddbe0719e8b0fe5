"""`deckkit match`: duplicate pairs, the sequential test, the planner, and their bad input."""

from __future__ import annotations

import json

import pytest

from deckkit.match.ai import PilotSpec
from deckkit.match.game import MatchJob
from deckkit.paths import data_dir

from match_helpers import report_json

KO = str(data_dir() / "decks" / "kotlik-standard.deck")




def _ko_cards() -> list[dict]:
    from deckkit.catalogue import open_catalogue
    from deckkit.sim.goldfish import load_decks

    return load_decks([KO], open_catalogue(":memory:"))[0].cards


def test_a_duplicate_pair_is_one_deal_played_twice_seats_swapped():
    """With the same AI in both seats the two games of a pair are the same game seat for seat (the same
    shuffles, the same random choices per seat): the same seat wins, after as many actions."""
    cards = _ko_cards()
    job = MatchJob.make("kotlik", [cards, cards], (PilotSpec("random"), PilotSpec("random")), seed=5, duplicate=True)
    for k in range(3):
        first, second = job.play_game(2 * k), job.play_game(2 * k + 1)
        assert first["pair"] == second["pair"] == k and first["seed"] == second["seed"]
        assert (first["a_seat"], second["a_seat"]) == (1, 2)
        assert (first["first_seat_won"], first["actions"], first["turns"]) == \
            (second["first_seat_won"], second["actions"], second["turns"])
    other = MatchJob.make("kotlik", [cards, cards], (PilotSpec("random"), PilotSpec("random")), seed=5)
    assert {other.play_game(i)["seed"] for i in range(4)} != {job.play_game(i)["seed"] for i in range(4)}


def test_sides_that_differ_play_duplicate_pairs_by_default(invoke, tmp_path):
    out = tmp_path / "games.jsonl"
    report = report_json(invoke(KO, KO, "--ai-a", "greedy", "--ai-b", "random", "-n", "7", "-w", "1", "-o", "json",
                          "--games-out", str(out)))
    (pair,) = report["pairs"]
    assert report["duplicate"] and pair["duplicate"] and pair["games"] == 8  # whole pairs: 7 → 8
    assert sum(pair["pentanomial"].values()) == pair["duplicate_pairs"] == 4
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["pair"] for r in rows] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert rows[0]["seed"] == rows[1]["seed"] != rows[2]["seed"]
    plain = report_json(invoke(KO, KO, "--ai-a", "greedy", "--ai-b", "random", "-n", "7", "-w", "1", "-o", "json",
                         "--no-duplicate"))
    assert not plain["duplicate"] and plain["pairs"][0]["games"] == 7


def _without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in ("elapsed_s", "games_per_s", "workers")}


def test_the_sprt_stops_when_it_decides_and_gives_the_same_answer_for_any_worker_count(invoke):
    args = [KO, KO, "--ai-a", "greedy", "--ai-b", "random", "--sprt", "0,100", "--seed", "2", "-o", "json"]
    one = report_json(invoke(*args, "-w", "1"))
    two = report_json(invoke(*args, "-w", "2"))
    assert _without_timing(one) == _without_timing(two)
    test = one["sprt"]
    assert test["decision"] == "H1" and test["llr"] >= test["upper"]
    assert test["games"] == one["pairs"][0]["games"] < 20_000  # stopped long before the cap
    assert all(g % 20 == 0 for g, _ in test["history"])  # looks only between batches


def test_the_table_prints_the_decision_bounds_and_the_llr_chart(invoke):
    result = invoke(KO, KO, "--ai-a", "greedy", "--ai-b", "random", "--sprt", "0,100", "-w", "1")
    assert result.exit_code == 0, result.output
    assert "SPRT (H0: 0 Elo, H1: 100 Elo; α = 5%, β = 5%): H1 accepted after" in result.stdout
    assert "bounds -2.944 (accept H0) and +2.944 (accept H1)" in result.stdout
    assert "LLR over games" in result.stdout


def test_a_plan_reads_the_run_as_a_pilot(invoke):
    report = report_json(invoke(KO, KO, "--ai-a", "greedy", "--ai-b", "mcts", "--budget", "2", "-n", "60", "-w", "1",
                          "--plan", "100", "-o", "json"))
    plan = report["plan"]
    assert plan["pilot"] == 60 and plan["unit"] == "Elo"
    designs = {d["design"]: d for d in plan["designs"]}
    assert set(designs) == {"duplicate pairs", "independent games"}
    for d in designs.values():
        assert d["fixed_games"] > d["sprt_expected_games_if_difference"] > 0


@pytest.mark.parametrize("args, message", [
    (("--sprt", "5,0"), "wrong order"),
    (("--sprt", "5,5"), "are equal"),
    (("--sprt", "0,5", "--alpha", "0.5"), "--alpha must be between 0 and 0.5"),
    (("--sprt", "0,5", "--beta", "0"), "--beta must be between 0 and 0.5"),
    (("--duplicate",), "--duplicate needs two sides that differ"),
    (("--plan", "0"), "other than 0"),
    (("--ai-b", "random", "--plan", "20", "-n", "10"), "too short to estimate the variance"),
])
def test_bad_sequential_input_exits_2_and_writes_nothing(invoke, tmp_path, args, message):
    out = tmp_path / "games.csv"
    result = invoke(KO, KO, "-n", "4", "-w", "1", "--games-out", str(out), *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output
    assert not out.exists()
