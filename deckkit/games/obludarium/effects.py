"""Obludárium effect handlers, registered by name; card ``abilities`` entries name them.

Every handler is ``fn(state, player, ability, target)``: ``player`` played the instant, ``target``
is the chosen card in play (or None). Amounts last until the end of the turn.
"""

from __future__ import annotations

from deckkit.engine.effects import effect
from deckkit.games.obludarium.cards import MONSTER

GAME = "obludarium"


@effect(GAME, "boost")
def boost(state, player: int, ab, target) -> None:
    """Strengthen one's own monster: +amount attack, defence or both (OB-827, OB-831)."""
    if ab.stat in ("attack", "both"):
        target.atk += ab.amount
    if ab.stat in ("defense", "both"):
        target.dfn += ab.amount
    state.logging and state.log.append(f"{target.info.name} is now {target.atk}/{target.dfn}")


@effect(GAME, "weaken")
def weaken(state, player: int, ab, target) -> None:
    """Weaken an enemy monster; one left with no defence dies (OB-827, Glum's strangling)."""
    if ab.stat in ("attack", "both"):
        target.atk = max(0, target.atk - ab.amount)
    if ab.stat in ("defense", "both"):
        target.dfn = max(0, target.dfn - ab.amount)
    state.logging and state.log.append(f"{target.info.name} is now {target.atk}/{target.dfn}")
    if target.info.type == MONSTER and target.dfn <= 0:
        state.logging and state.log.append(f"{target.info.name} has no defence left and dies")
        state.to_discard(target)


@effect(GAME, "block")
def block(state, player: int, ab, target) -> None:
    """A blocking spell: the target's attack is blocked and does no damage (OB-813, OB-828)."""
    target.sblock = True
    state.logging and state.log.append(f"{target.info.name}'s attack is blocked")


@effect(GAME, "destroy")
def destroy(state, player: int, ab, target) -> None:
    """Destroy a card in play: it goes to its owner's discard pile (OB-319, OB-346, OB-408)."""
    state.logging and state.log.append(f"{target.info.name} is destroyed")
    state.to_discard(target)


@effect(GAME, "hit")
def hit(state, player: int, ab, target) -> None:
    """The opponent loses ``amount`` life (OB-108)."""
    state.lose_life(1 - player, ab.amount, "spell")


@effect(GAME, "heal")
def heal(state, player: int, ab, target) -> None:
    """The player gains ``amount`` life."""
    state.life[player] += ab.amount
    state.logging and state.log.append(f"p{player + 1} gains {ab.amount} life: {state.life[player]}")


@effect(GAME, "draw")
def draw(state, player: int, ab, target) -> None:
    """The player draws ``amount`` cards (an empty deck loses, OB-109)."""
    state.draw(player, max(1, ab.amount))


@effect(GAME, "recall")
def recall(state, player: int, ab, target) -> None:
    """The monster most recently put into the player's discard pile returns to hand (OB-409)."""
    pile = state.discards[player]
    for i in range(len(pile) - 1, -1, -1):
        if pile[i].type == MONSTER:
            card = pile.pop(i)
            state.hands[player].append(card)
            state.logging and state.log.append(f"{card.name} returns to p{player + 1}'s hand")
            return
    state.logging and state.log.append("no monster in the discard pile to return")
