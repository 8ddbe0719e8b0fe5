"""Which card a shared name means: the sources a deck, a script or the catalogue prefers.

Ids are unique, names need not be: a user's own card may carry the name of a bundled card, and two
card files may name two cards alike. A name several cards of one game carry is resolved in one
deterministic way:

1. an id always means its card;
2. otherwise the preferences are tried in order — first the file's own (a deck's ``prefer:`` header,
   a script's ``prefer`` key), then the catalogue's (``deckkit db prefer``); each narrows the cards
   that share the name to those it matches, and the first that leaves one card decides;
3. a name still shared by several cards is an error listing their ids (write an id, or prefer a source).

A preference is one word matched against a card:

- ``bundled``: a card shipped with deckkit (its id is a bundled card's id);
- ``user``: any card that is not bundled;
- a source: the name of the file the card was imported from, with or without its extension
  (``my-cards.json`` or ``my-cards``);
- a set: the card's ``set`` field;
- an id prefix ending in ``-`` (``ob-my-``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any
from collections.abc import Iterable, Sequence

from deckkit.errors import AmbiguousName, DataError
from deckkit.text import fold

#: The meta key of the catalogue-wide preference (comma-separated words).
META_KEY = "prefer"
_WORD = re.compile(r"^[^\s,#]{1,80}$")


def parse(text: str | Sequence[str] | None, *, what: str = "prefer") -> tuple[str, ...]:
    """The preference words of a header value (``"a, b"``) or a list; DataError for a malformed one."""
    if text is None:
        return ()
    items = [p.strip() for p in text.split(",")] if isinstance(text, str) else [str(p).strip() for p in text]
    items = [p for p in items if p]
    for item in items:
        if not _WORD.match(item):
            raise DataError(f"{what}: {item[:40]!r} is not a source, set or id prefix",
                            hint="e.g. 'prefer: bundled' or 'prefer: my-cards, bundled' (words without spaces)")
    return tuple(items)


@lru_cache(maxsize=1)
def bundled_ids() -> frozenset[str]:
    """The ids of every bundled card."""
    from deckkit.catalogue import bundled_cards

    return frozenset(card["id"] for card in bundled_cards(None))


def _stem(source: str) -> str:
    base = source.replace("\\", "/").rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[0] if "." in base else base


def matches(word: str, card: dict[str, Any], source: str | None) -> bool:
    """Whether the preference ``word`` picks ``card`` (imported from ``source``, None if unknown)."""
    key = fold(word)
    bundled = source == "bundled" or card["id"] in bundled_ids()
    if key == "bundled":
        return bundled
    if key == "user":
        return not bundled
    if word.endswith("-") and card["id"].startswith(word):
        return True
    if source and key in (fold(source), fold(_stem(source)), fold(source.replace("\\", "/").rsplit("/", 1)[-1])):
        return True
    return isinstance(card.get("set"), str) and fold(card["set"]) == key


def choose(name: str, cards: list[dict[str, Any]], sources: dict[str, str] | None,
           prefer: Iterable[str]) -> dict[str, Any]:
    """The one card of ``cards`` (all sharing ``name``) the preferences pick; AmbiguousName otherwise."""
    left = list(cards)
    sources = sources or {}
    for word in prefer:
        if len(left) < 2:
            break
        hits = [c for c in left if matches(word, c, sources.get(c["id"]))]
        if hits:
            left = hits
    if len(left) == 1:
        return left[0]
    raise ambiguous(name, [c["id"] for c in left], sources)


def ambiguous(name: str, ids: list[str], sources: dict[str, str] | None) -> AmbiguousName:
    """The error of a name several cards share, with the ids and how to say which one is meant."""
    return AmbiguousName(name, ids, sources=sources)


def shadowed(cards: list[dict[str, Any]], sources: dict[str, str] | None, prefer: Sequence[str]) -> set[str]:
    """The ids of cards another card of the same game and name wins over under ``prefer`` (a script's pool
    keeps the winner alone, as an inline card shadows a catalogue card)."""
    if not prefer:
        return set()
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for card in cards:
        groups.setdefault((card["game"], fold(card["name"])), []).append(card)
    out: set[str] = set()
    for group in groups.values():
        if len(group) < 2:
            continue
        try:
            winner = choose(group[0]["name"], group, sources, prefer)
        except AmbiguousName:
            continue
        out.update(c["id"] for c in group if c["id"] != winner["id"])
    return out
