"""'-' reads standard input for every file argument (issue 16 item 4); given twice it is a usage error."""

from __future__ import annotations

import json

import pytest

from deckkit.paths import data_dir

DECKS = data_dir() / "decks"
AF = (DECKS / "alomfogo-casual.deck").read_text(encoding="utf-8")
OB = (DECKS / "obludarium-standard.deck").read_text(encoding="utf-8")
TWICE = ("error: '-' (standard input) is given twice\n"
         "hint: standard input can feed one file argument; name files for the others\n")


def test_deck_commands_read_a_deck_from_stdin(cli, db):
    by_file = cli("--db", str(db), "deck", "stats", str(DECKS / "alomfogo-casual.deck"), "-o", "json")
    by_stdin = cli("--db", str(db), "deck", "stats", "-", "-o", "json", input=AF)
    assert by_stdin.exit_code == 0
    assert json.loads(by_stdin.stdout) == {**json.loads(by_file.stdout), "deck": "<stdin>"}
    shown = cli("--db", str(db), "deck", "show", "-", input=AF)
    assert shown.exit_code == 0 and shown.stdout.startswith("Zsófi's dreamers")
    converted = cli("--db", str(db), "deck", "convert", "-", "--to", "json", input=AF)
    assert json.loads(converted.stdout)["game"] == "alomfogo"


def test_validate_names_stdin_in_its_report(cli, db):
    result = cli("--db", str(db), "deck", "validate", "-", input="game: af\n3 nosuch card\n")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:2] == ["<stdin>: NOT legal — alomfogo/casual, 3 cards",
                                              "  error [unknown-card] line 2: unknown card 'nosuch card'"]


def test_hand_and_odds_read_stdin(cli, db):
    by_stdin = cli("--db", str(db), "hand", "-", "--seed", "3", "-o", "json", input=OB)
    by_file = cli("--db", str(db), "hand", str(DECKS / "obludarium-standard.deck"), "--seed", "3", "-o", "json")
    assert by_stdin.exit_code == 0
    assert json.loads(by_stdin.stdout)["hands"] == json.loads(by_file.stdout)["hands"]
    odds = cli("--db", str(db), "odds", "-", "count(t:food) >= 2", "-o", "json", input=OB)
    assert odds.exit_code == 0 and json.loads(odds.stdout)["method"] == "exact"


def test_goldfish_reads_a_strategy_from_stdin(cli, db):
    strategy = (data_dir() / "strategies" / "alomfogo-greedy.toml").read_text(encoding="utf-8")
    result = cli("--db", str(db), "goldfish", "alomfogo-casual", "--strategy", "-", "-n", "10", "-o", "json",
                 input=strategy)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)[0]["games"] == 10


def test_script_run_and_format_file_read_stdin(cli, db):
    script = (data_dir() / "scripts" / "ob-summoning-sickness.deckkit.toml").read_text(encoding="utf-8")
    result = cli("--db", str(db), "script", "run", "-", input=script)
    assert result.exit_code == 0 and result.stdout.startswith("PASS  <stdin>")
    league = (data_dir() / "formats" / "examples" / "alomfogo-league-no-events.json").read_text(encoding="utf-8")
    validated = cli("--db", str(db), "deck", "validate", "alomfogo-tournament", "--format-file", "-", "-o", "json",
                    input=league)
    assert {e["code"] for e in json.loads(validated.stdout)[0]["errors"]} == {"banned", "type-not-allowed"}


def test_import_reads_cards_from_stdin(cli, db, tmp_path):
    exported = cli("--db", str(db), "export", "--game", "af", "-o", "csv").stdout
    target = tmp_path / "other.db"
    result = cli("--db", str(target), "import", "--dry-run", "-", input=exported)
    assert result.exit_code == 0
    assert result.stdout.startswith("dry run: 44 cards from 1 file: 0 to add, 0 to update, 44 unchanged")


def test_import_problems_name_stdin(cli, db):
    result = cli("--db", str(db), "import", "-", input="id;game;name;type\n")
    assert result.exit_code == 1
    assert "  <stdin>:1: the CSV file has a header but no cards" in result.stderr


@pytest.mark.parametrize("args", [
    ["goldfish", "-", "-", "-n", "5"],
    ["goldfish", "-", "--strategy", "-", "-n", "5"],
    ["deck", "validate", "-", "-"],
    ["import", "-", "-"],
    ["script", "run", "-", "-"],
])
def test_stdin_given_twice_is_a_usage_error(cli, db, args):
    result = cli("--db", str(db), *args, input=AF)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", TWICE)
