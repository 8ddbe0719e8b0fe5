"""Tally's effects and the words of its ability language (a charm may draw, or grow the tally)."""

from __future__ import annotations

from deckkit.engine import abilities as lang
from deckkit.engine.effects import effect

G = "tally"
_AMOUNT = {"type": "integer", "minimum": 0, "maximum": 99, "description": "How much."}


@effect(G, "draw", params={"amount": _AMOUNT}, phrase="{player} draw{s} {cards}", emits=("draw",))
def draw(state, ctx, step) -> None:
    """Draw cards (TL-401: an empty deck draws nothing)."""
    state.draw(ctx.player, step.amount.value(lambda c: state.count(ctx.player, c)))


@effect(G, "grow", params={"amount": _AMOUNT}, required=("amount",), phrase="{player} add{s} {amount} to the tally")
def grow(state, ctx, step) -> None:
    """Add to the tally (TL-402), which may win at once (TL-501)."""
    state.add(ctx.player, step.amount.value(lambda c: state.count(ctx.player, c)))


lang.register_vocabulary(G, lambda: lang.Vocabulary(
    game=G, card_types=("number", "charm"), in_play_types=(),
    fields={"type": lang.FilterField("type", "enum", ("number", "charm")),
            "value": lang.FilterField("value", "int", phrase="of value {value}", after=True)},
    zones=("hand", "deck"), zone_names={"hand": "hand", "deck": "deck"},
    events={}, costs={}, statics={}, default_type="card", nouns={"number": "number card"},
    play_zone=""))
