"""Fixtures for the deck tests: the bundled cards as an in-memory pool and a deck-file writer."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.decks import CardPool


@pytest.fixture(scope="session")
def pool() -> CardPool:
    """All bundled cards (data/cards), looked up like the catalogue does."""
    return CardPool.bundled()


@pytest.fixture
def write(tmp_path: Path):
    """write(text, name="deck.deck") -> path of a file holding ``text`` (str, or bytes as is)."""

    def _write(text: str | bytes, name: str = "deck.deck") -> Path:
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return _write
