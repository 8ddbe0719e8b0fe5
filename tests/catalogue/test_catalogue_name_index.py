"""The name trigram index (deckkit.catalogue.nameindex): the same cards as the scan, kept current by every writer."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from deckkit.catalogue import nameindex, open_catalogue
from deckkit.catalogue.importer import import_files
from deckkit.catalogue.search import compile_sql
from deckkit.query import Term, compile_predicate
from catalogue_helpers import card, cat, db  # noqa: F401  (pytest fixtures)

pytestmark = pytest.mark.skipif(not nameindex.supported(), reason="this SQLite has no FTS5 trigram tokenizer")

_spec = importlib.util.spec_from_file_location("gen_cards", Path(__file__).parents[2] / "bench" / "gen_cards.py")
gen_cards = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_cards)

# Folding (case, diacritics, ß, white space), translated names, keys of every length, quotes, the
# separator of the translated names, and keys that no card has.
KEYS = ["ejlepo", "ÉJLÉPŐ", "Éjlépő  Kajtár", "jlé", "kaj", "ka", "k", "po k", "tár", "nightstepper",
        "NightStep", "soyana", "jegszem soy", "glum", "strasse", "STRASSE", "\"quo", "o\"q", "zzzq", "tesz",
        "tesztlépő 1", "szem", "a b", "ěš", "pýr", "ůl", "éj", "lélé", "ß"]


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """Bundled cards, 600 synthetic ones and a few with awkward names."""
    tmp = tmp_path_factory.mktemp("names")
    src = tmp / "syn.json"
    cards = gen_cards.generate(600, seed=11) + [
        card(9001, name="Straße Quo\"ql"), card(9002, name="A B Ödön", names={"en": "Nightstepper Twin"}),
        card(9003, name="Lélé lélé", names={"de": "Glum Straße", "hu": "Éjlépő"}),
    ]
    src.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    c = open_catalogue(tmp / "big.db")
    import_files(c, [src])
    yield c
    c.close()


def _scanned(c, query) -> list[str]:
    where, params = compile_sql(query, names=False)
    return sorted(r[0] for r in c.conn.execute(f"SELECT c.id FROM cards c WHERE {where}", params))


@pytest.mark.parametrize("key", KEYS)
def test_a_name_substring_finds_through_the_index_what_the_scan_and_the_predicate_find(big, key):
    query = Term("name", "=", key)  # as the parser makes it; quotes inside too
    indexed = sorted(c["id"] for c in big.search(query))
    assert indexed == _scanned(big, query)
    pred = compile_predicate(query)
    assert indexed == sorted(c["id"] for c in big.cards() if pred(c))
    assert big.search_count(query) == len(indexed)


def test_a_key_of_three_characters_or_more_is_looked_up_and_a_shorter_one_scanned():
    assert "name_trigrams MATCH" in compile_sql("kaj", names=True)[0]
    assert "instr" in compile_sql("ka", names=True)[0]
    assert "instr" in compile_sql("kaj", names=False)[0]  # a catalogue without the index
    assert "instr" in compile_sql(Term("name", "=", "ej\x00lepo"), names=True)[0]  # a NUL would end the FTS5 string
    assert compile_sql(Term("name", "=", 'o"q'), names=True)[1] == ['"o""q"']  # a quote doubled in the FTS5 string


def test_generated_names_agree_with_the_scan_for_every_two_syllable_key(big):
    keys = {a + b for a in gen_cards.SYLLABLES[:12] for b in gen_cards.SYLLABLES[:12]}
    for key in sorted(keys):
        assert sorted(c["id"] for c in big.search(key)) == _scanned(big, key), key


def test_import_update_and_delete_keep_the_index_current(cat, tmp_path):
    """Renaming a card by a new import, deleting a row (as a removal does) and updating one by SQL."""
    src = tmp_path / "a.json"
    src.write_text(json.dumps([card(1, name="Zuzmara Kettő"), card(2, name="Pipacs")], ensure_ascii=False),
                   encoding="utf-8")
    import_files(cat, [src])
    assert [c["id"] for c in cat.search("zuzmara")] == ["af-test-1"]
    src.write_text(json.dumps([card(1, name="Bodza Kettő"), card(2, name="Pipacs")], ensure_ascii=False),
                   encoding="utf-8")
    import_files(cat, [src])
    assert cat.search("zuzmara") == [] and [c["id"] for c in cat.search("bodza")] == ["af-test-1"]
    with cat.write() as conn:
        conn.execute("DELETE FROM cards WHERE id = 'af-test-2'")
        conn.execute("UPDATE cards SET name_key = 'galagonya' WHERE id = 'af-test-1'")
    assert cat.search("pipacs") == [] and cat.search("bodza") == []
    where, params = compile_sql("galag", names=True)
    assert [r[0] for r in cat.conn.execute(f"SELECT c.id FROM cards c WHERE {where}", params)] == ["af-test-1"]
    assert not any("name index" in p for p in cat.check())


def test_a_bulk_import_indexes_its_rows_in_one_pass(tmp_path):
    cat = open_catalogue(tmp_path / "bulk.db", fill=False)
    src = tmp_path / "bulk.json"
    src.write_text(json.dumps(gen_cards.generate(5200, seed=3), ensure_ascii=False), encoding="utf-8")
    import_files(cat, [src])
    assert cat.check() == []
    key = "kaj"
    assert sorted(c["id"] for c in cat.search(key)) == _scanned(cat, key) != []
    cat.close()


def test_db_check_names_a_stale_name_index_and_repair_rebuilds_it(cat):
    with cat.write() as conn:
        conn.execute(f"INSERT INTO {nameindex.TABLE} ({nameindex.TABLE}) VALUES ('delete-all')")
    assert any(p.startswith("name index: it does not match the cards table") for p in cat.check())
    assert cat.search("ejlepo") == []  # the stale index answers: this is what check reports
    cat.repair()
    assert cat.check() == []
    assert [c["id"] for c in cat.search("ejlepo kajtar")] == ["af-ejlepo-kajtar"]


def test_a_catalogue_of_version_8_gets_the_index_when_it_is_opened(tmp_path):
    from deckkit.catalogue.migrations import MIGRATIONS

    path = tmp_path / "v8.db"
    cat = open_catalogue(path)
    with cat.write() as conn:
        conn.execute(f"DROP TABLE {nameindex.TABLE}")
        for name in nameindex.TRIGGERS:
            conn.execute(f"DROP TRIGGER {name}")
        conn.execute("PRAGMA user_version = 8")
    cat.close()
    assert max(MIGRATIONS) >= 9
    cat = open_catalogue(path)
    assert nameindex.present(cat.conn) and cat.check() == []
    assert [c["id"] for c in cat.search("ejlepo kajtar")] == ["af-ejlepo-kajtar"]
    cat.close()


def test_without_the_index_a_name_is_scanned_with_the_same_cards(cat):
    before = sorted(c["id"] for c in cat.search("kaj"))
    with cat.write() as conn:
        conn.execute(f"DROP TABLE {nameindex.TABLE}")
        for name in nameindex.TRIGGERS:
            conn.execute(f"DROP TRIGGER {name}")
    assert not nameindex.present(cat.conn)
    assert sorted(c["id"] for c in cat.search("kaj")) == before != []
