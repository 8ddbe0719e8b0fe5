"""Construction formats as data: ``data/formats/*.json`` and user files, per ``schemas/format.schema.json``."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckkit.engine.registry import on_change
from deckkit.errors import DataError, UsageError, ValidationFailed
from deckkit.text import fold


@dataclass(frozen=True)
class Format:
    """One game's construction format; fields mirror ``schemas/format.schema.json``."""

    game: str
    name: str
    title: str = ""
    description: str = ""
    default: bool = False
    rules: tuple[str, ...] = ()
    size: dict[str, Any] = field(default_factory=dict)
    copies: dict[str, Any] = field(default_factory=dict)
    banned: tuple[str, ...] = ()
    restricted: dict[str, int] = field(default_factory=dict)
    sets: tuple[str, ...] | None = None
    rarities: tuple[str, ...] | None = None
    types: tuple[str, ...] | None = None
    pool: tuple[str, ...] | None = None
    composition: tuple[dict[str, Any], ...] = ()
    advice: tuple[dict[str, Any], ...] = ()
    source: str | None = None

    @property
    def id(self) -> str:
        """``<game>-<name>``, e.g. ``alomfogo-tournament``."""
        return f"{self.game}-{self.name}"

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str | None = None) -> Format:
        """Build from a schema-valid dict."""
        def opt(key: str) -> tuple[str, ...] | None:
            value = data.get(key)
            return None if value is None else tuple(value)

        return cls(
            game=data["game"], name=data["name"], title=data.get("title", ""),
            description=data.get("description", ""), default=bool(data.get("default", False)),
            rules=tuple(data.get("rules", ())), size=dict(data.get("size", {})), copies=dict(data.get("copies", {})),
            banned=tuple(data.get("banned", ())), restricted=dict(data.get("restricted", {})),
            sets=opt("sets"), rarities=opt("rarities"), types=opt("types"), pool=opt("pool"),
            composition=tuple(data.get("composition", ())), advice=tuple(data.get("advice", ())), source=source,
        )


def _named(card: dict[str, Any], names: tuple[str, ...]) -> bool:
    keys = {fold(n) for n in names} | set(names)
    name = card.get("name")
    return card.get("id") in keys or (isinstance(name, str) and fold(name) in keys)


def card_banned(fmt: Format, card: dict[str, Any]) -> bool:
    """True for a card of the format's game that the format bans (by name or id)."""
    return card.get("game") == fmt.game and bool(fmt.banned) and _named(card, fmt.banned)


def card_legal(fmt: Format, card: dict[str, Any]) -> bool:
    """True for a card the format allows in a deck (game, banlist, pool, sets, rarities, types); copies,
    restrictions and deck size are the deck's business (deck validate). Sets compare folded."""
    if card.get("game") != fmt.game or card_banned(fmt, card):
        return False
    if fmt.pool is not None and not _named(card, fmt.pool):
        return False
    card_set = card.get("set")
    if fmt.sets is not None and not (isinstance(card_set, str) and fold(card_set) in {fold(s) for s in fmt.sets}):
        return False
    if fmt.rarities is not None and card.get("rarity") not in fmt.rarities:
        return False
    return fmt.types is None or card.get("type") in fmt.types


def check_format_data(data: Any, source: str) -> list[str]:
    """Every schema problem of a format document, as ``file::$.path: message`` strings (empty when valid)."""
    from deckkit.decks.schemacheck import json_path, schema_errors

    return [f"{source}::{json_path(e.absolute_path)}: {e.message}" for e in schema_errors("format.schema.json", data)]


def load_format_file(path: str | Path) -> Format:
    """Read and validate a user's format file; DataError/ValidationFailed naming every problem."""
    path = Path(path)
    from deckkit.fileio import loads_json, read_text

    text = read_text(path, what="format file")  # FileReadError (a DataError) names the file and why
    try:
        data = loads_json(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}",
                        hint="a format file is one JSON object; deckkit bundled --kind format lists examples") from None
    problems = check_format_data(data, str(path))
    if problems:
        raise ValidationFailed(f"{path} is not a valid format file ({len(problems)} problem(s))", problems,
                               hint="schemas/format.schema.json describes every field")
    return Format.from_dict(data, source=str(path))


@lru_cache(maxsize=1)
def bundled_formats() -> dict[tuple[str, str], Format]:
    """The formats shipped in ``data/formats/``, keyed by (game, name)."""
    from deckkit.paths import data_dir

    # Bundled files are checked against the schema by the test suite, not on every start (speed).
    from deckkit.engine.registry import registered_games

    out: dict[tuple[str, str], Format] = {}
    places = [data_dir() / "formats", *(Path(g.formats) for g in registered_games() if g.formats)]
    for file in (f for place in places for f in sorted(place.glob("*.json"))):
        fmt = Format.from_dict(json.loads(file.read_text(encoding="utf-8")), source=str(file))
        out[(fmt.game, fmt.name)] = fmt
    return out


# A game registered or removed brings or takes its own formats.
on_change(bundled_formats.cache_clear)


def formats_of(game: str) -> list[Format]:
    """The bundled formats of one game, default first."""
    found = [f for (g, _), f in bundled_formats().items() if g == game]
    return sorted(found, key=lambda f: (not f.default, f.name))


def find_format(game: str, name: str | None) -> Format:
    """The bundled format ``name`` of ``game`` (``casual`` or ``alomfogo-casual``); the default when None.

    Raises UsageError naming the game's formats when there is no such format.
    """
    choices = formats_of(game)
    if name is None or not name.strip():
        for fmt in choices:
            if fmt.default:
                return fmt
        if choices:
            return choices[0]
        raise DataError(f"no construction format is installed for {game}", hint="pass one with --format-file")
    key = fold(name).replace(" ", "-")
    for fmt in choices:
        if key in (fmt.name, fmt.id):
            return fmt
    known = ", ".join(f.name for f in choices) or "none"
    raise UsageError(f"unknown format {name!r} for {game}", hint=f"formats of {game}: {known}")


def check_format_name(name: str | None) -> str | None:
    """``name`` if some game has a bundled format of that name (or id); UsageError listing them otherwise."""
    if name is None:
        return None
    key = fold(name).replace(" ", "-")
    known = bundled_formats().values()
    if any(key in (f.name, f.id) for f in known):
        return name
    raise UsageError(f"unknown format {name!r}",
                     hint="formats: " + ", ".join(sorted(f.id for f in known)) + "; or pass --format-file FILE")
