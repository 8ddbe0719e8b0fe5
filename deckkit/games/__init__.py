"""The supported games: names, aliases and card types (light: no rules imported here)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from deckkit.errors import UsageError


@dataclass(frozen=True)
class GameInfo:
    """Static facts about one game."""

    name: str
    alias: str
    title: str
    card_types: tuple[str, ...]
    rules_prefix: str


GAMES: dict[str, GameInfo] = {
    "obludarium": GameInfo("obludarium", "ob", "Obludárium", ("food", "monster", "artifact", "spell"), "OB"),
    "alomfogo": GameInfo(
        "alomfogo", "af", "Álomfogó", ("dreamwalker", "dream-creature", "event", "instant", "general-spell"), "AF"
    ),
    "kotlik": GameInfo("kotlik", "ko", "Čarodějnický kotlík", ("ingredient", "corner", "recipe"), "KO"),
}

_ALIASES = {g.alias: g.name for g in GAMES.values()} | {g.name: g.name for g in GAMES.values()}


def resolve_game(name: str) -> str:
    """Canonical game name for a name or alias (case-insensitive); UsageError otherwise."""
    key = (name or "").strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    raise UsageError(
        f"unknown game {name!r}",
        hint="games are " + ", ".join(f"{g.name} ({g.alias})" for g in GAMES.values()),
    )


def rules_module(game: str):
    """Import and return the rules package of a game (``deckkit.games.<name>``), which defines ``GAME``."""
    return importlib.import_module(f"deckkit.games.{resolve_game(game)}")
