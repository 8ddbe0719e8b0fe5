"""The one goldfish loop: every game's goldfish games are played by deckkit.engine.loop.play."""

from __future__ import annotations

import random

import pytest

from deckkit.bundled import starter_deck
from deckkit.engine import loop
from deckkit.engine.registry import load_game
from deckkit.engine.results import ScoreRecord, WinRecord

GAMES = ("obludarium", "alomfogo", "kotlik")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_every_game_plays_its_goldfish_games_through_the_one_loop(name, policy, monkeypatch):
    calls = []
    real = loop.play

    def counting(state, seats, rng, **kwargs):
        calls.append(len(seats))
        return real(state, seats, rng, **kwargs)

    monkeypatch.setattr(loop, "play", counting)
    game = load_game(name)
    record = game.play_goldfish(starter_deck(game), random.Random(1), policy=policy)
    assert calls == [2]  # one loop, one policy per seat
    assert isinstance(record, ScoreRecord if name == "kotlik" else WinRecord)


@pytest.mark.parametrize("name", GAMES)
def test_a_policy_given_as_a_function_pilots_every_game(name):
    """policy(state, rng) -> Action works for every game (Kotlík's strategy files need it too)."""
    game = load_game(name)
    seen_rngs = set()
    builtin = game.policies()["random"]

    def pilot(state, rng):
        seen_rngs.add(id(rng))
        assert rng is not state.rng
        return builtin(state, rng)

    players = random.Random(5)
    record = game.play_goldfish(starter_deck(game), random.Random(2), policy=pilot, policy_rng=players)
    assert seen_rngs == {id(players)}
    assert isinstance(record, (WinRecord, ScoreRecord))


def test_the_loop_stops_at_the_turn_and_action_caps():
    game = load_game("obludarium")
    deck = starter_deck(game)
    passive = game.policies()["passive"]
    state = game.new_game([deck, deck], random.Random(3), log=False)
    assert not state.logging and not state.log  # the one log switch, set before the set-up
    steps = loop.play(state, [passive, passive], random.Random(0), max_actions=7)
    assert steps == 7 and len(state.history) == 7 and not state.is_terminal()
    turns = []
    loop.play(state, [passive, passive], random.Random(0), turn=lambda: state.turn, max_turns=5,
              after=lambda seat, action: turns.append(state.turn))
    assert state.turn == 6 and max(turns) == 6  # the step that began turn 6 was the last one
