"""Starting a script's game: the rules object with its settings, the set-up position (or the opening),
deck files and formats, and set-ups a script expects to be refused."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from deckkit.errors import DeckkitError
from deckkit.paths import data_dir
from deckkit.scripts.chance import ScriptRandom
from deckkit.scripts.cards import ScriptCards
from deckkit.scripts.reader import Script

_RULE = re.compile(r"\b[A-Z]{2}-(?:Q?\d+|EX-\d+)\b")


def make_game(name: str, settings: dict, cards: list[dict] | None = None):
    """The rules object of a game over ``cards`` (the bundled pool when None) with named settings."""
    from deckkit.engine.registry import load_game

    return load_game(name, cards, **settings)


def _deck_names(script: Script, spec: str, player: str, cards: ScriptCards) -> list[str]:
    """Expand a deck file named in ``setup.pN.deck`` into card ids (one per copy), resolved among the
    script's cards as every deck is (names or ids; an unknown or ambiguous name is an error)."""
    from deckkit.decks.io import load_deck

    found = _deck_file(script, spec, player)
    try:
        deck = load_deck(found)
    except DeckkitError as exc:
        raise script.error(f"deck file {spec!r}: {exc.message}", "setup", player, "deck", hint=exc.hint) from None
    from deckkit.engine.registry import resolve as resolve_game

    try:
        deck_game = resolve_game(deck.game)
    except DeckkitError:
        deck_game = deck.game
    if deck_game != resolve_game(script.data["game"]):
        raise script.error(f"deck file {spec!r} is for {deck_game}, not {resolve_game(script.data['game'])}",
                           "setup", player, "deck", hint="use a deck of the script's game")
    from deckkit.decks.model import resolve

    resolved = resolve(deck, cards.pool)
    if resolved.errors:
        first = resolved.errors[0]
        more = f" ({len(resolved.errors) - 1} more problem(s))" if len(resolved.errors) > 1 else ""
        raise script.error(f"deck file {spec!r}: {found}:{first.line}: {first.message}{more}", "setup", player,
                           "deck", hint=first.hint)
    return [card["id"] for card in resolved.expand()]


_DECK_HINT = ("give a bundled deck's name (e.g. obludarium-standard), a path inside the script's folder, or the "
              "cards themselves: deck = [\"id\", …]")


def _deck_file(script: Script, spec: str, player: str) -> Path:
    """The deck file ``setup.pN.deck`` names, confined: a script someone sent may not read any file.

    Allowed are a bundled deck's name and a relative path that stays, links followed, inside the
    script's folder or deckkit's bundled data (``data/decks/…``, ``../decks/…`` from a bundled script).
    """
    from deckkit.paths import bundled_path

    base = Path(script.path).parent.resolve()
    data = data_dir().resolve()
    if Path(spec).is_absolute() or spec.startswith("~"):
        raise script.error(f"deck file {spec!r}: a script names decks by relative paths only", "setup", player,
                           "deck", hint=_DECK_HINT)
    candidates = [base / spec, data.parent / spec, data / "decks" / spec, bundled_path(spec, "deck")]
    outside = None
    for candidate in candidates:
        if candidate is None or not candidate.is_file():
            continue
        real = candidate.resolve()
        if real.is_relative_to(base) or real.is_relative_to(data):
            return real
        outside = outside or candidate
    if outside is not None:
        raise script.error(f"deck file {spec!r} is outside the script's folder", "setup", player, "deck",
                           hint=_DECK_HINT)
    raise script.error(f"deck file {spec!r} not found", "setup", player, "deck", hint=_DECK_HINT)


def _check_format(script: Script, game_name: str, fmt: str, player: str, names: list[str],
                  cards: ScriptCards) -> None:
    """``[setup] format = NAME``: the player's deck must be legal in that format (deckkit deck validate)."""
    from deckkit.decks.model import Deck, DeckEntry
    from deckkit.decks.validate import validate_deck

    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    deck = Deck(game=game_name, entries=[DeckEntry(c, n) for n, c in counts.items()], path=f"{player}'s deck")
    try:
        report = validate_deck(deck, cards.pool, fmt)
    except DeckkitError as exc:
        raise script.error(exc.message, "setup", "format", hint=exc.hint) from None
    if report.errors:
        first = report.errors[0]
        found = _RULE.search(first.message + " " + (first.hint or ""))
        raise script.error(f"{player}'s deck is not legal in the {report.format or fmt} format: {first.message}",
                           "setup", player, "deck", hint=first.hint or "fix the deck or drop 'format'",
                           rule=found[0] if found else None)


def start(script: Script, cards: ScriptCards, fixed_chance: dict | None = None):
    """The game's state in the script's set-up position (or its opening), and the script's generator.

    Raises ScriptError located in ``[setup]``; its ``rule`` is the rule that forbids the position.
    """
    from deckkit.engine.core import SetupError
    from deckkit.engine.registry import resolve as resolve_game

    data = script.data
    seed = data.get("seed", 0)
    try:
        game = make_game(data["game"], data.get("settings", {}), cards.cards)
    except DeckkitError as exc:
        settings = data.get("settings") or {}
        # point at the setting the message names, else at [settings] or the game line
        key = next((k for k in settings if f"{k!r}" in exc.message or f"setting {k}:" in exc.message), None)
        where = ("settings", key) if key else ("settings",) if settings else ("game",)
        raise script.error(exc.message, *where, hint=exc.hint) from None
    setup = json.loads(json.dumps(data.get("setup", {})))  # a private copy
    fmt = setup.pop("format", None)
    opening = setup.pop("opening", False)
    for player, spec in list(setup.items()):
        if isinstance(spec, dict) and isinstance(spec.get("deck"), str):
            spec["deck"] = _deck_names(script, spec["deck"], player, cards)
        if fmt and isinstance(spec, dict) and isinstance(spec.get("deck"), list):
            _check_format(script, resolve_game(data["game"]), fmt, player, spec["deck"], cards)

    def make_rng() -> ScriptRandom:
        return ScriptRandom(seed, fixed_chance)

    if opening:
        return _opening(script, game, setup, make_rng)
    rng = make_rng()
    try:
        return game.from_setup(setup, rng), rng
    except SetupError as exc:
        parts = _field_parts(exc.field)
        value = None
        if parts and isinstance(parts[-1], int):
            value = _field_value(data.get("setup", {}), parts)
            parts = parts[:-1]
        raise script.error(exc.message, "setup", *parts, hint=exc.hint, value=value,
                           rule=getattr(exc, "rule", None)) from None
    except DeckkitError as exc:
        found = _RULE.search(exc.message)
        raise script.error(exc.message, "setup", hint=exc.hint, rule=found[0] if found else None) from None


def _opening(script: Script, game: Any, setup: dict, make_rng: Any):
    """The opening of a new game with the players' decks (``[setup] opening = true``)."""
    from deckkit.scripts.opening import Opening

    extra = [k for k in setup if k not in ("p1", "p2", "p3", "p4")]
    players = sorted(k for k in setup if k in ("p1", "p2", "p3", "p4"))
    for key in [*extra, *(f"{p}.{k}" for p in players for k in (setup[p] or {}) if k != "deck")]:
        raise script.error(f"setup key {key!r} does not go with opening = true: the game deals its own opening",
                           "setup", *key.split("."),
                           hint="give each player only a deck (deck = \"FILE\" or a list of names), "
                                "or drop opening = true to place a position")
    decks = None
    if players:
        by_name: dict[str, dict] = {}
        for card in game.cards.values():
            by_name.setdefault(card["name"].casefold(), card)
        decks = []
        for p in players:
            names = (setup[p] or {}).get("deck") or []
            try:
                decks.append([by_name[n.casefold()] if n.casefold() in by_name else game.cards[n] for n in names])
            except KeyError as exc:
                raise script.error(f"unknown card {exc.args[0]!r} in {p}'s deck", "setup", p, "deck",
                                   hint="write card names as printed (deckkit search)") from None
    try:
        state = Opening.of_game(game, decks, make_rng)
    except DeckkitError as exc:
        found = _RULE.search(exc.message)
        raise script.error(exc.message, "setup", hint=exc.hint, rule=found[0] if found else None) from None
    return state, state.rng


def _field_parts(field: str | None) -> list:
    parts: list = []
    for piece in (field or "").split("."):
        if not piece or piece == "setup" and not parts:
            continue
        m = re.match(r"^(.*?)\[(\d+)\]$", piece)
        if m:
            parts.append(m[1])
            parts.append(int(m[2]))
        else:
            parts.append(piece)
    return parts


def _field_value(setup: dict, parts: list) -> str | None:
    node: Any = setup
    for part in parts:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    return node if isinstance(node, str) else None


