"""What the printing modules share: their error, the extra's check, colours and atomic output files."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from deckkit.errors import UsageError

EXTRA_HINT = "pip install 'deckkit[print]' (the print extra: fpdf2 and Pillow)"


class PrintError(UsageError):
    """Bad input to print, render or export: a layout, a paper, an image, a font, an output path (exit 2)."""


def require(*modules: str) -> None:
    """Fail with a one-line hint when a library of the ``print`` extra is not installed."""
    import importlib.util

    for name in modules:
        if importlib.util.find_spec(name) is None:
            raise PrintError(f"this command needs the Python package {name!r}, which is not installed",
                             hint=EXTRA_HINT)


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` (as the layout schema allows it) as three 0-255 numbers."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def check_output_folder(path: Path, what: str = "output file") -> None:
    """Refuse, before any drawing, an output whose folder is missing or not writable."""
    import os

    if str(path) == "-":
        return
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise PrintError(f"the folder of the {what} does not exist", path=str(path),
                         hint="create the folder first or choose another path")
    if not os.access(folder, os.W_OK):
        raise PrintError(f"the folder of the {what} is not writable", path=str(path),
                         hint="choose another path or fix the folder's permissions")
    if path.is_dir():
        raise PrintError(f"the {what} is a folder", path=str(path), hint="give a file name")


@contextlib.contextmanager
def output_file(path: Path, what: str = "output file") -> Iterator[IO[bytes]]:
    """A binary file that replaces ``path`` only when complete (deckkit.fileio), failures as PrintError;
    ``-`` is standard output."""
    from deckkit.fileio import FileWriteError, atomic_open

    if str(path) == "-":  # standard output: written once the whole file is made
        import sys

        yield sys.stdout.buffer
        sys.stdout.buffer.flush()
        return
    check_output_folder(path, what)
    try:
        with atomic_open(path, "wb") as fh:
            yield fh
    except FileWriteError as exc:
        raise PrintError(exc.message, path=exc.path, hint=exc.hint) from None
