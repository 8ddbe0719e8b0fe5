"""Bundled files by name (issue 16 item 6): `deckkit bundled` lists them, a bare name works from any folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from deckkit.paths import bundled_files, data_dir


@pytest.fixture
def elsewhere(tmp_path, monkeypatch, db):
    """Run from a folder outside the repository, with the test catalogue."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKKIT_DB", str(db))
    return tmp_path


def test_bundled_lists_every_shipped_deck_format_strategy_and_script(cli, db):
    result = cli("bundled", "-o", "json")
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert {(r["kind"], r["name"]) for r in rows} == {(k, n) for k in ("deck", "format", "strategy", "script")
                                                      for n in bundled_files(k)}
    deck = next(r for r in rows if r["name"] == "obludarium-standard" and r["kind"] == "deck")
    assert deck == {"kind": "deck", "name": "obludarium-standard", "game": "obludarium", "title": "Táborová smečka",
                    "path": str(data_dir() / "decks" / "obludarium-standard.deck")}
    assert {"alomfogo-league-no-events", "alomfogo-casual"} <= {r["name"] for r in rows if r["kind"] == "format"}
    assert {r["name"] for r in rows if r["kind"] == "strategy"} == {"alomfogo-greedy", "kotlik-greedy",
                                                                    "obludarium-greedy"}


def test_bundled_table_and_kind_filter(cli):
    result = cli("bundled", "--kind", "strategy")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[2:] == [
        "strategy  alomfogo-greedy    alomfogo    greedy-rules",
        "strategy  kotlik-greedy      kotlik      greedy-rules",
        "strategy  obludarium-greedy  obludarium  greedy-rules",
    ]
    bad = cli("bundled", "--kind", "card")
    assert bad.exit_code == 2 and "unknown kind" in bad.stderr


def test_a_bare_deck_name_works_from_any_folder(cli, elsewhere):
    by_name = cli("deck", "stats", "obludarium-standard", "-o", "json")
    assert by_name.exit_code == 0, by_name.stderr
    by_path = cli("deck", "stats", str(data_dir() / "decks" / "obludarium-standard.deck"), "-o", "json")
    assert json.loads(by_name.stdout) == json.loads(by_path.stdout)
    with_suffix = cli("hand", "obludarium-standard.deck", "--seed", "7", "-o", "json")
    assert with_suffix.exit_code == 0 and json.loads(with_suffix.stdout)["game"] == "obludarium"
    assert cli("deck", "validate", "alomfogo-tournament", "--format-file", "alomfogo-league-no-events",
               "-o", "json").exit_code == 1  # the league bans events: the format was found and applied


def test_a_bare_strategy_and_script_name_work_from_any_folder(cli, elsewhere):
    result = cli("goldfish", "alomfogo-casual", "--strategy", "alomfogo-greedy", "-n", "20", "-o", "json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)[0]["games"] == 20
    script = cli("script", "run", "ob-summoning-sickness")
    assert script.exit_code == 0 and script.stdout.endswith("1 passed, 0 failed\n")


def test_a_file_in_the_folder_wins_over_a_bundled_name(cli, elsewhere):
    (elsewhere / "obludarium-standard").write_text("game: af\n35 Éjlépő Kajtár\n", encoding="utf-8")
    result = cli("deck", "stats", "obludarium-standard", "-o", "json")
    assert result.exit_code == 0 and json.loads(result.stdout)["game"] == "alomfogo"


def test_a_near_miss_names_the_bundled_deck(cli, elsewhere):
    result = cli("hand", "obludarium-standrd")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == ("error: no such file: obludarium-standrd\n"
                             "hint: did you mean the bundled deck obludarium-standard or kotlik-standard? a bundled "
                             "deck works by name from any folder: deckkit bundled --kind deck lists them\n")


def test_the_installed_command_finds_bundled_names_outside_the_repository(tmp_path, db):
    env = dict(os.environ, DECKKIT_DB=str(db))
    proc = subprocess.run([sys.executable, "-m", "deckkit", "odds", "obludarium-standard", "count(t:food) >= 2",
                           "-o", "json"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["method"] == "exact"
