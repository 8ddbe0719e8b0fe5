"""The JSON deck form, validated by ``schemas/deck.schema.json``; reader and writer."""

from __future__ import annotations

import json
from typing import Any

from deckkit.decks.model import MAIN, SIDEBOARD, Deck, DeckEntry, Problem
from deckkit.decks.schemacheck import json_path, schema_errors
from deckkit.fileio import loads_json
from deckkit.text import fold


def parse_json(text: str, path: str | None = None) -> tuple[Deck, list[Problem]]:
    """Parse a JSON deck; returns the deck and every problem (schema errors name their JSON path)."""
    from deckkit.engine.registry import resolve as resolve_game

    deck = Deck(game="", path=path)
    try:
        data: Any = loads_json(text)  # deep nesting and huge numbers are JSONDecodeErrors too
    except json.JSONDecodeError as exc:
        return deck, [Problem("bad-json", f"invalid JSON: {exc.msg} (column {exc.colno})", line=exc.lineno,
                              hint="check commas, quotes and brackets near that spot")]
    errors = schema_errors("deck.schema.json", data)
    if errors:
        return deck, [Problem("invalid-deck-file", f"{json_path(e.absolute_path)}: {e.message}",
                              hint=e.schema.get("description") if isinstance(e.schema, dict) else None)
                      for e in errors]
    problems: list[Problem] = []
    deck.game = resolve_game(data["game"])  # the schema's enum guarantees a known name or alias
    deck.format = data.get("format") or None
    deck.name = data.get("name") or None
    deck.prefer = tuple(data.get("prefer") or ())
    for key, section in (("cards", MAIN), ("sideboard", SIDEBOARD)):
        seen: dict[str, DeckEntry] = {}
        for item in data.get(key, []):
            name = item.get("name") or item["id"]
            if fold(name) in seen:
                first = seen[fold(name)]
                first.count += item["count"]
                problems.append(Problem(
                    "duplicate-card", f"{name} appears twice in ${key}; counted as {first.count}",
                    card=name, severity="warning", hint="put all copies in one entry"))
                continue
            # JSON gives no line numbers; messages name the card instead.
            entry = DeckEntry(item["count"], name, None, section)
            seen[fold(name)] = entry
            deck.section(section).append(entry)
    deck.notes = list(problems)
    return deck, problems


def to_json(deck: Deck) -> dict[str, Any]:
    """The JSON form of a deck (valid against ``schemas/deck.schema.json``)."""
    out: dict[str, Any] = {"game": deck.game}
    if deck.format:
        out["format"] = deck.format
    if deck.name:
        out["name"] = deck.name
    if deck.prefer:
        out["prefer"] = list(deck.prefer)
    out["cards"] = [{"count": e.count, "name": e.name} for e in deck.entries]
    if deck.sideboard:
        out["sideboard"] = [{"count": e.count, "name": e.name} for e in deck.sideboard]
    return out


def write_json(deck: Deck) -> str:
    """The JSON deck file text (UTF-8, diacritics intact, 2-space indent)."""
    return json.dumps(to_json(deck), ensure_ascii=False, indent=2) + "\n"
