"""The bulk import path (issue 2 §4 and "Speed"): its shortcuts give the same catalogue as the plain path.

Each shortcut of the fast path is checked against what it replaces: the per-character fold table
against ``text.fold``, ``query.text_tokens`` against SQLite's own
tokenizer, the stored JSON against the card, bulk loads against small ones.
"""

from __future__ import annotations

import json
import sqlite3

from hypothesis import given, settings, strategies as st

from deckkit.catalogue.importer import import_files
from deckkit.catalogue.rows import _encoder, fold_key, stored_card
from deckkit.errors import ValidationFailed
from deckkit.query import text_tokens
from deckkit.text import FTS_TOKENIZER, fold
from catalogue_helpers import card, db, cat, empty, write  # noqa: F401  (pytest fixtures)

import pytest

# Letters of the three games' languages, marks, odd spaces and letters NFKD does not split.
_ALPHABET = st.sampled_from(list("aAzZ09 _-.,'\"!?") + list("éÉőŐűŰřŘčČěĚšŠžŽůŮýáíóúöüÖÜ") +
                            ["\u0301", "\u030c", "\u00a8", "\u00a0", "\u2003", "\t", "\n", "ß", "ł", "ø", "æ", "œ",
                             "ﬁ", "Ⅻ", "①", "ǅ", "İ", "Σ", "ς", "ﾊ", "ｶ", "\u3000", "Å", "Ω", "½"])
_TEXT = st.text(alphabet=_ALPHABET, max_size=40) | st.text(max_size=30)


@settings(max_examples=300, deadline=None)
@given(_TEXT)
def test_fold_key_is_text_fold(text):
    assert fold_key(text) == fold(text)


def test_fold_key_on_every_latin_and_combining_character():
    chars = [chr(cp) for cp in range(0x20, 0x800)]
    for ch in chars:
        assert fold_key(f"x{ch}y {ch}") == fold(f"x{ch}y {ch}"), repr(ch)


def _fts_tokens(conn: sqlite3.Connection, text: str) -> list[str]:
    conn.execute("DELETE FROM t")
    conn.execute("INSERT INTO t(rowid, text) VALUES (1, ?)", (text,))
    return [r[0] for r in conn.execute("SELECT term FROM v ORDER BY offset")]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=60) | _TEXT)
def test_text_tokens_are_the_words_the_full_text_index_holds(text):
    # The catalogue's own tokenizer settings (migration 6); fts5vocab lists what was indexed, in order.
    # o: in Python (strategies, conditions) and in SQL (search) rely on this being exact.
    conn = sqlite3.connect(":memory:")
    conn.execute(f"CREATE VIRTUAL TABLE t USING FTS5 (text, tokenize={FTS_TOKENIZER!r})")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    assert _fts_tokens(conn, text) == text_tokens(text)


def test_the_catalogue_full_text_table_uses_that_tokenizer(cat):
    sql = cat.conn.execute("SELECT sql FROM sqlite_master WHERE name = 'cards_fts'").fetchone()[0]
    assert FTS_TOKENIZER in sql


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text() |
                    st.floats(allow_nan=False, allow_infinity=False),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=12))
def test_stored_json_reads_back_as_the_same_value(value):
    try:
        text = _encoder()({"v": value})
    except UnicodeEncodeError:  # pragma: no cover - lone surrogates are refused by either encoder
        return
    assert json.loads(text) == {"v": value}


def test_very_large_integers_are_stored_exactly():
    assert json.loads(_encoder()({"n": 10 ** 30})) == {"n": 10 ** 30}


def test_stored_cards_read_back_in_canonical_field_order(empty, write):
    rec = {"text": "Draws a card.", "type": "dreamwalker", "name": "Tesztlépő 1", "cost": 1, "game": "alomfogo",
           "attack": 1, "defense": 2, "id": "af-test-1"}
    import_files(empty, [write("a.json", [rec])])
    got = empty.get("af-test-1")
    assert got == rec
    assert list(got) == ["id", "game", "name", "type", "cost", "attack", "defense", "text"]
    assert list(empty.search("ejlepo or tesztlepo")[0]) == list(got)


def test_same_cards_in_another_key_order_or_number_form_are_unchanged(empty, write):
    cards = [card(i) for i in range(3)]
    import_files(empty, [write("a.json", cards)])
    shuffled = [dict(reversed(list(c.items()))) for c in cards]
    shuffled[0]["cost"] = float(shuffled[0]["cost"])  # 0.0: JSON Schema's integer, stored as 0
    report = import_files(empty, [write("b.json", shuffled)])
    assert (report.added, report.updated, report.unchanged) == ([], [], 3)
    shuffled[1]["attack"] = 5
    report = import_files(empty, [write("c.json", shuffled)])
    assert report.updated == ["af-test-1"] and report.unchanged == 2
    assert empty.get("af-test-1")["attack"] == 5
    assert stored_card(_encoder()(shuffled[0])) == card(0)


def test_a_card_without_text_is_stored_with_an_empty_one(empty, write):
    rec = {"id": "ob-food-x", "game": "obludarium", "name": "Žrádlo", "type": "food"}
    import_files(empty, [write("a.json", [rec])])
    assert empty.get("ob-food-x") == {**rec, "text": ""}
    assert [c["id"] for c in empty.search("o:/^$/")] == ["ob-food-x"]


def test_a_number_too_large_for_a_float_is_refused(empty, write):
    f = write("big.json", '[{"id": "af-x", "game": "alomfogo", "name": "X", "type": "event", "cost": 1e400}]')
    with pytest.raises(ValidationFailed) as info:
        import_files(empty, [f])
    assert "too large" in info.value.problems[0].message
    assert empty.count() == 0


def test_bulk_import_over_existing_cards_adds_updates_and_keeps_every_index(cat, write):
    before = cat.count()
    indexes = {r[0] for r in cat.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    def make(i: int, changed: bool = False) -> dict:
        return card(i, subtypes=["bűvforrás"] if i % 7 == 0 else [], cost=(i + changed) % 5)

    import_files(cat, [write("a.json", [make(i) for i in range(6000)])])
    second = [make(i, changed=i % 2 == 1) for i in range(3000, 9000)]  # 3000 known (odd ones changed), 3000 new
    report = import_files(cat, [write("b.json", second)])
    assert len(report.added) == 3000 and len(report.updated) == 1500 and report.unchanged == 1500
    assert cat.count() == before + 9000
    after = {r[0] for r in cat.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    assert after == indexes
    assert cat.check() == []
    # The unique id index is back and enforced.
    with pytest.raises(sqlite3.IntegrityError):
        cat.conn.execute("INSERT INTO cards (id, game, name, name_key, type, source) "
                         "VALUES ('af-test-1', 'alomfogo', 'x', 'x', 'event', 'x')")
    # Rows, tags and full-text entries of updated and added cards answer searches like any other card.
    assert {c["id"] for c in cat.search("sub:bűvforrás id:af-test-7")} == {"af-test-7"}
    final_cost = {i: (i + (i >= 3000 and i % 2 == 1)) % 5 for i in range(9000)}
    expected = sum(1 for c in final_cost.values() if c == 4)
    assert cat.search_count('game:af t:dreamwalker o:"draws a card" tesztlepo cost=4') == expected
    assert len(cat.search("o:draws", limit=None)) >= 9000
    assert all(cat.get(f"af-test-{i}")["cost"] == final_cost[i] for i in (0, 2999, 3000, 3001, 5999, 6000, 8999))


def test_partial_indexes_serve_structured_queries(cat):
    plan = " ".join(r[3] for r in cat.conn.execute(
        "EXPLAIN QUERY PLAN SELECT count(*) FROM cards c WHERE (c.label IS NOT NULL AND c.label = 'green')"))
    assert "idx_cards_label" in plan
    plan = " ".join(r[3] for r in cat.conn.execute(
        "EXPLAIN QUERY PLAN SELECT count(*) FROM cards c WHERE (c.number IS NOT NULL AND c.number >= 3)"))
    assert "idx_cards_number" in plan
