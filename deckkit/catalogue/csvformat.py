"""The CSV card format: one card per row, a header row naming the columns below.

Cells by kind (an empty cell leaves the field out, except ``text`` where it means no text):

- numbers (cost, attack, defense, glory, number, bonus): whole numbers, e.g. ``3``;
- ``blocking``: true/false (also yes/no, 1/0);
- lists (subtypes, groups, symbols, requires, keywords): items separated by ``;`` (``flying;nocturnal``),
  or a JSON array (``["a;b", "c"]``) when an item itself holds a ``;``; ``[]`` is an empty list;
- objects (names, abilities, provenance): JSON, e.g. ``[{"effect": "boost", "amount": 4}]``;
- ``stone``: white, black or ``null``;
- everything else: the text as it is; a cell that is a JSON string (``" Spaced "`` with its quotes)
  is that string, which is how export writes a text with spaces at its ends.

Export writes the same cells, so an exported file imports back unchanged. Files from spreadsheets
import too: the delimiter (comma, semicolon or tab) is found from the header row, column names match
in any case, and cells are trimmed — a text whose ends are spaces is exported as a JSON string, so
trimming cannot change it.
"""

from __future__ import annotations

import csv
import difflib
import json
import re
from typing import Any

from deckkit.catalogue.jsontext import loads
from deckkit.echo import shown
from deckkit.schemas import CARD_FIELD_ORDER, Problem

_INT = {"cost", "attack", "defense", "glory", "number", "bonus"}
_BOOL = {"blocking"}
_LIST = {"subtypes", "groups", "symbols", "requires", "keywords"}
_JSON = {"names", "abilities", "provenance"}
_NULLABLE = {"stone"}
CSV_COLUMNS: tuple[str, ...] = CARD_FIELD_ORDER
REQUIRED_COLUMNS = ("id", "game", "name", "type")
_INT_RE = re.compile(r"-?\d+")
_TRUE, _FALSE = {"true", "yes", "1"}, {"false", "no", "0"}


def column_help() -> str:
    """One line per column kind, for ``import --help`` and the README."""
    return ("CSV columns: " + ", ".join(CSV_COLUMNS) + ". Lists: items separated by ';' (or a JSON array); "
            "names/abilities/provenance: JSON; blocking: true/false; empty cell: field left out.")


# What spreadsheets write: comma (English), semicolon (Czech, Hungarian, German … where ',' is the
# decimal mark), tab ("text, tab separated").
DELIMITERS = (",", ";", "\t")
_DELIMITER_NAMES = {",": "commas", ";": "semicolons", "\t": "tabs", "|": "bars", ":": "colons"}


def delimiter_name(delimiter: str) -> str:
    """``commas``, ``semicolons`` or ``tabs``: how hints speak of a delimiter."""
    return _DELIMITER_NAMES.get(delimiter, repr(delimiter))


def _column_key(cell: str) -> str:
    return cell.strip().lower()


def _known(cells: list[str]) -> int:
    return sum(_column_key(c) in CSV_COLUMNS for c in cells)


def sniff_delimiter(text: str) -> str:
    """The delimiter of a CSV card file: the one that splits its header row into the most known columns.

    Ties (no known column at all) go to the delimiter seen most often in the header, then to the comma.
    """
    first = next((line for line in text.splitlines() if line.strip()), "")
    return max(DELIMITERS, key=lambda d: (_known(next(csv.reader([first], delimiter=d), [])), first.count(d),
                                          d == ","))


def header_columns(header: list[str]) -> list[str]:
    """The header's column names as deckkit spells them (trimmed, any case accepted)."""
    return [_column_key(c) if _column_key(c) in CSV_COLUMNS else c for c in header]


def _joined_hint(cell: str, delimiter: str) -> str | None:
    """A hint when a header cell looks like several column names joined by another separator."""
    for joiner in (",", ";", "\t", "|", ":"):
        if joiner != delimiter and joiner in cell and _known(cell.split(joiner)) >= 2:
            if joiner in DELIMITERS:
                return (f"the header looks like a joined row: {shown(cell.strip())} holds columns separated by "
                        f"{delimiter_name(joiner)}, but this file separates its cells with "
                        f"{delimiter_name(delimiter)}; use one separator throughout")
            return (f"the header looks like a joined row: its cells seem separated by {delimiter_name(joiner)}, "
                    "which deckkit does not read; save the file with commas, semicolons or tabs")
    return None


def check_header(file: str, header: list[str], delimiter: str = ",") -> list[Problem]:
    """Problems of a CSV header row: unknown, repeated or missing columns (names match in any case)."""
    problems = []
    seen = set()
    for i, col in enumerate(header, 1):
        key = _column_key(col)
        if key not in CSV_COLUMNS:
            hint = _joined_hint(col, delimiter)
            if hint is None:
                close = difflib.get_close_matches(key, CSV_COLUMNS, n=1)
                hint = (f"did you mean {close[0]!r}? " if close else "") + "columns: " + ", ".join(CSV_COLUMNS)
            problems.append(Problem(file, f"unknown column {shown(col)} (column {i})", line=1, hint=hint))
        elif key in seen:
            problems.append(Problem(file, f"column {shown(col)} appears twice", line=1, hint="keep one of them"))
        seen.add(key)
    missing = [c for c in REQUIRED_COLUMNS if c not in seen]
    if missing and not problems:
        sep = "\t" if delimiter == "\t" else delimiter
        problems.append(Problem(file, "missing column(s) " + ", ".join(missing), line=1,
                                hint=f"the first row names the columns: {sep.join(REQUIRED_COLUMNS)}{sep}…"))
    return problems


def _cell(col: str, cell: str) -> tuple[Any, str | None]:
    """(value, error) of one cell, trimmed; value is ``...`` when the field is left out."""
    cell = cell.strip()
    if _json_string(cell):
        return loads(cell), None
    if col == "text":
        return cell, None
    if cell == "":
        return ..., None
    if col in _INT:
        s = cell.strip()
        return (int(s), None) if _INT_RE.fullmatch(s) and len(s) < 19 else (cell, None)  # schema explains bad ones
    if col in _BOOL:
        low = cell.strip().lower()
        return (True, None) if low in _TRUE else (False, None) if low in _FALSE else (cell, None)
    if col in _LIST:
        if cell.lstrip().startswith("["):
            try:
                return loads(cell), None
            except ValueError as exc:
                return ..., f"the list cell is not a valid JSON array: {exc}"
        return [item.strip() for item in cell.split(";") if item.strip()], None
    if col in _JSON:
        try:
            return loads(cell), None
        except ValueError as exc:
            return ..., f"the cell is not valid JSON: {exc}"
    if col in _NULLABLE and cell.strip() == "null":
        return None, None
    return cell, None


def parse_row(header: list[str], row: list[str]) -> tuple[dict, list[Problem]]:
    """A card dict from one CSV row and the problems of its cells (file/line filled in by the caller)."""
    data: dict = {}
    problems = []
    for col, cell in zip(header, row):
        value, error = _cell(col, cell)
        if error:
            problems.append(Problem("", error, path=f"$.{col}",
                                    hint="lists: a;b;c or a JSON array; objects: JSON such as {\"en\": \"…\"}"))
        elif value is not ...:
            data[col] = value
    return data, problems


def _json_string(cell: str) -> bool:
    """Whether a (trimmed) cell is written as a JSON string: a text with spaces at its ends, or in quotes."""
    if len(cell) < 2 or cell[0] != '"' or cell[-1] != '"':
        return False
    try:
        return isinstance(loads(cell), str)
    except ValueError:
        return False


def format_cell(col: str, value: Any) -> str:
    """The CSV cell for a field value (the inverse of reading it)."""
    if isinstance(value, str) and (value != value.strip() or _json_string(value.strip())):
        return json.dumps(value, ensure_ascii=False)  # trimmed or decoded on reading otherwise
    if value is None:
        return "null"
    if col in _BOOL:
        return "true" if value else "false"
    if col in _LIST and isinstance(value, list):
        plain = value and all(isinstance(v, str) and v == v.strip() and v and ";" not in v for v in value) \
            and not value[0].startswith("[")
        joined = ";".join(value) if plain else ""
        # a joined list that reads as a JSON string (['"', '"'] joins to '";"') is written as a JSON array
        return joined if plain and not _json_string(joined) else json.dumps(value, ensure_ascii=False)
    if col in _JSON or isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def columns_for(cards: list[dict]) -> list[str]:
    """The columns an export of these cards needs, in the documented order."""
    used = {k for c in cards for k in c}
    return [c for c in CSV_COLUMNS if c in used or c in REQUIRED_COLUMNS]
