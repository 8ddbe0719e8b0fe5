"""A game people play against an AI (or each other) one action at a time: undo, views, and saving as a script.

The session starts the game as a script with ``[setup] opening = true`` does (the game's own
opening procedure, every hand kept, chance from ``random.Random(seed)``), so the actions taken
so far, written out by :meth:`Session.script`, replay to the same position under
``deckkit script run``. Undo replays the game from the start without the last person's action.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deckkit.engine.core import TERMINAL, Action, State
from deckkit.match.ai import PilotSpec, make_ai
from deckkit.match.game import support_of


class Session:
    """One game in progress: which seats people hold, the AI of the others, and every action so far."""

    def __init__(self, game_name: str, decks: Sequence[Any], humans: set[int], pilot: PilotSpec, seed: int = 0,
                 settings: dict[str, Any] | None = None, actions: Sequence[str] = ()) -> None:
        from deckkit.sim.runner import build_game

        self.game_name, self.decks, self.humans, self.pilot, self.seed = game_name, list(decks), humans, pilot, seed
        self.settings = dict(settings or {})
        cards = {c["id"]: c for d in self.decks for c in d.cards}
        self.game = build_game(game_name, list(cards.values()), self.settings)
        self.support = support_of(game_name)
        problem = self.support.pairing_problem([d.cards for d in self.decks])
        if problem:
            from deckkit.errors import UsageError

            raise UsageError(problem, hint="leave out --vs, or give the same deck")
        self.ai = make_ai(pilot, self.support, self.game)
        self.ai_rng = random.Random(f"{seed}:ai")
        self.actions: list[str] = []  # canonical strings with the player: "p2: block Glum with Medděd"
        self.keeps = 0
        self.state = self._replay(list(actions))

    @classmethod
    def resume(cls, game_name: str, decks: Sequence[Any], humans: set[int], pilot: PilotSpec, seed: int,
               settings: dict[str, Any] | None, actions: Sequence[str]) -> Session:
        """A saved game played on: the opening and ``actions`` (``pN: action`` each, as :meth:`script` writes
        them) replayed once (DataError naming the first action that does not replay)."""
        return cls(game_name, decks, humans, pilot, seed, settings, actions)

    def _replay(self, actions: list[str]) -> State:
        from deckkit.scripts.opening import Opening

        opening = Opening.of_game(self.game, [list(d.cards) for d in self.decks], lambda: random.Random(self.seed))
        keeps = 0
        while opening.asking:
            opening.apply("keep")
            keeps += 1
        self.keeps = keeps
        state = opening.done
        for number, text in enumerate(actions, 1):
            state.apply(_own_action(state, number, text))
        self.actions = list(actions)
        return state

    # -- playing -----------------------------------------------------------------------------------
    def to_act(self) -> int:
        """Whose decision it is (``TERMINAL`` when the game is over)."""
        return self.state.current_player()

    def human_turn(self) -> bool:
        """Whether a person decides now."""
        return self.to_act() in self.humans

    def apply(self, action: Action | str) -> Action:
        """Apply a person's (or the AI's) action; IllegalAction, with the reason and the legal moves, otherwise."""
        player = self.to_act()
        done = self.state.apply(action)
        self.actions.append(f"p{player + 1}: {done}")
        return done

    def ai_move(self) -> tuple[Action, str | None]:
        """Let the AI decide for the seat to act and apply its action; (action, reason)."""
        action, reason = self.ai.decide(self.state, self.ai_rng, True)
        self.apply(action)
        return action, reason

    def undo(self) -> int:
        """Take back the last person's action and every AI action after it; how many actions went (0: none)."""
        cut = next((i for i in range(len(self.actions) - 1, -1, -1) if self._player_of(i) in self.humans), None)
        if cut is None:
            return 0
        gone = len(self.actions) - cut
        self.state = self._replay(self.actions[:cut])
        return gone

    def _player_of(self, index: int) -> int | None:
        """The player of action ``index`` (``pN: action``), read as scripts and saved games read it."""
        from deckkit.scripts.runner import named_player, split_actor

        parts = split_actor(self.actions[index])
        return named_player(parts[0], self.state.num_players()) if parts else None

    def result_text(self) -> str:
        """The outcome of a finished game in words."""
        won = self.state.winners()
        return "a draw" if not won else " and ".join(f"p{w + 1}" for w in won) + " won"

    # -- saving --------------------------------------------------------------------------------------
    def script(self) -> str:
        """The game so far as a ``*.deckkit.toml`` script that replays it and checks the position reached."""
        lines = ["# Saved by deckkit play: `deckkit script run FILE` replays the game to this position.",
                 f"game = {_toml(self.game_name)}",
                 f"title = {_toml(f'deckkit play, saved after {len(self.actions)} actions')}",
                 f"seed = {self.seed}"]
        if self.settings:
            lines.append("[settings]")
            lines += [f"{k} = {_toml(v)}" for k, v in self.settings.items()]
        lines += ["", "[setup]", "opening = true"]
        for i, deck in enumerate(self.decks):  # the cards themselves: no path of this machine in the file
            lines += [f"[setup.p{i + 1}]", f"# {json.dumps(Path(deck.label).name, ensure_ascii=False)}",
                      f"deck = {_toml([c['id'] for c in deck.cards])}"]
        steps = ["keep"] * self.keeps + self.actions
        lines += ["", "[[step]]", "do = [" + ", ".join(_toml(s) for s in steps) + "]",
                  "allow_pending = true", "[step.expect]"]
        for path, value in _expectations(self.state.snapshot()):
            lines.append(f"{_toml(path)} = {_toml(value)}")
        return "\n".join(lines) + "\n"

    def save(self, path: str) -> None:
        """Write :meth:`script` to ``path`` (FileWriteError with the reason when it cannot be written)."""
        from deckkit.fileio import atomic_open

        text = self.script()
        with atomic_open(path, "w") as fh:
            fh.write(text)


def _own_action(state: State, number: int, text: str) -> str:
    """The action of a saved ``pN: action`` entry, checked as a script's is: the prefix names the player to act
    (DataError naming the entry otherwise: a save edited by hand must not play one side's move for the other)."""
    from deckkit.errors import DataError
    from deckkit.scripts.runner import named_player, out_of_turn, split_actor

    parts = split_actor(text)
    count = state.num_players()
    player = named_player(parts[0], count) if parts else None
    if parts is None or player is None:
        names = " or ".join(f"p{i + 1}" for i in range(count))
        raise DataError(f"action {number}, {text!r}, names no player of this {count}-player game",
                        hint=f"write the player as {names}, e.g. 'p1: pass'")
    refused = out_of_turn(state, player, parts[1])
    if refused is not None:
        message, rule = refused
        cited = f" ({rule})" if rule and rule not in message else ""
        raise DataError(f"action {number}, {text!r}: {message}{cited}",
                        hint=f"p{state.current_player() + 1} is to act there")
    return parts[1]


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)  # a TOML basic string uses JSON's escapes


def _expectations(snapshot: dict, prefix: str = "") -> list[tuple[str, Any]]:
    """Dotted paths and values of the snapshot a script can check: numbers, words and lists of words."""
    out: list[tuple[str, Any]] = []
    for key, value in snapshot.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            out += _expectations(value, path + ".")
        elif isinstance(value, (bool, int, str)) or (
                isinstance(value, list) and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value)):
            out.append((path, value))
    return out


__all__ = ["Session", "TERMINAL"]
