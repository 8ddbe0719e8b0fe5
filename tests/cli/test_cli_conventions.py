"""Command-line conventions shared by every command (issue 16 item 4): output formats, bare
groups, global options after the command, the catalogue's folder and first use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import commands

ALL_FORMATS = ("table", "json", "csv", "jsonl")
# What each command writes: csv and jsonl wherever the output is a list of records.
WRITES = {
    "import": ("table", "json"),
    "export": ("json", "jsonl", "csv", "xlsx"),
    "search": ALL_FORMATS,
    "card": ALL_FORMATS,
    "db info": ("table", "json"),
    "db check": ("table", "json"),
    "db prefer": ("table", "json"),
    "remove": ("table", "json"),
    "deck show": ("table", "json"),
    "deck find": ("table", "json"),
    "deck stats": ("table", "json"),
    "deck validate": ALL_FORMATS,
    "hand": ("table", "json"),
    "odds": ("table", "json"),
    "goldfish": ("table", "json"),
    "games": ALL_FORMATS,
    "script run": ("table", "json"),
    "bundled": ALL_FORMATS,
    "tune": ("table", "json"),
    "match": ("table", "json"),
    "collection show": ALL_FORMATS,
    "deck need": ALL_FORMATS,
    "deck history": ("table", "json"),
    "deck diff": ("table", "json"),
}


def _output_option(cmd):
    return next((p for p in cmd.params if "--output" in getattr(p, "opts", ())), None)


def test_every_command_with_an_output_option_is_listed_here():
    with_output = {path for path, cmd in commands().items() if _output_option(cmd) is not None}
    assert with_output >= set(WRITES)
    unlisted = with_output - set(WRITES)
    assert not unlisted, f"add {sorted(unlisted)} to WRITES with the formats they write"


@pytest.mark.parametrize("path", sorted(WRITES))
def test_help_lists_exactly_the_formats_the_command_writes(cli, path):
    option = _output_option(commands()[path])
    assert option.metavar == "|".join(WRITES[path])
    help_text = cli(*path.split(), "--help").stdout
    assert f"-o, --output {'|'.join(WRITES[path])}" in help_text


@pytest.mark.parametrize("path, refused", [(p, f) for p in sorted(WRITES) for f in ALL_FORMATS + ("xml",)
                                           if f not in WRITES[p]])
def test_a_format_the_command_does_not_write_is_refused_in_one_wording(cli, db, path, refused):
    result = cli("--db", str(db), *path.split(), "-o", refused)
    assert result.exit_code == 2 and result.stdout == ""
    formats = [f"-o {f}" for f in WRITES[path]]
    hint = ", ".join(formats[:-1]) + " or " + formats[-1]
    assert result.stderr == f"error: deckkit {path} has no {refused} output\nhint: use {hint}\n"


def test_list_outputs_as_csv_and_jsonl(cli, db):
    games = json.loads(cli("--db", str(db), "games", "-o", "json").stdout)
    lines = cli("--db", str(db), "games", "-o", "jsonl").stdout.splitlines()
    assert [json.loads(line) for line in lines] == games
    rows = cli("--db", str(db), "games", "-o", "csv").stdout.splitlines()
    assert rows[0].split(",")[:3] == ["name", "alias", "title"]
    assert len(rows) == 1 + len(games)


def test_deck_validate_csv_has_one_row_per_deck(cli, db):
    from deckkit.paths import data_dir

    deck = str(data_dir() / "decks" / "alomfogo-casual.deck")
    result = cli("--db", str(db), "deck", "validate", deck, "-o", "csv")
    assert result.exit_code == 0
    assert result.stdout == ("deck,game,format,size,legal,partly_legal,errors,warnings\n"
                             f"{deck},alomfogo,casual,35,true,true,[],[]\n")


@pytest.mark.parametrize("group", ["", "deck", "db", "script"])
def test_a_bare_group_prints_its_help_and_exits_0(cli, group):
    result = cli(*group.split())
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.startswith(f"Usage: deckkit {group} [OPTIONS] COMMAND [ARGS]...".replace("  ", " "))
    assert "Commands:" in result.stdout


@pytest.mark.parametrize("args", [
    ["search", "kajtar", "--db", "{db}"],
    ["search", "--db", "{db}", "kajtar"],
    ["search", "kajtar", "--db={db}"],
    ["--db", "{db}", "search", "kajtar"],
])
def test_db_is_accepted_before_and_after_the_command(cli, db, args):
    result = cli(*[a.format(db=db) for a in args], "-o", "json")
    assert result.exit_code == 0, result.stderr
    assert [c["id"] for c in json.loads(result.stdout)] == ["af-ejlepo-kajtar"]


def test_a_query_after_double_dash_is_never_taken_for_db(cli, db):
    result = cli("--db", str(db), "search", "-o", "json", "--", "--db")
    assert result.exit_code == 0 and result.stdout == "[]\n"


def test_db_in_a_missing_folder_is_an_error_and_creates_nothing(cli, tmp_path):
    target = tmp_path / "no" / "such" / "cards.db"
    result = cli("search", "kajtar", "--db", str(target))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (f"error: {target}: {target.parent} does not exist\n"
                             "hint: check --db (or $DECKKIT_DB), or add --create to make the folder and a new "
                             "catalogue there\n")
    assert not (tmp_path / "no").exists()


def test_db_whose_folder_is_a_file_is_an_error(cli, tmp_path):
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    result = cli("--db", str(tmp_path / "plain" / "cards.db"), "search", "kajtar")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {tmp_path / 'plain' / 'cards.db'}: {tmp_path / 'plain'} is not a folder\n")


def test_create_makes_the_folder_and_says_so_once(cli, tmp_path):
    target = tmp_path / "new" / "cards.db"
    result = cli("--db", str(target), "--create", "search", "kajtar", "-o", "json")
    assert result.exit_code == 0
    assert [c["id"] for c in json.loads(result.stdout)] == ["af-ejlepo-kajtar"]
    count = len(json.loads(cli("--db", str(target), "search", "game:ob or game:af or game:ko", "-o", "json").stdout))
    assert result.stderr == f"created the catalogue {target} with the {count:,} bundled cards\n"
    again = cli("search", "kajtar", "--db", str(target), "--create")
    assert again.exit_code == 0 and again.stderr == "1 card\n"


def test_first_use_in_an_existing_folder_gives_the_notice(cli, tmp_path):
    target = tmp_path / "cards.db"
    result = cli("--db", str(target), "db", "info", "-o", "json")
    assert result.exit_code == 0
    info = json.loads(result.stdout)
    assert Path(info["path"]) == target
    assert result.stderr.startswith(f"created the catalogue {target} with the ")
    assert result.stderr.endswith(" bundled cards\n") and result.stderr.count("\n") == 1
