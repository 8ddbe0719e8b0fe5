"""Bad input in play: illegal actions name the rule they break, list the legal ones, change nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckkit.errors import IllegalAction
from deckkit.games.alomfogo import GAME


def _duel_state():
    """p1 attacks with Wugu (helper búbos manó), p2 defends with Rozália (helper kőkobold): assists begin."""
    state = GAME.from_setup({
        "phase": "phase4", "turn": 3,
        "p1": {"table": ["Wugu Wataruru", "búbos manó", "kőkobold (resting)"],
               "hand": ["hóförgeteg", "Varázskút"], "vp": 2},
        "p2": {"table": ["Boszorkány Rozália", "kőkobold"], "hand": ["lángdárda"]},
    }, random.Random(0))
    for action in ("challenge with Wugu Wataruru", "defend with Boszorkány Rozália", "helper búbos manó",
                   "helper kőkobold"):
        state.apply(action)
    return state


def _refused(state, action: str) -> IllegalAction:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.snapshot() == before, "an illegal action changed the state"
    assert info.value.legal == [str(a) for a in state.legal_actions()]
    return info.value


def test_af_731_assist_out_of_turn():
    """AF-731: the defender may not assist before the attacker."""
    err = _refused(_duel_state(), "assist kőkobold")
    assert err.rule == "AF-731" and "AF-731" in str(err)
    assert "assist búbos manó" in err.legal


def test_af_351_instant_outside_a_duel():
    """AF-351: instants only during a duel (phase 3 play: AF-353)."""
    state = GAME.from_setup({"phase": "phase3", "turn": 3, "p1": {"hand": ["hóförgeteg"], "vp": 3}}, random.Random(0))
    assert _refused(state, "cast hóförgeteg").rule == "AF-351"
    assert _refused(state, "play hóförgeteg").rule == "AF-353"


def test_af_610_second_magic_source():
    """AF-610: a second bűvforrás in one turn is refused."""
    state = GAME.from_setup({"phase": "phase3", "turn": 3, "p1": {"hand": ["Varázskút", "Holdkút"], "vp": 3}},
                            random.Random(0))
    state.apply("play Varázskút")
    err = _refused(state, "play Holdkút")
    assert err.rule == "AF-610" and "bűvforrás" in err.message


def test_af_735_helper_not_active():
    """AF-735 / AF-739: a helper that already rotated cannot assist again; AF-414: a resting creature cannot help."""
    state = _duel_state()
    state.apply("assist búbos manó")
    state.apply("pass")
    assert _refused(state, "assist búbos manó").rule == "AF-735"
    fresh = GAME.from_setup({
        "phase": "phase4", "turn": 3,
        "p1": {"table": ["Wugu Wataruru", "kőkobold (resting)"]},
        "p2": {"table": ["Boszorkány Rozália", "mohos törpe"]},
    }, random.Random(0))
    fresh.apply("challenge with Wugu Wataruru")
    fresh.apply("defend with Boszorkány Rozália")
    assert fresh.phase == "helper" and fresh.current_player() == 1  # p1 had no active creature to designate
    assert _refused(fresh, "helper Boszorkány Rozália").rule == "AF-721"


def test_af_unknown_words_list_the_action_kinds():
    """A string that is no action at all says what actions look like."""
    err = _refused(_duel_state(), "attack Glum")
    assert "challenge with" in err.message


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_af_any_action_string_is_applied_or_refused(text):
    """Arbitrary strings never crash: they are legal or raise IllegalAction without changing the state."""
    state = _duel_state()
    before = state.snapshot()
    try:
        state.apply(text)
    except IllegalAction as err:
        assert state.snapshot() == before
        assert err.legal


def test_af_383_a_helper_without_a_marked_ability_cannot_assist():
    """AF-383, AF-735: a dreamwalker with no (P)/(S)/(Á) sentence may be designated but has no assist."""
    state = GAME.from_setup({
        "phase": "phase4", "turn": 3,
        "p1": {"table": ["Wugu Wataruru", "Vadász Keve"]},
        "p2": {"table": ["Boszorkány Rozália"]},
    }, random.Random(0))
    for action in ("challenge with Wugu Wataruru", "defend with Boszorkány Rozália", "helper Vadász Keve"):
        state.apply(action)
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    assert _refused(state, "assist Vadász Keve").rule == "AF-735"


def test_af_330_320_dream_creatures_never_duel():
    """AF-320, AF-330, AF-331: only dreamwalkers challenge or defend; a dream creature has no magic power."""
    state = GAME.from_setup({"phase": "phase4", "turn": 3, "p1": {"table": ["búbos manó", "Wugu Wataruru"]},
                             "p2": {"table": ["kőkobold", "Ködlátó Berta"]}}, random.Random(0))
    assert [str(a) for a in state.legal_actions()] == ["challenge with Wugu Wataruru", "pass"]
    assert _refused(state, "challenge with búbos manó").rule == "AF-705"
    state.apply("challenge with Wugu Wataruru")
    assert [str(a) for a in state.legal_actions()] == ["defend with Ködlátó Berta", "no defence"]


@pytest.mark.parametrize("state_word, rule", [("resting", "AF-414"), ("damaged", "AF-415")])
def test_af_414_415_a_helper_that_is_not_active(state_word, rule):
    """AF-414/AF-415: a resting or damaged creature cannot be designated; the message says which and why."""
    state = GAME.from_setup({
        "phase": "phase4", "turn": 3,
        "p1": {"table": ["Wugu Wataruru", f"búbos manó ({state_word})", "kőkobold"]},
        "p2": {"table": ["Boszorkány Rozália"]},
    }, random.Random(0))
    state.apply("challenge with Wugu Wataruru")
    state.apply("defend with Boszorkány Rozália")
    err = _refused(state, "helper búbos manó")
    assert err.rule == rule and state_word in err.message
    assert err.legal == ["helper kőkobold", "no helper"]
    assert _refused(state, "helper Wugu Wataruru").rule == "AF-721"  # the duelist itself


def test_af_731_names_whose_helper_it_is():
    """AF-731: assisting with the opponent's helper says whose helper it is and whose turn it is."""
    err = _refused(_duel_state(), "assist kőkobold")
    assert "p2's helper" in err.message and "p1's assist turn" in err.message


def test_af_610_magic_source_instants_count_per_turn_in_either_players_turn():
    """AF-610: one bűvforrás per turn also for instants; a source played in your own turn does not block the next."""
    from deckkit.games.alomfogo import AlomfogoGame

    spring = {"id": "af-test-forrasviz", "game": "alomfogo", "name": "Forrásvíz", "type": "instant", "cost": 0,
              "subtypes": ["bűvforrás"], "abilities": [{"effect": "boost", "amount": 1}]}
    game = AlomfogoGame([*GAME.cards.values(), spring])
    state = game.from_setup({
        "start": "p2", "phase": "phase3", "turn": 2,
        "p1": {"table": ["Wugu Wataruru"], "library": ["Athame"]},
        "p2": {"hand": ["Varázskút", "Forrásvíz", "Forrásvíz"], "table": ["Boszorkány Rozália"]},
    }, random.Random(0))
    state.apply("play Varázskút")  # p2's magic source of turn 2
    for action in ("pass", "pass", "draw", "pass", "challenge with Wugu Wataruru", "defend with Boszorkány Rozália",
                   "pass"):
        state.apply(action)
    assert "cast Forrásvíz" in [str(a) for a in state.legal_actions()]  # turn 3 is a new turn
    state.apply("cast Forrásvíz")
    state.apply("pass")
    err = _refused(state, "cast Forrásvíz")
    assert err.rule == "AF-610"


def test_af_ex_26_free_dreamwalker_refusals_say_why():
    """AF-EX-26, AF-342: a second free dreamwalker, a too costly one and a resting event are refused with the reason."""
    state = GAME.from_setup({"phase": "phase3", "turn": 3, "p1": {
        "hand": ["Wugu Wataruru", "Botlik Zsófi", "Ősök Szava Márton"],
        "table": ["Ébredés Ajtaja", "Ébredés Ajtaja (resting)"]}}, random.Random(0))
    err = _refused(state, "play Ősök Szava Márton with Ébredés Ajtaja")
    assert "at most 4" in err.message and "costing 6" in err.message
    assert _refused(state, "play Wugu Wataruru with Ébredés Ajtaja#2").rule == "AF-342"
    state.apply("play Wugu Wataruru with Ébredés Ajtaja")
    assert "already used this turn" in _refused(state, "play Botlik Zsófi with Ébredés Ajtaja").message
