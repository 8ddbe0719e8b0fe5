"""Export cards as JSON, JSON Lines or CSV: files that ``deckkit import`` takes back unchanged."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from deckkit.catalogue.csvformat import columns_for, format_cell
from deckkit.errors import DataError, UsageError

FORMATS = ("json", "jsonl", "csv")


def dumps(cards: list[dict], fmt: str) -> str:
    """The text of an export of ``cards`` in ``fmt`` (json, jsonl or csv)."""
    if fmt == "json":
        return json.dumps(cards, ensure_ascii=False, indent=2) + "\n"
    if fmt == "jsonl":
        return "".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) + "\n" for c in cards)
    if fmt == "csv":
        buf = io.StringIO(newline="")
        cols = columns_for(cards)
        writer = csv.writer(buf, lineterminator="\n")
        # The csv module quotes a cell holding "\n" but not one holding a bare "\r", which a reader
        # then takes for a line end: rows with one are written with every cell quoted.
        quoted = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_ALL)
        writer.writerow(cols)
        for c in cards:
            row = ["" if col not in c else format_cell(col, c[col]) for col in cols]
            for col, cell in zip(cols, row):
                if "\x00" in cell:
                    raise DataError(f"card {c.get('id')}: its {col} holds a NUL character, which a CSV file "
                                    "cannot carry", hint="export it as JSON (-o json or -o jsonl) instead")
            (quoted if any("\r" in cell for cell in row) else writer).writerow(row)
        return buf.getvalue()
    raise UsageError(f"cannot export as {fmt!r}", hint="export as json, jsonl or csv")


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


def export(cat, fmt: str, *, game: str | None = None, query: str | None = None, path: Path | None = None) -> tuple[str, int]:
    """Export the catalogue (or one game's cards, or a query's matches); write ``path`` or return the text."""
    if query:
        cards = cat.search(query, sort="id")
        if game:
            from deckkit.engine.registry import resolve as resolve_game

            wanted = resolve_game(game)
            cards = [c for c in cards if c["game"] == wanted]
    else:
        cards = cat.cards(game)
    cards.sort(key=lambda c: (c["game"], c["id"]))
    text = dumps(cards, fmt)
    if path is not None:
        from deckkit.fileio import write_text

        write_text(path, text, newline="")
    return text, len(cards)
