"""The effects registry: card ``abilities`` entries name effects registered here by the games.

A test keeps the names registered for each game equal to the names the card schema allows.
"""

from __future__ import annotations

from collections.abc import Callable

REGISTRY: dict[str, dict[str, Callable]] = {}


def effect(game: str, name: str) -> Callable[[Callable], Callable]:
    """Decorator: register ``fn`` as the handler of effect ``name`` in ``game``."""

    def register(fn: Callable) -> Callable:
        table = REGISTRY.setdefault(game, {})
        if name in table:
            raise ValueError(f"effect {name!r} registered twice for {game}")
        table[name] = fn
        return fn

    return register


def handler(game: str, name: str) -> Callable:
    """The handler of an effect; KeyError names the game and the effect."""
    try:
        return REGISTRY[game][name]
    except KeyError:
        raise KeyError(f"no effect {name!r} registered for {game}") from None


def names(game: str) -> set[str]:
    """Effect names registered for a game (import the game's package first)."""
    return set(REGISTRY.get(game, {}))


def effects_of(game: str) -> dict[str, Callable]:
    """The handlers registered for a game, by effect name (import the game's effects module first)."""
    return dict(REGISTRY.get(game, {}))
