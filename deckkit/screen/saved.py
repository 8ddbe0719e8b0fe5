"""Loading a game saved by ``deckkit play`` (a ``*.deckkit.toml`` script of the game so far) to play it on.

A saved game names its game, seed, settings, each side's cards by id and the actions taken
(``[[step]] do``). Anything else — a file that is not there, not TOML, cut short, of another game,
with a card this catalogue lacks or an action the rules refuse — is a :class:`DataError` naming the
file and the field, and the game at the table stays as it was.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from deckkit.errors import DataError, DeckkitError
from deckkit.fileio import FileReadError, read_bytes
from deckkit.scripts.runner import split_actor

MAX_BYTES = 5_000_000  # a saved game is a few kilobytes; a bigger file is not one


def _field(data: Any, path: str, kind: type, where: str) -> Any:
    value = data
    for key in path.split("."):
        if not isinstance(value, dict) or key not in value:
            raise DataError(f"{where}: no {path} (not a game saved by deckkit play, or cut short)",
                            hint="save a game with the save command or --autosave")
        value = value[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise DataError(f"{where}: {path} should be a {kind.__name__}, not {type(value).__name__}",
                        hint="the file was changed by hand; save the game again")
    return value


def read_saved(path: str | Path) -> dict[str, Any]:
    """The parts of a saved game: game, seed, settings, decks (card ids per side), actions ("p1: …")."""
    where = str(path)
    try:  # a device or an endless pipe is refused, not read
        raw = read_bytes(path, what="saved game", limit=MAX_BYTES)
    except FileReadError as exc:
        raise DataError(f"cannot read {where}: {exc.message}", hint=exc.hint or "give the file a game was saved to") \
            from None
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))  # as script run reads the same file
    except UnicodeDecodeError:
        raise DataError(f"{where}: not UTF-8 text: not a saved game") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: not a saved game: {exc}", hint="the file is damaged or cut short") from None
    game = _field(data, "game", str, where)
    seed = _field(data, "seed", int, where)
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise DataError(f"{where}: settings should be a table")
    decks = []
    for side in ("p1", "p2"):
        ids = _field(data, f"setup.{side}.deck", list, where)
        if not all(isinstance(i, str) for i in ids):
            raise DataError(f"{where}: setup.{side}.deck should list card ids (text)")
        decks.append(ids)
    steps = data.get("step")
    if not isinstance(steps, list) or not steps or not isinstance(steps[0], dict):
        raise DataError(f"{where}: no [[step]] with the actions (not a game saved by deckkit play, or cut short)")
    done = steps[0].get("do", [])
    if not isinstance(done, list) or not all(isinstance(s, str) for s in done):
        raise DataError(f"{where}: step[0].do should list the actions as text")
    actions = [s for s in done if s != "keep"]
    for text in actions:
        if split_actor(text) is None:  # which player it names is checked as the actions replay
            raise DataError(f"{where}: step[0].do: {text!r} names no player (write 'p1: ACTION')",
                            hint="a game saved by deckkit play names the player of each action")
    return {"game": game, "seed": seed, "settings": settings, "decks": decks, "actions": actions}


def load_session(path: str | Path, current: Any, cards_of: Callable[[str], list[dict]] | None) -> Any:
    """A new Session replaying the saved game with the current one's people and AI (DataError when it cannot)."""
    from deckkit.engine.registry import find
    from deckkit.match.session import Session

    saved = read_saved(path)
    where = str(path)
    spec = find(saved["game"])
    if spec is None or spec.name != current.game_name:
        from deckkit.engine.registry import spec as spec_of

        title = spec.title if spec is not None else repr(saved["game"])
        raise DataError(f"{where} is a saved game of {title}, and this game is {spec_of(current.game_name).title}",
                        hint="start deckkit play with a deck of that game to load it")
    pool = dict(current.game.cards)
    if cards_of is not None and any(i not in pool for d in saved["decks"] for i in d):
        pool.update((c["id"], c) for c in cards_of(current.game_name))
    decks = []
    for side, ids in zip(("p1", "p2"), saved["decks"]):
        missing = [i for i in ids if i not in pool]
        if missing:
            raise DataError(f"{where}: setup.{side}.deck: no card {missing[0]!r} in the catalogue",
                            hint="import the cards the game was played with, or load it where it was saved")
        decks.append(SimpleNamespace(label=f"{Path(where).name} {side}", cards=[pool[i] for i in ids]))
    try:
        session = Session.resume(current.game_name, decks, current.humans, current.pilot, saved["seed"],
                                 saved["settings"], saved["actions"])
    except DeckkitError as exc:
        raise DataError(f"{where}: the saved actions do not replay: {exc}",
                        hint="the file was changed by hand or saved by another version") from None
    return session
