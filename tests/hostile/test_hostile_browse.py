"""`deckkit browse` in a hostile folder (issue 28 item 1): no code from the working folder, no public
address by accident, Datasette's tracebacks as one line, and no server left behind by a kill -9."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from deckkit.catalogue import web
from hostile_helpers import no_traceback

pytest.importorskip("datasette", reason="the web extra is not installed")

# A module that, once imported, leaves a mark and stops its process: proof that it ran.
_PLANTED = "import pathlib, sys\npathlib.Path({mark!r}).write_text('ran')\nsys.exit(7)\n"


def _start(db: Path, cwd: Path) -> tuple[subprocess.Popen, int]:
    port = web.free_port()
    proc = subprocess.Popen([sys.executable, "-m", "deckkit", "browse", "--port", str(port)], cwd=cwd,
                            env=dict(os.environ, DECKKIT_DB=str(db)), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 40
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/-/versions.json", timeout=5):
                return proc, port
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"datasette did not start: {proc.communicate()}")
            time.sleep(0.2)


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _serving(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/-/versions.json", timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def test_browse_imports_nothing_from_the_working_folder_and_shows_a_traceback_as_one_line(db, tmp_path):
    mark = tmp_path / "planted-code-ran"
    folder = tmp_path / "card-pack"
    folder.mkdir()
    for name in ("datasette.py", "markupsafe.py", "uvicorn.py", "click.py"):
        (folder / name).write_text(_PLANTED.format(mark=str(mark)), encoding="utf-8")
    proc, port = _start(db, folder)
    try:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/{db.stem}/cards", data=b"a=b", method="POST")
        with pytest.raises(urllib.error.HTTPError):  # Datasette fails inside: a traceback on its stderr
            urllib.request.urlopen(request, timeout=10)
        time.sleep(0.5)
    finally:
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=30)
    assert not mark.exists(), "a module from the working folder was imported"
    no_traceback(stderr)
    errors = [line for line in stderr.splitlines() if "You may only POST to a canned query" in line]
    assert errors == ["datasette: error: AssertionError: You may only POST to a canned query"], stderr
    assert all(not line.startswith((" ", "│", "╭", "╰")) for line in stderr.splitlines()), stderr


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc")
def test_kill_9_of_browse_stops_its_datasette(db, tmp_path):
    proc, port = _start(db, tmp_path)
    children = _children(proc.pid)
    assert children, "browse runs Datasette as a child process"
    proc.kill()
    proc.wait(timeout=10)
    deadline = time.monotonic() + 15
    try:
        while _serving(port) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _serving(port), "Datasette kept serving after deckkit was killed"
    finally:
        for child in children:  # the old behaviour would leave it running: do not leak it from the suite
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.mark.parametrize("host", ["", "0.0.0.0", "192.168.1.10", "::", "example.org"])
def test_browse_refuses_a_host_other_machines_reach_without_public(host, proc):
    result = proc("browse", "--host", host, "--port", "0", timeout=20)
    assert result.returncode == 2, result.stderr
    message = result.stderr.decode()
    no_traceback(message)
    assert "--public" in message and "127.0.0.1" in message


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.5"])
def test_loopback_hosts_need_no_public_flag(host):
    assert web.check_host(host, public=False) == (host, None)


def test_public_serves_every_interface_for_an_empty_host_with_a_warning():
    listen, warning = web.check_host("", public=True)
    assert listen == "0.0.0.0" and warning and "anyone who can reach it" in warning


def test_the_output_filter_keeps_one_line_per_message_and_cuts_long_ones():
    lines = ["INFO:     Started server process [1]", "Traceback (most recent call last):",
             '  File "x.py", line 1, in f', "    boom()", "    ^^^^^^", "KeyError: 'x'", "",
             "During handling of the above exception, another exception occurred:", "",
             "Traceback (most recent call last):", '  File "y.py", line 2, in g', "ValueError: " + "v" * 1000,
             "INFO:     Shutting down"]
    out = list(web.one_line_messages(lines))
    assert out[0] == "datasette: info: Started server process [1]"
    assert out[1] == "datasette: error: KeyError: 'x'"
    assert out[2].startswith("datasette: error: ValueError: vvv") and len(out[2]) == web.MAX_LINE
    assert out[3:] == ["datasette: info: Shutting down"]
