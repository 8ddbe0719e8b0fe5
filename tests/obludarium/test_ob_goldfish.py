"""Goldfish games of Obludárium: the greedy pilot plays through the rules engine, is seeded, and traces."""

from __future__ import annotations

import os
import random
from dataclasses import asdict
from pathlib import Path

import pytest

from deckkit.engine.results import WinRecord
from deckkit.games.obludarium import GAME, ObludariumGame
from deckkit.games.obludarium.cards import shuffled
from deckkit.games.obludarium.opening import obludarium_opening

GOLDEN = Path(__file__).parent / "golden"


def starter_deck() -> list[dict]:
    """The bundled starter deck as card dicts."""
    return GAME.starter_deck()


def replay_in_engine(game, deck, seed, keep=None):
    """Play a greedy game, then replay its action strings through the checked rules engine."""
    record: list[str] = []
    result = game.play_goldfish(deck, random.Random(seed), record=record, keep=keep)
    rng = random.Random(seed)
    opening = obludarium_opening(shuffled(list(deck), rng), keep)
    setup = {"start": "p1", "p1": {"library": [c["name"] for c in opening.library],
                                    "hand": [c["name"] for c in opening.hand]},
             "p2": {"dummy": True}}
    state = game.from_setup(setup, random.Random(0))
    for text in record:
        state.apply(text)  # raises IllegalAction if the fast path broke a rule
    return result, state


@pytest.mark.parametrize("seed", range(60))
def test_ob_greedy_is_legal_and_agrees_with_engine(seed):
    """OB-601 – OB-909: every move of the greedy pilot is legal and reaches the same outcome."""
    result, state = replay_in_engine(GAME, starter_deck(), seed)
    if result.won:
        assert state.winners() == [0]
        assert state.turn == 2 * result.turn - 1
        assert state.life[1] == 0
    else:
        assert state.winners() != [0]


def test_ob_greedy_legal_on_random_decks():
    """Random decks over the whole pool (all effects) also replay legally."""
    pool = list(GAME.cards.values())
    rng = random.Random(11)
    for seed in range(60):
        deck = [rng.choice(pool) for _ in range(40)]
        result, state = replay_in_engine(GAME, deck, seed)
        assert (state.winners() == [0]) == result.won


def test_ob_goldfish_mulligan_keep_rule():
    """OB-504 – OB-506: --keep mulligans to the bottom; the replay follows the same opening."""
    keep = lambda hand: 2 <= sum(c["type"] == "food" for c in hand) <= 4  # noqa: E731
    mulligans = 0
    for seed in range(40):
        result, state = replay_in_engine(GAME, starter_deck(), seed, keep=keep)
        mulligans += result.mulligans
        assert (state.winners() == [0]) == result.won
    assert mulligans > 0


def test_ob_goldfish_same_seed_same_game_and_record_keys():
    """Same seed, same record; the record carries the keys the goldfish runner reads."""
    deck = starter_deck()
    a = GAME.play_goldfish(deck, random.Random(5))
    b = GAME.play_goldfish(deck, random.Random(5))
    assert a == b
    assert isinstance(a, WinRecord) and a.seen and a.seen_by_turn is not None
    assert {k for k, v in asdict(a).items() if v is not None} >= {"won", "turn", "mulligans", "seen", "opening",
                                                                   "seen_by_turn"}
    assert len(a.opening) == 7
    wins = [GAME.play_goldfish(deck, random.Random(s)).won for s in range(200)]
    assert sum(wins) > 150  # a passive opponent is beaten in nearly every game


def test_ob_goldfish_starting_life_setting_slows_wins():
    """OB-104 – OB-106: 15 life is beaten sooner on average than 20 (same seeds)."""
    deck = starter_deck()
    fast = ObludariumGame(starting_life=15)
    t15 = [fast.play_goldfish(deck, random.Random(s)).turn for s in range(200)]
    t20 = [GAME.play_goldfish(deck, random.Random(s)).turn for s in range(200)]
    assert sum(t15) < sum(t20)


@pytest.mark.parametrize("policy", ["random", "passive"])
def test_ob_goldfish_other_policies(policy):
    """random and passive run through the full engine; passive never wins (it never attacks)."""
    deck = starter_deck()
    record: list[str] = []
    trace: list[str] = []
    result = GAME.play_goldfish(deck, random.Random(2), policy=policy, record=record, trace=trace)
    assert result.mulligans == 0 and record and trace
    assert len(result.opening) == 7 and trace[0].startswith("opening hand")
    if policy == "passive":
        assert not result.won


def test_ob_goldfish_unknown_policy_is_a_usage_error():
    """A bad --policy names the choices."""
    from deckkit.errors import UsageError

    with pytest.raises(UsageError, match="smart") as err:
        GAME.play_goldfish(starter_deck(), random.Random(1), policy="smart")
    assert "greedy" in err.value.hint


def test_ob_goldfish_golden_trace():
    """Golden trace: the greedy game of seed 1 on the starter deck, line by line (regenerate:
    DECKKIT_REGEN_GOLDEN=1)."""
    trace: list[str] = []
    GAME.play_goldfish(starter_deck(), random.Random(1), trace=trace)
    path = GOLDEN / "ob-greedy-starter-seed1.txt"
    text = "\n".join(trace) + "\n"
    if os.environ.get("DECKKIT_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_ob_engine_golden_transcript():
    """Golden transcript of a random full-engine game (actions and events) for seed 4."""
    from deckkit.engine.core import TERMINAL

    deck = starter_deck()
    state = GAME.new_game([deck, deck], random.Random(4))
    chooser = random.Random(4)
    lines = []
    seen = 0
    while state.current_player() != TERMINAL and len(lines) < 400:
        legal = state.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        state.apply(action)
        lines.append(f"p{action.player + 1}: {action}")
        lines.extend("  " + line for line in state.log[seen:])
        seen = len(state.log)
    path = GOLDEN / "ob-random-engine-seed4.txt"
    text = "\n".join(lines) + "\n"
    if os.environ.get("DECKKIT_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("settings", [
    {"first_player": "p2"}, {"empty_deck": "draw"}, {"hand_limit": 0}, {"first_turn_draw": False},
    {"starting_life": 15, "several_blockers": "separate"},
])
def test_ob_greedy_legal_under_settings(settings):
    """The greedy pilot follows every rule setting (who starts, OB-Q1, OB-Q7, OB-Q13) legally."""
    game = ObludariumGame(**settings)
    pool = list(GAME.cards.values())
    rng = random.Random(7)
    for seed in range(40):
        deck = starter_deck() if seed % 2 else [rng.choice(pool) for _ in range(36)]
        record: list[str] = []
        result = game.play_goldfish(deck, random.Random(seed), record=record)
        opening = obludarium_opening(shuffled(list(deck), random.Random(seed)))
        setup = {"start": settings.get("first_player", "p1"),
                 "p1": {"library": [c["name"] for c in opening.library],
                        "hand": [c["name"] for c in opening.hand]}, "p2": {"dummy": True}}
        state = game.from_setup(setup, random.Random(0))
        for text in record:
            state.apply(text)
        assert (state.winners() == [0]) == result.won


def test_ob_goldfish_callable_policy():
    """Any callable state -> Action pilots p1 over the full engine (strategy files use this)."""
    from deckkit.games.obludarium.policies import greedy

    result = GAME.play_goldfish(starter_deck(), random.Random(3), policy=greedy)
    assert result.won and 3 <= result.turn <= 12


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_ob_goldfish_trace_shows_the_counted_game(policy):
    """--trace replays game 0 separately: with or without a trace the game and its record are the same,
    and the trace's last line states the outcome the figures count."""
    deck = starter_deck()
    for seed in range(60):
        trace: list[str] = []
        traced = GAME.play_goldfish(deck, random.Random(seed), policy=policy, trace=trace, max_turns=12)
        plain = GAME.play_goldfish(deck, random.Random(seed), policy=policy, max_turns=12)
        assert traced == plain
        last = trace[-1]
        if plain.won:
            assert last == f"result: p1 wins in its own turn {plain.turn} (counted as a win on turn {plain.turn})"
        else:
            assert last.startswith("result: ") and "counted as not won" in last


def test_ob_same_seed_same_opening_as_hand_tools():
    """OB-503, OB-Q3: one shuffle everywhere — `deckkit hand --seed S`, a goldfish game played with
    Random(S) and a script's deck set-up with seed S all deal p1 the same seven cards."""
    from deckkit.hands.sample import deal

    deck = starter_deck()
    for seed in range(30):
        hand = [c["name"] for c in deal(deck, "obludarium", random.Random(seed)).hand]
        assert GAME.play_goldfish(deck, random.Random(seed)).opening == hand
        state = GAME.from_setup({"start": "p1", "phase": "main", "p1": {"deck": [c["name"] for c in deck]},
                                 "p2": {"dummy": True}}, random.Random(seed))
        assert [c.name for c in state.hands[0]] == hand
