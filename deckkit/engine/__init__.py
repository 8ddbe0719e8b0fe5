"""Game-agnostic rules engine: games, states, actions, settings, effects and policies."""

from deckkit.engine.core import TERMINAL, Action, Game, SetupError, Setting, State, shuffled

__all__ = ["TERMINAL", "Action", "Game", "SetupError", "Setting", "State", "shuffled"]
