"""The cards to draw: the copies of one or more decks, a search's matches, or cards named one by one.

Everything drawn at once belongs to one game (one layout): cards of two games are refused, naming
where each game came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckkit.printing.common import PrintError


@dataclass
class Selection:
    """Cards of one game to draw: ``counts`` (card, copies) in order, and a title naming their source."""

    game: str
    title: str
    counts: list[tuple[dict[str, Any], int]] = field(default_factory=list)

    @property
    def games(self) -> list[str]:
        """The games of the cards, in the order they first come."""
        return list(dict.fromkeys(str(card.get("game")) for card, _ in self.counts))

    def cards(self, one_each: bool = False) -> list[dict[str, Any]]:
        """One card per copy (each card once with ``one_each``), in order."""
        return [card for card, n in self.counts for _ in range(1 if one_each else n)]


def from_decks(paths: list[str], catalogue: Any, *, sideboard: bool = False) -> Selection:
    """The main decks (and sideboards with ``sideboard``) of deck files; one game for all."""
    from deckkit.decks import load_deck, resolve
    from deckkit.decks.model import SIDEBOARD
    from deckkit.errors import ValidationFailed

    counts: dict[str, list] = {}
    game: str | None = None
    first = ""
    titles = []
    for path in paths:
        deck = load_deck(path)
        if game is None:
            game, first = deck.game, path
        elif deck.game != game:
            raise PrintError(f"decks of two games: {first} is {game}, {path} is {deck.game}",
                             hint="print one game's decks at a time (each game has its own layout)")
        resolved = resolve(deck, catalogue)
        if resolved.errors:
            raise ValidationFailed(f"{len(resolved.errors)} card line(s) could not be resolved", resolved.errors,
                                   path=path, hint=resolved.errors[0].hint)
        titles.append(deck.name or _stem(path))
        sections = [resolved.counts(), resolved.counts(SIDEBOARD)] if sideboard else [resolved.counts()]
        for rows in sections:
            for card, n in rows:
                entry = counts.setdefault(card["id"], [card, 0])
                entry[1] += n
    if game is None:
        raise PrintError("no deck given", hint="name a deck file, or use --query")
    return Selection(game, " + ".join(titles), [(c, n) for c, n in counts.values()])


def from_query(query: str, catalogue: Any) -> Selection:
    """Every card matching a search query (one copy each), of one game or several (each is drawn with
    its own game's layout; ``game`` is the first one's)."""
    from deckkit.query import parse

    cards = catalogue.search(parse(query))
    if not cards:
        raise PrintError(f"--query {query!r}: no cards match", hint="try the query with deckkit search first")
    return Selection(cards[0]["game"], query, [(c, 1) for c in cards])


def from_names(names: list[str], catalogue: Any, game: str | None = None) -> Selection:
    """Cards named (or given by id) one by one; all of one game."""
    cards = [catalogue.find(name, game) for name in names]
    if not cards:
        raise PrintError("no card given", hint="name one or more cards")
    games = {c["game"] for c in cards}
    if len(games) > 1:
        raise PrintError(f"cards of {len(games)} games ({', '.join(sorted(games))})",
                         hint="draw one game's cards at a time, or name the game with --game")
    return Selection(cards[0]["game"], ", ".join(c["name"] for c in cards), [(c, 1) for c in cards])


def _stem(path: str) -> str:
    from pathlib import Path

    name = Path(path).name
    return name.split(".")[0] or name
