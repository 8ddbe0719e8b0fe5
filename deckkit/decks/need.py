"""``deckkit deck need``: what is missing to build several decks at once from a collection.

Each card is counted across the decks (main deck and sideboard: both are cards on the table), so
three decks that each play 3 Chleba need 9. Decks already built (``built``) hold their cards: those
copies are reserved and not available to the others. A game sold as one shared set has no need.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deckkit.decks.io import load_deck
from deckkit.decks.model import MAIN, SIDEBOARD, CachedLookup, resolve
from deckkit.errors import UsageError, ValidationFailed


def _copies(path: str | Path, lookup: Any) -> tuple[str, str | None, dict[str, int], dict[str, dict]]:
    """(game, deck name, card id -> copies in main and sideboard, card id -> card) of one deck file."""
    from deckkit.engine.registry import resolve as resolve_game

    deck = load_deck(path)
    resolved = resolve(deck, lookup)
    if resolved.errors:
        raise ValidationFailed(f"{len(resolved.errors)} card line(s) could not be resolved", resolved.errors,
                               path=str(path), hint=resolved.errors[0].hint)
    counts: dict[str, int] = {}
    cards: dict[str, dict] = {}
    for section in (MAIN, SIDEBOARD):
        for card, n in resolved.counts(section):
            counts[card["id"]] = counts.get(card["id"], 0) + n
            cards[card["id"]] = card
    return resolve_game(deck.game), deck.name, counts, cards


def deck_need(decks: Sequence[str | Path], catalogue: Any, owned: dict[str, int] | None = None,
              built: Sequence[str | Path] = (), labels: Sequence[str] | None = None,
              built_labels: Sequence[str] | None = None) -> dict[str, Any]:
    """The missing copies per card for building ``decks`` together, as a JSON-ready dict.

    ``owned`` maps card ids to copies (None: the catalogue's collection). Keys: ``game``, ``decks``
    (per deck: ``deck``, ``name``, ``cards``, ``missing`` — what it lacks on its own), ``built``,
    ``cards`` (the cards with copies missing: ``id``, ``name``, ``type``, ``set``, ``needed``, ``owned``,
    ``reserved``, ``available``, ``missing``, ``decks``: a ``{deck, position, copies}`` entry for each deck
    playing it, in the order given (``position``: its index in ``decks``), so a deck given twice is listed, and counted, twice), ``missing_copies``,
    ``missing_cards``, ``complete``, ``notes``; for a game with no collection, ``no_collection`` with
    the reason and nothing counted.
    """
    from deckkit.collection import no_collection

    if not decks:
        raise UsageError("no deck given", hint="deckkit deck need DECK [DECK…]")
    lookup = CachedLookup(catalogue)
    labels = list(labels or [str(d) for d in decks])
    built_labels = list(built_labels or [str(b) for b in built])
    read = [_copies(p, lookup) for p in decks]
    held = [_copies(p, lookup) for p in built]
    games = {g for g, *_ in read + held}
    if len(games) > 1:
        raise UsageError("decks of different games: " + ", ".join(sorted(games)), hint="give the decks of one game")
    (game,) = games
    why = no_collection(game)
    if why:
        return {"game": game, "no_collection": why, "decks": [{"deck": label, "name": name}
                                                               for label, (_, name, _, _) in zip(labels, read)],
                "cards": [], "missing_copies": 0, "missing_cards": 0, "complete": True, "notes": [why]}
    if owned is None:
        from deckkit.collection.store import owned as stored

        owned = stored(catalogue, game)
    cards: dict[str, dict] = {}
    for *_, found in read + held:
        cards.update(found)
    reserved: dict[str, int] = {}
    notes: list[str] = []
    for _, _, counts, _ in held:
        for cid, n in counts.items():
            reserved[cid] = reserved.get(cid, 0) + n
    for cid, n in sorted(reserved.items()):
        if n > owned.get(cid, 0):
            notes.append(f"the built decks hold {n} {cards[cid]['name']} but the collection has "
                         f"{owned.get(cid, 0)}: counted as none left")
    available = {cid: max(0, owned.get(cid, 0) - reserved.get(cid, 0)) for cid in cards}
    needed: dict[str, int] = {}
    for _, _, counts, _ in read:
        for cid, n in counts.items():
            needed[cid] = needed.get(cid, 0) + n
    rows = []
    for cid, n in needed.items():
        missing = n - available[cid]
        if missing > 0:
            card = cards[cid]
            rows.append({"id": cid, "name": card["name"], "type": card.get("type"), "set": card.get("set"),
                         "needed": n, "owned": owned.get(cid, 0), "reserved": reserved.get(cid, 0),
                         "available": available[cid], "missing": missing,
                         "decks": [{"deck": label, "position": i, "copies": c[cid]}
                                   for i, (label, (_, _, c, _)) in enumerate(zip(labels, read)) if cid in c]})
    from deckkit.text import fold

    rows.sort(key=lambda r: (-r["missing"], fold(r["name"]), r["id"]))
    per_deck = [{"deck": label, "name": name, "cards": sum(counts.values()),
                 "missing": sum(max(0, n - available[cid]) for cid, n in counts.items())}
                for label, (_, name, counts, _) in zip(labels, read)]
    return {"game": game, "decks": per_deck, "built": built_labels, "cards": rows,
            "missing_copies": sum(r["missing"] for r in rows), "missing_cards": len(rows), "complete": not rows,
            "notes": notes}


# The columns of ``deck need -o csv``: name, count (the copies missing), set and id, as a collection file
# has them, then the figures that say why; the last three mark a file as a shopping list.
SHOPPING_COLUMNS = ("name", "count", "set", "id", "needed", "owned", "reserved")
_SHOPPING_MARK = {"needed", "owned", "reserved"}


def shopping_list(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The missing cards of a :func:`deck_need` report as rows of :data:`SHOPPING_COLUMNS`."""
    return [{"name": r["name"], "count": r["missing"], "set": r["set"], "id": r["id"], "needed": r["needed"],
             "owned": r["owned"], "reserved": r["reserved"]} for r in data["cards"]]


def is_shopping_list(text: str) -> bool:
    """Whether a CSV text's header row is that of ``deck need -o csv``: its counts are copies missing,
    which a collection gains once they are bought (added), not what it holds."""
    import re

    # the header is the first line that is neither blank nor a comment, as the collection reader takes it
    first = next((line for line in text.lstrip("\ufeff").splitlines()
                  if line.strip() and not line.lstrip().startswith("#")), "")
    cells = {cell.strip().strip('"').strip().lower() for cell in re.split(r"[,;\t]", first)}
    return _SHOPPING_MARK <= cells


def render_need(data: dict[str, Any]) -> str:
    """The need as a table for people: the missing cards, then each deck alone."""
    if data.get("no_collection"):
        return f"{data['no_collection']}; nothing is needed.\n"
    lines: list[str] = []
    if data["complete"]:
        lines.append("nothing is missing: the collection builds every deck" + (
            " beside the built ones" if data["built"] else ""))
    else:
        width = max(len(r["name"]) for r in data["cards"])
        lines.append(f"{'missing':>7}  {'card':<{width}}  {'needed':>6} {'owned':>5} {'reserved':>8}")
        for r in data["cards"]:
            lines.append(f"{r['missing']:>7}  {r['name']:<{width}}  {r['needed']:>6} {r['owned']:>5} {r['reserved']:>8}")
        lines.append(f"{data['missing_copies']} cop{'y' if data['missing_copies'] == 1 else 'ies'} of "
                     f"{data['missing_cards']} card{'' if data['missing_cards'] == 1 else 's'} missing")
    lines.append("")
    for d in data["decks"]:
        title = f" ({d['name']})" if d.get("name") else ""
        alone = "complete on its own" if not d["missing"] else f"alone it lacks {d['missing']}"
        lines.append(f"  {d['deck']}{title}: {d['cards']} cards, {alone}")
    for b in data["built"]:
        lines.append(f"  built, its cards reserved: {b}")
    return "\n".join(lines) + "\n"


__all__ = ["SHOPPING_COLUMNS", "deck_need", "is_shopping_list", "render_need", "shopping_list"]
