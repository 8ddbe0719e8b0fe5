"""Folding text for search keys: ``ejlepo kajtar`` matches *Éjlépő Kajtár*."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Letters that NFKD does not decompose into base + combining mark.
_EXTRA = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _drop_combining(m: re.Match) -> str:
    ch = m.group()
    return "" if unicodedata.combining(ch) else ch


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Casefold, decompose and strip combining marks; collapse runs of white space."""
    if text.isascii():  # same result, much faster: bulk imports fold every name and rules text
        return " ".join(text.lower().split())
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    # Only non-ASCII characters can be combining marks: test just those.
    stripped = _NON_ASCII.sub(_drop_combining, decomposed)
    return " ".join(stripped.translate(_EXTRA).split())
