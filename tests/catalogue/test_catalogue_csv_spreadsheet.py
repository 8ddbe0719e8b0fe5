"""CSV files as spreadsheets save them: the delimiter sniffed, headers in any case, cells trimmed."""

from __future__ import annotations

import pytest

from catalogue_helpers import db, run, write  # noqa: F401  (fixtures)
from deckkit.catalogue import open_catalogue
from deckkit.catalogue.csvformat import sniff_delimiter

HINT = "hint: fix the records above and import again (--dry-run checks without writing)\n"


@pytest.mark.parametrize("header, delimiter", [
    ("id,game,name,type", ","),
    ("id;game;name;type", ";"),
    ("id\tgame\tname\ttype", "\t"),
    ("ID ; Game ; Name ; Type", ";"),
    ("id;game;name,type;cost", ";"),  # a stray comma: the semicolons still split out the most columns
    ("\n\nid;game;name;type", ";"),
])
def test_the_delimiter_is_the_one_that_splits_out_known_columns(header, delimiter):
    assert sniff_delimiter(header + "\n") == delimiter


def test_a_semicolon_file_with_capitalised_headers_and_padded_cells_imports(run, write, db):
    f = write("semi.csv", "ID; Game ;Name;TYPE;Cost;attack;defense;Subtypes;text\n"
                          "af-x1 ; alomfogo ; Próba, a vándor ;dreamwalker; 2 ;1;1;\" a ; b \"; (Draws a card.) \n")
    r = run("import", str(f))
    assert (r.exit_code, r.stdout, r.stderr) == (0, "1 card from 1 file: 1 added, 0 updated, 0 unchanged\n", "")
    cat = open_catalogue(db)
    card = cat.get("af-x1")
    cat.close()
    assert (card["name"], card["game"], card["cost"], card["subtypes"], card["text"]) == \
        ("Próba, a vándor", "alomfogo", 2, ["a", "b"], "(Draws a card.)")


def test_a_tab_separated_file_imports(run, write):
    f = write("tabs.csv", "id\tgame\tname\ttype\tcost\tattack\tdefense\ttext\n"
                          "af-t1\talomfogo\tTabos\tdreamwalker\t1\t1\t1\tDraws a card.\n")
    r = run("import", "--dry-run", str(f))
    assert r.exit_code == 0 and r.stdout.startswith("dry run: 1 card from 1 file: 1 to add")


def test_a_stray_comma_in_a_semicolon_header_names_both_separators(run, write, db):
    f = write("joined.csv", "id;game;name,type;cost\naf-j;alomfogo;J;event;1\n")
    r = run("import", str(f))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == (
        "error: 1 problem; nothing was imported\n"
        f"  {f}:1: unknown column 'name,type' (column 3) (hint: the header looks like a joined row: 'name,type' "
        "holds columns separated by commas, but this file separates its cells with semicolons; use one separator "
        "throughout)\n" + HINT)
    cat = open_catalogue(db)
    assert cat.get("af-j") is None
    cat.close()


def test_a_header_in_one_cell_of_an_unread_separator_gets_the_joined_row_hint(run, write):
    f = write("bars.csv", "id|game|name|type\naf-b|alomfogo|B|event\n")
    r = run("import", str(f))
    assert r.exit_code == 1
    assert (f"  {f}:1: unknown column 'id|game|name|type' (column 1) (hint: the header looks like a joined row: "
            "its cells seem separated by bars, which deckkit does not read; save the file with commas, semicolons "
            "or tabs)\n") in r.stderr


def test_a_header_row_only_is_a_clear_problem(run, write):
    f = write("header.csv", "Id;Game;Name;Type\n")
    r = run("import", str(f))
    assert (r.exit_code, r.stdout) == (1, "")
    assert r.stderr == ("error: 1 problem; nothing was imported\n"
                        f"  {f}:1: the CSV file has a header but no cards (hint: add one card per row below the "
                        "header)\n" + HINT)


def test_a_row_with_an_extra_cell_names_the_files_separator(run, write):
    f = write("cells.csv", "id;game;name;type;cost\naf-y;alomfogo;A;event;1;2\n")
    r = run("import", str(f))
    assert r.exit_code == 1
    assert (f"  {f}:2 (record 1): the row has 6 cells, the header has 5 (hint: quote cells that contain "
            "semicolons, the separator of this file)\n") in r.stderr


def test_a_column_given_twice_in_different_cases_is_refused(run, write):
    f = write("twice.csv", "id;game;name;type;Name\naf-y;alomfogo;A;event;B\n")
    r = run("import", str(f))
    assert r.exit_code == 1 and "column 'Name' appears twice" in r.stderr
