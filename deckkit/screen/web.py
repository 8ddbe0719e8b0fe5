"""``deckkit play --web``: the game screen served to a browser (textual-serve), on this machine only by default.

textual-serve runs the command given once per browser tab and shows its screen in the page. The
server listens on the loopback address unless ``--public`` says that other machines may connect
(anyone who reaches the port then plays as you, and may save files where you can).
"""

from __future__ import annotations

import ipaddress
import shlex
import sys

from deckkit.errors import UsageError


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (``localhost``, 127.0.0.0/8, ::1)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_host(host: str, public: bool) -> None:
    """Refuse an address other machines can reach unless ``--public`` was given."""
    if not is_loopback(host) and not public:
        raise UsageError(f"--host {host}: other machines could connect and play (and save files) as you",
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
    try:
        from textual_serve.server import Server
    except ImportError:
        raise UsageError("--web needs textual-serve", hint="pip install 'deckkit[web]'") from None
    Server(command(argv), host=host, port=port, title="deckkit play").serve()
