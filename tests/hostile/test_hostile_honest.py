"""Honest messages (issue 28 item 6): a full disk is named as such, a server that is no Dask scheduler
is named as such (never "out of memory", never a hang)."""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hostile_helpers import no_traceback

def _limit_files_to(limit: int):
    """preexec_fn: a write past ``limit`` bytes fails (EFBIG), as a full disk fails it."""

    def _apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return _apply


def test_a_catalogue_write_on_a_full_disk_says_so_and_keeps_the_catalogue(proc, db, tmp_path):
    cards = [{"id": f"af-filler-{i}", "game": "alomfogo", "name": f"Filler {i}", "type": "event", "cost": 1,
              "text": "word " * 200} for i in range(300)]
    path = tmp_path / "many.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    before = db.read_bytes()
    result = proc("import", str(path), preexec=_limit_files_to(db.stat().st_size + 20_000))
    err = result.stderr.decode()
    no_traceback(err)
    assert result.returncode == 1, err
    assert "the catalogue could not be written: the disk is full" in err
    assert "disk I/O error" not in err and "move the file away" not in err
    assert "the catalogue is as it was" in err
    assert proc("db", "check").returncode == 0
    assert db.read_bytes() == before


def test_sqlite_full_is_a_full_disk_not_a_damaged_catalogue(tmp_path):
    from deckkit.cli import common

    conn = sqlite3.connect(tmp_path / "small.db")
    conn.execute("create table t(x)")
    conn.execute("pragma max_page_count = 3")
    with pytest.raises(sqlite3.OperationalError) as caught:
        conn.execute("insert into t values (?)", ("x" * 100_000,))
    error = common.catalogue_failure(caught.value)
    assert "could not be written" in str(error) and "full" in str(error)
    assert "move the file away" not in (error.hint or "")


class _Server:
    """A TCP server on a free local port: ``silent`` accepts and never answers, ``http`` answers as a web server."""

    def __init__(self, kind: str) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.kind, self.held = kind, []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            if self.kind == "http":
                try:
                    conn.recv(65536)
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 11\r\nConnection: close\r\n\r\n"
                                 b"Bad Request")
                finally:
                    conn.close()
            else:
                self.held.append(conn)

    def close(self) -> None:
        self.sock.close()
        for conn in self.held:
            conn.close()


@pytest.fixture
def server(request) -> Iterator[_Server]:
    pytest.importorskip("dask.distributed", reason="the cluster extra is not installed")
    srv = _Server(request.param)
    yield srv
    srv.close()


def _backend(address: str) -> BaseException | None:
    """Make a Dask backend for ``address`` on a thread: what it raised (failing the test if it hangs)."""
    from deckkit.sim.runner import DaskBackend

    outcome: dict[str, BaseException] = {}

    def attempt() -> None:
        try:
            DaskBackend(address, timeout="1s").close()
        except BaseException as exc:  # noqa: B036 - examined by the test
            outcome["error"] = exc

    helper = threading.Thread(target=attempt, daemon=True)
    helper.start()
    helper.join(20)
    assert not helper.is_alive(), "connecting to the scheduler hangs"
    return outcome.get("error")


@pytest.mark.parametrize("server", ["silent"], indirect=True)
def test_a_silent_scheduler_is_a_usage_error_not_a_hang(server):
    from deckkit.errors import UsageError

    error = _backend(server.address)
    assert isinstance(error, UsageError), repr(error)
    assert "did not answer as a Dask scheduler within 1s" in str(error)


@pytest.mark.parametrize("server", ["http"], indirect=True)
def test_a_web_server_at_the_scheduler_address_is_a_protocol_error_not_out_of_memory(server, proc):
    root = Path(__file__).resolve().parents[2]
    deck = str(root / "data" / "decks" / "alomfogo-casual.deck")
    result = proc("goldfish", deck, "-n", "4", "--scheduler", server.address, timeout=60)
    err = result.stderr.decode()
    no_traceback(err)
    assert result.returncode == 2, err
    assert "does not speak the Dask scheduler's protocol" in err and "out of memory" not in err


# ------------------------------------------------------------------ concurrent edits of one deck

_EDITOR = """
import sys, time
from deckkit.catalogue import open_catalogue
from deckkit.decks.ops import add_cards
db, deck, name, start = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
catalogue = open_catalogue(db)
while time.time() < start:  # every editor starts at the same moment
    time.sleep(0.001)
for _ in range(10):
    add_cards(deck, [name], catalogue)
"""


def test_concurrent_deck_adds_on_one_file_lose_no_update(db, tmp_path):
    import os
    import subprocess
    import sys
    import time

    from deckkit.decks.io import load_deck

    deck = tmp_path / "shared.deck"
    deck.write_text("game: alomfogo\n# my notes\n1 Éjlépő Kajtár\n", encoding="utf-8")
    names = ["Jégszem Soyana", "Botlik Zsófi", "Ködlátó Berta", "Dobos Tarkó"]
    start = time.time() + 3
    editors = [subprocess.Popen([sys.executable, "-c", _EDITOR, str(db), str(deck), name, str(start)],
                                env=dict(os.environ), stderr=subprocess.PIPE) for name in names]
    for editor in editors:
        _, err = editor.communicate(timeout=60)
        assert editor.returncode == 0, err.decode()
    counts = {e.name: e.count for e in load_deck(deck).entries}
    assert counts == {"Éjlépő Kajtár": 1, **{name: 10 for name in names}}
    assert "# my notes" in deck.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["catalogue.db", "shared.deck"]


# ------------------------------------------------------------------ CSV round trip

SPACED = [{"id": "af-spaced", "game": "alomfogo", "name": "  Spaced Out ", "type": "event", "cost": 1,
           "text": " leading and trailing  "},
          {"id": "af-quoted", "game": "alomfogo", "name": '"Quoted"', "type": "event", "cost": 1,
           "text": '"a" and "b"'}]


def test_a_csv_export_imports_back_with_the_spaces_at_the_ends_of_texts(cli, tmp_path):
    source = tmp_path / "spaced.json"
    source.write_text(json.dumps(SPACED), encoding="utf-8")
    assert cli("import", str(source)).exit_code == 0
    exported = tmp_path / "spaced.csv"
    assert cli("export", "--game", "af", "-o", "csv", "-f", str(exported)).exit_code == 0
    fresh = tmp_path / "fresh.db"
    from typer.testing import CliRunner

    from deckkit.cli import app

    result = CliRunner().invoke(app, ["--db", str(fresh), "--create", "import", str(exported)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    for card in SPACED:
        back = json.loads(CliRunner().invoke(app, ["--db", str(fresh), "card", card["id"], "-o", "json"]).stdout)
        back = back[0] if isinstance(back, list) else back
        assert (back["name"], back["text"]) == (card["name"], card["text"])


# ------------------------------------------------------------------ arguments

def test_tune_refuses_a_by_turn_below_1(cli):
    root = Path(__file__).resolve().parents[2]
    for turn in ("-1", "0"):
        result = cli("tune", str(root / "data" / "decks" / "alomfogo-casual.deck"), "--remove-each", "--by-turn", turn)
        assert result.exit_code == 2 and "--by-turn" in result.output


def test_import_reads_a_pipe_from_process_substitution(db, tmp_path):
    import subprocess
    import sys

    source = tmp_path / "two.json"
    source.write_text(json.dumps(SPACED), encoding="utf-8")
    read_end, write_end = os.pipe()  # what bash's <(cat FILE) hands over: /dev/fd/N, a pipe
    writer = subprocess.Popen(["cat", str(source)], stdout=write_end)
    os.close(write_end)
    try:
        result = subprocess.run([sys.executable, "-m", "deckkit", "import", f"/dev/fd/{read_end}"],
                                env=dict(os.environ, DECKKIT_DB=str(db)), pass_fds=(read_end,),
                                capture_output=True, timeout=30)
    finally:
        os.close(read_end)
        writer.wait(timeout=10)
    no_traceback(result.stderr.decode())
    assert result.returncode == 0, result.stderr
    assert b"2 added" in result.stderr + result.stdout
