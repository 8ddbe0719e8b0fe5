"""The bundled Kotlík card set (KO-104 – KO-116, KO-106) and the symbol effect names."""

import json
from collections import Counter

import jsonschema

import deckkit.games.kotlik  # noqa: F401  (registers the symbol effects)
from deckkit.engine.effects import names
from deckkit.paths import data_dir, schemas_dir


def load():
    return json.loads((data_dir() / "cards" / "kotlik.json").read_text(encoding="utf-8"))


def test_cards_valid_against_schema():
    schema = json.loads((schemas_dir() / "card.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    problems = [(c["id"], e.message) for c in load() for e in validator.iter_errors(c)]
    assert problems == []


def test_ko_104_56_ingredient_cards_14_ingredients_numbers_1_to_4():
    cards = [c for c in load() if c["type"] == "ingredient"]
    assert len(cards) == 56
    by_kind = Counter(c["ingredient"] for c in cards)
    assert len(by_kind) == 14 and set(by_kind.values()) == {4}
    for kind in by_kind:
        assert sorted(c["number"] for c in cards if c["ingredient"] == kind) == [1, 2, 3, 4]
        assert len({c["label"] for c in cards if c["ingredient"] == kind}) == 1  # one label per ingredient


def test_ko_112_seven_label_colours_two_ingredients_each():
    cards = [c for c in load() if c["type"] == "ingredient"]
    per_label = Counter(c["label"] for c in cards)
    assert per_label == {lab: 8 for lab in ("white", "black", "green", "grey", "brown", "blue", "yellow")}


def test_ko_105_116_four_corners_two_marked_with_stones():
    corners = [c for c in load() if c["type"] == "corner"]
    assert len(corners) == 4
    assert sorted(c["stone"] or "" for c in corners) == ["", "", "black", "white"]


def test_ko_106_thirteen_recipes_requiring_known_ingredients():
    cards = load()
    kinds = {c["ingredient"] for c in cards if c["type"] == "ingredient"}
    recipes = [c for c in cards if c["type"] == "recipe"]
    assert len(recipes) == 13
    for recipe in recipes:
        assert set(recipe["requires"]) <= kinds and recipe["bonus"] > 0
        assert {"requires", "bonus"} <= set(recipe["provenance"]["invented"])


def test_ids_names_unique_and_invented_values_declared():
    cards = load()
    assert len({c["id"] for c in cards}) == len({c["name"] for c in cards}) == len(cards)
    for card in cards:
        assert card["names"]["en"]
        if card["type"] == "ingredient":
            assert card["id"] == card["id"].lower() and card["id"].startswith("ko-")
            assert {"name", "ingredient", "label", "symbols"} <= set(card["provenance"]["invented"])


def test_ko_114_115_both_symbols_present():
    counts = Counter(s for c in load() for s in c.get("symbols", []))
    assert counts["exploding-cauldron"] > 0 and counts["hat-and-wand"] > 0


def test_symbol_names_equal_schema_effect_names_and_registry():
    schema = json.loads((schemas_dir() / "card.schema.json").read_text(encoding="utf-8"))
    enum = set(schema["$defs"]["ko_effect"]["enum"])
    kotlik = next(b for b in schema["allOf"] if b["if"]["properties"]["game"]["const"] == "kotlik")
    symbols = set(kotlik["then"]["properties"]["symbols"]["items"]["enum"])
    assert enum == symbols == names("kotlik")


def test_ko_110_each_ingredient_card_shows_one_of_the_14_ingredients():
    cards = [c for c in load() if c["type"] == "ingredient"]
    kinds = {c["ingredient"] for c in cards}
    assert len(kinds) == 14
    for card in cards:
        assert isinstance(card["ingredient"], str) and card["name"].startswith(card["ingredient"])


def test_ko_113_white_and_black_labels_are_the_players_own_colours():
    from deckkit.games.kotlik.cards import COLOURS

    assert COLOURS == ("white", "black")  # player 0 (p1) is White, player 1 (p2) is Black
    labels = {c["label"] for c in load() if c["type"] == "ingredient"}
    assert set(COLOURS) <= labels


def test_a_set_listing_a_card_twice_is_refused_with_a_deck_message():
    import pytest

    from deckkit.errors import DataError
    from deckkit.games.kotlik import KotlikGame

    cards = load()
    twice = cards + [next(c for c in cards if c["name"] == "Mandragora 1")]
    with pytest.raises(DataError, match=r"lists the same card more than once: Mandragora 1 ×2") as err:
        KotlikGame(twice)
    assert "KO-104" in err.value.hint and "deck validate" in err.value.hint
    renamed = cards + [dict(next(c for c in cards if c["name"] == "Síra 1"), id="ko-extra", ingredient="Síra")]
    with pytest.raises(DataError, match="two different Kotlík cards are both called 'Síra 1'"):
        KotlikGame(renamed)


def test_board_labels_are_unique_per_ingredient_even_when_names_collide():
    from deckkit.games.kotlik.cards import _shorts

    assert _shorts(["Mandragora", "Mandragora lékařská", "Mandragorin"]) == ["Mandra", "Manlék", "Mandr2"]
    assert _shorts(["Síra", "Síra"]) == ["Síra", "Síra2"]


def test_a_set_without_enough_ingredients_or_corners_is_refused_with_a_hint():
    import pytest

    from deckkit.errors import DataError
    from deckkit.games.kotlik import KotlikGame

    cards = load()
    few = [c for c in cards if c["type"] != "ingredient"] + [c for c in cards if c["type"] == "ingredient"][:33]
    with pytest.raises(DataError, match="at least 34 ingredient cards, got 33") as err:
        KotlikGame(few)
    assert "kotlik-standard.deck" in err.value.hint
    no_corner = [c for c in cards if c["name"] != "Roh s kočkou"]
    with pytest.raises(DataError, match="needs 4 corner cards") as err:
        KotlikGame(no_corner)
    assert "deckkit search t:corner" in err.value.hint
