"""The designer cards OB-D1 … OB-D48 as data (data/cards/examples/ob-designer.json): each imports, has a
script pinning it (tests/obludarium/scripts/designer/, the card inline), reads in plain English; the
English of every bundled card; Obludárium abilities that cannot work are refused with a path and a
hint; and a loop of triggers the checker cannot see is capped at MAX_TRIGGER_DEPTH."""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path

import pytest

from deckkit.engine.abilities import MAX_TRIGGER_DEPTH, compile_card
from deckkit.engine.ability_text import render_card
from deckkit.games.obludarium import ObludariumGame
from deckkit.games.obludarium import effects as _effects  # noqa: F401  (registers the words and effects)
from deckkit.games.obludarium.cards import bundled_cards
from deckkit.paths import data_dir

EXAMPLES = data_dir() / "cards" / "examples"
DESIGNER = json.loads((EXAMPLES / "ob-designer.json").read_text(encoding="utf-8"))
SCRIPTS = Path(__file__).parent / "scripts" / "designer"

ENGLISH = {
    'ob-jelva-evilen': 'Block the attack of an enemy unblocked monster.',
    'ob-kubista': 'Sacrifice this card: one of your unblocked monsters gets +2 attack this turn.',
    'ob-medded': 'Pay 1 food: if it is unblocked, Medděd gets +1 attack this turn.',
    'ob-glum': 'Tap: an enemy monster gets −2 defence this turn (a monster left with no defence dies).',
    'ob-vsakovacka': 'Tap: an enemy attacking monster gets −2 attack this turn.',
    'ob-babina': 'Tap: one of your monsters gets +1 attack and defence this turn.',
    'ob-jezibaba': 'Tap and pay 1 food: you draw a card.',
    'ob-bazilisek': 'Tap: an enemy monster gets −3 defence this turn (a monster left with no defence dies).',
    'ob-kouzelna-hulka': 'Tap: one of your monsters gets +1 attack this turn.',
    'ob-stit-z-kury': 'Tap: one of your monsters gets +2 defence this turn.',
    'ob-past-na-medvedy': 'Sacrifice this card: destroy an enemy attacking beast monster.',
    'ob-lekarnicka': 'Sacrifice this card: you gain 3 life.',
    'ob-kotlik-s-polevkou': 'Tap and pay 2 food: return the monster most recently put into your discard pile to your hand.',
    'ob-mlzna-stena': 'Block the attack of an enemy unblocked monster.',
    'ob-sila-medveda': 'One of your monsters gets +2 attack this turn.',
    'ob-kamenna-kuze': 'One of your monsters gets +3 defence this turn.',
    'ob-vitr-pod-kridla': 'One of your flying monsters gets +3 attack this turn.',
    'ob-nocni-lov': 'One of your nocturnal monsters gets +2 attack and defence this turn.',
    'ob-oslabeni': 'An enemy monster gets −2 attack this turn.',
    'ob-blesk': 'Your opponent loses 3 life.',
    'ob-ohniva-koule': 'Destroy an enemy monster.',
    'ob-rozbiti': 'Destroy an enemy artifact.',
    'ob-hladomor': 'Destroy an enemy food.',
    'ob-hojiva-mast': 'You gain 4 life.',
    'ob-moudrost-kmene': 'You draw 2 cards.',
    'ob-navrat-z-tabora': 'Return the monster most recently put into your discard pile to your hand.',
    'ob-d1-strazny-pes': 'When Strážný pes enters play, you draw a card.',
    'ob-d2-nocni-mura': 'Noční můra can be blocked only by nocturnal monsters.',
    'ob-d3-vudce-smecky': 'Your other beast monsters get +1 attack.',
    'ob-d4-hrobnik': 'Whenever another monster of yours dies, you gain 1 life.',
    'ob-d5-korenar': 'Tap: untap one of your tapped food.',
    'ob-d6-zlobivy-skret': 'When Zlobivý skřet dies, your opponent loses 2 life.',
    'ob-d7-ohnivy-drak': 'When Ohnivý drak attacks, your opponent loses 1 life for each flying monster you have in play.',
    'ob-d8-carovny-kotel': 'At the start of your turn, if you have fewer than 3 cards in your hand, you draw a card.',
    'ob-d9-zelezna-klec': "Tap and pay 1 food: an enemy monster cannot attack during its owner's next turn.",
    'ob-d10-lektvar-sily': 'One of your monsters gets +2 attack this turn, then another of your monsters gets +2 defence this turn.',
    'ob-d11-zemetreseni': 'Every monster without flying gets −2 defence this turn (a monster left with no defence dies).',
    'ob-d12-vymena': "Return one of your monsters to its owner's hand, then you draw a card.",
    'ob-d13-hostina': 'You gain 1 life for each food you have in play.',
    'ob-d14-privolani': 'Search your deck for a food card, put it into play tapped, then shuffle your deck.',
    'ob-d15-prokleti': 'An enemy monster gets −1 attack and defence permanently (a monster left with no defence dies).',
    'ob-d16-obetni-oltar': 'Sacrifice one of your monsters: you draw 2 cards.',
    'ob-d17-horska-obluda': 'Horská obluda costs 1 food less (never below 0) if you have a beast monster in play.',
    'ob-d18-stitonos': 'Štítonoš can block two attacks each turn.',
    'ob-d19-kouzelne-zrcadlo': "Sacrifice this card: a spell your opponent is casting has no effect and goes to its owner's discard pile.",
    'ob-d20-vampyr': 'When Vampýr deals damage to a player, you gain that much life.',
    'ob-d21-jedovaty-had': 'A monster that fights Jedovatý had dies after the fight, whatever its defence.',
    'ob-d22-mlhovina': 'Choose one: an enemy monster gets −2 attack this turn; or you draw a card.',
    'ob-d23-sberac': 'Tap and discard a card: you draw a card.',
    'ob-d24-bes': 'Běs cannot block.',
    'ob-d26-mrazivy-dech': "Tap an enemy monster, then it does not untap during its owner's next turn.",
    'ob-d32-vichr': 'Vichr can attack in the turn it is summoned.',
    'ob-d48-ostrazity-strazce': 'Ostražitý strážce can attack in the turn it is summoned. Ostražitý strážce does not tap '
                                'when it attacks.',
    'ob-d33-nocni-hlidka': 'At the end of your turn, untap each of your monsters.',
    'ob-d34-kuchar': 'The first of your monsters you summon each turn costs 1 food less (never below 0).',
    'ob-d35-zvon': 'Whenever you cast a spell, you draw a card. Use this only once each turn.',
    'ob-d36-ochranny-amulet': 'If you would lose life from an unblocked monster, it is 1 less (never below 0).',
    'ob-d37-fenix': "If Fénix would die, put that card into its owner's deck, then that deck is shuffled instead.",
    'ob-d40-smecka': 'Smečka gets +1 attack for each other beast monster you have in play.',
    'ob-d41-obri-had': 'Obří had costs 1 food less for each monster your opponent has in play (never below 0).',
    'ob-d46-lovkyne': 'Whenever your opponent casts a spell, Lovkyně gets +1 attack permanently.',
    'ob-d47-zlaty-dul': 'You may lay out 1 more food in each of your turns.',
    'ob-d25-krvavy-oltar': 'At the start of your turn, you lose 1 life, then you draw a card.',
    'ob-d27-bludicka': 'When Bludné světlo enters play, you may return one of your monsters from your discard pile to your hand.',
    'ob-d28-kamenik': 'When Kameník enters play, destroy an artifact.',
    'ob-d29-zapomneni': "Put an enemy monster on the bottom of its owner's deck.",
    'ob-d30-vestkyne': 'Tap: look at the top 2 cards of your deck; put any number of them on the bottom of that deck and the rest back on top in any order.',
    'ob-d31-svudkyne': 'Tap and pay 2 food: take control of an enemy monster with cost 2 or less permanently.',
    'ob-d38-kat': 'Destroy an enemy monster, then its owner gains X life, where X is its attack.',
    'ob-d39-druhy-dech': 'Untap one of your monsters, then it gets +2 attack this turn.',
    'ob-d42-mimik': "Tap: use the special property of another monster as if it were Mimik's.",
    'ob-d43-morovy-mrak': 'Each player loses 3 life.',
    'ob-d44-zebrak': 'When Žebrák dies, your opponent draws a card.',
    'ob-d45-obchodnik': 'Tap: each player discards a card of their own choice.',
    'ob-my-ohnivy-dest': 'Your opponent loses 4 life.',
    'ob-my-strazny-pes': 'Tap and pay 1 food: you draw a card.',
}


def test_every_designer_card_has_one_script_citing_its_number_with_the_card_inline():
    """OB-D1 … OB-D48: one script each (the number in its title and rules), the card the example file's."""
    numbers = [int(re.match(r"ob-d(\d+)-", c["id"]).group(1)) for c in DESIGNER]
    assert numbers == sorted(set(numbers)), "the example file lists each number once, in order"
    by_number = {f"OB-D{n}": card for n, card in zip(numbers, DESIGNER)}
    found = {}
    for path in sorted(SCRIPTS.glob("*.deckkit.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        number = re.match(r"(OB-D\d+):", data["title"]).group(1)
        assert number in data["rules"], path.name
        inline = {k: v for k, v in data["card"][0].items()}
        assert inline == {k: v for k, v in by_number[number].items() if k != "game"}, path.name
        found[number] = path.name
    assert sorted(found) == sorted(by_number)


def test_the_example_file_imports_cleanly(tmp_path):
    from typer.testing import CliRunner

    from deckkit.cli import app

    result = CliRunner().invoke(app, ["--db", str(tmp_path / "c.db"), "import", str(EXAMPLES / "ob-designer.json")])
    assert result.exit_code == 0, result.output
    assert f"{len(DESIGNER)} added" in result.output


@pytest.mark.parametrize("card", [c for c in [*bundled_cards(), *DESIGNER,
                                              *json.loads((EXAMPLES / "my-first-cards.json").read_text("utf-8"))]
                                  if c.get("abilities")], ids=lambda c: c["id"])
def test_every_bundled_and_example_card_reads_in_english(card):
    assert " ".join(render_card("obludarium", card)) == ENGLISH[card["id"]]


MONSTER = {"id": "ob-t", "game": "obludarium", "name": "Zkouška", "type": "monster", "cost": 1, "attack": 1,
           "defense": 1}
SPELL = {"id": "ob-t", "game": "obludarium", "name": "Zkouška", "type": "spell", "cost": 1}
FOOD = {"id": "ob-t", "game": "obludarium", "name": "Zkouška", "type": "food"}
DRAW = {"effect": "draw", "amount": 1}
FOODS = {"side": "own", "zone": "deck", "filter": {"type": "food"}}

# (card, ability, JSON path, words of the message or hint)
BAD = [
    ("a cost a spell cannot pay", SPELL, {"cost": {"tap": True}, "do": [DRAW]}, "$.abilities[0].cost",
     "a spell pays its card's cost"),
    ("a filter on a field the game lacks", SPELL,
     {"do": [{"effect": "destroy", "target": {"side": "enemy", "filter": {"colour": "red"}}}]},
     "$.abilities[0].do[0].target.filter.colour", "group"),
    ("a trigger a food cannot have", FOOD, {"trigger": "dies", "do": [DRAW]}, "$.abilities[0].trigger.on",
     "dies triggers are for: monster, artifact"),
    ("a trigger a spell cannot have", SPELL, {"trigger": "enters", "do": [DRAW]}, "$.abilities[0].trigger.on",
     "enters triggers are for"),
    ("a loop of triggers", MONSTER, {"trigger": {"on": "enters", "who": "any"},
                                     "do": [{"effect": "search", "target": FOODS, "to": "play"}]},
     "$.abilities[0].trigger", "for ever"),
    ("a misspelt trigger", MONSTER, {"trigger": "enter", "do": [DRAW]}, "$.abilities[0].trigger.on",
     "did you mean 'enters'"),
    ("a misspelt keyword", MONSTER, {"static": [{"effect": "keyword", "keyword": "cannot-blok"}]},
     "$.abilities[0].static[0].keyword", "did you mean 'cannot-block'"),
    ("a keyword on a spell", SPELL, {"static": [{"effect": "keyword", "keyword": "cannot-block"}]},
     "$.abilities[0].static[0].effect", "keyword is for: monster"),
    ("a counted amount over nothing", SPELL, {"do": [{"effect": "heal", "amount": {"times": 2}}]},
     "$.abilities[0].do[0].amount", "count"),
    ("a modal card with one mode", SPELL, {"modes": [{"do": [DRAW]}]}, "$.abilities[0].modes", "two modes"),
    ("a duration on an effect that happens once", SPELL, {"do": [{**DRAW, "duration": "turn"}]},
     "$.abilities[0].do[0].duration", "happens once"),
    ("a restriction with no duration", SPELL,
     {"do": [{"effect": "grant", "keyword": "cannot-attack", "target": "enemy"}]}, "$.abilities[0].do[0]",
     "grant needs 'duration'"),
    ("a search in play", SPELL, {"do": [{"effect": "search", "target": {"side": "own", "filter": {"type": "food"}}}]},
     "$.abilities[0].do[0].target.zone", "deck"),
    ("a sacrifice of a misspelt side", MONSTER, {"cost": {"sacrifice": {"side": "onw"}}, "do": [DRAW]},
     "$.abilities[0].cost.sacrifice.side", "did you mean 'own'"),
    ("a discard of no cards", MONSTER, {"cost": {"tap": True, "discard": 0}, "do": [DRAW]},
     "$.abilities[0].cost.discard", "0 is outside 1 … 9"),
    ("'it' with no trigger", SPELL, {"do": [{"effect": "destroy", "target": "it"}]}, "$.abilities[0].do[0].target",
     "no trigger"),
    ("a misspelt state", SPELL, {"do": [{"effect": "block", "target": {"side": "enemy", "filter": {
        "state": "unblockd"}}}]}, "$.abilities[0].do[0].target.filter.state", "did you mean 'unblocked'"),
    ("the event's amount of an event with none", MONSTER, {"trigger": "dies", "do": [{"effect": "heal", "amount": {
        "from": "event"}}]}, "$.abilities[0].do[0].amount.from", "damage"),
    ("a food with an ability", FOOD, {"do": [DRAW]}, "$.abilities", "on a monster or an artifact"),
    ("evasion with no set", MONSTER, {"static": [{"effect": "blocked-only-by"}]}, "$.abilities[0].static[0]",
     "needs 'cards'"),
    ("a cost change of nothing", MONSTER, {"static": [{"effect": "cost", "less": 0}]},
     "$.abilities[0].static[0].less", "outside 1 … 99"),
    ("an ally target for a weakening", SPELL, {"do": [{"effect": "weaken", "amount": 1, "target": "own"}]},
     "$.abilities[0].do[0].target.side", "enemy, any"),
]


@pytest.mark.parametrize("card, ability, path, words", [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_an_obludarium_ability_that_cannot_work_is_refused_with_path_and_hint(card, ability, path, words):
    problems = compile_card("obludarium", {**card, "abilities": [ability]})[1]
    assert problems, ability
    at = [p for p in problems if p.path == path]
    assert at, [(p.path, p.message) for p in problems]
    assert any(p.hint for p in at), at  # every refusal here says what would work
    assert any(words in f"{p.message} {p.hint}" for p in at), [(p.message, p.hint) for p in at]


def test_two_abilities_that_use_plays_are_refused():
    card = {**MONSTER, "abilities": [{"cost": {"tap": True}, "do": [DRAW]}, {"cost": {"food": 1}, "do": [DRAW]}]}
    problems = compile_card("obludarium", card)[1]
    assert [p.path for p in problems] == ["$.abilities[1]"] and "merge them" in problems[0].hint


def test_a_loop_the_checker_cannot_see_is_capped_with_a_log_line():
    """Two events feed each other through another card of yours entering play (who: other): the
    checker lets it through, the engine stops the chain at MAX_TRIGGER_DEPTH and the game goes on."""
    seeder = {**MONSTER, "id": "ob-t-seeder", "name": "Semenáč", "abilities": [
        {"trigger": {"on": "enters", "who": "other", "side": "own"},
         "do": [{"effect": "search", "target": FOODS, "to": "play"}]}]}
    assert not compile_card("obludarium", seeder)[1]
    game = ObludariumGame([*bundled_cards(), seeder])
    state = game.from_setup({"start": "p1", "phase": "main",
                             "p1": {"library": ["Chleba"] * 40, "hand": ["Buřty"], "table": ["Semenáč"]},
                             "p2": {"library": ["Chleba"] * 3}}, random.Random(1))
    state.apply("play Buřty")
    capped = [line for line in state.log if f"stop at {MAX_TRIGGER_DEPTH}" in line]
    assert len(capped) == 1, state.log[-5:]
    assert sum(perm.info.name == "Chleba" for perm in state.tables[0]) == MAX_TRIGGER_DEPTH
    assert state.trigger_depth == 0 and state.legal_actions()


def test_a_cost_change_never_goes_below_zero():
    """OB-D17: a reduction larger than the cost leaves 0, never a refund."""
    cheap = {**MONSTER, "id": "ob-t-cheap", "name": "Levný", "cost": 1,
             "abilities": [{"static": [{"effect": "cost", "less": 3}]}]}
    game = ObludariumGame([*bundled_cards(), cheap])
    state = game.from_setup({"start": "p1", "phase": "main", "p1": {"library": ["Chleba"] * 3, "hand": ["Levný"]},
                             "p2": {"library": ["Chleba"] * 3}}, random.Random(1))
    assert state.cost_of(0, game.card_named("Levný")) == 0
    state.apply("play Levný")
    assert [p.info.name for p in state.tables[0]] == ["Levný"]


def test_clones_of_designer_positions_evolve_alike():
    """A state with continuous effects, grants and a stack clones into an equal, independent copy."""
    game = ObludariumGame([*bundled_cards(), *DESIGNER])
    state = game.from_setup({"start": "p1", "phase": "main",
                             "p1": {"library": ["Chleba"] * 5, "hand": ["Blesk"],
                                    "table": ["Chleba", "Buřty", "Železná klec", "Chleba", "Vůdce smečky", "Bahňák"]},
                             "p2": {"library": ["Chleba"] * 5, "table": ["Vlkodlak", "Kouzelné zrcadlo"]}},
                            random.Random(3))
    state.apply("use Železná klec on Vlkodlak")
    state.apply("pass")
    state.apply("cast Blesk")
    twin = state.clone()
    assert twin == state
    state.apply("use Kouzelné zrcadlo")
    state.apply("pass")
    assert state.life[1] == 20 and twin.life[1] == 20 and twin.stack and not state.stack
    twin.apply("pass")
    assert twin.life[1] == 17


DESIGNER_DECKS = ("ob-designer.deck", "ob-designer-2.deck", "ob-designer-3.deck")


@pytest.mark.parametrize("deck_file", DESIGNER_DECKS)
def test_every_designer_ability_is_used_by_the_greedy_pilot(deck_file):
    """Issue 12 item 5, issue 23 item 6: on a designer deck, greedy against greedy, each designer card of
    the deck has its ability used (casts, uses, triggers, replacements, and continuous effects that
    changed a fight, a block, a cost, an untap step or the food laid out)."""
    from deckkit.decks.io import load_deck
    from deckkit.games.obludarium.goldfish import ability_uses

    game = ObludariumGame([*bundled_cards(), *DESIGNER])
    deck = load_deck(EXAMPLES / deck_file)
    cards = [game.cards[game.card_named(e.name).id] for e in deck.entries for _ in range(e.count)]
    assert len(cards) == 60
    # 45 games: Štítonoš's second block (it can block two attacks) comes up in about one game in 45
    uses = ability_uses(game, cards, 45, seed=1)
    mine = {c["name"] for c in DESIGNER} & {c["name"] for c in cards if c["id"].startswith("ob-d")}
    assert mine and mine <= set(uses), sorted(mine - set(uses))


def test_every_designer_card_is_in_a_designer_deck():
    """Issue 23 item 6: every designer card is played by the test above, in one of the designer decks."""
    from deckkit.decks.io import load_deck

    game = ObludariumGame([*bundled_cards(), *DESIGNER])
    held = {game.card_named(e.name).id for f in DESIGNER_DECKS for e in load_deck(EXAMPLES / f).entries}
    assert {c["id"] for c in DESIGNER} <= held, sorted({c["id"] for c in DESIGNER} - held)


def test_the_goldfish_trace_counts_the_abilities_used():
    game = ObludariumGame([*bundled_cards(), *DESIGNER])
    deck = [game.cards[game.card_named(n).id] for n in ["Chleba"] * 12 + ["ob-d1-strazny-pes"] * 12]
    trace: list[str] = []
    record = game.play_goldfish(deck, random.Random(2), trace=trace)
    assert record.used["Strážný pes"] >= 1
    assert trace[-2].startswith("abilities used by p1: ") and "Strážný pes" in trace[-2]
