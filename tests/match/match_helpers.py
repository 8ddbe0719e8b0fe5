"""Shared helpers of the match tests: a bundled deck and mid-game positions of every registered game."""

from __future__ import annotations

import json
import random

from deckkit.bundled import starter_deck
from deckkit.engine.registry import load_game


def bundled_deck(game) -> list[dict]:
    """The game's first shipped starter deck (the whole pool when it has none)."""
    return starter_deck(game)


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


def report_json(result) -> dict:
    """The JSON report of a ``deckkit match … -o json`` run that succeeded."""
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)
