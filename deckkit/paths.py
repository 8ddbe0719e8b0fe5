"""Where the bundled data and schemas live (wheel install or source tree) and where the catalogue goes."""

from __future__ import annotations

import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _bundled(name: str) -> Path:
    inside = _PKG / "_bundled" / name  # wheel install: force-included by hatch
    if inside.is_dir():
        return inside
    return _PKG.parent / name  # source tree / editable install


def data_dir() -> Path:
    """The bundled ``data/`` folder (cards, formats, decks, scripts)."""
    return _bundled("data")


def schemas_dir() -> Path:
    """The bundled ``schemas/`` folder."""
    return _bundled("schemas")


def default_db_path() -> Path:
    """``$DECKKIT_DB``, else ``$XDG_DATA_HOME/deckkit/catalogue.db``, else ``~/.local/share/deckkit/catalogue.db``."""
    env = os.environ.get("DECKKIT_DB")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "deckkit" / "catalogue.db"


# The files deckkit ships, by kind: (folder under data/, the suffixes a bare name may leave out).
BUNDLED_KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "deck": ("decks", (".deck", ".json")),
    "format": ("formats", (".json",)),
    "strategy": ("strategies", (".toml",)),
    "script": ("scripts", (".deckkit.toml",)),
}


def bundled_files(kind: str) -> dict[str, Path]:
    """The shipped files of one kind (``deck``, ``format``, ``strategy``, ``script``) by bare name, sorted."""
    folder, suffixes = BUNDLED_KINDS[kind]
    root = data_dir() / folder
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*")) if root.is_dir() else []:
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None and path.is_file():
            found.setdefault(path.name[: -len(suffix)], path)
    return dict(sorted(found.items()))


def bundled_path(name: str, kind: str) -> Path | None:
    """The shipped file a bare name (``obludarium-standard``, or with its suffix) stands for, if any."""
    if not name or "/" in name or os.sep in name:
        return None
    files = bundled_files(kind)
    if name in files:
        return files[name]
    return next((p for p in files.values() if p.name == name), None)


def portable_path(path: str | Path, base: str | Path) -> str:
    """How a file deckkit writes in the folder ``base`` names the file ``path``, so that it still works
    when the folder is moved or sent: a shipped file by its bare name (found by name on any machine,
    :func:`resolve_input`), any other file relative to ``base``; absolute only where no relative path
    exists (another drive)."""
    real = Path(path).resolve()
    if real.is_relative_to(data_dir().resolve()):
        for kind in BUNDLED_KINDS:
            for name, shipped in bundled_files(kind).items():
                if shipped.resolve() == real:
                    return name
    try:
        return Path(os.path.relpath(real, Path(base).resolve())).as_posix()
    except ValueError:  # another drive (Windows)
        return real.as_posix()


def resolve_input(arg: str, kind: str) -> str:
    """A file argument as given, unless it names no file but a shipped one: then that file's path.

    A file in the current folder always wins over a bundled file of the same name.
    """
    if arg == "-" or Path(arg).exists():
        return arg
    found = bundled_path(arg, kind)
    return str(found) if found is not None else arg


def bundled_hint(arg: str, kind: str) -> str:
    """A hint for a file argument that names nothing: the close bundled names, and how to list them all."""
    import difflib

    names = list(bundled_files(kind))
    close = difflib.get_close_matches(Path(arg).name, names, n=3, cutoff=0.5)
    lead = f"did you mean the bundled {kind} {' or '.join(close)}? " if close else ""
    return lead + f"a bundled {kind} works by name from any folder: deckkit bundled --kind {kind} lists them"
