"""Reading and writing deck files, text or JSON, chosen by extension (``.json``) or content."""

from __future__ import annotations

from pathlib import Path

from deckkit.decks.jsonfile import parse_json, write_json
from deckkit.decks.model import Deck, Problem
from deckkit.decks.textfile import DeckFileError, parse_text, read_text, write_text


def is_json_path(path: str | Path) -> bool:
    """True for ``*.json`` paths (the JSON deck form)."""
    return str(path).lower().endswith(".json")


def read_deck(path: str | Path) -> tuple[Deck, list[Problem]]:
    """Read a deck file; returns the deck and every problem found (never raises for bad content)."""
    text, problems = read_text(path)
    if text is None:
        return Deck(game="", path=str(path)), problems
    if is_json_path(path) or text.lstrip().startswith("{"):
        return parse_json(text, str(path))
    return parse_text(text, str(path))


def load_deck(path: str | Path) -> Deck:
    """Read a deck file; DeckFileError listing every error (with line numbers) if it is not a usable deck."""
    deck, problems = read_deck(path)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        first = errors[0]
        raise DeckFileError(f"{len(errors)} problem(s) in the deck file", errors, path=str(path), hint=first.hint)
    return deck


def dumps(deck: Deck, as_json: bool = False, *, keep_comments: bool = False) -> str:
    """The canonical text (or JSON) form of a deck; ``keep_comments`` keeps a text file's comments."""
    return write_json(deck) if as_json else write_text(deck, keep_comments=keep_comments)


def save_deck(deck: Deck, path: str | Path, *, as_json: bool | None = None, keep_comments: bool = False) -> None:
    """Write a deck atomically (:mod:`deckkit.fileio`), text or JSON by extension unless told.

    ``keep_comments`` (used when a deck is edited in place) keeps the comments read from its text file.
    """
    from deckkit.fileio import write_text as write_file

    path = Path(path)
    text = dumps(deck, is_json_path(path) if as_json is None else as_json, keep_comments=keep_comments)
    write_file(path, text, newline="\n")
