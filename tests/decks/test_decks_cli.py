"""The ``deckkit deck`` commands over a real SQLite catalogue: exact output, exit codes, the JSON contract."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.paths import data_dir

DECKS = data_dir() / "decks"
STARTERS = sorted(str(p) for p in DECKS.glob("*.deck"))


@pytest.fixture(scope="session")
def db(tmp_path_factory) -> Path:
    """A catalogue filled with the bundled cards, made once (commands here only read it)."""
    from deckkit.catalogue import open_catalogue

    path = tmp_path_factory.mktemp("catalogue") / "cards.db"
    open_catalogue(path).close()
    return path


@pytest.fixture
def run(db):
    def _run(*args: str):
        return CliRunner().invoke(app, ["--db", str(db), *args], catch_exceptions=False)

    return _run


def test_validate_starters_exit_0(run):
    result = run("deck", "validate", *STARTERS)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{DECKS / 'alomfogo-casual.deck'}: legal — alomfogo/casual, 35 cards",
        f"{DECKS / 'alomfogo-tournament.deck'}: legal — alomfogo/tournament, 45 cards",
        f"{DECKS / 'kotlik-standard.deck'}: legal — kotlik/standard, 73 cards",
        f"{DECKS / 'obludarium-standard.deck'}: legal — obludarium/standard, 60 cards",
        "4 deck(s): 4 legal, 0 not legal",
    ]


def test_validate_json_contract_and_exit_1(run, write):
    bad = write("game: af\nformat: tournament\n4 Ejlepo Kajtr\n2 Chleba\n0 Athame\n3 Athame\n", "bad.deck")
    result = run("deck", "validate", str(bad), STARTERS[0], "-o", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 2
    for item in data:
        assert set(item) == {"deck", "game", "format", "size", "legal", "partly_legal", "errors", "warnings"}
    first = data[0]
    assert (first["deck"], first["game"], first["format"], first["size"]) == (str(bad), "alomfogo", "tournament", 9)
    assert (first["legal"], first["partly_legal"]) == (False, False)
    assert [(e["code"], e.get("card"), e.get("line")) for e in first["errors"]] == [
        ("unknown-card", "Ejlepo Kajtr", 3), ("wrong-game", "Chleba", 4), ("bad-count", "Athame", 5),
        ("deck-too-small", None, None)]
    assert "did you mean Éjlépő Kajtár?" in first["errors"][0]["message"]
    assert data[1]["legal"] is True and data[1]["errors"] == [] and data[1]["warnings"] == []


def test_validate_table_lists_every_problem(run, write):
    bad = write("game: af\n4 Athame\n", "four.deck")
    result = run("deck", "validate", str(bad))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{bad}: NOT legal — alomfogo/casual, 4 cards",
        "  error [too-many-copies] line 2: 4 copies of Athame; alomfogo-casual allows at most 3 (AF-203) "
        "(hint: take out 1)",
        "  error [deck-too-small] the deck has 4 cards; alomfogo-casual needs at least 35 (AF-202) "
        "(hint: add 31 more card(s))",
        "1 deck(s): 0 legal, 1 not legal",
    ]


def test_validate_format_override_and_format_file(run):
    casual = str(DECKS / "alomfogo-casual.deck")
    result = run("deck", "validate", casual, "--format", "tournament", "-o", "json")
    assert result.exit_code == 1
    assert [e["code"] for e in json.loads(result.stdout)[0]["errors"]] == ["deck-too-small"]
    assert json.loads(result.stdout)[0]["partly_legal"] is True
    league = str(data_dir() / "formats" / "examples" / "alomfogo-league-no-events.json")
    result = run("deck", "validate", str(DECKS / "alomfogo-tournament.deck"), "--format-file", league, "-o", "json")
    assert result.exit_code == 1
    assert {e["code"] for e in json.loads(result.stdout)[0]["errors"]} == {"banned", "type-not-allowed"}


@pytest.mark.parametrize("args, message", [
    (["--format", "blitz"], "unknown format 'blitz'"),
    (["--format", "casual", "--format-file", "x.json"], "not both"),
    (["-o", "xml"], "deckkit deck validate has no xml output"),
])
def test_validate_usage_errors_exit_2(run, args, message):
    result = run("deck", "validate", STARTERS[0], *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_validate_unreadable_file_exit_1(run, tmp_path):
    result = run("deck", "validate", str(tmp_path / "missing.deck"), "-o", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)[0]["errors"][0]["code"] == "unreadable"


def test_new_add_remove_show_convert(run, tmp_path):
    path = tmp_path / "mine.deck"
    result = run("deck", "new", str(path), "--game", "af", "--format", "tournament", "--name", "Mine")
    assert (result.exit_code, result.stdout) == (0, f"created {path} (alomfogo/tournament)\n")
    assert path.read_text(encoding="utf-8") == "game: alomfogo\nformat: tournament\nname: Mine\n\n"
    assert run("deck", "new", str(path), "--game", "af").exit_code == 1
    assert run("deck", "new", str(path), "--game", "af", "--force").exit_code == 0
    run("deck", "new", str(path), "--game", "af", "--format", "tournament", "--name", "Mine", "--force")

    result = run("deck", "add", str(path), "ejlepo kajtar", "af-athame", "-c", "2")
    assert (result.exit_code, result.stdout) == (0, "Éjlépő Kajtár: 2\nAthame: 2\n")
    result = run("deck", "add", str(path), "EJLÉPŐ KAJTÁR")
    assert result.stdout == "Éjlépő Kajtár: 3\n"
    run("deck", "add", str(path), "lángdárda", "--sideboard")
    assert path.read_text(encoding="utf-8") == ("game: alomfogo\nformat: tournament\nname: Mine\n\n"
                                                "3 Éjlépő Kajtár\n2 Athame\n\nSideboard\n1 lángdárda\n")

    result = run("deck", "remove", str(path), "athame", "-c", "1")
    assert (result.exit_code, result.stdout) == (0, "removed 1 × athame\n")
    result = run("deck", "remove", str(path), "af-ejlepo-kajtar")
    assert (result.exit_code, result.stdout) == (0, "removed 3 × af-ejlepo-kajtar\n")
    assert path.read_text(encoding="utf-8") == ("game: alomfogo\nformat: tournament\nname: Mine\n\n"
                                                "1 Athame\n\nSideboard\n1 lángdárda\n")
    result = run("deck", "remove", str(path), "Wugu Wataruru")
    assert result.exit_code == 1 and "not in the deck" in result.stderr

    result = run("deck", "show", str(path))
    assert result.exit_code == 0
    assert "general-spell (1)" in result.stdout and "Athame" in result.stdout
    assert "Sideboard: instant (1)" in result.stdout
    data = json.loads(run("deck", "show", str(path), "-o", "json").stdout)
    assert data["groups"] == [{"type": "general-spell", "count": 1,
                               "cards": [{"count": 1, "name": "Athame", "id": "af-athame", "cost": 3}]}]

    as_json = tmp_path / "mine.json"
    assert run("deck", "convert", str(path), str(as_json)).exit_code == 0
    assert json.loads(as_json.read_text(encoding="utf-8")) == {
        "game": "alomfogo", "format": "tournament", "name": "Mine", "cards": [{"count": 1, "name": "Athame"}],
        "sideboard": [{"count": 1, "name": "lángdárda"}]}
    result = run("deck", "convert", str(as_json))
    assert result.stdout == path.read_text(encoding="utf-8")


def test_add_unknown_and_wrong_game_cards(run, tmp_path):
    path = tmp_path / "d.deck"
    run("deck", "new", str(path), "--game", "af")
    result = run("deck", "add", str(path), "Ejlepo Kajtr")
    assert result.exit_code == 1
    assert "unknown card 'Ejlepo Kajtr'" in result.stderr and "did you mean Éjlépő Kajtár?" in result.stderr
    result = run("deck", "add", str(path), "Chleba")
    assert result.exit_code == 1 and "Chleba is a card of obludarium, not alomfogo" in result.stderr
    assert run("deck", "add", str(path), "Athame", "-c", "0").exit_code == 2
    assert path.read_text(encoding="utf-8") == "game: alomfogo\n\n"  # nothing written


def test_new_rejects_unknown_game_and_format(run, tmp_path):
    assert run("deck", "new", str(tmp_path / "a.deck"), "--game", "poker").exit_code == 2
    result = run("deck", "new", str(tmp_path / "a.deck"), "--game", "ob", "--format", "tournament")
    assert result.exit_code == 2 and "formats of obludarium: standard" in result.stderr


def test_stats_table_and_json(run):
    result = run("deck", "stats", str(DECKS / "obludarium-standard.deck"))
    assert result.exit_code == 0
    assert "Cost curve:" in result.stdout and "█" in result.stdout
    assert "Food: 20 of 60 = 33%" in result.stdout
    data = json.loads(run("deck", "stats", str(DECKS / "alomfogo-tournament.deck"), "-o", "json").stdout)
    assert {"by_type", "cost_curve", "average_cost", "dreamwalkers", "attack_total", "defense_total"} <= set(data)
    data = json.loads(run("deck", "stats", str(DECKS / "kotlik-standard.deck"), "-o", "json").stdout)
    assert data["by_number"] == {"1": 14, "2": 14, "3": 14, "4": 14}


def test_show_and_stats_on_a_broken_file_exit_1(run, write):
    bad = write("3 Athame\n", "nogame.deck")
    for command in ("show", "stats"):
        result = run("deck", command, str(bad))
        assert result.exit_code == 1
        assert "no 'game:' line" in result.stderr


def test_every_deck_command_has_help_with_an_example(run):
    for command in ("new", "add", "remove", "show", "stats", "convert", "validate"):
        result = run("deck", command, "--help")
        assert result.exit_code == 0 and "Example" in result.stdout, command


def test_copied_starter_deck_validates_from_another_folder(run, tmp_path, monkeypatch):
    target = tmp_path / "k.deck"
    shutil.copy(DECKS / "kotlik-standard.deck", target)
    monkeypatch.chdir(tmp_path)
    assert run("deck", "validate", "k.deck").exit_code == 0


def test_add_grows_a_line_that_names_the_card_by_id(run, write):
    path = write("game: af\n2 af-ejlepo-kajtar\n", "ids.deck")
    result = run("deck", "add", str(path), "Éjlépő Kajtár", "ejlepo kajtar")
    assert (result.exit_code, result.stdout) == (0, "Éjlépő Kajtár: 3\nÉjlépő Kajtár: 4\n")
    assert path.read_text(encoding="utf-8") == "game: alomfogo\n\n4 af-ejlepo-kajtar\n"


def test_validate_with_a_broken_format_file_exit_1(run, write):
    bad = write('{"game": "alomfogo", "name": "x", "size": {"min": "many"}}', "fmt.json")
    result = run("deck", "validate", STARTERS[0], "--format-file", str(bad))
    assert result.exit_code == 1
    assert "not a valid format file" in result.stderr and "$.size.min" in result.stderr


def test_add_and_remove_keep_the_users_comments(run, write):
    path = write("# for Friday\ngame: af\n\n# walkers\n3 Éjlépő Kajtár  # core\n1 Athame\n# end\n", "c.deck")
    assert run("deck", "add", str(path), "Jégszem Soyana", "--count", "2").exit_code == 0
    assert run("deck", "remove", str(path), "athame").exit_code == 0
    assert run("deck", "add", str(path), "ejlepo kajtar").exit_code == 0
    assert path.read_text(encoding="utf-8") == ("# for Friday\ngame: alomfogo\n\n# walkers\n"
                                                "4 Éjlépő Kajtár  # core\n2 Jégszem Soyana\n# end\n")
    # convert writes the canonical form, without comments
    assert run("deck", "convert", str(path), "--to", "text").stdout == (
        "game: alomfogo\n\n4 Éjlépő Kajtár\n2 Jégszem Soyana\n")


def test_add_unknown_card_says_did_you_mean_once(run, write):
    path = write("game: af\n", "u.deck")
    result = run("deck", "add", str(path), "Ejlepo Kajtr")
    assert result.exit_code == 1
    assert result.stderr == (f"error: {path}: unknown card 'Ejlepo Kajtr'\nhint: did you mean Éjlépő Kajtár?\n")


def test_validate_help_explains_legal_and_partly_legal(run):
    text = " ".join(run("deck", "validate", "--help").stdout.split())
    assert "a legal deck is partly legal too" in text and "about its size (too small or too large)" in text
    # the examples keep their lines
    lines = [line.strip() for line in run("deck", "validate", "--help").stdout.splitlines()]
    assert "deckkit deck validate data/decks/*.deck" in lines


def test_stats_average_cost_says_which_cards_it_covers(run):
    ob = run("deck", "stats", str(DECKS / "obludarium-standard.deck")).stdout
    assert "Average cost: 1.57 (over the 40 cards with a cost)\n" in ob  # food has no cost
    af = run("deck", "stats", str(DECKS / "alomfogo-casual.deck")).stdout
    assert "Average cost: 1.40\n" in af  # every Álomfogó card has one


def test_add_keeps_windows_line_ends(run, write):
    path = write(b"game: af\r\n# mine\r\n2 Athame\r\n", "w.deck")
    assert run("deck", "add", str(path), "Athame").exit_code == 0
    assert path.read_bytes() == b"game: alomfogo\r\n\r\n# mine\r\n3 Athame\r\n"
