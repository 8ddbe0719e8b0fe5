"""The keys every game's ability language shares (issue 23): "you may" / "if you do", who chooses, references
to an earlier step's card ("it", "its owner", "its attack"), once each turn, and replacements — each
checked with a JSON path and a hint, and read in plain English. Games give them their meaning; these tests
pin the checker and the renderer on Obludárium's words."""

from __future__ import annotations

import pytest

from deckkit.engine.abilities import compile_card
from deckkit.engine.ability_text import render_card
from deckkit.games.obludarium import effects as _effects  # noqa: F401  (registers the words and effects)

GAME = "obludarium"
MONSTER = {"type": "monster"}


def _spell(*steps: dict, **ability) -> dict:
    return {"game": GAME, "name": "Zkouška", "type": "spell", "cost": 1, "abilities": [{"do": list(steps), **ability}]}


def _problems(card: dict) -> list[tuple[str, str]]:
    return [(p.path, p.message) for p in compile_card(GAME, card)[1]]


def test_ob_d39_a_later_step_acts_on_the_card_an_earlier_step_chose():
    card = _spell({"effect": "untap", "target": {"side": "own", "filter": MONSTER}},
                  {"effect": "boost", "amount": 2, "target": {"ref": 1}, "duration": "turn"})
    abilities, problems = compile_card(GAME, card)
    assert problems == []
    second = abilities[0].steps[1]
    assert (second.target.choose, second.target.ref) == ("ref", 1)
    assert render_card(GAME, card) == ["Untap one of your monsters, then it gets +2 attack this turn."]


def test_optional_step_and_if_you_do_read_as_you_may_and_if_you_do():
    card = _spell({"effect": "draw", "amount": 1, "optional": True}, {"effect": "draw", "amount": 2, "if": "done"})
    abilities, problems = compile_card(GAME, card)
    assert problems == []
    first, second = abilities[0].steps
    assert first.optional and not second.optional and second.only_if == ("done",)
    assert render_card(GAME, card) == ["You may draw a card; if you do, you draw 2 cards."]


def test_once_each_turn_is_read_and_needs_a_trigger_or_a_cost():
    card = {"game": GAME, "name": "Zvon", "type": "artifact", "cost": 2,
            "abilities": [{"trigger": "enters", "per_turn": 1, "do": [{"effect": "draw", "amount": 1}]}]}
    assert compile_card(GAME, card)[0][0].per_turn == 1
    assert render_card(GAME, card)[0].endswith("Use this only once each turn.")
    assert ("$.abilities[0].per_turn",
            "only a triggered or an activated ability happens more than once a turn") in _problems(
        _spell({"effect": "draw", "amount": 1}, per_turn=1))


@pytest.mark.parametrize("steps, path, words", [
    ([{"effect": "draw", "amount": 1, "ref": 1}], "$.abilities[0].do[0].ref", "this is the first step"),
    ([{"effect": "draw", "amount": 1}, {"effect": "boost", "amount": 1, "target": {"ref": 1}}],
     "$.abilities[0].do[1].target.ref", "acts on no card"),
    ([{"effect": "destroy", "target": {"side": "enemy", "filter": MONSTER}},
      {"effect": "boost", "amount": 1, "target": {"ref": 3}}], "$.abilities[0].do[1].target.ref",
     "step 1 comes before this one"),
    ([{"effect": "draw", "amount": 1, "if": "done"}], "$.abilities[0].do[0].if", "needs an optional step"),
    ([{"effect": "draw", "amount": 1, "if": "maybe"}], "$.abilities[0].do[0].if", "is not a condition of a step"),
    ([{"effect": "draw", "amount": 1, "chooser": "player"}], "$.abilities[0].do[0].chooser", "makes no choice"),
    ([{"effect": "draw", "amount": 1, "optional": True, "chooser": "everyone"}], "$.abilities[0].do[0].chooser",
     "not a known chooser"),
    ([{"effect": "draw", "amount": 1, "optional": "yes"}], "$.abilities[0].do[0].optional", "not true or false"),
    ([{"effect": "draw", "amount": {"stat": "attack"}}], "$.abilities[0].do[0].amount", "no card whose attack"),
    ([{"effect": "draw", "amount": {"stat": "speed", "ref": 1}}], "$.abilities[0].do[0].amount.stat",
     "not a known number of a card"),
    ([{"effect": "draw", "amount": {"count": "own", "ref": 1}}], "$.abilities[0].do[0].amount.ref",
     "reads none"),
    ([{"effect": "destroy", "target": {"ref": 1, "side": "own"}}], "$.abilities[0].do[0].target",
     "a reference takes no side"),
])
def test_a_shared_key_that_cannot_work_is_refused_with_its_path(steps, path, words):
    problems = _problems(_spell(*steps))
    assert any(p == path and words in m for p, m in problems), problems


def test_a_replacement_of_an_event_the_game_cannot_replace_is_refused_with_the_allowed_ones():
    card = {"game": GAME, "name": "Fénix", "type": "monster", "cost": 4, "attack": 3, "defense": 3,
            "abilities": [{"replace": {"on": "flies-away"}, "prevent": True}]}
    problems = compile_card(GAME, card)[1]
    assert [p.path for p in problems] == ["$.abilities[0].replace.on"]
    assert "is not a known an event a replacement can replace" not in problems[0].message
    assert "flies-away" in problems[0].message


def test_less_and_prevent_belong_to_a_replacement():
    assert ("$.abilities[0].less", "'less' belongs to a replacement") in _problems(
        _spell({"effect": "draw", "amount": 1}, less=1))


@pytest.mark.parametrize("step, path, words", [
    ({"effect": "gain-life", "amount": 1, "player": "owner"}, "$.abilities[0].do[0].player", "about no card"),
    ({"effect": "destroy", "target": "it"}, "$.abilities[0].do[0].target", "about no card"),
])
def test_a_turn_event_has_no_card_for_owner_or_it(step, path, words):
    """A turn's end is about no card: "its owner" and "it" have nothing to read (found by the generative test:
    the owner of nothing was looked up when the turn ended)."""
    card = {"game": GAME, "name": "Hlídka", "type": "artifact", "cost": 2,
            "abilities": [{"trigger": "turn-end", "do": [step]}]}
    problems = _problems(card)
    assert any(p == path and words in m for p, m in problems), problems


def test_a_filter_on_a_turn_event_is_refused():
    card = {"game": GAME, "name": "Hlídka", "type": "artifact", "cost": 2,
            "abilities": [{"trigger": {"on": "turn-start", "who": "any", "filter": MONSTER},
                           "do": [{"effect": "draw", "amount": 1}]}]}
    assert ("$.abilities[0].trigger.filter", "a 'turn-start' event is about no card for the filter to test") in \
        _problems(card)


@pytest.mark.parametrize("amount, words", [
    (7, "7 is more than order-top takes (at most 6)"),
    ({"count": {"side": "own", "zone": "hand"}}, "order-top takes at most 6, and this amount could be more"),
])
def test_af_d13_an_amount_above_what_the_effect_takes_is_refused(amount, words):
    """Every order of the top cards is an option of the decision (AF-D13's kind): 7 cards would be 5,040
    options, 12 cards 479 million, so the effect's own maximum holds for fixed and counted amounts alike."""
    from deckkit.games.alomfogo import effects as _af  # noqa: F401  (registers the words and effects)

    card = {"game": "alomfogo", "name": "Tükör", "type": "general-spell", "cost": 1,
            "abilities": [{"do": [{"effect": "order-top", "amount": amount}]}]}
    assert [(p.path, p.message) for p in compile_card("alomfogo", card)[1]] == [("$.abilities[0].do[0].amount", words)]
