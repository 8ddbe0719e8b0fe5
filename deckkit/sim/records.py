"""Per-game records written for users' own analysis (``--games-out``): CSV or JSON Lines."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from collections.abc import Sequence

from deckkit.engine.results import Record, ScoreRecord
from deckkit.errors import DataError, UsageError

FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}


def output_format(path: str | Path) -> str:
    """``csv`` or ``jsonl`` from the file's suffix; UsageError for anything else."""
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise UsageError(f"--games-out {path}: cannot tell the format from the suffix",
                         hint="name the file .csv or .jsonl")
    return fmt


def check_writable(path: str | Path, option: str) -> None:
    """Fail before a long run when ``path`` could not be written afterwards (no such folder)."""
    folder = Path(path).parent
    if not folder.is_dir():
        raise DataError(f"{option} {path}: the folder {folder} does not exist", hint="create it first or pick another path")


def flat_record(deck: str, record: Record) -> dict:
    """One row: deck, index, seed and the game's outcome (win turn or scores) plus cards seen."""
    row: dict = {"deck": deck, "index": record.index, "seed": record.seed}
    if isinstance(record, ScoreRecord):
        for s, score in enumerate(record.scores):
            row[f"score_{s + 1}"] = score
        row["winners"] = [w + 1 for w in record.winners]  # seats numbered from 1, as in the tables
        row["turns"] = record.turns
    else:
        row["mulligans"] = record.mulligans
        row["won"] = bool(record.won)
        row["turn"] = record.turn if record.won else None
        row["seen"] = list(record.seen or ())
        if record.opening is not None:
            row["opening"] = list(record.opening)
    return row


def write_records(path: str | Path, decks: Sequence[str], records: Sequence[Sequence[Record]]) -> int:
    """Write every deck's records to ``path`` (CSV lists joined with "; "); returns the row count."""
    return write_rows(path, [flat_record(d, r) for d, recs in zip(decks, records) for r in recs])


def write_rows(path: str | Path, rows: Sequence[dict]) -> int:
    """Write flat rows to ``path`` as CSV (lists joined with "; ") or JSON Lines; returns the row count."""
    fmt = output_format(path)
    from deckkit.fileio import atomic_open

    with atomic_open(path, "w", newline="") as fh:
        if fmt == "jsonl":
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        else:
            fields: list[str] = []
            for row in rows:
                fields += [k for k in row if k not in fields]
            writer = csv.DictWriter(fh, fieldnames=fields)
            writer.writeheader()
            for row in rows:
                writer.writerow({k: "; ".join(map(str, v)) if isinstance(v, list) else v
                                 for k, v in row.items()})
    return len(rows)
