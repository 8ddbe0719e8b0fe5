"""The catalogue in a browser: Datasette metadata for a deckkit catalogue, and serving it.

The metadata gives the catalogue a title and a description, shows the readable ``card_view`` (one
row per card, the other names and the set read from the record) with facets by game, type and
cost and full-text search through the ``cards_fts`` index, documents each stored column, hides the
internal tables, and adds one canned query per registered game. Datasette is an optional extra
(``pip install 'deckkit[web]'``); nothing here imports it.
"""

from __future__ import annotations

import importlib.util
import json
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from deckkit.errors import DataError, UsageError

__all__ = ["metadata", "free_port", "check_port", "serve_command", "datasette_installed"]

_COLUMNS = {
    "id": "The card's id (unique across games).",
    "game": "The game the card belongs to.",
    "name": "The card's name as printed.",
    "other_names": "The name in other languages (lang: name; …).",
    "type": "The card type (t: in deckkit search).",
    "cost": "Cost (food, VP …).",
    "attack": "Attack / attack power.",
    "defense": "Defence / defence power.",
    "glory": "Glory icon value.",
    "number": "Printed number.",
    "label": "Label colour.",
    "rarity": "Rarity.",
    "set": "The set the card comes from.",
    "ingredient": "The ingredient a card shows.",
    "subtypes": "Subtypes, space-separated.",
    "keywords": "Groups, symbols and keywords, space-separated (kw: in deckkit search).",
    "effects": "Effects its abilities use (effect: in deckkit search).",
    "flags": "The is: flags that hold for it.",
    "text": "Rules text.",
    "rulebook": "1 if a rulebook names the card.",
    "invented": "1 if some of its values are placeholders.",
    "source": "Where it came from: bundled, or the file it was imported from.",
}
_HIDDEN = ("meta", "card_blobs", "card_tags", "sqlite_stat1", "cards_fts", "cards_fts_data", "cards_fts_idx",
           "cards_fts_docsize", "cards_fts_config", "keyword_definitions")


def metadata(db: Path) -> dict[str, Any]:
    """Datasette metadata for the catalogue file ``db`` (its database name is the file's stem)."""
    from deckkit.engine.registry import registered_games

    games = registered_games()
    titles = ", ".join(g.title for g in games)
    view = {
        "title": "Cards",
        "description": "Every card of the catalogue, one readable row each. Search the text box (full-text "
                       "search over names, other names and rules text), or facet by game, type and cost.",
        "facets": ["game", "type", "cost"],
        "fts_table": "cards_fts", "fts_pk": "pk",
        "sort": "name",
        "hidden": False,
    }
    cards = {"title": "Cards (stored columns)",
             "description": "The cards table as deckkit stores it: the record's searchable fields as columns "
                            "(deckkit db check reports a column that disagrees with its record).",
             "facets": ["game", "type"], "fts_table": "cards_fts", "fts_pk": "pk", "sort": "name",
             "columns": dict(_COLUMNS)}
    queries = {
        f"{g.alias}_cards": {
            "title": f"{g.title}: every card",
            "description": f"The {g.title} cards, cheapest first.",
            "sql": "select id, name, type, cost, attack, defense, glory, number, label, text from card_view "
                   "where game = '" + g.name.replace("'", "''") + "' order by cost, name",
        } for g in games
    }
    tables: dict[str, Any] = {"card_view": view, "cards": cards}
    tables.update({name: {"hidden": True} for name in _HIDDEN})
    return {
        "title": "deckkit catalogue",
        "description": f"Cards of {titles}, kept by deckkit. Start with Cards (card_view).",
        "about": "deckkit", "about_url": "https://pypi.org/project/deckkit/",
        "databases": {db.stem: {"title": f"Catalogue {db.name}", "tables": tables, "queries": queries}},
    }


def datasette_installed() -> bool:
    """Whether Datasette can be imported (the ``web`` extra)."""
    return importlib.util.find_spec("datasette") is not None


def free_port(host: str = "127.0.0.1") -> int:
    """A port nobody listens on now."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def check_port(host: str, port: int) -> None:
    """UsageError when ``port`` cannot be listened on (taken, or not allowed)."""
    with socket.socket() as s:
        try:
            s.bind((host, port))
        except OSError as exc:
            raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}",
                             hint="pick another with --port N (--port 0 takes a free one)") from None


def serve_command(db: Path, meta: Path, host: str, port: int) -> list[str]:
    """The ``datasette serve`` command line for the catalogue."""
    return [sys.executable, "-m", "datasette", "serve", str(db), "--metadata", str(meta), "--host", host,
            "--port", str(port), "--setting", "default_page_size", "50", "--setting", "sql_time_limit_ms", "3000"]


def write_metadata(db: Path, folder: Path) -> Path:
    """The metadata as a JSON file in ``folder`` (Datasette reads it at start)."""
    path = folder / "deckkit-metadata.json"
    path.write_text(json.dumps(metadata(db), ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def start(db: Path, folder: Path, host: str, port: int) -> subprocess.Popen:
    """Start Datasette on the catalogue in the background (the caller waits for it or stops it)."""
    if not datasette_installed():
        raise DataError("Datasette is not installed", hint="pip install 'deckkit[web]' (the web extra)")
    check_port(host, port)
    meta = write_metadata(db, folder)
    return subprocess.Popen(serve_command(db, meta, host, port))
