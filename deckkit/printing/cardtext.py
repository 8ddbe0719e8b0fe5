"""The rules text a card shows: its own ``text`` in the language the designer wrote it, else the English
the ability renderer writes from its abilities; and whether the two disagree in their numbers."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

# A number standing alone (not a rule number's tail such as OB-319), with or without its sign.
_NUMBER = re.compile(r"(?<![\w-])[+\u2212-]?(\d+)(?!\w)")
# 0 and 1 are as often written as words ("no defence", "a card"), so they are not compared.
_WORDS = {0, 1}


def rendered(card: dict[str, Any]) -> list[str]:
    """The card's abilities as English sentences (the game's ability renderer; empty without abilities)."""
    from deckkit.engine.registry import find

    game = find(card.get("game"))
    return game.ability_text(card) if game is not None else []


def rules_text(card: dict[str, Any]) -> str:
    """What the card's text box says: its ``text``, else its abilities in English, else ""."""
    text = card.get("text")
    if isinstance(text, str) and text.strip():
        return text.strip()
    return " ".join(rendered(card))


def numbers(text: str) -> Counter[int]:
    """The whole numbers a text mentions (a sign counts: +2 and 2 are the same number)."""
    return Counter(int(n) for n in _NUMBER.findall(text))


def numbers_disagree(card: dict[str, Any]) -> tuple[list[int], list[int]] | None:
    """When a card has both text and abilities: (numbers only its text mentions, numbers only the
    rendered abilities mention), or None when they mention the same numbers (or there is nothing to compare)."""
    text = card.get("text")
    english = " ".join(rendered(card))
    if not isinstance(text, str) or not text.strip() or not english:
        return None
    own, written = set(numbers(text)) - _WORDS, set(numbers(english)) - _WORDS
    if own == written:
        return None
    return sorted(own - written), sorted(written - own)
