"""A static evaluation of a Kotlík position: the score difference so far (KO-800), read from the state.

:func:`value` is ``player``'s score minus the other's; :func:`evaluate` squashes it into [0, 1] like a
chance of winning, for search; a finished game is its result.
"""

from __future__ import annotations

from deckkit.engine.hidden import squash
from deckkit.games.kotlik.state import OVER

#: The spread of :func:`evaluate`: a lead of this many points is a 3-to-1 position.
SCALE = 8.0


def value(state, player: int) -> float:
    """``player``'s score minus the other's (KO-800)."""
    return state.score(player) - state.score(1 - player)


def evaluate(state, player: int) -> float:
    """How well ``player`` stands, in [0, 1]: 1 a won game, 0 a lost one, 0.5 a draw; between,
    :func:`value` squashed."""
    if state.phase == OVER:
        won = state.winners()
        return 0.5 if not won else 1.0 if won[0] == player else 0.0
    return squash(value(state, player), SCALE)
