"""Shared helpers of the match tests: a bundled deck and mid-game positions of every registered game."""

from __future__ import annotations

import random

from deckkit.decks.io import load_deck
from deckkit.engine.registry import load_game
from deckkit.paths import data_dir
from deckkit.text import fold


def bundled_deck(game) -> list[dict]:
    """The first bundled starter deck of the game as card dicts (the whole pool when it has none)."""
    paths = sorted((data_dir() / "decks").glob(f"{game.name}-*.deck"))
    if not paths:
        return list(game.cards.values())
    by_name = {fold(c["name"]): c for c in game.cards.values()} | {fold(c["id"]): c for c in game.cards.values()}
    return [by_name[fold(e.name)] for e in load_deck(paths[0]).entries for _ in range(e.count)]


def positions(spec, seeds=range(4), steps=(0, 7, 19, 40), **settings):
    """(game, support, state) for positions reached by seeded random play from new matches of the deck."""
    game = load_game(spec.name, **settings)
    support = spec.hook("match")
    deck = bundled_deck(game)
    out = []
    for seed in seeds:
        for n in steps:
            state = support.new_match(game, [deck, deck], random.Random(seed))
            chooser = random.Random(seed + 100)
            for _ in range(n):
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                state.apply(legal[chooser.randrange(len(legal))])
            if not state.is_terminal():
                out.append((game, support, state))
    return out
