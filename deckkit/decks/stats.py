"""Deck statistics: counts by type, cost curve, average cost and each game's own figures."""

from __future__ import annotations

from collections import Counter
from typing import Any

from deckkit.decks.model import ResolvedDeck


def _ordered(counter: Counter, order: tuple | list | None = None) -> dict[str, int]:
    keys = [k for k in (order or []) if k in counter] + sorted((k for k in counter if k not in (order or [])), key=str)
    return {str(k): counter[k] for k in keys}


def deck_stats(resolved: ResolvedDeck) -> dict[str, Any]:
    """Statistics of the main deck's resolved cards (unknown names are counted under ``unresolved``).

    Keys: ``deck, game, name, size, distinct, unresolved, by_type, cost_curve, average_cost`` and the
    game's own figures from its spec's ``deck_stats`` hook (e.g. Obludárium ``food, food_share``,
    OB-207; Álomfogó ``dreamwalkers, attack_total, defense_total``; Kotlík ``by_label, by_number,
    ingredients``).
    """
    from deckkit.engine.registry import find

    deck = resolved.deck
    game = find(deck.game)
    counts = resolved.counts()
    size = sum(n for _, n in counts)
    by_type: Counter[str] = Counter()
    curve: Counter[int] = Counter()
    for card, n in counts:
        by_type[card.get("type", "?")] += n
        if isinstance(card.get("cost"), int):
            curve[card["cost"]] += n
    costed = sum(curve.values())
    out: dict[str, Any] = {
        "deck": deck.path, "game": deck.game, "name": deck.name, "size": size, "distinct": len(counts),
        "unresolved": sum(r.entry.count for r in resolved.main if r.card is None),
        "by_type": _ordered(by_type, game.card_types if game else None),
        # Every cost from 0 to the highest, so the curve shows its gaps.
        "cost_curve": {str(c): curve.get(c, 0) for c in range(0, max(curve) + 1)} if curve else {},
        "average_cost": round(sum(c * n for c, n in curve.items()) / costed, 2) if costed else None,
    }
    if game is not None and game.deck_stats is not None:
        out.update(game.hook("deck_stats")(counts, size))
    return out
