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
    assert BY_NAME["búbos manó"]["abilities"] == [{"effect": "boost", "amount": 4}]
    assert BY_NAME["Jégszem Soyana"]["abilities"] == [{"effect": "boost", "amount": 1}]
    assert BY_NAME["hóförgeteg"]["abilities"] == [{"effect": "boost", "amount": 4}]
    assert BY_NAME["lángdárda"]["abilities"] == [{"effect": "boost", "amount": 3}]
    assert BY_NAME["Athame"]["abilities"] == [{"effect": "gain-vp", "amount": 5}]
    assert BY_NAME["Ébredés Ajtaja"]["abilities"] == [{"effect": "free-dreamwalker", "max_cost": 4}]
    assert BY_NAME["Álomrengés"]["abilities"] == [{"effect": "cage-resting-creatures"}]
    assert BY_NAME["Hódfarok néne"]["abilities"] == [{"effect": "boost", "amount": 5, "discard": 1}]
    assert BY_NAME["Csendharang"]["subtypes"] == ["ellenvarázs"]
    assert BY_NAME["Csendharang"]["abilities"] == [{"effect": "counter-spell"}]


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


def _rules_text(card: dict) -> str | None:
    """The text a card's abilities call for: what a player reading the card expects it to do."""
    parts = []
    for ab in card.get("abilities", ()):
        n = ab.get("amount")
        effect = ab["effect"]
        if effect == "boost" and ab.get("discard"):
            text = f"Discard a card, +{n}."  # the rulebook's own wording of Hódfarok néne (AF-387)
        elif effect == "boost":
            text = ("Pay {} VP, ".format(ab["vp"]) if ab.get("vp") else "") + f"+{n} to your duelist's magic power."
        else:
            text = {
                "weaken": f"-{n} to the opposing duelist's magic power.",
                "gain-vp": f"You gain {n} VP.",
                "gain-glory": f"You gain {n} glory points.",
                "draw": f"Draw {n} cards.",
                "vp-per-turn": f"You receive {n} more VP in phase 1.",
                "attack-bonus": f"Your attacking duelists get +{n} magic power.",
                "free-dreamwalker": "Each turn you may play one dreamwalker costing at most "
                                    f"{ab.get('max_cost')} VP for free.",
                "cage-resting-creatures": "Every resting creature goes to its owner's spell cage.",
                "recover-all": "Turn every resting or damaged creature of yours active.",
                "counter-spell": "Sacrifice when an opponent plays a spell: that spell has no effect and goes to "
                                 "the spell cage.",
                "rest-target": "Turn target active creature of an opponent resting.",
                "cage-opponent-events": "Every event of the opponent goes to their spell cage.",
            }[effect]
        parts.append(text)
    if not parts:
        return None
    mark = f"({card['helper']}) " if card.get("helper") else ""
    return mark + " ".join(parts)


def test_af_card_texts_say_what_the_abilities_do():
    """AF-309, AF-383, AF-385: every card's text is what its data does — mark, amounts, costs, targets."""
    wrong = [(c["name"], c.get("text"), _rules_text(c)) for c in CARDS if c.get("text") != _rules_text(c)]
    assert wrong == []
    for card in CARDS:  # AF-385: "target" in the text exactly when the card chooses one
        assert ("target" in (card.get("text") or "")) == any(a.get("target") == "opponent-creature"
                                                            for a in card.get("abilities", ())), card["name"]


@pytest.mark.parametrize("kind", ["instant", "event", "dream-creature"])
def test_af_385_only_general_spells_choose_a_target(kind):
    """AF-360, AF-385: a target is chosen when a general spell is played; any other card with one is refused."""
    from deckkit.errors import DataError

    card = {"id": "x", "name": "X", "game": "alomfogo", "type": kind, "cost": 1, "helper": "P",
            "abilities": [{"effect": "rest-target", "target": "opponent-creature"}]}
    with pytest.raises(DataError, match="cannot have a target"):
        CardDef(card)
    with pytest.raises(DataError, match="unknown target"):
        CardDef(dict(card, type="general-spell", abilities=[{"effect": "rest-target", "target": "any"}]))
