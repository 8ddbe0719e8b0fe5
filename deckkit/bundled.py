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


def starter_deck(game: Any) -> list[dict]:
    """The first shipped starter deck of a game (a :class:`deckkit.engine.core.Game`) as its card dicts,
    one per copy, named cards looked up in the game's pool by name or id; the whole pool when the game
    ships no deck."""
    from deckkit.decks.io import load_deck
    from deckkit.paths import data_dir
    from deckkit.text import fold

    paths = sorted((data_dir() / "decks").glob(f"{game.name}-*.deck"))
    if not paths:
        return list(game.cards.values())
    by_name = {fold(c["name"]): c for c in game.cards.values()} | {fold(c["id"]): c for c in game.cards.values()}
    return [by_name[fold(e.name)] for e in load_deck(paths[0]).entries for _ in range(e.count)]
