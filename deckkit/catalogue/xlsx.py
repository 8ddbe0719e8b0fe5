"""Card files as spreadsheets: reading and writing .xlsx workbooks (the optional ``xlsx`` extra, openpyxl).

An .xlsx file is a zip of XML parts; reading and writing one faithfully needs a library the standard
library has no counterpart for, so this module is the one place that imports openpyxl, on first use,
and a missing one is a clear message naming the extra.

A workbook is read from its first sheet, laid out as a CSV file is: a header row of column names,
then one card per row, each cell read as the CSV reader reads a cell (a number is its digits, a
true/false cell is ``true``/``false``). Problems name the file, the sheet and the row, and the column
by its header (``cards.xlsx[cards]:5 (record 4) $.cost``). Export writes one sheet named ``cards``
with the CSV columns, numbers as numbers and every other cell as text (a text such as ``=2+2`` stays
text, never a formula), so that import takes the workbook back unchanged.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import date, datetime, time
from typing import Any

from deckkit.errors import DataError
from deckkit.schemas import Problem

#: The cell length a spreadsheet holds at most (Excel's limit).
MAX_CELL = 32_767
#: Rows read at most: far beyond any card file; a workbook claiming more is refused, not read for hours.
MAX_ROWS = 1_000_000
SHEET = "cards"
_EXTRA_HINT = "install the xlsx extra: pip install 'deckkit[xlsx]' (or save the sheet as CSV)"
_INTS = {"cost", "attack", "defense", "glory", "number", "bonus"}


def _openpyxl() -> Any:
    try:
        import openpyxl
    except ImportError:
        return None
    return openpyxl


def cell_text(value: Any) -> str:
    """A spreadsheet cell's value as the text of a CSV cell."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return str(value)


def read_rows(name: str, raw: bytes) -> tuple[str, list[tuple[int, list[str]]] | None, list[Problem]]:
    """``(label, rows, problems)`` of a workbook's first sheet: ``label`` is ``file[sheet]`` for messages,
    ``rows`` are (row number, cell texts) with the header first; rows None when it cannot be read."""
    openpyxl = _openpyxl()
    if openpyxl is None:
        return name, None, [Problem(name, "reading an .xlsx workbook needs openpyxl, which is not installed",
                                    hint=_EXTRA_HINT)]
    if not raw.startswith(b"PK"):
        return name, None, [_not_xlsx(name, "it is not a zip archive, as every .xlsx file is")]
    try:
        book = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as exc:  # zipfile.BadZipFile, KeyError, InvalidFileException, XML errors: all "not one"
        return name, None, [_not_xlsx(name, f"{type(exc).__name__}: {str(exc)[:120]}")]
    try:
        sheet = book.worksheets[0] if book.worksheets else None
        if sheet is None:
            return name, None, [_not_xlsx(name, "it has no worksheet")]
        label = f"{name}[{sheet.title}]"
        rows: list[tuple[int, list[str]]] = []
        for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
            if number > MAX_ROWS:
                return label, None, [Problem(label, f"the sheet has more than {MAX_ROWS:,} rows", line=number,
                                             hint="split the cards over several files")]
            cells = [cell_text(v) for v in values]
            while cells and cells[-1] == "":
                cells.pop()  # a sheet's rows run to its widest row: trailing blanks are no cells
            rows.append((number, cells))
    except Exception as exc:  # a damaged part met while reading the rows
        return name, None, [_not_xlsx(name, f"{type(exc).__name__}: {str(exc)[:120]}")]
    finally:
        book.close()
    return label, rows, []


def _not_xlsx(name: str, why: str) -> Problem:
    return Problem(name, f"not an .xlsx workbook: {why}",
                   hint="save it from the spreadsheet as 'Excel Workbook (.xlsx)', or as CSV; a file of another "
                        "kind needs its own suffix (.json, .jsonl, .csv)")


def column_letter(index: int) -> str:
    """The spreadsheet letter of a 1-based column number (1 -> A, 27 -> AA)."""
    letters = ""
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def workbook_bytes(cards: list[dict]) -> bytes:
    """An .xlsx workbook of ``cards`` (one sheet, the CSV columns) that import reads back unchanged."""
    from deckkit.catalogue.csvformat import columns_for, format_cell

    openpyxl = _openpyxl()
    if openpyxl is None:
        raise DataError("writing an .xlsx workbook needs openpyxl, which is not installed", hint=_EXTRA_HINT)
    from openpyxl.cell import WriteOnlyCell

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet(SHEET)
    cols = columns_for(cards)
    sheet.append(cols)
    for card in cards:
        sheet.append(list(_cells(sheet, WriteOnlyCell, cols, card, format_cell)))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _cells(sheet: Any, make: Any, cols: list[str], card: dict, format_cell: Any) -> Iterator[Any]:
    for number, col in enumerate(cols, start=1):
        if col not in card:
            yield None
            continue
        value = card[col]
        if col in _INTS and type(value) is int:
            yield value
            continue
        text = format_cell(col, value)
        if len(text) > MAX_CELL:
            raise DataError(f"card {card.get('id')}: its {col} is {len(text):,} characters, more than a spreadsheet "
                            f"cell holds ({MAX_CELL:,}; column {column_letter(number)})",
                            hint="export it as JSON (-o json) or CSV (-o csv) instead")
        if any(ord(ch) < 32 and ch not in "\t\n\r" for ch in text):
            raise DataError(f"card {card.get('id')}: its {col} holds a control character, which an .xlsx cell "
                            "cannot carry", hint="export it as JSON (-o json) instead")
        cell = make(sheet, value=text)
        cell.data_type = "s"  # text, even where it starts with '=' (openpyxl would take it for a formula)
        yield cell
