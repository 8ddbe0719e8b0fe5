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
    """Cards by id, folded name and folded translated names; ``find`` raises UnknownCard with suggestions."""

    def __init__(self, cards: Iterable[dict[str, Any]]) -> None:
        self.by_id: dict[str, dict[str, Any]] = {}
        self.by_name: dict[tuple[str, str], dict[str, Any]] = {}
        self.names: dict[str | None, dict[str, str]] = {None: {}}  # game -> folded -> real name
        for card in cards:
            self.by_id[card["id"]] = card
            game = card["game"]
            for name in [card["name"], *card.get("names", {}).values()]:
                self.by_name.setdefault((game, fold(name)), card)
            self.names.setdefault(game, {})[fold(card["name"])] = card["name"]
            self.names[None][fold(card["name"])] = card["name"]

    @classmethod
    def bundled(cls, game: str | None = None) -> CardPool:
        """A pool of the bundled cards (``data/cards``), of one game or all."""
        from deckkit.catalogue import bundled_cards

        return cls(bundled_cards(game))

    def find(self, name_or_id: str, game: str | None = None) -> dict[str, Any]:
        """The card with this id or (folded) name, in ``game`` if given."""
        card = self.by_id.get(name_or_id.strip())
        if card is not None and (game is None or card["game"] == game):
            return card
        key = fold(name_or_id)
        games = [game] if game else [g for g in self.names if g is not None]
        for g in games:
            card = self.by_name.get((g, key))
            if card is not None:
                return card
        known = self.names.get(game, {})
        close = difflib.get_close_matches(key, list(known), n=3, cutoff=0.6)
        raise UnknownCard(name_or_id, [known[c] for c in close])
