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


class _EndlessTurn:
    """A game whose one player may act for ever without the turn ending (a card loop, issue 28)."""

    def __init__(self) -> None:
        self.turn, self.steps = 1, 0

    def current_player(self) -> int:
        return 0

    def apply_unchecked(self, action) -> None:
        self.steps += 1


def test_the_loop_caps_a_turn_that_never_ends_and_says_what_repeated():
    state = _EndlessTurn()
    reasons: list[str] = []
    steps = loop.play(state, [lambda s, r: "use Studna"], random.Random(0), turn=lambda: state.turn, max_turns=40,
                      on_cap=reasons.append)
    assert steps == state.steps == loop.MAX_TURN_ACTIONS
    assert reasons == [f"capped: turn 1 did not end within {loop.MAX_TURN_ACTIONS:,} actions "
                       f"(its last 50: p1 use Studna ×50)"]


def test_the_loop_caps_a_game_and_a_step_that_loops_inside():
    state = _EndlessTurn()
    reasons: list[str] = []

    def next_turn(s, seat, policy, rng):  # every step a new turn: only the game's cap stops it
        s.turn += 1
        return "pass"

    assert loop.play(state, [None], random.Random(0), turn=lambda: state.turn, step=next_turn,
                     on_cap=reasons.append) == loop.MAX_GAME_ACTIONS
    assert reasons == [f"capped: the game was stopped after {loop.MAX_GAME_ACTIONS:,} actions (turn "
                       f"{loop.MAX_GAME_ACTIONS + 1})"]

    def whole_turn(s, seat, policy, rng):  # a fast step that plays a turn of its own
        raise loop.ActionCapped("turn 1 did not end within 1,000 plays (the last: p1 plays Bumeráng)")

    reasons.clear()
    assert loop.play(_EndlessTurn(), [None], random.Random(0), step=whole_turn, on_cap=reasons.append) == 0
    assert reasons == ["capped: turn 1 did not end within 1,000 plays (the last: p1 plays Bumeráng)"]
