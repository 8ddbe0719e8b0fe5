"""The static evaluation (deckkit.games.obludarium.evaluation) and the greedy pilot that chooses by it.

The pilot values each choice by the position one action later, read by the evaluation; it resolves
a spell left on the stack first (a short play-out, counted), and foresees the blocks the other
player would likely make (OB-812, OB-816, OB-823, OB-824).
"""

from __future__ import annotations

import json
import random

import pytest

from deckkit.games.obludarium import GAME, ObludariumGame, evaluation
from deckkit.games.obludarium import policies as pol
from deckkit.games.obludarium.cards import bundled_cards
from deckkit.games.obludarium.evaluation import evaluate, value
from deckkit.paths import data_dir


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
    see what it did, and counts that look-ahead; the pass is read from the position as it stands (no clone)."""
    state = _state({"table": ["Chleba", "Chleba"], "hand": ["Blesk"]}, {"dummy": True, "life": 3})
    action = pol.greedy(state, None)
    assert str(action) == "cast Blesk"
    assert state.lookaheads == (1, 1)


def test_the_goldfish_trace_says_how_many_positions_were_valued_and_played_out():
    trace: list[str] = []
    GAME.play_goldfish(GAME.starter_deck(), random.Random(1), trace=trace)
    line = next(line for line in trace if line.startswith("greedy look-ahead: "))
    valued, played = (int(word) for word in line.split() if word.isdigit())
    assert valued >= played > 0  # a look-ahead that plays out is one of those valued


_SNAKE = next(card for card in json.loads((data_dir() / "cards" / "examples" / "ob-designer.json")
                                          .read_text(encoding="utf-8")) if card["name"] == "Jedovatý had")


def _fight(attacker: str, p1: list, p2: list, blocks: list, **settings):
    """A position in the fight step: p1's ``attacker`` attacks and p2 blocks it with ``blocks``."""
    game = ObludariumGame([*bundled_cards(), _SNAKE], **settings)
    state = game.from_setup({"start": "p1", "phase": "attack", "p1": {"library": ["Chleba"] * 5, "table": p1},
                             "p2": {"library": ["Chleba"] * 5, "table": p2}}, random.Random(3))
    state.apply(f"attack {attacker}")
    state.apply("pass")
    for blocker in blocks:
        state.apply(f"block {attacker} with {blocker}")
    state.apply("pass")
    assert state.phase == "fight" and state.attackers
    return state


def _as_foreseen_and_as_fought(state) -> tuple[tuple, tuple]:
    """The monsters the evaluation foresees dying and the damage it foresees (its fight read), and
    what the real fight does on a clone of the position: who goes to the discard pile, life lost."""
    damage, dead = evaluation._combat(state, state.attackers)
    foreseen = (sorted(perm.info.name for perm in dead), damage)
    twin, turn = state.clone(), state.turn
    while twin.turn == turn and twin.result is None:
        twin.apply("pass")
    fought = (sorted(card.name for p in (0, 1) for card in twin.discards[p]), state.life[1] - twin.life[1])
    return foreseen, fought


@pytest.mark.parametrize(("attacker", "p1", "p2", "dying"), [
    ("Hejkal", ["Hejkal"], ["Jedovatý had"], ["Hejkal", "Jedovatý had"]),
    ("Jedovatý had", ["Jedovatý had"], ["Obr Kamenožrout"], ["Jedovatý had", "Obr Kamenožrout"]),
])
def test_ob_d21_the_evaluation_reads_a_deadly_fight_as_the_fight_goes(attacker, p1, p2, dying):
    """OB-D21: a monster that fights a deadly one dies whatever its defence — the static evaluation
    foresees the same deaths as the fight played out on a clone (one rule, combat.fight_outcome)."""
    state = _fight(attacker, p1, p2, p2)
    foreseen, fought = _as_foreseen_and_as_fought(state)
    assert foreseen == fought == (dying, 0)


@pytest.mark.parametrize(("setting", "dying"), [
    ("sum", ["Hejkal", "Kocour Mikeš", "Vodník Brčálník"]),
    ("separate", ["Kocour Mikeš", "Vodník Brčálník"]),
])
def test_ob_q11_the_evaluation_reads_several_blockers_by_the_setting(setting, dying):
    """OB-Q11: a 4/4 blocked by a 2/2 and a 2/3 dies when the blockers' attacks add up (2 + 2 = 4) and
    survives when each is compared alone (``several_blockers`` = ``separate``); the evaluation
    foresees what the fight on a clone does under either setting."""
    blockers = ["Kocour Mikeš", "Vodník Brčálník"]
    state = _fight("Hejkal", ["Hejkal"], blockers, blockers, several_blockers=setting)
    foreseen, fought = _as_foreseen_and_as_fought(state)
    assert foreseen == fought == (dying, 0)


def test_ob_d21_a_deadly_monster_is_foreseen_as_a_block_that_trades():
    """OB-D21: before the blocks, a free 1/1 deadly monster is foreseen to block a dearer 4/4 and
    take it along (it kills what fights it), so the 4/4's attack is not counted as damage through."""
    game = ObludariumGame([*bundled_cards(), _SNAKE])
    state = game.from_setup({"start": "p1", "phase": "attack",
                             "p1": {"library": ["Chleba"] * 5, "table": ["Hejkal"]},
                             "p2": {"library": ["Chleba"] * 5, "table": ["Jedovatý had"]}}, random.Random(3))
    state.apply("attack Hejkal")
    damage, dead = evaluation._combat(state, state.attackers)
    assert damage == 0 and sorted(perm.info.name for perm in dead) == ["Hejkal", "Jedovatý had"]
