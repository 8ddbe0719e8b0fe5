"""The effect contract: engine-level effects with parameter schemas, one handler signature, the card
schema generated from them, and abilities compiled when a card enters the catalogue or a game."""

from __future__ import annotations

import inspect
import json

import pytest

from deckkit.catalogue.importer import import_files
from deckkit.engine import effects
from deckkit.engine.registry import registered_games
from deckkit.errors import DataError, ValidationFailed
from deckkit.schemas import card_schema



@pytest.fixture
def catalogue(tmp_path):
    from deckkit.catalogue import open_catalogue

    c = open_catalogue(tmp_path / "cat.db")
    yield c
    c.close()


def _language_steps_match(schema: dict, game, registered: dict) -> None:
    """A game that writes the ability language: one closed step branch per effect, parameter by parameter
    (targets, amounts, durations and players are the language's own definitions)."""
    steps = {b["properties"]["effect"]["const"]: b for b in schema["$defs"][f"{game.alias}_step"]["anyOf"]}
    assert set(steps) == set(registered)
    for name, eff in registered.items():
        branch = steps[name]
        assert branch["additionalProperties"] is False, (game.name, name)
        # every step may also say "you may", "if …", who chooses and which earlier card it reads
        assert set(branch["properties"]) == {"effect", "text", "optional", "if", "chooser", "ref", *eff.params}
        for param, param_schema in eff.params.items():
            if param not in ("target", "amount", "duration", "player"):
                plain = {k: v for k, v in param_schema.items() if not k.startswith("x-")}
                assert branch["properties"][param] == plain, (game.name, name, param)
        assert set(branch["required"]) == {"effect", *eff.required}


def test_effects_schema_is_generated_from_the_registered_parameters_and_closed():
    from deckkit.engine.abilities import has_vocabulary

    schema = card_schema()
    for game in registered_games():
        registered = game.load_effects()
        if has_vocabulary(game.name):
            _language_steps_match(schema, game, registered)
            continue
        definition = schema["$defs"][f"{game.alias}_ability"]
        assert set(definition["properties"]["effect"]["enum"]) == set(registered)
        branches = {b["if"]["properties"]["effect"]["const"]: b["then"] for b in definition["allOf"]}
        assert set(branches) == set(registered)
        for name, eff in registered.items():
            then = branches[name]
            assert then["additionalProperties"] is False, (game.name, name)
            for param, param_schema in eff.params.items():  # parameter by parameter
                assert then["properties"][param] == param_schema, (game.name, name, param)
            assert set(then["properties"]) == {"effect", "text", *eff.params}
            assert set(then.get("required", ())) == set(eff.required)


def test_effects_have_one_handler_signature():
    for game in registered_games():
        for eff in game.load_effects().values():
            params = list(inspect.signature(eff.handler).parameters)
            assert params in (["state", "ctx", "ab"], ["state", "ctx", "ability"], ["state", "ctx", "step"]), \
                (game.name, eff.name)


OB_SPELL = {"id": "ob-test-spell", "game": "obludarium", "name": "Zkušební kouzlo", "type": "spell", "cost": 1}
OB_MONSTER = {"id": "ob-test-monster", "game": "obludarium", "name": "Zkušební příšera", "type": "monster",
              "cost": 1, "attack": 1, "defense": 1}
AF_SPELL = {"id": "af-test-spell", "game": "alomfogo", "name": "Próbavarázs", "type": "general-spell", "cost": 1}
AF_WALKER = {"id": "af-test-walker", "game": "alomfogo", "name": "Próbalépő", "type": "dreamwalker", "cost": 1,
             "attack": 1, "defense": 1}
KO_CARD = {"id": "ko-test-1", "game": "kotlik", "name": "Zkouška 1", "type": "ingredient", "ingredient": "Zkouška",
           "number": 1, "label": "green"}

# (card, abilities, JSON path, words of the message, words of the hint: allowed values or a near miss)
CASES = [
    # Obludárium writes the ability language: a flat ability is upgraded into one step (do[0]) first
    ("targt", OB_SPELL, [{"effect": "boost", "amount": 2, "targt": "own"}], "$.abilities[0].do[0].targt",
     "'targt' is not a known parameter of boost", "did you mean 'target'?"),
    ("defence", OB_SPELL, [{"effect": "boost", "amount": 2, "stat": "defence", "target": "own"}],
     "$.abilities[0].do[0].stat", "'defence' is not a known stat", "did you mean 'defense'?"),
    ("unknown effect", OB_SPELL, [{"effect": "bost", "amount": 2}], "$.abilities[0].do[0].effect",
     "'bost' is not a known effect", "did you mean 'boost'?"),
    ("amount as text", OB_SPELL, [{"effect": "hit", "amount": "2"}], "$.abilities[0].do[0].amount",
     "'2' is not an amount", "a whole number"),
    ("amount too big", OB_SPELL, [{"effect": "heal", "amount": 500}], "$.abilities[0].do[0].amount",
     "500 is outside 0 … 99", "from 0 to 99"),
    ("target misspelt", OB_SPELL, [{"effect": "weaken", "amount": 1, "target": "enmy"}],
     "$.abilities[0].do[0].target", "'enmy' is not a known target", "did you mean 'enemy'?"),
    ("target of the wrong side", OB_SPELL, [{"effect": "weaken", "amount": 1, "target": "own"}],
     "$.abilities[0].do[0].target.side", "'own' is not a known side weaken can act on", "enemy, any"),
    ("target missing", OB_SPELL, [{"effect": "boost", "amount": 1}], "$.abilities[0].do[0]", "boost needs 'target'",
     "own, any"),
    ("amount missing", OB_SPELL, [{"effect": "boost", "target": "own"}], "$.abilities[0].do[0]",
     "boost needs 'amount'", "a whole number"),
    ("kind unknown", OB_SPELL, [{"effect": "destroy", "target": "enemy", "kind": "creature"}],
     "$.abilities[0].do[0].target.filter.type", "'creature' is not a known type", "type is one of"),
    ("when misspelt", OB_SPELL, [{"effect": "block", "target": "enemy", "when": "attackin"}],
     "$.abilities[0].do[0].target.filter.state", "'attackin' is not a known state", "did you mean 'attacking'?"),
    ("tap as text", OB_MONSTER, [{"effect": "draw", "amount": 1, "tap": "yes"}], "$.abilities[0].cost.tap",
     "'yes' is not True", "Tap this card"),
    ("negative food", OB_MONSTER, [{"effect": "draw", "amount": 1, "food": -1}], "$.abilities[0].cost.food",
     "-1 is outside 1 … 99", "untapped food"),
    ("spell with a cost of a card in play", OB_SPELL, [{"effect": "hit", "amount": 1, "food": 1}],
     "$.abilities[0].cost", "a spell is not in play to pay a cost", "a spell pays its card's cost"),
    ("spell on itself", OB_SPELL, [{"effect": "boost", "amount": 1, "target": "self"}],
     "$.abilities[0].do[0].target", "a spell is not in play to act on itself", "own, enemy or any"),
    ("two abilities that use plays", OB_MONSTER, [{"effect": "draw", "amount": 1, "tap": True},
                                                  {"effect": "heal", "amount": 2, "food": 1}],
     "$.abilities[1]", "a card in play has one ability that 'use CARD' plays", "merge them"),
    ("ability not an object", OB_SPELL, ["boost"], "$.abilities[0]", "an ability must be an object", None),
    ("no effect", OB_SPELL, [{"amount": 2}], "$.abilities[0].amount", "'amount' is not a known key of an ability",
     "key of an ability is one of"),
    ("helper ability without a mark", AF_WALKER, [{"effect": "boost", "amount": 1}],
     "$.abilities[0]", "helper ability needs a mark", "(AF-380 – AF-383)"),
    ("two abilities on a general spell", AF_SPELL, [{"effect": "cage-opponent-events", "target": "opponent"},
                                                    {"effect": "rest-target", "target": "opponent-creature"}],
     "$.abilities[1]", "this is a second ability", "first ability's do"),
    ("required parameter of another name", AF_SPELL, [{"effect": "free-dreamwalker", "cost": 4}],
     "$.abilities[0].static[0].cost", "'cost' is not a known key of free-dreamwalker", "did you mean 'max_cost'?"),
    ("misspelt amount", AF_SPELL, [{"effect": "gain-vp", "amont": 2}], "$.abilities[0].do[0].amont",
     "'amont' is not a known parameter of gain-vp", "did you mean 'amount'?"),
    ("another game's effect", AF_SPELL, [{"effect": "heal", "amount": 2}], "$.abilities[0].do[0].effect",
     "'heal' is not a known effect", "boost"),
    ("helper discard beyond", {**AF_WALKER, "helper": "P"}, [{"effect": "draw", "amount": 1, "discard": 12}],
     "$.abilities[0].cost.discard", "12 is outside 1 … 9", "discard"),
    ("a symbol effect takes no amount", KO_CARD, [{"effect": "exploding-cauldron", "amount": 1}],
     "$.abilities[0].amount", "'amount' is not a parameter of exploding-cauldron", "takes: effect, text"),
]


@pytest.mark.parametrize("label, base, abilities, path, message, hint", CASES, ids=[c[0] for c in CASES])
def test_effects_malformed_ability_refused_at_import(catalogue, tmp_path, label, base, abilities, path, message,
                                                     hint):
    """Refused with file, record, JSON path, allowed values or a near miss; nothing is written."""
    cat = catalogue
    good = {**AF_WALKER, "id": "af-test-good", "name": "Jó lépő"}
    path_file = tmp_path / "cards.json"
    path_file.write_text(json.dumps([good, {**base, "abilities": abilities}], ensure_ascii=False), encoding="utf-8")
    before = cat.cards()
    with pytest.raises(ValidationFailed) as info:
        import_files(cat, [path_file])
    assert cat.cards() == before, "a refused import writes nothing"
    problems = [p for p in info.value.problems if p.path == path]
    assert problems, [str(p) for p in info.value.problems]
    found = problems[0]
    assert found.file.endswith("cards.json") and found.record == 2
    assert message in found.message, str(found)
    if hint is not None:
        assert found.hint and hint in found.hint, str(found)


def test_effects_meaningless_ability_cannot_enter_a_game():
    """{"effect": "boost", "amount": 2, "targt": "own"} used to crash the engine at play time (AttributeError)."""
    from deckkit.engine.registry import load_game

    bad = {**OB_SPELL, "abilities": [{"effect": "boost", "amount": 2, "targt": "own"}]}
    with pytest.raises(DataError, match=r"ob-test-spell.*\$\.abilities\[0\]\.do\[0\]\.targt"):
        load_game("ob", [bad])
    silent = {**OB_SPELL, "abilities": [{"effect": "boost", "amount": 2, "stat": "defence", "target": "own"}]}
    with pytest.raises(DataError, match="defence") as err:
        load_game("ob", [silent])
    assert "did you mean 'defense'" in (err.value.hint or "")


def test_effects_two_abilities_on_one_target_compile_and_both_apply(monkeypatch):
    """A spell's two abilities are one sequence whose steps choose their targets (here the same card,
    twice), each dispatched through the effect registry (OB-907)."""
    import random

    seen = []
    real = effects.dispatch

    def spy(state, ctx, ability):
        seen.append((ability.effect, ability.param("stat"), ctx.player, ctx.target.info.name, ctx.source.name))
        return real(state, ctx, ability)

    monkeypatch.setattr("deckkit.games.obludarium.choices.dispatch", spy)

    from deckkit.engine.registry import load_game
    from deckkit.games.obludarium.cards import bundled_cards

    spell = {**OB_SPELL, "abilities": [{"effect": "weaken", "amount": 1, "stat": "attack", "target": "enemy"},
                                       {"effect": "weaken", "amount": 1, "stat": "defense", "target": "enemy"}]}
    game = load_game("ob", [*bundled_cards(), spell])
    state = game.from_setup({"start": "p1", "phase": "main",
                             "p1": {"library": ["Chleba"] * 5, "hand": ["Zkušební kouzlo"], "table": ["Chleba"]},
                             "p2": {"library": ["Chleba"] * 5, "table": ["Glum (3/3)"]}}, random.Random(1))
    state.apply("cast Zkušební kouzlo on Glum and Glum")
    state.apply("pass")
    glum = state.tables[1][0]
    assert (glum.atk, glum.dfn) == (2, 2)
    assert seen == [("weaken", "attack", 0, "Glum", "Zkušební kouzlo"), ("weaken", "defense", 0, "Glum", "Zkušební kouzlo")]


def test_effects_shipped_schema_has_no_open_ability_parameters():
    text = json.dumps(card_schema()["$defs"])
    for game in registered_games():
        definition = card_schema()["$defs"][f"{game.alias}_ability"]
        assert "additionalProperties" not in {k for k in definition}, "closed per effect, not open at the top"
    assert '"additionalProperties": {"anyOf"' not in text
