"""Values from the user's input shown in messages, cut short: a 1 MB effect name or a card nested
hundreds of levels deep is named by its start and its length, never echoed whole.

Every message that repeats a value the user wrote (an unknown word, a value of the wrong kind, an
over-long id, a JSON key in a path) goes through :func:`shown` or :func:`shown_key`.
"""

from __future__ import annotations

import json
import reprlib
from typing import Any

__all__ = ["SHOWN_CHARS", "shown", "shown_key"]

#: The most characters of one value a message repeats.
SHOWN_CHARS = 60

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxdict = _REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxfrozenset = 4
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = SHOWN_CHARS


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """``value`` as Python writes it (``'word'``, ``{'x': 1}``, ``None``), at most about ``limit`` characters;
    a longer string keeps its start and says how long it is."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return repr(value[:limit]) + f"… ({len(value):,} characters)"
    try:
        text = _REPR.repr(value)
    except (RecursionError, ValueError):  # a value of a kind reprlib cannot bound (or an absurd number)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shown_key(key: Any, limit: int = SHOWN_CHARS) -> str:
    """A JSON key as a step of a path, as :func:`deckkit.schemas.card_problems` writes paths: ``.name`` when it
    reads as one, else ``["a key"]``; a longer key keeps its start and says how long it is."""
    if not isinstance(key, str):
        return f"[{shown(key, limit)}]"
    if key.isidentifier() and len(key) <= limit:
        return f".{key}"
    if len(key) <= limit:
        return f"[{json.dumps(key, ensure_ascii=False)}]"
    return f"[{json.dumps(key[:limit], ensure_ascii=False)}… ({len(key):,} characters)]"
