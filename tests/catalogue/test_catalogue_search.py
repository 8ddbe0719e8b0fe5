"""Search in the catalogue (issue 2 §5): SQL and the Python predicate agree; CLI output and errors."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from deckkit.catalogue import open_catalogue
from deckkit.catalogue.importer import import_files
from deckkit.catalogue.search import compile_sql
from deckkit.errors import UsageError
from deckkit.query import compile_predicate
from catalogue_helpers import cat, db, run  # noqa: F401  (pytest fixtures)

_spec = importlib.util.spec_from_file_location("gen_cards", Path(__file__).parents[2] / "bench" / "gen_cards.py")
gen_cards = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_cards)


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """Bundled cards plus 600 synthetic ones."""
    tmp = tmp_path_factory.mktemp("big")
    src = tmp / "syn.json"
    src.write_text(json.dumps(gen_cards.generate(600, seed=7), ensure_ascii=False), encoding="utf-8")
    cat = open_catalogue(tmp / "big.db")
    import_files(cat, [src])
    yield cat
    cat.close()


QUERIES = [
    "game:af t:dreamwalker cost<=2 (atk>=3 or def>=3) -sub:bűvforrás",
    "ejlepo kajtar", "kajtar", '"Jégszem Soyana"', "name:/^j.g/", "o:draw", 'o:"magic power"', "o:/\\+\\d/",
    "kw:flying", "group:nocturnal -cost>3", "sub:bűvforrás or sub:ellenvarázs", "r:gold", "r:green game:af",
    "set:SYN3", "number>=3 label:green", "number!=2 t:ingredient", "glory>0", "-glory>0 game:af t:dreamwalker",
    "t:food or t:corner", "cost=0", "cost!=0", "-(cost<3)", "kw:exploding-cauldron",
    "id:af-ejlepo-kajtar", "ingredient:mandragora", "game:ko -t:ingredient", "t:recipe or (t:spell cost>=2)",
    "o:car", "o:\"card\"", "name:bí or name:éj",
    '!"Éjlépő Kajtár"', "!ejlepo", '!"jegszem soyana" or !glum', "-!glum game:ob t:monster", "atk>def", "def>=atk",
    "cost<atk", "atk!=def game:af", "-(atk>def)", "glory>=cost", "is:glorious", "-is:glorious t:dreamwalker",
    "is:helper", "is:blocking", "is:rulebook", "is:invented", "is:invented -is:rulebook", "is!=invented",
    "is:rulebook o:draw", "is:helper cost<atk",
    "nightstepper", '!"Nightstepper Kajtár"', "effect:draw", "effect:boost -game:af", "not:helper game:af",
    "not:rulebook", "t:dream", "t:creature cost<=2", "f:standard", "legal:alomfogo-casual t:event", "banned:casual",
    "-f:tournament",
]


def _python_ids(cat, query):
    pred = compile_predicate(query)
    return sorted(c["id"] for c in cat.cards() if pred(c))


@pytest.mark.parametrize("query", QUERIES)
def test_sql_search_and_python_predicate_agree(big, query):
    ids = sorted(c["id"] for c in big.search(query))
    assert ids == _python_ids(big, query)
    assert big.search_count(query) == len(ids)


def test_cli_md_acceptance_query_lists_the_rulebook_dreamwalkers(cat):
    names = [c["name"] for c in cat.search("game:af t:dreamwalker cost<=1")]
    for rulebook in ("Éjlépő Kajtár", "Jégszem Soyana", "Botlik Zsófi"):
        assert rulebook in names
    assert "Széki Hunorka" not in names  # cost 2


_atoms = st.sampled_from([
    "kajtar", "bí", "t:dreamwalker", "t:food", "game:ko", "game:af", "cost<=2", "atk>=3", "def!=1", "glory>1",
    "number:4", "kw:flying", "sub:yurt", "o:draw", 'o:"the card"', "r:bronze", "set:syn1", "label:blue",
    "name:/a$/", "o:/^gain/",
    '!"Éjlépő Kajtár"', "!glum", "!kajtar", "atk>def", "def>=atk", "cost<atk", "atk!=def", "glory<=cost",
    "is:glorious", "is:helper", "is:blocking", "is:rulebook", "is:invented",
    "nightstepper", "effect:draw", "effect:weaken", "not:helper", "not:invented", "t:dream", "f:standard",
    "legal:casual", "banned:casual",
])


@st.composite
def queries(draw, depth=2):
    if depth == 0 or draw(st.booleans()):
        return draw(_atoms)
    parts = draw(st.lists(queries(depth=depth - 1), min_size=1, max_size=3))
    joiner = draw(st.sampled_from([" ", " or "]))
    text = joiner.join(parts)
    if draw(st.booleans()):
        text = f"({text})"
    if draw(st.booleans()):
        text = "-" + (text if text.startswith("(") else f"({text})")
    return text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(queries())
def test_generated_queries_agree_between_sql_and_python(big, query):
    assert sorted(c["id"] for c in big.search(query)) == _python_ids(big, query)


def test_user_text_never_enters_the_sql(big):
    evil = "x'); DROP TABLE cards; --"
    sql, params = compile_sql(f'name:"{evil}" o:"{evil}" set:"{evil}" sub:"{evil}" !"{evil}"')
    assert "DROP" not in sql and "x'" not in sql
    assert any(evil.lower() in str(p) for p in params)
    assert big.search(f'"{evil}"') == [] and big.search(f'!"{evil}"') == []
    assert big.count() > 600  # the table is still there


def test_sort_and_limit(big):
    by_cost = big.search("game:af t:dreamwalker", sort="-cost", limit=5)
    costs = [c["cost"] for c in by_cost]
    assert costs == sorted(costs, reverse=True) and len(costs) == 5
    names = [c["name"] for c in big.search("game:af", sort="name", limit=20)]
    from deckkit.text import fold

    assert [fold(n) for n in names] == sorted(fold(n) for n in names)
    with pytest.raises(UsageError, match="cannot sort by 'power'"):
        big.search("kajtar", sort="power")


def test_cli_search_table_shows_fifty_and_says_how_many_more(run):
    r = run("search", "game:ko t:ingredient")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["name", "game", "type", "cost", "stats", "id"]
    assert len(lines) == 2 + 50
    assert r.stderr == "50 of 56 cards; 6 more (-o json or csv lists all)\n"


def test_cli_search_json_gives_every_match_and_csv_imports_back(run, tmp_path):
    r = run("search", "game:ko t:ingredient", "-o", "json")
    cards = json.loads(r.stdout)
    assert len(cards) == 56 and all({"id", "game", "name", "type", "text"} <= set(c) for c in cards)
    r = run("search", "game:ko t:ingredient", "-o", "csv", "--limit", "3")
    assert r.exit_code == 0 and len(r.stdout.splitlines()) == 4
    f = tmp_path / "three.csv"
    f.write_text(r.stdout, encoding="utf-8")
    r = run("import", str(f))
    assert r.stdout == "3 cards from 1 file: 0 added, 0 updated, 3 unchanged\n"


def test_cli_malformed_query_exits_2_with_a_caret(run):
    r = run("search", "game:af (cost<2")
    assert r.exit_code == 2
    assert r.stderr == ("error: unclosed '(' at column 9\n"
                        "  game:af (cost<2\n"
                        "          ^\n"
                        "hint: add a ')' to close it\n")
    r = run("search", "t:dreamwalkr")
    assert r.exit_code == 2 and "did you mean dreamwalker?" in r.stderr
    r = run("search", "kajtar", "--sort", "power")
    assert r.exit_code == 2 and "cannot sort by 'power'" in r.stderr


def test_cli_no_match(run):
    r = run("search", "zzzzqqq")
    assert r.exit_code == 0 and r.stdout == "" and r.stderr == "no cards match\n"


def test_cli_card_shows_one_card_and_suggests(run):
    r = run("card", "ejlepo kajtar", "-o", "json")
    assert r.exit_code == 0 and json.loads(r.stdout)["id"] == "af-ejlepo-kajtar"
    r = run("card", "jegszem soyna")
    assert r.exit_code == 1
    assert r.stderr == "error: unknown card 'jegszem soyna'\nhint: did you mean Jégszem Soyana?\n"
    r = run("card", "Éjlépő Kajtár")
    assert r.exit_code == 0 and "Éjlépő Kajtár" in r.stdout and "defense" in r.stdout


def test_a_query_starting_with_minus_goes_after_double_dash_as_help_says(run):
    assert "deckkit search -- '-t:food game:ob'" in run("search", "--help").stdout
    r = run("search", "-o", "json", "--", "-t:food game:ob")  # options before --
    assert r.exit_code == 0 and {c["type"] for c in json.loads(r.stdout)} == {"monster", "artifact", "spell"}


def test_cli_card_with_an_empty_name_is_a_usage_error(run):
    r = run("card", "  ")
    assert r.exit_code == 2 and r.stderr.startswith("error: no card name given\nhint: deckkit card ")


def test_search_help_teaches_the_syntax(run):
    r = run("search", "--help")
    assert r.exit_code == 0
    for piece in ("game:af t:dreamwalker cost<=2 (atk>=3 or def>=3) -sub:bűvforrás", "o:\"draw a card\"",
                  "name:/regex/", "kw:flying", "Examples:"):
        assert piece in r.stdout


@pytest.mark.parametrize("command", [["import"], ["export"], ["search"], ["card"], ["db", "info"], ["db", "check"]])
def test_every_catalogue_command_has_help_with_an_example(run, command):
    r = run(*command, "--help")
    assert r.exit_code == 0
    assert "Example" in r.stdout and "deckkit " + command[0] in r.stdout


def test_card_detail_is_label_value_lines_with_long_values_wrapped_under_their_column():
    from deckkit.catalogue.render import card_detail

    c = {"id": "af-x", "game": "alomfogo", "name": "Éjlépő X", "type": "event", "text": "word " * 30, "cost": 1,
         "subtypes": []}
    lines = card_detail(c, width=60).splitlines()
    assert lines[:3] == ["id    af-x", "game  alomfogo", "name  Éjlépő X"]
    assert not any(set(line) <= {"-", " "} for line in lines)  # no header rule as wide as the longest value
    text_lines = [line for line in lines if line.startswith(("text", "      word"))]
    assert len(text_lines) > 1 and all(len(line) <= 60 for line in lines)
    assert all(line.startswith("      word") for line in text_lines[1:])
    assert "subtypes" not in card_detail(c)  # empty fields are left out


def test_the_deepest_query_the_parser_allows_runs_in_sqlite(cat):
    # SQLite's own parser has a fixed stack (it overflowed at 50 nested NOTs): the parser's limit keeps below it.
    q = "o:draw"
    for _ in range(9):  # 3 levels each, and 2 more for the innermost -(t:food …): 29 of the 30 allowed
        q = f"-(kajtar or ({q} cost>1) -(t:food or kw:flying))"
    expected = sorted(c["id"] for c in cat.cards() if compile_predicate(q)(c))
    assert sorted(c["id"] for c in cat.search(q)) == expected and cat.search_count(q) == len(expected)
    assert len(cat.search("-" * 30 + "kajtar")) == 1


def test_the_longest_queries_the_parser_allows_run_in_sqlite(cat):
    # 999 name terms overflowed SQLite's expression tree (depth 1000); the parser allows 200 terms.
    kinds = ["a", "-b", "o:x", "set:y", "-o:z", "name:/q/", "cost>1", "sub:w", "or"]
    q = " ".join(kinds[i % len(kinds)] for i in range(224))
    assert sum(1 for w in q.split() if w != "or") == 200
    expected = sorted(c["id"] for c in cat.cards() if compile_predicate(q)(c))
    assert sorted(c["id"] for c in cat.search(q)) == expected and cat.search_count(q) == len(expected)


def test_the_new_terms_match_cards_in_the_big_catalogue(big):
    # The agreement tests above would pass if a term matched nothing in both; each new term finds cards.
    for query in ('!"Éjlépő Kajtár"', "atk>def", "def>=atk", "cost<atk", "is:glorious", "is:helper", "is:blocking",
                  "is:rulebook", "is:invented", "-is:invented"):
        assert big.search_count(query) > 0, query
    assert [c["id"] for c in big.search("!ejlepo kajtar")] == []


def test_is_values_and_their_sql_are_the_same_list():
    from deckkit.catalogue.search import is_sql
    from deckkit.query import is_values

    for value in is_values():  # every value has SQL that is true or false (a game's flag binds its game)
        sql, params = is_sql(value)
        assert sql and all(isinstance(p, str) for p in params)


def test_field_comparisons_and_is_add_no_parameters(big):
    # Fixed SQL fragments: the only bound value of these terms would be user text, and there is none.
    assert compile_sql("atk>def") == ("(c.attack IS NOT NULL AND c.defense IS NOT NULL AND c.attack > c.defense)", [])
    assert compile_sql("is:rulebook")[1] == []
    # a game's threshold flag (AF-313: a glory icon of 1 or more) binds only its game
    assert compile_sql("is:glorious") == ("(c.game = ? AND c.glory IS NOT NULL AND c.glory >= 1)", ["alomfogo"])
    # !name: the whole folded name or a whole translated one (between the separators of names_key)
    assert compile_sql("!ejlepo") == ("(c.name_key = ? OR (c.names_key IS NOT NULL AND instr(c.names_key, ?) > 0))",
                                      ["ejlepo", "\x1fejlepo\x1f"])


def test_cli_exact_name_field_comparison_and_is(run):
    r = run("search", '!"ejlepo kajtar"', "-o", "json")
    assert r.exit_code == 0 and [c["id"] for c in json.loads(r.stdout)] == ["af-ejlepo-kajtar"]
    r = run("search", "game:af is:glorious", "-o", "json")
    cards = json.loads(r.stdout)
    assert r.exit_code == 0 and cards and all(c["glory"] >= 1 for c in cards)
    r = run("search", "game:ob t:monster atk>def", "-o", "json")
    cards = json.loads(r.stdout)
    assert r.exit_code == 0 and cards and all(c["attack"] > c["defense"] for c in cards)


@pytest.mark.parametrize("query,stderr", [
    ("is:nonsense", "error: unknown is: value 'nonsense' at column 4\n"
                    "  is:nonsense\n"
                    "     ^\n"
                    "hint: is: takes rulebook invented blocking glorious helper owned\n"),
    ("game:ob !", "error: '!' must stand right before a name at column 9\n"
                  "  game:ob !\n"
                  "          ^\n"
                  'hint: !"Éjlépő Kajtár" or !ejlepo matches the whole name (quote a name with spaces)\n'),
    ("atk>nope", "error: atk needs a whole number or a number field, not 'nope' at column 5\n"
                 "  atk>nope\n"
                 "      ^\n"
                 "hint: e.g. atk<=2 or atk>def; number fields: cost atk def number glory owned\n"),
])
def test_cli_malformed_new_terms_exit_2_with_a_caret(run, query, stderr):
    r = run("search", query)
    assert r.exit_code == 2 and r.stdout == "" and r.stderr == stderr


def test_search_help_has_an_example_of_each_new_term(run):
    out = run("search", "--help").stdout
    for example in ("deckkit search '!\"Éjlépő Kajtár\"'", "deckkit search 'game:ob t:monster atk>def'",
                    "deckkit search 'game:af is:glorious'", "deckkit search 'is:invented -is:rulebook' -o json"):
        assert example in out


def test_an_is_value_owned_as_a_threshold_and_as_a_tag_searches_both(monkeypatch):
    """One is: name may be a threshold in one game (AF-313: a glory icon of 1 or more) and a tagged flag
    in another: the SQL asks for either, as the Python predicate does."""
    from deckkit.catalogue.search import is_sql
    from deckkit.engine.registry import SearchFlag

    flags = [("alomfogo", SearchFlag("glory", "integer", minimum=1)), ("other", SearchFlag("glorious", "true"))]
    monkeypatch.setattr("deckkit.query.is_flags", lambda name: flags)
    sql, params = is_sql("glorious")
    assert sql == ("((c.game = ? AND c.glory IS NOT NULL AND c.glory >= 1) OR "
                   "c.pk IN (SELECT pk FROM card_tags WHERE kind = 'f' AND value = ?))")
    assert params == ["alomfogo", "glorious"]
