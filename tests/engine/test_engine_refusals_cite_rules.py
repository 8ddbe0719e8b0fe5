"""Every action kind of every game, refused where a rule forbids it, cites that rule.

One table per game: a position (set-up dict, settings, actions played first), an action that must
be refused, and the rule number the refusal must name. A test checks the table covers every action
kind the game declares, so a new kind cannot go unexplained. Out-of-turn attempts (a named player
who is not to act) and attempts after the end of the game are covered too.
"""

from __future__ import annotations

import random

import pytest

from deckkit.engine.registry import load_game
from deckkit.errors import IllegalAction

OB_MAIN = {"start": "p1", "phase": "main",
           "p1": {"library": ["Chleba"] * 3, "hand": ["Hejkal", "Chleba", "Blesk", "Jelva evilen"],
                  "table": ["Chleba", "Glum (new)"], "food_played": True},
           "p2": {"library": ["Chleba"] * 3, "table": ["Bahňák"]}}
OB_ATTACK = {"start": "p1", "phase": "attack",
             "p1": {"library": ["Chleba"] * 3, "table": ["Chleba", "Gryf", "Glum (new)"]},
             "p2": {"library": ["Chleba"] * 3, "table": ["Bahňák"]}}
OB_DISCARD = {"start": "p1", "phase": "main",
              "p1": {"library": ["Chleba"] * 3, "hand": ["Hejkal"] * 7, "food_played": True},
              "p2": {"library": ["Chleba"] * 3}}
OB_OVER = {"start": "p1", "phase": "attack", "p1": {"library": ["Chleba"] * 3, "table": ["Glum"]},
           "p2": {"library": ["Chleba"], "life": 1}}

AF_P4 = {"start": "p1", "phase": "phase4", "turn": 3,
         "p1": {"table": ["Garabonc Döme", "lidércfény"]},
         "p2": {"table": ["Ködlátó Berta", "álomszövő pók"], "library": ["Athame"]}}
KO_TAKE = {"stock": ["Jitrocel 1"], "cells": {"r3c3": "Síra 4", "r2c2": "Mandragora 3", "r3c4": "Jitrocel 3"},
           "p1": {"cauldron": ["Kapradí 2"], "stone": 0}, "p2": {"cauldron": ["Pavučina 2", "Síra 1"]}}
KO_EXPLODE = {"stock": ["Jitrocel 1"], "cells": {"r3c3": "Jitrocel 3"},
              "p1": {"cauldron": ["Kapradí 2"], "stone": 0}, "p2": {"cauldron": ["Pavučina 2", "Síra 1"]}}
KO_HAT = {"stock": [], "cells": {"r3c3": "Hadí kůže 2", "r2c5": "Ještěrčí ocas 3"},
          "p1": {"cauldron": ["Kapradí 2"], "stone": 0}, "p2": {"cauldron": ["Síra 4"], "stone": 11}}
KO_CHOOSE = {"direction": "choose"}

# (game, label, setup, settings, played first, action, rule)
CASES = [
    ("ob", "play food twice", OB_MAIN, {}, [], "play Chleba", "OB-315"),
    ("ob", "play without food", OB_MAIN, {}, [], "play Hejkal", "OB-701"),
    ("ob", "play a spell", OB_MAIN, {}, [], "play Blesk", "OB-356"),
    ("ob", "cast a blocking spell outside the block step", OB_MAIN, {}, [], "cast Jelva evilen on Bahňák", "OB-813"),
    ("ob", "cast without food", OB_MAIN, {}, [], "cast Blesk", "OB-702"),
    ("ob", "use a new monster's property", OB_MAIN, {}, [], "use Glum on Bahňák", "OB-334"),
    ("ob", "attack in the main phase", OB_MAIN, {}, [], "attack Glum", "OB-606"),
    ("ob", "attack with a new monster", OB_ATTACK, {}, [], "attack Glum", "OB-333"),
    ("ob", "attack twice", OB_ATTACK, {}, ["attack Gryf"], "attack Gryf", "OB-804"),
    ("ob", "block in the main phase", OB_MAIN, {}, [], "block Glum with Bahňák", "OB-607"),
    ("ob", "block a flyer", OB_ATTACK, {}, ["attack Gryf", "pass"], "block Gryf with Bahňák", "OB-816"),
    ("ob", "discard when not required", OB_MAIN, {}, [], "discard Hejkal", "OB-909"),
    ("ob", "pass when the discard is due", OB_DISCARD, {}, ["pass"], "pass", "OB-909"),
    ("ob", "anything after the end", OB_OVER, {}, ["attack Glum", "pass", "pass", "pass"], "pass", "OB-108"),
    ("ob", "p2 lays out in p1's turn", OB_MAIN, {}, [], "p2: play Chleba", "OB-611"),
    ("ob", "p2 casts before p1 acts", OB_MAIN, {}, [], "p2: cast Blesk", "OB-610"),
    ("ob", "p1 blocks in its own turn", OB_ATTACK, {}, ["attack Gryf", "pass"], "p1: block Gryf with Glum", "OB-607"),
    ("ob", "p2 attacks in p1's turn", OB_ATTACK, {}, [], "p2: attack Bahňák", "OB-606"),
    ("ob", "p2 discards in p1's turn", OB_MAIN, {}, [], "p2: discard Chleba", "OB-909"),
    ("ob", "choose when no ability asks", OB_MAIN, {}, [], "choose Glum", "OB-908"),
    ("af", "start after the set-up", AF_P4, {}, [], "start p2", "AF-504"),
    ("af", "play outside phase 3", AF_P4, {}, [], "play Athame", "AF-514"),
    ("af", "cast outside a duel", AF_P4, {}, [], "cast Athame", "AF-351"),
    ("af", "cycle outside phase 3", AF_P4, {}, [], "cycle Athame", "AF-611"),
    ("af", "counter with nothing to counter", AF_P4, {}, [], "counter Athame", "AF-371"),
    ("af", "no counter with nothing to counter", AF_P4, {}, [], "no counter", "AF-371"),
    ("af", "choose with no ability waiting for a choice", AF_P4, {}, [], "choose Athame", "AF-385"),
    ("af", "challenge with a dream creature", AF_P4, {}, [], "challenge with lidércfény", "AF-705"),
    ("af", "defend without a challenge", AF_P4, {}, [], "defend with Ködlátó Berta", "AF-704"),
    ("af", "no defence without a challenge", AF_P4, {}, [], "no defence", "AF-704"),
    ("af", "helper before the defender", AF_P4, {}, [], "helper lidércfény", "AF-721"),
    ("af", "no helper before the defender", AF_P4, {}, [], "no helper", "AF-721"),
    ("af", "assist before the helpers", AF_P4, {}, [], "assist lidércfény", "AF-730"),
    ("af", "draw when none is due", AF_P4, {}, [], "draw", "AF-512"),
    ("af", "no draw when none is due", AF_P4, {}, [], "no draw", "AF-512"),
    ("af", "pass instead of answering a challenge", AF_P4, {}, ["challenge with Garabonc Döme"], "pass", "AF-704"),
    ("ko", "take outside the line beside the stone", KO_TAKE, {}, [], "take Mandragora 3", "KO-501"),
    ("ko", "take before announcing", KO_EXPLODE, {}, ["take Jitrocel 3"], "take Síra 1", "KO-620"),
    ("ko", "explode without an exploding card", KO_TAKE, {}, [], "explode", "KO-601"),
    ("ko", "no explode without an exploding card", KO_TAKE, {}, [], "no explode", "KO-601"),
    ("ko", "extra turn without a hat card", KO_TAKE, {}, [], "extra turn", "KO-610"),
    ("ko", "no extra turn without a hat card", KO_TAKE, {}, [], "no extra turn", "KO-610"),
    ("ko", "a second extra turn", KO_HAT, {}, ["take Hadí kůže 2", "extra turn", "take Ještěrčí ocas 3"],
     "extra turn", "KO-611"),
    ("ko", "keep last before the end", KO_TAKE, {}, [], "keep last", "KO-701"),
    ("ko", "discard last before the end", KO_TAKE, {}, [], "discard last", "KO-701"),
    ("ko", "a move in the other direction", KO_TAKE, {}, [], "move anticlockwise", "KO-Q4"),
    ("ko", "a move when stones move by themselves", KO_TAKE, {}, [], "move clockwise", "KO-Q4"),
    ("ko", "a second move in a turn", KO_TAKE, KO_CHOOSE, ["move clockwise"], "move clockwise", "KO-402"),
    ("ko", "Black takes in White's turn", KO_TAKE, {}, [], "p2: take Síra 4", "KO-401"),
]


def _position(game_name: str, setup: dict, settings: dict, first: list[str]):
    game = load_game(game_name, **settings)
    state = game.from_setup(setup, random.Random(1))
    for text in first:
        state.apply(text)
    return state


def _refusal(state, action: str) -> tuple[str, str | None]:
    """The refusal of an action (``pN:`` names the player): its message and rule."""
    if ":" in action and action.split(":", 1)[0].strip().lower().startswith("p"):
        said, text = action.split(":", 1)
        player = int(said.strip()[1:]) - 1
        if player != state.current_player() and not state.is_terminal():
            return state.explain_out_of_turn(player, text.strip())
        action = text.strip()
    before = state.snapshot()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert state.snapshot() == before, "a refusal changed the state"
    return err.value.message, err.value.rule


@pytest.mark.parametrize("game_name,label,setup,settings,first,action,rule", CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_refusal_cites_the_rule_that_forbids_it(game_name, label, setup, settings, first, action, rule):
    """The rule a refusal names is the one that forbids the action in that position."""
    state = _position(game_name, setup, settings, first)
    message, cited = _refusal(state, action)
    assert cited == rule, f"{label}: {action!r} cited {cited} ({message}), expected {rule}"


def _kind_of(game_name: str, action: str) -> str:
    text = action.split(":", 1)[1].strip() if ":" in action else action
    kinds = KINDS[game_name]
    return next(k for k in sorted(kinds, key=len, reverse=True) if text == k or text.startswith(k + " "))


def _kinds() -> dict[str, tuple[str, ...]]:
    from deckkit.games.obludarium.explain import KINDS as OB_KINDS

    out = {"ob": OB_KINDS}
    for alias in ("af", "ko"):
        game = load_game(alias)
        state_cls = type(game.new_game(*_new_args(alias)))
        out[alias] = tuple(state_cls.ACTION_KINDS)
    return out


def _new_args(alias: str):
    if alias == "ko":
        return (None, random.Random(0))
    game = load_game(alias)
    deck = list(game.cards.values())[:40]
    return ([deck, deck], random.Random(0))


KINDS: dict[str, tuple[str, ...]] = {}


@pytest.mark.parametrize("game_name", ["ob", "af", "ko"])
def test_every_action_kind_has_a_refusal_case(game_name):
    """The table covers every action kind of every game."""
    KINDS.update(_kinds())
    covered = {_kind_of(game_name, c[5]) for c in CASES if c[0] == game_name}
    assert set(KINDS[game_name]) <= covered, sorted(set(KINDS[game_name]) - covered)
