"""Fixtures of the command-line convention tests: the real CLI on a real catalogue in tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.catalogue import open_catalogue
from deckkit.cli import app


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """A catalogue made (and filled with the bundled cards) before the tests use it."""
    path = tmp_path_factory.mktemp("cli") / "catalogue.db"
    open_catalogue(path).close()
    return path


@pytest.fixture
def cli():
    """cli(*args, input=None) -> the Result of ``deckkit ARGS`` (stdout and stderr apart)."""
    runner = CliRunner()

    def _run(*args: str, input: str | bytes | None = None):
        return runner.invoke(app, list(args), input=input, catch_exceptions=False)

    return _run


@pytest.fixture(scope="session")
def bundled_cards():
    """(game, card dicts) of the bundled Obludárium starter deck, resolved without SQLite."""
    from deckkit.decks import CardPool, load_deck
    from deckkit.paths import data_dir

    deck = load_deck(data_dir() / "decks" / "obludarium-standard.deck")
    return deck.game, deck.cards(CardPool.bundled())
