"""The English of every bundled and every example Álomfogó card, and abilities that cannot work refused
with their JSON path and a hint (the checker of the ability language with Álomfogó's words, AF-380 –
AF-386, AF-341, AF-385, AF-605, AF-703, AF-757)."""

from __future__ import annotations

import json

import pytest

from deckkit.engine.abilities import compile_card
from deckkit.engine.ability_text import render_card
from deckkit.games.alomfogo import effects  # noqa: F401  (registers the effects and the vocabulary)
from deckkit.paths import data_dir

BUNDLED = json.loads((data_dir() / "cards" / "alomfogo.json").read_text(encoding="utf-8"))
EXAMPLES = json.loads((data_dir() / "cards" / "examples" / "af-designer.json").read_text(encoding="utf-8"))

BOOST = "+{} to your duelist's magic power."
ENGLISH = {
    "Jégszem Soyana": "(P) rest this card: " + BOOST.format(1),
    "búbos manó": "(S) damage this card: " + BOOST.format(4),
    "hóförgeteg": BOOST.format(4),
    "lángdárda": BOOST.format(3),
    "Athame": "You gain 5 VP.",
    "Ébredés Ajtaja": "Each turn you may play one dreamwalker costing at most 4 VP for free.",
    "Álomrengés": "Every resting dream creature or dreamwalker goes to its owner's spell cage.",
    "Hódfarok néne": "(P) rest this card and discard a card: " + BOOST.format(5),
    "Csendharang": "Sacrifice Csendharang when an opponent plays a spell: that spell has no effect and goes to the "
                   "spell cage.",
    "Dobos Tarkó": "(P) rest this card: " + BOOST.format(1),
    "Vajákos Imre": "(P) rest this card: " + BOOST.format(2),
    "Tündérszárnyú Lilla": "(P) rest this card: " + BOOST.format(2),
    "Pálcás Vilmos": "(P) rest this card: " + BOOST.format(1),
    "kőkobold": "(P) rest this card: " + BOOST.format(2),
    "lidércfény": "(S) damage this card: " + BOOST.format(5),
    "mohos törpe": "(P) rest this card: " + BOOST.format(1),
    "tükörmacska": "(Á) sacrifice this card: " + BOOST.format(7),
    "álomszövő pók": "(P) rest this card: -2 to the opposing duelist's magic power.",
    "holdnyúl": "(P) rest this card and pay 1 VP: " + BOOST.format(4),
    "Holdkút": "You receive 1 more VP in phase 1.",
    "Sámándob": "Your dreamwalkers fighting as the attacker get +1 magic power.",
    "Varázskút": "You gain 2 VP.",
    "Álomfonal": "You draw 2 cards.",
    "Hajnalcsillag": "Each of your dream creatures or dreamwalkers turns active.",
    "Szélvész": "Every enemy event goes to its owner's spell cage.",
    "Altatódal": "An enemy active dream creature or dreamwalker turns resting.",
    "Dicsőség Dala": "You gain 2 glory points.",
    "tűzgolyó": "-3 to the opposing duelist's magic power.",
    "jégpajzs": BOOST.format(2),
    "villámcsapás": BOOST.format(6),
    "ködfátyol": "-2 to the opposing duelist's magic power.",
    "árnyékháló": BOOST.format(5),
    # data/cards/examples/af-designer.json (AF-D1 … AF-D16 and a modal card)
    "Álomőr": "Álomőr has +2 magic power while it is the defender.",
    "Hajnali pacsirta": "When Hajnali pacsirta is played, you gain 1 VP.",
    "Ködlovag": "(P) rest this card: if the opposing duelist is glorious, " + BOOST.format(3),
    "Rémálom": "Every enemy active dream creature becomes damaged.",
    "Csillagpor": "+1 to your duelist's magic power for each event you have in play.",
    "Varázsló tanonc": "In your phase 1, if you have no cards in your hand, you draw a card.",
    "Lélekhívás": "One of your dream creatures or dreamwalkers from your spell cage goes to its owner's hand.",
    "Holdfény szentély": "Your dream creatures cost 1 VP less (never below 0).",
    "Éjféli harang": "Whenever a dreamwalker fighting as the attacker of yours wins a duel, you gain 1 VP.",
    "Tükörpajzs": "The instant your opponent has just played in this duel has no effect.",
    "Dühöngő óriás": "After each duel it fights, Dühöngő óriás becomes damaged instead of resting.",
    "Álomtolvaj": "(Á) sacrifice this card: an enemy card at random from your opponent's hand goes to its owner's "
                  "spell cage.",
    "Bűvös tükör": "You look at the top 3 cards of your deck and put them back in any order.",
    "Zuhatag": "Every card from a player's hand goes to its owner's spell cage, then each player draws 5 cards.",
    "Varázstörő": "The opposing helper's ability has no effect in this duel.",
    "Pajzsos Benő": "Pajzsos Benő may defend while resting.",
    "Kétélű varázs": "Choose one: one of your dreamwalkers gets +2 attack power this turn; or you draw a card.",
    # AF-D17 … AF-D32
    "Árnyéktolvaj": "(S) damage this card: your opponent loses 1 VP (never below 0).",
    "Tükörlovag": "When Tükörlovag loses a duel, if it is the defender, every dreamwalker fighting as the attacker "
                  "becomes damaged.",
    "Ködkapu": "At the end of your turn, you may put one of your cards from your hand on the bottom of its owner's "
               "deck; if you do, you draw a card.",
    "Virrasztó": "When Virrasztó is played, an enemy active dreamwalker turns resting.",
    "Hajnali csillag": "Whenever a dreamwalker of yours wins a duel, you gain 1 glory point. Use this only once each "
                       "turn.",
    "Álomszövő": "The first instant you play each turn costs 1 VP less (never below 0).",
    "Éjfattyú": "(P) rest this card: +1 to your duelist's magic power for each card in your hand.",
    "Lidércláp": "In each player's phase 1, that player loses 1 glory point.",
    "Kőszív": "If Kőszív would become damaged, that card turns resting instead.",
    "Varázsforrás": "Your general spells cost 1 VP less for each event you have in play (never below 0).",
    "Hamis álom": "The top card of your opponent's deck goes to its owner's spell cage; if it is a dreamwalker, +2 "
                  "to your duelist's magic power.",
    "Álomhozó": "A dreamwalker goes to its owner's hand, then its owner gains 1 VP.",
    "Tolvajkirály": "When Tolvajkirály wins a duel, if it is the attacker, you take control of an enemy dream "
                    "creature permanently.",
    "Visszhang": "You use the ability of one of your dream creatures from your spell cage as if it were Visszhang's.",
    "Kettős árny": "If Kettős árny would rest after a duel it wins, it does not happen.",
    "Zuhanás": "Each opponent chooses one of their active dreamwalkers; it becomes damaged.",
}


@pytest.mark.parametrize("card", [c for c in BUNDLED + EXAMPLES if c.get("abilities")], ids=lambda c: c["id"])
def test_af_every_ability_reads_in_english(card):
    """`deckkit card NAME` shows these lines: the rendering of every bundled and example card is pinned."""
    assert render_card("alomfogo", card) == [ENGLISH[card["name"]]]


def test_af_the_english_covers_every_card_with_abilities():
    assert {c["name"] for c in BUNDLED + EXAMPLES if c.get("abilities")} == set(ENGLISH)


WALKER = {"type": "dreamwalker", "cost": 2, "attack": 2, "defense": 2}
CREATURE = {"type": "dream-creature", "cost": 1}
EVENT = {"type": "event", "cost": 2}
INSTANT = {"type": "instant", "cost": 1}
SPELL = {"type": "general-spell", "cost": 2}
BOOST1 = [{"effect": "boost", "amount": 1}]
ENEMY_CREATURE = {"side": "enemy", "filter": {"type": "dream-creature"}}

BAD = [
    ("a mark cost a general spell cannot pay", SPELL, {"cost": {"rest": True}, "do": BOOST1},
     "$.abilities[0].cost", "costs are for: dreamwalker"),
    ("a VP cost on an instant", INSTANT, {"cost": {"vp": 1}, "do": BOOST1}, "$.abilities[0].cost", "pays its card's cost"),
    ("a filter on a field the game lacks", SPELL,
     {"do": [{"effect": "set-state", "state": "resting", "target": {"side": "enemy", "filter": {"groups": "beast"}}}]},
     "$.abilities[0].do[0].target.filter.groups", "glory"),
    ("a trigger a card type cannot have", INSTANT, {"trigger": "enters", "do": BOOST1}, "$.abilities[0].trigger.on",
     "enters triggers are for: dreamwalker"),
    ("a duration on an instant effect", SPELL, {"do": [{"effect": "gain-vp", "amount": 1, "duration": "turn"}]},
     "$.abilities[0].do[0].duration", "it happens once"),
    ("a loop: a draw that sets itself off", EVENT, {"trigger": "draw", "do": [{"effect": "draw", "amount": 1}]},
     "$.abilities[0].trigger", "trigger on another event"),
    ("a misspelt trigger", EVENT, {"trigger": "dueel-won", "do": [{"effect": "gain-vp", "amount": 1}]},
     "$.abilities[0].trigger.on", "did you mean 'duel-won'"),
    ("a helper ability without a mark", WALKER, {"do": BOOST1}, "$.abilities[0]", "(AF-380 – AF-383)"),
    ("two marks", {**WALKER, "helper": "P"}, {"cost": {"rest": True, "damage": True}, "do": BOOST1},
     "$.abilities[0].cost", "choose one"),
    ("a mark the card does not show", {**CREATURE, "helper": "S"}, {"cost": {"rest": True}, "do": BOOST1},
     "$.abilities[0].cost", "agree"),
    ("an event that does something once", EVENT, {"do": [{"effect": "gain-vp", "amount": 1}]}, "$.abilities[0]",
     "AF-341"),
    ("a limit per turn on a spell, which is used once anyway", INSTANT, {"trigger": "played", "per_turn": 1,
                                                                          "do": BOOST1},
     "$.abilities[0].per_turn", "AF-D21"),
    ("a counted cost change over a zone the game lacks", EVENT, {"static": [
        {"effect": "cost", "amount": {"count": {"side": "own", "zone": "graveyard"}}, "cards": {"side": "own"}}]},
     "$.abilities[0].static[0].amount.count.zone", "cage"),
    ("a misspelt keyword", WALKER, {"static": [{"effect": "keyword", "keyword": "defend-while-restin"}]},
     "$.abilities[0].static[0].keyword", "did you mean 'defend-while-resting'"),
    ("a keyword of dreamwalkers on a dream creature", CREATURE,
     {"static": [{"effect": "keyword", "keyword": "defend-while-resting"}]}, "$.abilities[0].static[0].effect",
     "keyword is for: dreamwalker"),
    ("a replacement of the duel result on an event", EVENT, {"static": [{"effect": "after-duel", "state": "damaged"}]},
     "$.abilities[0].static[0].effect", "after-duel is for: dreamwalker"),
    ("a counted amount over nothing", INSTANT, {"do": [{"effect": "boost", "amount": {"times": 2}}]},
     "$.abilities[0].do[0].amount", "count"),
    ("a sequence whose second target is missing", SPELL, {"do": [{"effect": "draw", "amount": 1},
                                                                 {"effect": "to-hand"}]},
     "$.abilities[0].do[1]", "target"),
    ("a modal card without modes", SPELL, {"modes": []}, "$.abilities[0].modes", "two modes"),
    ("a duel role that is none", WALKER, {"static": [{"effect": "power", "amount": 1,
                                                      "condition": {"duel_role": "healer"}}]},
     "$.abilities[0].static[0].condition.duel_role", "defender"),
    ("a zone the game lacks", SPELL, {"do": [{"effect": "to-hand", "target": {"side": "own", "zone": "graveyard"}}]},
     "$.abilities[0].do[0].target.zone", "cage"),
    ("a state a card cannot have", SPELL, {"do": [{"effect": "set-state", "state": "sleeping",
                                                   "target": ENEMY_CREATURE}]},
     "$.abilities[0].do[0].state", "resting"),
    ("a filter value the field lacks", SPELL, {"do": [{"effect": "set-state", "state": "resting", "target": {
        "side": "enemy", "filter": {"state": "tapped"}}}]}, "$.abilities[0].do[0].target.filter.state", "active"),
    ("an event amount where the event has none", CREATURE, {"trigger": "played", "do": [
        {"effect": "gain-vp", "amount": {"from": "event"}}]}, "$.abilities[0].do[0].amount.from", "damage"),
    ("a continuous ability on a general spell", SPELL, {"static": [{"effect": "power", "amount": 1}]},
     "$.abilities[0]", "AF-361"),
    ("a second ability on an instant", INSTANT, [{"do": BOOST1}, {"do": BOOST1}], "$.abilities[1]",
     "first ability's do"),
    ("a power change with no change", SPELL, {"do": [{"effect": "modify", "target": {"side": "own"}}]},
     "$.abilities[0].do[0]", "attack"),
    ("a cost reduction on a spell", SPELL, {"static": [{"effect": "cost", "amount": 1, "cards": "own"}]},
     "$.abilities[0].static[0].effect", "cost is for: dreamwalker"),
]


@pytest.mark.parametrize("label, base, ability, path, hint", BAD, ids=[b[0] for b in BAD])
def test_af_an_ability_that_cannot_work_is_refused_with_its_path_and_a_hint(label, base, ability, path, hint):
    card = {"id": "af-bad", "game": "alomfogo", "name": "Rossz lap", **base,
            "abilities": ability if isinstance(ability, list) else [ability]}
    problems = compile_card("alomfogo", card)[1]
    assert problems, label
    found = [p for p in problems if p.path == path]
    assert found, [(p.path, p.message) for p in problems]
    assert any(hint in f"{p.message} {p.hint}" for p in found), [(p.message, p.hint) for p in found]


def test_af_a_refused_ability_names_the_file_the_record_and_the_path(tmp_path):
    """`deckkit import` refuses the card file with file, record, JSON path and hint; nothing is written."""
    from typer.testing import CliRunner

    from deckkit.cli import app

    bad = {"id": "af-bad", "game": "alomfogo", "name": "Rossz lap", **SPELL,
           "abilities": [{"cost": {"rest": True}, "do": BOOST1}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([EXAMPLES[0], bad], ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "cat.db"), "import", str(path)])
    assert result.exit_code != 0
    assert "bad.json" in result.stderr and "record 2" in result.stderr
    assert "$.abilities[0].cost" in result.stderr and "hint:" in result.stderr
    assert "Traceback" not in result.stderr
