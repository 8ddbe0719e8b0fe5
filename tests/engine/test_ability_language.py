"""The ability language's checker, compiler and English, over a small vocabulary of this test's own."""

from __future__ import annotations

import jsonschema
import pytest

from deckkit.engine import abilities as lang
from deckkit.engine.ability_text import language_schema, render
from deckkit.engine.effects import REGISTRY, effect

G = "lang-test"
AMOUNT = {"type": "integer", "minimum": 0, "maximum": 99}


def _words() -> lang.Vocabulary:
    return lang.Vocabulary(
        game=G, card_types=("unit", "spell"), in_play_types=("unit",),
        fields={"type": lang.FilterField("type", "enum", ("unit", "spell")),
                "group": lang.FilterField("group", "set", ("beast", "flying")),
                "power": lang.FilterField("power", "int", phrase="with power {value}", after=True)},
        zones=("play", "hand", "deck"), zone_names={"hand": "hand", "deck": "deck"},
        events={"enters": lang.Event("enters", "the card enters play", "{subject} enters play", card_types=("unit",)),
                "dies": lang.Event("dies", "the card dies", "{subject} dies", card_types=("unit",)),
                "draw": lang.Event("draw", "a card is drawn", "{subject} is drawn"),
                "hurt": lang.Event("hurt", "damage is dealt", "{subject} deals damage", amount=True),
                "turn": lang.Event("turn", "a turn starts", "at the start of {whose} turn")},
        costs={"tap": lang.CostPart("tap", {"type": "boolean"}, ("unit",), "tap"),
               "gold": lang.CostPart("gold", {"type": "integer", "minimum": 1}, ("unit",), "pay {value} gold")},
        statics={"modify": lang.StaticKind("modify", {"power": AMOUNT}, "more power", "{cards} get +{power} power",
                                           cards=True, required=("power",)),
                 "keyword": lang.StaticKind("keyword", {"keyword": {"enum": ["cannot-block"]}}, "a keyword",
                                            "{name} cannot block", required=("keyword",))},
        conditions={"defending": lang.ConditionKind("defending", {"type": "boolean"}, "while defending",
                                                    "while it defends")},
        default_type="unit",
        upgrade=lambda d: {"do": [d]},
    )


@pytest.fixture(scope="module", autouse=True)
def vocabulary():
    REGISTRY.pop(G, None)
    effect(G, "draw", params={"amount": AMOUNT, "player": {}}, phrase="{player} draw{s} {cards}", emits=("draw",))(
        lambda s, c, a: None)
    effect(G, "pump", params={"amount": AMOUNT, "target": {"x-sides": ["own"]}, "duration": {}},
           required=("target",), phrase="{target} gets +{amount} power{duration}")(lambda s, c, a: None)
    effect(G, "zap", params={"amount": AMOUNT, "player": {}}, phrase="{player} lose{s} {amount} life")(
        lambda s, c, a: None)
    lang.register_vocabulary(G, _words)
    yield
    REGISTRY.pop(G, None)


def compiled(ability, card_type="unit"):
    out, problems = lang.compile_ability(G, ability, {"type": card_type, "name": "Card"})
    assert not problems, problems
    return out


def problems(ability, card_type="unit"):
    return lang.compile_ability(G, ability, {"type": card_type, "name": "Card"})[1]


def test_each_kind_compiles_and_reads_in_english():
    cases = [
        ({"trigger": "enters", "do": [{"effect": "draw", "amount": 1}]}, "When Card enters play, you draw a card."),
        ({"trigger": {"on": "dies", "who": "other", "side": "own"}, "do": [{"effect": "zap", "amount": 1,
                                                                            "player": "opponent"}]},
         "Whenever another unit of yours dies, your opponent loses 1 life."),
        ({"cost": {"tap": True, "gold": 1}, "do": [{"effect": "pump", "amount": 2, "target": "own",
                                                     "duration": "turn"}]},
         "Tap and pay 1 gold: one of your units gets +2 power this turn."),
        ({"static": [{"effect": "modify", "power": 1, "cards": {"side": "own", "other": True,
                                                                "filter": {"group": "beast"}}}]},
         "Your other beast units get +1 power."),
        ({"do": [{"effect": "zap", "amount": {"count": {"side": "own", "filter": {"group": "flying"}}},
                  "player": "opponent"}]},
         "Your opponent loses 1 life for each flying unit you have in play."),
        ({"trigger": {"on": "turn"}, "condition": {"count": {"side": "own", "zone": "hand"}, "max": 2},
          "do": [{"effect": "draw", "amount": 1}]},
         "At the start of your turn, if you have fewer than 3 units in your hand, you draw a card."),
        ({"modes": [{"do": [{"effect": "zap", "amount": 2, "player": "opponent"}]},
                    {"do": [{"effect": "draw", "amount": 1}]}]},
         "Choose one: your opponent loses 2 life; or you draw a card."),
        ({"trigger": "hurt", "do": [{"effect": "zap", "amount": {"from": "event"}, "player": "opponent"}]},
         "When Card deals damage, your opponent loses that much life."),
        ({"static": [{"effect": "keyword", "keyword": "cannot-block"}]}, "Card cannot block."),
        ({"do": [{"effect": "pump", "amount": 1, "target": {"side": "own", "filter": {"not": {"group": "flying"}}}},
                 {"effect": "draw", "amount": 2}]},
         "One of your units without flying gets +1 power, then you draw 2 cards."),
    ]
    for data, english in cases:
        assert render(G, compiled(data), "Card") == english


def test_the_flat_form_is_upgraded():
    ab = compiled({"effect": "draw", "amount": 2})
    assert ab.kind == "play" and ab.steps[0].effect == "draw" and ab.steps[0].amount.fixed == 2


def test_a_counted_amount_counts_through_the_game():
    ab = compiled({"do": [{"effect": "draw", "amount": {"count": "own", "times": 2, "plus": 1, "max": 6}}]})
    amount = ab.steps[0].amount
    assert amount.value(lambda c: 2) == 5 and amount.value(lambda c: 9) == 6


def test_filters_match_sets_ranges_and_negation():
    f = compiled({"do": [{"effect": "pump", "amount": 1, "target": {"side": "own", "filter": {
        "group": "beast", "power": {"min": 2}, "not": {"group": "flying"}}}}]}).steps[0].target.filter
    card = {"group": {"beast"}, "power": 3}
    assert f.matches(card.get)
    assert not f.matches({"group": {"beast", "flying"}, "power": 3}.get)
    assert not f.matches({"group": {"beast"}, "power": 1}.get)


BAD = [
    ({"trigger": "enterz", "do": [{"effect": "draw"}]}, "$.trigger.on", "did you mean 'enters'"),
    ({"do": [{"effect": "drew"}]}, "$.do[0].effect", "did you mean 'draw'"),
    ({"do": [{"effect": "draw", "amout": 1}]}, "$.do[0].amout", "did you mean 'amount'"),
    ({"do": [{"effect": "pump", "amount": 1, "target": {"side": "own", "filter": {"colour": "red"}}}]},
     "$.do[0].target.filter.colour", "group"),
    ({"do": [{"effect": "pump", "amount": 1, "target": "enemy"}]}, "$.do[0].target.side", "own"),
    ({"do": [{"effect": "draw", "amount": {"times": 2}}]}, "$.do[0].amount", "count"),
    ({"do": [{"effect": "draw", "amount": 1}, {"effect": "pump", "amount": 1}]}, "$.do[1]", "target"),
    ({"modes": []}, "$.modes", "two modes"),
    ({"modes": [{"do": [{"effect": "draw"}]}]}, "$.modes", "two modes"),
    ({"cost": {"tap": True}, "do": [{"effect": "draw"}]}, "$.cost", "not in play"),
    ({"cost": {"mana": 1}, "do": [{"effect": "draw"}]}, "$.cost.mana", "tap"),
    ({"do": [{"effect": "draw", "duration": "turn"}]}, "$.do[0].duration", "happens once"),
    ({"trigger": {"on": "draw", "who": "any"}, "do": [{"effect": "draw"}]}, "$.trigger", "for ever"),
    ({"trigger": "dies", "do": [{"effect": "zap", "amount": {"from": "event"}}]}, "$.do[0].amount.from",
     "damage"),
    ({"static": [{"effect": "modify"}]}, "$.static[0]", "power"),
    ({"static": [{"effect": "fly"}]}, "$.static[0].effect", "keyword"),
    ({"static": [{"effect": "keyword", "keyword": "cannot-blok"}]}, "$.static[0].keyword", "cannot-block"),
    ({"trigger": "enters", "cost": {"tap": True}, "do": [{"effect": "draw"}]}, "$", "split"),
    ({"do": [{"effect": "draw"}], "modes": [{"do": []}, {"do": []}]}, "$", "not both"),
    ({"text": "nothing"}, "$", "does nothing"),
    ({"do": [{"effect": "pump", "amount": 1, "target": "it"}]}, "$.do[0].target", "no trigger"),
    ({"condition": {"count": "own", "min": 3, "max": 1}, "do": [{"effect": "draw"}]}, "$.condition", "above max"),
    ({"condition": {"defendin": True}, "do": [{"effect": "draw"}]}, "$.condition.defendin", "defending"),
    ({"do": [{"effect": "draw", "player": "everyone"}]}, "$.do[0].player", "each"),
    ({"do": [{"effect": "pump", "amount": 1, "target": {"side": "own", "zone": "graveyard"}}]},
     "$.do[0].target.zone", "hand"),
    ({"condition": [], "do": [{"effect": "draw"}]}, "$.condition", "empty list"),
]


@pytest.mark.parametrize("ability, path, hint", BAD, ids=[str(i) for i in range(len(BAD))])
def test_an_ability_that_cannot_work_is_refused_with_its_path_and_a_hint(ability, path, hint):
    card_type = "spell" if "cost" in ability and path == "$.cost" else "unit"
    found = lang.compile_card(G, {"type": card_type, "name": "Card", "abilities": [ability]})[1]
    assert found, ability
    paths = [p.path for p in found]
    assert any(p.startswith(path.replace("$", "$.abilities[0]", 1)) for p in paths), paths
    assert any(hint in f"{p.message} {p.hint}" for p in found), [(p.message, p.hint) for p in found]


def test_the_generated_schema_accepts_the_language_and_refuses_typos():
    defs = language_schema(G, "t_")
    schema = {"$defs": defs, "$ref": "#/$defs/t_ability"}
    validator = jsonschema.Draft202012Validator(schema)
    good = {"trigger": {"on": "dies", "who": "other"}, "do": [{"effect": "pump", "amount": 1, "target": "own"}]}
    assert not list(validator.iter_errors(good))
    assert list(validator.iter_errors({"trigger": "dies", "do": [{"effect": "pump", "amout": 1, "target": "own"}]}))
    for name in ("t_filter", "t_target", "t_amount", "t_condition", "t_trigger", "t_cost", "t_step", "t_ability"):
        assert defs[name]["title"] and defs[name]["description"]


def test_the_words_effect_search_matches_come_from_every_construct():
    abilities = [
        {"effect": "boost", "amount": 1},
        {"trigger": {"on": "dies", "who": "other"}, "do": [{"effect": "zap"}, {"effect": "draw"}]},
        {"modes": [{"do": [{"effect": "zap"}]}, {"do": [{"effect": "pump"}]}]},
        {"static": [{"effect": "keyword", "keyword": "cannot-block"}, {"effect": "modify"}]},
        "not an ability", {"do": "not a list"},
    ]
    assert lang.ability_words(abilities) == ["boost", "dies", "zap", "draw", "pump", "keyword", "cannot-block",
                                             "modify"]
    assert lang.ability_words(None) == []


def test_a_list_of_conditions_needs_each_and_keeps_their_alternatives():
    """[{any: [A, B]}, C] holds when (A or B) and C; and all: is the same as a list."""
    hand = {"count": {"side": "own", "zone": "hand"}}
    deck = {"count": {"side": "own", "zone": "deck"}}
    for condition in ([{"any": [{**hand, "max": 0}, {**hand, "min": 5}]}, {**deck, "min": 1}],
                      {"all": [{"any": [{**hand, "max": 0}, {**hand, "min": 5}]}, {**deck, "min": 1}]}):
        cond = compiled({"condition": condition, "do": [{"effect": "draw"}]}).condition

        def holds(in_hand: int, in_deck: int, cond=cond) -> bool:
            return cond.holds(lambda c: in_hand if c.zone == "hand" else in_deck, lambda n, v: True)

        assert holds(0, 3) and holds(6, 1)
        assert not holds(2, 3) and not holds(0, 0)
