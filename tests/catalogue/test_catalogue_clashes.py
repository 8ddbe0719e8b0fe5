"""Names that clash (issue 12 item 4): import warns (or refuses with --strict) when a card's name is
another card's of the same game; every look-up of such a name then fails and lists the ids."""

from __future__ import annotations

import json

import pytest

from deckkit.catalogue.importer import import_files
from deckkit.decks import CardPool
from deckkit.errors import AmbiguousName, ValidationFailed
from catalogue_helpers import card, db, cat, empty, write, run  # noqa: F401  (pytest fixtures)

MINE = {"id": "af-my-lidercfeny", "game": "alomfogo", "name": "Lidércfény", "type": "dream-creature", "cost": 1,
        "helper": "S", "text": "(S) +3 to your duelist's magic power.", "abilities": [{"effect": "boost", "amount": 3}]}
WARNING = ("warning: {file}:1 (record 1) $.name: name 'Lidércfény' is already the name of af-lidercfeny (bundled) "
           "(hint: name them by id in decks and scripts (af-lidercfeny, af-my-lidercfeny), or rename the card)\n")


def test_import_warns_of_a_name_a_bundled_card_has_and_imports_the_card(run, write, db):
    path = write("mine.json", [MINE])
    result = run("import", str(path))
    assert result.exit_code == 0
    assert result.stdout == "1 card from 1 file: 1 added, 0 updated, 0 unchanged\n"
    assert result.stderr == WARNING.format(file=path)
    from deckkit.catalogue import open_catalogue

    with open_catalogue(db) as cat:
        assert cat.get("af-my-lidercfeny")["cost"] == 1


def test_strict_import_refuses_a_clashing_name_exit_1_nothing_written(run, write, db):
    path = write("mine.json", [MINE, card(1)])
    result = run("import", "--strict", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        "error: 1 card with a name another card has; nothing was imported (--strict)\n"
        f"  {path}:1 (record 1) $.name: name 'Lidércfény' is already the name of af-lidercfeny (bundled) "
        "(hint: name them by id in decks and scripts (af-lidercfeny, af-my-lidercfeny), or rename the card)\n"
        "hint: give each card a name of its own, or import without --strict and name these cards by id in "
        "decks and scripts\n")
    from deckkit.catalogue import open_catalogue

    with open_catalogue(db) as cat:
        assert cat.get("af-my-lidercfeny") is None and cat.get("af-test-1") is None


def test_strict_import_of_unique_names_imports(run, write):
    result = run("import", "--strict", str(write("ok.json", [card(1), card(2)])))
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == "2 cards from 1 file: 2 added, 0 updated, 0 unchanged\n"


def test_json_report_lists_the_warnings(run, write):
    path = write("mine.json", [MINE])
    result = run("import", "--dry-run", str(path), "-o", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["ok"] is True and data["added_ids"] == ["af-my-lidercfeny"]
    assert data["warnings"] == [{
        "file": str(path), "line": 1, "record": 1, "path": "$.name",
        "message": "name 'Lidércfény' is already the name of af-lidercfeny (bundled)",
        "hint": "name them by id in decks and scripts (af-lidercfeny, af-my-lidercfeny), or rename the card"}]


def test_two_new_cards_with_one_name_warn_each_with_lines(empty, write):
    path = write("two.jsonl", "\n".join(json.dumps(c) for c in [card(1), card(2, name="tesztlepo 1")]) + "\n")
    report = import_files(empty, [path])
    assert [(w.line, w.record, w.message) for w in report.warnings] == [
        (1, 1, "name 'Tesztlépő 1' is already the name of af-test-2"),
        (2, 2, "name 'tesztlepo 1' is already the name of af-test-1"),
    ]


def test_json_array_warnings_carry_the_record_line(empty, write):
    path = write("pretty.json", json.dumps([card(1), card(2, name="Tesztlépő 1")], indent=2))
    report = import_files(empty, [path])
    assert [(w.line, w.record) for w in report.warnings] == [(2, 1), (12, 2)]


def test_the_same_name_in_another_game_is_no_clash(cat, write):
    other = {"id": "ob-lidercfeny", "game": "obludarium", "name": "Lidércfény", "type": "spell", "cost": 1}
    assert import_files(cat, [write("ob.json", [other])]).warnings == []


def test_reimporting_a_card_judges_its_new_name_not_its_stored_one(cat, write):
    assert len(import_files(cat, [write("a.json", [MINE])]).warnings) == 1
    renamed = import_files(cat, [write("b.json", [{**MINE, "name": "Saját lidércfény"}])])
    assert (renamed.updated, renamed.warnings) == (["af-my-lidercfeny"], [])


def test_bulk_import_finds_clashes_by_scanning(empty, write):
    cards = [card(i) for i in range(2500)] + [card(9999, name="Tesztlépő 7")]
    report = import_files(empty, [write("bulk.json", cards)])
    assert [(w.record, w.message) for w in report.warnings] == [
        (8, "name 'Tesztlépő 7' is already the name of af-test-9999"),
        (2501, "name 'Tesztlépő 7' is already the name of af-test-7"),
    ]
    again = import_files(empty, [write("again.json", [card(i) for i in range(2001, 2002)] + [card(5000, name="tesztlepo 3")])])
    assert [w.message for w in again.warnings] == ["name 'tesztlepo 3' is already the name of af-test-3 (bulk.json)"]


def test_strict_library_import_raises_with_every_clash(cat, write):
    before = cat.count()
    with pytest.raises(ValidationFailed) as info:
        import_files(cat, [write("a.json", [MINE])], strict=True)
    assert [p.message for p in info.value.problems] == ["name 'Lidércfény' is already the name of af-lidercfeny (bundled)"]
    assert cat.count() == before


# ---------------------------------------------------------------- look-ups of an ambiguous name

def test_catalogue_find_of_an_ambiguous_name_lists_the_ids_and_sources(cat, write):
    import_files(cat, [write("mine.json", [MINE])])
    with pytest.raises(AmbiguousName) as info:
        cat.find("lidercfeny", game="af")
    assert info.value.candidates == ["af-lidercfeny", "af-my-lidercfeny"]
    assert info.value.message == ("ambiguous name 'lidercfeny': cards af-lidercfeny (bundled), "
                                  "af-my-lidercfeny (mine.json)")
    assert cat.find("af-my-lidercfeny")["cost"] == 1  # the id still finds it
    assert cat.find("af-lidercfeny", game="alomfogo")["cost"] == 2


def test_cardpool_find_of_an_ambiguous_name_lists_the_ids():
    pool = CardPool([*CardPool.bundled("af").by_id.values(), MINE])
    with pytest.raises(AmbiguousName) as info:
        pool.find("Lidércfény", game="alomfogo")
    assert info.value.candidates == ["af-lidercfeny", "af-my-lidercfeny"]
    assert pool.find("af-my-lidercfeny", game="alomfogo") is MINE


def test_card_command_with_an_ambiguous_name_exit_1_and_candidates(run, write):
    run("import", str(write("mine.json", [MINE])))
    result = run("card", "lidercfeny")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == ("error: ambiguous name 'lidercfeny': cards af-lidercfeny (bundled), "
                             "af-my-lidercfeny (mine.json)\n"
                             "hint: write the card's id instead of its name, e.g. af-my-lidercfeny, or say which "
                             "source wins: a 'prefer: bundled' (or 'prefer: my-cards') header line in a deck, "
                             "prefer = [\"bundled\"] in a script, or `deckkit db prefer SOURCE` for the catalogue\n")
    shown = run("card", "af-my-lidercfeny", "-o", "json")
    assert shown.exit_code == 0 and json.loads(shown.stdout)["cost"] == 1


def test_one_name_in_two_games_of_one_import_is_no_clash(empty, write):
    ob = {"id": "ob-tesztlepo-1", "game": "obludarium", "name": "Tesztlépő 1", "type": "spell", "cost": 1}
    assert import_files(empty, [write("two-games.json", [card(1), ob])]).warnings == []
