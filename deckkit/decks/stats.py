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

    Keys: ``deck, game, name, size, distinct, unresolved, by_type, cost_curve, average_cost`` and per
    game: Obludárium ``food, food_share`` (OB-207); Álomfogó ``dreamwalkers, attack_total,
    defense_total``; Kotlík ``by_label, by_number, ingredients``.
    """
    from deckkit.engine.registry import find

    deck = resolved.deck
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
        "by_type": _ordered(by_type, game.card_types if (game := find(deck.game)) else None),
        # Every cost from 0 to the highest, so the curve shows its gaps.
        "cost_curve": {str(c): curve.get(c, 0) for c in range(0, max(curve) + 1)} if curve else {},
        "average_cost": round(sum(c * n for c, n in curve.items()) / costed, 2) if costed else None,
    }
    if deck.game == "obludarium":
        food = by_type.get("food", 0)
        out["food"] = food
        out["food_share"] = round(food / size, 4) if size else None
    elif deck.game == "alomfogo":
        walkers = [(c, n) for c, n in counts if c.get("type") == "dreamwalker"]
        out["dreamwalkers"] = sum(n for _, n in walkers)
        out["attack_total"] = sum(c.get("attack", 0) * n for c, n in walkers)
        out["defense_total"] = sum(c.get("defense", 0) * n for c, n in walkers)
    elif deck.game == "kotlik":
        ingredients = [(c, n) for c, n in counts if c.get("type") == "ingredient"]
        labels: Counter[str] = Counter()
        numbers: Counter[int] = Counter()
        for c, n in ingredients:
            labels[c.get("label")] += n
            numbers[c.get("number")] += n
        order = ("white", "black", "green", "grey", "brown", "blue", "yellow")
        out["by_label"] = _ordered(labels, order)
        out["by_number"] = _ordered(numbers, (1, 2, 3, 4))
        out["ingredients"] = len({c.get("ingredient") for c, _ in ingredients})
    return out
