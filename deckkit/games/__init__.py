"""The built-in games: one package each, registering its :class:`deckkit.engine.registry.GameSpec`.

Importing a game package is light (its spec only); the rules engine loads when a game is played.
Everything outside this package asks :mod:`deckkit.engine.registry`.
"""

from __future__ import annotations

#: The packages of the built-in games, in the order ``deckkit games`` lists them.
BUILTIN = ("obludarium", "alomfogo", "kotlik")


def resolve_game(name: str) -> str:
    """Canonical game name for a name or alias; UsageError otherwise (see :func:`deckkit.engine.registry.resolve`)."""
    from deckkit.engine.registry import resolve

    return resolve(name)
