"""Kotlík's symbol effects (KO-601, KO-610), registered with the engine's effect contract.

A card's ``symbols`` name them; the state dispatches the announced one through the registry with
``ctx.player`` the announcing player. They take no parameters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckkit.engine.effects import EffectContext, effect

if TYPE_CHECKING:
    from deckkit.games.kotlik.state import KotlikState

GAME = "kotlik"
PLAYER_NAMES = ("White", "Black")


@effect(GAME, "exploding-cauldron")
def exploding_cauldron(state: KotlikState, ctx: EffectContext, ability: Any) -> None:
    """The opponent returns their cauldron's top card to the supply deck, or to the box (KO-601, KO-602, KO-Q6)."""
    player = ctx.player
    opp = 1 - player
    card = state.cauldron[opp].pop()
    state._count_out(opp, card)
    if state.stock:
        from deckkit.games.kotlik.setup import return_to_stock

        return_to_stock(state, card)
        where = "shuffled into the supply deck" if state.game.returned == "shuffle" else "put under the supply deck"
    else:
        state.box.append(card)
        where = "put into the box (supply deck used up)"
    state._say(f"{PLAYER_NAMES[player]} announces the exploding cauldron: {PLAYER_NAMES[opp]}'s "
               f"{state.cs.names[card]} is {where}")


@effect(GAME, "hat-and-wand")
def hat_and_wand(state: KotlikState, ctx: EffectContext, ability: Any) -> None:
    """Announce one extra turn (KO-610); the turn itself follows the refill (KO-621)."""
    state._say(f"{PLAYER_NAMES[ctx.player]} announces the hat and wand: one extra turn")
