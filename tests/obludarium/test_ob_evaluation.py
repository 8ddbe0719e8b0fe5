"""The static evaluation (deckkit.games.obludarium.evaluation) and the greedy pilot that chooses by it.

The pilot values each choice by the position one action later, read by the evaluation; it resolves
a spell left on the stack first (a short play-out, counted), and foresees the blocks the other
player would likely make (OB-812, OB-816, OB-823, OB-824).
"""

from __future__ import annotations

import random

from deckkit.games.obludarium import GAME
from deckkit.games.obludarium import policies as pol
from deckkit.games.obludarium.evaluation import evaluate, value


def _state(p1: dict, p2: dict, phase: str = "main"):
    return GAME.from_setup({"start": "p1", "phase": phase, "p1": {"library": ["Chleba"] * 10, **p1},
                            "p2": {"library": ["Chleba"] * 10, **p2}}, random.Random(3))


def test_evaluate_is_a_chance_for_one_player_and_its_complement_for_the_other():
    state = _state({"table": ["Chleba", "Medděd"], "hand": ["Glum"]}, {"table": ["Bahňák"]})
    mine, theirs = evaluate(state, 0), evaluate(state, 1)
    assert 0.5 < mine < 1 and abs(mine + theirs - 1) < 1e-9


def test_a_finished_game_is_its_result():
    """OB-108: no life left is a lost game, read as 1 for the winner and 0 for the loser."""
    state = _state({"table": ["Chleba"]}, {"life": 1})
    state.lose_life(1, 1, "test")
    assert state.result == 0
    assert evaluate(state, 0) == 1.0 and evaluate(state, 1) == 0.0
    assert value(state, 0) > value(state, 1)


def test_the_main_phase_reads_the_attacks_to_come_at_this_turns_numbers():
    """A strengthening for this turn in the main phase is worth its damage when the monster may attack
    (OB-801), and nothing when it is new (OB-333): the turn's changes end with it."""
    ready = _state({"table": ["Chleba", "Medděd"], "hand": ["Síla medvěda"]}, {"dummy": True})
    before = value(ready, 0)
    ready.apply("cast Síla medvěda on Medděd")
    while ready.stack:
        ready.apply("pass")
    assert value(ready, 0) > before
    new = _state({"table": ["Chleba", "Medděd (new)"], "hand": ["Síla medvěda"]}, {"dummy": True})
    before = value(new, 0)
    new.apply("cast Síla medvěda on Medděd")
    while new.stack:
        new.apply("pass")
    assert value(new, 0) < before  # the card is spent for nothing that lasts


def test_the_pilot_does_not_attack_into_a_blocker_that_kills_and_survives():
    """OB-823, OB-824: a 2/1 attacking into an untapped 3/3 would die and deal nothing; a 3/3 flyer
    may only be blocked by a flyer (OB-816), so it attacks."""
    state = _state({"table": ["Skřítek Pecka", "Gryf"]}, {"table": ["Medděd"]}, phase="attack")
    attacks = []
    while state.current_player() == 0 and state.phase == "attack":
        action = pol.greedy(state, None)
        if action.kind != "attack":
            break
        attacks.append(str(action))
        state.apply(action)
    assert attacks == ["attack Gryf"]


def test_a_spell_on_the_stack_is_resolved_before_it_is_valued_and_counted():
    """A cast waits on the stack for an answer (OB-904): the pilot plays the passes out on its clone to
    see what it did, and counts that look-ahead."""
    state = _state({"table": ["Chleba", "Chleba"], "hand": ["Blesk"]}, {"dummy": True, "life": 3})
    action = pol.greedy(state, None)
    assert str(action) == "cast Blesk"
    valued, played = state.lookaheads
    assert valued >= 2 and played == 1


def test_the_goldfish_trace_says_how_many_positions_were_valued_and_played_out():
    trace: list[str] = []
    GAME.play_goldfish(GAME.starter_deck(), random.Random(1), trace=trace)
    line = next(line for line in trace if line.startswith("greedy look-ahead: "))
    valued, played = (int(word) for word in line.split() if word.isdigit())
    assert valued > played > 0
