"""Import and export (issue 2 §4) and every bad-input case of issue 2: clear message, non-zero exit, nothing written."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from deckkit.catalogue import open_catalogue
from deckkit.catalogue.importer import import_files
from deckkit.errors import ValidationFailed
from catalogue_helpers import card, db, cat, empty, write, run  # noqa: F401  (pytest fixtures)



def _problems(cat, *files):
    before = cat.cards()
    with pytest.raises(ValidationFailed) as info:
        import_files(cat, list(files))
    after = cat.cards()
    assert before == after, "a failed import must write nothing"
    return info.value.problems


# ---------------------------------------------------------------- good imports

def test_json_array_jsonl_and_csv_import_with_summary(empty, write):
    a = write("a.json", [card(1), card(2)])
    b = write("b.jsonl", "\n".join(json.dumps(c, ensure_ascii=False) for c in [card(3), card(4)]) + "\n")
    c = write("c.csv", "id,game,name,type,cost,attack,defense,subtypes,text\n"
                       'af-test-5,alomfogo,Tesztlépő 5,dreamwalker,0,1,2,Yurt;bűvforrás,"Draws a card, then rests."\n')
    report = import_files(empty, [a, b, c])
    assert (len(report.added), len(report.updated), report.unchanged) == (5, 0, 0)
    assert empty.get("af-test-5")["subtypes"] == ["Yurt", "bűvforrás"]
    assert empty.get("af-test-5")["text"] == "Draws a card, then rests."
    assert empty.info()["sources"] == {"a.json": 2, "b.jsonl": 2, "c.csv": 1}
    changed = write("a2.json", [card(1, cost=4), card(2)])
    report = import_files(empty, [changed])
    assert (report.added, report.updated, report.unchanged) == ([], ["af-test-1"], 1)
    assert empty.get("af-test-1")["cost"] == 4
    assert [c["id"] for c in empty.search("o:rests")] == ["af-test-5"]  # FTS follows the import
    assert [c["id"] for c in empty.search("cost=4", sort="id")] == ["af-test-1", "af-test-4"]


def test_updated_text_is_searchable_and_old_text_is_gone(empty, write):
    import_files(empty, [write("a.json", [card(1, text="Swims in the lake.")])])
    assert len(empty.search("o:swims")) == 1
    import_files(empty, [write("b.json", [card(1, text="Flies over the lake.")])])
    assert empty.search("o:swims") == [] and len(empty.search("o:flies")) == 1
    assert empty.check() == []


def test_cli_import_summary_of_one_card_is_singular(run, write):
    r = run("import", str(write("one.json", [card(1)])))
    assert r.stdout == "1 card from 1 file: 1 added, 0 updated, 0 unchanged\n"


def test_utf16_file_gets_a_utf16_hint(cat, write):
    (p,) = _problems(cat, write("u16.json", json.dumps([card(1)]).encode("utf-16")))
    assert p.message.startswith("not UTF-8 text") and p.hint.startswith("this is UTF-16 text; save it as UTF-8")


def test_records_that_are_not_objects_are_named_in_json_terms(cat, write):
    problems = _problems(cat, write("x.json", [1, "x", None, [], True]))
    assert [p.message.rsplit("not ", 1)[1] for p in problems] == ["a number", "a string", "null", "an array", "a boolean"]


def test_problems_are_listed_in_file_and_line_order(cat, write):
    f = write("c.csv", "id,game,name,type,cost,attack,defense,text\n"
                       "af-c2,alomfogo,Two,dreamwalker,x,2,3,Hi\n"
                       "af-c3,alomfogo,Three,dreamwalker,1,2\n")
    g = write("d.json", [card(1, cost=-1)])
    problems = _problems(cat, g, f)
    assert [(p.file.rsplit("/", 1)[1], p.line) for p in problems] == [("d.json", 1), ("c.csv", 2), ("c.csv", 3)]


def test_absurdly_nested_json_is_a_problem_in_every_format(cat, write):
    deep = "[" * 5000 + "]" * 5000
    (p,) = _problems(cat, write("deep.json", deep))
    assert p.message == "invalid JSON: the JSON nests too deeply (hundreds of levels of [ or {)"
    (p,) = _problems(cat, write("deep.jsonl", '{"a": ' + deep + "}\n"))
    assert "nests too deeply" in p.message and p.line == 1
    (p,) = _problems(cat, write("deep.csv", f"id,game,name,type,cost,abilities\naf-a,alomfogo,A,event,1,{deep}\n"))
    assert "nests too deeply" in p.message and p.line == 2 and p.path == "$.abilities"


def test_csv_json_cells_refuse_nan_as_json_files_do(cat, write):
    f = write("nan.csv", 'id,game,name,type,cost,abilities\naf-a,alomfogo,A,event,1,"[{""effect"": ""draw"", '
                         '""amount"": NaN}]"\n')
    (p,) = _problems(cat, f)
    assert p.message == "the cell is not valid JSON: NaN is not valid JSON" and p.path == "$.abilities"


def test_values_in_messages_read_as_json_not_python(cat, write):
    recs = [card(1, text=None), card(2, cost=True), card(3, abilities={"effect": "draw"}),
            card(4, provenance={"invented": ["cost"], "source": "me"}), card(5, names={"EN": "x"})]
    by_record = {p.record: p for p in reversed(_problems(cat, write("r.json", recs)))}
    assert by_record[1].message == "null is not of type 'string'"
    assert by_record[2].message == "true is not of type 'integer'"
    assert by_record[3].message == '{"effect": "draw"} is not of type \'array\''
    assert by_record[4].message == "'source' is not allowed in $.provenance"
    assert by_record[4].hint == "$.provenance takes: rules, invented, note"
    assert by_record[5].hint.startswith("Names in other languages")  # the description of the field it sits in


def test_dry_run_writes_nothing(empty, write):
    report = import_files(empty, [write("a.json", [card(1)])], dry_run=True)
    assert report.added == ["af-test-1"] and report.dry_run
    assert empty.count() == 0


def test_cli_import_summary_and_dry_run(run, write):
    f = write("a.json", [card(1), card(2)])
    r = run("import", "--dry-run", str(f))
    assert r.exit_code == 0
    assert r.stdout == "dry run: 2 cards from 1 file: 2 to add, 0 to update, 0 unchanged; nothing written\n"
    r = run("import", str(f))
    assert r.stdout == "2 cards from 1 file: 2 added, 0 updated, 0 unchanged\n"
    r = run("import", str(f), "-o", "json")
    out = json.loads(r.stdout)
    assert out["ok"] and out["unchanged"] == 2 and out["added"] == 0


# ---------------------------------------------------------------- round trip

@pytest.mark.parametrize("fmt", ["json", "jsonl", "csv"])
def test_export_imports_back_unchanged(cat, run, tmp_path, fmt):
    f = tmp_path / f"all.{fmt}"
    r = run("export", "-f", str(f))
    assert r.exit_code == 0 and r.stderr == f"wrote {cat.count()} cards to {f} ({fmt})\n"
    report = import_files(cat, [f])
    assert report.added == [] and report.updated == [] and report.unchanged == cat.count()
    again = tmp_path / f"again.{fmt}"
    run("export", "-f", str(again))
    assert again.read_bytes() == f.read_bytes()
    # and into an empty catalogue, every card comes back identical
    other = open_catalogue(tmp_path / f"other-{fmt}.db", fill=False)
    import_files(other, [f])
    assert other.cards() == cat.cards()


def test_export_by_game_and_query(run):
    r = run("export", "--game", "af", "--query", "t:dreamwalker cost<=1", "-o", "jsonl")
    cards = [json.loads(line) for line in r.stdout.splitlines()]
    assert cards and all(c["game"] == "alomfogo" and c["type"] == "dreamwalker" and c["cost"] <= 1 for c in cards)


def test_csv_list_cells_round_trip_awkward_items(empty, tmp_path):
    from deckkit.catalogue.export import dumps

    tricky = card(1, subtypes=["a;b", "[x]", " spaced "], names={"en": "Dream, \"walker\""},
                  abilities=[{"effect": "boost", "amount": 2}], helper="P", text="Line one\nline two, \"quoted\"")
    plain = {"id": "ko-x-1", "game": "kotlik", "name": "X 1", "type": "ingredient", "ingredient": "X", "number": 1,
             "label": "blue", "symbols": [], "text": ""}
    corner = {"id": "ko-corner", "game": "kotlik", "name": "Roh", "type": "corner", "stone": None, "text": ""}
    spell = {"id": "ob-blok", "game": "obludarium", "name": "Blok", "type": "spell", "cost": 1, "blocking": True,
             "text": ""}
    src = tmp_path / "t.json"
    src.write_text(json.dumps([tricky, plain, corner, spell], ensure_ascii=False), encoding="utf-8")
    import_files(empty, [src])
    cards = empty.cards()
    f = tmp_path / "t.csv"
    f.write_text(dumps(cards, "csv"), encoding="utf-8", newline="")
    report = import_files(empty, [f])
    assert report.unchanged == 4 and report.updated == []


# ---------------------------------------------------------------- bad input

def test_empty_file(cat, write):
    (p,) = _problems(cat, write("empty.json", "  \n"))
    assert p.message == "the file is empty" and p.file.endswith("empty.json")


def test_invalid_json_names_line_and_column(cat, write):
    (p,) = _problems(cat, write("bad.json", '[\n  {"id": "af-x",\n   "game": "alomfogo" "name": "X"}\n]'))
    assert p.line == 3 and "invalid JSON: Expecting ',' delimiter (column 23)" == p.message
    assert str(p).startswith(f"{p.file}:3: invalid JSON")


def test_invalid_jsonl_reports_every_bad_line(cat, write):
    text = json.dumps(card(1)) + "\n{oops\n" + json.dumps(card(2)) + "\n[1,\n"
    problems = _problems(cat, write("bad.jsonl", text))
    assert [(p.line, p.record) for p in problems] == [(2, 2), (4, 4)]


def test_invalid_csv(cat, write):
    problems = _problems(cat, write("bad.csv", 'id,game,name,type\naf-x,alomfogo,"Broken "quote,event\n'))
    assert problems[0].line == 2 and problems[0].message.startswith("invalid CSV")
    problems = _problems(cat, write("cols.csv", "id,game,nmae,type\n"))
    assert problems[0].message == "unknown column 'nmae' (column 3)" and "did you mean 'name'" in problems[0].hint
    problems = _problems(cat, write("cells.csv", "id,game,name,type,cost\naf-a,alomfogo,A,event,1,extra\n"))
    assert problems[0].message == "the row has 6 cells, the header has 5" and problems[0].line == 2


def test_file_that_is_not_utf8(cat, write):
    (p,) = _problems(cat, write("latin2.json", '[{"name": "Řízek"}]'.encode("cp1250")))
    assert p.message.startswith("not UTF-8 text: byte 0xd8 at column 12") and p.line == 1
    assert "UTF-8" in p.hint


def test_missing_file_and_directory(cat, tmp_path):
    problems = _problems(cat, tmp_path / "nope.json", tmp_path)
    assert [p.message for p in problems] == ["no such file", "is a directory"]


def test_unknown_game(cat, write):
    problems = _problems(cat, write("g.json", [card(1, game="monopoly")]))
    assert len(problems) == 1 and problems[0].path == "$.game" and "'monopoly' is not one of obludarium, alomfogo, kotlik" in problems[0].message


def test_missing_fields_wrong_types_negative_and_absurd_numbers(cat, write):
    recs = [
        {"id": "af-a", "game": "alomfogo", "type": "event", "cost": 1},                 # no name
        card(2, cost="3"),                                                                # string cost
        card(3, cost=-1),                                                                 # negative
        card(4, attack=10**30),                                                           # absurd
        card(5, cost=2.5),                                                                # fraction
    ]
    problems = _problems(cat, write("r.json", recs))
    by_record = {p.record: p for p in reversed(problems)}
    assert by_record[1].message == "'name' is a required property"
    assert by_record[2].path == "$.cost" and "is not of type 'integer'" in by_record[2].message
    assert "without quotes" in by_record[2].hint
    assert by_record[3].path == "$.cost" and by_record[3].message == "-1 is less than the minimum of 0"
    assert "whole number from 0 to 99" in by_record[3].hint
    assert by_record[4].path == "$.attack" and "is greater than the maximum of 99" in by_record[4].message
    assert by_record[5].path == "$.cost"
    assert str(by_record[3]).startswith(f"{by_record[3].file}:1 (record 3) $.cost: -1 is less than the minimum of 0 (hint:")


def test_records_get_their_line_numbers(cat, write):
    text = json.dumps([card(1), card(2), card(3, cost=-2)], indent=1)
    (p,) = _problems(cat, write("lines.json", text))
    assert p.record == 3 and p.line == text.splitlines().index(" {", 20) + 1


def test_unknown_effect_name(cat, write):
    problems = _problems(cat, write("e.json", [card(1, abilities=[{"effect": "bost", "amount": 2}])]))
    assert problems[0].path == "$.abilities[0].do[0].effect"  # the flat form, read as a one-step ability
    assert problems[0].message.startswith("'bost' is not a known effect")
    assert problems[0].hint.startswith("did you mean 'boost'?")


def test_duplicate_ids_within_one_import(cat, write):
    a = write("a.json", [card(1)])
    b = write("b.jsonl", json.dumps(card(1)) + "\n")
    (p,) = _problems(cat, a, b)
    assert p.message == "duplicate id 'af-test-1'" and p.file.endswith("b.jsonl") and p.line == 1
    assert "a.json record 1" in p.hint


def test_card_with_another_games_fields(cat, write):
    problems = _problems(cat, write("x.json", [card(1, groups=["flying"]), {
        "id": "ob-x", "game": "obludarium", "name": "X", "type": "food", "glory": 2}]))
    assert problems[0].message == "'groups' is not a field of alomfogo cards" and problems[0].path == "$.groups"
    assert problems[1].message == "'glory' is not a field of obludarium cards"
    assert "obludarium cards have:" in problems[1].hint


def test_another_games_field_hint_names_its_game_not_a_lookalike(cat, write):
    # 'number' is Kotlík's; a did-you-mean 'name' would send the user the wrong way.
    (p,) = _problems(cat, write("x.json", [card(1, number=3)]))
    assert p.message == "'number' is not a field of alomfogo cards" and p.path == "$.number"
    assert p.hint.startswith("number belongs to kotlik cards: remove it, or set game to kotlik") and "mean" not in p.hint


def test_another_games_type_is_the_best_match_not_its_knock_ons(cat, write):
    rec = {**card(1), "type": "monster"}  # an Obludárium type on an Álomfogó card with attack/defense
    problems = _problems(cat, write("x.json", [rec]))
    assert problems[0].path == "$.type"
    assert problems[0].hint == "'monster' is an obludarium card type; is the card's game right?"
    assert not any("cannot have" in p.message for p in problems)  # a knock-on of the wrong type


def test_event_with_attack_reads_an_alomfogo_event(cat, write):
    rec = {"id": "af-e", "game": "alomfogo", "name": "E", "type": "event", "text": "", "cost": 1, "attack": 1}
    (p,) = _problems(cat, write("x.json", [rec]))
    assert p.message == "an alomfogo event cannot have attack"


@pytest.mark.parametrize("game", ["af", "AF", "Álomfogó", "Alomfogo"])
def test_game_alias_or_display_name_is_read_as_the_full_name(cat, write, game):
    """A file takes the game names the command line takes (issue 26); the full name is stored."""
    report = import_files(cat, [write("x.json", [{**card(1), "game": game}])])
    assert report.added == [card(1)["id"]] and cat.get(card(1)["id"])["game"] == "alomfogo"


def test_a_game_name_that_is_no_alias_is_still_refused(cat, write):
    (p,) = _problems(cat, write("x.json", [{**card(1), "game": "alomfog"}]))
    assert p.path == "$.game" and p.message == "'alomfog' is not one of obludarium, alomfogo, kotlik"


def test_unknown_game_hint_lists_the_games(cat, write):
    (p,) = _problems(cat, write("x.json", [{**card(1), "game": "chess"}]))
    assert p.message == "'chess' is not one of obludarium, alomfogo, kotlik"
    assert p.hint == "a card's game is obludarium, alomfogo or kotlik"


def test_all_problems_reported_best_first_and_n_more_unless_verbose(run, write, db):
    recs = [card(i, cost=-i) for i in range(1, 15)] + [card(20, helper="X", attack="x")]
    f = write("many.json", recs)
    r = run("import", str(f))
    assert r.exit_code == 1 and r.stdout == ""
    lines = r.stderr.splitlines()
    assert lines[0] == "error: 16 problems in 15 records; nothing was imported"
    assert lines[1].startswith(f"  {f}:1 (record 1) $.cost: -1 is less than the minimum of 0")
    assert lines[-2] == "  ... and 6 more problems (--verbose shows all)"
    assert lines[-1].startswith("hint: fix the records above")
    r = run("import", "-v", str(f))
    assert len(r.stderr.splitlines()) == 1 + 16 + 1
    r = run("import", str(f), "-o", "json")
    out = json.loads(r.stdout)
    assert r.exit_code == 1 and not out["ok"] and len(out["problems"]) == 16
    assert out["problems"][0] == {"file": str(f), "line": 1, "record": 1, "path": "$.cost",
                                  "message": "-1 is less than the minimum of 0",
                                  "hint": out["problems"][0]["hint"]}


def test_valid_and_invalid_files_together_write_nothing(cat, write):
    good = write("good.json", [card(1)])
    bad = write("bad.json", [card(2, cost=-1)])
    _problems(cat, good, bad)
    assert cat.get("af-test-1") is None


# ---------------------------------------------------------------- interruption and concurrency

def test_interrupted_import_leaves_the_catalogue_as_it_was(cat, write, monkeypatch):
    before = cat.count()
    f = write("a.json", [card(i) for i in range(6000)])  # bulk path: indexes dropped and rebuilt inside the txn

    def interrupt(self):
        raise KeyboardInterrupt  # Ctrl-C after the rows are written, before the commit

    monkeypatch.setattr(type(cat), "analyze", interrupt)
    with pytest.raises(KeyboardInterrupt):
        import_files(cat, [f])
    monkeypatch.undo()
    assert cat.count() == before and cat.get("af-test-1") is None
    assert cat.check() == []
    names = {r[0] for r in cat.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "idx_cards_cost" in names  # the dropped indexes came back with the rollback


def test_interrupted_cli_import_exits_130(run, write, monkeypatch, db):
    from deckkit.catalogue import store

    def interrupt(*a, **k):
        raise KeyboardInterrupt

    open_catalogue(db).close()
    monkeypatch.setattr(store.Catalogue, "store", interrupt)
    r = run("import", str(write("a.json", [card(1)])))
    assert r.exit_code == 130 and r.stderr == "interrupted\n"


def test_two_imports_at_the_same_moment_both_complete(db, write, tmp_path):
    open_catalogue(db).close()
    files = [write(f"w{n}.json", [card(n * 1000 + i) for i in range(400)]) for n in (1, 2)]
    code = ("import sys; from deckkit.catalogue import open_catalogue; from deckkit.catalogue.importer import import_files;"
            "r = import_files(open_catalogue(sys.argv[1]), [sys.argv[2]]); print(len(r.added))")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(db), str(f)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for f in files]
    outs = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert [o[0].strip() for o in outs] == ["400", "400"]
    cat = open_catalogue(db)
    assert len(cat.search("tesztlepo")) == 800
    assert cat.check() == []


def test_two_processes_creating_the_catalogue_at_once_both_succeed(db):
    code = "import sys; from deckkit.catalogue import open_catalogue; print(open_catalogue(sys.argv[1]).count())"
    procs = [subprocess.Popen([sys.executable, "-c", code, str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(3)]
    outs = [p.communicate(timeout=60) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], outs
    counts = {int(o[0]) for o in outs}
    assert len(counts) == 1 and counts.pop() == len(open_catalogue(db).cards())
