"""``deckkit deck need``: the cards missing to build several decks at once, with built decks reserved."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from pathlib import Path

import pytest

from deckkit.decks import load_deck
from deckkit.engine.registry import registered_games
from deckkit.paths import data_dir

DECKS = sorted(p for p in (data_dir() / "decks").iterdir() if p.suffix in (".deck", ".json"))


def _deck_of(collected: bool) -> Path:
    """A bundled deck of a game whose cards are collected (or of the game with one shared set)."""
    shared = {g.name for g in registered_games() if g.no_collection}
    return next(p for p in DECKS if (load_deck(p).game in shared) != collected)



def _copies(path: Path, run) -> Counter:
    """Card id -> copies of a deck (main and sideboard), read through deck show."""
    shown = json.loads(run("deck", "show", str(path), "-o", "json").stdout)
    out: Counter = Counter()

    def walk(node):
        if isinstance(node, dict):
            if "id" in node and "count" in node:
                out[node["id"]] += node["count"]
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(shown)
    return out


def test_need_counts_each_card_across_the_decks(run, tmp_path):
    deck = _deck_of(collected=True)
    copies = _copies(deck, run)
    some = sorted(copies)[:2]
    run("collection", "add", *[f"{copies[cid]}x {cid}" for cid in some])  # enough for one deck, not two
    r = run("deck", "need", str(deck), str(deck), "-o", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    missing = {row["id"]: row["missing"] for row in data["cards"]}
    expected = {cid: 2 * n - (n if cid in some else 0) for cid, n in copies.items()}
    assert missing == expected
    assert data["missing_copies"] == sum(expected.values()) and not data["complete"]
    # A deck given twice is built twice: each row lists it twice, by position, and counts both.
    for row in data["cards"]:
        assert row["decks"] == [{"deck": str(deck), "position": i, "copies": copies[row["id"]]} for i in (0, 1)]
        assert sum(d["copies"] for d in row["decks"]) == row["needed"]
    # Each deck alone lacks only the cards not owned.
    assert [d["missing"] for d in data["decks"]] == [sum(n for cid, n in copies.items() if cid not in some)] * 2


def test_built_decks_reserve_their_cards(run, tmp_path):
    deck = _deck_of(collected=True)
    copies = _copies(deck, run)
    (tmp_path / "all.csv").write_text("id,count\n" + "".join(f"{cid},{n}\n" for cid, n in copies.items()),
                                      encoding="utf-8")
    r = run("deck", "need", str(deck), "--collection", str(tmp_path / "all.csv"), "-o", "json")
    assert json.loads(r.stdout)["complete"] is True
    r = run("deck", "need", str(deck), "--collection", str(tmp_path / "all.csv"), "--built", str(deck), "-o", "json")
    data = json.loads(r.stdout)
    assert {row["id"]: (row["reserved"], row["missing"]) for row in data["cards"]} == {
        cid: (n, n) for cid, n in copies.items()}
    assert data["built"] == [str(deck)]


def test_need_as_csv_is_a_collection_file(run, tmp_path):
    deck = _deck_of(collected=True)
    r = run("deck", "need", str(deck), "-o", "csv")
    assert r.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert list(rows[0])[:4] == ["name", "count", "set", "id"]
    (tmp_path / "buy.csv").write_text(r.stdout, encoding="utf-8")
    assert run("collection", "import", str(tmp_path / "buy.csv")).exit_code == 0  # buying the list completes it
    assert json.loads(run("deck", "need", str(deck), "-o", "json").stdout)["complete"] is True


def test_table_lists_missing_cards_then_each_deck(run):
    deck = _deck_of(collected=True)
    r = run("deck", "need", str(deck))
    lines = r.stdout.splitlines()
    assert r.exit_code == 0 and lines[0].split() == ["missing", "card", "needed", "owned", "reserved"]
    total = sum(_copies(deck, run).values())
    assert f"{total} copies of" in r.stdout and f"alone it lacks {total}" in lines[-1]


def test_a_game_of_one_shared_set_needs_nothing(run, tmp_path):
    deck = _deck_of(collected=False)
    shared = next(g for g in registered_games() if g.no_collection)
    r = run("deck", "need", str(deck))
    assert r.exit_code == 0 and r.stdout == f"{shared.no_collection}; nothing is needed.\n"
    (tmp_path / "c.csv").write_text("name,count\nnothing at all,1\n", encoding="utf-8")
    r = run("deck", "need", str(deck), "--collection", str(tmp_path / "c.csv"), "-o", "json")
    assert r.exit_code == 0 and json.loads(r.stdout)["no_collection"] == shared.no_collection


def test_a_collection_file_of_another_game_is_refused(run, tmp_path):
    deck = _deck_of(collected=True)
    game = load_deck(deck).game
    other = next(p for p in DECKS if load_deck(p).game not in (game, *[g.name for g in registered_games()
                                                                         if g.no_collection]))
    ids = sorted(_copies(other, run))
    (tmp_path / "c.csv").write_text("name,count\n" + "".join(f"{cid},1\n" for cid in ids), encoding="utf-8")
    r = run("deck", "need", str(deck), "--collection", str(tmp_path / "c.csv"))
    assert r.exit_code == 1 and f"not of {game}" in r.stderr


def test_decks_of_two_games_are_a_usage_error(run):
    a = _deck_of(collected=True)
    b = next(p for p in DECKS if load_deck(p).game != load_deck(a).game)
    r = run("deck", "need", str(a), str(b))
    assert r.exit_code == 2 and "decks of different games" in r.stderr


@pytest.mark.parametrize("flags", [["--add"], []])
def test_the_readme_shopping_list_workflow_keeps_owned_copies(run, tmp_path, flags):
    """deck need -o csv > shop.csv, buy, collection import shop.csv --add: the copies owned before stay.
    Without --add the list is recognised by its columns and added too, with a notice."""
    deck = _deck_of(collected=True)
    copies = _copies(deck, run)
    cid = next(c for c, n in sorted(copies.items()) if n >= 2)
    run("collection", "add", f"{copies[cid] - 1}x {cid}")  # all copies but one owned
    shop = tmp_path / "shop.csv"
    shop.write_text(run("deck", "need", str(deck), "-o", "csv").stdout, encoding="utf-8")
    assert {row["id"]: int(row["count"]) for row in csv.DictReader(io.StringIO(shop.read_text("utf-8")))}[cid] == 1
    r = run("collection", "import", str(shop), *flags)
    assert r.exit_code == 0, r.output
    assert ("is a shopping list from deckkit deck need" in r.stderr) == (not flags)
    owned = {row["id"]: row["count"] for row in json.loads(run("collection", "show", "-o", "json").stdout)}
    assert owned == dict(copies)
    assert json.loads(run("deck", "need", str(deck), "-o", "json").stdout)["complete"] is True


def test_a_shopping_list_is_told_from_a_collection_file_by_its_header():
    from deckkit.decks.need import SHOPPING_COLUMNS, is_shopping_list

    assert is_shopping_list(",".join(SHOPPING_COLUMNS) + "\nChleba,1,base,x,4,3,0\n")
    assert is_shopping_list('\ufeff\n"Name";"Count";"Needed";"Owned";"Reserved"\n')
    assert not is_shopping_list("name,count,set,id,game,type\nChleba,3,base,x,y,food\n")  # collection show -o csv
    assert not is_shopping_list("Chleba,1\n") and not is_shopping_list("")
    # a comment above the header, as the collection reader skips it (else the list would set the counts)
    assert is_shopping_list("# bought on Saturday\n" + ",".join(SHOPPING_COLUMNS) + "\nChleba,1,base,x,4,3,0\n")
