"""Removing cards from the catalogue, and hiding and restoring bundled ones.

A card the user imported is deleted: its row, its record, its tags and its full-text and name index
entries, in one transaction (the index entries through the catalogue's own triggers, so ``db check``
finds nothing to mend). A bundled card is hidden, not destroyed: it is deleted the same way and its
id is remembered (meta ``hidden``) so that loading the bundled cards again does not bring it back;
:func:`restore` loads it from the bundled data again.

Removal is refused, with nothing changed, when it would take a card a bundled deck needs (the
bundled decks and scripts would stop working) or a card one of the user's decks named with
``check_decks`` holds, unless ``force``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from collections.abc import Sequence

from deckkit.echo import shown
from deckkit.errors import DataError, UsageError

#: The meta key listing the ids of hidden bundled cards (a JSON array).
HIDDEN_KEY = "hidden"


@dataclass
class Removal:
    """What a removal takes (or would take): the cards, and the decks that would lose some of them."""

    cards: list[tuple[int, str, str, str, str]]  # (pk, id, game, name, folded name) in id order
    hidden: list[str] = field(default_factory=list)  # the bundled ones among them (hidden, restorable)
    bundled_decks: dict[str, list[tuple[str, str, int]]] = field(default_factory=dict)  # deck -> (id, name, copies)
    user_decks: dict[str, list[tuple[str, str, int]]] = field(default_factory=dict)
    done: bool = False

    def as_json(self) -> dict[str, Any]:
        """``{"removed", "ids", "hidden", "done", "bundled_decks", "decks"}`` (``removed``: how many)."""
        def decks(found: dict[str, list[tuple[str, str, int]]]) -> list[dict[str, Any]]:
            return [{"deck": deck, "cards": [{"id": i, "name": n, "count": c} for i, n, c in lost]}
                    for deck, lost in found.items()]

        return {"removed": len(self.cards), "ids": [c[1] for c in self.cards], "hidden": self.hidden,
                "done": self.done, "bundled_decks": decks(self.bundled_decks), "decks": decks(self.user_decks)}


def hidden_ids(cat: Any) -> list[str]:
    """The ids of the bundled cards the user removed (hidden), sorted."""
    raw = cat.meta(HIDDEN_KEY)
    try:
        found = json.loads(raw) if raw else []
    except ValueError:
        return []
    return sorted(str(i) for i in found) if isinstance(found, list) else []


def select(cat: Any, selectors: Sequence[str]) -> list[tuple[int, str, str, str, str]]:
    """The cards the selectors name: each is a card id, else a search query; DataError naming a selector
    that matches no card (with a did-you-mean), UsageError for a malformed query."""
    from deckkit.query import parse

    conn = cat.conn
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS removal_ids (id TEXT PRIMARY KEY)")
    conn.execute("DELETE FROM temp.removal_ids")
    conn.executemany("INSERT OR IGNORE INTO temp.removal_ids (id) VALUES (?)", ((s.strip(),) for s in selectors))
    found = {row[1]: row for row in conn.execute(
        "SELECT pk, id, game, name, name_key FROM cards WHERE id IN (SELECT id FROM temp.removal_ids)")}
    conn.execute("DELETE FROM temp.removal_ids")
    for selector in selectors:
        if selector.strip() in found:
            continue
        if not selector.strip():
            raise UsageError("an empty card id or query", hint="deckkit remove ID|QUERY…, e.g. deckkit remove ob-my-dog")
        matches = cat.search(parse(selector))
        if not matches:
            close = cat.suggest(selector)
            hint = (f"did you mean {' or '.join(close)}? " if close else "") + \
                "give a card id or a search query (deckkit search QUERY shows what it matches)"
            raise DataError(f"no card matches {shown(selector)}; nothing was removed", hint=hint)
        ids = [c["id"] for c in matches]
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            marks = ",".join("?" * len(chunk))
            for row in conn.execute(f"SELECT pk, id, game, name, name_key FROM cards WHERE id IN ({marks})", chunk):
                found[row[1]] = row
    return sorted(found.values(), key=lambda r: r[1])


def _deck_losses(cat: Any, path: str | Path, cards: dict[str, str]) -> list[tuple[str, str, int]]:
    """The (id, name, copies) of the ``cards`` (id -> folded name) a deck file holds, main deck and
    sideboard. Only the lines that name one of them by id or name are looked up: a deck line cannot
    mean a card it does not name."""
    from deckkit.decks import load_deck
    from deckkit.errors import DeckkitError
    from deckkit.text import fold

    try:
        deck = load_deck(path)
    except DeckkitError as exc:
        raise DataError(f"cannot check the deck {path}: {exc.message}", path=str(path), hint=exc.hint) from None
    names = set(cards.values())
    lost: dict[str, list[Any]] = {}
    for entry in deck.entries + deck.sideboard:
        written = entry.name.strip()
        if written not in cards and fold(written) not in names:
            continue
        try:
            card = cat.find(written, game=deck.game, prefer=deck.prefer)
        except DeckkitError:  # ambiguous or unknown already: removing cannot make the line worse than that
            continue
        if card["id"] in cards:
            found = lost.setdefault(card["id"], [card["id"], card["name"], 0])
            found[2] += entry.count
    return [(i, n, c) for i, n, c in lost.values()]


@lru_cache(maxsize=1)
def _bundled_names() -> frozenset[str]:
    """The folded names of the bundled cards."""
    from deckkit.catalogue import bundled_cards
    from deckkit.text import fold

    return frozenset(fold(c["name"]) for c in bundled_cards(None))


def plan(cat: Any, selectors: Sequence[str], check_decks: Sequence[str | Path] = ()) -> Removal:
    """What removing the selected cards takes, and which bundled and named decks would lose a card."""
    from deckkit.catalogue.prefer import bundled_ids
    from deckkit.paths import bundled_files

    cards = select(cat, selectors)
    ids = {c[1]: c[4] for c in cards}
    bundled = bundled_ids()
    removal = Removal(cards, hidden=[c[1] for c in cards if c[1] in bundled])
    # The bundled decks are built of bundled cards: only a card with a bundled card's id or name can be
    # one they lose (so a bulk removal of a user's own cards reads no deck file).
    shipped = _bundled_names()
    touches = any(cid in bundled or name in shipped for cid, name in ids.items())
    for deck in bundled_files("deck").values() if touches else ():
        lost = _deck_losses(cat, deck, ids)
        if lost:
            removal.bundled_decks[deck.name] = lost
    for path in check_decks:
        lost = _deck_losses(cat, path, ids)
        if lost:
            removal.user_decks[str(path)] = lost
    return removal


def remove(cat: Any, selectors: Sequence[str], *, check_decks: Sequence[str | Path] = (), force: bool = False,
           dry_run: bool = False) -> Removal:
    """Remove (or, with ``dry_run``, only plan) the selected cards in one transaction; DataError, with
    nothing changed, when a bundled deck or a deck of ``check_decks`` would lose a card, unless ``force``."""
    removal = plan(cat, selectors, check_decks)
    if dry_run or not removal.cards:
        return removal
    if not force and (removal.bundled_decks or removal.user_decks):
        raise refusal(removal)
    pks = [c[0] for c in removal.cards]
    with cat.write() as conn:
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS removal_pks (pk INTEGER PRIMARY KEY)")
        conn.execute("DELETE FROM temp.removal_pks")
        conn.executemany("INSERT INTO temp.removal_pks (pk) VALUES (?)", ((pk,) for pk in pks))
        # The cards' own triggers take their full-text and name-index entries with them.
        conn.execute("DELETE FROM card_tags WHERE pk IN (SELECT pk FROM temp.removal_pks)")
        conn.execute("DELETE FROM card_blobs WHERE pk IN (SELECT pk FROM temp.removal_pks)")
        conn.execute("DELETE FROM cards WHERE pk IN (SELECT pk FROM temp.removal_pks)")
        conn.execute("DELETE FROM temp.removal_pks")
        if removal.hidden:
            cat.set_meta(HIDDEN_KEY, json.dumps(sorted(set(hidden_ids(cat)) | set(removal.hidden))))
    removal.done = True
    return removal


def refusal(removal: Removal) -> DataError:
    """The error of a removal that would take cards decks need, naming the decks and the cards."""
    parts = []
    for kind, found in (("the bundled deck", removal.bundled_decks), ("your deck", removal.user_decks)):
        for deck, lost in found.items():
            parts.append(f"{kind} {deck} holds " + ", ".join(f"{c}× {n} ({i})" for i, n, c in lost))
    return DataError(f"refused: {len(removal.cards)} card(s) would be removed, but " + "; ".join(parts)
                     + "; nothing was removed",
                     hint="take them out of those decks first, or add --force (a bundled card comes back with "
                          "deckkit remove --restore)")


def restore(cat: Any, ids: Sequence[str] = ()) -> list[str]:
    """Bring hidden bundled cards back (all when ``ids`` is empty) from the bundled data; their ids.

    DataError for an id that is not a hidden bundled card (nothing restored).
    """
    from deckkit.catalogue import bundled_cards
    from deckkit.catalogue.importer import Record, plan as import_plan

    hidden = hidden_ids(cat)
    wanted = list(dict.fromkeys(i.strip() for i in ids)) or hidden
    by_id = {c["id"]: c for c in bundled_cards(None)}
    for cid in wanted:
        if cid not in hidden:
            if cid in by_id:
                raise DataError(f"{cid} is not hidden: the bundled card is in the catalogue",
                                hint="deckkit remove --restore with no ids restores every hidden card")
            raise DataError(f"{shown(cid)} is not a bundled card; only bundled cards are hidden and restored",
                            hint="a card you imported comes back by importing its file again")
    if not wanted:
        return []
    records = [Record("bundled", None, n, dict(by_id[cid])) for n, cid in enumerate(wanted, start=1) if cid in by_id]
    with cat.write():
        result = import_plan(cat, records, source="bundled", keep_foreign=True)  # a card of the id imported since stays
        cat.store(result.added_rows, result.updated_rows)
        left = sorted(set(hidden) - set(wanted))
        if left:
            cat.set_meta(HIDDEN_KEY, json.dumps(left))
        else:
            cat.conn.execute("DELETE FROM meta WHERE key = ?", (HIDDEN_KEY,))
    return wanted
