"""Álomfogó decisions, replacements, limits and control (issue 23): the kinds behind AF-D17 … AF-D32 with
other numbers, players and triggers, needing no code — and the state machine they pause."""

from __future__ import annotations

import json
import random

import pytest

from deckkit.catalogue import bundled_cards
from deckkit.errors import IllegalAction
from deckkit.games.alomfogo import AlomfogoGame
from deckkit.paths import data_dir

EXAMPLES = data_dir() / "cards" / "examples"
DESIGNER = json.loads((EXAMPLES / "af-designer.json").read_text(encoding="utf-8"))


def _card(name: str, kind: str, abilities: list, **more: object) -> dict:
    return {"id": f"af-test-{name.lower().replace(' ', '-')}", "game": "alomfogo", "name": name, "type": kind,
            "cost": more.pop("cost", 1), "text": "(test card)", "abilities": abilities, **more}


LOAN = _card("Kölcsön", "general-spell", [{"do": [{"effect": "take-control", "duration": "turn", "target": {
    "side": "enemy", "filter": {"type": "dreamwalker"}}}]}])
PICKY = _card("Válogatós", "general-spell", [{"do": [{"effect": "to-hand", "chooser": "opponent", "target": {
    "side": "own", "filter": {"type": "dreamwalker"}}}]}])
GUARD = _card("Védőfal", "event", [{"replace": {"on": "damaged", "who": "other", "side": "own",
                                                "filter": {"type": "dreamwalker"}},
                                    "do": [{"effect": "set-state", "state": "resting", "target": "it"}]}], cost=2)
ROUSE = _card("Ébresztő", "event", [{"trigger": {"on": "phase-3", "who": "any"}, "do": [
    {"effect": "gain-vp", "amount": 1, "player": "that-player", "optional": True, "chooser": "player"}]}], cost=2)
CHOICE = _card("Kétút", "event", [{"trigger": "phase-3", "modes": [
    {"do": [{"effect": "gain-vp", "amount": 1}]}, {"do": [{"effect": "gain-glory", "amount": 1}]}]}], cost=2)
SEER = _card("Látó", "event", [{"trigger": "phase-3", "do": [{"effect": "order-top", "amount": 2}]}], cost=2)
GAME = AlomfogoGame([*bundled_cards("alomfogo"), *DESIGNER, LOAN, PICKY, GUARD, ROUSE, CHOICE, SEER])


def _state(setup: dict, seed: int = 1):
    return GAME.from_setup({"start": "p1", "turn": 3, **setup}, random.Random(seed))


def _table(state, p: int) -> list[str]:
    return state.snapshot()[f"p{p}"]["table"]


def test_af_d20_a_clone_carries_a_waiting_decision_apart():
    """AF-D20: a state waiting for a decision clones with it; the twin's choice leaves the original waiting."""
    state = _state({"phase": "phase3", "p1": {"hand": ["Virrasztó"], "vp": 2},
                    "p2": {"table": ["Garabonc Döme", "Botlik Zsófi"]}})
    state.apply("play Virrasztó")
    twin = state.clone()
    twin.apply("choose Garabonc Döme")
    assert _table(twin, 2) == ["Garabonc Döme (resting)", "Botlik Zsófi"] and twin.phase == "phase3"
    assert state.phase == "decide" and _table(state, 2) == ["Garabonc Döme", "Botlik Zsófi"]
    assert [str(a) for a in state.legal_actions()] == ["choose Garabonc Döme", "choose Botlik Zsófi"]


def test_af_385_a_missing_decision_is_refused_naming_the_choices():
    """AF-385: while a trigger's target waits, any other action is refused with the choices listed."""
    state = _state({"phase": "phase3", "p1": {"hand": ["Virrasztó"], "vp": 2},
                    "p2": {"table": ["Garabonc Döme", "Botlik Zsófi"]}})
    state.apply("play Virrasztó")
    with pytest.raises(IllegalAction) as err:
        state.apply("pass")
    assert err.value.rule == "AF-385"
    assert "choose Garabonc Döme" in str(err.value) and "choose Botlik Zsófi" in str(err.value)


def test_af_d29_control_for_this_turn_goes_back_at_its_end():
    """AF-D29's change of control with the duration "turn": the card is the taker's this turn and goes back
    to its owner when the turn ends (reverting when the duration ends); where the owner's cards go is kept."""
    state = _state({"phase": "phase3", "p1": {"hand": ["Kölcsön"], "vp": 1, "library": ["Athame"]},
                    "p2": {"table": ["Garabonc Döme"], "library": ["Athame", "Athame"]}})
    state.apply("play Kölcsön on Garabonc Döme")
    assert _table(state, 1) == ["Garabonc Döme"] and _table(state, 2) == []
    state.apply("pass")
    state.apply("challenge with Garabonc Döme")  # p2 has no defender: unanswered (AF-710)
    assert _table(state, 1) == ["Garabonc Döme (resting)"]
    state.apply("pass")  # the turn ends
    assert _table(state, 1) == [] and _table(state, 2) == ["Garabonc Döme"]  # back, recovered in p2's phase 1


def test_af_385_your_opponent_chooses_for_you():
    """chooser "opponent": the caster's own dreamwalker, chosen by the opponent (a decision of p2)."""
    state = _state({"phase": "phase3", "p1": {"hand": ["Válogatós"], "vp": 1,
                                              "table": ["Garabonc Döme", "Botlik Zsófi"]},
                    "p2": {"table": ["Vajákos Imre"]}})
    state.apply("play Válogatós")
    assert state.current_player() == 1 and state.phase == "decide"
    state.apply("choose Botlik Zsófi")
    assert state.snapshot()["p1"]["hand"] == ["Botlik Zsófi"] and _table(state, 1) == ["Garabonc Döme"]


def test_af_d25_a_replacement_for_other_cards_of_its_side():
    """AF-D25's kind watching other cards: "if a dreamwalker of yours would become damaged, it becomes resting
    instead" keeps p2's own dreamwalkers from damage and nobody else's."""
    state = _state({"phase": "phase3", "p1": {"hand": ["Zuhanás"], "vp": 3, "table": ["Garabonc Döme"]},
                    "p2": {"table": ["Védőfal", "Vajákos Imre"]}})
    state.apply("play Zuhanás")
    assert _table(state, 2) == ["Védőfal", "Vajákos Imre (resting)"]


def test_af_d24_that_player_may_both_ways():
    """"that player may gain 1 VP" at each player's phase 3 (chooser "player"): the turn's player decides, yes or
    no, not the card's controller."""
    state = _state({"phase": "phase2", "p1": {"table": ["Ébresztő"], "library": ["Athame", "Athame"], "vp": 0},
                    "p2": {"library": ["Athame", "Athame"], "vp": 0}})
    state.apply("draw")
    assert state.phase == "decide" and [str(a) for a in state.legal_actions()] == ["choose yes", "choose no"]
    state.apply("choose yes")
    assert state.players[0].vp == 1 and state.phase == "phase3"
    for action in ("pass", "pass", "draw"):
        state.apply(action)
    assert state.current_player() == 1
    state.apply("choose no")
    assert state.players[1].vp == 3  # the 3 of phase 1 only (AF-602)


def test_af_every_designer_decision_is_made_in_goldfish_games_of_either_pilot():
    """The pilots decide through legal actions: greedy goldfish (the fast turn, the passive opponent
    deciding too) and random games on the designer deck finish, every card in some zone."""
    deck = [c.data for c in GAME.deck_cards(EXAMPLES / "af-designer.deck")]
    for seed in range(60):
        for policy, opponent in (("greedy", "passive"), ("random", "greedy")):
            trace: list[str] = []
            GAME.play_goldfish(deck, random.Random(seed), policy=policy, opponent=opponent, trace=trace)
            assert trace and trace[-1].startswith("ability uses")


def test_af_d19_a_decision_over_a_hand_shows_its_options_to_the_chooser_only():
    """AF-D19: the options of Ködkapu's decision are cards of p1's hand; p2's view of the state counts them."""
    from deckkit.games.alomfogo.hidden import view

    state = _state({"phase": "phase4", "p1": {"table": ["Ködkapu"], "hand": ["Athame", "lángdárda"],
                                              "library": ["Athame"]},
                    "p2": {"library": ["Athame"]}})
    state.apply("pass")
    assert view(state, 0)["decision"]["choices"] == ["Athame", "lángdárda", "nothing"]
    assert view(state, 1)["decision"]["choices"] == 3 and view(state, 1)["p1"]["hand"] == 2


def test_af_385_a_triggered_ability_s_mode_is_a_decision():
    """A modal triggered ability: its player names the mode when it resolves, never the first one by order."""
    for words, vp, glory in (("choose mode 1", 1, 15), ("choose mode 2", 0, 16)):
        state = _state({"phase": "phase2", "p1": {"table": ["Kétút"], "library": ["Athame", "Athame"], "vp": 0},
                        "p2": {"library": ["Athame"]}})
        state.apply("draw")
        assert [str(a) for a in state.legal_actions()] == ["choose mode 1", "choose mode 2"]
        state.apply(words)
        assert (state.players[0].vp, state.players[0].glory, state.phase) == (vp, glory, "phase3")


def test_af_d13_an_order_in_a_trigger_is_a_decision():
    """AF-D13's kind in a trigger: the player states the order of the top cards when it resolves."""
    state = _state({"phase": "phase2", "p1": {"table": ["Látó"], "library": ["Athame", "Varázskút", "lángdárda"]},
                    "p2": {"library": ["Athame"]}})
    state.apply("draw")
    assert sorted(str(a) for a in state.legal_actions()) == ["choose Varázskút, lángdárda", "choose lángdárda, Varázskút"]
    state.apply("choose lángdárda, Varázskút")
    assert state.snapshot()["p1"]["library"] == ["lángdárda", "Varázskút"] and state.phase == "phase3"
