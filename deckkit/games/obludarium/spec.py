"""Obludárium's entry in the game registry: the one spec the rest of deckkit reads (light: no rules imported)."""

from __future__ import annotations

from deckkit.engine.registry import GameSpec, SearchFlag
from deckkit.games.obludarium.opening import PROCEDURE

# The game's branch of the card schema (abilities come from the registered effects).
CARD_SCHEMA: dict = {'properties': {'type': {'description': 'Obludárium card types: food, monster, artifact, spell.'},
                'cost': {'$ref': '#/$defs/cost'},
                'attack': {'$ref': '#/$defs/power'},
                'defense': {'$ref': '#/$defs/power'},
                'groups': {'title': 'monster groups',
                           'description': 'Groups such as flying, male, female, nocturnal, beast (OB-328).',
                           'type': 'array',
                           'uniqueItems': True,
                           'maxItems': 10,
                           'items': {'type': 'string', 'pattern': '^[a-z][a-z-]{0,30}$'}},
                'blocking': {'title': 'blocking spell',
                             'description': 'A blocking spell, castable only in the block step (OB-355).',
                             'type': 'boolean'}},
 'allOf': [{'if': {'properties': {'type': {'const': 'monster'}}, 'required': ['type']},
            'then': {'required': ['cost', 'attack', 'defense']}},
           {'if': {'properties': {'type': {'enum': ['artifact', 'spell']}}, 'required': ['type']},
            'then': {'required': ['cost'],
                     'not': {'anyOf': [{'required': ['attack']}, {'required': ['defense']}]}}},
           {'if': {'properties': {'type': {'const': 'food'}}, 'required': ['type']},
            'then': {'not': {'anyOf': [{'required': ['attack']}, {'required': ['defense']}]}}}]}

_PKG = __name__.rsplit(".", 1)[0]

SPEC = GameSpec(
    name="obludarium",
    title="Obludárium",
    aliases=("ob",),
    rules_prefix="OB",
    card_types=("food", "monster", "artifact", "spell"),
    card_schema=CARD_SCHEMA,
    game_class=f"{_PKG}.game:ObludariumGame",
    effects=f"{_PKG}.effects",
    opening=PROCEDURE,
    records="win-by-turn",
    action_kinds=("play", "cast", "use", "attack", "block", "discard", "pass", "choose"),
    search_flags={"blocking": SearchFlag("blocking", "true", "Obludárium blocking spell (OB-355)")},
    keywords=("flying", "male", "female", "nocturnal", "beast"),  # monster groups, OB-328
    deck_stats=f"{_PKG}.deckstats:deck_stats",
    render_stats=f"{_PKG}.deckstats:render_stats",
    check_card=f"{_PKG}.effects:check_card",
    docs=_PKG,
    layout=f"{_PKG}:layout.json",
    match=f"{_PKG}.hidden:MATCH",
    screen=f"{_PKG}.screen:SCREEN",
    script_template=dict(title="Obludárium", library='["Chleba", "Glum"]', hand='["Buřty", "Kubišta"]',
                         table='["Chleba", "Medděd"]', do='["play Buřty", "play Kubišta", "pass"]',
                         phases='"main" or "attack" start there directly'),
)
