"""Shared CLI pieces: global state, output option, error reporting, catalogue access."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

from deckkit.errors import DeckkitError


@dataclass
class _State:
    db: Path | None = None
    debug: bool = False


STATE = _State()


class OutputFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"
    jsonl = "jsonl"


Output = Annotated[
    OutputFormat, typer.Option("-o", "--output", help="Output: table (for people), json, csv or jsonl.")
]


def only(output: OutputFormat, *allowed: str) -> str:
    """``output``'s value if this command writes it; a usage error (exit 2) naming the ones it does otherwise."""
    if output.value not in allowed:
        from deckkit.errors import UsageError

        raise UsageError(f"this command has no {output.value} output", hint="use -o " + " or -o ".join(allowed))
    return output.value


def err(message: str) -> None:
    """Write one line to stderr."""
    typer.echo(message, err=True)


def report_error(exc: DeckkitError) -> None:
    """Print a library error as ``error: …`` plus its problems and hint, on stderr."""
    err(f"error: {exc}")
    for line in getattr(exc, "detail", None) or []:  # e.g. a query and a caret under the mistake
        err(f"  {line}")
    problems = getattr(exc, "problems", None) or []
    for problem in problems:
        err(f"  {problem}")
    if getattr(exc, "legal", None):
        err("legal actions: " + "; ".join(exc.legal))  # type: ignore[attr-defined]
    if exc.hint:
        err(f"hint: {exc.hint}")


def catalogue_failure(exc: Exception) -> DeckkitError:
    """The error to report when SQLite fails while a command uses the catalogue."""
    from deckkit.errors import CatalogueError

    return CatalogueError(f"the catalogue could not be used: {exc}", path=str(db_path()),
                          hint="deckkit db check tells what is wrong; restore a backup, or move the file away "
                               "and deckkit creates a fresh one (then import your cards again)")


def db_path() -> Path:
    """The catalogue path chosen by ``--db`` / ``$DECKKIT_DB`` / the default location."""
    from deckkit.paths import default_db_path

    return STATE.db or default_db_path()


def print_json(data: Any) -> None:
    """Write JSON (UTF-8, diacritics intact) to stdout."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
