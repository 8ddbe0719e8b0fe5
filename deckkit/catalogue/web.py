"""The catalogue in a browser: Datasette metadata for a deckkit catalogue, and serving it.

The metadata gives the catalogue a title and a description, shows the readable ``card_view`` (one
row per card, the other names and the set read from the record) with facets by game, type and
cost and full-text search through the ``cards_fts`` index, documents each stored column, hides the
internal tables, and adds one canned query per registered game. Datasette is an optional extra
(``pip install 'deckkit[web]'``); nothing here imports it.

Serving runs Datasette in a child Python that cannot import from the user's folder: a card pack
unpacked there may hold a ``datasette.py`` or ``markupsafe.py``, and ``python -m`` would run it. The
child starts in a private empty folder with ``-P`` (no unsafe path entry), and it ends when deckkit
ends however deckkit ends (even ``kill -9``): it watches a pipe only deckkit holds, and the kernel
closes that pipe when deckkit dies. Its output reaches the user as one-line messages; a traceback
becomes the one line that names the error.
"""

from __future__ import annotations

import importlib.util
import ipaddress
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from deckkit.errors import DataError, UsageError

__all__ = ["metadata", "free_port", "check_port", "serve_command", "datasette_installed", "check_host",
           "one_line_messages", "relay_output"]

_COLUMNS = {
    "id": "The card's id (unique across games).",
    "game": "The game the card belongs to.",
    "name": "The card's name as printed.",
    "other_names": "The name in other languages (lang: name; …).",
    "type": "The card type (t: in deckkit search).",
    "cost": "Cost (food, VP …).",
    "attack": "Attack / attack power.",
    "defense": "Defence / defence power.",
    "glory": "Glory icon value.",
    "number": "Printed number.",
    "label": "Label colour.",
    "rarity": "Rarity.",
    "set": "The set the card comes from.",
    "ingredient": "The ingredient a card shows.",
    "subtypes": "Subtypes, space-separated.",
    "keywords": "Groups, symbols and keywords, space-separated (kw: in deckkit search).",
    "effects": "Effects its abilities use (effect: in deckkit search).",
    "flags": "The is: flags that hold for it.",
    "text": "Rules text.",
    "rulebook": "1 if a rulebook names the card.",
    "invented": "1 if some of its values are placeholders.",
    "source": "Where it came from: bundled, or the file it was imported from.",
}
_HIDDEN = ("meta", "card_blobs", "card_tags", "sqlite_stat1", "cards_fts", "cards_fts_data", "cards_fts_idx",
           "cards_fts_docsize", "cards_fts_config", "keyword_definitions", "collection", "deck_runs",
           "name_trigrams", "name_trigrams_data", "name_trigrams_idx", "name_trigrams_config")


def metadata(db: Path) -> dict[str, Any]:
    """Datasette metadata for the catalogue file ``db`` (its database name is the file's stem)."""
    from deckkit.engine.registry import registered_games

    games = registered_games()
    titles = ", ".join(g.title for g in games)
    view = {
        "title": "Cards",
        "description": "Every card of the catalogue, one readable row each. Search the text box (full-text "
                       "search over names, other names and rules text), or facet by game, type and cost.",
        "facets": ["game", "type", "cost"],
        "fts_table": "cards_fts", "fts_pk": "pk",
        "sort": "name",
        "hidden": False,
    }
    cards = {"title": "Cards (stored columns)",
             "description": "The cards table as deckkit stores it: the record's searchable fields as columns "
                            "(deckkit db check reports a column that disagrees with its record).",
             "facets": ["game", "type"], "fts_table": "cards_fts", "fts_pk": "pk", "sort": "name",
             "columns": dict(_COLUMNS)}
    queries = {
        f"{g.alias}_cards": {
            "title": f"{g.title}: every card",
            "description": f"The {g.title} cards, cheapest first.",
            "sql": "select id, name, type, cost, attack, defense, glory, number, label, text from card_view "
                   "where game = '" + g.name.replace("'", "''") + "' order by cost, name",
        } for g in games
    }
    tables: dict[str, Any] = {"card_view": view, "cards": cards}
    tables.update({name: {"hidden": True} for name in _HIDDEN})
    return {
        "title": "deckkit catalogue",
        "description": f"Cards of {titles}, kept by deckkit. Start with Cards (card_view).",
        "about": "deckkit", "about_url": "https://pypi.org/project/deckkit/",
        "databases": {db.stem: {"title": f"Catalogue {db.name}", "tables": tables, "queries": queries}},
    }


def datasette_installed() -> bool:
    """Whether Datasette can be imported (the ``web`` extra)."""
    return importlib.util.find_spec("datasette") is not None


def free_port(host: str = "127.0.0.1") -> int:
    """A port nobody listens on now."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def check_port(host: str, port: int) -> None:
    """UsageError when ``port`` cannot be listened on (taken, or not allowed)."""
    with socket.socket() as s:
        try:
            s.bind((host, port))
        except OSError as exc:
            raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}",
                             hint="pick another with --port N (--port 0 takes a free one)") from None


# The child: a thread ends the process as soon as deckkit's end of its stdin pipe closes (deckkit
# ended, by any signal), then Datasette's own command line runs. Rich, when installed, would draw
# tracebacks as boxes with every local variable; Datasette falls back to plain ones without it.
_CHILD = (
    "import os, sys, threading\n"
    "sys.modules['rich'] = None\n"
    "def _watch():\n"
    "    try:\n"
    "        while sys.stdin.buffer.read(4096):\n"
    "            pass\n"
    "    finally:\n"
    "        os._exit(0)\n"
    "threading.Thread(target=_watch, daemon=True).start()\n"
    "from datasette.cli import cli\n"
    "cli(sys.argv[1:], prog_name='datasette')\n"
)
MAX_LINE = 300  # a relayed message longer than this is cut (an error may quote a whole request)


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only (localhost, 127.x.x.x, ::1)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_host(host: str, public: bool, served: str = "the catalogue",
               risk: str = "read the whole catalogue and run read-only SQL on it") -> tuple[str, str | None]:
    """The address to listen on and a warning to show, or UsageError for a public one without ``public``
    (what is ``served`` and what another machine could do with it are named in both).

    An empty host means every interface to the server underneath, which is easy to type by accident
    (an unset variable in ``--host "$HOST"``), so it is refused like any other non-loopback address.
    """
    shown = host if host.strip() else "''"
    if is_loopback(host):
        return host, None
    if not public:
        what = "every network interface" if not host.strip() else "a network other machines may reach"
        raise UsageError(f"--host {shown} would serve {served} on {what}: other machines could connect and {risk}",
                         hint=f"leave --host out or use --host 127.0.0.1 (this machine only), or add --public to "
                              f"serve {served} to other machines on purpose")
    listen = host.strip() or "0.0.0.0"
    return listen, f"serving on {listen}, not on this machine only: anyone who can reach it can {risk}"


def url_host(host: str) -> str:
    """``host`` as written in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def serve_command(db: Path, meta: Path, host: str, port: int) -> list[str]:
    """The command line of the child that runs ``datasette serve`` on the catalogue (see the module's notes)."""
    return [sys.executable, "-P", "-c", _CHILD, "serve", str(Path(db).absolute()), "--metadata",
            str(Path(meta).absolute()), "--host", host, "--port", str(port), "--setting", "default_page_size",
            "50", "--setting", "sql_time_limit_ms", "3000"]


def child_environment() -> dict[str, str]:
    """The child's environment: the user's, with Python told again not to put an unsafe folder first."""
    return dict(os.environ, PYTHONSAFEPATH="1")


def write_metadata(db: Path, folder: Path) -> Path:
    """The metadata as a JSON file in ``folder`` (Datasette reads it at start)."""
    path = folder / "deckkit-metadata.json"
    path.write_text(json.dumps(metadata(db), ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def start(db: Path, folder: Path, host: str, port: int) -> subprocess.Popen:
    """Start Datasette on the catalogue in the background (the caller waits for it or stops it).

    ``folder`` (private, empty but for the metadata) is the child's working folder. The child has a
    session of its own, so a Ctrl-C at the terminal reaches deckkit alone, which stops it; its
    stdin is the pipe it watches, its stdout and stderr one pipe for :func:`relay_output`.
    """
    if not datasette_installed():
        raise DataError("Datasette is not installed", hint="pip install 'deckkit[web]' (the web extra)")
    check_port(host, port)
    meta = write_metadata(db, folder)
    return subprocess.Popen(serve_command(db, meta, host, port), cwd=folder, env=child_environment(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)


_TRACE_GOES_ON = ("Traceback (most recent call last)", "During handling of the above exception",
                  "The above exception was the direct cause", "+ Exception Group Traceback")
_TRACE_DRAWING = ("│", "╰", "^", "~")


def one_line_messages(lines: Iterable[str]) -> Iterator[str]:
    """Datasette's output as one-line messages: a traceback becomes its last line, long lines are cut.

    Uvicorn's ``INFO:     text`` loses its padding; each message says it comes from Datasette.
    """
    in_trace = False
    last_error = None
    for raw in lines:
        line = raw.rstrip("\r\n")
        if line.startswith(_TRACE_GOES_ON) or (line.startswith("╭") and "Traceback" in line):
            in_trace = True
            continue
        if in_trace and (not line.strip() or line[:1].isspace() or line.startswith(_TRACE_DRAWING)):
            continue
        if in_trace:  # the exception's own line ends a traceback (a chained one may follow)
            in_trace = False
            message = _cut(f"datasette: error: {line.strip()}")
            if message != last_error:  # a drawn and a plain traceback of one error
                yield message
            last_error = message
            continue
        last_error = None
        if not line.strip():
            continue
        level, sep, rest = line.partition(":")
        if sep and level.isupper() and level.isalpha():
            line = f"{level.lower()}: {rest.strip()}"
        yield _cut(f"datasette: {line.strip()}")


def _cut(line: str) -> str:
    return line if len(line) <= MAX_LINE else line[:MAX_LINE - 1] + "…"


def relay_output(stream: IO[bytes], emit: Callable[[str], None]) -> threading.Thread:
    """A started thread that passes the child's output to ``emit`` one message at a time until it ends."""

    def lines() -> Iterator[str]:
        for raw in iter(stream.readline, b""):
            yield raw.decode("utf-8", errors="replace")

    def run() -> None:
        try:
            for message in one_line_messages(lines()):
                emit(message)
        except (OSError, ValueError):  # the stream closed under us while stopping
            pass

    thread = threading.Thread(target=run, name="datasette-output", daemon=True)
    thread.start()
    return thread
