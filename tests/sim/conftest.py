"""Shared fixtures of the goldfish-at-scale tests: real bundled cards and starter decks."""

from __future__ import annotations

import pytest

from deckkit.paths import data_dir


@pytest.fixture(scope="session")
def card_pool():
    """The bundled cards as an in-memory lookup (same contract as the catalogue's ``find``)."""
    from deckkit.decks import CardPool

    return CardPool.bundled()


@pytest.fixture(scope="session")
def starter(card_pool):
    """Load a bundled starter deck by file name; skips while that game's engine is not in the tree."""

    def load(name: str):
        from deckkit.sim.goldfish import load_decks
        from deckkit.sim.runner import build_game

        path = data_dir() / "decks" / name
        if not path.exists():
            pytest.skip(f"{name} is not in the tree yet")
        deck = load_decks([path], card_pool)[0]
        build_game(deck.game, deck.cards, {})  # any other failure is a real one: let it fail
        return deck

    return load
