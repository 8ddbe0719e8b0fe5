"""The files deckkit ships (decks, formats, strategies, scripts), described for ``deckkit bundled``.

Each is usable by its bare name wherever a file of its kind is expected (:func:`deckkit.paths.resolve_input`).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from deckkit.paths import BUNDLED_KINDS, bundled_files


def _about(kind: str, path: Path) -> tuple[str | None, str | None]:
    """(game, title) of one shipped file, read from its own header; (None, None) if unreadable."""
    try:
        if kind == "deck":
            from deckkit.decks.io import load_deck

            deck = load_deck(path)
            return deck.game, deck.name
        if kind == "format":
            data = json.loads(path.read_text(encoding="utf-8"))
            return data.get("game"), data.get("name")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return data.get("game"), data.get("title") or data.get("name") or data.get("description")
    except Exception:  # a broken shipped file is listed all the same; using it reports the problem
        return None, None


def list_bundled(kinds: list[str] | None = None) -> list[dict[str, Any]]:
    """One record per shipped file: ``{"kind", "name", "game", "title", "path"}``, by kind then name."""
    out = []
    for kind in kinds or list(BUNDLED_KINDS):
        for name, path in bundled_files(kind).items():
            game, title = _about(kind, path)
            out.append({"kind": kind, "name": name, "game": game, "title": title, "path": str(path)})
    return out
