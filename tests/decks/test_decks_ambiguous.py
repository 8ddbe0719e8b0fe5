"""Deck files and ``deck add`` with names that clash (issue 12 item 4): an ambiguous name fails with the
candidate ids, an id stands wherever a name does, and ``deck add`` writes the id when the name is ambiguous."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.decks import CardPool, load_deck
from deckkit.errors import ValidationFailed

MINE = {"id": "af-my-lidercfeny", "game": "alomfogo", "name": "Lidércfény", "type": "dream-creature", "cost": 1,
        "helper": "S", "text": "(S) +3 to your duelist's magic power.", "abilities": [{"effect": "boost", "amount": 3}]}
AMBIGUOUS = ("ambiguous name 'Lidércfény': cards af-lidercfeny (bundled), af-my-lidercfeny (mine.json)")
HINT = ("write the card's id instead of its name, e.g. af-my-lidercfeny, or say which source wins: a 'prefer: "
        "bundled' (or 'prefer: my-cards') header line in a deck, prefer = [\"bundled\"] in a script, or "
        "`deckkit db prefer SOURCE` for the catalogue")


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """A catalogue of the bundled cards plus a card named like the bundled Lidércfény."""
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.importer import import_files

    folder = tmp_path_factory.mktemp("clash")
    (folder / "mine.json").write_text(json.dumps([MINE], ensure_ascii=False), encoding="utf-8")
    with open_catalogue(folder / "cards.db") as cat:
        import_files(cat, [folder / "mine.json"])
    return folder / "cards.db"


@pytest.fixture
def run(db):
    def _run(*args: str):
        return CliRunner().invoke(app, ["--db", str(db), *args], catch_exceptions=False)

    return _run


def test_deck_line_with_an_ambiguous_name_is_an_error_listing_the_ids(run, write):
    deck = write("game: af\n3 Lidércfény\n")
    result = run("deck", "validate", str(deck), "-o", "json")
    assert result.exit_code == 1
    (report,) = json.loads(result.stdout)
    assert report["errors"][0] == {"code": "ambiguous-name", "message": AMBIGUOUS, "card": "Lidércfény", "line": 2,
                                   "hint": HINT}


def test_deck_lines_may_name_cards_by_id(run, write, db):
    from deckkit.catalogue import open_catalogue

    deck = write("game: af\n3 af-my-lidercfeny\n2 af-lidercfeny\n")
    with open_catalogue(db) as cat:
        cards = load_deck(deck).cards(cat)
    assert [(c["id"], c["cost"]) for c in cards] == [("af-my-lidercfeny", 1)] * 3 + [("af-lidercfeny", 2)] * 2
    shown = run("deck", "show", str(deck), "-o", "json")
    assert shown.exit_code == 0
    (group,) = json.loads(shown.stdout)["groups"]
    assert [(c["id"], c["count"]) for c in group["cards"]] == [("af-my-lidercfeny", 3), ("af-lidercfeny", 2)]


def test_resolving_an_ambiguous_deck_raises_with_every_problem(db, write):
    from deckkit.catalogue import open_catalogue

    with open_catalogue(db) as cat, pytest.raises(ValidationFailed) as info:
        load_deck(write("game: af\n3 lidercfeny\n")).cards(cat)
    assert [(p.code, p.line) for p in info.value.problems] == [("ambiguous-name", 2)]


def test_deck_add_of_an_ambiguous_name_fails_and_writes_nothing(run, write):
    deck = write("game: af\n# my dreamers\n2 Botlik Zsófi\n")
    before = deck.read_text(encoding="utf-8")
    result = run("deck", "add", str(deck), "3", "Lidércfény")
    assert result.exit_code == 1
    assert result.stderr == f"error: {deck}: {AMBIGUOUS}\nhint: {HINT}\n"
    assert deck.read_text(encoding="utf-8") == before


def test_deck_add_by_id_writes_the_id_when_the_name_is_ambiguous(run, write):
    deck = write("game: af\n# my dreamers\n2 Botlik Zsófi\n")
    assert run("deck", "add", str(deck), "3", "af-my-lidercfeny").exit_code == 0
    assert run("deck", "add", str(deck), "1", "af-lidercfeny").exit_code == 0
    assert run("deck", "add", str(deck), "1", "af-my-lidercfeny").exit_code == 0
    assert run("deck", "add", str(deck), "1", "af-botlik-zsofi").exit_code == 0  # unique name: written by name
    assert deck.read_text(encoding="utf-8").splitlines() == [
        "game: alomfogo", "", "# my dreamers", "3 Botlik Zsófi", "4 af-my-lidercfeny", "1 af-lidercfeny"]


def test_cardpool_decks_report_ambiguous_names_too(write):
    pool = CardPool([*CardPool.bundled("af").by_id.values(), MINE])
    from deckkit.decks.model import resolve

    resolved = resolve(load_deck(write("game: af\n1 lidercfeny\n1 af-my-lidercfeny\n")), pool)
    assert [(p.code, p.line, p.message) for p in resolved.errors] == [
        ("ambiguous-name", 2, "ambiguous name 'lidercfeny': cards af-lidercfeny, af-my-lidercfeny")]
    assert [r.card["id"] for r in resolved.main if r.card] == ["af-my-lidercfeny"]
