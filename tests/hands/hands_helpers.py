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


def engine_odds(engine_class, cards, cond, q, keep=None):
    """(the odds engine ``engine_class`` built for ``cond`` kept by ``keep`` (default ``cond``), its block odds of ``q``)."""
    from deckkit.hands.odds import atoms_of
    from deckkit.hands.odds_terms import block_odds

    keep_cond = keep or cond
    queries, sigs, counts = atoms_of([cond, keep_cond], cards)
    engine = engine_class(counts, sigs, {"cond": cond, "keep": keep_cond}, queries)
    return engine, block_odds(engine, q.sizes, q.draws, q.mulligan == "bottom")
