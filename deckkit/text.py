"""Folding text for search keys: ``ejlepo kajtar`` matches *Éjlépő Kajtár*."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Letters that NFKD does not decompose into base + combining mark.
_EXTRA = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Casefold, decompose and strip combining marks; collapse runs of white space."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.translate(_EXTRA).split())
