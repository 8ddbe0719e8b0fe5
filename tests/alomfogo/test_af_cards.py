"""data/cards/alomfogo.json: valid cards, the rulebook's facts, effects registered for every ability."""

from __future__ import annotations

import json

import jsonschema
import pytest

from deckkit.engine import effects
from deckkit.games.alomfogo import GAME  # noqa: F401 — registers the effects
from deckkit.games.alomfogo.cards import CardDef
from deckkit.paths import data_dir, schemas_dir

CARDS = json.loads((data_dir() / "cards" / "alomfogo.json").read_text(encoding="utf-8"))
SCHEMA = json.loads((schemas_dir() / "card.schema.json").read_text(encoding="utf-8"))
BY_NAME = {c["name"]: c for c in CARDS}


def test_af_cards_are_valid_and_distinct():
    """Every card validates; at least 40 distinct names and ids."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    problems = [(c["id"], e.message) for c in CARDS for e in validator.iter_errors(c)]
    assert not problems
    assert len({c["name"] for c in CARDS}) == len(CARDS) >= 40
    assert len({c["id"] for c in CARDS}) == len(CARDS)


def test_af_effect_names_match_the_schema():
    """The registry and the schema's af_effect enum name the same effects."""
    assert effects.names("alomfogo") == set(SCHEMA["$defs"]["af_effect"]["enum"])


def test_af_rulebook_cards_have_the_digest_facts():
    """The 13 cards named in the rulebook, with cost, powers, marks and abilities as the digest gives them."""
    facts = {
        "Éjlépő Kajtár": ("dreamwalker", 1, 0, 3), "Jégszem Soyana": ("dreamwalker", 1, 3, 0),
        "Széki Hunorka": ("dreamwalker", 2, 4, 0), "Wugu Wataruru": ("dreamwalker", 3, 4, 4),
        "Botlik Zsófi": ("dreamwalker", 1, 2, 2), "búbos manó": ("dream-creature", 1, None, None),
        "hóförgeteg": ("instant", 1, None, None), "lángdárda": ("instant", 0, None, None),
        "Athame": ("general-spell", 3, None, None), "Ébredés Ajtaja": ("event", 4, None, None),
        "Álomrengés": ("general-spell", 5, None, None),
    }
    for name, (kind, cost, attack, defense) in facts.items():
        card = BY_NAME[name]
        assert (card["type"], card["cost"], card.get("attack"), card.get("defense")) == (kind, cost, attack, defense)
    assert BY_NAME["búbos manó"]["helper"] == "S" and BY_NAME["Jégszem Soyana"]["helper"] == "P"
    boost = lambda n: [{"effect": "boost", "amount": n}]  # noqa: E731
    assert BY_NAME["búbos manó"]["abilities"] == [{"cost": {"damage": True}, "do": boost(4)}]  # AF-381
    assert BY_NAME["Jégszem Soyana"]["abilities"] == [{"cost": {"rest": True}, "do": boost(1)}]  # AF-380
    assert BY_NAME["hóförgeteg"]["abilities"] == [{"do": boost(4)}]
    assert BY_NAME["lángdárda"]["abilities"] == [{"do": boost(3)}]
    assert BY_NAME["Athame"]["abilities"] == [{"do": [{"effect": "gain-vp", "amount": 5}]}]
    assert BY_NAME["Ébredés Ajtaja"]["abilities"] == [{"static": [{"effect": "free-dreamwalker", "max_cost": 4}]}]
    assert BY_NAME["Álomrengés"]["abilities"] == [{"do": [{"effect": "to-cage", "target": {
        "choose": "every", "side": "any", "filter": {"type": ["dreamwalker", "dream-creature"], "state": "resting"}}}]}]
    assert BY_NAME["Hódfarok néne"]["abilities"] == [{"cost": {"rest": True, "discard": 1}, "do": boost(5)}]  # AF-387
    assert BY_NAME["Csendharang"]["subtypes"] == ["ellenvarázs"]
    assert BY_NAME["Csendharang"]["abilities"] == [{"static": [{"effect": "counterspell"}]}]

def test_af_cards_cover_the_kinds_the_rules_need():
    """Glorious dreamwalkers, (P)/(S)/(Á) helpers, every type, a magic source and a counterspell."""
    assert any(c.get("glory") for c in CARDS)
    assert {c.get("helper") for c in CARDS if c["type"] == "dream-creature"} >= {"P", "S", "Á"}
    assert {c["type"] for c in CARDS} == {"dreamwalker", "dream-creature", "event", "instant", "general-spell"}
    assert any("bűvforrás" in c.get("subtypes", ()) for c in CARDS)
    assert any("ellenvarázs" in c.get("subtypes", ()) for c in CARDS)


def test_af_provenance_marks_invented_values():
    """Rulebook cards cite rules; invented cards list what is invented; every card loads for play."""
    for card in CARDS:
        prov = card["provenance"]
        assert prov["rules"], card["id"]
        assert {"rarity", "set"} <= set(prov["invented"]), card["id"]
        CardDef(card)
    assert "cost" in BY_NAME["Csendharang"]["provenance"]["invented"]
    assert "cost" not in BY_NAME["Wugu Wataruru"]["provenance"]["invented"]


def test_af_card_marks_agree_with_their_helper_costs():
    """AF-309, AF-380 – AF-383: a creature's helper ability pays the mark its card shows; "target" is in a
    card's text exactly when it chooses a card (AF-385). (The English of every ability: test_af_ability_text.)"""
    marks = {"rest": "P", "damage": "S", "sacrifice": "Á"}
    for card in CARDS:
        for ab in card.get("abilities", ()):
            paid = [marks[k] for k in ab.get("cost", {}) if k in marks]
            assert paid == ([card["helper"]] if card.get("helper") else []), card["name"]
        assert ("target" in (card.get("text") or "")) == (CardDef(card).target == "chosen"), card["name"]


@pytest.mark.parametrize("kind, named", [("general-spell", True), ("instant", True), ("dream-creature", True),
                                         ("event", False)])
def test_af_385_a_target_is_chosen_when_a_card_is_played_or_used(kind, named):
    """AF-385: the player playing or using a card chooses its target — a general spell, an instant, a helper
    ability name it in the action; an event's triggered ability is carried out later, so its controller
    chooses then (a decision, AF-D20), and playing the event names nothing."""
    from deckkit.errors import DataError

    rest = {"effect": "set-state", "state": "resting", "target": {"side": "enemy", "filter": {"state": "active"}}}
    ability = {"trigger": "phase-1", "do": [rest]} if kind == "event" else {"do": [rest]}
    card = {"id": "x", "name": "X", "game": "alomfogo", "type": kind, "cost": 1, "abilities": [ability]}
    if kind == "dream-creature":
        card["helper"] = "P"
    compiled = CardDef(card)
    assert compiled.target == ("chosen" if named and kind != "dream-creature" else None)
    assert compiled.asking == (not named)
    with pytest.raises(DataError, match="not a known effect"):
        CardDef(dict(card, abilities=[{"effect": "rest-target", "target": "any"}]))
