"""Collections: the catalogue's owned cards (collection add/remove/import/show), collection files and
their bad input, and the search terms is:owned and owned>=N."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.engine.registry import registered_games


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "cards.db"


@pytest.fixture
def run(db):
    def _run(*args: str):
        return CliRunner().invoke(app, ["--db", str(db), *args], catch_exceptions=False)

    return _run


def _owned(run) -> dict[str, int]:
    r = run("collection", "show", "-o", "json")
    assert r.exit_code == 0, r.output
    return {row["id"]: row["count"] for row in json.loads(r.stdout)}


def test_add_remove_and_show(run):
    r = run("collection", "add", "3", "Chleba", "2x medded", "Glum")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == ["Chleba: 3", "Medděd: 2", "Glum: 1"]
    assert run("collection", "add", "chleba", "-c", "2").exit_code == 0
    assert _owned(run) == {"ob-chleba": 5, "ob-medded": 2, "ob-glum": 1}
    r = run("collection", "remove", "1", "Chleba", "Medděd")  # a count removes that many; none: every copy
    assert r.stdout.splitlines() == ["Chleba: removed 1, 4 left", "Medděd: removed 2, 0 left"]
    assert _owned(run) == {"ob-chleba": 4, "ob-glum": 1}
    r = run("collection", "remove", "Medděd")
    assert r.exit_code == 1 and "not in the collection: Medděd" in r.output
    assert _owned(run) == {"ob-chleba": 4, "ob-glum": 1}


def test_search_is_owned_and_owned_counts(run):
    run("collection", "add", "3", "Chleba", "1", "Glum")

    def ids(query: str) -> set[str]:
        r = run("search", query, "-o", "json")
        assert r.exit_code == 0, r.output
        return {c["id"] for c in json.loads(r.stdout)}

    assert ids("is:owned") == {"ob-chleba", "ob-glum"}
    assert ids("owned>=2") == {"ob-chleba"}
    assert ids("owned=1") == {"ob-glum"}
    assert "ob-medded" in ids("owned<1") and not ids("owned<1") & {"ob-chleba", "ob-glum"}
    assert not ids("not:owned") & {"ob-chleba", "ob-glum"} and "ob-medded" in ids("not:owned")
    assert ids("t:monster owned>=1") == ids("t:monster") & {"ob-chleba", "ob-glum"}
    run("collection", "add", "5", "Glum")  # 6 copies: more than its cost; a card without a cost never matches
    costed = json.loads(run("search", "cost>=0", "-o", "json").stdout)
    assert ids("owned>cost") == {c["id"] for c in costed if {"ob-glum": 6}.get(c["id"], 0) > c["cost"]} == {"ob-glum"}


def test_owned_in_a_hand_condition_is_a_clear_usage_error():
    from deckkit.errors import UsageError
    from deckkit.query import compile_predicate

    with pytest.raises(UsageError, match="collection"):
        compile_predicate("is:owned")
    with pytest.raises(UsageError, match="collection"):
        compile_predicate("cost<=2 owned>=1")


def test_import_csv_as_people_keep_it(run, tmp_path):
    file = tmp_path / "binder.csv"
    # A spreadsheet's semicolons and header in its own words and order; the same card twice is summed.
    file.write_text("Počet;Název;Sada\n3;Chleba;base\n2;medded;\n1;Chleba;\n", encoding="utf-8")
    r = run("collection", "import", str(file))
    assert r.exit_code == 0, r.output
    assert "notice: line 4 repeats Chleba (line 2): counted together as 4" in r.output
    assert _owned(run) == {"ob-chleba": 4, "ob-medded": 2}
    (tmp_path / "plain.csv").write_text("Glum,2\nChleba,0\n", encoding="utf-8")  # no header: name,count
    assert run("collection", "import", str(tmp_path / "plain.csv")).exit_code == 0
    assert _owned(run) == {"ob-medded": 2, "ob-glum": 2}  # a count of 0 takes the card out
    assert run("collection", "import", str(tmp_path / "plain.csv"), "--add").exit_code == 0
    assert _owned(run) == {"ob-medded": 2, "ob-glum": 4}
    assert run("collection", "import", str(tmp_path / "plain.csv"), "--replace").exit_code == 0
    assert _owned(run) == {"ob-glum": 2}


def test_import_json_forms(run, tmp_path):
    for data, expected in (
        ([{"name": "Chleba", "count": 2}, {"id": "ob-glum", "count": 1}], {"ob-chleba": 2, "ob-glum": 1}),
        ({"game": "ob", "cards": [{"name": "Medděd", "quantity": 3}]}, {"ob-medded": 3}),
        ({"Chleba": 1, "Glum": 5}, {"ob-chleba": 1, "ob-glum": 5}),
    ):
        file = tmp_path / "c.json"
        file.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        r = run("collection", "import", str(file), "--replace")
        assert r.exit_code == 0, r.output
        assert _owned(run) == expected


def test_show_csv_reads_back_unchanged(run, tmp_path):
    run("collection", "add", "3", "Chleba", "2", "Medděd")
    first = run("collection", "show", "-o", "csv").stdout
    assert first.splitlines()[0] == "name,count,set,id,game,type"
    (tmp_path / "backup.csv").write_text(first, encoding="utf-8")
    run("collection", "remove", "Chleba")
    assert run("collection", "import", str(tmp_path / "backup.csv"), "--replace").exit_code == 0
    assert run("collection", "show", "-o", "csv").stdout == first


def test_bad_lines_are_all_listed_and_nothing_changes(run, tmp_path):
    run("collection", "add", "1", "Glum")
    file = tmp_path / "bad.csv"
    file.write_text("name,count\nChlebaa,1\nMedděd,-2\nKubišta,100000\nGlum,lots\nChleba,2\n", encoding="utf-8")
    r = run("collection", "import", str(file))
    assert r.exit_code == 1
    err = r.stderr
    assert "4 problem(s) in the collection; nothing was changed" in err
    assert "line 2: unknown card 'Chlebaa' — did you mean Chleba?" in err
    assert "line 3 (Medděd): count -2 is negative" in err
    assert "line 4 (Kubišta): count 100,000 is more than 9,999 copies" in err
    assert "line 5 (Glum): count 'lots' is not a whole number" in err
    assert _owned(run) == {"ob-glum": 1}


def test_a_collection_of_another_game_is_refused(run, tmp_path):
    file = tmp_path / "other.csv"
    file.write_text("name,count\nChleba,2\nMedděd,1\nÉjlépő Kajtár,1\n", encoding="utf-8")
    game_of_chleba = json.loads(run("card", "Chleba", "-o", "json").stdout)["game"]
    other = next(g.name for g in registered_games() if g.name != game_of_chleba and not g.no_collection)
    r = run("collection", "import", str(file), "--game", other)
    assert r.exit_code == 1
    assert f"this looks like a collection of {game_of_chleba}" in r.stderr and f"not of {other}" in r.stderr
    assert _owned(run) == {}
    file.write_text(json.dumps({"game": game_of_chleba, "cards": [{"name": "Chleba", "count": 1}]}), encoding="utf-8")
    r = run("collection", "import", str(file), "--game", other)
    assert r.exit_code == 1 and f"this is a collection of {game_of_chleba}, not {other}" in r.stderr


def test_a_card_of_another_game_in_a_collection_is_named(run, tmp_path):
    file = tmp_path / "mixed.csv"
    file.write_text("name,count\nChleba,2\nMedděd,1\nGlum,1\nÉjlépő Kajtár,1\n", encoding="utf-8")
    r = run("collection", "import", str(file))
    assert r.exit_code == 1
    assert "line 5: Éjlépő Kajtár is a card of" in r.stderr
    assert _owned(run) == {}


def test_an_ambiguous_name_needs_a_set_or_an_id(run, tmp_path):
    from deckkit.catalogue import bundled_cards

    medded = next(c for c in bundled_cards() if c["id"] == "ob-medded")
    mine = {**medded, "id": "my-medded", "set": "mine"}
    (tmp_path / "mine.json").write_text(json.dumps([mine], ensure_ascii=False), encoding="utf-8")
    assert run("import", str(tmp_path / "mine.json")).exit_code == 0
    (tmp_path / "c.csv").write_text("name,count\nMedděd,2\n", encoding="utf-8")
    r = run("collection", "import", str(tmp_path / "c.csv"))
    assert r.exit_code == 1 and "names 2 cards: my-medded, ob-medded" in r.stderr and "set column" in r.stderr
    (tmp_path / "c.csv").write_text("name,count,set\nMedděd,2,mine\nMedděd,1,base\n", encoding="utf-8")
    assert run("collection", "import", str(tmp_path / "c.csv")).exit_code == 0
    assert _owned(run) == {"my-medded": 2, "ob-medded": 1}
    (tmp_path / "c.csv").write_text("name,count\nMedděd,4\n", encoding="utf-8")
    assert run("db", "prefer", "mine").exit_code == 0  # the catalogue's preference settles the name
    assert run("collection", "import", str(tmp_path / "c.csv")).exit_code == 0
    assert _owned(run) == {"my-medded": 4, "ob-medded": 1}


def test_a_game_of_one_shared_set_has_no_collection(run):
    from deckkit.catalogue import bundled_cards

    shared = next(g for g in registered_games() if g.no_collection)
    card = bundled_cards(shared.name)[0]
    r = run("collection", "add", card["id"])
    assert r.exit_code == 1 and shared.no_collection in r.stderr
    assert _owned(run) == {}


@given(st.text(max_size=300))
def test_any_text_parses_to_lines_and_problems_never_an_exception(text):
    from deckkit.collection.files import parse

    _, lines, problems = parse(text, "c.csv")
    assert all(0 <= line.count <= 9999 for line in lines)
    assert all(len(str(p)) < 600 for p in problems)  # a problem quotes a bad cell, cut short


def test_a_count_of_thousands_of_digits_is_named_by_its_length():
    from deckkit.collection.files import parse

    _, lines, (problem,) = parse("Chleba," + "9" * 5000 + "\n", "c.csv")
    assert not lines and problem.code == "huge-count" and "count of 5000 digits" in problem.message
    _, _, (problem,) = parse('[{"name": "Chleba", "count": ' + "9" * 300 + "}]", "c.json")
    assert problem.code == "huge-count" and "of 300 digits" in problem.message


@pytest.mark.parametrize("command", ["add", "remove"])
@pytest.mark.parametrize("copies", ["-5", "-20", "0"])
def test_copies_below_one_are_refused_and_nothing_changes(run, command, copies):
    run("collection", "add", "3", "Chleba")
    r = run("collection", command, "-c", copies, "Chleba")
    assert r.exit_code == 2 and "--copies" in r.output and "greater than or equal to 1" in r.output
    assert _owned(run) == {"ob-chleba": 3}


def test_the_store_refuses_negative_counts_in_every_mode(db):
    from deckkit.catalogue import open_catalogue
    from deckkit.collection import Collection
    from deckkit.collection.store import owned, store, take
    from deckkit.errors import DataError, ValidationFailed

    from deckkit.engine.registry import resolve

    catalogue, game = open_catalogue(db), resolve("ob")
    store(catalogue, Collection(game, {"ob-chleba": 3}), "add")
    for mode in ("add", "set", "replace"):
        with pytest.raises(ValidationFailed, match="negative count; nothing was changed") as caught:
            store(catalogue, Collection(game, {"ob-chleba": -2, "ob-glum": 1}, {"ob-chleba": "Chleba"}), mode)
        assert "Chleba: -2 copies" in str(caught.value.problems[0])
    with pytest.raises(DataError, match=r"negative count of copies to remove: Chleba \(-5\)"):
        take(catalogue, game, {"ob-chleba": -5}, {"ob-chleba": "Chleba"})
    assert owned(catalogue) == {"ob-chleba": 3}


def test_import_dry_run_lists_each_card_it_would_change(run, tmp_path):
    run("collection", "add", "3", "Chleba", "2", "Medděd", "1", "Glum")
    file = tmp_path / "c.csv"
    file.write_text("name,count\nChleba,5\nKubišta,2\nGlum,1\n", encoding="utf-8")
    r = run("collection", "import", str(file), "--dry-run")
    assert r.exit_code == 0, r.output
    lines = [line.split() for line in r.stdout.splitlines()[1:]]
    assert "3 cards, 8 copies" in r.stdout and "2 card(s) would change" in r.stdout
    assert lines == [["Chleba", "3", "→", "5", "+2"], ["Kubišta", "0", "→", "2", "added"]]  # Glum stays 1
    r = run("collection", "import", str(file), "--dry-run", "--replace")  # the cards not in the file go too
    lines = [line.split() for line in r.stdout.splitlines()[1:]]
    assert lines == [["Chleba", "3", "→", "5", "+2"], ["Kubišta", "0", "→", "2", "added"],
                     ["Medděd", "2", "→", "0", "removed"]]
    r = run("collection", "import", str(file), "--dry-run", "--add")
    assert ["Glum", "1", "→", "2", "+1"] in [line.split() for line in r.stdout.splitlines()[1:]]
    assert _owned(run) == {"ob-chleba": 3, "ob-medded": 2, "ob-glum": 1}  # nothing changed
