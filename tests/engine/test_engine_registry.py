"""The effects registry and the card schema agree; every bundled Obludárium card works through data."""

from __future__ import annotations

import json

import jsonschema

from deckkit.engine import effects
from deckkit.games.obludarium import GAME
from deckkit.paths import data_dir, schemas_dir


def _schema() -> dict:
    return json.loads((schemas_dir() / "card.schema.json").read_text(encoding="utf-8"))


def test_engine_ob_registry_equals_schema_enum():
    """Effect names registered for Obludárium == $defs/ob_effect in the card schema."""
    assert effects.names("obludarium") == set(_schema()["$defs"]["ob_effect"]["enum"])


def test_engine_ob_cards_valid_and_use_registered_effects():
    """data/cards/obludarium.json: schema-valid, >= 40 distinct cards, every ability has a handler."""
    cards = json.loads((data_dir() / "cards" / "obludarium.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(_schema())
    problems = [f"{c['id']}: {e.message}" for c in cards for e in validator.iter_errors(c)]
    assert problems == []
    assert len({c["name"] for c in cards}) == len(cards) >= 40
    for info in GAME.infos.values():  # every step of every compiled ability names a registered effect
        for ability in info.abilities:
            for step in (s for seq in ability.sequences for s in seq):
                assert callable(effects.handler("obludarium", step.effect))
    types = {t: sum(c["type"] == t for c in cards) for t in ("food", "monster", "artifact", "spell")}
    assert min(types.values()) >= 4
    assert any("flying" in c.get("groups", []) for c in cards)
    assert any(c.get("blocking") for c in cards)


def test_engine_ob_rulebook_cards_and_provenance():
    """The five rulebook cards are there, cite their rules, and list every invented value."""
    cards = {c["name"]: c for c in GAME.cards.values()}
    expected = {"Jelva evilen": "OB-813", "Kubišta": "OB-831", "Medděd": "OB-831", "Glum": "OB-901",
                "Vsakovačka": "OB-901"}
    for name, rule in expected.items():
        assert rule in cards[name]["provenance"]["rules"]
        assert "cost" in cards[name]["provenance"]["invented"]  # the rulebook gives no costs
    assert cards["Jelva evilen"]["blocking"] is True and cards["Jelva evilen"]["type"] == "spell"
    for card in cards.values():
        if not card["provenance"].get("rules"):
            assert {"name", "type", "text"} <= set(card["provenance"]["invented"])
