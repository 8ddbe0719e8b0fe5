"""`deckkit play --plain` (the line mode) in a real terminal (a pseudo-terminal): numbered actions described in
words, the log, reading a card, an illegal move, undo, save, end of input, and Ctrl-C typed at the prompt (the
terminal sends SIGINT); Ctrl-C also checked in process. The game screen has its own tests (tests/screen/)."""

from __future__ import annotations

import os
import platform
import pty
import select
import signal
import sys
import time

import pytest
from typer.testing import CliRunner

from deckkit.cli import app

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


class Terminal:
    """A deckkit process on a pseudo-terminal: type lines, read what it printed."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        # pty.fork gives the child a session of its own with the terminal as its controlling
        # terminal, so that Ctrl-C typed there reaches it as SIGINT, as in a real terminal.
        pid, self.master = pty.fork()
        if pid == 0:  # the child: a test runner's worker may ignore or block SIGINT; a shell would not
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
                os.execve(sys.executable, [sys.executable, "-m", "deckkit", *args], env)
            finally:
                os._exit(127)  # never run the test suite on in the child
        self.pid = pid
        self.seen = ""

    def read_until(self, text: str, timeout: float = 30.0) -> str:
        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            assert left > 0, f"no {text!r} in the output:\n{self.seen[-2000:]}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the process ended and closed the terminal
                    chunk = b""
                if not chunk:
                    break
                self.seen += chunk.decode("utf-8", "replace")
        assert text in self.seen, f"no {text!r} in the output:\n{self.seen[-2000:]}"
        before, _, after = self.seen.partition(text)
        self.seen = after
        return before + text

    def reading(self, timeout: float = 10.0) -> None:
        """Wait until the child sleeps in read(2) on the terminal. A Ctrl-C that lands between the prompt
        and that read only marks the signal; the read then waits for a key (CPython's input() looks at
        marked signals when a read is interrupted), so a test that types Ctrl-C waits for the read."""
        read = {"x86_64": "0", "aarch64": "63"}.get(platform.machine())  # read(2)'s number
        end = time.monotonic() + timeout
        while read is not None and time.monotonic() < end:
            try:
                with open(f"/proc/{self.pid}/syscall") as fh:
                    if fh.read().split(" ", 1)[0] == read:
                        return
            except OSError:  # no /proc (not Linux)
                break
            time.sleep(0.02)
        time.sleep(0.5)  # elsewhere: give the child a moment

    def busy(self, seconds: float = 0.3, timeout: float = 20.0) -> None:
        """Wait until the child has spent ``seconds`` more of CPU time (it is computing, e.g. an AI's
        search, not starting up or waiting for a key); a plain sleep where there is no /proc."""
        def cpu() -> float:
            with open(f"/proc/{self.pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime

        try:
            start, end = cpu(), time.monotonic() + timeout
            while cpu() - start < seconds and time.monotonic() < end:
                time.sleep(0.02)
        except OSError:  # no /proc (not Linux)
            time.sleep(0.5)

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def _status(self) -> str:
        """The child's signal masks and state (/proc), for a failure message: why a Ctrl-C did nothing."""
        try:
            with open(f"/proc/{self.pid}/status") as fh:
                lines = [ln.strip() for ln in fh if ln.startswith(("State", "SigBlk", "SigIgn", "SigCgt", "SigPnd", "ShdPnd"))]
            with open(f"/proc/{self.pid}/wchan") as fh:
                lines.append("wchan: " + fh.read())
            return "; ".join(lines)
        except OSError as exc:
            return f"(no /proc status: {exc})"

    def wait(self) -> int:
        """The exit code, once the process has ended (within 20 seconds)."""
        end = time.monotonic() + 20
        try:
            while time.monotonic() < end:
                try:
                    self.read_until("\x00never\x00", timeout=1)
                except AssertionError:
                    pass
                done, status = os.waitpid(self.pid, os.WNOHANG)
                if done:
                    return os.waitstatus_to_exitcode(status)
            raise AssertionError(f"deckkit play did not end:\n{self.seen[-2000:]}\n{self._status()}")
        finally:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            os.close(self.master)


@pytest.fixture()
def env(tmp_path):
    out = dict(os.environ)
    out["DECKKIT_DB"] = str(tmp_path / "catalogue.db")
    return out


def test_a_game_in_a_terminal_moves_refuses_undoes_saves_and_ends_on_end_of_input(env, tmp_path):
    saved = tmp_path / "game.deckkit.toml"
    term = Terminal(["play", "obludarium-standard", "--plain", "--seed", "3", "--ai", "greedy"], env)
    shown = term.read_until("p1> ")
    assert " Play a card:\n   1. " in shown.replace("\r", "")  # grouped, numbered, in words
    assert "End the main phase  [pass]" in shown
    assert "Turn 1, your turn, main phase: your decision · p1> " in shown  # whose turn and which step
    assert "Hand: 7 cards" in shown and "p2 draws" not in shown  # the other hand only as a count
    assert "window" not in shown and "locked" not in shown  # no engine internals
    term.type("1\r")
    assert "\nyou: " in term.read_until("p1> ").replace("\r", "")  # the log says what was done, in words
    term.type("card glum\r")
    card = term.read_until("p1> ")
    assert "Glum" in card and "Abilities (as the rules engine plays them):" in card and "enemy monster gets" in card
    term.type("card Glumm\r")
    assert "did you mean Glum?" in term.read_until("p1> ")
    term.type("attack Nobody\r")
    refused = term.read_until("p1> ")
    assert "illegal: " in refused and "legal actions: " in refused
    term.type("undo\r")
    assert "undone: 1 action(s)" in term.read_until("p1> ")
    term.type("1\r")
    term.read_until("p1> ")
    term.type(f"save {saved}\r")
    assert "saved to" in term.read_until("p1> ")
    term.type(f"save {tmp_path}/missing/x.deckkit.toml\r")
    assert "cannot save: " in term.read_until("p1> ")
    term.type("\x04")  # end of input (Ctrl-D)
    assert term.wait() == 0
    result = CliRunner().invoke(app, ["--db", env["DECKKIT_DB"], "script", "run", str(saved)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "PASS" in result.stdout


def test_end_of_input_exits_cleanly_and_autosaves(env, tmp_path):
    saved = tmp_path / "auto.deckkit.toml"
    term = Terminal(["play", "kotlik-standard", "--plain", "--seed", "2", "--seat", "2", "--autosave", str(saved)], env)
    term.read_until("p2> ")
    term.type("2\r")
    term.read_until("p2> ")
    term.type("\x04")  # end of input
    assert term.wait() == 0
    assert "the game is saved to" in term.seen or saved.exists()
    result = CliRunner().invoke(app, ["--db", env["DECKKIT_DB"], "script", "run", str(saved)], catch_exceptions=False)
    assert result.exit_code == 0, result.output


def test_ctrl_c_typed_in_the_terminal_exits_130_and_the_saved_game_replays(env, tmp_path):
    saved = tmp_path / "typed.deckkit.toml"
    term = Terminal(["play", "obludarium-standard", "--plain", "--seed", "3", "--autosave", str(saved)], env)
    term.read_until("p1> ")
    term.type("1\r")
    term.read_until("p1> ")
    term.reading()
    term.type("\x03")  # Ctrl-C: the terminal's line discipline sends SIGINT to the foreground job
    assert term.wait() == 130
    assert "interrupted; the game is saved to" in term.seen and "Traceback" not in term.seen
    replay = CliRunner().invoke(app, ["--db", env["DECKKIT_DB"], "script", "run", str(saved)], catch_exceptions=False)
    assert replay.exit_code == 0, replay.output


def test_ctrl_c_while_the_ai_thinks_exits_130_and_autosaves(env, tmp_path):
    """Ctrl-C during a long search (the AI sits first) stops as cleanly as at the prompt."""
    saved = tmp_path / "thinking.deckkit.toml"
    term = Terminal(["play", "obludarium-standard", "--plain", "--seed", "1", "--seat", "2", "--ai", "mcts", "--budget", "20000",
                     "--autosave", str(saved)], env)
    term.read_until("deckkit play: ")
    term.busy()  # inside the first decision of 20,000 playouts, which takes seconds
    term.type("\x03")
    assert term.wait() == 130
    assert "interrupted; the game is saved to" in term.seen and "Traceback" not in term.seen
    replay = CliRunner().invoke(app, ["--db", env["DECKKIT_DB"], "script", "run", str(saved)], catch_exceptions=False)
    assert replay.exit_code == 0, replay.output


def test_ctrl_c_at_the_prompt_exits_130_and_autosaves(env, tmp_path, monkeypatch):
    saved = tmp_path / "interrupted.deckkit.toml"
    answers = iter(["1"])

    def typed(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr("builtins.input", typed)
    result = CliRunner().invoke(app, ["--db", env["DECKKIT_DB"], "play", "obludarium-standard", "--seed", "3",
                                      "--autosave", str(saved)], catch_exceptions=False)
    assert result.exit_code == 130
    assert "interrupted; the game is saved to" in result.stderr and "Traceback" not in result.output
    replay = CliRunner().invoke(app, ["--db", env["DECKKIT_DB"], "script", "run", str(saved)], catch_exceptions=False)
    assert replay.exit_code == 0, replay.output
