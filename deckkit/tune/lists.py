"""Deck lists as counts per card: building variants, checking them against the format, writing them.

A :class:`DeckList` is the deck being tuned: its game, format and name, and ``(card, count)`` pairs
in file order. Variants are made with :meth:`DeckList.with_counts`; :func:`problems_of` checks a
variant with the same code as ``deck validate`` (sizes, copy limits, bans, pools, composition).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Iterable, Mapping, Sequence

from deckkit.errors import UsageError


@dataclass(frozen=True)
class DeckList:
    """A deck as ordered ``(card, count)`` pairs (count ≥ 1), with the header of its file."""

    game: str
    entries: tuple[tuple[dict, int], ...]
    format: Any = None  # a deckkit.decks.Format, or None when the game has no format installed
    name: str | None = None
    path: str | None = None
    label: str = field(default="deck", compare=False)

    @property
    def size(self) -> int:
        """Cards in the deck."""
        return sum(n for _, n in self.entries)

    def counts(self) -> dict[str, int]:
        """Copies per card id."""
        return {c["id"]: n for c, n in self.entries}

    def count_of(self, card: dict) -> int:
        """Copies of ``card`` in the deck (0 when absent)."""
        return self.counts().get(card["id"], 0)

    def cards(self) -> list[dict]:
        """One card dict per copy, in list order (what goldfish plays)."""
        return [c for c, n in self.entries for _ in range(n)]

    def with_counts(self, changes: Mapping[str, tuple[dict, int]], label: str) -> DeckList:
        """A copy with the cards of ``changes`` (id -> (card, new count)) set; count 0 removes a card."""
        out: list[tuple[dict, int]] = []
        done = set()
        for card, n in self.entries:
            if card["id"] in changes:
                _, new = changes[card["id"]]
                done.add(card["id"])
                if new > 0:
                    out.append((card, new))
            else:
                out.append((card, n))
        for cid, (card, new) in changes.items():
            if cid not in done and new > 0:
                out.append((card, new))
        return DeckList(self.game, tuple(out), self.format, self.name, self.path, label)

    def key(self) -> tuple[tuple[str, int], ...]:
        """An order-free identity of the list (same cards and counts, same key)."""
        return tuple(sorted((c["id"], n) for c, n in self.entries))

    def describe_change(self, base: DeckList) -> str:
        """``-2 Chleba, +2 Gryf``: what differs from ``base``."""
        mine, theirs = self.counts(), base.counts()
        names = {c["id"]: c["name"] for c, _ in (*self.entries, *base.entries)}
        parts = []
        for cid in dict.fromkeys([*theirs, *mine]):
            d = mine.get(cid, 0) - theirs.get(cid, 0)
            if d:
                parts.append(f"{d:+d} {names[cid]}")
        return ", ".join(parts) or "no change"


def load_list(path: str | Path, catalogue: Any) -> DeckList:
    """Read a deck file into a :class:`DeckList` (unknown cards fail as in ``deck validate``)."""
    from deckkit.decks import load_deck
    from deckkit.decks.model import resolve
    from deckkit.decks.validate import choose_format
    from deckkit.engine.registry import resolve as resolve_game
    from deckkit.errors import ValidationFailed

    deck = load_deck(path)
    resolved = resolve(deck, catalogue)
    if resolved.errors:
        raise ValidationFailed(f"{len(resolved.errors)} card line(s) could not be resolved", resolved.errors,
                               path=str(path), hint=resolved.errors[0].hint)
    fmt, _ = choose_format(deck, None)
    merged: dict[str, list] = {}
    for card, n in resolved.counts():
        merged.setdefault(card["id"], [card, 0])[1] += n
    entries = tuple((c, n) for c, n in merged.values() if n > 0)
    return DeckList(resolve_game(deck.game), entries, fmt, deck.name, str(path), label=str(path))


def problems_of(deck: DeckList) -> list[str]:
    """The format's errors for a variant, as messages (empty: legal); warnings do not count."""
    if deck.format is None:
        return []
    from deckkit.decks.model import Deck, DeckEntry, ResolvedDeck, ResolvedEntry
    from deckkit.decks.validate import check

    model = Deck(deck.game, deck.format.name, deck.name,
                 [DeckEntry(n, c["name"]) for c, n in deck.entries])
    resolved = ResolvedDeck(model, [ResolvedEntry(e, c) for e, (c, _) in zip(model.entries, deck.entries)],
                            [], [], [])
    errors, _ = check(resolved, deck.format)
    return [p.message for p in errors]


def spread(total: int, weights: Sequence[int], caps: Sequence[int | None] | None = None) -> list[int]:
    """Split ``total`` in proportion to ``weights`` (largest remainder; ties to the earlier one).

    ``caps`` (None: no cap) bound each share; what a capped share cannot take goes to the others in
    proportion, so the total is kept whenever the caps allow it.
    """
    if total < 0:
        raise UsageError(f"cannot spread {total} cards", hint="counts are whole numbers from 0")
    n = len(weights)
    if not n:
        return []
    limits = list(caps) if caps is not None else [None] * n
    out = [0] * n
    open_ = [i for i in range(n) if limits[i] is None or limits[i] > 0]  # type: ignore[operator]
    left = total
    while left > 0 and open_:
        w = [max(weights[i], 0) for i in open_]
        if sum(w) <= 0:
            w = [1] * len(open_)
        base = sum(w)
        shares = [left * x / base for x in w]
        part = [int(x) for x in shares]
        order = sorted(range(len(open_)), key=lambda j: (-(shares[j] - part[j]), j))
        for j in order[: left - sum(part)]:
            part[j] += 1
        overflow = False
        for j, i in enumerate(open_):
            room = None if limits[i] is None else limits[i] - out[i]  # type: ignore[operator]
            take = part[j] if room is None else min(part[j], room)
            overflow = overflow or take < part[j]
            out[i] += take
            left -= take
        open_ = [i for i in open_ if limits[i] is None or out[i] < limits[i]]  # type: ignore[operator]
        if not overflow:
            break
    return out


def copy_cap(fmt: Any, card: dict) -> int | None:
    """The most copies of ``card`` the format allows (None: no limit)."""
    if fmt is None:
        return None
    from deckkit.decks.validate import _limit_for

    found, limit = _limit_for(card, fmt.copies.get("exceptions", {}))
    cap = limit if found else fmt.copies.get("max")
    found, restricted = _limit_for(card, fmt.restricted)
    if found:
        cap = restricted if cap is None else min(cap, restricted)
    return cap


def refill(deck: DeckList, fixed: Mapping[str, tuple[dict, int]], fill: Iterable[str] | None,
           label: str) -> tuple[DeckList | None, str | None]:
    """``deck`` with the ``fixed`` counts set and the ``fill`` cards (ids; None: every other card)
    rescaled so the size stays the same. Returns (variant, None) or (None, why it cannot be made)."""
    fill_ids = [c["id"] for c, _ in deck.entries if c["id"] not in fixed and (fill is None or c["id"] in set(fill))]
    current = deck.counts()
    kept = sum(n for c, n in deck.entries if c["id"] not in fixed and c["id"] not in fill_ids)
    room = deck.size - kept - sum(n for _, n in fixed.values())
    if room < 0:
        return None, f"{sum(n for _, n in fixed.values())} cards do not fit in a deck of {deck.size}"
    if not fill_ids:
        if room:
            return None, "no card is left to fill the deck"
        return deck.with_counts(fixed, label), None
    cards = {c["id"]: c for c, _ in deck.entries}
    new = spread(room, [current[i] for i in fill_ids], [copy_cap(deck.format, cards[i]) for i in fill_ids])
    if sum(new) < room:
        return None, f"the other cards cannot fill {room} places within the copy limit"
    changes = dict(fixed)
    for cid, n in zip(fill_ids, new):
        changes[cid] = (cards[cid], n)
    return deck.with_counts(changes, label), None


def save_list(deck: DeckList, path: str | Path, note: str = "") -> None:
    """Write ``deck`` as a text deck file (atomically, through the deck writer)."""
    from deckkit.decks import save_deck
    from deckkit.decks.model import Deck, DeckEntry

    model = Deck(deck.game, deck.format.name if deck.format is not None else None,
                 (deck.name or "deck") + (f" ({note})" if note else ""),
                 [DeckEntry(n, c["name"]) for c, n in deck.entries])
    save_deck(model, path, as_json=str(path).lower().endswith(".json"))


def game_cards(catalogue: Any, game: str) -> list[dict]:
    """Every card of ``game`` the catalogue (or an in-memory card pool) holds."""
    if hasattr(catalogue, "cards"):  # the SQLite catalogue
        return list(catalogue.cards(game))
    return [c for c in catalogue.by_id.values() if c.get("game") == game]
