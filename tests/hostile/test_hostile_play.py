"""`deckkit play` under hostile input and signals (issue 28 item 4): every line is an answer or a message,
and SIGTERM, SIGHUP or a failure inside the game still write the --autosave."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hostile_helpers import no_traceback

ROOT = Path(__file__).resolve().parents[2]
AF = str(ROOT / "data" / "decks" / "alomfogo-casual.deck")


def _saved(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    assert "[[step]]" in text and "[setup]" in text
    return text


def test_odd_lines_are_refused_one_by_one_and_end_of_input_autosaves(proc, tmp_path):
    save = tmp_path / "game.deckkit.toml"
    lines = ["²".encode(), b"9" * 5000, b"9" * 900, "٣".encode(), b"\xff\xfe", b"a\x1b[31mb", b"x\x00y", b"0", b"1"]
    result = proc("play", AF, "--seed", "1", "--autosave", str(save), input=b"\n".join(lines) + b"\n", timeout=60)
    out, err = result.stdout.decode(), result.stderr.decode()
    no_traceback(out + err)
    assert result.returncode == 0, err
    assert out.count("no action ") == 7 and "that line has 5,000 characters" in out
    assert "no action ²: choose 1 to" in out and "no action 9999999999" in out
    assert "\x1b[31m" not in out and "a\\x1b[31mb" in out
    assert "end of input; the game is saved to" in err
    assert "saved after 1 actions" in _saved(save)  # only the final 1 was a move


def _prompted(proc: subprocess.Popen, timeout: float = 40) -> None:
    """Wait until play asks the player (the prompt ends its output)."""
    seen = b""
    end = time.monotonic() + timeout
    while not seen.rstrip().endswith(b"p1>"):
        left = end - time.monotonic()
        assert left > 0 and proc.poll() is None, seen[-500:]
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            seen += os.read(proc.stdout.fileno(), 65536)  # type: ignore[union-attr]


@pytest.mark.parametrize("sig, code, why", [(signal.SIGTERM, 143, "terminated"),
                                            (signal.SIGHUP, 129, "the terminal closed")])
def test_a_signal_at_the_prompt_autosaves_and_exits_with_its_code(db, tmp_path, sig, code, why):
    save = tmp_path / "game.deckkit.toml"
    env = dict(os.environ, DECKKIT_DB=str(db))
    child = subprocess.Popen([sys.executable, "-m", "deckkit", "play", AF, "--seed", "2", "--autosave", str(save)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        _prompted(child)
        child.send_signal(sig)
        _, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    no_traceback(err.decode())
    assert child.returncode == code, err
    assert f"{why}; the game is saved to" in err.decode()
    _saved(save)


def test_a_failure_inside_the_game_still_autosaves(cli, tmp_path, monkeypatch):
    from deckkit.match.session import Session

    def broken(self, action):
        raise RuntimeError("a rule broke")

    monkeypatch.setattr(Session, "apply", broken)
    save = tmp_path / "game.deckkit.toml"
    result = cli("play", AF, "--seed", "1", "--autosave", str(save), input="1\n")
    assert result.exit_code != 0
    assert "the game failed; the game is saved to" in result.stderr
    _saved(save)
