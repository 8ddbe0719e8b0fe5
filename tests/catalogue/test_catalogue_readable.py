"""A catalogue other tools can read (issue 16 §1): plain columns, the card view, sqlite-utils-style
full-text search, derived columns checked against the records, forward migrations from every version."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import sqlite_utils

from deckkit.catalogue import bundled_cards, open_catalogue
from deckkit.catalogue.migrations import MIGRATIONS, SEP
from deckkit.catalogue.store import APPLICATION_ID, SCHEMA_VERSION
from deckkit.engine.abilities import ability_words
from deckkit.query import compile_predicate, text_tokens
from deckkit.text import fold
from catalogue_helpers import cat, db, empty, run, write  # noqa: F401  (pytest fixtures)


def test_every_searchable_field_and_the_rules_text_are_plain_columns(cat):
    cid, text = cat.conn.execute("SELECT id, text FROM cards WHERE text != '' ORDER BY id LIMIT 1").fetchone()
    assert text == cat.get(cid)["text"]
    for card in cat.cards():
        row = cat.conn.execute("SELECT text, subtypes, effects, flags FROM cards WHERE id = ?",
                               (card["id"],)).fetchone()
        assert row[0] == card["text"]
        assert row[1] == (", ".join(card["subtypes"]) if card.get("subtypes") else None)
        assert row[2] == (", ".join(ability_words(card.get("abilities"))) or None)
        flags = [f for f in ("helper", "blocking") if compile_predicate(f"is:{f}")(card)]
        assert row[3] == (", ".join(flags) or None)
    cols = {r[1] for r in cat.conn.execute("PRAGMA table_info(cards)")}
    assert {"id", "game", "name", "type", "cost", "attack", "defense", "glory", "number", "label", "rarity",
            "text", "subtypes", "keywords", "effects", "flags", "rulebook", "invented"} <= cols
    flying = cat.conn.execute("SELECT keywords FROM cards WHERE keywords LIKE '%flying%' LIMIT 1").fetchone()
    assert flying and "flying" in flying[0].split(", ")


def test_the_card_view_presents_each_card_as_one_readable_row(cat):
    cat.conn.row_factory = sqlite3.Row
    rows = cat.conn.execute("SELECT * FROM card_view WHERE id = 'af-ejlepo-kajtar'").fetchall()
    cat.conn.row_factory = None
    assert len(rows) == 1
    row = dict(rows[0])
    card = cat.get("af-ejlepo-kajtar")
    assert row["name"] == card["name"] and row["text"] == card["text"] and row["cost"] == card["cost"]
    assert row["other_names"] == "; ".join(f"{k}: {v}" for k, v in card["names"].items())
    assert row["set"] == card.get("set")
    assert cat.conn.execute("SELECT count(*) FROM card_view").fetchone()[0] == cat.count()


def test_sqlite_utils_search_finds_cards_by_their_rules_text(cat, db):
    cat.close()
    expected = {c["id"] for c in open_catalogue(db).search("o:magic")}
    assert expected
    out = subprocess.run([sys.executable, "-m", "sqlite_utils", "search", str(db), "cards", "magic", "-c", "id",
                          "--limit", "1000"], capture_output=True, text=True, check=True)
    found = {r["id"] for r in json.loads(out.stdout)}
    assert expected <= found  # the index holds the names too, so a card named "magic ..." counts as well
    assert sqlite_utils.Database(db)["cards"].detect_fts() == "cards_fts"


def test_full_text_search_folds_diacritics_and_follows_edits_made_with_other_tools(cat):
    def fts(q: str) -> set[str]:
        return {r[0] for r in cat.conn.execute(
            "SELECT c.id FROM cards c JOIN cards_fts f ON f.rowid = c.pk WHERE cards_fts MATCH ?", (q,))}

    assert "af-ejlepo-kajtar" in fts("ejlepo") and "af-ejlepo-kajtar" in fts("Éjlépő")
    with cat.write():  # as `sqlite-utils` or Datasette would edit it: the triggers keep the index current
        cat.conn.execute("UPDATE cards SET text = 'Zvláštní slovo kvakoš.' WHERE id = 'af-ejlepo-kajtar'")
    assert fts("kvakos") == {"af-ejlepo-kajtar"}
    assert any("column text is 'Zvláštní slovo kvakoš.'" in p for p in cat.check())


def test_editing_a_derived_column_is_reported_and_repaired_from_the_record(cat, run):
    cost = cat.get("af-ejlepo-kajtar")["cost"]
    with cat.write():
        cat.conn.execute("UPDATE cards SET cost = 7, game = 'kotlik' WHERE id = 'af-ejlepo-kajtar'")
    problems = cat.check()
    assert f"card af-ejlepo-kajtar: column cost is 7, its record says {cost} (deckkit db check --repair rebuilds it)" \
        in problems
    assert any(p.startswith("card af-ejlepo-kajtar: column game is 'kotlik'") for p in problems)
    r = run("db", "check")
    assert r.exit_code == 1 and "column cost is 7" in r.stderr
    r = run("db", "check", "--repair")
    assert r.exit_code == 0, r.stderr
    assert "repaired: rewrote the derived columns of 1 card from their records" in r.stderr
    assert cat.conn.execute("SELECT cost, game FROM cards WHERE id = 'af-ejlepo-kajtar'").fetchone() == (cost, "alomfogo")
    assert [c["id"] for c in cat.search(f"game:af cost={cost} kajtar")] == ["af-ejlepo-kajtar"]


def test_a_missing_tag_table_and_lost_indexes_are_reported_and_recreated(cat, run):
    before = cat.search("sub:bűvforrás")
    with cat.write():
        cat.conn.execute("DROP TABLE card_tags")
        cat.conn.execute("DROP INDEX idx_cards_rulebook")
        cat.conn.execute("DROP VIEW card_view")
    problems = cat.check()
    assert "schema: the table card_tags is missing (deckkit db check --repair rebuilds it)" in problems
    assert "schema: the index idx_cards_rulebook is missing (deckkit db check --repair rebuilds it)" in problems
    assert "schema: the view card_view is missing (deckkit db check --repair rebuilds it)" in problems
    r = run("db", "check", "--repair")
    assert r.exit_code == 0, r.stderr
    assert "repaired: recreated the table card_tags" in r.stderr
    assert cat.check() == [] and cat.search("sub:bűvforrás") == before


def test_duplicate_ids_are_reported_and_repair_keeps_the_row_of_the_record(cat, run):
    with cat.write():
        cat.conn.execute("DROP INDEX idx_cards_id")
        pk = cat.conn.execute("SELECT max(pk) + 1 FROM cards").fetchone()[0]
        cat.conn.execute("INSERT INTO cards (pk, id, game, name, name_key, type, source, rulebook, invented) "
                         "SELECT ?, id, game, name, name_key, type, source, 0, 0 FROM cards "
                         "WHERE id = 'af-ejlepo-kajtar'", (pk,))
    assert "card af-ejlepo-kajtar: 2 rows have this id (ids are unique; deckkit db check --repair keeps the one its " \
           "record names)" in cat.check()
    r = run("db", "check", "--repair")
    assert r.exit_code == 0, r.stderr
    assert cat.conn.execute("SELECT count(*) FROM cards WHERE id = 'af-ejlepo-kajtar'").fetchone()[0] == 1
    assert cat.get("af-ejlepo-kajtar")["name"] == "Éjlépő Kajtár"


def test_a_cards_row_deleted_is_rebuilt_from_its_record(cat, run):
    with cat.write():
        cat.conn.execute("DELETE FROM cards WHERE id = 'af-ejlepo-kajtar'")
    assert any(p.endswith("(af-ejlepo-kajtar) has no row in cards (deckkit db check --repair rebuilds it from the "
                          "record)") for p in cat.check())
    assert run("db", "check", "--repair").exit_code == 0
    assert cat.get("af-ejlepo-kajtar")["name"] == "Éjlépő Kajtár" and cat.check() == []


# ---------------------------------------------------------------- migrations

def _v1_row(pk: int, c: dict) -> dict:
    def key(values: list[str]) -> str | None:
        return SEP + SEP.join(fold(v) for v in values) + SEP if values else None

    return {"pk": pk, "id": c["id"], "game": c["game"], "name": c["name"], "name_key": fold(c["name"]),
            "type": c["type"], "text": c.get("text", ""), "text_key": " ".join(text_tokens(c.get("text", ""))),
            "set_key": fold(c["set"]) if c.get("set") else None, "rarity": c.get("rarity"), "cost": c.get("cost"),
            "attack": c.get("attack"), "defense": c.get("defense"), "number": c.get("number"),
            "glory": c.get("glory"), "subtypes_key": key(c.get("subtypes", [])),
            "kw_key": key(c.get("groups", []) + c.get("symbols", [])),
            "ingredient_key": fold(c["ingredient"]) if c.get("ingredient") else None, "label": c.get("label"),
            "source": "bundled", "data": json.dumps(c, ensure_ascii=False)}


def _catalogue_at(path: Path, version: int, cards: list[dict]) -> None:
    """A catalogue file as deckkit wrote it at ``version``: the version-1 file with its cards, then each
    migration up to ``version`` as that deckkit applied it."""
    db = sqlite_utils.Database(path)
    MIGRATIONS[1](db)
    db["cards"].insert_all(_v1_row(i + 1, c) for i, c in enumerate(cards))
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    for v in range(2, version + 1):
        MIGRATIONS[v](db)
        db.execute(f"PRAGMA user_version = {v}")
    db.conn.commit()
    db.close()


QUERIES = ["kajtar", "o:draw", "sub:bűvforrás", "kw:flying", "game:ko t:ingredient number>=3", "is:helper",
           "is:rulebook", "nightstepper", "t:dreamwalker cost<=1", "o:\"magic power\""]


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_a_catalogue_of_every_earlier_version_migrates_forward_with_its_cards(tmp_path, version):
    cards = bundled_cards()
    old = tmp_path / f"v{version}.db"
    _catalogue_at(old, version, cards)
    fresh = open_catalogue(tmp_path / "fresh.db")
    migrated = open_catalogue(old, fill=False)
    assert migrated.schema_version == SCHEMA_VERSION
    assert migrated.check() == []
    assert migrated.count() == len(cards) == fresh.count()
    for q in QUERIES:
        assert [c["id"] for c in migrated.search(q)] == [c["id"] for c in fresh.search(q)], q
    assert migrated.get("af-ejlepo-kajtar") == fresh.get("af-ejlepo-kajtar")
    migrated.close()
    fresh.close()


def test_migration_keeps_a_damaged_record_and_reports_it(tmp_path):
    cards = bundled_cards()[:5]
    old = tmp_path / "v5.db"
    _catalogue_at(old, 5, cards)
    with sqlite3.connect(old) as conn:
        conn.execute("UPDATE card_blobs SET data = '{broken' WHERE pk = 1")
    cat = open_catalogue(old, fill=False)
    assert cat.schema_version == SCHEMA_VERSION
    assert any(p.startswith(f"card {cards[0]['id']}: its record is not valid JSON") for p in cat.check())
    assert cat.count() == 5
