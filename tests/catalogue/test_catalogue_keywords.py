"""Keywords as data (OB-D48, AF-D31): a designer defines a keyword once in a card file and gives it to
cards by name; the import puts its abilities in, keeps the names, stores the definition, and refuses
a name it cannot resolve — with nothing written."""

from __future__ import annotations

import json

from catalogue_helpers import db, empty, run, write  # noqa: F401  (fixtures)

from deckkit.catalogue.importer import import_files
from deckkit.catalogue.keywordstore import stored_keywords

GAME, OTHER = "obludarium", "alomfogo"
BUILTIN = "cannot-block"


def _static(name: str) -> dict:
    return {"static": [{"effect": "keyword", "keyword": name}]}


SWIFT = {"game": GAME, "text": "It can attack in the turn it arrives.", "abilities": [_static(BUILTIN)]}


def monster(i: int, **extra) -> dict:
    c = {"id": f"ob-kw-{i}", "game": GAME, "name": f"Strážce {i}", "type": "monster", "cost": 1, "attack": 1,
         "defense": 1, "text": ""}
    c.update(extra)
    return c


def test_a_keyword_of_the_file_is_put_in_as_tagged_abilities_and_its_name_kept(empty, write):
    f = write("kw.json", {"keywords": {"swift": SWIFT}, "cards": [monster(1, keywords=["swift"])]})
    report = import_files(empty, [f])
    assert report.added == ["ob-kw-1"] and report.keywords == [f"{GAME}/swift"]
    stored = empty.get("ob-kw-1")
    assert stored["keywords"] == ["swift"]
    assert stored["abilities"] == [{"keyword": "swift", **_static(BUILTIN)}]
    assert stored_keywords(empty)[(GAME, "swift")].text == SWIFT["text"]


def test_an_ability_naming_a_keyword_takes_its_place_among_the_cards_abilities(empty, write):
    own = {"trigger": "enters", "do": [{"effect": "draw", "amount": 1}]}
    f = write("kw.json", {"keywords": {"swift": SWIFT},
                          "cards": [monster(1, abilities=[{"keyword": "swift"}, own])]})
    import_files(empty, [f])
    assert empty.get("ob-kw-1")["abilities"] == [{"keyword": "swift", **_static(BUILTIN)}, own]


def test_a_keyword_stored_earlier_serves_a_later_csv_import(empty, write):
    import_files(empty, [write("keywords.json", {"keywords": {"swift": SWIFT}})])
    csv = write("cards.csv", "id,game,name,type,cost,attack,defense,keywords\n"
                             f"ob-kw-2,{GAME},Strážce 2,monster,1,1,1,swift\n")
    assert import_files(empty, [csv]).added == ["ob-kw-2"]
    assert empty.get("ob-kw-2")["abilities"][0]["keyword"] == "swift"


def test_an_exported_card_imports_again_unchanged_without_the_definition(empty, write, tmp_path):
    from deckkit.catalogue import open_catalogue

    import_files(empty, [write("kw.json", {"keywords": {"swift": SWIFT}, "cards": [monster(1, keywords=["swift"])]})])
    card = empty.get("ob-kw-1")
    again = import_files(empty, [write("again.json", [card])])
    assert again.unchanged == 1 and empty.get("ob-kw-1") == card
    other = open_catalogue(tmp_path / "other.db", fill=False)
    try:
        assert import_files(other, [write("elsewhere.json", [card])]).added == ["ob-kw-1"]
        assert other.get("ob-kw-1") == card
    finally:
        other.close()


def test_a_built_in_keyword_is_given_by_name_and_cannot_be_redefined(empty, write):
    import_files(empty, [write("a.json", [monster(1, keywords=[BUILTIN])])])
    assert empty.get("ob-kw-1")["abilities"] == [{"keyword": BUILTIN, **_static(BUILTIN)}]
    bad = write("b.json", {"keywords": {BUILTIN: SWIFT}})
    problems = _refused(empty, bad)
    assert problems[0].path == f'$.keywords["{BUILTIN}"]' and "built-in keyword" in problems[0].message


def _refused(cat, *files):
    from deckkit.errors import ValidationFailed

    before = cat.count()
    try:
        import_files(cat, list(files))
    except ValidationFailed as exc:
        assert cat.count() == before and not stored_keywords(cat)  # nothing written
        return exc.problems
    raise AssertionError("the import was not refused")


def test_an_undefined_keyword_is_refused_with_the_defined_names_and_a_near_miss(empty, write):
    f = write("kw.json", {"keywords": {"swift": SWIFT}, "cards": [monster(1, keywords=["swfit"])]})
    [p] = _refused(empty, f)
    assert (p.file, p.record, p.path, p.line) == (str(f), 1, "$.keywords[0]", 1)
    assert "'swfit' is not a defined keyword" in p.message
    assert "did you mean 'swift'?" in p.hint and BUILTIN in p.hint


def test_a_keyword_defined_twice_differently_is_refused_at_the_second(empty, write):
    a = write("a.json", {"keywords": {"swift": SWIFT}})
    b = write("b.json", {"keywords": {"swift": {**SWIFT, "text": "Something else."}}})
    [p] = _refused(empty, a, b)
    assert p.file == str(b) and p.path == '$.keywords["swift"]' and "defined twice" in p.message
    assert str(a) in p.message and "'swift-2'" in p.hint
    assert import_files(empty, [a, write("c.json", {"keywords": {"swift": SWIFT}})]).keywords == [f"{GAME}/swift"]


def test_a_keyword_that_refers_to_itself_through_another_is_refused(empty, write):
    f = write("kw.json", {"keywords": {"a": {"game": GAME, "abilities": [{"keyword": "b"}]},
                                       "b": {"game": GAME, "abilities": [{"keyword": "a"}]}}})
    problems = _refused(empty, f)
    assert problems[0].path == '$.keywords["a"].abilities[0].keyword'
    assert "refers to itself (a → b → a)" in problems[0].message


def test_a_keyword_of_another_game_is_refused_naming_that_game(empty, write):
    other = OTHER
    f = write("kw.json", {"keywords": {"tough": {"game": other, "abilities": [_static(BUILTIN)]}},
                          "cards": [monster(1, keywords=["tough"])]})
    problems = _refused(empty, f)
    assert any(p.path == "$.keywords[0]" and f"a keyword of {other}, not of {GAME}" in p.message
               for p in problems)


def test_a_keyword_the_card_type_cannot_have_is_refused_at_the_name(empty, write):
    spell = {"id": "ob-kw-9", "game": GAME, "name": "Kouzlo", "type": "spell", "cost": 1, "keywords": ["swift"],
             "abilities": [{"do": [{"effect": "draw", "amount": 1}]}]}
    problems = _refused(empty, write("kw.json", {"keywords": {"swift": SWIFT}, "cards": [spell]}))
    assert problems[0].path == "$.keywords[0]"
    assert problems[0].message.startswith("keyword 'swift' (") and "spell" in problems[0].message


def test_card_shows_each_keyword_with_its_meaning_and_the_abilities_it_gave(run, write):
    f = write("kw.json", {"keywords": {"swift": SWIFT}, "cards": [monster(1, keywords=["swift"])]})
    assert run("import", str(f)).exit_code == 0
    out = run("card", "ob-kw-1").stdout
    assert f"keywords   swift: {SWIFT['text']}" in out
    assert "abilities  (swift) " in out


def test_a_changed_definition_restates_the_stored_cards_that_carry_it_and_keywords_built_on_it(empty, write):
    built = {"game": GAME, "text": "Swift, and more.", "abilities": [{"keyword": "swift"}]}
    import_files(empty, [write("a.json", {"keywords": {"swift": SWIFT, "built": built},
                                          "cards": [monster(1, keywords=["swift"]), monster(2, keywords=["built"]),
                                                    monster(3)]})])
    changed = {**SWIFT, "text": "It cannot attack.", "abilities": [_static("cannot-attack")]}
    report = import_files(empty, [write("b.json", {"keywords": {"swift": changed}})])
    assert (report.records, sorted(report.updated), report.keywords) == (0, ["ob-kw-1", "ob-kw-2"], [f"{GAME}/swift"])
    assert empty.get("ob-kw-1")["abilities"] == [{"keyword": "swift", **_static("cannot-attack")}]
    assert empty.get("ob-kw-2")["abilities"] == [{"keyword": "built", **_static("cannot-attack")}]
    assert stored_keywords(empty)[(GAME, "swift")].text == "It cannot attack."


def test_import_says_which_keywords_it_defined(run, write):
    f = write("kw.json", {"keywords": {"swift": SWIFT}, "cards": [monster(1, keywords=["swift"])]})
    r = run("import", str(f))
    assert r.stdout == f"1 card from 1 file: 1 added, 0 updated, 0 unchanged; 1 keyword defined ({GAME}/swift)\n"
    again = run("import", "-o", "json", str(f))
    assert json.loads(again.stdout)["keywords"] == []


def test_a_lone_keyword_reference_that_was_never_put_in_is_refused_by_the_checker():
    from deckkit.engine.ability_check import compile_card

    _, problems = compile_card(GAME, monster(1, abilities=[{"keyword": "swift"}]))
    assert [(p.path, p.message) for p in problems] == [
        ("$.abilities[0].keyword", "keyword 'swift' was not put in: the ability says nothing else")]


def test_card_without_the_definition_says_what_the_keywords_abilities_do(run, write):
    card = {**monster(1, keywords=["swift"]), "abilities": [{"keyword": "swift", **_static(BUILTIN)}]}
    assert run("import", str(write("exported.json", [card]))).exit_code == 0
    assert "keywords   swift: Strážce 1 cannot block." in run("card", "ob-kw-1").stdout


def test_kw_search_finds_a_card_by_its_keyword(empty, write):
    from deckkit.query import parse

    import_files(empty, [write("kw.json", {"keywords": {"rychlý": SWIFT}, "cards": [monster(1, keywords=["rychlý"]),
                                                                                   monster(2)]})])
    assert [c["id"] for c in empty.search(parse("kw:rychly"))] == ["ob-kw-1"]
    assert empty.check() == []  # the derived columns and tags agree with the records
