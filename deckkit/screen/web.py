"""``deckkit play --web``: the game screen served to a browser (textual-serve), on this machine only by default.

textual-serve runs the command given once per browser tab and shows its screen in the page. The
server listens on the loopback address unless ``--public`` says that other machines may connect
(anyone who reaches the port then plays as you, and may save files where you can).
"""

from __future__ import annotations

import shlex
import sys

from deckkit.catalogue.web import check_port, is_loopback, url_host
from deckkit.errors import UsageError

__all__ = ["check_host", "command", "is_loopback", "serve", "url_host"]


def check_host(host: str, public: bool) -> None:
    """Refuse an address other machines can reach (or an empty one: every interface) unless ``--public``."""
    if not is_loopback(host) and not public:
        shown = host if host.strip() else "''"
        raise UsageError(f"--host {shown}: other machines could connect and play (and save files) as you",
                         hint="leave --host out (127.0.0.1, this machine only), or add --public to mean it")


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
    check_host(host, public)
    check_port(host.strip() or "0.0.0.0", port)
    try:
        from textual_serve.server import Server
    except ImportError:
        raise UsageError("--web needs textual-serve", hint="pip install 'deckkit[web]'") from None
    Server(command(argv), host=host, port=port, title="deckkit play").serve()
