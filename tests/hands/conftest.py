"""Fixtures for the hands tests: bundled decks resolved without SQLite, synthetic decks of plain dicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.decks import CardPool, load_deck
from deckkit.paths import data_dir


def make_deck(**groups: int) -> list[dict]:
    """A synthetic deck: ``make_deck(food=20, monster=30)`` -> card dicts, one id per type."""
    cards: list[dict] = []
    for typ, n in groups.items():
        cost = None if typ == "food" else 2
        card = {"id": f"x-{typ}", "game": "obludarium", "name": typ.capitalize(), "type": typ}
        if cost is not None:
            card["cost"] = cost
        cards.extend([card] * n)
    return cards


@pytest.fixture(scope="session")
def pool() -> CardPool:
    """All bundled cards, looked up like the catalogue does."""
    return CardPool.bundled()


@pytest.fixture(scope="session")
def bundled_deck(pool):
    """bundled_deck(name) -> (game, card dicts) of data/decks/<name>.deck."""

    def _load(name: str) -> tuple[str, list[dict]]:
        deck = load_deck(Path(data_dir()) / "decks" / f"{name}.deck")
        return deck.game, deck.cards(pool)

    return _load
