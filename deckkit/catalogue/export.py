"""Export cards as JSON, JSON Lines, CSV or an .xlsx workbook: files that ``deckkit import`` takes back unchanged.

CSV ``excel=True`` is the form Czech and Hungarian spreadsheets open by a double click: cells separated
by semicolons (their list separator, as the decimal comma takes the comma), UTF-8 with a byte-order
mark (without one they read the file in the Windows code page) and Windows line ends. The importer
finds the separator from the header row and skips the mark, so it reads either form back unchanged.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from deckkit.catalogue.csvformat import columns_for, format_cell
from deckkit.errors import DataError, UsageError

FORMATS = ("json", "jsonl", "csv", "xlsx")
BOM = "\ufeff"


def dumps(cards: list[dict], fmt: str, *, excel: bool = False) -> str:
    """The text of an export of ``cards`` in ``fmt`` (json, jsonl or csv; ``excel``: the spreadsheet CSV form)."""
    if fmt == "json":
        return json.dumps(cards, ensure_ascii=False, indent=2) + "\n"
    if fmt == "jsonl":
        return "".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) + "\n" for c in cards)
    if fmt == "csv":
        buf = io.StringIO(newline="")
        cols = columns_for(cards)
        form = {"delimiter": ";", "lineterminator": "\r\n"} if excel else {"lineterminator": "\n"}
        if excel:
            buf.write(BOM)
        writer = csv.writer(buf, **form)  # type: ignore[arg-type]
        # The csv module quotes a cell holding "\n" but not one holding a bare "\r", which a reader
        # then takes for a line end: rows with one are written with every cell quoted.
        quoted = csv.writer(buf, quoting=csv.QUOTE_ALL, **form)  # type: ignore[arg-type]
        writer.writerow(cols)
        for c in cards:
            row = ["" if col not in c else format_cell(col, c[col]) for col in cols]
            for col, cell in zip(cols, row):
                if "\x00" in cell:
                    raise DataError(f"card {c.get('id')}: its {col} holds a NUL character, which a CSV file "
                                    "cannot carry", hint="export it as JSON (-o json or -o jsonl) instead")
            (quoted if any("\r" in cell for cell in row) else writer).writerow(row)
        return buf.getvalue()
    raise UsageError(f"cannot export as {fmt!r}", hint="export as json, jsonl, csv or xlsx (-f FILE.xlsx)")


def format_for(path: Path | None, requested: str | None) -> str:
    """The export format: the one asked for, else from the file's suffix, else json."""
    if requested and requested != "table":
        return requested
    if path is not None:
        suffix = path.suffix.lower().lstrip(".")
        if suffix in ("ndjson",):
            return "jsonl"
        if suffix in FORMATS:
            return suffix
    return "json"


def export(cat, fmt: str, *, game: str | None = None, query: str | None = None, path: Path | None = None,
           excel: bool = False) -> tuple[str, int]:
    """Export the catalogue (or one game's cards, or a query's matches); write ``path`` or return the text
    (an .xlsx workbook is written to ``path`` only, and the text returned is empty)."""
    if excel and fmt != "csv":
        raise UsageError(f"--excel is a form of CSV, not of {fmt}", hint="deckkit export -o csv --excel -f cards.csv")
    if fmt == "xlsx" and path is None:
        raise UsageError("an .xlsx workbook is written to a file, not to the terminal",
                         hint="deckkit export -o xlsx -f cards.xlsx")
    if query:
        cards = cat.search(query, sort="id")
        if game:
            from deckkit.engine.registry import resolve as resolve_game

            wanted = resolve_game(game)
            cards = [c for c in cards if c["game"] == wanted]
    else:
        cards = cat.cards(game)
    cards.sort(key=lambda c: (c["game"], c["id"]))
    if fmt == "xlsx":
        from deckkit.catalogue.xlsx import workbook_bytes
        from deckkit.fileio import write_bytes

        assert path is not None  # refused above
        write_bytes(path, workbook_bytes(cards))
        return "", len(cards)
    text = dumps(cards, fmt, excel=excel)
    if path is not None:
        from deckkit.fileio import write_text

        write_text(path, text, newline="")
    return text, len(cards)
