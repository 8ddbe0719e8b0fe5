"""Obludárium timing, per-turn memory, replacements, continuous effects and permissions (issue 23):
events of a player (whose turn, cast, food, loss) read who and side; once-each-turn abilities and
"the first … each turn" remember the turn and forget it when it ends; replacements stop the replaced
event and its triggers; counted and side-bound cost changes; keywords that bend OB-602, OB-333/334,
OB-802 and OB-315, and grants that lapse exactly."""

from __future__ import annotations

import random

import pytest

from deckkit.engine.abilities import compile_card, vocabulary
from deckkit.games.obludarium import ObludariumGame
from deckkit.games.obludarium import effects as _effects  # noqa: F401  (registers the words and effects)
from deckkit.games.obludarium.cards import bundled_cards
from deckkit.games.obludarium.language import PLAYER_EVENTS


def _card(cid: str, name: str, kind: str, abilities: list, **facts) -> dict:
    card = {"id": cid, "game": "obludarium", "name": name, "type": kind, "cost": facts.pop("cost", 1), **facts,
            "abilities": abilities}
    if kind == "monster":
        card.setdefault("attack", 1)
        card.setdefault("defense", 1)
    return card


def _game(*cards: dict) -> ObludariumGame:
    return ObludariumGame([*bundled_cards(), *cards])


def _state(game: ObludariumGame, p1: dict, p2: dict | None = None, phase: str = "main"):
    base = {"library": ["Chleba"] * 6}
    state = game.from_setup({"start": "p1", "phase": phase, "p1": {**base, **p1}, "p2": {**base, **(p2 or {})}},
                            random.Random(1))
    state.logging = True
    return state


def _to_next_turn(state) -> None:
    turn = state.turn
    while state.turn == turn:
        state.apply("pass")


# -- events of a player ---------------------------------------------------------------------------
def test_player_events_are_the_vocabularys_events_of_a_player():
    v = vocabulary("obludarium")
    marked = {n for n, e in {**v.events, **v.replaceable}.items() if e.of_player}
    assert marked == PLAYER_EVENTS


def test_food_laid_honours_side_issue_23_item_10():
    """A food-laid trigger with who: any, side: own watches only its controller's food (it fired for both)."""
    watcher = _card("ob-t-w", "Spižírna", "artifact", [{"trigger": {"on": "food-laid", "who": "any", "side": "own"},
                                                        "do": [{"effect": "heal", "amount": 1}]}])
    game = _game(watcher)
    state = _state(game, {"hand": ["Chleba"], "table": ["Spižírna"]}, {"hand": ["Chleba"]})
    state.apply("play Chleba")
    assert state.life == [21, 20]
    _to_next_turn(state)
    state.apply("play Chleba")  # p2's food: not p1's side
    assert state.life == [21, 20]


def test_a_side_on_a_player_event_whose_who_already_says_whose_is_refused():
    card = _card("ob-t", "Zkouška", "artifact", [{"trigger": {"on": "turn-end", "who": "self", "side": "enemy"},
                                                   "do": [{"effect": "draw", "amount": 1}]}])
    problems = compile_card("obludarium", card)[1]
    assert [p.path for p in problems] == ["$.abilities[0].trigger.side"]
    assert "who: self already says" in problems[0].message


@pytest.mark.parametrize("who, fires_in", [("self", [1]), ("other", [2]), ("any", [1, 2])])
def test_turn_end_fires_at_the_end_of_whose_turn(who, fires_in):
    """OB-D33's event: who self/other/any is the card's controller's, the opponent's, either turn's end."""
    bell = _card("ob-t-bell", "Večerní zvon", "artifact",
                 [{"trigger": {"on": "turn-end", "who": who}, "do": [{"effect": "heal", "amount": 1}]}])
    state = _state(_game(bell), {"table": ["Večerní zvon"]})
    gained = []
    for turn in (1, 2):
        before = state.life[0]
        _to_next_turn(state)
        if state.life[0] > before:
            gained.append(turn)
    assert gained == fires_in


def test_a_cast_trigger_reads_its_filter_on_the_spell():
    """casts with a filter: only spells that match set it off."""
    card = _card("ob-t-c", "Pozorovatel", "artifact",
                 [{"trigger": {"on": "casts", "filter": {"cost": {"min": 2}}}, "do": [{"effect": "heal", "amount": 1}]}])
    state = _state(_game(card), {"hand": ["Hojivá mast", "Blesk"], "table": ["Pozorovatel", *["Chleba"] * 3]})
    state.apply("cast Hojivá mast")  # cost 1: no
    state.apply("pass")
    assert state.life[0] == 24
    state.apply("cast Blesk")  # cost 2: yes
    state.apply("pass")
    assert state.life[0] == 25


# -- once each turn ---------------------------------------------------------------------------------
LAMP = _card("ob-t-lamp", "Lucerna", "artifact",
             [{"cost": {"food": 1}, "per_turn": 1, "do": [{"effect": "heal", "amount": 2}]}])


def test_an_activated_ability_once_each_turn_is_refused_the_second_time_and_back_next_turn():
    """OB-D35: "use this only once each turn" — the refusal cites the designer card that defines it."""
    game = _game(LAMP)
    state = _state(game, {"table": ["Lucerna", *["Chleba"] * 3]})
    state.apply("use Lucerna")
    state.apply("pass")
    assert state.life[0] == 22
    assert "use Lucerna" not in [str(a) for a in state.legal_actions()]
    reason, rule = state.explain_illegal("use Lucerna")
    assert "only once each turn" in reason and rule == "OB-D35"
    _to_next_turn(state)
    _to_next_turn(state)
    assert state.active == 0 and "use Lucerna" in [str(a) for a in state.legal_actions()]


def test_per_turn_memory_is_cloned_compared_and_independent():
    game = _game(LAMP)
    state = _state(game, {"table": ["Lucerna", *["Chleba"] * 3]})
    state.apply("use Lucerna")
    state.apply("pass")
    twin = state.clone()
    assert twin == state
    twin.tables[0][0].spent = ()
    assert twin != state  # the memory is part of the position (it decides what is legal)
    assert state.tables[0][0].spent


def test_no_memory_is_kept_when_no_card_asks_for_it():
    """The bundled cards need no per-turn memory: nothing is written, so states compare as before."""
    game = _game()
    assert not game.remembers and not game.replaced
    state = _state(game, {"hand": ["Bahňák"], "table": ["Chleba"]})
    state.apply("play Bahňák")
    assert state.played == [(), ()]


# -- replacements -----------------------------------------------------------------------------------
def test_a_prevented_death_leaves_the_card_in_play_and_fires_no_death_trigger():
    shield = _card("ob-t-s", "Nezničitelný", "monster", [{"replace": {"on": "dies"}, "prevent": True}],
                   attack=1, defense=3)
    mourner = _card("ob-t-m", "Truchlič", "artifact",
                    [{"trigger": {"on": "dies", "who": "any"}, "do": [{"effect": "heal", "amount": 5}]}])
    state = _state(_game(shield, mourner), {"hand": ["Ohnivá koule"], "table": ["Truchlič", *["Chleba"] * 4]},
                   {"table": ["Nezničitelný"]})
    state.apply("cast Ohnivá koule on Nezničitelný")
    state.apply("pass")
    assert [p.info.name for p in state.tables[1]] == ["Nezničitelný"]
    assert state.discards[1] == [] and state.life[0] == 20


def test_a_replacement_that_leaves_a_dead_card_in_play_applies_once_then_it_dies():
    """A dies replacement whose steps do not save the card is not asked again for the same death: the
    card dies after it, with no loop."""
    stubborn = _card("ob-t-st", "Paličák", "monster",
                     [{"replace": {"on": "dies"}, "do": [{"effect": "heal", "amount": 1}]}], attack=1, defense=1)
    state = _state(_game(stubborn), {"table": ["Paličák"]})
    state.change_stats(state.tables[0][0], 0, -1, False)  # no defence left (OB-827)
    assert state.tables[0] == [] and [c.name for c in state.discards[0]] == ["Paličák"]
    assert state.life[0] == 21 and state.trigger_depth == 0 and state.replacing == ()


def test_a_loss_of_life_replaced_by_steps_and_prevented():
    """loses-life: prevent (nothing happens) and do (the steps instead, the amount readable)."""
    ward = _card("ob-t-ward", "Štít", "artifact", [{"replace": {"on": "loses-life"}, "prevent": True}])
    state = _state(_game(ward), {"hand": ["Blesk"], "table": ["Chleba", "Chleba"]}, {"table": ["Štít"]})
    state.apply("cast Blesk")
    state.apply("pass")
    assert state.life == [20, 20]
    book = _card("ob-t-book", "Kniha", "artifact",
                 [{"replace": {"on": "loses-life"}, "do": [{"effect": "draw", "amount": 1}]}])
    state = _state(_game(book), {"hand": ["Blesk"], "table": ["Chleba", "Chleba"]}, {"table": ["Kniha"]})
    state.apply("cast Blesk")
    state.apply("pass")
    assert state.life == [20, 20] and len(state.hands[1]) == 1


def test_less_never_below_zero_and_two_replacements_add_up():
    """OB-D36's kind, twice: 3 - 2 = 1, and a 1-point loss becomes 0, never a gain."""
    amulet = _card("ob-t-a", "Amulet", "artifact", [{"replace": {"on": "loses-life"}, "less": 1}])
    state = _state(_game(amulet), {"hand": ["Blesk"], "table": ["Chleba", "Chleba"]},
                   {"table": ["Amulet", "Amulet"]})
    state.apply("cast Blesk")
    state.apply("pass")
    assert state.life[1] == 19
    assert state.lose_life(1, 1, "test") == 0 and state.life[1] == 19


# -- continuous effects: cost changes -------------------------------------------------------------
def test_a_cost_increase_on_the_opponents_cards_honours_side_issue_23_item_10():
    """cost more with cards side enemy: the opponent's spells cost 1 more, the controller's do not."""
    tax = _card("ob-t-tax", "Clo", "artifact",
                [{"static": [{"effect": "cost", "more": 1, "cards": {"side": "enemy", "filter": {"type": "spell"}}}]}])
    game = _game(tax)
    state = _state(game, {"table": ["Clo"]})
    blesk = game.card_named("Blesk")
    assert state.cost_of(0, blesk) == 2 and state.cost_of(1, blesk) == 3


def test_a_counted_cost_change_never_goes_below_zero():
    """OB-D41's kind with more monsters than the cost: 0, never a refund."""
    cheap = _card("ob-t-h", "Hádek", "monster", [{"static": [{"effect": "cost", "less": {
        "count": {"side": "enemy", "filter": {"type": "monster"}}, "times": 2}}]}], cost=3)
    game = _game(cheap)
    state = _state(game, {"table": []}, {"table": ["Bahňák", "Glum"]})
    assert state.cost_of(0, game.card_named("Hádek")) == 0


# -- permissions and restrictions -----------------------------------------------------------------
def test_attacking_does_not_tap_a_watchful_monster_ob_802():
    """The keyword bdělý means: attacking does not tap it (OB-802 bent), so it can block next turn."""
    guard = _card("ob-t-g", "Hlídač", "monster", [{"static": [{"effect": "keyword", "keyword": "attacks-untapped"}]}],
                  attack=2, defense=2)
    state = _state(_game(guard), {"table": ["Hlídač"]}, phase="attack")
    state.apply("attack Hlídač")
    assert not state.tables[0][0].tapped and state.tables[0][0].attacking


def test_acts_at_once_lifts_ob_334_for_its_property():
    quick = _card("ob-t-q", "Hbitý", "monster", [{"static": [{"effect": "keyword", "keyword": "acts-at-once"}]},
                                                  {"cost": {"tap": True}, "do": [{"effect": "heal", "amount": 1}]}])
    state = _state(_game(quick), {"hand": ["Hbitý"], "table": ["Chleba"]})
    state.apply("play Hbitý")
    assert "use Hbitý" in [str(a) for a in state.legal_actions()]


def test_does_not_untap_given_in_its_owners_turn_lasts_to_their_next_untap_step():
    """OB-D26 cast in the owner's own turn (a window): the owner's next untap step is two turns on."""
    frost = _card("ob-t-f", "Jinovatka", "spell", [{"do": [
        {"effect": "tap", "target": {"side": "enemy", "filter": {"type": "monster"}}},
        {"effect": "grant", "keyword": "does-not-untap", "target": {"ref": 1}, "duration": "next-turn"}]}])
    game = _game(frost)
    state = _state(game, {"table": ["Vlkodlak"]}, {"hand": ["Jinovatka"], "table": ["Chleba", "Chleba"]})
    state.apply("pass")  # p1 ends the main phase: p2's window
    state.apply("cast Jinovatka on Vlkodlak")
    state.apply("pass")
    wolf = state.tables[0][0]
    assert wolf.tapped
    _to_next_turn(state)  # p2's turn 2: not p1's untap step
    assert wolf.tapped
    _to_next_turn(state)  # p1's turn 3: its untap step is skipped
    assert state.active == 0 and wolf.tapped
    _to_next_turn(state)
    _to_next_turn(state)  # p1's turn 5: the grant has lapsed
    assert state.active == 0 and not wolf.tapped and not wolf.grants


# -- continuous effects that read what they change, and what they leave ---------------------------
def test_a_continuous_change_filtered_on_the_number_it_changes_reads_it_before_the_change():
    """'Monsters with attack 0 get +3 attack': the set reads attack without the change (no recursion)."""
    lift = _card("ob-t-l", "Zdvih", "artifact", [{"static": [{"effect": "modify", "attack": 3, "cards": {
        "side": "any", "filter": {"type": "monster", "attack": 0}}}]}])
    weak = _card("ob-t-wk", "Slaboch", "monster", [], attack=0, defense=2)
    weak.pop("abilities")
    state = _state(_game(lift, weak), {"table": ["Zdvih", "Slaboch", "Bahňák"]})
    assert [state.attack(p) for p in state.tables[0][1:]] == [3, 1]


def test_a_monster_a_continuous_effect_leaves_with_no_defence_dies_as_it_enters_ob_827():
    frail = _card("ob-t-fr", "Křehký", "monster", [{"static": [{"effect": "modify", "defense": -3}]}],
                  attack=1, defense=2)
    curse = _card("ob-t-cu", "Kletba", "artifact", [{"static": [{"effect": "modify", "defense": -2, "cards": {
        "side": "enemy", "filter": {"type": "monster"}}}]}])
    state = _state(_game(frail, curse), {"hand": ["Křehký", "Glum"], "table": ["Chleba"] * 3}, {"table": ["Kletba"]})
    state.apply("play Křehký")
    state.apply("play Glum")  # 2/1, and -2 defence from p2's curse
    assert state.tables[0] == [p for p in state.tables[0] if p.info.name == "Chleba"]
    assert [c.name for c in state.discards[0]] == ["Křehký", "Glum"]


def test_an_ability_of_a_card_in_play_with_neither_trigger_nor_cost_is_refused():
    """It would be a free 'use' at every moment (random games never ended)."""
    card = _card("ob-t", "Zkouška", "artifact", [{"do": [{"effect": "draw", "amount": 1}]}])
    problems = compile_card("obludarium", card)[1]
    assert [p.path for p in problems] == ["$.abilities[0]"] and "trigger" in problems[0].message


@pytest.mark.parametrize("effect", [{"effect": "lose-life", "amount": 3, "player": "each"},
                                    {"effect": "hit", "amount": 3}])
def test_a_loss_replacement_reads_the_card_that_causes_the_loss(effect):
    """'If a spell would make you lose life, prevent it': every effect that takes life names its cause."""
    plague = _card("ob-t-pl", "Mor", "spell", [{"do": [effect]}])
    ward = _card("ob-t-wd", "Zaklínadlo", "artifact",
                 [{"replace": {"on": "loses-life", "filter": {"type": "spell"}}, "prevent": True}])
    state = _state(_game(plague, ward), {"hand": ["Mor"], "table": ["Chleba"]}, {"table": ["Zaklínadlo"]})
    state.apply("cast Mor")
    state.apply("pass")
    assert state.life[1] == 20 and state.life[0] == (17 if effect["effect"] == "lose-life" else 20)


@pytest.mark.parametrize("effect", ["boost", "weaken", "grant", "return", "destroy", "untap", "tap", "block",
                                    "gain-control", "use-ability"])
def test_an_effect_on_cards_in_play_refuses_a_target_in_another_zone(effect):
    """Only search, move and discard act on cards out of play; the others name their zone's path."""
    step = {"effect": effect, "target": {"side": "any", "zone": "hand"}}
    step.update({"boost": {"amount": 1}, "weaken": {"amount": 1},
                 "grant": {"keyword": "cannot-block", "duration": "turn"}}.get(effect, {}))
    card = _card("ob-t", "Zkouška", "spell", [{"do": [step]}])
    problems = compile_card("obludarium", card)[1]
    assert "$.abilities[0].do[0].target.zone" in [p.path for p in problems], problems
