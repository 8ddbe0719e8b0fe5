"""Malformed abilities, each refused by the real ``deckkit import`` on a real SQLite catalogue: the problem
names the file, the record, the JSON path, what is wrong and a hint with the allowed values (and a
did-you-mean where the value is a near miss), and nothing is written.

The cases cover the language's parts: events and their fields, filters, effects and their parameters,
references to earlier steps ("it", ``ref``), replacements, durations, keywords, counted amounts, costs,
trigger cycles, limits, ``per_turn``, ``if``, ``chooser``, ``player``; and the warnings ``--strict``
turns into errors (rules text without abilities, a set of cards no card can match).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckkit.catalogue import open_catalogue
from deckkit.cli import app

MONSTER = {"id": "ob-bad", "game": "obludarium", "name": "Zlý", "type": "monster", "cost": 1, "attack": 1,
           "defense": 1}
SPELL = {"id": "ob-bad", "game": "obludarium", "name": "Zlý", "type": "spell", "cost": 1}
WALKER = {"id": "af-bad", "game": "alomfogo", "name": "Rossz", "type": "dreamwalker", "cost": 1, "attack": 1,
          "defense": 1}
EVENT = {"id": "af-bad", "game": "alomfogo", "name": "Rossz", "type": "event", "cost": 1}
DRAW = {"effect": "draw", "amount": 1}
KEEP = {"static": [{"effect": "keyword", "keyword": "cannot-block"}]}


def _case(name, card, abilities, path, message, *hints, strict=False):
    return pytest.param(card, abilities, path, message, hints, strict, id=name)


CASES = [
    # events and triggers
    _case("unknown event", MONSTER, [{"trigger": "enter", "do": [DRAW]}], "$.abilities[0].trigger.on",
          "'enter' is not a known trigger event", "did you mean 'enters'?", "attacks, blocks"),
    _case("unknown trigger field", MONSTER, [{"trigger": {"on": "dies", "whoo": "other"}, "do": [DRAW]}],
          "$.abilities[0].trigger.whoo", "'whoo' is not a known key of a trigger", "did you mean 'who'?",
          "on, who, side, filter"),
    _case("whose event misspelt", MONSTER, [{"trigger": {"on": "dies", "who": "others"}, "do": [DRAW]}],
          "$.abilities[0].trigger.who", "'others' is not a known whose dies", "did you mean 'other'?",
          "self, other, any"),
    _case("unknown ability key", MONSTER, [{"triger": "dies", "do": [DRAW]}], "$.abilities[0].triger",
          "'triger' is not a known key of an ability", "did you mean 'trigger'?", "per_turn, replace"),
    _case("a trigger that sets itself off (AF draw on draw)", WALKER,
          [{"trigger": {"on": "draw", "who": "any"}, "do": [DRAW]}], "$.abilities[0].trigger",
          "would set itself off for ever", "who: other"),
    _case("the event's amount where the event has none", MONSTER,
          [{"trigger": "attacks", "do": [{"effect": "gain-life", "amount": {"from": "event"}}]}],
          "$.abilities[0].do[0].amount.from", "this trigger's event has no amount", "damage dealt"),
    # filters
    _case("a filter on a field the game lacks", SPELL,
          [{"do": [{"effect": "destroy", "target": {"side": "enemy", "filter": {"glry": 1}}}]}],
          "$.abilities[0].do[0].target.filter.glry", "'glry' is not a known card field a filter can test",
          "attack, cost, defense, group, name"),
    _case("a filter field misspelt", SPELL,
          [{"do": [{"effect": "destroy", "target": {"side": "enemy", "filter": {"grup": "beast"}}}]}],
          "$.abilities[0].do[0].target.filter.grup", "not a known card field", "did you mean 'group'?"),
    _case("a card type misspelt", SPELL,
          [{"do": [{"effect": "destroy", "target": {"side": "enemy", "filter": {"type": "monstr"}}}]}],
          "$.abilities[0].do[0].target.filter.type", "'monstr' is not a known type", "did you mean 'monster'?",
          "food, monster, artifact, spell"),
    _case("an AF state misspelt in a filter", EVENT,
          [{"do": [{"effect": "set-state", "state": "resting",
                    "target": {"side": "enemy", "filter": {"state": "actve"}}}]}],
          "$.abilities[0].do[0].target.filter.state", "'actve' is not a known state", "did you mean 'active'?"),
    # effects and their parameters
    _case("unknown effect", SPELL, [{"do": [{"effect": "drow", "amount": 1}]}], "$.abilities[0].do[0].effect",
          "'drow' is not a known effect", "did you mean 'draw'?", "counter, destroy"),
    _case("unknown parameter of an effect", SPELL, [{"do": [{"effect": "draw", "amout": 1}]}],
          "$.abilities[0].do[0].amout", "'amout' is not a known parameter of draw", "did you mean 'amount'?",
          "player, amount"),
    _case("an effect's value misspelt (AF state)", EVENT,
          [{"do": [{"effect": "set-state", "state": "restng", "target": "enemy"}]}], "$.abilities[0].do[0].state",
          "'restng' is not a known state", "did you mean 'resting'?", "active, resting, damaged"),
    _case("an unknown continuous effect", MONSTER, [{"static": [{"effect": "keywrd", "keyword": "cannot-block"}]}],
          "$.abilities[0].static[0].effect", "'keywrd' is not a known continuous effect", "did you mean 'keyword'?",
          "blocked-only-by, cost"),
    _case("a built-in keyword misspelt", MONSTER, [{"static": [{"effect": "keyword", "keyword": "cannot-blok"}]}],
          "$.abilities[0].static[0].keyword", "'cannot-blok' is not a known keyword",
          "did you mean 'cannot-block'?", "block-two"),
    # targets and references
    _case("'it' where no card was chosen (no trigger)", SPELL, [{"do": [{"effect": "destroy", "target": "it"}]}],
          "$.abilities[0].do[0].target", "'it' is the card of the triggering event", "own, enemy or any"),
    _case("a reference to a step that chose nothing", SPELL,
          [{"do": [DRAW, {"effect": "untap", "target": {"ref": 1}}]}], "$.abilities[0].do[1].target.ref",
          "step 1 (draw) acts on no card", "refer to a step with a target"),
    _case("a reference forward", SPELL,
          [{"do": [{"effect": "untap", "target": {"ref": 2}}, {"effect": "destroy", "target": "enemy"}]}],
          "$.abilities[0].do[0].target.ref", "2 does not name an earlier step", "only earlier ones"),
    _case("a reference to step 0", SPELL,
          [{"do": [{"effect": "destroy", "target": "enemy"}, {"effect": "untap", "target": {"ref": 0}}]}],
          "$.abilities[0].do[1].target.ref", "0 is not a step number", "counting from 1"),
    _case("a reference out of range", SPELL,
          [{"do": [{"effect": "destroy", "target": "enemy"}, {"effect": "untap", "target": {"ref": 5}}]}],
          "$.abilities[0].do[1].target.ref", "5 does not name an earlier step (step 1 comes before",
          "only earlier ones"),
    _case("a side misspelt", SPELL, [{"do": [{"effect": "destroy", "target": {"side": "enmy"}}]}],
          "$.abilities[0].do[0].target.side", "'enmy' is not a known side", "did you mean 'enemy'?",
          "own, enemy, any"),
    _case("a zone misspelt", SPELL,
          [{"do": [{"effect": "move", "to": "hand", "target": {"side": "own", "zone": "discrad"}}]}],
          "$.abilities[0].do[0].target.zone", "'discrad' is not a known zone", "did you mean 'discard'?",
          "play, hand, deck, discard"),
    _case("a way to choose misspelt", SPELL,
          [{"do": [{"effect": "destroy", "target": {"side": "enemy", "choose": "evry"}}]}],
          "$.abilities[0].do[0].target.choose", "'evry' is not a known way to choose", "did you mean 'every'?",
          "one, every, random"),
    _case("too many cards to choose", SPELL,
          [{"do": [{"effect": "destroy", "target": {"side": "enemy", "count": 10}}]}],
          "$.abilities[0].do[0].target.count", "10 is not a whole number from 1 to 9", "how many cards"),
    _case("a number of a card misspelt", SPELL,
          [{"do": [{"effect": "destroy", "target": "enemy"},
                   {"effect": "gain-life", "player": "owner", "ref": 1, "amount": {"stat": "atack", "ref": 1}}]}],
          "$.abilities[0].do[1].amount.stat", "'atack' is not a known number of a card", "did you mean 'attack'?",
          "cost, attack, defense"),
    # replacements and durations
    _case("a replacement of an event that cannot happen", MONSTER, [{"replace": {"on": "draws"}, "prevent": True}],
          "$.abilities[0].replace.on", "'draws' is not a known event a replacement can replace", "dies, loses-life"),
    _case("a replaced event misspelt", MONSTER, [{"replace": {"on": "die"}, "prevent": True}],
          "$.abilities[0].replace.on", "'die' is not a known event", "did you mean 'dies'?"),
    _case("less on an event without an amount", MONSTER, [{"replace": {"on": "dies"}, "less": 1}],
          "$.abilities[0].less", "'dies' has no amount to make smaller", "less goes with: loses-life"),
    _case("a duration on an instantaneous action", SPELL, [{"do": [{"effect": "draw", "amount": 1,
                                                                     "duration": "turn"}]}],
          "$.abilities[0].do[0].duration", "draw takes no duration", "it happens once", "player, amount"),
    _case("a duration misspelt", SPELL,
          [{"do": [{"effect": "boost", "target": "own", "amount": 1, "duration": "turns"}]}],
          "$.abilities[0].do[0].duration", "'turns' is not a known duration of boost", "did you mean 'turn'?",
          "turn, permanent"),
    # amounts, costs, limits
    _case("a counted amount over nothing", SPELL, [{"do": [{"effect": "draw", "amount": {"times": 2}}]}],
          "$.abilities[0].do[0].amount", "a counted amount needs 'count'", '"count": {"side": "own"'),
    _case("an amount beyond the limit", SPELL, [{"do": [{"effect": "draw", "amount": 100}]}],
          "$.abilities[0].do[0].amount", "100 is outside 0 … 99", "from 0 to 99"),
    _case("a negative amount", SPELL, [{"do": [{"effect": "draw", "amount": -1}]}], "$.abilities[0].do[0].amount",
          "-1 is outside 0 … 99", "from 0 to 99"),
    _case("an AF attack change beyond the game's limit", WALKER,
          [{"trigger": "played", "do": [{"effect": "modify", "target": "self", "attack": 21,
                                         "duration": "turn"}]}],
          "$.abilities[0].do[0].attack", "21 is outside -20 … 20"),
    _case("a cost the card type cannot pay", SPELL, [{"cost": {"tap": True}, "do": [DRAW]}],
          "$.abilities[0].cost.tap", "a spell cannot pay 'tap'", "tap is paid by: monster, artifact"),
    _case("a cost part misspelt", MONSTER, [{"cost": {"tapp": True}, "do": [DRAW]}], "$.abilities[0].cost.tapp",
          "'tapp' is not a known cost", "did you mean 'tap'?", "tap, food, sacrifice, discard"),
    _case("a food cost beyond the limit", MONSTER, [{"cost": {"food": 100}, "do": [DRAW]}],
          "$.abilities[0].cost.food", "100 is outside 1 … 99"),
    _case("a trigger and a cost on one ability", MONSTER, [{"trigger": "attacks", "cost": {"tap": True},
                                                            "do": [DRAW]}],
          "$.abilities[0]", "not trigger and cost", "split it into two abilities"),
    _case("one mode only", SPELL, [{"modes": [{"do": [DRAW]}]}], "$.abilities[0].modes",
          "at least two modes", "the player chooses one"),
    # per_turn, if, chooser, player
    _case("per_turn 0", MONSTER, [{"trigger": "attacks", "per_turn": 0, "do": [DRAW]}], "$.abilities[0].per_turn",
          "0 is not a whole number from 1 to 9", "use this only once each turn"),
    _case("per_turn as a word", MONSTER, [{"trigger": "attacks", "per_turn": "once", "do": [DRAW]}],
          "$.abilities[0].per_turn", "'once' is not a whole number from 1 to 9"),
    _case("per_turn on a spell's one-time effect", SPELL, [{"per_turn": 1, "do": [DRAW]}], "$.abilities[0].per_turn",
          "only a triggered or an activated ability", "add a trigger or a cost"),
    _case("if misspelt", SPELL, [{"do": [{**DRAW, "optional": True}, {**DRAW, "if": "don"}]}],
          "$.abilities[0].do[1].if", "'don' is not a condition of a step", "did you mean 'done'?"),
    _case("if you do without a may", SPELL, [{"do": [DRAW, {**DRAW, "if": "done"}]}], "$.abilities[0].do[1].if",
          "'if you do' needs an optional step before it", '"optional": true'),
    _case("if on a card with a misspelt filter", SPELL,
          [{"do": [{"effect": "destroy", "target": "enemy"}, {**DRAW, "if": {"ref": 1, "filter": {"tipe": "monster"}}}]}],
          "$.abilities[0].do[1].if.filter.tipe", "'tipe' is not a known card field", "did you mean 'type'?"),
    _case("a chooser misspelt", SPELL, [{"do": [{"effect": "destroy", "target": "enemy", "chooser": "oponent"}]}],
          "$.abilities[0].do[0].chooser", "'oponent' is not a known chooser", "did you mean 'opponent'?",
          "you, player, opponent"),
    _case("a chooser where nothing is chosen", SPELL, [{"do": [{**DRAW, "chooser": "opponent"}]}],
          "$.abilities[0].do[0].chooser", "this step makes no choice", "optional"),
    _case("a player misspelt", SPELL, [{"do": [{**DRAW, "player": "oponent"}]}], "$.abilities[0].do[0].player",
          "'oponent' is not a known player", "did you mean 'opponent'?", "you, opponent, each, owner, that-player"),
    _case("its owner where the step names no card", SPELL, [{"do": [{**DRAW, "player": "owner"}]}],
          "$.abilities[0].do[0].player", "'owner' is the owner of a card, and this step names none", '"ref"'),
    # conditions
    _case("a condition key misspelt", MONSTER, [{"condition": {"cont": {"side": "own"}}, **KEEP}],
          "$.abilities[0].condition.cont", "'cont' is not a known key of a condition", "did you mean 'count'?"),
    _case("a condition range that holds for no number", MONSTER,
          [{"condition": {"count": {"side": "own"}, "min": 3, "max": 1}, **KEEP}], "$.abilities[0].condition",
          "min 3 is above max 1", "no number could be in this range"),
    _case("an AF duel role misspelt", WALKER, [{"condition": {"duel_role": "attaker"},
                                                "static": [{"effect": "power", "amount": 2}]}],
          "$.abilities[0].condition.duel_role", "'attaker' is not a known duel_role", "did you mean 'attacker'?",
          "attacker, defender"),
    # keywords (the abilities of a card file's keyword)
    _case("a keyword that is not defined", MONSTER, {"keywords": ["cannot-blok"]}, "$.keywords[0]",
          "'cannot-blok' is not a defined keyword of obludarium", "did you mean 'cannot-block'?", "block-two"),
    _case("a keyword reference in the abilities, not defined", MONSTER, [{"keyword": "cannot-blok"}],
          "$.abilities[0].keyword", "'cannot-blok' is not a defined keyword", "did you mean 'cannot-block'?"),
    # warnings that --strict makes errors
    _case("rules text but no abilities (--strict)", {**SPELL, "text": "Draw two cards."}, None, "$.text",
          "the text says something ('Draw two cards.') but the card has no abilities", "write what the text says",
          strict=True),
    _case("a count of cards that are never in play (--strict)", SPELL,
          [{"do": [{"effect": "draw", "amount": {"count": {"side": "own", "filter": {"type": "spel"}}}}]}],
          "$.abilities[0].do[0].amount.count.filter.type", "'spel' is not a known type", "did you mean 'spell'?"),
    _case("a set of cards no card can match (--strict)", SPELL,
          [{"do": [{"effect": "draw", "amount": {"count": {"side": "own", "filter": {"type": "spell"}}}}]}],
          "$.abilities[0].do[0].amount.count.filter.type", "no spell is ever in play",
          "the types that stay in play: monster, artifact", "zone: one of play, hand, deck, discard", strict=True),
]


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    db = tmp_path / "cat.db"
    open_catalogue(db).close()
    return db


def _import(db: Path, path: Path, *extra: str):
    return CliRunner().invoke(app, ["--db", str(db), "import", "-o", "json", *extra, str(path)],
                              catch_exceptions=False)


def _snapshot(db: Path) -> tuple:
    with open_catalogue(db) as cat:
        cards = cat.conn.execute("SELECT count(*), group_concat(id) FROM cards").fetchone()
        keywords = cat.conn.execute("SELECT count(*) FROM keyword_definitions").fetchone()
    return (*cards, *keywords)


@pytest.mark.parametrize("card,abilities,path,message,hints,strict", CASES)
def test_a_malformed_ability_is_refused_where_it_is_with_the_allowed_values(
        catalogue, tmp_path, card, abilities, path, message, hints, strict):
    record = dict(card)
    if isinstance(abilities, dict):
        record.update(abilities)
    elif abilities is not None:
        record["abilities"] = abilities
    other = {**MONSTER, "id": "ob-good", "name": "Dobrý"}
    f = tmp_path / "cards.json"
    f.write_text(json.dumps([other, record], ensure_ascii=False, indent=1), encoding="utf-8")
    before = _snapshot(catalogue)
    r = _import(catalogue, f, *(["--strict"] if strict else []))
    assert r.exit_code == 1, r.stdout
    problems = json.loads(r.stdout)["problems"]
    found = [p for p in problems if p["path"] == path and message in p["message"]]
    assert found, problems
    p = found[0]
    assert (p["file"], p["record"]) == (str(f), 2)
    assert p["line"] is not None and p["line"] > 1  # the record's line in the file
    for hint in hints:
        assert hint in (p["hint"] or ""), (hint, p["hint"])
    assert _snapshot(catalogue) == before  # nothing written, not even the valid card


KEYWORD_FILES = [
    pytest.param({"keywords": {"swift": {"game": "obludarium", "abilities": [KEEP]}},
                  "cards": [{**MONSTER, "keywords": ["swfit"]}]},
                 "$.keywords[0]", 1, "'swfit' is not a defined keyword", ("did you mean 'swift'?", "cannot-block"),
                 id="a keyword not defined, with a near miss"),
    pytest.param({"keywords": {"a": {"game": "obludarium", "abilities": [{"keyword": "b"}]},
                               "b": {"game": "obludarium", "abilities": [{"keyword": "a"}]}},
                  "cards": [{**MONSTER, "keywords": ["a"]}]},
                 '$.keywords["a"].abilities[0].keyword', None, "refers to itself (a → b → a)",
                 ("remove the reference",), id="a keyword that refers to itself through another"),
    pytest.param({"keywords": {"a": {"game": "obludarium", "abilities": [{"keyword": "a"}]}},
                  "cards": [{**MONSTER, "keywords": ["a"]}]},
                 '$.keywords["a"].abilities[0].keyword', None, "refers to itself (a → a)",
                 ("remove the reference",), id="a keyword that refers to itself"),
    pytest.param({"keywords": {"tough": {"game": "alomfogo", "abilities": [{"static": [
        {"effect": "keyword", "keyword": "defend-while-resting"}]}]}}, "cards": [{**MONSTER, "keywords": ["tough"]}]},
                 "$.keywords[0]", 1, "'tough' is a keyword of alomfogo, not of obludarium",
                 ("obludarium keywords: ", "cannot-block"), id="a keyword of the wrong game"),
    pytest.param({"keywords": {"swift": {"game": "obludaruim", "abilities": [KEEP]}}},
                 '$.keywords["swift"].game', None, "'obludaruim' is not a game",
                 ("did you mean 'obludarium'?", "alomfogo"), id="a keyword's game misspelt"),
    pytest.param({"keywords": {"swift": {"game": "obludarium", "abilites": [KEEP]}}},
                 '$.keywords["swift"].abilites', None, "'abilites' is not a key of a keyword definition",
                 ("did you mean 'abilities'?", "game, text, abilities"), id="a definition key misspelt"),
    pytest.param({"keywords": {"swift": {"game": "obludarium", "abilities": [{"static": [
        {"effect": "keyword", "keyword": "cannot-blok"}]}]}}},
                 '$.keywords["swift"].abilities[0].static[0].keyword', None, "'cannot-blok' is not a known keyword",
                 ("did you mean 'cannot-block'?",), id="a keyword whose ability is malformed"),
    pytest.param({"keywords": {"cannot-block": {"game": "obludarium", "abilities": [KEEP]}}},
                 '$.keywords["cannot-block"]', None, "'cannot-block' is a built-in keyword of obludarium",
                 ("built-in keywords: cannot-block, block-two",), id="a built-in keyword defined again"),
    pytest.param({"keywords": {"swift": {"game": "obludarium", "abilities": [KEEP]}},
                  "cards": [{**SPELL, "keywords": ["swift"], "abilities": [{"do": [DRAW]}]}]},
                 "$.keywords[0]", 1, "keyword 'swift' (", ("keyword is for: monster",),
                 id="a keyword the card type cannot have"),
]


@pytest.mark.parametrize("content,path,record,message,hints", KEYWORD_FILES)
def test_a_malformed_keyword_is_refused_with_nothing_written(catalogue, tmp_path, content, path, record, message,
                                                             hints):
    f = tmp_path / "keywords.json"
    f.write_text(json.dumps(content, ensure_ascii=False, indent=1), encoding="utf-8")
    before = _snapshot(catalogue)
    r = _import(catalogue, f)
    assert r.exit_code == 1, r.stdout
    problems = json.loads(r.stdout)["problems"]
    found = [p for p in problems if p["path"] == path and message in p["message"]]
    assert found, problems
    assert (found[0]["file"], found[0]["record"]) == (str(f), record)
    assert found[0]["line"] is not None and found[0]["line"] > 1  # where the card or the definition starts
    for hint in hints:
        assert hint in (found[0]["hint"] or ""), (hint, found[0]["hint"])
    assert _snapshot(catalogue) == before


def test_a_keyword_defined_twice_differently_is_refused_in_the_second_file(catalogue, tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(json.dumps({"keywords": {"swift": {"game": "obludarium", "abilities": [KEEP]}}}), "utf-8")
    second.write_text(json.dumps({"keywords": {"swift": {"game": "obludarium", "text": "other",
                                                         "abilities": [KEEP]}}}), "utf-8")
    before = _snapshot(catalogue)
    r = CliRunner().invoke(app, ["--db", str(catalogue), "import", "-o", "json", str(first), str(second)])
    [p] = json.loads(r.stdout)["problems"]
    assert (r.exit_code, p["file"], p["path"]) == (1, str(second), '$.keywords["swift"]')
    assert "defined twice, differently (first in" in p["message"] and "'swift-2'" in p["hint"]
    assert _snapshot(catalogue) == before

