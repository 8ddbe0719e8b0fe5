"""Spreadsheet habits (issue 26 item 5): the semicolon CSV with a byte-order mark and CRLF that Czech and
Hungarian spreadsheets open, .xlsx workbooks both ways with messages naming sheet, row and column, the
right hint for a Windows-1250 file, names decoded wrongly refused, game aliases in files, and ``id:``
as a prefix and a regex."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.cli import app

openpyxl = pytest.importorskip("openpyxl")  # the xlsx extra, part of the test extra

MINE = [
    {"id": "ob-my-dog", "game": "obludarium", "name": "Hafík", "type": "monster", "cost": 2, "attack": 2,
     "defense": 2, "groups": ["beast", "nocturnal"], "text": "  =2+2; \"quoted\", and a\nline break  "},
    {"id": "ob-my-dog2", "game": "obludarium", "name": "Žluťoučký kůň", "type": "spell", "cost": 1,
     "text": "Your opponent loses 1 life.", "abilities": [{"effect": "hit", "amount": 1}]},
    {"id": "af-my-dream", "game": "alomfogo", "name": "Álmos ős", "type": "dreamwalker", "cost": 1, "attack": 1,
     "defense": 2, "glory": 1, "rarity": "gold", "set": "my-set", "subtypes": ["bűvforrás"], "text": ""},
]


@pytest.fixture
def cli(tmp_path: Path):
    def _run(db: str, *args: str):
        return CliRunner().invoke(app, ["--db", str(tmp_path / db), *args], catch_exceptions=False)

    return _run


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(MINE, ensure_ascii=False), encoding="utf-8")
    return path


def _json(cli, db: str) -> list[dict]:
    return json.loads(cli(db, "export", "-o", "json").stdout)


def test_excel_csv_is_semicolons_utf8_with_a_bom_and_crlf_and_imports_back_unchanged(cli, mine, tmp_path):
    assert cli("a.db", "import", str(mine)).exit_code == 0
    out = tmp_path / "cards.csv"
    assert cli("a.db", "export", "-o", "csv", "--excel", "-f", str(out)).exit_code == 0
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfid;game;name;")
    assert raw.count(b"\r\n") >= len(MINE) + 1 and b"\n" not in raw.replace(b"\r\n", b"")
    assert '"beast;nocturnal"' in raw.decode("utf-8-sig")  # a list cell holds the separator: quoted
    assert cli("b.db", "import", str(out)).exit_code == 0
    assert _json(cli, "b.db") == _json(cli, "a.db")
    again = tmp_path / "again.csv"
    assert cli("b.db", "export", "-o", "csv", "--excel", "-f", str(again)).exit_code == 0
    assert again.read_bytes() == raw


def test_excel_is_a_form_of_csv_only(cli):
    result = cli("a.db", "export", "-o", "json", "--excel")
    assert result.exit_code == 2 and "--excel is a form of CSV" in result.stderr


def test_xlsx_export_and_import_round_trip(cli, mine, tmp_path):
    assert cli("a.db", "import", str(mine)).exit_code == 0
    book = tmp_path / "cards.xlsx"
    result = cli("a.db", "export", "-f", str(book))
    assert result.exit_code == 0 and "(xlsx)" in result.stderr
    sheet = openpyxl.load_workbook(book).worksheets[0]
    assert sheet.title == "cards"
    texts = [c.value for c in next(sheet.iter_rows(min_row=1, max_row=1))]
    assert texts[:3] == ["id", "game", "name"]
    formula_like = [c for row in sheet.iter_rows() for c in row if isinstance(c.value, str) and c.value.startswith('"')]
    assert formula_like and all(c.data_type == "s" for c in formula_like)  # '=2+2' stays text, not a formula
    assert cli("b.db", "import", str(book)).exit_code == 0
    assert _json(cli, "b.db") == _json(cli, "a.db")


def test_xlsx_export_to_the_terminal_is_refused(cli):
    result = cli("a.db", "export", "-o", "xlsx")
    assert result.exit_code == 2 and "written to a file" in result.stderr


def _book(tmp_path: Path, rows: list[list], title: str = "Karty") -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    path = tmp_path / "mine.xlsx"
    book.save(path)
    return path


def test_xlsx_problems_name_the_sheet_the_row_and_the_column(cli, tmp_path):
    path = _book(tmp_path, [["id", "game", "name", "type", "cost", "text"],
                            ["ob-my-a", "ob", "A", "food", None, "x"],
                            ["ob-my-b", "ob", "B", "spell", "two", "x"]])
    result = cli("a.db", "import", str(path))
    assert result.exit_code == 1
    assert f"{path}[Karty]:3 (record 2) $.cost" in result.stderr and "nothing was imported" in result.stderr
    assert "(column E)" in result.stderr


def test_xlsx_with_an_unknown_column_names_the_sheet(cli, tmp_path):
    path = _book(tmp_path, [["id", "game", "nmae", "type"], ["ob-my-a", "ob", "A", "food"]])
    result = cli("a.db", "import", str(path))
    assert result.exit_code == 1 and f"{path}[Karty]:1" in result.stderr and "unknown column" in result.stderr


def test_xlsx_numbers_and_blank_trailing_cells_read_as_a_csv_row_would(cli, tmp_path):
    path = _book(tmp_path, [["id", "game", "name", "type", "cost", "attack", "defense", "text"],
                            ["ob-my-a", "OB", "Aa", "monster", 2.0, 1, 3, None]])
    assert cli("a.db", "import", str(path)).exit_code == 0
    card = json.loads(cli("a.db", "card", "ob-my-a", "-o", "json").stdout)
    assert (card["game"], card["cost"], card["attack"], card["defense"]) == ("obludarium", 2, 1, 3)


@pytest.mark.parametrize(("content", "why"), [(b"id,game,name\n", "not a zip archive"),
                                              ("zip", "KeyError")])
def test_a_file_named_xlsx_that_is_not_a_workbook_is_a_clear_error(cli, tmp_path, content, why):
    path = tmp_path / "cards.xlsx"
    if content == "zip":
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            z.writestr("hello.txt", "not a workbook")
        content = buf.getvalue()
    path.write_bytes(content)
    result = cli("a.db", "import", str(path))
    assert result.exit_code == 1
    assert "not an .xlsx workbook" in result.stderr and why in result.stderr and "Traceback" not in result.output


def test_an_empty_sheet_is_a_clear_error(cli, tmp_path):
    result = cli("a.db", "import", str(_book(tmp_path, [])))
    assert result.exit_code == 1 and "the sheet is empty" in result.stderr


def test_without_openpyxl_the_message_names_the_extra(cli, tmp_path, monkeypatch):
    from deckkit.catalogue import xlsx

    path = _book(tmp_path, [["id"]])
    monkeypatch.setattr(xlsx, "_openpyxl", lambda: None)
    result = cli("a.db", "import", str(path))
    assert result.exit_code == 1 and "pip install 'deckkit[xlsx]'" in result.stderr
    out = cli("a.db", "export", "-f", str(tmp_path / "out.xlsx"))
    assert out.exit_code == 1 and "pip install 'deckkit[xlsx]'" in out.stderr


def test_a_windows_1250_file_gets_the_cp1250_hint(cli, tmp_path):
    path = tmp_path / "cp1250.csv"
    path.write_bytes("id,game,name,type\nob-my-z,ob,Žluťoučký,food\n".encode("cp1250"))
    result = cli("a.db", "import", str(path))
    assert result.exit_code == 1
    assert "iconv -f cp1250 -t utf-8" in result.stderr and "latin2" not in result.stderr


def test_a_name_decoded_as_latin2_is_refused_not_imported_with_a_warning(cli, tmp_path):
    wrong = "Žluťoučký".encode("cp1250").decode("latin2")  # what iconv -f latin2 makes of it
    path = tmp_path / "wrong.csv"
    path.write_text(f"id,game,name,type\nob-my-z,ob,{wrong},food\nob-my-y,ob,Fine,food\n", encoding="utf-8")
    result = cli("a.db", "import", str(path))
    assert result.exit_code == 1
    assert "U+008E" in result.stderr and "'Ž' of a Windows-1250 file" in result.stderr
    assert "iconv -f cp1250" in result.stderr and "nothing was imported" in result.stderr
    assert cli("a.db", "card", "ob-my-y").exit_code == 1  # the good card of the file was not imported either


def test_game_aliases_are_accepted_in_files_as_on_the_command_line(cli, tmp_path):
    path = tmp_path / "aliases.json"
    path.write_text(json.dumps([{"id": "ob-my-a", "game": "ob", "name": "Aa", "type": "food", "text": ""},
                                {"id": "af-my-b", "game": "AF", "name": "Bb", "type": "event", "cost": 1,
                                 "text": ""}]), encoding="utf-8")
    assert cli("a.db", "import", str(path)).exit_code == 0
    assert {c["id"]: c["game"] for c in json.loads(cli("a.db", "search", "id:/-my-/", "-o", "json").stdout)} == \
        {"ob-my-a": "obludarium", "af-my-b": "alomfogo"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "ob-my-c", "game": "obl", "name": "C", "type": "food"}]), encoding="utf-8")
    result = cli("a.db", "import", str(bad))
    assert result.exit_code == 1 and "$.game" in result.stderr


@pytest.mark.parametrize(("query", "ids"), [
    ("id:ob-my-", ["ob-my-dog", "ob-my-dog2"]),
    ("id:ob-my-dog*", ["ob-my-dog", "ob-my-dog2"]),
    ("id:ob-my-dog", ["ob-my-dog"]),  # a whole id is that id, not every id that starts with it
    ("id:/^ob-my-dog\\d$/", ["ob-my-dog2"]),
    ("id:/-MY-/ -id:af-", ["ob-my-dog", "ob-my-dog2"]),
])
def test_id_takes_a_prefix_and_a_regex(cli, mine, query, ids):
    assert cli("a.db", "import", str(mine)).exit_code == 0
    found = json.loads(cli("a.db", "search", query, "-o", "json", "--sort", "id").stdout)
    assert [c["id"] for c in found] == ids


def test_id_prefix_and_regex_in_memory_as_in_sql():
    from deckkit.query import compile_predicate

    cards = [{"id": i, "game": "obludarium", "name": i, "type": "food"} for i in ("ob-my-a", "ob-mine", "af-my-b")]
    assert [c["id"] for c in cards if compile_predicate("id:ob-my-")(c)] == ["ob-my-a"]
    assert [c["id"] for c in cards if compile_predicate("id:/my/")(c)] == ["ob-my-a", "af-my-b"]


@pytest.mark.parametrize("query", ["id:/a{1000000000}/", "id:/(/"])
def test_an_id_regex_is_bounded_like_the_other_regex_fields(cli, query):
    result = cli("a.db", "search", query)
    assert result.exit_code == 2 and "Traceback" not in result.output
