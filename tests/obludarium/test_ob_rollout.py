"""The search's cheap rollout pilot (deckkit.games.obludarium.hidden.rollout) plays only legal actions,
in its own games and in positions of random play, and plays them as its docstring says."""

from __future__ import annotations

import random

from deckkit.bundled import starter_deck
from deckkit.games.obludarium import ObludariumGame
from deckkit.games.obludarium.hidden import rollout


def test_rollout_games_are_played_through_the_checked_engine() -> None:
    game = ObludariumGame()
    deck = starter_deck(game)
    kinds = set()
    for seed in range(12):
        state = game.new_game([deck, deck], random.Random(seed))
        chooser = random.Random(seed + 50)
        steps = 0
        while not state.is_terminal() and steps < 3000:
            legal = state.legal_actions()
            # every third action random, so the pilot also meets positions it would not make itself
            action = legal[chooser.randrange(len(legal))] if steps % 3 == 2 else rollout(state, chooser)
            assert action in legal, f"seed {seed}: rollout chose {action}, legal: {legal}"
            kinds.add(action.kind)
            state.apply(action)
            steps += 1
        assert state.is_terminal()
    assert {"play", "attack", "block", "pass"} <= kinds


def test_ob_315_rollout_lays_out_a_food_first_then_the_dearest_card_it_can_pay() -> None:
    game = ObludariumGame()
    setup = {"start": "p1", "phase": "main",
             "p1": {"hand": ["Hejkal", "Glum", "Chleba", "Blesk"], "table": ["Buřty", "Buřty", "Buřty"],
                    "library": ["Chleba"] * 5},
             "p2": {"library": ["Chleba"] * 5}}
    state = game.from_setup(setup, random.Random(0))
    assert str(rollout(state)) == "play Chleba"  # OB-315: one food a turn, it adds what can be paid
    state.apply("play Chleba")
    assert str(rollout(state)) == "play Hejkal"  # 4 food: the dearest monster, not Glum
    state.apply("play Hejkal")
    assert str(rollout(state)) == "pass"  # nothing left to pay for; the spell is the search's to try
