"""Deck operations behind ``deckkit deck …``: create, add, remove, show, convert (one function each)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from deckkit.decks.formats import find_format
from deckkit.decks.io import dumps, is_json_path, load_deck, save_deck
from deckkit.fileio import edit_lock
from deckkit.decks.model import MAIN, SIDEBOARD, CardLookup, Deck, lookup_card, resolve, written_name
from deckkit.decks.textfile import MAX_COUNT, writable
from deckkit.errors import DataError, UsageError
from deckkit.text import fold


def new_deck(path: str | Path, game: str, fmt: str | None = None, name: str | None = None,
             force: bool = False) -> Deck:
    """Create an empty deck file with its header; refuses to overwrite unless ``force``."""
    from deckkit.engine.registry import resolve as resolve_game

    game = resolve_game(game)
    if fmt is not None:
        fmt = find_format(game, fmt).name  # unknown format: UsageError naming the game's formats
    path = Path(path)
    if path.exists() and not force:
        raise DataError(f"{path} already exists", hint="choose another name or pass --force to overwrite it")
    if name is not None and not writable(name):
        raise UsageError(f"the deck name {name[:40]!r} holds a line break or control character",
                         hint="give the name on one line, without control characters")
    deck = Deck(game=game, format=fmt, name=name, path=str(path))
    save_deck(deck, path)
    return deck


def _check_count(count: int) -> None:
    if count < 1 or count > MAX_COUNT:
        raise UsageError(f"count {count} is out of range", hint=f"give a whole number from 1 to {MAX_COUNT}")


_COUNT = re.compile(r"(\d+)\s*[x×]?", re.IGNORECASE)
_COUNTED = re.compile(r"(\d+)\s*[x×]?\s+(\S.*)", re.IGNORECASE)


def _number(digits: str) -> int:
    """A count typed on the command line; UsageError (out of range) for one too long to be a count."""
    if len(digits.lstrip("0")) > 6:  # never int() of thousands of digits
        shown = digits if len(digits) <= 20 else digits[:12] + f"… ({len(digits)} digits)"
        raise UsageError(f"count {shown} is out of range", hint=f"give a whole number from 1 to {MAX_COUNT}")
    return int(digits)


def counted_names(items: list[str], count: int = 1) -> list[tuple[str, int]]:
    """``(name, copies)`` pairs from command-line items written as in deck files.

    ``["3", "Éjlépő Kajtár"]``, ``["3x Éjlépő Kajtár"]`` and ``["Éjlépő Kajtár"]`` with ``count=3``
    all mean three copies; a lone number applies to the name after it.
    """
    out: list[tuple[str, int]] = []
    pending: int | None = None
    for item in items:
        text = item.strip()
        lone = _COUNT.fullmatch(text)
        if lone:
            if pending is not None:
                raise UsageError(f"{pending} is followed by another number, {text}, instead of a card name",
                                 hint='write e.g. 3 "Éjlépő Kajtár"')
            pending = _number(lone.group(1))
            continue
        line = _COUNTED.fullmatch(text)
        if line and pending is None:
            out.append((line.group(2), _number(line.group(1))))
        else:
            out.append((text, count if pending is None else pending))
        pending = None
    if pending is not None:
        raise UsageError(f"the number {pending} has no card name after it", hint='write e.g. 3 "Éjlépő Kajtár"')
    return out


def add_cards(path: str | Path, names: list[str], catalogue: CardLookup, count: int = 1,
              sideboard: bool = False) -> list[tuple[str, int]]:
    """Add ``count`` copies of each card (looked up in the deck's game, written by its real name, or by its
    id when other cards of the game share that name)."""
    _check_count(count)
    with edit_lock(path):  # two edits at once: the second reads what the first wrote
        return _add_cards(path, names, catalogue, count, sideboard)


def _add_cards(path: str | Path, names: list[str], catalogue: CardLookup, count: int,
               sideboard: bool) -> list[tuple[str, int]]:
    deck = load_deck(path)
    cards = []
    for name, copies in counted_names(names, count):  # look every name up first: nothing written if one is unknown
        _check_count(copies)
        card, problem = lookup_card(catalogue, name, deck.game, None, deck.prefer)
        if problem is not None:
            # The hint carries the suggestion; the message need not say it twice.
            message = f"unknown card {name!r}" if problem.code == "unknown-card" else problem.message
            raise DataError(message, path=str(path), hint=problem.hint)
        assert card is not None  # lookup_card gives a card or a problem
        cards.append((card, copies))
    section = SIDEBOARD if sideboard else MAIN
    # A line may already name the card differently (its id, another spelling): grow that line.
    resolved = resolve(deck, catalogue)
    written = {r.card["id"]: r.entry.name for r in (resolved.side if sideboard else resolved.main)
               if r.card is not None}
    out = []
    for card, copies in cards:
        # A name no deck line can hold (a line break, a control character) is written as the card's id.
        default = written_name(catalogue, card, deck.game, deck.prefer)
        if not (writable(default) or is_json_path(path)):
            default = card["id"]
        entry = deck.add(written.get(card["id"]) or default, copies, section=section)
        if entry.count > MAX_COUNT:
            raise DataError(f"{entry.count} copies of {card['name']} is not plausible",
                            hint=f"at most {MAX_COUNT} copies per line")
        out.append((card["name"], entry.count))
        written.setdefault(card["id"], entry.name)
    save_deck(deck, path, keep_comments=True)  # the user's comments are their data
    return out


def remove_cards(path: str | Path, name: str, catalogue: CardLookup | None = None, count: int | None = None,
                 sideboard: bool = False) -> int:
    """Remove ``count`` copies (all when None) of a card; matches the name as written or the card's real name."""
    if count is not None:
        _check_count(count)
    with edit_lock(path):
        return _remove_cards(path, name, catalogue, count, sideboard)


def _remove_cards(path: str | Path, name: str, catalogue: CardLookup | None, count: int | None,
                  sideboard: bool) -> int:
    deck = load_deck(path)
    section = SIDEBOARD if sideboard else MAIN
    try:
        taken = deck.remove(name, count, section=section)
    except DataError:
        if catalogue is None:
            raise
        # The line may spell the card differently (an id, another spelling): compare resolved ids.
        from deckkit.errors import UnknownCard

        try:
            wanted = catalogue.find(name, game=deck.game, prefer=deck.prefer)
        except UnknownCard:
            raise DataError(f"{name!r} is not in the {section}", path=str(path),
                            hint="`deckkit deck show DECK` lists the cards in it") from None
        resolved = resolve(deck, catalogue)
        rows = resolved.side if sideboard else resolved.main
        match = next((r for r in rows if r.card is not None and r.card["id"] == wanted["id"]), None)
        if match is None:
            raise
        taken = deck.remove(match.entry.name, count, section=section)
    save_deck(deck, path, keep_comments=True)
    return taken


def show_deck(path: str | Path, catalogue: CardLookup) -> dict[str, Any]:
    """The deck grouped by card type, with each card's cost, numbers and count, plus lookup problems."""
    from deckkit.engine.registry import spec

    deck = load_deck(path)
    resolved = resolve(deck, catalogue)
    order = spec(deck.game).card_types

    def group(rows) -> list[dict[str, Any]]:
        groups: dict[str, list[dict[str, Any]]] = {}
        for r in rows:
            card = r.card or {}
            item = {"count": r.entry.count, "name": card.get("name", r.entry.name), "id": card.get("id")}
            for key in ("cost", "attack", "defense", "number", "label"):
                if key in card:
                    item[key] = card[key]
            groups.setdefault(card.get("type", "unknown"), []).append(item)
        keys = [t for t in order if t in groups] + [t for t in groups if t not in order]
        return [{"type": t, "count": sum(i["count"] for i in groups[t]),
                 "cards": sorted(groups[t], key=lambda i: (i.get("cost", -1), fold(i["name"])))} for t in keys]

    return {"deck": str(path), "game": deck.game, "format": deck.format, "name": deck.name, "size": deck.size,
            "groups": group(resolved.main), "sideboard": group(resolved.side),
            "problems": [p.as_json() for p in resolved.errors + resolved.warnings]}


def convert_deck(src: str | Path, dest: str | Path | None = None, to_json: bool | None = None) -> str:
    """Read a deck (text or JSON) and write it in the other form (or the form ``to_json`` says); returns the text."""
    deck = load_deck(src)
    as_json = to_json if to_json is not None else (is_json_path(dest) if dest else not is_json_path(src))
    if dest is not None:
        save_deck(deck, dest, as_json=as_json)
    return dumps(deck, as_json)
