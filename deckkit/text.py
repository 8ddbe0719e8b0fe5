"""Folding text for search keys: ``ejlepo kajtar`` matches *Éjlépő Kajtár*."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Letters that NFKD does not decompose into base + combining mark.
_EXTRA = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})


class _Strip(dict):
    """str.translate table: combining marks -> removed, _EXTRA letters -> replaced; filled lazily per character."""

    def __missing__(self, cp: int):
        ch = chr(cp)
        value = None if unicodedata.combining(ch) else _EXTRA.get(cp, cp)
        self[cp] = value
        return value


_STRIP = _Strip()


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Casefold, decompose and strip combining marks; collapse runs of white space."""
    if text.isascii():  # same result, much faster: bulk imports fold every name and rules text
        return " ".join(text.lower().split())
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    # One translate pass drops the marks and maps the extra letters (C-speed after the first sight of a character).
    return " ".join(decomposed.translate(_STRIP).split())
