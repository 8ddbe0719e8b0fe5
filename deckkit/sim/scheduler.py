"""Connecting to a Dask scheduler with every way it can fail named as such.

Dask's ``Client(address, timeout=…)`` bounds opening the connection, not the handshake after it:
a server that accepts and never answers holds the caller for ever. A server that answers in
another protocol (a web server on the port) makes Dask read its text as a frame length and fail
allocating it, a MemoryError that would be reported as "out of memory". So the client is made on
a helper thread under a deadline, and what it raises is sorted into: nothing listens there, the
server is not a Dask scheduler, or it did not answer in time.
"""

from __future__ import annotations

import threading
from typing import Any

from deckkit.errors import UsageError

_START_HINT = "start one with `dask scheduler` and workers with `dask worker ADDRESS`"
_PROTOCOL_HINT = ("check the address and port: `dask scheduler` prints its own (tcp://HOST:8786); another "
                  "service, such as a web server, is listening at this one")
_GRACE_S = 2.0  # Dask's own timeout gets the first chance to say what went wrong


def connect(address: str, timeout: str) -> Any:
    """A ``dask.distributed.Client`` for ``address``, or UsageError saying why there is none."""
    from dask.distributed import Client
    from dask.utils import parse_timedelta

    seconds = parse_timedelta(timeout)
    outcome: dict[str, Any] = {}

    def attempt() -> None:
        try:
            outcome["client"] = Client(address, timeout=timeout)
        except BaseException as exc:  # noqa: B036 - handed to the caller's thread below
            outcome["error"] = exc

    helper = threading.Thread(target=attempt, name="dask-connect", daemon=True)
    helper.start()
    helper.join(seconds + _GRACE_S)
    if helper.is_alive():  # left behind: a daemon thread, it ends with the process
        raise UsageError(f"the server at {address} accepted the connection but did not answer as a Dask "
                         f"scheduler within {timeout}", hint=_PROTOCOL_HINT)
    error = outcome.get("error")
    if error is None:
        return outcome["client"]
    if isinstance(error, KeyboardInterrupt):
        raise error
    if isinstance(error, (ConnectionRefusedError, TimeoutError)) or (
            isinstance(error, OSError) and "refused" in str(error).lower()):
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {error}", hint=_START_HINT) from None
    if isinstance(error, ValueError) and not _protocol_error(error):  # a malformed address
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {error}", hint=_START_HINT) from None
    if isinstance(error, OSError) and not _protocol_error(error):
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {error}", hint=_START_HINT) from None
    if isinstance(error, Exception):
        why = str(error) or type(error).__name__
        raise UsageError(f"the server at {address} does not speak the Dask scheduler's protocol "
                         f"({type(error).__name__}: {why[:200]})", hint=_PROTOCOL_HINT) from None
    raise error


def _protocol_error(error: BaseException) -> bool:
    """Whether Dask failed reading what the server sent (rather than reaching it)."""
    name = type(error).__name__
    return isinstance(error, MemoryError) or "Unpack" in name or "ExtraData" in name or "CommClosed" in name
