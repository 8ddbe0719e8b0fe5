"""A static evaluation of an Álomfogó position: how well a player stands, read from the state alone.

:func:`value` is a player's standing minus the best other player's (glory, active dreamwalkers with
their glory icons, VP and cards in hand); :func:`evaluate` squashes it into [0, 1] like a chance of
winning, for search. Nothing is played out, and no card is known by name: the terms are the zones
and the cards' printed numbers.
"""

from __future__ import annotations

from deckkit.engine.hidden import squash
from deckkit.games.alomfogo.zones import ACTIVE

#: The spread of :func:`evaluate`: a lead of this many points is a 3-to-1 position.
SCALE = 8.0


def _worth(state, i: int) -> float:
    seat = state.players[i]
    if not seat.alive:
        return -100.0
    walkers = sum(1 + perm.card.glory for perm in seat.table if perm.card.is_dreamwalker and perm.state == ACTIVE)
    return seat.glory + 1.5 * walkers + 0.3 * seat.vp + 0.4 * len(seat.hand)


def value(state, player: int) -> float:
    """``player``'s standing minus the best other player's (higher is better for ``player``)."""
    return _worth(state, player) - max(_worth(state, i) for i in range(len(state.players)) if i != player)


def evaluate(state, player: int) -> float:
    """How well ``player`` stands, in [0, 1]: 1 a won game, 0 a lost one, 0.5 a draw; between,
    :func:`value` squashed."""
    result = state.result
    if result is not None:
        return 1.0 if result == player else 0.0 if isinstance(result, int) else 0.5
    return squash(value(state, player), SCALE)
