"""`deck add` takes counts written as in deck files: 3 "Name", "3x Name", or --count."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.decks.ops import counted_names
from deckkit.errors import UsageError


def test_counted_names_reads_deck_file_counts():
    assert counted_names(["3", "Éjlépő Kajtár", "2x Jégszem Soyana", "Athame"], count=1) == [
        ("Éjlépő Kajtár", 3), ("Jégszem Soyana", 2), ("Athame", 1)]
    assert counted_names(["Athame"], count=4) == [("Athame", 4)]
    assert counted_names(["3 x Athame", "2×", "Athame"]) == [("Athame", 3), ("Athame", 2)]
    # Kotlík names end in their number; only a leading number is a count.
    assert counted_names(["Mandragora 1"]) == [("Mandragora 1", 1)]


@pytest.mark.parametrize("items,message", [(["3"], "no card name after it"), (["3", "2", "Athame"], "another number")])
def test_counted_names_refuses_dangling_numbers(items, message):
    with pytest.raises(UsageError, match=message):
        counted_names(items)


def test_cli_deck_add_with_counts(tmp_path):
    deck = tmp_path / "d.deck"
    db = str(tmp_path / "cat.db")
    runner = CliRunner()
    assert runner.invoke(app, ["--db", db, "deck", "new", str(deck), "--game", "af"]).exit_code == 0
    result = runner.invoke(app, ["--db", db, "deck", "add", str(deck), "3", "ejlepo kajtar", "2x jegszem soyana"],
                           catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stdout == "Éjlépő Kajtár: 3\nJégszem Soyana: 2\n"
    lines = deck.read_text(encoding="utf-8").splitlines()
    assert "3 Éjlépő Kajtár" in lines and "2 Jégszem Soyana" in lines
    bad = runner.invoke(app, ["--db", db, "deck", "add", str(deck), "0", "Athame"])
    assert bad.exit_code == 2 and "out of range" in bad.stderr
    assert deck.read_text(encoding="utf-8").splitlines() == lines  # nothing written
