"""CLI command: ``browse`` (the catalogue in Datasette; the optional ``web`` extra)."""

import signal
import tempfile
import time
from pathlib import Path
from typing import Annotated

import typer

from deckkit.cli import common


def browse(
    port: Annotated[int, typer.Option("--port", help="Port to listen on; 0 takes a free one.", min=0,
                                      max=65535)] = 8001,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (127.0.0.1: this machine only).")]
    = "127.0.0.1",
    open_browser: Annotated[bool, typer.Option("--open/--no-open", help="Open the card view in a web browser.")]
    = False,
) -> None:
    """Browse the catalogue in a web browser with Datasette (pip install 'deckkit[web]').

    Opens on the readable card view: one row per card, full-text search over names and rules text,
    facets by game, type and cost, and a canned query per game. Ctrl-C stops the server.

    \b
    Examples:
      deckkit browse
      deckkit browse --port 0 --open
    """
    from deckkit.catalogue import web

    db = common.db_path()
    if port == 0:
        port = web.free_port(host)
    url = f"http://{host}:{port}/{db.stem}/card_view"
    with tempfile.TemporaryDirectory(prefix="deckkit-browse-") as folder:
        proc = web.start(db, Path(folder), host, port)
        common.err(f"serving {db} at {url} (Ctrl-C stops)")
        if open_browser:
            import webbrowser

            time.sleep(1.0)
            webbrowser.open(url)
        # A `kill` (SIGTERM) stops the server as Ctrl-C does; otherwise deckkit would end and leave
        # Datasette running with no one to stop it.
        previous = signal.signal(signal.SIGTERM, _terminated)
        try:
            code = proc.wait()
        except KeyboardInterrupt:
            proc.terminate()
            proc.wait(timeout=10)
            raise
        finally:
            signal.signal(signal.SIGTERM, previous)
    if code:
        from deckkit.errors import DataError

        raise DataError(f"Datasette stopped with exit code {code}", hint="its message is above")


def register(app: typer.Typer) -> None:
    """Add ``browse`` to the app."""
    app.command("browse")(browse)


def _terminated(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
