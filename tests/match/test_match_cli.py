"""`deckkit match`: the report, seeds and workers, round robins, traces, records and bad input."""

from __future__ import annotations

import json

import pytest

from deckkit.match.ai import MAX_BUDGET, check_budget
from deckkit.paths import data_dir

from match_helpers import report_json

DECKS = data_dir() / "decks"
OB = str(DECKS / "obludarium-standard.deck")
AF = str(DECKS / "alomfogo-casual.deck")
AF2 = str(DECKS / "alomfogo-tournament.deck")
KO = str(DECKS / "kotlik-standard.deck")
PAIR_KEYS = ["a", "b", "games", "a_wins", "b_wins", "draws", "unfinished", "a_win_rate", "a_win_rate_ci", "a_score",
             "a_score_ci", "first_seat_win_rate", "first_seat_ci", "mean_turns", "mean_actions", "verdict"]




def test_greedy_beats_random_and_the_report_has_its_keys(invoke):
    report = report_json(invoke(OB, OB, "--ai-a", "greedy", "--ai-b", "random", "-n", "20", "--seed", "3", "-w", "1",
                          "-o", "json"))
    (pair,) = report["pairs"]
    assert list(pair)[:len(PAIR_KEYS)] == PAIR_KEYS  # then the extensions: duplicate pairs, Elo
    assert pair["a_wins"] + pair["b_wins"] + pair["draws"] == 20
    assert pair["a_wins"] >= 15
    lo, hi = pair["a_score_ci"]
    assert lo <= pair["a_score"] <= hi
    assert report["pilots"] == {"a": "greedy", "b": "random"}
    assert report["ratings"] is None


def test_same_seed_same_games_for_any_worker_count(invoke, tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    args = [AF, AF2, "--ai-a", "mcts", "--budget", "4", "-n", "4", "--seed", "9"]
    assert invoke(*args, "-w", "1", "--games-out", str(one)).exit_code == 0
    assert invoke(*args, "-w", "2", "--games-out", str(two)).exit_code == 0
    rows = one.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 4 and rows == two.read_text(encoding="utf-8").splitlines()
    seats = [json.loads(r)["a_seat"] for r in rows]
    assert seats == [1, 2, 1, 2]  # alternated


def test_fixed_seats_keep_deck_a_first(invoke, tmp_path):
    out = tmp_path / "games.csv"
    assert invoke(KO, KO, "-n", "3", "--seats", "fixed", "-w", "1", "--games-out", str(out)).exit_code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("a,b,index,seed,a_seat") and all(",1," in line for line in lines[1:])


def test_round_robin_has_every_pair_and_a_rating_per_deck(invoke):
    result = invoke(AF, AF2, AF, "-n", "6", "-w", "1")
    assert result.exit_code == 0, result.output
    assert "Ratings (Bradley–Terry" in result.stdout
    report = report_json(invoke(AF, AF2, AF, "-n", "6", "-w", "1", "-o", "json"))
    assert [(p["a"], p["b"]) for p in report["pairs"]] == [(AF, AF2), (AF, AF + "#2"), (AF2, AF + "#2")]
    assert [r["deck"] for r in report["ratings"]] == [AF, AF2, AF + "#2"]
    assert round(sum(r["rating"] for r in report["ratings"]) / 3) == 1500


def test_trace_shows_the_search_reasons(invoke):
    result = invoke(KO, KO, "--ai-a", "mcts", "--budget", "6", "-n", "1", "--trace", "-w", "1")
    assert result.exit_code == 0, result.output
    assert "game 0 (seed" in result.stdout
    assert "mcts 6 playouts; visits (mean reward):" in result.stdout
    assert "p2 (B, greedy): " in result.stdout


@pytest.mark.parametrize("args, message, code", [
    ((OB, AF), "decks of different games cannot be compared", 2),
    ((OB, OB, "--ai-b", "mcst"), "did you mean mcts?", 2),
    ((OB, OB, "--ai", "alphazero"), "--ai-a 'alphazero': unknown AI", 2),
    ((OB, OB, "--budget", "0"), "needs at least one playout", 2),
    ((OB,), "a match needs two decks or more", 2),
    ((OB, OB, "--seats", "random"), "write alternate or fixed", 2),
    ((KO, "kotlik-beginner"), "one deck for both seats", 2),
    ((OB, "no-such.deck"), "no such file: no-such.deck", 1),
    ((OB, OB, "--ai-a", "strategy:kotlik-greedy"), "plays kotlik, the decks obludarium", 2),
    ((OB, OB, "--ai-b", "strategy:missing.toml"), "no such strategy file missing.toml", 2),
])
def test_bad_input_is_a_clear_message(invoke, args, message, code):
    result = invoke(*args, "-n", "2", "-w", "1")
    assert result.exit_code == code
    assert message in result.stderr and "Traceback" not in result.output


def test_a_huge_budget_is_capped_with_a_note(invoke):
    assert check_budget(10**30) == (MAX_BUDGET, f"--budget 1e+30 is capped at {MAX_BUDGET:,} playouts per decision "
                                                "(more would take hours per game)")
    result = invoke(OB, OB, "--budget", "99999999", "-n", "2", "-w", "1")  # greedy: the budget is not spent
    assert result.exit_code == 0
    assert f"note: --budget 99999999 is capped at {MAX_BUDGET:,}" in result.stderr
