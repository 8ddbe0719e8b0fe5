"""Designer-card variants that can loop: AF-D30's kind "use the ability of another dream creature in
play (either player's)" on a creature, two copies in play, each using the other's ability (which uses
the first's …). Random self-play must end or be capped; such a chain stops at MAX_TRIGGER_DEPTH as
chains of triggers do (it was a RecursionError)."""

from __future__ import annotations

import random

import pytest

from deckkit.bundled import starter_deck
from deckkit.engine.core import TERMINAL
from deckkit.engine.loop import play
from deckkit.engine.registry import load_game

OZVENA = {"id": "dv-af-d30-ozvena", "game": "alomfogo", "name": "Ozvěna", "type": "dream-creature", "cost": 1,
          "helper": "S", "text": "(S) Use the ability of another dream creature in play (either player's) as if "
                                 "it were this card's.",
          "abilities": [{"cost": {"damage": True}, "do": [{"effect": "use-ability", "target": {
              "side": "any", "other": True, "filter": {"type": "dream-creature"}}}]}]}


@pytest.mark.parametrize("seed", [1])
def test_af_d30_abilities_used_through_each_other_stop(seed: int) -> None:
    """AF-D30: random self-play with eight copies of the borrowing creature ends (or is capped)."""
    pool = [c for c in load_game("alomfogo").cards.values() if c["id"] != OZVENA["id"]]
    game = load_game("alomfogo", [*pool, OZVENA])
    deck = list(starter_deck(game))
    creatures = [i for i, c in enumerate(deck) if c.get("type") == "dream-creature"]
    for i in creatures[:8]:
        deck[i] = OZVENA
    state = game.new_game([deck, deck], random.Random(seed))

    def step(state, seat, _policy, chooser: random.Random):
        legal = state.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        state.apply_unchecked(action)
        return action

    capped: list[str] = []
    play(state, [None, None], random.Random(seed * 7919 + 1), step=step, max_actions=5000, on_cap=capped.append)
    assert state.current_player() == TERMINAL or capped
