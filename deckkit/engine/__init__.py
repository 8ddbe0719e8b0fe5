"""Game-agnostic rules engine: games, states, actions, settings, effects and policies.

The names below load :mod:`deckkit.engine.core` on first use, not when the package is imported:
the registry (``deckkit.engine.registry``) lives here too, and listing the games, a search's
``game:`` term or ``deckkit --help`` must not import a rules engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckkit.engine.core import TERMINAL, Action, Game, SetupError, Setting, State, shuffled

__all__ = ["TERMINAL", "Action", "Game", "SetupError", "Setting", "State", "shuffled"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from deckkit.engine import core

    value = getattr(core, name)
    globals()[name] = value  # later look-ups skip this function
    return value
