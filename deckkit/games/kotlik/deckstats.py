"""Kotlík's own deck statistics (the spec's ``deck_stats`` and ``render_stats`` hooks)."""

from __future__ import annotations

from collections import Counter
from typing import Any

_LABELS = ("white", "black", "green", "grey", "brown", "blue", "yellow")


def _ordered(counter: Counter, order: tuple) -> dict[str, int]:
    keys = [k for k in order if k in counter] + sorted((k for k in counter if k not in order), key=str)
    return {str(k): counter[k] for k in keys}


def deck_stats(counts: list[tuple[dict, int]], size: int) -> dict[str, Any]:
    """``by_label``, ``by_number`` and the number of different ``ingredients`` of the ingredient cards."""
    ingredients = [(c, n) for c, n in counts if c.get("type") == "ingredient"]
    # Catalogue cards always carry both (the card schema requires them); a hand-made dict may not.
    labels: Counter[str | None] = Counter()
    numbers: Counter[int | None] = Counter()
    for c, n in ingredients:
        labels[c.get("label")] += n
        numbers[c.get("number")] += n
    return {"by_label": _ordered(labels, _LABELS), "by_number": _ordered(numbers, (1, 2, 3, 4)),
            "ingredients": len({c.get("ingredient") for c, _ in ingredients})}


def render_stats(stats: dict[str, Any], bar_chart: Any) -> list[str]:
    """The ingredient, label and number lines of ``deck stats``."""
    return [f"Ingredients: {stats['ingredients']} different", "By label colour:",
            *bar_chart(stats["by_label"], width=20), "By number:", *bar_chart(stats["by_number"], width=20)]
