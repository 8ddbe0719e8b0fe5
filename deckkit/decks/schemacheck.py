"""The JSON Schema validators of deck and format files, built once each, and JSON paths for messages."""

from __future__ import annotations

from functools import cache
from typing import Any
from collections.abc import Iterable


@cache
def validator(schema_file: str) -> Any:
    """A compiled Draft 2020-12 validator for ``schemas/<schema_file>`` (built on first use, then reused)."""
    # jsonschema is imported only here: text decks and bundled formats never need it (start-up time).
    from jsonschema import Draft202012Validator

    from deckkit.schemas import file_schema

    return Draft202012Validator(file_schema(schema_file))


def json_path(parts: Iterable[Any]) -> str:
    """``$.cards[3].count`` from an error's ``absolute_path``."""
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def schema_errors(schema_file: str, data: Any) -> list[Any]:
    """Every schema error of ``data``, in document order."""
    # Indices sort as numbers, keys as text, and the two never compare (no TypeError on mixed paths).
    return sorted(validator(schema_file).iter_errors(data),
                  key=lambda e: [(0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in e.absolute_path])
