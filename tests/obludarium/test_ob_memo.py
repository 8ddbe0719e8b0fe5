"""The answers the rules keep between looks (filters on printed facts, abilities' plans) never go stale,
and a game that has kept some still pickles (it goes to worker processes)."""

from __future__ import annotations

import pickle
import random

from deckkit.bundled import starter_deck
from deckkit.engine.abilities import Filter
from deckkit.games.obludarium import ObludariumGame
from deckkit.games.obludarium.state import Perm


def _played(game: ObludariumGame, actions: int = 60):
    deck = starter_deck(game)
    state = game.new_game([deck, deck], random.Random(3))
    chooser = random.Random(4)
    for _ in range(actions):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))])
    return state


def test_a_live_filter_follows_the_card_in_play() -> None:
    game = ObludariumGame()
    state = game.new_game([starter_deck(game)] * 2, random.Random(1))
    glum = Perm(game.card_named("Glum"), 0)
    state.tables[0].append(glum)
    tapped_monster = Filter((("type", "monster"), ("state", "tapped")))
    assert not state.passes(tapped_monster, glum)
    glum.tapped = True
    assert state.passes(tapped_monster, glum)
    food = Perm(game.card_named("Chleba"), 0, tapped=True)
    assert not state.passes(tapped_monster, food)  # refused by its printed type, kept
    glum.tapped = False
    assert not state.passes(tapped_monster, glum)


def test_a_printed_filter_answers_per_card() -> None:
    game = ObludariumGame()
    state = game.new_game([starter_deck(game)] * 2, random.Random(1))
    beasts = Filter((("group", "beast"),))
    assert state.passes(beasts, game.card_named("Medděd"))
    assert not state.passes(beasts, game.card_named("Glum"))
    assert state.passes(beasts, Perm(game.card_named("Medděd"), 1))


def test_a_game_that_has_played_pickles_and_its_copy_plays_alike() -> None:
    game = ObludariumGame()
    state = _played(game)
    assert game.filter_memo  # the look-ups above kept answers
    twin = pickle.loads(pickle.dumps(state))
    assert [str(a) for a in twin.legal_actions()] == [str(a) for a in state.legal_actions()]
