"""Fixtures for the hands tests: bundled decks resolved without SQLite, synthetic decks of plain dicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.decks import CardPool, load_deck
from deckkit.paths import data_dir


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
