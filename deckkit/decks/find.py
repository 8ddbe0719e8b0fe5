"""``deckkit deck find``: which decks hold cards that match a search query."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Sequence
from typing import Any

from deckkit.decks.io import load_deck
from deckkit.decks.model import CardLookup, resolve

__all__ = ["find_in_decks"]


def find_in_decks(query: str, paths: Sequence[str | Path], catalogue: CardLookup) -> list[dict[str, Any]]:
    """One entry per deck that holds matching cards: file, deck name, game, the matching cards
    (name, id, count, section) and how many copies in all. The query is parsed first (a malformed
    one fails before any deck is read); a deck file that cannot be read raises DeckFileError."""
    from deckkit.query import compile_predicate, parse

    matches = compile_predicate(parse(query))
    found = []
    for path in paths:
        deck = load_deck(path)
        resolved = resolve(deck, catalogue)
        cards = [{"name": r.card["name"], "id": r.card["id"], "count": r.entry.count, "section": section}
                 for section, rows in (("main", resolved.main), ("sideboard", resolved.side))
                 for r in rows if r.card is not None and matches(r.card)]
        if cards:
            found.append({"file": str(path), "deck": deck.name, "game": deck.game, "cards": cards,
                          "copies": sum(c["count"] for c in cards)})
    return found
