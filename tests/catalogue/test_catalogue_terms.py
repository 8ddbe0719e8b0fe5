"""Search as Scryfall users type it (issue 16 §3): f:/legal:/banned:, effect:, not:, partial type words,
every stored name language, deck find; each the same in SQL and in the Python predicate."""

from __future__ import annotations

import json

import pytest

from deckkit.query import effect_names
from deckkit.query import QuerySyntaxError, compile_predicate, parse
from catalogue_helpers import card, cat, db, empty, run, write  # noqa: F401  (pytest fixtures)


def _both(cat, query: str) -> list[str]:
    sql = sorted(c["id"] for c in cat.search(query))
    pred = compile_predicate(query)
    assert sql == sorted(c["id"] for c in cat.cards() if pred(c)), query
    assert cat.search_count(query) == len(sql)
    return sql


def test_a_translated_name_finds_the_card(cat):
    assert "af-ejlepo-kajtar" in _both(cat, "nightstepper")
    assert _both(cat, '!"Nightstepper Kajtár"') == ["af-ejlepo-kajtar"]
    assert "af-ejlepo-kajtar" in _both(cat, "name:nightstepper")


def test_effect_matches_the_effects_of_the_abilities(cat):
    drawing = _both(cat, "effect:draw")
    assert drawing and all("draw" in effect_names(cat.get(i)) for i in drawing)  # flat or a step of the language
    assert _both(cat, "effect:draw -effect:draw") == []
    assert set(_both(cat, "game:ob effect:boost")) < set(_both(cat, "effect:boost"))


def test_not_is_the_negation_of_is(cat):
    assert _both(cat, "not:helper game:af") == _both(cat, "-is:helper game:af")
    assert _both(cat, "not!=helper") == _both(cat, "is:helper")
    assert parse("not:rulebook") == parse("is!=rulebook")


@pytest.mark.parametrize("query,types", [
    ("t:dream", {"dreamwalker", "dream-creature"}),
    ("t:creature", {"dream-creature"}),
    ("t:ingr", {"ingredient"}),
    ("t:spell", {"spell"}),  # a whole type is that type only
    ("t:dreamwalker", {"dreamwalker"}),
])
def test_partial_type_words(cat, query, types):
    ids = _both(cat, query)
    assert ids and {cat.get(i)["type"] for i in ids} == types


def test_a_type_word_that_names_nothing_is_a_usage_error_with_a_suggestion():
    with pytest.raises(QuerySyntaxError) as info:
        parse("t:mosnter")
    assert info.value.position == 2 and "did you mean" in info.value.hint


def test_format_legality_from_the_format_files(cat):
    af = _both(cat, "game:af")
    assert _both(cat, "f:alomfogo-casual") == af
    assert _both(cat, "legal:tournament") == af  # only Álomfogó has a format named tournament
    standard = _both(cat, "f:standard")  # Kotlík and Obludárium both have one
    assert {cat.get(i)["game"] for i in standard} == {"kotlik", "obludarium"}
    assert _both(cat, "banned:casual") == []


def test_a_house_format_bans_and_limits_types(cat, monkeypatch):
    from deckkit.decks import formats
    from deckkit.paths import data_dir

    league = formats.load_format_file(data_dir() / "formats" / "examples" / "alomfogo-league-no-events.json")
    bundled = dict(formats.bundled_formats())
    bundled[(league.game, league.name)] = league
    monkeypatch.setattr(formats, "bundled_formats", lambda: bundled)
    banned = _both(cat, "banned:league-no-events")
    assert [cat.get(i)["name"] for i in banned] == ["Álomrengés"]
    legal = _both(cat, "f:league-no-events")
    assert legal and banned[0] not in legal
    assert {cat.get(i)["type"] for i in legal} <= {"dreamwalker", "dream-creature", "instant"}
    assert _both(cat, "f:league-no-events t:event") == []


def test_an_f_naming_no_format_is_a_usage_error_with_caret_and_suggestion(run):
    with pytest.raises(QuerySyntaxError) as info:
        parse("game:af f:turnament")
    assert info.value.position == 10 and info.value.hint.startswith("did you mean f:tournament or f:alomfogo-tournament? formats: ")
    r = run("search", "f:nothing")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == ("error: no format named 'nothing' at column 3\n  f:nothing\n    ^\n"
                        "hint: formats: alomfogo-casual, alomfogo-tournament, kotlik-beginner, kotlik-standard, "
                        "obludarium-standard\n")


def test_is_flags_are_indexed(cat):
    from deckkit.catalogue.search import compile_sql

    for flag in ("rulebook", "invented"):
        where, params = compile_sql(f"is:{flag}")
        # The term's keys come from the partial index (so beside a range no row of the table is read)
        plan = " ".join(r[3] for r in cat.conn.execute(f"EXPLAIN QUERY PLAN SELECT count(*) FROM cards c WHERE {where}",
                                                       params))
        assert f"idx_cards_{flag}" in plan, plan
        n = cat.conn.execute(f"SELECT count(*) FROM cards c WHERE {where}", params).fetchone()[0]
        assert n == len(cat.search(f"is:{flag}")) == cat.conn.execute(
            f"SELECT count(*) FROM cards WHERE {flag} = 1").fetchone()[0]
    where, params = compile_sql("is:helper")
    plan = " ".join(r[3] for r in cat.conn.execute(f"EXPLAIN QUERY PLAN SELECT count(*) FROM cards c WHERE {where}",
                                                   params))
    assert "idx_card_tags_value" in plan, plan


def test_deck_find_lists_the_decks_with_matching_cards(run, write):
    a = write("a.deck", "game: alomfogo\nname: Sny\n3 Éjlépő Kajtár\n3 Jégszem Soyana\n")
    b = write("b.deck", "game: alomfogo\n4 Jégszem Soyana\n")
    r = run("deck", "find", "nightstepper", str(a), str(b))
    assert r.exit_code == 0, r.stderr
    assert r.stdout == f"{a} (Sny): 3 copies\n  3 Éjlépő Kajtár\n"
    r = run("deck", "find", "soyana", str(a), str(b), "-o", "json")
    found = json.loads(r.stdout)
    assert [f["file"] for f in found] == [str(a), str(b)] and [f["copies"] for f in found] == [3, 4]
    r = run("deck", "find", "t:corner", str(a))
    assert r.exit_code == 0 and r.stdout == "" and r.stderr == "no deck holds a matching card\n"
    r = run("deck", "find", "f:nothing", str(a))
    assert r.exit_code == 2 and "no format named" in r.stderr
