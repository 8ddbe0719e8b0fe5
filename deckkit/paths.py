"""Where the bundled data and schemas live (wheel install or source tree) and where the catalogue goes."""

from __future__ import annotations

import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    inside = _PKG / "_bundled" / name  # wheel install: force-included by hatch
    if inside.is_dir():
        return inside
    return _PKG.parent / name  # source tree / editable install


def data_dir() -> Path:
    """The bundled ``data/`` folder (cards, formats, decks, scripts)."""
    return _bundled("data")


def schemas_dir() -> Path:
    """The bundled ``schemas/`` folder."""
    return _bundled("schemas")


def default_db_path() -> Path:
    """``$DECKKIT_DB``, else ``$XDG_DATA_HOME/deckkit/catalogue.db``, else ``~/.local/share/deckkit/catalogue.db``."""
    env = os.environ.get("DECKKIT_DB")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "deckkit" / "catalogue.db"
