"""Reading an input file that may be standard input: the CLI's ``-`` becomes the path ``<stdin>``.

Readers call :func:`read_bytes` instead of ``Path.read_bytes`` so every file argument takes ``-``;
messages then name the input ``<stdin>`` (``<stdin>:3: unknown card``). Standard input is read once
and kept, so a reader that looks at its input twice sees the same bytes.
"""

from __future__ import annotations

import errno
import sys
from pathlib import Path

STDIN = "<stdin>"

_cache: tuple[object, bytes] | None = None


def is_stdin(path: str | Path) -> bool:
    """Whether ``path`` stands for standard input."""
    return str(path) == STDIN


def read_stdin(limit: int | None = None) -> bytes:
    """The bytes of standard input, read once per stream (at most ``limit`` + 1 bytes, so a caller can tell it is too long)."""
    global _cache
    stream = sys.stdin
    if _cache is None or _cache[0] is not stream:
        if stream is None:  # started with standard input closed (`deckkit import - <&-`): Python sets it to None
            raise OSError(errno.EBADF, "standard input is closed: there is nothing to read from '-'")
        buffer = getattr(stream, "buffer", None)
        size = -1 if limit is None else limit + 1
        try:
            data = buffer.read(size) if buffer is not None else stream.read(size).encode("utf-8")
        except ValueError:  # "I/O operation on closed file"
            raise OSError(errno.EBADF, "standard input is closed: there is nothing to read from '-'") from None
        _cache = (stream, data)
    return _cache[1]


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a file, or of standard input for :data:`STDIN` (read once per stream)."""
    if not is_stdin(path):
        return Path(path).read_bytes()
    return read_stdin()
