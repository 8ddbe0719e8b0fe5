"""Helpers shared by the hands tests (imported by module name, not through conftest)."""

from __future__ import annotations


def make_deck(**groups: int) -> list[dict]:
    """A synthetic deck: ``make_deck(food=20, monster=30)`` -> card dicts, one id per type."""
    cards: list[dict] = []
    for typ, n in groups.items():
        cost = None if typ == "food" else 2
        card = {"id": f"x-{typ}", "game": "obludarium", "name": typ.capitalize(), "type": typ}
        if cost is not None:
            card["cost"] = cost
        cards.extend([card] * n)
    return cards
