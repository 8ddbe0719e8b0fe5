"""Abilities that are valid but can never do anything are import warnings (issue 23, deliverable 2): rules
text with no abilities, a set of cards in play that no card can match, and what a game's ``warn_card``
hook says; reminder text is no warning, and the shipped cards have none."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from deckkit.catalogue import bundled_files
from deckkit.engine.abilities import register_vocabulary, vocabulary
from deckkit.engine.ability_warnings import card_warnings, reminder_only
from deckkit.engine.effects import AbilityProblem
from deckkit.paths import data_dir

SPELL = {"id": "ob-w", "game": "obludarium", "name": "Varování", "type": "spell", "cost": 1}
MONSTER = {"id": "ob-w", "game": "obludarium", "name": "Varování", "type": "monster", "cost": 1, "attack": 1,
           "defense": 1}


@pytest.mark.parametrize("card", [
    {**MONSTER, "groups": ["flying"], "text": "Flying."},
    {**SPELL, "type": "food", "text": "Food: tap to pay 1."},
    {**SPELL, "text": "(Draws a card.)"},
    {**SPELL, "text": "  "},
    SPELL,
])
def test_reminder_text_is_no_warning(card):
    assert reminder_only(card) and card_warnings(card) == []


def test_rules_text_without_abilities_is_a_warning_at_the_text():
    [w] = card_warnings({**MONSTER, "groups": ["flying"], "text": "Flying. When it dies, draw a card."})
    assert w.path == "$.text" and "has no abilities" in w.message and "games --abilities" in w.hint


def test_a_game_without_the_ability_language_has_no_such_warning():
    assert card_warnings({"id": "ko-w", "game": "kotlik", "name": "Varování", "type": "ingredient",
                          "text": "Says something."}) == []


def test_a_set_of_cards_in_play_of_a_type_that_never_stays_there_is_a_warning():
    card = {**SPELL, "abilities": [{"do": [{"effect": "destroy", "target": {"side": "enemy",
                                                                            "filter": {"type": "spell"}}}]}]}
    [w] = card_warnings(card)
    assert w.path == "$.abilities[0].do[0].target.filter.type" and "no spell is ever in play" in w.message
    in_hand = {**SPELL, "abilities": [{"do": [{"effect": "draw", "amount": {
        "count": {"side": "own", "zone": "hand", "filter": {"type": "spell"}}}}]}]}
    assert card_warnings(in_hand) == []  # in the hand, a spell is a card like any other


def test_a_filter_that_asks_for_a_type_and_not_that_type_is_a_warning():
    card = {**SPELL, "abilities": [{"do": [{"effect": "destroy", "target": {
        "side": "enemy", "filter": {"type": "monster", "not": {"type": "monster"}}}}]}]}
    [w] = card_warnings(card)
    assert w.path == "$.abilities[0].do[0].target.filter.not.type" and "no card matches" in w.message


def test_a_games_warn_card_hook_adds_its_own_warnings():
    game = "obludarium"
    words = vocabulary(game)

    def never(card, abilities):
        return [AbilityProblem("$.abilities[0].condition", "this condition cannot hold here", "hint")]

    register_vocabulary(game, replace(words, warn_card=never))
    try:
        card = {**MONSTER, "id": "ob-w-hook", "abilities": [{"static": [{"effect": "keyword",
                                                                         "keyword": "cannot-block"}]}]}
        assert [w.message for w in card_warnings(card)] == ["this condition cannot hold here"]
    finally:
        register_vocabulary(game, words)


def test_the_shipped_cards_have_no_warnings():
    files = [*bundled_files(), *sorted((data_dir() / "cards" / "examples").glob("*.json"))]
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        for card in data if isinstance(data, list) else data.get("cards", []):
            assert card_warnings(card) == [], (path.name, card.get("id"))
