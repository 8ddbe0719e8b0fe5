"""The catalogue's ``collection`` table: copies owned per card id (schema version 8).

Every change is one write transaction, made only after every name was resolved, so a bad line
changes nothing. A card removed from the catalogue keeps its row (it comes back with the card).
"""

from __future__ import annotations

from typing import Any

from deckkit.collection import MAX_COPIES, Collection, no_collection
from deckkit.decks.model import Problem
from deckkit.errors import DataError, ValidationFailed

MODES = ("set", "add", "replace")


def owned(catalogue: Any, game: str | None = None) -> dict[str, int]:
    """Card id -> copies owned (of one game, or all)."""
    sql, params = "SELECT card_id, count FROM collection", ()  # type: tuple[str, tuple[str, ...]]
    if game is not None:
        sql, params = sql + " WHERE game = ?", (game,)
    return dict(catalogue.conn.execute(sql, params))


def check_collectable(game: str) -> None:
    """DataError for a game with no collection (one shared set)."""
    why = no_collection(game)
    if why:
        raise DataError(why, hint="a deck of this game needs no collection: every set holds all its cards")


def plan(catalogue: Any, collection: Collection, mode: str = "set") -> tuple[dict[str, int], dict[str, int]]:
    """(copies owned before, after) of writing ``collection`` in ``mode`` (see :func:`store`), with every
    check made but nothing written: what ``collection import --dry-run`` shows."""
    if mode not in MODES:
        raise ValueError(f"mode {mode!r}")
    check_collectable(collection.game)
    negative = [Problem("negative-count", f"{collection.names.get(cid, cid)}: {n} copies", card=cid)
                for cid, n in collection.counts.items() if n < 0]
    if negative:  # adding a negative count would remove copies, and setting one would store nonsense
        raise ValidationFailed(f"{len(negative)} card(s) with a negative count; nothing was changed", negative,
                               path=collection.path, hint="counts are 0 or more (collection remove takes copies away)")
    before = owned(catalogue, collection.game)
    if mode == "add":
        after = dict(before)
        for cid, n in collection.counts.items():
            after[cid] = after.get(cid, 0) + n
    elif mode == "replace":
        after = dict(collection.counts)
    else:
        after = {**before, **collection.counts}
    too_many = [cid for cid, n in after.items() if n > MAX_COPIES]
    if too_many:
        problems = [Problem("huge-count", f"{collection.names.get(cid, cid)}: {after[cid]:,} copies, more than "
                            f"{MAX_COPIES:,}", card=cid) for cid in too_many]
        raise ValidationFailed(f"{len(problems)} card(s) would pass {MAX_COPIES:,} copies; nothing was changed",
                               problems, path=collection.path, hint="set the count instead of adding to it")
    return before, after


def changes(before: dict[str, int], after: dict[str, int]) -> list[tuple[str, int, int]]:
    """``(card id, copies before, copies after)`` of each card whose count a change moves."""
    return [(cid, before.get(cid, 0), after.get(cid, 0)) for cid in {**before, **after}
            if before.get(cid, 0) != after.get(cid, 0)]


def store(catalogue: Any, collection: Collection, mode: str = "set") -> dict[str, int]:
    """Write a collection: ``set`` each named card's count (0 removes it), ``add`` to the counts, or
    ``replace`` the game's whole collection. Returns ``{"cards", "copies", "removed"}`` of the change."""
    before, after = plan(catalogue, collection, mode)
    _write(catalogue, collection.game, before, after)
    return {"cards": sum(1 for n in after.values() if n > 0), "copies": sum(after.values()),
            "removed": sum(1 for cid in before if not after.get(cid))}


def take(catalogue: Any, game: str, counts: dict[str, int | None], names: dict[str, str]) -> dict[str, int]:
    """Remove copies (None: all) of cards from the game's collection; DataError for a card not owned."""
    check_collectable(game)
    negative = [f"{names.get(cid, cid)} ({n})" for cid, n in counts.items() if n is not None and n < 0]
    if negative:  # taking a negative count would add copies
        raise DataError("a negative count of copies to remove: " + ", ".join(negative),
                        hint="give 1 or more copies (or none, for every copy); nothing was changed")
    before = owned(catalogue, game)
    missing = [cid for cid in counts if cid not in before]
    if missing:
        raise DataError("not in the collection: " + ", ".join(names.get(cid, cid) for cid in missing),
                        hint="deckkit collection show lists what you own; nothing was changed")
    after = dict(before)
    taken: dict[str, int] = {}
    for cid, n in counts.items():
        taken[cid] = before[cid] if n is None else min(n, before[cid])
        after[cid] = before[cid] - taken[cid]
    _write(catalogue, game, before, after)
    return taken


def _write(catalogue: Any, game: str, before: dict[str, int], after: dict[str, int]) -> None:
    gone = [(cid,) for cid in before if not after.get(cid)]
    rows = [(cid, game, n) for cid, n in after.items() if n > 0 and before.get(cid) != n]
    with catalogue.write() as conn:
        conn.executemany("DELETE FROM collection WHERE card_id = ?", gone)
        conn.executemany("INSERT INTO collection (card_id, game, count) VALUES (?, ?, ?) "
                         "ON CONFLICT (card_id) DO UPDATE SET count = excluded.count, game = excluded.game", rows)


def listing(catalogue: Any, game: str | None = None, query: str | None = None) -> list[dict[str, Any]]:
    """Owned cards as rows ``{"name", "count", "set", "id", "game", "type"}`` by game and name; a card no
    longer in the catalogue is listed by its id. ``query`` narrows to the cards a search finds."""
    counts = owned(catalogue, game)
    rows: list[dict[str, Any]] = []
    if query:
        cards = [c for c in catalogue.search(query) if c["id"] in counts]
    else:  # every owned card's record in one query (the catalogue's reader skips a damaged one, with a warning)
        sql = ("SELECT c.id, CAST(b.data AS BLOB) FROM collection o JOIN cards c ON c.id = o.card_id "
               "LEFT JOIN card_blobs b ON b.pk = c.pk")
        cards = catalogue._cards(sql + (" WHERE o.game = ?" if game else ""), (game,) if game else ())
    seen = set()
    for card in cards:
        seen.add(card["id"])
        rows.append({"name": card["name"], "count": counts[card["id"]], "set": card.get("set"), "id": card["id"],
                     "game": card["game"], "type": card.get("type")})
    if not query:
        game_of = dict(catalogue.conn.execute("SELECT card_id, game FROM collection"))
        rows += [{"name": cid, "count": n, "set": None, "id": cid, "game": game_of.get(cid), "type": None}
                 for cid, n in counts.items() if cid not in seen]
    from deckkit.text import fold

    return sorted(rows, key=lambda r: (r["game"] or "", fold(r["name"]), r["id"]))


__all__ = ["MODES", "changes", "check_collectable", "listing", "owned", "plan", "store", "take"]
