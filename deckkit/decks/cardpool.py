"""An in-memory card lookup over a list of card dicts (same contract as the catalogue's ``find``).

Used where a SQLite catalogue is not wanted: validating against a card file, tests, benchmarks.
"""

from __future__ import annotations

import difflib
from typing import Any
from collections.abc import Iterable

from deckkit.errors import UnknownCard
from deckkit.text import fold


class CardPool:
    """Cards by id, folded name and folded translated names; ``find`` raises UnknownCard with suggestions,
    or AmbiguousName when several cards of the game carry the name and no preference picks one."""

    def __init__(self, cards: Iterable[dict[str, Any]], *, sources: dict[str, str] | None = None,
                 prefer: tuple[str, ...] = ()) -> None:
        # id -> the file a card was imported from ("bundled"), and the pool-wide preference (the
        # catalogue's), for names several cards share (deckkit.catalogue.prefer)
        self.sources = sources or {}
        self.prefer = prefer
        self.by_id: dict[str, dict[str, Any]] = {}
        # (game, folded name) -> cards with that printed name; translated names only where no printed one is.
        self.by_name: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.by_translation: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.names: dict[str | None, dict[str, str]] = {None: {}}  # game -> folded -> real name
        for card in cards:
            self.by_id[card["id"]] = card
            game = card["game"]
            _add(self.by_name, (game, fold(card["name"])), card)
            for name in card.get("names", {}).values():
                _add(self.by_translation, (game, fold(name)), card)
            self.names.setdefault(game, {})[fold(card["name"])] = card["name"]
            self.names[None][fold(card["name"])] = card["name"]

    @classmethod
    def bundled(cls, game: str | None = None) -> CardPool:
        """A pool of the bundled cards (``data/cards``), of one game or all."""
        from deckkit.catalogue import bundled_cards

        return cls(bundled_cards(game))

    def named(self, name: str, game: str) -> list[dict[str, Any]]:
        """Every card of ``game`` with this (folded) printed name, else with this translated name."""
        key = (game, fold(name))
        return self.by_name.get(key) or self.by_translation.get(key) or []

    def find(self, name_or_id: str, game: str | None = None, *, prefer: tuple[str, ...] = ()) -> dict[str, Any]:
        """The card with this id or (folded) name, in ``game`` if given; a shared name is resolved by
        ``prefer``, then the pool's own preference."""
        card = self.by_id.get(name_or_id.strip())
        if card is not None and (game is None or card["game"] == game):
            return card
        games = [game] if game else [g for g in self.names if g is not None]
        for g in games:
            cards = self.named(name_or_id, g)
            if len(cards) > 1:
                from deckkit.catalogue.prefer import choose

                return choose(name_or_id, cards, self.sources, tuple(prefer) + self.prefer)
            if cards:
                return cards[0]
        key = fold(name_or_id)
        known = self.names.get(game, {})
        close = difflib.get_close_matches(key, list(known), n=3, cutoff=0.6)
        raise UnknownCard(name_or_id, [known[c] for c in close])


def _add(index: dict[tuple[str, str], list[dict[str, Any]]], key: tuple[str, str], card: dict[str, Any]) -> None:
    cards = index.setdefault(key, [])
    if all(c["id"] != card["id"] for c in cards):
        cards.append(card)
