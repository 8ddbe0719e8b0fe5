"""Kotlík's entry in the game registry: the one spec the rest of deckkit reads (light: no rules imported)."""

from __future__ import annotations

from deckkit.engine.opening import LayoutProcedure
from deckkit.engine.registry import GameSpec

# The game's branch of the card schema (abilities come from the registered effects).
CARD_SCHEMA: dict = {'properties': {'type': {'description': 'Kotlík card types.'},
                'ingredient': {'title': 'ingredient',
                               'description': 'Which of the 14 ingredients the card shows.',
                               'type': 'string',
                               'minLength': 1,
                               'maxLength': 40},
                'number': {'title': 'number',
                           'description': 'The printed number 1–4: movement and scoring value (KO-111, '
                                          'KO-Q1).',
                           'type': 'integer',
                           'minimum': 1,
                           'maximum': 4},
                'label': {'title': 'label colour',
                          'description': 'white, black, green, grey, brown, blue or yellow (KO-112).',
                          'enum': ['white', 'black', 'green', 'grey', 'brown', 'blue', 'yellow']},
                'symbols': {'title': 'symbols',
                            'description': 'exploding-cauldron (KO-601) and/or hat-and-wand (KO-610).',
                            'type': 'array',
                            'uniqueItems': True,
                            'items': {'enum': ['exploding-cauldron', 'hat-and-wand']}},
                'stone': {'title': 'stone mark',
                          'description': 'On a corner card: the stone colour marked on it (KO-116), or null.',
                          'enum': ['white', 'black', None]},
                'requires': {'title': 'recipe ingredients',
                             'description': 'On a recipe card: the ingredients it asks for.',
                             'type': 'array',
                             'minItems': 1,
                             'maxItems': 14,
                             'items': {'type': 'string', 'minLength': 1, 'maxLength': 40}},
                'bonus': {'title': 'recipe bonus',
                          'description': 'On a recipe card: the extra points for completing it (KO-810, '
                                         'KO-Q11).',
                          'type': 'integer',
                          'minimum': 0,
                          'maximum': 100}},
 'allOf': [{'if': {'properties': {'type': {'const': 'ingredient'}}, 'required': ['type']},
            'then': {'required': ['ingredient', 'number', 'label']}},
           {'if': {'properties': {'type': {'const': 'recipe'}}, 'required': ['type']},
            'then': {'required': ['requires']}}]}

_PKG = __name__.rsplit(".", 1)[0]

# KO-301 – KO-310: the opening is the board layout, dealt by the one deal of games/kotlik/setup.py.
OPENING = LayoutProcedure(
    game="kotlik", title="Kotlík", rules="KO-301 – KO-310",
    deal=f"{_PKG}.setup:deal_layout", to_json=f"{_PKG}.setup:layout_json", to_text=f"{_PKG}.setup:layout_text",
    tally=f"{_PKG}.setup:layout_tally", summary_text=f"{_PKG}.setup:summary_text", summary_key="mean_returned",
    pool_type="ingredient", face_up=32, place="board",
    no_hands="Kotlík has no hands: its opening is the board layout (KO-301 – KO-309)",
    no_hands_hint="`deckkit hand DECK` on a Kotlík deck shows the board and the first cauldron cards",
    assumption="the 32 board cards are a uniform draw from the shuffled ingredient cards (KO-301, KO-302)",
    too_small_hint="a Kotlík deck holds the 56 ingredient cards (KO-104)",
)

SPEC = GameSpec(
    name="kotlik",
    title="Čarodějnický kotlík",
    aliases=("ko",),
    rules_prefix="KO",
    card_types=("ingredient", "corner", "recipe"),
    card_schema=CARD_SCHEMA,
    game_class=f"{_PKG}.game:KotlikGame",
    effects=f"{_PKG}.effects",
    opening=OPENING,
    keywords=tuple(CARD_SCHEMA["properties"]["symbols"]["items"]["enum"]),  # KO-601, KO-610
    records="scoring",
    action_kinds=("take", "explode", "no explode", "extra turn", "no extra turn", "keep last", "discard last",
                  "move clockwise", "move anticlockwise"),
    deck_stats=f"{_PKG}.deckstats:deck_stats",
    render_stats=f"{_PKG}.deckstats:render_stats",
    show_header="number",
    no_collection="Čarodějnický kotlík is played with one shared set of cards: there is nothing to collect (KO-104)",
    docs=_PKG,
    layout=f"{_PKG}:layout.json",
    match=f"{_PKG}.hidden:MATCH",
    screen=f"{_PKG}.screen:SCREEN",
    script_template=dict(setup='''[setup]               # the board: a few cells placed, the rest dealt with the seed
stock = ["Jitrocel 1"]      # the whole supply deck, top first
[setup.cells]
r3c3 = "Síra 4"             # column c3, beside P2 and P13

[setup.p1]                  # White: cauldron bottom first, top last; stone on track space 0-19
cauldron = ["Kapradí 2"]
stone = 0

[setup.p2]                  # Black's stone starts at P10
cauldron = ["Pavučina 2"]
''', steps='''[[step]]
note = "White moves 2 (Kapradí 2) to P2 and takes from column c3 (KO-402, KO-501)"
illegal = [{action = "p2: take Síra 4", rule = "KO-401"}]   # Black waits for its turn
do = ["p1: take Síra 4"]
[step.expect]
"p1.cauldron" = ["Kapradí 2", "Síra 4"]
"stock" = {length = 0}      # the refill used the last supply card (KO-505)
"active" = "p2"
'''),
)
