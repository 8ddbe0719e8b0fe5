"""Fixtures of the game screen tests: a game of a bundled deck against the greedy AI, and a way to drive the app."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.catalogue import open_catalogue


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """A catalogue made (and filled with the bundled cards) before the tests use it."""
    path = tmp_path_factory.mktemp("screen") / "catalogue.db"
    open_catalogue(path).close()
    return path


@pytest.fixture
def make_play(db, monkeypatch):
    """make_play(deck, seed=0, seat=1, **options) -> a Play of the bundled deck against itself (greedy AI)."""
    from deckkit.cli import common
    from deckkit.match.ai import pilot_spec
    from deckkit.match.session import Session
    from deckkit.scripts.cards import CardSource
    from deckkit.screen.model import Play
    from deckkit.sim.goldfish import load_decks

    monkeypatch.setenv("DECKKIT_DB", str(db))

    def _make(deck: str, seed: int = 0, seat: int = 1, **options) -> Play:
        path = common.input_file(Path(deck), "deck")
        loaded = load_decks([path, path], open_catalogue(db))
        session = Session(loaded[0].game, loaded, {seat - 1}, pilot_spec("greedy", 200, loaded[0].game), seed, {})
        return Play(session, ai_name="greedy", cards=CardSource(db).game_cards, **options)

    return _make
