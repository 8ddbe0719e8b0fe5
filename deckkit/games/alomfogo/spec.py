"""Álomfogó's entry in the game registry: the one spec the rest of deckkit reads (light: no rules imported)."""

from __future__ import annotations

from deckkit.engine.registry import GameSpec, SearchFlag
from deckkit.games.alomfogo.opening import PROCEDURE

# The game's branch of the card schema (abilities come from the registered effects).
CARD_SCHEMA: dict = {'properties': {'type': {'description': 'Álomfogó card types.'},
                'cost': {'$ref': '#/$defs/cost'},
                'attack': {'$ref': '#/$defs/power'},
                'defense': {'$ref': '#/$defs/power'},
                'glory': {'title': 'glory icon',
                          'description': "The number in a glorious dreamwalker's star (AF-807).",
                          'type': 'integer',
                          'minimum': 0,
                          'maximum': 9},
                'subtypes': {'title': 'subtypes',
                             'description': 'Subtypes such as bűvforrás (magic source) or ellenvarázs '
                                            "(counterspell), or a dreamwalker's Yurt.",
                             'type': 'array',
                             'uniqueItems': True,
                             'maxItems': 5,
                             'items': {'type': 'string', 'minLength': 1, 'maxLength': 40}},
                'helper': {'title': 'helper ability mark',
                           'description': '(P) rest, (S) damage or (Á) sacrifice cost of the helper ability '
                                          '(AF-380 – AF-382).',
                           'enum': ['P', 'S', 'Á']},
                'rarity': {'title': 'rarity',
                           'description': 'bronze (common), silver (uncommon), gold (rare), green (unique).',
                           'enum': ['bronze', 'silver', 'gold', 'green']}},
 'required': ['cost'],
 'allOf': [{'if': {'properties': {'type': {'const': 'dreamwalker'}}, 'required': ['type']},
            'then': {'required': ['attack', 'defense']},
            'else': {'not': {'anyOf': [{'required': ['attack']},
                                       {'required': ['defense']},
                                       {'required': ['glory']}]}}}]}

_PKG = __name__.rsplit(".", 1)[0]

SPEC = GameSpec(
    name="alomfogo",
    title="Álomfogó",
    aliases=("af",),
    rules_prefix="AF",
    card_types=("dreamwalker", "dream-creature", "event", "instant", "general-spell"),
    card_schema=CARD_SCHEMA,
    game_class=f"{_PKG}.game:AlomfogoGame",
    effects=f"{_PKG}.effects",
    opening=PROCEDURE,
    records="win-by-turn",
    action_kinds=("play", "cycle", "draw", "no draw", "challenge with", "defend with", "no defence", "helper",
                  "no helper", "assist", "cast", "counter", "no counter", "pass"),
    search_flags={
        "glorious": SearchFlag("glory", "integer", "Álomfogó card with a glory icon of 1 or more (AF-313)", minimum=1),
        "helper": SearchFlag("helper", "text", "Álomfogó card with a helper ability mark (P), (S) or (Á) (AF-309, AF-380)"),
    },
    deck_stats=f"{_PKG}.deckstats:deck_stats",
    render_stats=f"{_PKG}.deckstats:render_stats",
    check_card=f"{_PKG}.effects:check_card",
    docs=_PKG,
    layout=f"{_PKG}:layout.json",
    match=f"{_PKG}.hidden:MATCH",
    screen=f"{_PKG}.screen:SCREEN",
    script_template=dict(setup='''[setup]
start = "p1"          # who takes the turn
phase = "phase4"      # start there directly: phase3 (playing cards) or phase4 (challenges)
turn = 3              # the starting player may not challenge in the game's first turn (AF-516)

[setup.p1]
table = ["Garabonc Döme", "lidércfény"]   # cards in play, states in brackets: "lidércfény (resting)"
hand = []
# library = [...]     # top card first; deck = "data/decks/alomfogo-casual.deck" shuffles a deck

[setup.p2]
table = ["Ködlátó Berta"]
library = ["Athame"]
''', steps='''[[step]]
note = "AF-703: p1 challenges; the defender answers (AF-704)"
illegal = [{action = "p2: challenge with Ködlátó Berta"}]   # p2 is not to act: a challenge is p1's
do = ["challenge with Garabonc Döme", "p2: defend with Ködlátó Berta"]
[step.expect]
"phase" = "helper"
"p1.table" = {length = 2, contains = "Garabonc Döme"}

[[step]]
do = ["helper lidércfény", "assist lidércfény", "pass", "pass"]   # lidércfény (S): +5
expect = {"p2.cage" = ["Ködlátó Berta"], "p1.glory" = {">=" = 15}}
'''),
)
