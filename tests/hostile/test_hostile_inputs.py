"""Hostile files and arguments: one clear error with the contract's exit code, never a traceback (issue 17 items 2, 4, 7).

Each row of a table is one distinct case: what a user (or a broken tool) could hand deckkit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hostile_helpers import no_traceback

DATA = Path(__file__).resolve().parents[2] / "data"
AF = str(DATA / "decks" / "alomfogo-casual.deck")
DEEP = 100_000


def _card(**extra) -> dict:
    return {"id": "af-hostile", "game": "alomfogo", "name": "Hostile", "type": "event", "text": "x", "cost": 1,
            **extra}


# ------------------------------------------------------------------ deck files: (file name, content, message)

DECK_FILES = {
    "count of 5000 digits": ("d.deck", "game: ob\n\n" + "9" * 5000 + " Chleba\n", "(5000 digits) for Chleba is not plausible"),
    "count of 20 digits": ("d.deck", "game: ob\n\n" + "1" * 20 + " Chleba\n", "is not plausible"),
    "negative count of 5000 digits": ("d.deck", "game: ob\n\n-" + "9" * 5000 + " Chleba\n", "is not plausible"),
    "JSON count of 5000 digits": ("d.json", '{"game": "ob", "cards": [{"count": ' + "9" * 5000 + ', "name": "Chleba"}]}',
                                  "a number with thousands of digits"),
    "JSON nested 100,000 deep": ("d.json", "[" * DEEP + "]" * DEEP, "nested more than 200 levels deep"),
    "JSON nested 900 deep in a key": ("d.json", '{"game": "ob", "x": ' + "[" * 900 + "]" * 900 + "}",
                                      "nested more than 200 levels deep"),
    "JSON objects nested 5,000 deep": ("d.json", '{"a":' * 5000 + "1" + "}" * 5000, "nested more than 200 levels deep"),
    "JSON deck with a lone surrogate name": ("d.json", '{"game": "ob", "cards": [{"count": 1, "name": "\\ud800"}]}',
                                             "half of a UTF-16 surrogate pair"),
    "text deck of NUL bytes": ("d.deck", "game: ob\n\n1 Chl\x00eba\n", "unknown card"),
    "UTF-16 deck": ("d.deck", "game: ob\n".encode("utf-16"), "UTF-16"),
    "Latin-2 deck": ("d.deck", "game: ob\n\n1 Chleba\n1 Bah\xf2\xe1k\n".encode("latin-1"), "not UTF-8"),
    "empty deck file": ("d.deck", "", "no 'game:' line"),
    "only a BOM": ("d.deck", b"\xef\xbb\xbf", "no 'game:' line"),
    "header with 10,000 colons": ("d.deck", "game: ob\n" + ":" * 10_000 + "\n", "not a card line"),
    "one line of 1 MB": ("d.deck", "game: ob\n\n1 " + "x" * 1_000_000 + "\n", "unknown card"),
}


@pytest.mark.parametrize("case", sorted(DECK_FILES))
def test_a_hostile_deck_file_is_one_clear_error(case, cli, tmp_path):
    name, content, message = DECK_FILES[case]
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
    result = cli("deck", "validate", str(path))
    no_traceback(result.output)
    assert result.exit_code == 1, result.output
    assert message in result.output


def test_ten_thousand_duplicate_lines_validate(proc, tmp_path):
    """Linear in the number of lines: 20,000 duplicate lines took minutes when each was compared with all."""
    path = tmp_path / "dup.deck"
    path.write_text("game: ob\n\n" + "1 Chleba\n" * 20_000, encoding="utf-8")
    result = proc("deck", "validate", str(path), timeout=60)
    assert result.returncode == 0 and b"duplicate" not in result.stderr
    no_traceback(result.stderr.decode())


# ------------------------------------------------------------------ special files are refused, not read forever

SPECIAL = {
    "deck validate": (["deck", "validate", "{f}"], "not a regular file"),
    "deck show": (["deck", "show", "{f}"], "not a regular file"),
    "import": (["import", "{f}"], "not a regular file"),
    "import --dry-run": (["import", "--dry-run", "{f}"], "not a regular file"),
    "script run": (["script", "run", "{f}"], "not a regular file"),
    "goldfish --strategy": (["goldfish", AF, "--games", "2", "--strategy", "{f}"], "not a regular file"),
    "deck validate --format-file": (["deck", "validate", AF, "--format-file", "{f}"], "not a regular file"),
}


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("case", sorted(SPECIAL))
def test_special_files_are_refused_at_once(case, special, cli, tmp_path):
    if special == "fifo":
        target = tmp_path / "pipe.deck"
        os.mkfifo(target)
    else:
        target = Path(special)
        if not target.exists():
            pytest.skip(f"no {special} here")
    args, message = SPECIAL[case]
    result = cli(*[a.format(f=target) for a in args])
    no_traceback(result.output)
    assert result.exit_code == 1, result.output
    # A pipe is read (issue 28: `import <(cat file)`); one nobody writes to reads as empty, at once,
    # and each reader says what an empty input lacks.
    if special != "fifo":
        assert message in result.output


def test_a_fifo_does_not_block_a_real_process(proc, tmp_path):
    fifo = tmp_path / "cards.json"
    os.mkfifo(fifo)
    result = proc("import", str(fifo), timeout=20)  # no writer ever opens it: reading would block forever
    assert result.returncode == 1 and b"the file is empty" in result.stderr


# ------------------------------------------------------------------ card files

CARD_FILES = {
    "lone high surrogate": ("c.json", json.dumps([_card(name="X\ud800")]), "half of a UTF-16 surrogate pair"),
    "lone low surrogate in text": ("c.json", json.dumps([_card(text="\udc00")]), "half of a UTF-16 surrogate pair"),
    "lone surrogate in a key": ("c.json", '[{"\\udc80": 1}]', "half of a UTF-16 surrogate pair"),
    "lone surrogate in JSON Lines": ("c.jsonl", json.dumps(_card(name="\ud83d")), "half of a UTF-16 surrogate pair"),
    "lone surrogate in a CSV JSON cell": ("c.csv", 'id,game,name,type,text,cost,names\naf-h,alomfogo,H,event,x,1,'
                                          '"{""hu"": ""\\ud800""}"\n', "surrogate"),
    "cost of 5000 digits": ("c.json", '[{"id": "af-h", "game": "alomfogo", "name": "H", "type": "event", "cost": '
                            + "9" * 5000 + "}]", "has 5000 digits"),
    "cost of 5000 digits in JSON Lines": ("c.jsonl", '{"id": "af-h", "cost": ' + "9" * 5000 + "}", "has 5000 digits"),
    "cost of 5000 digits in CSV": ("c.csv", "id,game,name,type,text,cost\naf-h,alomfogo,H,event,x," + "9" * 5000 + "\n",
                                   "cost"),
    "array nested 100,000 deep": ("c.json", "[" * DEEP + "]" * DEEP, "nests too deeply"),
    "name 130 characters long": ("c.json", json.dumps([_card(name="N" * 130)]), "too long: 130 characters, the limit is 120"),
    "1e400": ("c.json", '[{"id": "af-h", "game": "alomfogo", "name": "H", "type": "event", "cost": 1e400}]', "too large"),
    "NaN": ("c.json", '[{"id": "af-h", "game": "alomfogo", "name": "H", "type": "event", "cost": NaN}]', "NaN"),
}


@pytest.mark.parametrize("dry_run", [True, False])
@pytest.mark.parametrize("case", sorted(CARD_FILES))
def test_a_hostile_card_file_is_refused_and_nothing_is_written(case, dry_run, cli, db, tmp_path):
    name, content, message = CARD_FILES[case]
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    before = db.read_bytes()
    result = cli("import", *(["--dry-run"] if dry_run else []), str(path))
    no_traceback(result.output)
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "nothing was imported" in result.output or "nothing written" in result.output
    assert db.read_bytes() == before


# ------------------------------------------------------------------ strategies and scripts (TOML)

TOML_FILES = {
    "array nested 100,000 deep": "x = " + "[" * DEEP + "]" * DEEP + "\n",
    "array nested 300 deep": "x = " + "[" * 300 + "]" * 300 + "\n",
    "inline tables nested 5,000 deep": "x = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n",
    "integer of 5000 digits": "x = " + "9" * 5000 + "\n",
    "invalid UTF-8": b"game = \"\xff\"\n",
    "NUL byte": "game = \"a\x00\"\n",
}


@pytest.mark.parametrize("case", sorted(TOML_FILES))
@pytest.mark.parametrize("command", ["script run", "goldfish --strategy"])
def test_a_hostile_toml_file_is_one_clear_error(case, command, cli, tmp_path):
    content = TOML_FILES[case]
    path = tmp_path / "t.deckkit.toml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    args = ["script", "run", str(path)] if command == "script run" else \
        ["goldfish", AF, "--games", "2", "--strategy", str(path)]
    result = cli(*args)
    no_traceback(result.output)
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output


# ------------------------------------------------------------------ conditions: same limits as queries

CONDITIONS = {
    "400 levels of (": ("(" * 400 + "count(t:food) >= 1" + ")" * 400, "nests more than 30 levels"),
    "400 nots": ("not " * 400 + "count(t:food) >= 1", "nests more than 30 levels"),
    "31 levels of (": ("(" * 31 + "count(t:food) >= 1" + ")" * 31, "nests more than 30 levels"),
    "a query nested 400 deep": ("count(" + "(" * 400 + "t:food" + ")" * 400 + ") >= 1", "nests more than 30 levels"),
    "201 comparisons": (" or ".join(["count(x)>0"] * 201), "more than 200 comparisons"),
    "count of 5000 digits": ("count(t:food) >= " + "9" * 5000, "too long"),
    "count of 30 digits": ("count(t:food) >= " + "9" * 30, "is out of range"),
    "condition of 100,000 characters": ("count(t:food) >= 1 and " * 5000 + "count(t:food) >= 1", "too long"),
    "NUL inside": ("count(t:fo\x00od) >= 1", "NUL"),
    "unclosed regex": ("count(name:/abc) >= 1", "unclosed regular expression"),
}


@pytest.mark.parametrize("case", sorted(CONDITIONS))
@pytest.mark.parametrize("command", ["odds", "hand --keep"])
def test_a_hostile_condition_is_a_usage_error(case, command, cli):
    text, message = CONDITIONS[case]
    args = ["odds", AF, text] if command == "odds" else ["hand", AF, "--keep", text, "--seed", "1"]
    result = cli(*args)
    no_traceback(result.output)
    assert result.exit_code == 2, result.output
    assert message in result.output


# ------------------------------------------------------------------ command-line values

ARGUMENTS = {
    "deck add 10^12 copies": (["deck", "add", "{deck}", "1000000000000", "Chleba"], 2, "count 1000000000000 is out of range"),
    "deck add '10^12x Chleba'": (["deck", "add", "{deck}", "1000000000000x Chleba"], 2, "is out of range"),
    "deck add 5000 digits": (["deck", "add", "{deck}", "9" * 5000, "Chleba"], 2, "(5000 digits) is out of range"),
    "deck add 1000 copies": (["deck", "add", "{deck}", "1000", "Chleba"], 2, "count 1000 is out of range"),
    "deck add -c 10^12": (["deck", "add", "{deck}", "Chleba", "-c", "1000000000000"], 2, "out of range"),
    "deck remove -c 10^12": (["deck", "remove", "{deck}", "Chleba", "-c", "1000000000000"], 2, "out of range"),
    "search of 5000 digits": (["search", "cost<=" + "9" * 5000], 2, "too long"),
    "search 1000 digits": (["search", "cost<=" + "9" * 1000], 2, ""),
    "goldfish --games 10^30": (["goldfish", AF, "--games", "1" + "0" * 30], 2, ""),
    "goldfish --seed of 5000 digits": (["goldfish", AF, "--games", "2", "--seed", "9" * 5000], 2, ""),
    "hand --seed of 5000 digits": (["hand", AF, "--seed", "9" * 5000], 2, ""),
    "card with NUL": (["card", "Chl\x00eba"], 1, "unknown card"),
    "card of 100,000 characters": (["card", "x" * 100_000], 1, ""),
}


@pytest.mark.parametrize("case", sorted(ARGUMENTS))
def test_a_hostile_argument_is_one_clear_error(case, cli, tmp_path):
    deck = tmp_path / "ob.deck"
    deck.write_text("game: ob\n\n4 Chleba\n", encoding="utf-8")
    args, code, message = ARGUMENTS[case]
    before = deck.read_bytes()
    result = cli(*[a.format(deck=deck) for a in args])
    no_traceback(result.output)
    assert result.exit_code == code, result.output
    assert message in result.output
    assert "internal error" not in result.output
    assert deck.read_bytes() == before


# ------------------------------------------------------------------ a --scheduler that does not speak Dask

@pytest.fixture
def not_dask():
    """A local TCP server that answers every connection with 8 bytes claiming a 3 EiB message, then hangs up."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                conn.sendall(b"\xff" * 8 + b"HTTP/1.1 200 OK\r\n\r\nhello")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join(timeout=5)
    server.close()


def test_a_scheduler_that_is_not_dask_fails_within_seconds(proc, not_dask):
    pytest.importorskip("distributed")
    result = proc("goldfish", AF, "--games", "10", "--scheduler", not_dask, timeout=40)
    err = result.stderr.decode()
    no_traceback(err)
    assert result.returncode in (1, 2), err  # a wrong address is a usage error
    assert "cannot reach the Dask scheduler" in err


def test_the_cli_runs_with_its_own_recursion_limit():
    """The fuzzers and these tests rely on it: a limit raised by a test tool would hide recursion crashes."""
    out = subprocess.run([sys.executable, "-c", "import sys, deckkit.cli; print(sys.getrecursionlimit())"],
                         capture_output=True, text=True, timeout=30)
    assert int(out.stdout) == 1000
