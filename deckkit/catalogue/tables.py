"""Card files laid out as tables: CSV (any separator a spreadsheet writes) and .xlsx workbooks.

Both are a header row of column names and one card per row; one reader (:func:`table_records`)
turns the rows into records with the same checks and messages: the header's columns, a row whose
cells do not fit the header, a cell that is not what its column holds.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from deckkit.catalogue.csvformat import check_header, delimiter_name, header_columns, parse_row, sniff_delimiter
from deckkit.catalogue.importer import Record
from deckkit.schemas import Problem

# The column letter of each field, per workbook sheet read (``file[sheet]`` -> field -> letter), so a
# problem found later, when the records are validated, can name the spreadsheet's column too.
_LETTERS: dict[str, dict[str, str]] = {}
_FIELD = re.compile(r"^\$\.([A-Za-z_]+)")


def with_columns(problems: list[Problem]) -> list[Problem]:
    """Problems of workbook records with the spreadsheet column of their field added (``… (column E)``)."""
    if not _LETTERS:
        return problems
    out = []
    for p in problems:
        field = _FIELD.match(p.path or "") if p.file in _LETTERS else None
        letter = _LETTERS[p.file].get(field.group(1)) if field else None
        out.append(replace(p, message=f"{p.message} (column {letter})") if letter else p)
    return out


def table_records(name: str, header: list[str], rows: Iterable[tuple[int, list[str]]], *, delimiter: str,
                  misfit_hint: str, problems: list[Problem], what: str = "CSV file") -> tuple[list[Record], list[Problem]]:
    """Records of the (line, cells) rows below ``header``; ``problems`` may grow while ``rows`` is read."""
    problems += check_header(name, header, delimiter)
    if problems:
        return [], problems
    header = header_columns(header)
    records: list[Record] = []
    number = 0
    for start, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        number += 1
        if len(row) != len(header):
            problems.append(Problem(name, f"the row has {len(row)} cells, the header has {len(header)}", line=start,
                                    record=number, hint=misfit_hint))
            continue
        data, cell_problems = parse_row(header, row)
        problems += [replace(p, file=name, line=start, record=number) for p in cell_problems]
        records.append(Record(name, start, number, data))
    if not records and not problems:
        problems.append(Problem(name, f"the {what} has a header but no cards", line=1,
                                hint="add one card per row below the header"))
    return records, problems


def read_csv(name: str, text: str) -> tuple[list[Record], list[Problem]]:
    """The records of a CSV text (its separator found from the header row)."""
    delimiter = sniff_delimiter(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(reader)
    except csv.Error as exc:
        return [], [Problem(name, f"invalid CSV: {exc}", line=reader.line_num or 1)]
    problems: list[Problem] = []
    return table_records(name, header, _csv_rows(name, reader, delimiter, problems), delimiter=delimiter,
                         misfit_hint=f"quote cells that contain {delimiter_name(delimiter)}, the separator of "
                                     "this file", problems=problems)


def _csv_rows(name: str, reader: Iterator[list[str]], delimiter: str,
              problems: list[Problem]) -> Iterator[tuple[int, list[str]]]:
    """(first line, cells) of each row; a row the csv module cannot read ends the file with a problem."""
    prev_line = reader.line_num  # type: ignore[attr-defined]
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            problems.append(Problem(name, f"invalid CSV: {exc}", line=reader.line_num,  # type: ignore[attr-defined]
                                    hint=f"quote cells that hold {delimiter_name(delimiter)}, quotes or line breaks"))
            return
        start, prev_line = prev_line + 1, reader.line_num  # type: ignore[attr-defined]
        yield start, row


def read_xlsx(name: str, raw: bytes) -> tuple[list[Record], list[Problem]]:
    """The records of an .xlsx workbook's first sheet (needs the ``xlsx`` extra)."""
    from deckkit.catalogue.xlsx import read_rows

    label, rows, problems = read_rows(name, raw)
    if rows is None:
        return [], problems
    if not rows or not any(rows[0][1]):
        return [], [Problem(label, "the sheet is empty: its first row must name the columns", line=1,
                            hint="a header row such as id, game, name, type, cost, text")]
    header = rows[0][1]
    from deckkit.catalogue.csvformat import header_columns
    from deckkit.catalogue.xlsx import column_letter

    _LETTERS[label] = {col: column_letter(i) for i, col in enumerate(header_columns(header), start=1)}
    width = len(header)
    body = ((n, cells + [""] * (width - len(cells))) for n, cells in rows[1:])
    return table_records(label, header, body, delimiter="\t", problems=problems, what="sheet",
                         misfit_hint="a row has cells beyond the last column of the header row; clear them or "
                                     "name their column")
