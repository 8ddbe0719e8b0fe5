"""The card catalogue: bundled card files, the SQLite store, import/export and search.

Light on import: SQLite, sqlite-utils and the validators load only when a function needs them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from deckkit.errors import DataError

if TYPE_CHECKING:  # pragma: no cover
    from deckkit.catalogue.store import Catalogue

__all__ = ["bundled_cards", "bundled_files", "open_catalogue"]


def bundled_files() -> list[Path]:
    """The bundled card files (``data/cards/*.json``), sorted by name."""
    from deckkit.paths import data_dir

    folder = data_dir() / "cards"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def bundled_cards(game: str | None = None) -> list[dict]:
    """All bundled cards (JSON arrays in ``data/cards/``), optionally of one game, without SQLite.

    ``game`` takes a name or alias. A broken bundled file raises DataError naming it.
    """
    if game is not None:
        from deckkit.engine.registry import resolve as resolve_game

        game = resolve_game(game)
    cards: list[dict] = []
    for path in bundled_files():
        try:
            records = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise DataError(f"cannot read bundled cards: {exc}", path=str(path),
                            hint="the bundled data file is broken; reinstall deckkit or fix the file") from None
        if not isinstance(records, list):
            raise DataError("bundled card file is not a JSON array", path=str(path))
        cards.extend(r for r in records if isinstance(r, dict) and (game is None or r.get("game") == game))
    return cards


def open_catalogue(path: str | Path | None = None, *, fill: bool = True) -> Catalogue:
    """Open (creating and filling from bundled data if missing) the catalogue at ``path`` or the default place.

    ``fill=False`` leaves the bundled cards out (an empty catalogue stays empty).
    """
    from deckkit.catalogue.store import open_catalogue as _open

    return _open(path, fill=fill)
