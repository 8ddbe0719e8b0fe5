"""The search AIs' limits and the expert level: a time per decision (--think) as well as a playout budget,
bad values refused with a clear message or capped with a note (never a hang), a determinisation per
playout of the plain search, and records that say whether a run was timed."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random

import pytest

from deckkit.engine.registry import spec
from deckkit.errors import UsageError
from deckkit.match.ai import MAX_BUDGET, MAX_THINK, PilotSpec, check_search, check_think, make_ai, pilot_spec
from deckkit.match.mcts import MCTS
from deckkit.paths import data_dir

from match_helpers import positions, report_json

DECKS = data_dir() / "decks"
OB = str(DECKS / "obludarium-standard.deck")
KO = str(DECKS / "kotlik-standard.deck")


def _wide_position():
    """A mid-game position of a registered game with many legal actions (a long list to widen over)."""
    for name in ("alomfogo", "obludarium", "kotlik"):
        for _, support, state in positions(spec(name), seeds=range(3)):
            if len(state.legal_actions()) >= 6:
                return support, state
    raise AssertionError("no position with six legal actions")


def _some_position(name: str = "obludarium"):
    return next((s, st) for _, s, st in positions(spec(name), seeds=range(3)) if len(st.legal_actions()) >= 2)


@pytest.mark.parametrize("given, seconds", [("0.5", 0.5), ("0.5s", 0.5), ("500ms", 0.5), (" 2 s ", 2.0), (1, 1.0)])
def test_think_reads_seconds_and_milliseconds(given, seconds):
    assert check_think(given) == (pytest.approx(seconds), None)


@pytest.mark.parametrize("given, message", [("0", "positive time"), ("-1", "positive time"), ("-0.5s", "positive time"),
                                            ("nan", "not a time"), ("NaN", "not a time"), ("fast", "not a time"),
                                            ("", "not a time"), ("1h", "not a time")])
def test_a_think_time_that_is_no_positive_number_is_refused(given, message):
    with pytest.raises(UsageError) as err:
        check_think(given)
    assert message in str(err.value) and "--budget N" in err.value.hint


@pytest.mark.parametrize("given", ["1e9", "inf", "3600s"])
def test_an_absurd_think_time_is_capped_with_a_note(given):
    seconds, note = check_think(given)
    assert seconds == MAX_THINK and note and f"capped at {MAX_THINK:g} s per decision" in note


def test_a_think_time_makes_the_budget_a_cap_and_a_huge_budget_is_capped():
    assert check_search(None, None) == (200, None, [])
    assert check_search(None, "0.1s") == (MAX_BUDGET, 0.1, [])
    budget, seconds, notes = check_search(10**12, "0.1s")
    assert (budget, seconds) == (MAX_BUDGET, 0.1) and "capped" in notes[0]
    with pytest.raises(UsageError, match="at least one playout"):
        check_search(0, "0.1s")


def test_the_library_refuses_a_search_it_cannot_run():
    support, _ = _some_position()
    with pytest.raises(ValueError, match="at least one playout"):
        MCTS(support, 0)
    for think in (0.0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="positive, finite time"):
            MCTS(support, 10, think=think)


def test_a_time_per_decision_stops_a_search_of_a_huge_budget():
    """The clock decides (a clock that ticks once per reading: no real time is measured); at least one
    playout is always run, so a decision is never made without a look."""
    support, state = _some_position()
    ticks = itertools.count()
    ai = MCTS(support, 10**12, think=40.0, clock=lambda: float(next(ticks)))
    action, reason = ai.decide(state, random.Random(1), explain=True)
    assert action in state.legal_actions()
    assert ai.playouts == 40 and "40 playouts in 40s" in reason
    ai = MCTS(support, 10**12, think=0.5, clock=lambda: float(next(ticks)))
    ai.decide(state, random.Random(1))
    assert ai.playouts == 1


def test_the_plain_search_tries_every_action_of_a_long_list():
    """No widening: a node takes a new child while it has untried actions, so each of the first
    playouts tries another action at the root, up to the budget."""
    support, state = _wide_position()
    root = MCTS(support, 9).search(state, state.current_player(), random.Random(3))
    assert len(root.children) == min(len(state.legal_actions()), 9)
    assert sum(n.visits for n in root.children.values()) == 9


def test_the_expert_tries_the_greedy_choice_first():
    """With one playout only one candidate is played out: the greedy pilot's choice on a determinisation."""
    for _, support, state in positions(spec("kotlik"), seeds=range(2)):
        if len(state.legal_actions()) < 2:
            continue
        ai = make_ai(PilotSpec("expert", 1), support)
        chosen, _ = ai.decide(state, random.Random(5))
        assert chosen == support.greedy(state.clone(), random.Random(5))  # Kotlík's greedy reads no hidden card


def test_the_plain_search_draws_a_determinisation_for_every_playout():
    support, state = _some_position()
    me = state.current_player()
    drawn = []

    def counting(st, player, rng):
        drawn.append(player)
        return support.determinise(st, player, rng)

    counted = dataclasses.replace(support, determinise=counting)
    MCTS(counted, 120).search(state, me, random.Random(2))
    assert drawn == [me] * 120


def test_an_unknown_ai_name_suggests_the_expert():
    with pytest.raises(UsageError) as err:
        pilot_spec("exprt", 200, "kotlik")
    assert "did you mean expert?" in err.value.hint
    assert str(pilot_spec("expert", 200, "kotlik")) == "expert(200)"
    assert str(pilot_spec("expert", MAX_BUDGET, "kotlik", think=0.5)) == "expert(0.5s)"
    assert str(pilot_spec("greedy", 200, "kotlik", think=0.5)) == "greedy"


@pytest.mark.parametrize("args, message", [
    (("--think", "0"), "--think '0': a search needs a positive time per decision"),
    (("--think", "-2s"), "a search needs a positive time per decision"),
    (("--think", "NaN"), "--think 'NaN': not a time per decision"),
    (("--ai-a", "exprt"), "did you mean expert?"),
])
def test_bad_search_options_are_a_clear_message(invoke, args, message):
    result = invoke(KO, KO, "--ai-a", "expert", *args, "-n", "2", "-w", "1")
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


def test_a_timed_match_says_so_in_its_notes_and_records(invoke, tmp_path):
    out = tmp_path / "games.jsonl"
    result = invoke(KO, KO, "--ai-a", "expert", "--think", "1e12", "--budget", "2", "-n", "2", "-w", "1",
                    "-o", "json", "--games-out", str(out))
    report = report_json(result)
    assert "note: --think 1e12 is capped at 60 s per decision" in result.stderr
    assert "a seed does not repeat them (--budget N does)" in result.stderr
    assert (report["think"], report["budget"], report["reproducible"]) == (60.0, 2, False)
    assert report["pilots"] == {"a": "expert(60s)", "b": "greedy"}
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["a_ai"], r["b_ai"]) for r in rows] == [("expert(60s)", "greedy")] * 2


def test_an_expert_match_by_budget_repeats_for_any_worker_count(invoke):
    args = (KO, KO, "--ai-a", "expert", "--budget", "6", "-n", "4", "--seed", "5", "-o", "json")
    one, two = report_json(invoke(*args, "-w", "1")), report_json(invoke(*args, "-w", "2"))
    assert one["reproducible"] is True and one["think"] is None and one["pilots"]["a"] == "expert(6)"
    assert one["pairs"] == two["pairs"]


@pytest.fixture(scope="module")
def play(tmp_path_factory):
    from cli_runner import command_on_catalogue

    return command_on_catalogue(tmp_path_factory, "play")


@pytest.mark.parametrize("args, message", [
    (("--ai", "expert", "--think", "0"), "--think '0': a search needs a positive time per decision"),
    (("--ai", "expert", "--think", "nan"), "--think 'nan': not a time per decision"),
    (("--ai", "expert", "--budget", "0", "--think", "1s"), "needs at least one playout"),
    (("--ai", "exprt"), "did you mean expert?"),
])
def test_play_refuses_bad_search_options_before_the_game_starts(play, args, message):
    result = play(KO, "--plain", *args)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output
