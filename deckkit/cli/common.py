"""Shared CLI pieces: global state, output option, error reporting, catalogue access."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from deckkit.errors import DeckkitError

if TYPE_CHECKING:
    from typer._click import Context as ClickContext  # the context type Typer's groups are given


class HelpGroup(TyperGroup):
    """A command group that, given no command, prints its help and exits 0."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:
            typer.echo(ctx.get_help())
            ctx.exit(0)
        return super().parse_args(ctx, args)


# Options of the ``deckkit`` command itself that may also be given after the command.
_GLOBAL_WITH_VALUE = ("--db",)
_GLOBAL_FLAGS = ("--debug", "--create")


def hoist_global_options(args: list[str]) -> list[str]:
    """``args`` with the global options moved to the front, wherever they stood (up to a ``--``)."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg in _GLOBAL_WITH_VALUE and i + 1 < len(args):
            front.extend(args[i:i + 2])
            i += 2
            continue
        if arg in _GLOBAL_FLAGS or arg.startswith(tuple(o + "=" for o in _GLOBAL_WITH_VALUE)):
            front.append(arg)
        else:
            rest.append(arg)
        i += 1
    return front + rest


@dataclass
class _State:
    db: Path | None = None
    debug: bool = False
    create: bool = False
    output: str | None = None  # the command's -o value, once parsed
    data: bool = False  # the command writes data (an export, a deck file) to stdout, not a page for people
    stdin_taken: bool = False  # a file argument of this command already reads standard input


STATE = _State()


_FORMAT_HELP = {"table": "table (for people)", "json": "json", "csv": "csv", "jsonl": "jsonl (one JSON object a line)",
                "xlsx": "xlsx (a spreadsheet workbook)"}


def output_option(*formats: str, help: str | None = None) -> Any:
    """The ``-o/--output`` option of a command that writes exactly ``formats`` (the first is the default).

    Its help and completion list only those; any other value is refused at parse time with the one
    wording every command shares (see :func:`refuse_output`).
    """

    def check(ctx: typer.Context, value: str | None) -> str | None:
        if value is not None and value not in formats:
            refuse_output(ctx.command_path, value, formats)
        STATE.output = value  # tables (the default) show card text with control characters escaped
        return value

    def complete(incomplete: str) -> list[str]:
        return [f for f in formats if f.startswith(incomplete)]

    words = [_FORMAT_HELP[f] for f in formats]
    text = help or "Output: " + (", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]) + "."
    return Annotated[str, typer.Option("-o", "--output", metavar="|".join(formats), help=text, callback=check,
                                       autocompletion=complete, show_default=False)]


def refuse_output(command: str, value: str, formats: tuple[str, ...] | list[str]) -> None:
    """Raise the usage error (exit 2) for an output format ``command`` does not write."""
    from deckkit.errors import UsageError

    choices = [f"-o {f}" for f in formats]
    raise UsageError(f"{command} has no {value} output",
                     hint="use " + (", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0]))


# The output options by what a command writes: a list of records also goes out as csv and jsonl.
Output = output_option("table", "json")
RecordsOutput = output_option("table", "json", "csv", "jsonl")
# Made here, not in a signature: a type checker cannot read an annotation that is a call.
GoldfishOutput = output_option("table", "json", help="Output: table (for people) or json; per-game rows: "
                               "--games-out FILE.csv or FILE.jsonl.")
# The error rates of a sequential test (--sprt) and of the planner (--plan), the same in goldfish and match.
Alpha = Annotated[float, typer.Option(help="--sprt/--plan: the false-positive rate (0 to 0.5).")]
Beta = Annotated[float, typer.Option(help="--sprt/--plan: the false-negative rate, 1 − power (0 to 0.5).")]
# goldfish, match and tune: keep no result in the catalogue's deck history.
NoHistory = Annotated[bool, typer.Option("--no-history", help="Keep no record of the result in the catalogue "
                                                              "(deckkit deck history lists the kept ones).")]
ExportOutput = output_option("json", "jsonl", "csv", "xlsx", help="json (default), jsonl, csv or xlsx (a "
                             "workbook, to --file; needs the xlsx extra); from --file's suffix if not given.")


def data_output() -> None:
    """Mark this command's stdout as data (written unchanged, control characters included)."""
    STATE.data = True


def for_people() -> bool:
    """Whether stdout is a page for people, so control characters from cards are shown escaped."""
    return not STATE.data and STATE.output in (None, "table")


def err(message: str) -> None:
    """Write one line to stderr, control characters (from cards, files, arguments) shown escaped."""
    from deckkit.terminal import escape

    typer.echo(escape(message), err=True)


def report_error(exc: DeckkitError) -> None:
    """Print a library error as ``error: …`` plus its problems and hint, on stderr."""
    err(f"error: {exc}")
    for line in getattr(exc, "detail", None) or []:  # e.g. a query and a caret under the mistake
        err(f"  {line}")
    problems = getattr(exc, "problems", None) or []
    for problem in problems:
        err(f"  {problem}")
    if getattr(exc, "legal", None):
        err("legal actions: " + "; ".join(exc.legal))  # type: ignore[attr-defined]
    if exc.hint:
        err(f"hint: {exc.hint}")


_SQLITE_FULL, _SQLITE_IOERR = 13, 10
# SQLite's extended codes for a failed write, truncate or sync (a full disk fails these).
_WRITE_ERRORS = {778: "write", 1034: "fsync", 1290: "dir-fsync", 1546: "truncate", 3338: "shm-size"}
_UNCHANGED = "SQLite rolled the change back, so the catalogue is as it was"


def catalogue_failure(exc: Exception) -> DeckkitError:
    """The error to report when SQLite fails while a command uses the catalogue.

    A full disk (or a write refused by a size limit) is named as such: the file is healthy, and
    moving it away, the advice for a damaged one, would be wrong.
    """
    from deckkit.errors import CatalogueError

    path = _chosen_db_path()
    code = getattr(exc, "sqlite_errorcode", 0) or 0
    if code == _SQLITE_FULL or code in _WRITE_ERRORS:
        return CatalogueError(f"the catalogue could not be written: {_why_not_written(path, code)}", path=str(path),
                              hint=f"free some space (or raise the limit) and run the command again; {_UNCHANGED}")
    if code & 0xFF == _SQLITE_IOERR:
        return CatalogueError(f"the disk failed while the catalogue was read ({exc})", path=str(path),
                              hint="check the disk; deckkit db check tells whether the file itself is damaged")
    return CatalogueError(f"the catalogue could not be used: {exc}", path=str(_chosen_db_path()),
                          hint="deckkit db check tells what is wrong; restore a backup, or move the file away "
                               "and deckkit creates a fresh one (then import your cards again)")


def _why_not_written(path: Path, code: int) -> str:
    """Why a write to the catalogue failed, as far as can be told afterwards."""
    import shutil

    try:
        free = shutil.disk_usage(path.parent).free
    except OSError:
        free = None
    if free is not None and free < 64 << 20:
        return f"the disk is full ({free // 1024:,} KB free)"
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        if limit != resource.RLIM_INFINITY:
            return f"the disk is full, or a file size limit of {limit:,} bytes was reached (ulimit -f)"
    except (ImportError, OSError, ValueError):  # no such limit here (Windows)
        pass
    if code == _SQLITE_FULL:
        return "the disk is full (or a quota or size limit was reached)"
    return f"the disk refused a {_WRITE_ERRORS[code]} (a full disk, a quota, or a failing disk)"


def _chosen_db_path() -> Path:
    from deckkit.paths import default_db_path

    return STATE.db or default_db_path()


def db_path() -> Path:
    """The catalogue path chosen by ``--db`` / ``$DECKKIT_DB`` / the default location, ready to open.

    A missing catalogue is created and filled here, with a one-line notice on stderr. A folder
    named by ``--db`` or ``$DECKKIT_DB`` is never created silently: that is a clear error unless
    ``--create`` was given (the default location's folder is made as needed).
    """
    path = _chosen_db_path()
    if path.exists():
        return path
    if STATE.db is not None and not path.parent.is_dir() and not STATE.create:
        from deckkit.errors import CatalogueError

        what = "is not a folder" if path.parent.exists() else "does not exist"
        raise CatalogueError(f"{path.parent} {what}", path=str(path),
                             hint="check --db (or $DECKKIT_DB), or add --create to make the folder and a new "
                                  "catalogue there")
    from deckkit.catalogue import open_catalogue

    if STATE.create:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            from deckkit.errors import CatalogueError

            raise CatalogueError(f"cannot create the folder {path.parent}: {exc.strerror}", path=str(path)) from None
    cat = open_catalogue(path)
    try:
        cards = cat.count()
    finally:
        cat.close()
    err(f"created the catalogue {path} with the {cards:,} bundled cards")
    return path


def print_json(data: Any) -> None:
    """Write JSON (UTF-8, diacritics intact) to stdout."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def print_records(rows: list[dict], output: str) -> None:
    """Write a list of records to stdout as json, jsonl (one object a line) or csv.

    CSV columns are every key in first-seen order; a nested value (list, object) goes in its cell as
    JSON, as sqlite-utils writes it.
    """
    if output == "json":
        print_json(rows)
    elif output == "jsonl":
        sys.stdout.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    else:
        import csv

        columns = list(dict.fromkeys(k for r in rows for k in r))
        writer = csv.writer(sys.stdout, lineterminator="\n")
        if rows:
            writer.writerow(columns)
        for r in rows:
            writer.writerow([_cell(r.get(c)) for c in columns])


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


class Interrupted(Exception):
    """Stands for a Ctrl-C that reached deckkit disguised (e.g. inside an SQLite callback)."""


def library_error(exc: BaseException) -> DeckkitError | Interrupted | None:
    """The user-facing error for an exception no library code turned into a DeckkitError (None: quiet exit 1).

    The one mapping for the environment's failures: SQLite, a full disk or closed pipe on stdout,
    input nested too deeply, numbers too long for Python, text that cannot be encoded.
    """
    import errno

    from deckkit.errors import DataError

    sqlite3 = sys.modules.get("sqlite3")  # loaded if the catalogue was opened; not imported for --help
    if sqlite3 is not None and isinstance(exc, sqlite3.DatabaseError):
        regexre = sys.modules.get("deckkit.boundedre")
        hidden = regexre.pop_failure() if regexre is not None else None
        if isinstance(hidden, KeyboardInterrupt) or str(exc) == "interrupted":
            return Interrupted()
        if isinstance(hidden, DeckkitError):
            return hidden
        return catalogue_failure(exc)
    if isinstance(exc, BrokenPipeError):
        return None  # the reader went away (`deckkit search … | head`): nothing to say to it
    if isinstance(exc, OSError):
        why = exc.strerror or str(exc)
        if exc.filename is None:  # a write to stdout: the disk is full, the device failed
            hint = ("free some space on the disk that standard output goes to"
                    if exc.errno in (errno.ENOSPC, errno.EDQUOT) else "check where standard output goes")
            return DataError(f"cannot write the output: {why}", hint=hint)
        return DataError(f"{why}", path=str(exc.filename), hint="check the path and its permissions")
    if isinstance(exc, RecursionError):
        return DataError("the input is nested too deeply to be read",
                         hint="nest brackets, lists and objects at most a few hundred levels deep")
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return DataError("a number has too many digits", hint="numbers in deckkit's files have at most a few digits")
    if isinstance(exc, UnicodeError):
        return DataError("text that is not valid Unicode (a lone surrogate or an undecodable byte) "
                         "cannot be written", hint="remove or replace the character")
    if isinstance(exc, MemoryError):
        return DataError("out of memory", hint="the input is too large; split it")
    return DataError(f"internal error (a bug in deckkit): {type(exc).__name__}: {exc}",
                     hint="run again with --debug for a traceback and report it")


def quiet_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush of unwritable output says nothing."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real stdout (e.g. under a test runner)
        pass


def check_arguments(argv: list[str]) -> DeckkitError | None:
    """A usage error for a command-line argument that is not valid UTF-8 (Python decodes it to surrogates)."""
    from deckkit.errors import UsageError

    for n, arg in enumerate(argv, start=1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError as exc:
            raw = arg.encode("utf-8", "surrogateescape")[exc.start:exc.start + 1]
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            return UsageError(f"argument {n} ({shown!r}) is not valid UTF-8 (byte 0x{raw.hex() or '??'})",
                              hint="deckkit reads text as UTF-8: use a UTF-8 locale, or rename the file")
    return None


def _stdin() -> str:
    """The path that stands for standard input; a usage error the second time a command asks for it."""
    from deckkit.inputs import STDIN

    if STATE.stdin_taken:
        from deckkit.errors import UsageError

        raise UsageError("'-' (standard input) is given twice",
                         hint="standard input can feed one file argument; name files for the others")
    STATE.stdin_taken = True
    return STDIN


def input_file(arg: str | Path, kind: str | None) -> Path:
    """A file argument ready to read: ``-`` (standard input), the path given, or a bundled file's name.

    A name that is none of these is an error naming the argument, with the closest bundled names.
    """
    from deckkit.paths import bundled_hint, resolve_input

    text = str(arg)
    if text == "-":
        return Path(_stdin())
    resolved = resolve_input(text, kind) if kind else text
    if not Path(resolved).exists():
        from deckkit.errors import DataError

        raise DataError(f"no such file: {text}", hint=bundled_hint(text, kind) if kind else "check the path")
    return Path(resolved)


def input_files(args: list[str] | list[Path], kind: str | None) -> list[str]:
    """Several file arguments (``-``, paths, bundled names); missing files are left for the reader to report."""
    from deckkit.paths import resolve_input

    return [_stdin() if str(a) == "-" else resolve_input(str(a), kind) if kind else str(a) for a in args]
