"""Tally's one spec (light: importing it loads no rules)."""

from __future__ import annotations

from pathlib import Path

from deckkit.engine.opening import HandProcedure
from deckkit.engine.registry import GameSpec

HERE = Path(__file__).parent

PROCEDURE = HandProcedure(
    game="tally", hand_size=4, mulligan="bottom", first_turn_draw=True, rules="TL-301", title="Tally",
    deck_hint="add cards to the deck (Tally needs at least 12, TL-201)", shuffle_rule="TL-301",
    mulligan_words="each rejected hand goes to the bottom; mulligan while the keep rule fails, at most "
                   "{mulligans} time(s), then keep (TL-301)",
    draw_words="every player draws at the start of each turn (TL-401)", beyond_rule="TL-301",
    variant_hint="Tally's mulligan is fixed (TL-301)", arrangements={},
)

SPEC = GameSpec(
    name="tally",
    title="Tally",
    aliases=("tl",),
    rules_prefix="TL",
    card_types=("number", "charm"),
    card_schema={"properties": {"value": {"title": "value", "description": "What the card adds (TL-402).",
                                          "type": "integer", "minimum": 1, "maximum": 5}},
                 "allOf": [{"if": {"properties": {"type": {"const": "number"}}, "required": ["type"]},
                            "then": {"required": ["value"]}}]},
    game_class="tally.game:TallyGame",
    effects="tally.effects",
    opening=PROCEDURE,
    records="win-by-turn",
    action_kinds=("play", "pass"),
    show_header="value",
    docs="tally",
    formats=str(HERE / "formats"),
)
