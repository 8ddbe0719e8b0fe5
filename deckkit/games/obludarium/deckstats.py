"""Obludárium's own deck statistics (the spec's ``deck_stats`` and ``render_stats`` hooks)."""

from __future__ import annotations

from typing import Any


def deck_stats(counts: list[tuple[dict, int]], size: int) -> dict[str, Any]:
    """``food`` and ``food_share``: how much of the deck is food (about a third is advised, OB-207)."""
    food = sum(n for card, n in counts if card.get("type") == "food")
    return {"food": food, "food_share": round(food / size, 4) if size else None}


def render_stats(stats: dict[str, Any], bar_chart: Any) -> list[str]:
    """The food line of ``deck stats``."""
    if stats["food_share"] is None:
        return []
    return [f"Food: {stats['food']} of {stats['size']} = {stats['food_share']:.0%} (about one third advised, OB-207)"]
