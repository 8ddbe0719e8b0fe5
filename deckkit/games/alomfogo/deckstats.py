"""Álomfogó's own deck statistics (the spec's ``deck_stats`` and ``render_stats`` hooks)."""

from __future__ import annotations

from typing import Any


def deck_stats(counts: list[tuple[dict, int]], size: int) -> dict[str, Any]:
    """``dreamwalkers``, ``attack_total`` and ``defense_total`` of the deck's dreamwalkers."""
    walkers = [(c, n) for c, n in counts if c.get("type") == "dreamwalker"]
    return {"dreamwalkers": sum(n for _, n in walkers),
            "attack_total": sum(c.get("attack", 0) * n for c, n in walkers),
            "defense_total": sum(c.get("defense", 0) * n for c, n in walkers)}


def render_stats(stats: dict[str, Any], bar_chart: Any) -> list[str]:
    """The dreamwalker line of ``deck stats``."""
    return [f"Dreamwalkers: {stats['dreamwalkers']}, attack total {stats['attack_total']}, "
            f"defence total {stats['defense_total']}"]
