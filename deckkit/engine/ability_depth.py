"""How deeply a card's abilities may nest: one limit for the checker, the importer and every reader.

The checker (:mod:`deckkit.engine.ability_check`) refuses a card nested deeper than
:data:`MAX_ABILITY_DEPTH` before it walks it, with the JSON path where it goes too deep, and so does
the import's schema check (:func:`deckkit.schemas.card_problems`) before the reference validator, which
recurses too. Everything that reads abilities (their English, the engines, saving a game) reads what the
checker accepted, so none of them meets a card deeper than the limit.
"""

from __future__ import annotations

from typing import Any

from deckkit.echo import shown_key
from deckkit.engine.effects import AbilityProblem

__all__ = ["MAX_ABILITY_DEPTH", "too_deep", "depth_problem"]

#: How deeply a card's ``abilities`` may nest lists and objects (the list itself is level 1; the deepest
#: shipped card uses 8).
MAX_ABILITY_DEPTH = 32


def too_deep(abilities: Any, path: str = "$.abilities", limit: int = MAX_ABILITY_DEPTH) -> str | None:
    """The JSON path of the first list or object of ``abilities`` nested deeper than ``limit``, or None.

    It walks without recursion, so a card nested thousands of levels deep is measured, not a crash.
    """
    if _depth_within(abilities, limit):  # the common case, found without building paths
        return None
    stack: list[tuple[Any, str, int]] = [(abilities, path, 1)]
    while stack:
        node, at, depth = stack.pop()
        if isinstance(node, dict):
            items: Any = ((at + shown_key(k), v) for k, v in node.items())
        elif isinstance(node, list):
            items = ((f"{at}[{i}]", v) for i, v in enumerate(node))
        else:
            continue
        if depth > limit:
            return at
        stack.extend(reversed([(v, sub, depth + 1) for sub, v in items if isinstance(v, (dict, list))]))
    return None


def _depth_within(node: Any, limit: int) -> bool:
    """Whether ``node`` nests no more than ``limit`` levels of lists and objects."""
    level, depth = [node], 0
    while level:
        depth += 1
        if depth > limit:
            return False
        below = []
        for item in level:
            values = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
            below += [v for v in values if isinstance(v, (dict, list))]
        level = below
    return True


def depth_problem(abilities: Any, path: str, limit: int = MAX_ABILITY_DEPTH) -> AbilityProblem | None:
    """A problem at the first place ``abilities`` nest deeper than the language allows (the compiler, the
    English and the engines all recurse over what it builds), or None."""
    at = too_deep(abilities, path, limit)
    if at is None:
        return None
    return AbilityProblem(at, f"the abilities nest more than {MAX_ABILITY_DEPTH} levels of lists and objects deep",
                          "write the filter or condition flatter (a card's abilities need a handful of levels: "
                          "the deepest shipped card uses 8)")
