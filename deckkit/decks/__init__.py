"""Decks: deck files (text and JSON), construction formats as data, validation and statistics.

Public API (kept small; other parts of deckkit load decks only through it):

- ``load_deck(path) -> Deck`` — read a text or JSON deck file (DeckFileError lists every problem).
- ``resolve(deck, catalogue) -> ResolvedDeck`` — look every card up once; ``.expand()`` gives one
  card dict per copy. ``Deck.cards(catalogue)`` does both and raises if a name is unknown.
- ``validate(paths, catalogue, fmt=None) -> list[Report]`` and ``validate_deck(deck, catalogue, fmt)``.
- ``deck_stats(resolved) -> dict`` — counts by type, cost curve, game-specific figures.
- ``find_format(game, name)``, ``load_format_file(path)``, ``formats_of(game)``.

``catalogue`` is anything with ``find(name_or_id, game=None) -> card dict`` raising
``deckkit.errors.UnknownCard``: the SQLite catalogue (``deckkit.catalogue.open_catalogue``) or an
in-memory :class:`CardPool`.
"""

from __future__ import annotations

from deckkit.decks.cardpool import CardPool
from deckkit.decks.formats import Format, find_format, formats_of, load_format_file
from deckkit.decks.io import dumps, load_deck, read_deck, save_deck
from deckkit.decks.model import CardLookup, Deck, DeckEntry, Problem, ResolvedDeck, resolve
from deckkit.decks.stats import deck_stats
from deckkit.decks.textfile import DeckFileError
from deckkit.decks.validate import Report, validate, validate_deck

__all__ = [
    "CardLookup", "CardPool", "Deck", "DeckEntry", "DeckFileError", "Format", "Problem", "Report",
    "ResolvedDeck", "deck_stats", "dumps", "find_format", "formats_of", "load_deck", "load_format_file",
    "read_deck", "resolve", "save_deck", "validate", "validate_deck",
]
