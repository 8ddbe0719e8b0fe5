"""What ``deckkit games`` shows: each game's card types, formats, rule settings and action strings."""

from __future__ import annotations

import importlib
from typing import Any

from deckkit.games import GAMES


def _settings(module: Any) -> list[dict]:
    factory = getattr(module, "GAME", None)
    if factory is None:
        return []
    cls = factory if isinstance(factory, type) else type(factory)
    return [{"name": s.name, "default": s.default, "help": s.help, "rule": s.rule,
             "choices": list(s.choices) if s.choices is not None else None} for s in cls.SETTINGS]


# Sections of a game package docstring that follow its action strings and are not about them.
_OTHER_SECTIONS = ("Script", "Snapshot", "Card data", "Settings", "Usage")


def action_docs(doc: str) -> str:
    """The "Action strings" part of a game package docstring: its paragraph and what follows it
    (the list, who acts when, reading choices) up to the script set-up or snapshot section."""
    paragraphs = [p for p in (doc or "").split("\n\n")]
    start = next((i for i, p in enumerate(paragraphs) if "action strings" in p.lower()), None)
    if start is None:
        return (doc or "").strip()
    out = [paragraphs[start]]
    for para in paragraphs[start + 1:]:
        first = para.strip("\n").splitlines()[0] if para.strip() else ""
        if not first or first.startswith(_OTHER_SECTIONS):
            break
        out.append(para)
    return "\n\n".join(out).strip()


def describe_games(*, actions: bool = False) -> list[dict]:
    """One dict per game: name, alias, title, card types, formats, settings (and action strings)."""
    from deckkit.decks.formats import formats_of

    out = []
    for info in GAMES.values():
        entry: dict[str, Any] = {"name": info.name, "alias": info.alias, "title": info.title,
                                 "card_types": list(info.card_types), "rules_prefix": info.rules_prefix}
        try:
            entry["formats"] = [{"name": f.name, "title": f.title, "default": f.default} for f in formats_of(info.name)]
        except Exception:  # a broken bundled format must not hide the game list
            entry["formats"] = []
        try:
            module = importlib.import_module(f"deckkit.games.{info.name}")
        except ImportError:
            module = None
        entry["settings"] = _settings(module) if module else []
        entry["playable"] = bool(module and getattr(module, "GAME", None) is not None)
        if actions:
            entry["actions"] = action_docs(module.__doc__ or "") if module else ""
        out.append(entry)
    return out
