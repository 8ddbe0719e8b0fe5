"""Fixtures for the deck tests: the bundled cards as an in-memory pool, a deck-file writer and the CLI on a
catalogue of the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
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


@pytest.fixture
def run(tmp_path: Path):
    """run(*args) -> the result of ``deckkit --db <a fresh catalogue> args`` (``run.db`` is that catalogue);
    test modules with catalogues of their own define their own ``run``."""
    db = tmp_path / "cards.db"

    def _run(*args: str):
        return CliRunner().invoke(app, ["--db", str(db), *args], catch_exceptions=False)

    _run.db = db  # type: ignore[attr-defined]
    return _run
