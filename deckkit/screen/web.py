"""``deckkit play --web``: the game screen served to a browser (textual-serve), on this machine only by default.

textual-serve runs the command given once per browser tab and shows its screen in the page. The
server listens on the loopback address unless ``--public`` says that other machines may connect
(anyone who reaches the port then plays as you, and may save files where you can).
"""

from __future__ import annotations

import shlex
import sys

from deckkit.catalogue import web
from deckkit.catalogue.web import check_port, is_loopback, url_host
from deckkit.errors import UsageError

__all__ = ["check_host", "command", "is_loopback", "serve", "url_host"]


def check_host(host: str, public: bool) -> tuple[str, str | None]:
    """The catalogue browser's check of the address, for the game screen: (address, warning) or UsageError."""
    return web.check_host(host, public, served="the game screen", risk="play (and save files) as you")


def command(argv: list[str]) -> str:
    """The shell command textual-serve runs per tab: this ``deckkit play`` with ``--web`` options swapped
    for ``--screen`` (the game screen even though the tab is no terminal)."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ("--web", "--public"):
            continue
        if arg in ("--host", "--port"):
            skip = True
            continue
        if arg.startswith(("--host=", "--port=")):
            continue
        out.append(arg)
    return shlex.join([sys.executable, "-m", "deckkit", *out, "--screen"])


def serve(argv: list[str], host: str, port: int, public: bool) -> None:  # pragma: no cover - runs until Ctrl-C
    """Serve the game screen until Ctrl-C."""
    listen, _ = check_host(host, public)
    check_port(listen, port)
    try:
        from textual_serve.server import Server
    except ImportError:
        raise UsageError("--web needs textual-serve", hint="pip install 'deckkit[web]'") from None
    Server(command(argv), host=listen, port=port, title="deckkit play").serve()
