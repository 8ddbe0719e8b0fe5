"""Text bound for a terminal: control characters from cards and files are shown escaped, never obeyed.

A card imported from anywhere may hold ANSI sequences (colours, cursor moves), OSC sequences (a
window title, a hyperlink, a clipboard write), BEL, NUL, a carriage return that overwrites the line,
or bidirectional overrides that reorder what is shown. :func:`escape` turns each into a visible
``\\x1b`` / ``\\u202e``; line breaks and tabs stay (they are the layout of tables and texts).

The CLI wraps standard output in a :class:`SafeStream` for output meant for people (tables), and
escapes every message it writes to stderr; JSON, JSON Lines and CSV go out unchanged (they are data,
and JSON escapes control characters itself).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

# C0 controls but \t and \n, DEL, C1 controls, bidi embeddings/overrides/isolates, lone surrogates.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escaped(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    """``text`` with every control character (but line breaks and tabs) written as a visible escape."""
    return _UNSAFE.sub(_escaped, text) if _UNSAFE.search(text) else text


def has_control(text: str) -> bool:
    """Whether :func:`escape` would change ``text`` (or it holds a line break or tab)."""
    return _UNSAFE.search(text) is not None or "\n" in text or "\t" in text


class SafeStream(io.TextIOBase):
    """A text stream that writes through :func:`escape` while ``active()`` says so (else unchanged)."""

    def __init__(self, inner: Any, active: Callable[[], bool]) -> None:
        self._inner = inner
        self._active = active

    def write(self, text: str) -> int:
        self._inner.write(escape(text) if self._active() else text)
        return len(text)

    def flush(self) -> None:
        self._inner.flush()

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._inner.isatty()

    def fileno(self) -> int:
        return self._inner.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._inner, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self._inner, "errors", None)

    @property
    def buffer(self) -> Any:
        return self._inner.buffer

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)
