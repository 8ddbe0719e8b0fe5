"""The reference of the ability language (``deckkit games --abilities``) and the card schema's documentation:
every part listed with its parameters and nothing cut short; every construct of the schema with a title, a
description and an example that the checker accepts."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.engine.ability_check import compile_ability
from deckkit.engine.ability_reference import reference, reference_text
from deckkit.engine.abilities import has_vocabulary, vocabulary
from deckkit.engine.effects import effects_of, summary
from deckkit.engine.keywords import builtin_keywords
from deckkit.engine.registry import registered_games
from deckkit.schemas import card_schema

GAMES = [g for g in registered_games() if (g.load_effects(), has_vocabulary(g.name))[1]]


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_reference_lists_every_part_with_its_full_description(game):
    lines = reference_text(game)
    text = "\n".join(lines)
    v = vocabulary(game)
    effects = lines[next(i for i, x in enumerate(lines) if x.startswith("  effects (")):]
    for name, eff in effects_of(game).items():
        line = next(x for x in effects if x.strip().startswith(f"{name}("))
        assert line.endswith(eff.description) and eff.description == summary(eff.handler.__doc__)
        for key in eff.params:
            assert key in line, (name, key)
    for words in (v.events, v.replaceable, v.costs, v.statics, v.conditions, v.fields, v.players, v.durations):
        for name in words:
            assert f"{name}" in text, name
    for name, meaning in builtin_keywords(game).items():
        assert f"    {name}  {meaning}" in text
    for key in ("per_turn", "replace", "keyword", "optional", "chooser", "{ref: N}", "{stat: NAME, ref: N}"):
        assert key in text


def test_an_effect_description_is_its_docstrings_whole_first_paragraph():
    doc = """Cards go somewhere: the first line
    goes on here (AF-1).

    Details nobody needs in a list."""
    assert summary(doc) == "Cards go somewhere: the first line goes on here (AF-1)."


def test_games_abilities_prints_the_reference_and_its_json_the_same_words(tmp_path):
    runner = CliRunner()
    db = str(tmp_path / "c.db")
    out = runner.invoke(app, ["--db", db, "games", "--abilities"]).stdout
    for game in GAMES:
        for line in reference_text(game.name):
            assert line in out
    import json

    data = json.loads(runner.invoke(app, ["--db", db, "games", "--abilities", "-o", "json"]).stdout)
    for entry in data:
        if entry["name"] in {g.name for g in GAMES}:
            assert entry["abilities"] == json.loads(json.dumps(reference(entry["name"])))


@pytest.mark.parametrize("game", [g for g in GAMES], ids=lambda g: g.name)
def test_every_construct_of_the_card_schema_has_a_title_a_description_and_a_valid_example(game):
    defs = card_schema()["$defs"]
    prefix = f"{game.alias}_"
    for name in ("filter", "target", "count", "amount", "condition", "trigger", "cost", "static", "step", "ability"):
        d = defs[prefix + name]
        assert d.get("title") and d.get("description") and "examples" in d, name
    for kind in ("step", "static"):
        for alternative in defs[prefix + kind]["anyOf"]:
            assert alternative["title"] and alternative["description"] and alternative["examples"]
            example = alternative["examples"][0]
            ability = {"do": [example]} if kind == "step" else {"static": [example]}
            _, problems = compile_ability(game.name, ability, None, "$")
            assert problems == [], (example, problems)
