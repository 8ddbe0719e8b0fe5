"""Decisions inside Obludárium abilities (deckkit/games/obludarium/pending.py): a triggered "one"
target, "you may", a choice by the other player, the cards kept on top of a deck — each a pending
decision whose options are the legal ``choose …`` actions, never "the first card in table order".

While an ability resolving waits for a choice, nothing else happens: other actions are refused
citing OB-908 (an ability resolves completely before anything else, as instants do, OB-901)."""

from __future__ import annotations

import json
import random

import pytest

from deckkit.engine.results import WinRecord
from deckkit.errors import IllegalAction
from deckkit.games.obludarium import ObludariumGame
from deckkit.games.obludarium.cards import bundled_cards
from deckkit.paths import data_dir

EXAMPLES = data_dir() / "cards" / "examples"
DESIGNER = json.loads((EXAMPLES / "ob-designer.json").read_text(encoding="utf-8"))
MONSTER = {"type": "monster"}


def card(name: str, abilities: list, kind: str = "monster", cost: int = 1, **more) -> dict:
    out = {"id": f"ob-t-{name.lower()}", "game": "obludarium", "name": name, "type": kind, "cost": cost,
           "abilities": abilities, **more}
    if kind == "monster":
        out.update(attack=1, defense=2)
    return out


def game_with(*cards: dict) -> ObludariumGame:
    return ObludariumGame([*bundled_cards(), *DESIGNER, *cards])


def position(game: ObludariumGame, p1: dict, p2: dict, phase: str = "main", start: str = "p1"):
    p1 = {"library": ["Chleba"] * 5, **p1}
    p2 = {"library": ["Chleba"] * 5, **p2}
    return game.from_setup({"start": start, "phase": phase, "p1": p1, "p2": p2}, random.Random(7))


def options(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def kamenik_position():
    return position(game_with(), {"hand": ["Kameník"], "table": ["Chleba"] * 3 + ["Kouzelná hůlka", "Glum"]},
                    {"table": ["Lékárnička", "Vlkodlak", "Štít z kůry"]})


def test_ob_d28_a_triggered_choice_offers_every_legal_candidate_and_only_them():
    """OB-D28: the enters trigger's "one" target is the controller's decision: every artifact of either
    side, labelled as the chooser reads them, and nothing else (no pass, no other action)."""
    state = kamenik_position()
    state.apply("play Kameník")
    assert state.current_player() == 0
    assert options(state) == ["choose Kouzelná hůlka", "choose enemy Lékárnička", "choose enemy Štít z kůry"]
    assert "choose enemy Lékárnička" in state.pending_choice()
    state.apply("choose enemy Štít z kůry")
    assert [c.name for c in state.discards[1]] == ["Štít z kůry"]
    assert state.pending is None and "Kouzelná hůlka" in state.labels(0)


@pytest.mark.parametrize("action", ["pass", "attack Glum", "use Kouzelná hůlka on Glum", "play Chleba"])
def test_ob_908_nothing_else_happens_while_an_ability_waits_for_a_choice(action):
    """OB-908: another action of the chooser is refused citing the rule, with the options named."""
    state = kamenik_position()
    state.apply("play Kameník")
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.rule == "OB-908"
    assert "choose enemy Lékárnička" in caught.value.message
    assert state.snapshot() == before


def test_ob_908_the_other_player_waits_for_the_chooser():
    state = kamenik_position()
    state.apply("play Kameník")
    message, rule = state.explain_out_of_turn(1, "pass")
    assert rule == "OB-908" and "p1 must choose first" in message


def test_a_choice_that_is_no_option_is_refused_naming_the_options():
    state = kamenik_position()
    state.apply("play Kameník")
    with pytest.raises(IllegalAction) as caught:
        state.apply("choose enemy Vlkodlak")
    assert "choose Kouzelná hůlka" in caught.value.message and caught.value.legal == options(state)
    with pytest.raises(IllegalAction):
        kamenik_position().apply("choose Glum")  # nothing is asked: no choice to make


def test_one_option_and_no_you_may_is_no_decision():
    """OB-D28: with one artifact in play the compulsory destruction takes it without asking."""
    state = position(game_with(), {"hand": ["Kameník"], "table": ["Chleba"] * 3 + ["Kouzelná hůlka"]}, {})
    state.apply("play Kameník")
    assert state.pending is None and [c.name for c in state.discards[0]] == ["Kouzelná hůlka"]


def test_ob_d27_you_may_is_asked_both_ways_even_with_one_candidate():
    """OB-D27: "you may" is a decision even when one card could be returned: the card or nothing."""
    state = position(game_with(), {"hand": ["ob-d27-bludicka"], "table": ["Chleba"], "discard": ["Glum", "Chleba"]},
                     {})
    state.apply("play Bludné světlo")
    assert options(state) == ["choose Glum", "choose nothing"]
    twin = state.clone()
    state.apply("choose Glum")
    twin.apply("choose nothing")
    assert [c.name for c in state.hands[0]] == ["Glum"] and [c.name for c in twin.hands[0]] == []


def test_if_you_do_is_skipped_when_you_do_not():
    """A step after "if": "done" runs only when the "you may" before it was done."""
    swap = card("Výměník", [{"trigger": "enters", "do": [
        {"effect": "move", "target": {"side": "own", "zone": "hand"}, "to": "deck", "position": "bottom",
         "optional": True},
        {"effect": "draw", "amount": 2, "if": "done"}]}])
    state = position(game_with(swap), {"hand": ["Výměník", "Glum", "Bahňák"], "table": ["Chleba"],
                                       "library": ["Buřty", "Guláš", "Knedlíky"]}, {})
    state.apply("play Výměník")
    assert options(state) == ["choose Glum", "choose Bahňák", "choose nothing"]
    twin = state.clone()
    state.apply("choose Bahňák")
    assert [c.name for c in state.hands[0]] == ["Glum", "Buřty", "Guláš"]
    assert state.libs[0][0].name == "Bahňák"  # the bottom of the deck
    twin.apply("choose nothing")
    assert [c.name for c in twin.hands[0]] == ["Glum", "Bahňák"]


def test_if_it_is_reads_the_card_an_earlier_step_acted_on():
    """``"if": {"ref": 1, "filter": …}``: the second step runs only if the destroyed card was a monster."""
    hunt = card("Lovec", [{"do": [{"effect": "destroy", "target": {"side": "enemy"}},
                                  {"effect": "gain-life", "amount": 3, "if": {"ref": 1, "filter": MONSTER}}]}],
                kind="spell")
    state = position(game_with(hunt), {"hand": ["Lovec", "Lovec"], "table": ["Chleba", "Chleba"]},
                     {"table": ["Lékárnička", "Bahňák"]})
    state.apply("cast Lovec on Lékárnička")
    state.apply("pass")
    assert state.life[0] == 20
    state.apply("cast Lovec on Bahňák")
    state.apply("pass")
    assert state.life[0] == 23


def test_a_choice_by_the_opponent_is_theirs_and_reads_from_their_side():
    """``chooser: opponent``: the other player decides; their own cards are offered without "enemy"."""
    tribute = card("Daň", [{"do": [{"effect": "destroy", "target": {"side": "enemy", "filter": MONSTER},
                                    "chooser": "opponent"}]}], kind="spell")
    state = position(game_with(tribute), {"hand": ["Daň"], "table": ["Chleba"]},
                     {"table": ["Vlkodlak", "Bahňák", "Lékárnička"]})
    state.apply("cast Daň")
    state.apply("pass")
    assert state.current_player() == 1
    assert options(state) == ["choose Vlkodlak", "choose Bahňák"]
    state.apply("choose Bahňák")
    assert [c.name for c in state.discards[1]] == ["Bahňák"]


def test_that_player_is_the_player_of_the_event():
    """``"player": "that-player"``: at the start of each player's turn, that player loses 1 life."""
    bog = card("Bažina", [{"trigger": {"on": "turn-start", "who": "any"},
                           "do": [{"effect": "lose-life", "player": "that-player", "amount": 1}]}], kind="artifact")
    state = position(game_with(bog), {"table": ["Bažina"]}, {}, start="p1")
    state.apply("pass")
    state.apply("pass")
    assert state.life == [20, 19]
    state.apply("pass")
    state.apply("pass")
    assert state.life == [19, 19]


def test_control_for_a_turn_goes_back_and_an_owner_keeps_its_card():
    """gain-control this turn: the card returns at the end of the turn; killed meanwhile, it would go
    to its owner's discard pile (OB-408)."""
    charm = card("Kouzlo", [{"do": [{"effect": "gain-control", "duration": "turn",
                                     "target": {"side": "enemy", "filter": MONSTER}}]}], kind="spell")
    state = position(game_with(charm), {"hand": ["Kouzlo"], "table": ["Chleba"]}, {"table": ["Vlkodlak"]})
    state.apply("cast Kouzlo on Vlkodlak")
    state.apply("pass")
    assert state.labels(0) == ("Chleba", "Vlkodlak") and state.home_of(state.tables[0][1]) == 1
    state.apply("pass")
    state.apply("pass")
    assert state.labels(1) == ("Vlkodlak",) and not state.stolen


@pytest.mark.parametrize("position_word, index", [("top", -1), ("bottom", 0)])
def test_move_puts_a_card_at_a_place_in_its_owners_deck(position_word, index):
    tuck = card("Zastrčení", [{"do": [{"effect": "move", "to": "deck", "position": position_word,
                                       "target": {"side": "enemy", "filter": MONSTER}}]}], kind="spell")
    state = position(game_with(tuck), {"hand": ["Zastrčení"], "table": ["Chleba"]}, {"table": ["Vlkodlak"]})
    state.apply("cast Zastrčení on Vlkodlak")
    state.apply("pass")
    assert state.libs[1][index].name == "Vlkodlak" and not state.tables[1] and not state.discards[1]


def test_a_card_moved_into_play_enters_it():
    """move into play sets off the enters trigger of the card that arrives (OB-D1's kind)."""
    call = card("Vyvolání", [{"do": [{"effect": "move", "to": "play",
                                      "target": {"side": "own", "zone": "discard", "filter": MONSTER}}]}],
                kind="spell")
    state = position(game_with(call), {"hand": ["Vyvolání"], "table": ["Chleba"], "discard": ["ob-d1-strazny-pes"],
                                       "library": ["Buřty", "Chleba"]}, {})
    state.apply("cast Vyvolání on Strážný pes")
    state.apply("pass")
    assert state.labels(0)[-1] == "Strážný pes" and [c.name for c in state.hands[0]] == ["Buřty"]


def test_a_script_missing_a_choice_fails_naming_the_choices(tmp_path):
    """A script whose expectations come while a decision is pending fails, and says what to choose."""
    from deckkit.scripts.runner import run_file

    script = tmp_path / "missing.deckkit.toml"
    script.write_text("""game = "obludarium"
title = "a choice left out"
[[card]]
id = "ob-t-kamenik"
name = "Kamenice"
type = "monster"
cost = 3
attack = 2
defense = 3
abilities = [{trigger = "enters", do = [{effect = "destroy", target = {side = "any", filter = {type = "artifact"}}}]}]
[setup]
start = "p1"
phase = "main"
[setup.p1]
library = ["Chleba", "Chleba"]
hand = ["Kamenice"]
table = ["Chleba", "Chleba", "Chleba", "Kouzelná hůlka"]
[setup.p2]
library = ["Chleba", "Chleba"]
table = ["Lékárnička"]
[[step]]
do = ["play Kamenice"]
[step.expect]
"p2.discard" = ["Lékárnička"]
""", encoding="utf-8")
    result = run_file(script)
    assert result.failures
    failure = result.failures[0]
    assert "choose Kouzelná hůlka" in failure.message and "choose enemy Lékárnička" in failure.message
    assert failure.legal == ["choose Kouzelná hůlka", "choose enemy Lékárnička"]


def designer_deck(game: ObludariumGame) -> list[dict]:
    from deckkit.decks.io import load_deck

    deck = load_deck(EXAMPLES / "ob-designer-3.deck")
    return [game.cards[game.card_named(e.name).id] for e in deck.entries for _ in range(e.count)]


def test_the_pilots_make_the_decisions_through_the_legal_actions():
    """Greedy against the goldfish dummy, greedy against greedy and random play finish games of the
    deck whose cards ask for decisions; the decisions were made (logged) by whoever was asked."""
    from deckkit.games.obludarium.policies import random_policy

    game = game_with()
    deck = designer_deck(game)
    chose = 0
    for seed in range(6):
        trace: list[str] = []
        record = game.play_goldfish(deck, random.Random(seed), trace=trace, max_turns=20)
        assert isinstance(record, WinRecord)
        chose += sum(" chooses " in line for line in trace)
        game.play_goldfish(deck, random.Random(seed), opponent="greedy", max_turns=20)
        game.play_goldfish(deck, random.Random(seed), policy=random_policy, max_turns=20)
    assert chose > 0


def test_same_seed_same_records():
    """Decisions take nothing from the chance generator: a seed gives the same games, choices and all."""
    from deckkit.games.obludarium.goldfish import ability_uses

    game = game_with()
    deck = designer_deck(game)
    first = [game.play_goldfish(deck, random.Random(s), max_turns=20) for s in range(4)]
    again = [game.play_goldfish(deck, random.Random(s), max_turns=20) for s in range(4)]
    assert first == again
    assert ability_uses(game, deck, 3, seed=5) == ability_uses(game, deck, 3, seed=5)


def test_a_clone_while_a_decision_is_pending_is_equal_and_independent():
    """A pilot's look-ahead or an undo copies the pending decision; both go on alike and apart."""
    state = kamenik_position()
    state.apply("play Kameník")
    twin = state.clone()
    assert twin == state and twin.pending is not state.pending
    twin.apply("choose Kouzelná hůlka")
    assert state.pending is not None and state.legal_actions() == [a for a in state.legal_actions()]
    state.apply("choose Kouzelná hůlka")
    assert twin == state


def test_the_match_view_shows_the_decision_to_its_chooser_only():
    """The match view (what a seat may see) tells the chooser what is asked, and the other seat only that a
    choice is being made; the decision heads the legal actions."""
    from deckkit.games.obludarium.hidden import view

    state = kamenik_position()
    state.apply("play Kameník")
    shown = str(view(state, 0))
    assert "p1 must choose" in shown and "choose enemy Lékárnička" in shown
    assert "p1 is choosing" in str(view(state, 1))
    assert str(state.legal_actions()[0]) == "choose Kouzelná hůlka"


def test_each_player_may_decides_for_themselves():
    """``optional`` with ``chooser: player``: each affected player says yes or no for themselves, the
    ability's controller first; only those who said yes draw."""
    gift = card("Dar", [{"do": [{"effect": "draw", "player": "each", "amount": 1, "optional": True,
                                 "chooser": "player"}]}], kind="spell")
    state = position(game_with(gift), {"hand": ["Dar"], "table": ["Chleba"], "library": ["Buřty", "Chleba"]},
                     {"library": ["Guláš", "Chleba"]})
    state.apply("cast Dar")
    state.apply("pass")
    assert state.current_player() == 0 and options(state) == ["choose yes", "choose no"]
    state.apply("choose yes")
    assert state.current_player() == 1 and options(state) == ["choose yes", "choose no"]
    state.apply("choose no")
    assert [c.name for c in state.hands[0]] == ["Buřty"] and state.hands[1] == []


def test_ob_108_each_player_losing_the_last_life_at_once_is_a_draw():
    """OB-D43: "each player loses 3 life" takes it from both at once; both at 0 lose together: a draw."""
    state = position(game_with(), {"hand": ["Morový mrak"], "table": ["Chleba"] * 3, "life": 3}, {"life": 2})
    state.apply("cast Morový mrak")
    state.apply("pass")
    assert state.life == [0, 0] and state.result == "draw" and state.winners() == []
    assert state.snapshot()["result"] == "draw" and state.legal_actions() == []
