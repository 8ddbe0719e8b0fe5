"""Every file deckkit writes for a user goes through here: atomically, faithfully, with one kind of error.

``write_text(path, text)`` (or ``with atomic_open(path) as fh:`` for writers that stream) writes a
temporary file in the target's own folder, flushes it to disk and renames it over the target only
when it is complete, so a full disk, a crash or Ctrl-C leaves the old file intact and no stray file
behind. A symlink is followed (its target is updated, the link stays); an existing file keeps its
permission bits; a new file gets the user's umask; a read-only file is refused, never rewritten.
A special file (``/dev/null``, a FIFO, a terminal) is written in place, since it cannot be
replaced. Failures raise :class:`FileWriteError` (exit 1) naming the file and what to do.

``read_text(path, what=…)`` is the matching reader for user input files: regular files, and pipes
and FIFOs read once to their end (``import <(cat f)``), at most ``MAX_INPUT_BYTES``; a device such
as ``/dev/zero`` is refused rather than read for ever.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from deckkit.errors import DataError

MAX_INPUT_BYTES = 256 * 1024 * 1024  # far above any real card file; keeps a runaway file from eating memory


class FileWriteError(DataError):
    """A user file could not be written; the old file (if any) is untouched."""


class FileReadError(DataError):
    """A user input file could not be read (missing, special, too large, unreadable)."""


def _umask() -> int:
    # os.umask can only be read by setting it; the CLI is single-threaded when it writes files.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_HINTS = {
    errno.ENOSPC: "the disk is full: free some space and try again",
    errno.EDQUOT: "the disk quota is used up: free some space and try again",
    errno.EACCES: "the folder is not writable by you: choose another path or fix its permissions",
    errno.EPERM: "the folder is not writable by you: choose another path or fix its permissions",
    errno.EROFS: "the file system is read-only: write somewhere else",
    errno.ENOENT: "the folder does not exist: create it first or choose another path",
    errno.ENOTDIR: "a part of the path is not a folder: choose another path",
    errno.EISDIR: "that is a folder: give a file name",
    errno.EFBIG: "the file would be too large for this file system",
    errno.ENAMETOOLONG: "choose a shorter file name",
}


def write_error(path: str | Path, exc: OSError) -> FileWriteError:
    """The error for an OSError raised while writing ``path``."""
    why = exc.strerror or str(exc)
    return FileWriteError(f"cannot write the file: {why}", path=str(path),
                          hint=_HINTS.get(exc.errno or 0, "check the path and the disk, then try again"))


def _target(path: Path) -> Path:
    """The file a write to ``path`` must update: a symlink's (final) target, else ``path`` itself."""
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def _open_for_write(file: Path | int, binary: bool, encoding: str | None, newline: str | None) -> IO[Any]:
    """``file`` (a path or an open descriptor, as :func:`os.fdopen` takes) opened to write, binary or text."""
    if binary:
        return open(file, "wb")  # noqa: SIM115 - the caller closes it
    return open(file, "w", encoding=encoding, newline=newline)  # noqa: SIM115 - the caller closes it


@contextlib.contextmanager
def atomic_open(path: str | Path, mode: str = "w", *, encoding: str | None = "utf-8",
                newline: str | None = None) -> Iterator[IO]:
    """A file object whose contents replace ``path`` only if the ``with`` block completes.

    ``mode`` is ``"w"`` (text, ``encoding``/``newline`` as for :func:`open`) or ``"wb"``.
    Raises :class:`FileWriteError` for a read-only target, a folder, or any failure to write.
    """
    if mode not in ("w", "wb"):
        raise ValueError("atomic_open writes whole files: mode 'w' or 'wb'")
    shown = Path(path)
    target = _target(shown)
    binary = mode == "wb"
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise write_error(shown, exc) from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise FileWriteError("cannot write the file: it is a folder", path=str(shown), hint=_HINTS[errno.EISDIR])
    if st is not None and not stat.S_ISREG(st.st_mode):
        # /dev/null, a FIFO, a terminal: nothing to replace, write straight into it.
        try:
            fh = _open_for_write(target, binary, encoding, newline)
        except OSError as exc:
            raise write_error(shown, exc) from None
        try:
            yield fh
            fh.close()
        except OSError as exc:
            raise write_error(shown, exc) from None
        finally:
            with contextlib.suppress(OSError):
                fh.close()
        return
    if st is not None and (not st.st_mode & 0o222 or not os.access(target, os.W_OK)):
        raise FileWriteError("the file is read-only; deckkit leaves it as it is", path=str(shown),
                             hint=f"make it writable first (chmod u+w {shown}) or write to another file")
    perms = stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_umask()
    folder = target.parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise write_error(shown, exc) from None
    done = False
    try:
        with _open_for_write(fd, binary, encoding, newline) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, perms)
        os.replace(tmp, target)
        done = True
    except OSError as exc:
        raise write_error(shown, exc) from None
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


@contextlib.contextmanager
def edit_lock(path: str | Path) -> Iterator[None]:
    """Hold an exclusive lock for a read-modify-write of ``path`` (another deckkit editing it waits).

    A write replaces the file by a new one, so the file itself cannot carry the lock: it is taken
    on the folder that holds the (symlink's target) file, with ``flock``, which the kernel drops when
    the process ends however it ends. No lock file is left behind. Where there is no ``flock``
    (Windows) or the folder cannot be opened, the edit goes ahead unlocked, as before.
    """
    try:
        import fcntl
    except ImportError:  # Windows
        yield
        return
    folder = _target(Path(path)).parent
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:  # a file system without locks
            pass
        yield
    finally:
        os.close(fd)  # closing drops the lock


def write_text(path: str | Path, text: str, *, encoding: str = "utf-8", newline: str | None = None) -> None:
    """Replace ``path`` with ``text`` atomically (see the module docstring); FileWriteError if it cannot."""
    with atomic_open(path, "w", encoding=encoding, newline=newline) as fh:
        fh.write(text)


def write_bytes(path: str | Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically; FileWriteError if it cannot."""
    with atomic_open(path, "wb") as fh:
        fh.write(data)


def read_bytes(path: str | Path, *, what: str = "file", limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a regular file or a pipe of at most ``limit`` bytes; FileReadError otherwise.

    A pipe or FIFO is read once to its end (and held to the limit); devices and sockets are refused
    before they are opened (``/dev/zero`` would never end); a file growing past ``limit`` while read
    is refused too.
    The path ``<stdin>`` (the CLI's ``-``) is standard input, read once and held to the same limit.
    """
    shown = str(path)
    from deckkit.inputs import is_stdin, read_stdin

    if is_stdin(path):
        return _read_capped(lambda: read_stdin(limit), what, shown, limit)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise FileReadError(f"no such {what}", path=shown, hint="check the path") from None
    except OSError as exc:
        raise FileReadError(f"cannot read the {what}: {exc.strerror or exc}", path=shown) from None
    if stat.S_ISDIR(st.st_mode):
        raise FileReadError(f"this is a folder, not a {what}", path=shown, hint="give a file inside it")
    if stat.S_ISFIFO(st.st_mode):  # a pipe: `import <(cat cards.json)`, or a named FIFO
        return _read_capped(lambda: _read_pipe(path, limit), what, shown, limit)
    if not stat.S_ISREG(st.st_mode):
        raise FileReadError(f"not a regular file (a device or socket): deckkit reads {what}s from files and pipes",
                            path=shown, hint="save the data to a file first")
    if st.st_size > limit:
        raise FileReadError(f"the {what} is too large ({st.st_size:,} bytes; the limit is {limit:,})", path=shown,
                            hint="split it into smaller files")

    def read_file() -> bytes:
        with open(path, "rb") as fh:
            return fh.read(limit + 1)

    return _read_capped(read_file, what, shown, limit)


_pipes: dict[str, bytes] = {}  # a pipe can be read once; a reader that looks twice gets the same bytes


def _read_pipe(path: str | Path, limit: int) -> bytes:
    """A pipe's bytes up to its end (at most ``limit`` + 1 of them).

    It is opened without waiting: a named FIFO nobody writes to reads as empty instead of blocking
    for ever; once open, reading waits for the writer as a pipe does.
    """
    key = os.path.abspath(path)
    if key in _pipes:
        return _pipes[key]
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    finally:
        os.close(fd)
    _pipes[key] = data
    return data


def _read_capped(read: Callable[[], bytes], what: str, shown: str, limit: int) -> bytes:
    """``read()``'s bytes, refused when reading fails or gives more than ``limit`` bytes."""
    try:
        data = read()
    except OSError as exc:
        raise FileReadError(f"cannot read the {what}: {exc.strerror or exc}", path=shown) from None
    if len(data) > limit:
        raise FileReadError(f"the {what} is too large (more than {limit:,} bytes)", path=shown,
                            hint="split it into smaller files")
    return data


def read_text(path: str | Path, *, what: str = "file", limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of a regular file (see :func:`read_bytes`); FileReadError naming the line of a bad byte."""
    data = read_bytes(path, what=what, limit=limit)
    try:
        return data.decode("utf-8-sig")  # a byte-order mark some editors write is not part of the text
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise FileReadError(f"line {line}: not UTF-8 text (byte 0x{data[exc.start]:02x} cannot be decoded)", path=str(path),
                            hint="save the file as UTF-8") from None


# ------------------------------------------------------------------ parsing users' JSON and TOML

MAX_NESTING = 200  # levels of [ and { (TOML: of arrays and tables); no deckkit file needs more than 6
_LONG_NUMBER = re.compile(r"\d{4000,}")


def _deepest(text: str, limit: int) -> int:
    """The offset where brackets outside strings first nest past ``limit`` levels (0 if never)."""
    depth = 0
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"?|\'[^\']*\'?|[\[{]|[\]}]', text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > limit:
                return m.start()
        elif c in "]}":
            depth -= 1
    return 0


def _too_deep(data: Any, limit: int) -> bool:
    """Whether parsed data nests lists and dicts past ``limit`` levels (iterative: never recurses itself)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")


def _surrogate_in(data: Any) -> str | None:
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                return f"\\u{ord(item[exc.start]):04x}"
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def lone_surrogate(text: str, data: Any) -> str | None:
    """What is wrong when JSON ``text`` parsed to ``data`` holds a lone surrogate (``\\ud800``), else None.

    Half of a UTF-16 pair is no character: no UTF-8 file, terminal or SQLite text can hold it. Only
    an escape can make one (decoded UTF-8 never holds them), so text without one is not walked.
    """
    if not _SURROGATE_ESCAPE.search(text):
        return None
    bad = _surrogate_in(data)
    return None if bad is None else f"the escape {bad} is half of a UTF-16 surrogate pair, not a character"


def loads_json(text: str, *, max_nesting: int | None = MAX_NESTING) -> Any:
    """``json.loads`` whose every failure is a :class:`json.JSONDecodeError` with a position.

    Nesting past ``max_nesting`` (Python would raise RecursionError, here or in whatever walks the
    data next) and numbers with thousands of digits (Python refuses to convert them) included.
    ``max_nesting=None`` skips the walk over the parsed data (bulk card files, checked by their schema).
    """
    try:
        data = json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError(f"nested more than {max_nesting or MAX_NESTING} levels deep", text,
                                   _deepest(text, max_nesting or MAX_NESTING)) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # "Exceeds the limit (4300 digits) for integer string conversion"
        m = _LONG_NUMBER.search(text)
        raise json.JSONDecodeError("a number with thousands of digits", text, m.start() if m else 0) from exc
    if max_nesting is not None and _too_deep(data, max_nesting):
        raise json.JSONDecodeError(f"nested more than {max_nesting} levels deep", text, _deepest(text, max_nesting))
    bad = lone_surrogate(text, data)
    if bad is not None:
        m = _SURROGATE_ESCAPE.search(text)
        raise json.JSONDecodeError(bad, text, m.start() if m else 0)
    return data


def loads_toml(text: str, *, max_nesting: int = MAX_NESTING) -> dict[str, Any]:
    """``tomllib.loads`` whose every failure is a :class:`tomllib.TOMLDecodeError` (deep nesting, huge numbers)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except RecursionError:
        line = text.count("\n", 0, _deepest(text, max_nesting)) + 1
        raise tomllib.TOMLDecodeError(f"arrays or tables nested more than {max_nesting} levels deep "
                                      f"(at line {line})") from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError as exc:
        m = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, m.start()) + 1 if m else 1
        raise tomllib.TOMLDecodeError(f"a number with thousands of digits (at line {line})") from exc
    if _too_deep(data, max_nesting):
        line = text.count("\n", 0, _deepest(text, max_nesting)) + 1
        raise tomllib.TOMLDecodeError(f"arrays or tables nested more than {max_nesting} levels deep (at line {line})")
    return data
