"""`deckkit play` on a real terminal (a pseudo-terminal) opens the game screen; Enter takes an action, Ctrl-C
stops with 130 and the autosave replays; through a pipe the same command is the line mode."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

import pytest
from typer.testing import CliRunner

from deckkit.cli import app

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def _read(fd: int, seen: bytes, until: bytes, timeout: float = 40.0) -> bytes:
    end = time.monotonic() + timeout
    while until not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


def test_a_terminal_gets_the_game_screen_and_ctrl_c_autosaves(db, tmp_path):
    saved = tmp_path / "screen.deckkit.toml"
    env = dict(os.environ, DECKKIT_DB=str(db))
    for name in ("COLUMNS", "LINES"):  # set by some runners; they would override the terminal's own size
        env.pop(name, None)
    pid, fd = pty.fork()
    if pid == 0:
        try:  # the size is set before the screen starts, so its first layout is the one the test reads
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
            os.execve(sys.executable, [sys.executable, "-m", "deckkit", "play", "kotlik-standard", "--delay", "0",
                                       "--autosave", str(saved)], env)
        finally:
            os._exit(127)
    try:
        seen = _read(fd, b"", b"Your actions")
        assert b"Your actions" in seen and b"Take " in seen, seen[-500:]
        os.write(fd, b"\r")
        seen = _read(fd, seen, b"you: Take", timeout=20)
        assert b"you: Take" in seen, seen[-500:]
        os.write(fd, b"\x03")
        seen = _read(fd, seen, b"the game is saved to", timeout=20)
        _, status = os.waitpid(pid, 0)
    finally:
        try:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 130
    assert b"interrupted; the game is saved to" in seen and b"Traceback" not in seen
    result = CliRunner().invoke(app, ["--db", str(db), "script", "run", str(saved)], catch_exceptions=False)
    assert result.exit_code == 0 and "PASS" in result.stdout, result.output
    assert "saved after 0 actions" not in saved.read_text(encoding="utf-8")


def test_through_a_pipe_the_same_command_is_the_line_mode(db):
    env = dict(os.environ, DECKKIT_DB=str(db))
    done = subprocess.run([sys.executable, "-m", "deckkit", "play", "kotlik-standard"], input=b"1\n",
                          capture_output=True, env=env, timeout=120)
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr.decode()
    assert "your decision · p1> " in out and "\x1b[?1049h" not in out  # a prompt, not the alternate screen
