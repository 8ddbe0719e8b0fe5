"""Collections: which cards a player owns, kept in the catalogue or in a file of their own.

A collection file is what people keep in a spreadsheet: CSV rows ``name,count[,set]`` (a header
row may name the columns, e.g. ``Count,Name,Set``; commas, semicolons or tabs) or JSON (a list of
``{"name", "count", "set"?}`` objects, a ``{"game", "cards": [...]}`` object, or ``{"Name": count}``).
Reading one resolves every line against the catalogue in one game and refuses the whole file, with
every problem listed, when a name is unknown (with did-you-mean), ambiguous, a count is negative,
not a number or absurdly large, or the file is another game's collection; lines naming the same card
are summed, with a notice.

- :func:`deckkit.collection.files.read_collection` — a file to a :class:`Collection`.
- :mod:`deckkit.collection.store` — the catalogue's ``collection`` table (add, remove, import, show).
- :func:`deckkit.decks.need.deck_need` — what several decks lack, given a collection.

A game sold as one shared set (its spec's ``no_collection``) has no collection: :func:`no_collection`
gives the sentence saying so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_COPIES = 9999  # more copies of one card than anyone owns: a count above it is a typo or a wrong column


@dataclass
class Collection:
    """Copies owned per card id, in one game, with the names and the notices made while reading."""

    game: str
    counts: dict[str, int] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    path: str | None = None


def no_collection(game: str) -> str | None:
    """Why ``game`` has nothing to collect (its spec says so), or None when its cards are collected."""
    from deckkit.engine.registry import spec

    return spec(game).no_collection


__all__ = ["Collection", "MAX_COPIES", "no_collection"]
