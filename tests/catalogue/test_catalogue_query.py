"""The search language (CLI.md "Search query language"): parser, error positions, Python predicate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from deckkit.errors import UsageError
from deckkit.query import And, FieldRef, Not, Or, QuerySyntaxError, Term, compile_predicate, parse

KAJTAR = {"id": "af-ejlepo-kajtar", "game": "alomfogo", "name": "Éjlépő Kajtár", "type": "dreamwalker",
          "cost": 1, "attack": 0, "defense": 3, "text": "Draws a card when played.", "subtypes": ["Yurt"]}
SOYANA = {"id": "af-jegszem-soyana", "game": "alomfogo", "name": "Jégszem Soyana", "type": "dreamwalker",
          "cost": 1, "attack": 3, "defense": 0, "text": "", "helper": "P", "rarity": "silver", "set": "ALAP"}
BUV = {"id": "af-forras", "game": "alomfogo", "name": "Forrás", "type": "event", "cost": 0,
       "subtypes": ["bűvforrás"], "text": "Gives 1 magic point."}
FOOD = {"id": "ob-rizek", "game": "obludarium", "name": "Řízek", "type": "food", "text": ""}
BAT = {"id": "ob-netopyr", "game": "obludarium", "name": "Netopýr", "type": "monster", "cost": 2, "attack": 1,
       "defense": 1, "groups": ["flying", "nocturnal"], "text": "Flies at night."}
ING = {"id": "ko-zab-3", "game": "kotlik", "name": "Žabí stehýnko 3", "type": "ingredient", "ingredient": "žabí stehýnko",
       "number": 3, "label": "green", "symbols": ["exploding-cauldron"], "text": ""}
CARDS = [KAJTAR, SOYANA, BUV, FOOD, BAT, ING]


def ids(query: str) -> list[str]:
    pred = compile_predicate(query)
    return [c["id"] for c in CARDS if pred(c)]


def test_cli_md_example_parses_into_the_expected_tree():
    ast = parse("game:af t:dreamwalker cost<=2 (atk>=3 or def>=3) -sub:bűvforrás")
    assert isinstance(ast, And) and len(ast.nodes) == 5
    assert ast.nodes[0] == Term("game", "=", "alomfogo", False, 0, 7)
    assert ast.nodes[2] == Term("cost", "<=", 2, False, 22, 29)
    assert isinstance(ast.nodes[3], Or)
    assert isinstance(ast.nodes[4], Not) and ast.nodes[4].node.value == "bűvforrás"


def test_or_binds_looser_than_implicit_and():
    ast = parse("a or b c")
    assert isinstance(ast, Or) and isinstance(ast.nodes[1], And)


@pytest.mark.parametrize("query,expected", [
    ("ejlepo kajtar", ["af-ejlepo-kajtar"]),
    ('"Éjlépő Kajtár"', ["af-ejlepo-kajtar"]),
    ("name:SOYANA", ["af-jegszem-soyana"]),
    ("game:af t:dreamwalker cost<=2 (atk>=3 or def>=3) -sub:bűvforrás", ["af-ejlepo-kajtar", "af-jegszem-soyana"]),
    ("sub:buvforras", ["af-forras"]),
    ("kw:flying", ["ob-netopyr"]),
    ("group:FLYING", ["ob-netopyr"]),
    ("kw:exploding-cauldron", ["ko-zab-3"]),
    ("game:ob", ["ob-rizek", "ob-netopyr"]),
    ("-game:ob -game:ko", ["af-ejlepo-kajtar", "af-jegszem-soyana", "af-forras"]),
    ("game!=alomfogo", ["ob-rizek", "ob-netopyr", "ko-zab-3"]),
    ("r:silver", ["af-jegszem-soyana"]),
    ("set:alap", ["af-jegszem-soyana"]),
    ("o:draw", ["af-ejlepo-kajtar"]),
    ('o:"a card when"', ["af-ejlepo-kajtar"]),
    ('o:"card a"', []),
    ("o:/magic point/", ["af-forras"]),
    ("name:/^j.gszem/", ["af-jegszem-soyana"]),
    ("number>=3 label:green", ["ko-zab-3"]),
    ('ingredient:"zabi stehynko"', ["ko-zab-3"]),
    ("cost=0", ["af-forras"]),
    ("cost!=1", ["af-forras", "ob-netopyr"]),
    ("-cost>=1", ["af-forras", "ob-rizek", "ko-zab-3"]),
    ("t:food or (t:monster kw:nocturnal)", ["ob-rizek", "ob-netopyr"]),
    ("rizek", ["ob-rizek"]),
    ("id:AF-FORRAS", ["af-forras"]),
])
def test_predicate_semantics(query, expected):
    assert ids(query) == expected


@pytest.mark.parametrize("query,message,column", [
    ("t:food (cost<2", "unclosed '('", 8),
    ("t:food cost<2)", "unmatched ')'", 14),
    ('t:food "Éjlépő', "unclosed quote", 8),
    ("name:/abc", "unclosed regular expression", 6),
    ("name:/a(/", "bad regular expression", 8),
    ("colr:green", "unknown field 'colr'", 1),
    ("cost<=cheap", "cost needs a whole number", 7),
    ("t:food name>3", "name cannot be compared with '>'", 12),
    ("game:mtg", "unknown game 'mtg'", 6),
    ("t:criature", "unknown type 'criature'", 3),  # t:creature is a word of dream-creature
    ("r:mythic", "unknown rarity 'mythic'", 3),
    ("a or", "ends where a term is expected", 5),
    ("or a", "'or' where a term is expected", 1),
    ("a or or b", "'or' where a term is expected", 6),
    ("()", "empty parentheses", 1),
    ("- a", "'-' must stand right before", 1),
    ("cost:", "missing value after cost:", 6),
    ("", "empty query", 1),
    ("o:!!!", "no words", 3),
    ("cost~3", "unknown comparison '~' after cost", 5),
    ("t:food atk≤2", "unknown comparison '≤' after atk", 11),
    ("cost=>3", "unknown comparison '=>' after cost", 5),
    ("def==1", "unknown comparison '==' after def", 4),
    ("cost<>1", "unknown comparison '<>' after cost", 5),
    ("t~food", "unknown comparison '~' after t", 2),
    ("atk>", "missing value after atk>", 5),
    ("!", "'!' must stand right before a name", 1),
    ("kajtar ! x", "'!' must stand right before a name", 8),
    ("!(kajtar)", "'!' must stand right before a name", 1),
    ('!""', "empty value for name", 2),
    ('!"Éjlépő', "unclosed quote", 2),
    ("is:", "missing value after is:", 4),
    ("is:nonsense", "unknown is: value 'nonsense'", 4),
    ("t:food is:flying", "unknown is: value 'flying'", 11),
    ("is>glorious", "is cannot be compared with '>'", 3),
    ("atk>nope", "atk needs a whole number or a number field, not 'nope'", 5),
    ("atk>name", "atk can only be compared with a number or a number field, not 'name'", 5),
    ("cost<=t", "cost can only be compared with a number or a number field, not 't'", 7),
])
def test_malformed_queries_point_at_the_mistake(query, message, column):
    with pytest.raises(QuerySyntaxError) as info:
        parse(query)
    err = info.value
    assert message in err.message
    assert err.column == column
    assert isinstance(err, UsageError) and err.exit_code == 2
    assert err.detail == [query, " " * (column - 1) + "^"]


def test_bad_comparison_hint_lists_the_operators_of_the_field():
    with pytest.raises(QuerySyntaxError) as info:
        parse("cost=>3")
    assert info.value.hint == "cost takes : = != < <= > >="


def test_a_name_word_with_a_tilde_is_still_a_name():
    assert parse("Kaj~tar") == Term("name", "=", "Kaj~tar", False, 0, 7)


def test_unknown_field_suggests_a_close_one():
    with pytest.raises(QuerySyntaxError) as info:
        parse("typ:food")
    assert "did you mean type:" in info.value.hint


def test_error_can_be_shifted_into_a_surrounding_expression():
    text = "count(t:food (x) >= 2"
    with pytest.raises(QuerySyntaxError) as info:
        parse(text[6:15])  # "t:food (x"
    shifted = info.value.shifted(text, 6)
    assert shifted.position == 6 + 7 and shifted.query == text


def test_query_errors_are_positioned_usage_errors_with_query_as_alias_of_text():
    from deckkit.errors import PositionedUsageError

    with pytest.raises(PositionedUsageError) as info:  # one "message + caret" for queries and conditions
        parse("t:food (x")
    assert info.value.query == info.value.text == "t:food (x"


def test_over_long_and_nul_queries_are_refused_before_parsing():
    with pytest.raises(QuerySyntaxError) as info:
        parse("a" * 2001)
    assert "query is too long (2001 characters; the limit is 2000)" in info.value.message
    assert info.value.hint == "keep queries under 2000 characters"
    with pytest.raises(QuerySyntaxError) as info:
        parse("ab\x00c")
    assert "NUL" in info.value.message and info.value.column == 3


@pytest.mark.parametrize("query", ["(" * 900 + "a" + ")" * 900, "-" * 900 + "a", "-(" * 31 + "a" + ")" * 31])
def test_absurd_nesting_is_a_clean_error_not_a_recursion_crash(query):
    with pytest.raises(QuerySyntaxError) as info:
        parse(query)
    assert info.value.message == "the query nests more than 30 levels of '(' and '-'"
    assert info.value.column == 31  # the first '(' or '-' past the limit


def test_more_than_200_terms_is_a_clean_error():
    with pytest.raises(QuerySyntaxError) as info:
        parse("a " * 201)
    assert info.value.message == "the query has 201 terms, more than 200" and info.value.column == 401


def test_sql_injection_text_is_just_a_name():
    ast = parse("name:\"'; DROP TABLE cards; --\"")
    assert ast == Term("name", "=", "'; DROP TABLE cards; --", False, 0, 30)
    assert ids("\"'; DROP TABLE cards; --\"") == []


_query_chars = st.sampled_from(list('abc ()-"/:<=>!or~≤') + ["t:", "cost", "or", "game:", "name:", "o:", " ", "é", "\\", "1",
                                                             "!", "is:", "glorious", "atk", "def", "attack"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_query_chars, max_size=25).map("".join))
def test_parser_never_crashes_only_clean_errors(query):
    try:
        ast = parse(query)
    except QuerySyntaxError as exc:
        assert 0 <= exc.position <= len(query)
        return
    compile_predicate(ast)(KAJTAR)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_text_parses_or_fails_cleanly(query):
    try:
        compile_predicate(query)(BAT)
    except QuerySyntaxError:
        pass


# ---------------------------------------------------------------- !name, field-to-field comparisons, is:

GLORIOUS = {"id": "af-rozalia", "game": "alomfogo", "name": "Boszorkány Rozália", "type": "dreamwalker", "cost": 4,
            "attack": 3, "defense": 6, "glory": 1, "helper": "S", "text": "",
            "provenance": {"rules": ["AF-313"], "invented": []}}
PLAIN = {"id": "af-plain", "game": "alomfogo", "name": "Rozália", "type": "dreamwalker", "cost": 2, "attack": 2,
         "defense": 2, "glory": 0, "text": "", "provenance": {"invented": ["cost", "text"], "note": "placeholder"}}
WALL = {"id": "ob-stena", "game": "obludarium", "name": "Mlžná stěna", "type": "spell", "cost": 2, "blocking": True,
        "text": "", "provenance": {"rules": ["OB-355"], "invented": ["cost"]}}
ODD = {"id": "ob-odd", "game": "obludarium", "name": "Rozália", "type": "spell", "blocking": False, "helper": "P",
       "text": "", "provenance": {"rules": "OB-1", "invented": {"cost": 1}}}  # wrong shapes never count
MORE = [GLORIOUS, PLAIN, WALL, ODD, KAJTAR, SOYANA, FOOD, BAT]


def more_ids(query: str) -> list[str]:
    pred = compile_predicate(query)
    return [c["id"] for c in MORE if pred(c)]


def test_bang_parses_into_a_whole_name_term():
    assert parse('!"Éjlépő Kajtár"') == Term("name", "==", "Éjlépő Kajtár", False, 0, 16)
    assert parse("!ejlepo") == Term("name", "==", "ejlepo", False, 0, 7)
    ast = parse("-!rizek game:ob")
    assert isinstance(ast, And) and ast.nodes[0] == Not(Term("name", "==", "rizek", False, 1, 7))


@pytest.mark.parametrize("query,expected", [
    ('!"Éjlépő Kajtár"', ["af-ejlepo-kajtar"]),
    ('!"ejlepo   KAJTAR"', ["af-ejlepo-kajtar"]),  # folded: case, diacritics and runs of spaces
    ("!ejlepo", []),  # the whole name, not a part of it
    ('!"Éjlépő"', []),
    ("ejlepo", ["af-ejlepo-kajtar"]),  # a bare word is still a substring
    ("!RIZEK", ["ob-rizek"]),
    ("-!rizek game:ob", ["ob-netopyr"]),
    ('!netopyr or !"jegszem soyana"', ["af-jegszem-soyana", "ob-netopyr"]),
])
def test_bang_matches_the_whole_folded_name(query, expected):
    assert ids(query) == expected


def test_bang_in_the_middle_of_a_word_is_part_of_the_name():
    assert parse("Kaj!tar") == Term("name", "=", "Kaj!tar", False, 0, 7)
    assert more_ids("!rozalia") == ["af-plain", "ob-odd"] and more_ids("rozalia") == ["af-rozalia", "af-plain", "ob-odd"]


def test_a_number_field_on_the_right_is_a_field_reference():
    assert parse("atk>def") == Term("atk", ">", FieldRef("def"), False, 0, 7)
    assert parse("attack<=Defence") == Term("atk", "<=", FieldRef("def"), False, 0, 15)
    assert parse("cost:glory") == Term("cost", "=", FieldRef("glory"), False, 0, 10)
    assert parse('atk>"def"') == Term("atk", ">", FieldRef("def"), False, 0, 9)


@pytest.mark.parametrize("query,expected", [
    ("atk>def", ["af-jegszem-soyana"]),
    ("def>=atk", ["af-ejlepo-kajtar", "ob-netopyr"]),
    ("cost<atk", ["af-jegszem-soyana"]),
    ("atk!=def", ["af-ejlepo-kajtar", "af-jegszem-soyana"]),
    ("atk=def", ["ob-netopyr"]),
    ("atk>=atk", ["af-ejlepo-kajtar", "af-jegszem-soyana", "ob-netopyr"]),  # every card that has an attack
    ("cost<=number", []),  # no card has both
    ("-(atk>def)", ["af-ejlepo-kajtar", "af-forras", "ob-rizek", "ob-netopyr", "ko-zab-3"]),  # lacking: negation holds
])
def test_comparing_two_number_fields(query, expected):
    assert ids(query) == expected


@pytest.mark.parametrize("query,expected", [
    ("is:glorious", ["af-rozalia"]),  # AF-313: glory icon 1 or more; glory 0 is no icon
    ("-is:glorious game:af", ["af-plain", "af-ejlepo-kajtar", "af-jegszem-soyana"]),
    ("is:helper", ["af-rozalia", "af-jegszem-soyana"]),  # AF-309: a mark; an Obludárium card never is one
    ("is:blocking", ["ob-stena"]),  # OB-355
    ("is:rulebook", ["af-rozalia", "ob-stena"]),
    ("is:invented", ["af-plain", "ob-stena"]),  # an empty list is nothing invented
    ("is:invented -is:rulebook", ["af-plain"]),
    ("is!=invented t:spell", ["ob-odd"]),
    ("IS:Glorious", ["af-rozalia"]),
])
def test_is_shortcuts(query, expected):
    assert more_ids(query) == expected


def test_is_values_are_documented_in_search_help():
    from deckkit.cli.catalogue import SEARCH_HELP

    from deckkit.query import is_values

    for value in is_values():
        assert f"  {value}  " in SEARCH_HELP


@pytest.mark.parametrize("query,hint", [
    ("is:nonsense", "is: takes rulebook invented blocking glorious helper owned"),
    ("is:", "e.g. is:glorious; is: takes rulebook invented blocking glorious helper owned"),
    ("is:glorius", "did you mean is:glorious? is: takes rulebook invented blocking glorious helper owned"),
    ("is:flying", "a group or symbol is kw:flying; is: takes rulebook invented blocking glorious helper owned"),
    ("is:spell", "a card type is t:spell; is: takes rulebook invented blocking glorious helper owned"),
    ("atk>nope", "e.g. atk<=2 or atk>def; number fields: cost atk def number glory owned"),
    ("atk>", "e.g. atk>2"),  # the README shows this hint for cost<=(2
    ("!", '!"Éjlépő Kajtár" or !ejlepo matches the whole name (quote a name with spaces)'),
])
def test_hints_of_the_new_terms(query, hint):
    with pytest.raises(QuerySyntaxError) as info:
        parse(query)
    assert info.value.hint == hint
