"""Layouts as data: every game ships one that the schema and the game's card fields accept; a broken
layout is one message naming the file and the JSON path; templates fill from cards."""

from __future__ import annotations

import json

import pytest

from deckkit.engine.registry import registered_games
from deckkit.printing import PrintError
from deckkit.printing.cardtext import numbers_disagree, rules_text
from deckkit.printing.layout import fill, game_layout_path, load_layout, parse_template


@pytest.mark.parametrize("game", [g.name for g in registered_games()])
def test_every_game_ships_a_valid_layout_in_its_package(game):
    path = game_layout_path(game)
    assert path.name == "layout.json" and path.parent.name == game  # a file of the game's own package
    layout = load_layout(game)
    assert (layout.width, layout.height) == (63, 88)
    assert layout.region("name") is not None and layout.region("art") is not None
    for region in layout.regions:
        assert 0 <= region.x and region.x + region.w <= layout.width
        assert 0 <= region.y and region.y + region.h <= layout.height


def _layout(tmp_path, data, name="my-layout.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _base(tmp_path):
    return json.loads(game_layout_path("af").read_text(encoding="utf-8"))


@pytest.mark.parametrize("change, where, words", [
    (lambda d: d["regions"].__setitem__("nme", d["regions"].pop("name")), "$.regions", "unknown region 'nme'"),
    (lambda d: d["regions"]["cost"].__setitem__("x", 60), "$.regions.cost", "past the card's right edge"),
    (lambda d: d["regions"]["text"].__setitem__("h", 40), "$.regions.text", "past the card's bottom edge"),
    (lambda d: d["regions"]["stats"].__setitem__("w", -3), "$.regions.stats.w", "less than or equal to the minimum"),
    (lambda d: d["regions"]["stats"].__setitem__("text", "{atack}"), "$.regions.stats.text", "no field 'atack'"),
    (lambda d: d["regions"]["footer"].__setitem__("text", "[{set}"), "$.regions.footer.text", "'[' without its ']'"),
    (lambda d: d["regions"]["text"].__setitem__("min_size", 9), "$.regions.text.min_size", "larger than"),
    (lambda d: d["card"].__setitem__("width", 0), "$.card.width", "less than or equal to the minimum"),
    (lambda d: d["frame"].__setitem__("colour", "red"), "$.frame.colour", "does not match"),
    (lambda d: d["frame"].__setitem__("field", "colour"), "$.frame.field", "no field 'colour'"),
    (lambda d: d.__setitem__("fonts", {"regular": "missing.ttf"}), "$.fonts.regular", "no such font file"),
])
def test_a_broken_layout_names_the_file_and_the_field(tmp_path, change, where, words):
    data = _base(tmp_path)
    change(data)
    path = _layout(tmp_path, data)
    with pytest.raises(PrintError) as info:
        load_layout("af", path)
    text = str(info.value)
    assert "my-layout.json" in text and where in text and words in text


def test_an_unknown_region_gets_a_did_you_mean(tmp_path):
    data = _base(tmp_path)
    data["regions"]["type-line"] = data["regions"].pop("type_line")
    with pytest.raises(PrintError) as info:
        load_layout("af", _layout(tmp_path, data))
    assert "did you mean 'type_line'" in info.value.hint


def test_a_font_file_that_is_no_font_is_refused(tmp_path):
    (tmp_path / "fake.ttf").write_text("not a font", encoding="utf-8")
    data = _base(tmp_path)
    data["fonts"] = {"bold": "fake.ttf"}
    with pytest.raises(PrintError, match=r"\$\.fonts\.bold: not a TrueType font"):
        load_layout("af", _layout(tmp_path, data))


def test_a_layout_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{regions:", encoding="utf-8")
    with pytest.raises(PrintError, match="not valid JSON"):
        load_layout("ob", path)


def test_a_copied_and_edited_layout_is_used(tmp_path):
    data = _base(tmp_path)
    data["card"]["width"], data["card"]["height"] = 70, 92
    data["regions"]["name"]["text"] = "{name}[ ({set})]"
    layout = load_layout("af", _layout(tmp_path, data))
    assert (layout.width, layout.height) == (70, 92)
    assert fill(layout.region("name").template, {"name": "Athame", "set": "alap"}) == "Athame (alap)"


def test_a_template_drops_an_optional_part_and_refuses_without_a_required_field():
    known = ("type", "subtypes", "attack", "defense")
    template = parse_template("{type}[ — {subtypes}]", known, "$.x", "f")
    assert fill(template, {"type": "dreamwalker"}) == "dreamwalker"
    assert fill(template, {"type": "dreamwalker", "subtypes": ["Tündérek", "Yurt"]}) == "dreamwalker — Tündérek, Yurt"
    stats = parse_template("{attack} / {defense}", known, "$.x", "f")
    assert fill(stats, {"attack": 0, "defense": 3}) == "0 / 3"
    assert fill(stats, {"attack": 2}) is None


def test_rules_text_is_the_cards_own_else_the_english_of_its_abilities():
    """Text in the designer's language wins; a card with abilities and no text prints the renderer's English."""
    from deckkit.decks import CardPool

    pool = CardPool.bundled()
    kubista = pool.find("Kubišta")
    assert rules_text(kubista) == kubista["text"]
    bare = {k: v for k, v in kubista.items() if k != "text"}
    english = rules_text(bare)
    assert english and english != kubista["text"] and "+2" in english
    assert rules_text({"game": kubista["game"], "name": "x"}) == ""


def test_numbers_in_text_and_abilities_are_compared():
    from deckkit.decks import CardPool

    kubista = CardPool.bundled().find("Kubišta")
    assert numbers_disagree(kubista) is None  # +2 in both
    changed = dict(kubista, text=kubista["text"].replace("+2", "+3"))
    assert numbers_disagree(changed) == ([3], [2])
    ruled = dict(kubista, text=kubista["text"] + " (OB-831)")
    assert numbers_disagree(ruled) is None  # a rule number is no number of the card


def test_the_layout_schema_is_a_valid_schema_naming_exactly_the_regions_deckkit_draws():
    from jsonschema import Draft202012Validator

    from deckkit.paths import schemas_dir
    from deckkit.printing.layout import REGION_ORDER

    schema = json.loads((schemas_dir() / "layout.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert set(schema["properties"]["regions"]["properties"]) == set(REGION_ORDER)
