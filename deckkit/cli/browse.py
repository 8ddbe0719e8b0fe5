"""CLI command: ``browse`` (the catalogue in Datasette; the optional ``web`` extra)."""

import signal
import subprocess
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
    public: Annotated[bool, typer.Option("--public", help="Allow a --host other machines can reach (an empty "
                                                          "host: every interface).")] = False,
) -> None:
    """Browse the catalogue in a web browser with Datasette (pip install 'deckkit[web]').

    Opens on the readable card view: one row per card, full-text search over names and rules text,
    facets by game, type and cost, and a canned query per game. Ctrl-C stops the server. It serves
    this machine only unless --public is given with another --host.

    \b
    Examples:
      deckkit browse
      deckkit browse --port 0 --open
    """
    from deckkit.catalogue import web

    host, warning = web.check_host(host, public)
    if warning:
        common.err(f"warning: {warning}")
    db = common.db_path()
    if port == 0:
        port = web.free_port(host)
    url = f"http://{web.url_host(host)}:{port}/{db.stem}/card_view"
    with tempfile.TemporaryDirectory(prefix="deckkit-browse-") as folder:
        # A `kill` (SIGTERM) or a closed terminal (SIGHUP) stops the server as Ctrl-C does; a
        # `kill -9` closes the pipe the server watches, and it stops itself.
        previous = {sig: signal.signal(sig, _terminated) for sig in _STOP_SIGNALS}
        proc = web.start(db, Path(folder), host, port)
        relay = web.relay_output(proc.stdout, common.err)  # type: ignore[arg-type]
        try:
            common.err(f"serving {db} at {url} (Ctrl-C stops)")
            if open_browser:
                import webbrowser

                time.sleep(1.0)
                webbrowser.open(url)
            code = proc.wait()
        except KeyboardInterrupt:
            _stop(proc)
            raise
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            relay.join(timeout=5)
    if code:
        from deckkit.errors import DataError

        raise DataError(f"Datasette stopped with exit code {code}", hint="its message is above")


def register(app: typer.Typer) -> None:
    """Add ``browse`` to the app."""
    app.command("browse")(browse)


_STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def _terminated(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server politely, then for good."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
