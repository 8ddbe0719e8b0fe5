"""The designer cards AF-D1 … AF-D32 (shared/designer-cards/README.md) as data: they import cleanly,
each has a passing script that cites its number, and the scripts' inline cards are the example file's."""

from __future__ import annotations

import json
import tomllib

import pytest
from typer.testing import CliRunner

from deckkit.paths import data_dir
from deckkit.scripts.runner import format_result, run_file

EXAMPLE = data_dir() / "cards" / "examples" / "af-designer.json"
CARDS = json.loads(EXAMPLE.read_text(encoding="utf-8"))
SCRIPTS = sorted((data_dir() / "scripts").glob("af-designer-*.deckkit.toml"))


def _script(path):
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("number", range(1, 33))
def test_af_designer_card_has_a_passing_script(number):
    """AF-D<n>: a script whose rules list cites the card's number pins its behaviour."""
    cited = [p for p in SCRIPTS if f"AF-D{number}" in _script(p)["rules"]]
    assert cited, f"no script cites AF-D{number}"
    for path in cited:
        result = run_file(path)
        assert result.passed, format_result(result)


def test_af_designer_scripts_carry_the_example_file_s_cards():
    """One source of truth: each script's [[card]] is the entry of af-designer.json with that id."""
    by_id = {c["id"]: c for c in CARDS}
    inline = [card for p in SCRIPTS for card in _script(p).get("card", [])]
    assert inline and all(card == by_id[card["id"]] for card in inline)
    assert {c["id"] for c in inline} == set(by_id)


def test_af_designer_cards_import_cleanly(tmp_path):
    """`deckkit import` takes the example file into a fresh catalogue, every card with its abilities."""
    from deckkit.catalogue import open_catalogue
    from deckkit.cli import app

    db = tmp_path / "cat.db"
    result = CliRunner().invoke(app, ["--db", str(db), "import", str(EXAMPLE)])
    assert result.exit_code == 0, result.stderr
    with open_catalogue(db) as cat:
        stored = {c["id"]: c for c in cat.cards("alomfogo")}
    assert all(stored[c["id"]]["abilities"] == c["abilities"] for c in CARDS)
