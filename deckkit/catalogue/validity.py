"""The fast answer of an import's check: are all the records valid cards, with no id twice?

Most imports are valid, so this is decided with as little Python per card as possible; the
importer explains any problem with its slower, record-by-record check.
"""

from __future__ import annotations

from operator import itemgetter

from deckkit.schemas import ability_problems, fast_cards_check

__all__ = ["all_valid"]


def all_valid(datas: list) -> bool:
    """True if every record is a valid card and no id repeats (the common case: one jsonschema-rs call)."""
    if not fast_cards_check(datas):
        return False
    ids = set(map(itemgetter("id"), datas))  # valid cards all have a string id
    # Schema-valid abilities may still not work together (the game's own check): a card with any is looked at.
    return len(ids) == len(datas) and not _any_ability_problem(datas)


def _any_ability_problem(datas: list) -> bool:
    """Whether any valid card's abilities cannot work.

    A game that writes the ability language checks a card by its non-prose fields alone (its checker
    remembers each answer by them, deckkit.engine.ability_check.card_problems), so each distinct set
    of them is asked about once: catalogues repeat a few hundred abilities over thousands of cards.
    """
    from deckkit.engine.ability_check import PROSE_FIELDS
    from deckkit.engine.ability_warnings import speaks

    try:
        import orjson
    except ImportError:  # pragma: no cover - a declared dependency
        return any(ability_problems(d) for d in datas if "abilities" in d)
    dumps, sort_keys = orjson.dumps, orjson.OPT_SORT_KEYS
    seen: set[bytes] = set()
    for d in datas:
        if "abilities" not in d:
            continue
        if speaks(d["game"]) is not None:  # valid cards: game is a string
            try:
                key = dumps({k: v for k, v in d.items() if k not in PROSE_FIELDS}, option=sort_keys)
            except (TypeError, ValueError):  # a value orjson does not take: checked afresh
                key = None
            if key is not None:
                if key in seen:
                    continue
                seen.add(key)
        if ability_problems(d):
            return True
    return False
