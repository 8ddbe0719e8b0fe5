"""The script runner, `deckkit script run/new`, `deckkit games` and the pytest plugin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.scripts.runner import run_file
from deckkit.paths import data_dir

pytest_plugins = ["pytester"]

SHIPPED = sorted((data_dir() / "scripts").glob("ob-*.deckkit.toml"))
RULES = sorted((Path(__file__).parents[1] / "obludarium" / "scripts").glob("*.deckkit.toml"))

GOOD = '''game = "ob"
title = "demo"
[setup]
phase = "main"
[setup.p1]
library = ["Chleba", "Chleba"]
hand = ["Buřty", "Glum"]
[setup.p2]
library = ["Chleba", "Chleba"]

[[step]]
do = ["play Buřty"]
expect = {"p1.table" = ["Buřty"], "p2.life" = 20}
'''


def write(tmp_path: Path, text: str, name: str = "t.deckkit.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def invoke(*args: str):
    return CliRunner().invoke(app, list(args), catch_exceptions=False)


@pytest.mark.parametrize("path", SHIPPED + RULES, ids=lambda p: p.name)
def test_engine_shipped_and_rule_scripts_pass(path):
    """Every shipped example and every OB rule scenario script passes."""
    result = run_file(path)
    assert result.passed, [f.message for f in result.failures]


def test_script_run_pass_and_json(tmp_path):
    """PASS line and exit 0; -o json follows CLI.md."""
    path = write(tmp_path, GOOD)
    out = invoke("script", "run", str(path))
    assert out.exit_code == 0 and out.output.startswith(f"PASS  {path}  — demo")
    out = invoke("script", "run", str(path), "-o", "json")
    data = json.loads(out.output)
    assert data["passed"] == 1 and data["failed"] == 0
    assert data["scripts"][0]["file"] == str(path) and data["scripts"][0]["failures"] == []


def test_engine_wrong_expectation_fails_with_diff(tmp_path):
    """A deliberately wrong script: FAIL, expected/actual diff with the line, exit 1."""
    path = write(tmp_path, GOOD.replace('"p2.life" = 20', '"p2.life" = 17'))
    out = invoke("script", "run", str(path))
    assert out.exit_code == 1
    assert "FAIL" in out.output and "step 1: p2.life (line 13)" in out.output
    assert "expected: 17" in out.output and "actual:   20" in out.output
    data = json.loads(invoke("script", "run", str(path), "-o", "json").output)
    failure = data["scripts"][0]["failures"][0]
    assert (failure["step"], failure["expected"], failure["actual"]) == (1, 17, 20)


def test_engine_illegal_action_names_step_state_and_legal(tmp_path):
    """An illegal action fails naming the step, the rule, the state and the legal actions."""
    path = write(tmp_path, GOOD.replace('do = ["play Buřty"]', 'do = ["play Buřty", "play Glum"]'))
    out = invoke("script", "run", str(path))
    assert out.exit_code == 1
    assert "step 1: p1 cannot 'play Glum': Glum costs 2 food and p1 has 1 untapped (OB-701)" in out.output
    assert "state:" in out.output and "legal actions: pass" in out.output


def test_engine_unresolved_choice_fails(tmp_path):
    """Expectations while an instant waits for an answer fail as an unresolved choice."""
    text = GOOD.replace('hand = ["Buřty", "Glum"]', 'hand = ["Buřty", "Hojivá mast"]').replace(
        'do = ["play Buřty"]', 'do = ["play Buřty", "cast Hojivá mast"]')
    result = run_file(write(tmp_path, text))
    assert not result.passed and "unresolved choice" in result.failures[0].message
    assert "pass" in result.failures[0].legal


def test_engine_unused_step_fails(tmp_path):
    """A step with actions after the game ended fails as unused."""
    text = GOOD.replace('[setup.p2]\nlibrary = ["Chleba", "Chleba"]', '[setup.p2]\nlibrary = ["Chleba"]')
    text = text.replace('do = ["play Buřty"]\nexpect = {"p1.table" = ["Buřty"], "p2.life" = 20}',
                        'do = ["pass", "pass"]\nexpect = {"result" = "p1"}\n\n[[step]]\ndo = ["pass"]')
    result = run_file(write(tmp_path, text))
    assert "after the end of the game" in result.failures[0].message and result.failures[0].step == 2


@pytest.mark.parametrize("change,line,needle", [
    (('hand = ["Buřty", "Glum"]', 'hand = ["Buřty", "Glumm"]'), 7, "did you mean Glum"),
    (('do = ["play Buřty"]', 'do = ["plya Buřty"]'), 12, "unknown action kind"),
    (('"p2.life" = 20', '"p2.lives" = 20'), 13, "p2.life"),
    (('library = ["Chleba", "Chleba"]\nhand', 'deck = ["Chleba", "Buřty"]\nlibrary = ["Glum"]\nhand'), 7,
     "not (or not that many times) in the deck"),
    (('title = "demo"', 'title = "demo'), 2, "not valid TOML"),
    (('[[step]]', '[[step]]\nwhen = 3'), 12, "allowed keys here"),  # the line of the unknown key
])
def test_engine_bad_input_names_file_line_and_fix(tmp_path, change, line, needle):
    """Bad input names the file, the line and what to write instead; exit 1."""
    path = write(tmp_path, GOOD.replace(*change))
    result = run_file(path)
    assert not result.passed
    message = result.failures[0].message
    assert needle in message, message
    assert f"{path}:{line}" in message or f"(line {line})" in format_of(result), message
    assert invoke("script", "run", str(path)).exit_code == 1


def format_of(result) -> str:
    from deckkit.scripts.runner import format_result

    return format_result(result)


def test_script_trace_shows_the_log(tmp_path):
    """--trace prints the steps, the actions and the game's events."""
    out = invoke("script", "run", str(write(tmp_path, GOOD)), "--trace")
    assert "p1: play Buřty" in out.output and "lays out food Buřty" in out.output


def test_script_new_runs_and_passes(tmp_path):
    """`script new` writes a commented script that passes as written; refuses to overwrite."""
    path = tmp_path / "mine.deckkit.toml"
    assert invoke("script", "new", str(path)).exit_code == 0
    assert path.read_text(encoding="utf-8").startswith("# A scripted solitaire test")
    assert invoke("script", "run", str(path)).exit_code == 0
    assert CliRunner().invoke(app, ["script", "new", str(path)]).exit_code == 2


@pytest.mark.parametrize("game", ["af", "ko"])
def test_script_new_for_other_games(tmp_path, game):
    """The starting script of every game runs and passes as written."""
    path = tmp_path / f"{game}.deckkit.toml"
    assert invoke("script", "new", str(path), "--game", game).exit_code == 0
    assert invoke("script", "run", str(path)).exit_code == 0


def test_script_run_no_files_is_usage_error(tmp_path):
    """An empty directory is a usage error (exit 2)."""
    assert CliRunner().invoke(app, ["script", "run", str(tmp_path)]).exit_code == 2


def test_engine_games_command_lists_settings_and_actions():
    """`deckkit games` lists types, formats and settings; --actions documents action strings."""
    out = invoke("games")
    assert out.exit_code == 0 and "Obludárium — obludarium (ob)" in out.output
    assert "starting_life = 20" in out.output and "several_blockers = 'sum' [sum|separate]" in out.output
    assert "play NAME" not in out.output
    assert "block ATTACKER with BLOCKER" in invoke("games", "--actions").output
    data = json.loads(invoke("games", "-o", "json", "--actions").output)
    ob = next(g for g in data if g["name"] == "obludarium")
    assert ob["card_types"] == ["food", "monster", "artifact", "spell"]
    assert {s["name"] for s in ob["settings"]} >= {"starting_life", "first_player", "empty_deck"}
    assert "pass" in ob["actions"]


def test_engine_pytest_plugin_collects_scripts(pytester):
    """A designer's own pytest collects *.deckkit.toml files and reports failures readably."""
    pytester.makefile(".deckkit.toml", good=GOOD, bad=GOOD.replace('"p2.life" = 20', '"p2.life" = 3'))
    result = pytester.runpytest("-p", "deckkit")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*expected: 3*", "*actual:   20*"])


def test_engine_by_and_illegal_checks(tmp_path):
    """`by` names who must act; an `illegal` action that turns out legal fails the script."""
    text = GOOD.replace('do = ["play Buřty"]', 'by = "p2"\ndo = ["play Buřty"]')
    result = run_file(write(tmp_path, text))
    assert "marked by = 'p2' but p1 is to act" in result.failures[0].message
    text = GOOD.replace('do = ["play Buřty"]', 'illegal = ["play Buřty"]')
    result = run_file(write(tmp_path, text))
    assert "expected to be illegal but was played" in result.failures[0].message
    text = GOOD.replace('do = ["play Buřty"]', 'illegal = [{action = "play Glum", rule = "OB-315"}]')
    result = run_file(write(tmp_path, text))
    assert result.failures[0].expected == "OB-315" and result.failures[0].actual == "OB-701"


@pytest.mark.parametrize("change,line,needles", [
    (('[[step]]', '[[stepp]]'), 11, ["'stepp' was unexpected", "did you mean 'step'?"]),
    (('do = ["play Buřty"]', 'doo = ["play Buřty"]'), 12, ["step 1: Additional properties", "did you mean 'do'?"]),
    (('do = ["play Buřty"]', 'do = ["plya Buřty"]'), 12, ["did you mean 'play Buřty'?"]),
    (('do = ["play Buřty"]', 'do = ["play"]'), 12, ["write 'play NAME', e.g. 'play Buřty'"]),
    (('do = ["play Buřty"]', 'do = ["play Buřty",'), 12, ["not valid TOML", "close the bracket opened on that line"]),
    (('do = ["play Buřty"]', 'illegal = ["atack Glum"]'), 12, ["can never be legal", "did you mean 'attack Glum'?"]),
    (('do = ["play Buřty"]', 'illegal = ["play Glumm"]'), 12, ["can never be legal", "did you mean Glum?"]),
    (('do = ["play Buřty"]', 'do = ["play Buřty", "play Glumm"]'), 12, ["no Obludárium card is called 'Glumm'"]),
    (('[setup]\n', '[settings]\nfirst_player = "p1"\nstartinglife = 15\n[setup]\n'), 5,
     ["unknown setting 'startinglife'", "did you mean starting_life?"]),
    (('[setup]\n', '[settings]\nstarting_life = "many"\n[setup]\n'), 4, ["is not a whole number"]),
    (('"p2.life" = 20', '"p1.hand.5" = "Glum"'), 13, ["p1.hand.0 … p1.hand.0 (1 item;"]),
    (('library = ["Chleba", "Chleba"]\nhand', 'deck = ["Chleba", "Glum"]\nlibrary = ["Glum", "Glum"]\nhand'), 7,
     ["the deck holds 1"]),
])
def test_engine_bad_input_says_what_to_write_instead(tmp_path, change, line, needles):
    """Each bad input names its line and the fix: did-you-mean keys and actions, list indexes, deck counts."""
    path = write(tmp_path, GOOD.replace(*change))
    text = format_of(run_file(path))
    assert f"{path}:{line}" in text or f"(line {line})" in text, text
    for needle in needles:
        assert needle in text, text


def test_engine_ob_610_opponent_instant_outside_its_windows(tmp_path):
    """OB-610: p2's instant written while p1 decides (no window: p2 has no legal target) names p2's windows."""
    text = GOOD.replace('[setup.p2]\nlibrary = ["Chleba", "Chleba"]',
                        '[setup.p2]\nlibrary = ["Chleba", "Chleba"]\nhand = ["Oslabení"]\ntable = ["Chleba", "Glum"]')
    text = text.replace('do = ["play Buřty"]', 'do = ["play Buřty", "cast Oslabení on Glum"]')
    out = format_of(run_file(write(tmp_path, text)))
    assert "p2 casts instants in a window: after each action of the active player, at the end of each step" in out
    assert "(OB-610)" in out


def test_engine_games_actions_say_who_acts_when():
    """`deckkit games --actions` documents when the other player may act (OB-610) and the reading choices,
    but not the script set-up keys."""
    out = invoke("games", "--actions").output
    ob = out.split("Álomfogó —")[0]
    assert "Who acts when" in ob and "OB-610" in ob and "OB-803" in ob and "OB-Q13" in ob
    assert "Script ``[setup]``" not in ob
    assert "Script setup" not in out.split("Álomfogó —")[1].split("Čarodějnický")[0]


def test_games_actions_read_as_plain_text():
    """`deckkit games --actions` shows no reStructuredText markup: no ``code`` marks, no ==== borders."""
    out = invoke("games", "--actions").output
    assert "``" not in out and "====" not in out and "**" not in out
    assert "'play NAME'" in out and "'start p1'" in out


def test_engine_failures_of_one_step_show_the_state_once(tmp_path):
    """Two wrong expectations of one step: two diffs, one picture of the state."""
    path = write(tmp_path, GOOD.replace('"p2.life" = 20', '"p2.life" = 3, "p1.life" = 4'))
    out = format_of(run_file(path))
    assert "step 1: p2.life" in out and "step 1: p1.life" in out
    assert out.count("  state:") == 1


@pytest.mark.parametrize("game", ["ob", "af", "ko"])
def test_script_new_explains_the_order_inside_a_step(game):
    """The starting script says that a step's parts run in the order written, and shows a set-up."""
    out = invoke("script", "new", "--game", game).output
    assert "runs its parts in the order they are written" in out and "Write illegal before do" in out
    assert "[setup.p1]" in out and "p2:" in out
    if game == "ko":
        assert "library" not in out.split("# Each [[step]]")[0]  # Kotlík's set-up has no library key


def test_script_new_bad_paths(tmp_path):
    """script new into a missing folder is a clean error (exit 1); a name pytest would not collect gets a note."""
    out = CliRunner().invoke(app, ["script", "new", str(tmp_path / "nope" / "x.deckkit.toml")], catch_exceptions=False)
    assert out.exit_code == 1 and "does not exist" in out.output
    out = CliRunner().invoke(app, ["script", "new", str(tmp_path / "x.txt")], catch_exceptions=False)
    assert out.exit_code == 0 and "name it *.deckkit.toml" in out.output
    assert (tmp_path / "x.txt").read_text(encoding="utf-8").startswith("# A scripted solitaire test")
