"""User files are written atomically and faithfully (issue 17 item 1).

A failed write leaves the old file byte for byte and no stray file; a symlink's target is
updated; a file keeps its permission bits; a read-only file is refused; a new file gets the umask.
"""

from __future__ import annotations

import os
import resource
import signal
import stat
from pathlib import Path

import pytest

from hostile_helpers import no_traceback

DECK = "game: alomfogo\nformat: casual\nname: Dreamers\n\n# my notes\n3 Éjlépő Kajtár\n"


def file_size_limit(limit: int):
    """preexec_fn: writes past ``limit`` bytes fail with EFBIG, as a full disk would fail them."""

    def _apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return _apply


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _big_deck(path: Path) -> bytes:
    """A legal deck file of ~80 KB (its comments are kept by edits, so a rewrite is as large)."""
    text = DECK + "".join(f"# note {i:06d} " + "x" * 60 + "\n" for i in range(1100))
    path.write_text(text, encoding="utf-8")
    return path.read_bytes()


# ------------------------------------------------------------------ a failed write changes nothing

STARTER = Path(__file__).resolve().parents[2] / "data" / "decks" / "alomfogo-casual.deck"

# case -> (target file name, command, byte limit on any file written). Targets start with ~77 KB of
# old contents; each command writes more than its limit, so the write fails part way.
FAILED_WRITES = {
    "export -f": ("out.json", ["export", "-f", "{t}"], 78_000),
    "export -f csv": ("out.csv", ["export", "-o", "csv", "-f", "{t}"], 50_000),
    "deck add": ("out.deck", ["deck", "add", "{t}", "Jégszem Soyana"], 78_000),
    "deck remove": ("out.deck", ["deck", "remove", "{t}", "Éjlépő Kajtár", "-c", "1"], 78_000),
    "deck convert": ("out.json", ["deck", "convert", "{big}", "{t}"], 60),
    "goldfish --games-out": ("out.jsonl", ["goldfish", str(STARTER), "--games", "300", "--seed", "1",
                                           "--games-out", "{t}"], 78_000),
}


@pytest.mark.parametrize("case", sorted(FAILED_WRITES))
def test_a_write_that_fails_midway_leaves_the_old_file_and_no_stray_file(case, proc, tmp_path):
    name, args, limit = FAILED_WRITES[case]
    work = tmp_path / "work"
    work.mkdir()
    big = work / "big.deck"
    old = _big_deck(big)
    target = work / name
    if name.endswith(".deck"):
        target.write_bytes(old)
    else:
        target.write_text("the old contents\n" * 4500, encoding="utf-8")  # ~77 KB
    before, listing = target.read_bytes(), _listing(work)
    result = proc(*[a.format(t=target, big=big) for a in args], preexec=file_size_limit(limit))
    no_traceback(result.stderr.decode())
    assert result.returncode == 1, result.stderr
    assert "cannot write the file" in result.stderr.decode()
    assert target.read_bytes() == before
    assert _listing(work) == listing


def test_script_new_force_on_a_full_disk_keeps_the_old_script(proc, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    target = work / "t.deckkit.toml"
    target.write_text("# mine\n", encoding="utf-8")
    result = proc("script", "new", str(target), "--game", "af", "--force", preexec=file_size_limit(10))
    no_traceback(result.stderr.decode())
    assert result.returncode == 1 and target.read_text() == "# mine\n"
    assert _listing(work) == ["t.deckkit.toml"]


# ------------------------------------------------------------------ faithful writes

def test_deck_add_through_a_symlink_updates_the_target_and_keeps_the_link(cli, tmp_path):
    real = tmp_path / "real.deck"
    real.write_text(DECK, encoding="utf-8")
    link = tmp_path / "link.deck"
    link.symlink_to(real)
    result = cli("deck", "add", str(link), "Jégszem Soyana")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert "1 Jégszem Soyana" in real.read_text(encoding="utf-8")
    assert "# my notes" in real.read_text(encoding="utf-8")


@pytest.mark.parametrize("mode", [0o640, 0o600, 0o664, 0o755])
def test_deck_add_keeps_the_files_mode(cli, tmp_path, mode):
    deck = tmp_path / "d.deck"
    deck.write_text(DECK, encoding="utf-8")
    deck.chmod(mode)
    assert cli("deck", "add", str(deck), "Jégszem Soyana").exit_code == 0
    assert stat.S_IMODE(deck.stat().st_mode) == mode


@pytest.mark.parametrize("args", [["deck", "add", "{d}", "Jégszem Soyana"],
                                  ["deck", "remove", "{d}", "Éjlépő Kajtár"],
                                  ["deck", "new", "{d}", "--game", "af", "--force"],
                                  ["deck", "convert", "{src}", "{d}"],
                                  ["export", "-f", "{d}"]])
def test_a_read_only_file_is_refused_and_left_alone(cli, tmp_path, args):
    src = tmp_path / "src.deck"
    src.write_text(DECK, encoding="utf-8")
    deck = tmp_path / "d.deck"
    deck.write_text(DECK, encoding="utf-8")
    deck.chmod(0o444)
    result = cli(*[a.format(d=deck, src=src) for a in args])
    assert result.exit_code == 1
    assert "read-only" in result.stderr and "chmod u+w" in result.stderr
    assert deck.read_text(encoding="utf-8") == DECK and stat.S_IMODE(deck.stat().st_mode) == 0o444


@pytest.mark.parametrize("umask,expected", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_files_get_the_users_umask(cli, tmp_path, umask, expected):
    old = os.umask(umask)
    try:
        assert cli("deck", "new", str(tmp_path / "n.deck"), "--game", "af").exit_code == 0
        assert cli("export", "-f", str(tmp_path / "n.json")).exit_code == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "n.deck").stat().st_mode) == expected
    assert stat.S_IMODE((tmp_path / "n.json").stat().st_mode) == expected


def test_export_to_a_special_file_writes_into_it(cli):
    result = cli("export", "-f", "/dev/null")
    assert result.exit_code == 0 and Path("/dev/null").exists() and not Path("/dev/null").is_file()


def test_export_to_a_folder_is_refused(cli, tmp_path):
    result = cli("export", "-f", str(tmp_path))
    assert result.exit_code == 1 and "it is a folder" in result.stderr


def test_export_into_a_missing_folder_says_so(cli, tmp_path):
    result = cli("export", "-f", str(tmp_path / "nowhere" / "x.json"))
    assert result.exit_code == 1 and "folder does not exist" in result.stderr


def test_a_successful_write_leaves_no_temporary_file(cli, tmp_path):
    work = tmp_path / "w"
    work.mkdir()
    for args in (["deck", "new", str(work / "a.deck"), "--game", "af"],
                 ["deck", "add", str(work / "a.deck"), "Jégszem Soyana"],
                 ["deck", "convert", str(work / "a.deck"), str(work / "a.json")],
                 ["export", "-f", str(work / "e.csv")],
                 ["script", "new", str(work / "s.deckkit.toml"), "--game", "af"]):
        assert cli(*args).exit_code == 0
    assert _listing(work) == ["a.deck", "a.json", "e.csv", "s.deckkit.toml"]


# ------------------------------------------------------------------ values written into deck files

ODD_CARDS = [
    {"id": "af-hash", "game": "alomfogo", "name": "Kočka #1", "type": "event", "text": "x", "cost": 1},
    {"id": "af-two-lines", "game": "alomfogo", "name": "Two\nlines", "type": "event", "text": "x", "cost": 1},
    {"id": "af-cr", "game": "alomfogo", "name": "Carriage\rreturn", "type": "event", "text": "x", "cost": 1},
    {"id": "af-ls", "game": "alomfogo", "name": "Line\u2028separator", "type": "event", "text": "x", "cost": 1},
    {"id": "af-esc", "game": "alomfogo", "name": "Esc\x1b[31mape", "type": "event", "text": "x", "cost": 1},
]


@pytest.mark.parametrize("card", ODD_CARDS, ids=[c["id"] for c in ODD_CARDS])
def test_a_card_with_an_odd_name_reads_back_as_the_same_card(card, cli, tmp_path):
    import json

    src = tmp_path / "odd.json"
    src.write_text(json.dumps([card]), encoding="utf-8")
    assert cli("import", str(src)).exit_code == 0
    deck = tmp_path / "d.deck"
    assert cli("deck", "new", str(deck), "--game", "af").exit_code == 0
    assert cli("deck", "add", str(deck), card["id"], "-c", "2").exit_code == 0
    shown = json.loads(cli("deck", "show", str(deck), "-o", "json").stdout)
    (group,) = shown["groups"]
    assert [(c["id"], c["count"]) for c in group["cards"]] == [(card["id"], 2)]
    assert shown["problems"] == []
    assert len(deck.read_text(encoding="utf-8").splitlines()) == 3  # game:, a blank line, one card line


@pytest.mark.parametrize("name", ["Mine\ngame: kotlik", "A\rB", "Tab\tbed", "Bell\x07", "Sep\u2028x"])
def test_a_deck_name_that_would_inject_lines_is_refused(name, cli, tmp_path):
    deck = tmp_path / "d.deck"
    result = cli("deck", "new", str(deck), "--game", "af", "--name", name)
    assert result.exit_code == 2 and "holds a line break or control character" in result.stderr
    assert not deck.exists()


def test_a_deck_name_with_a_hash_reads_back_whole(cli, tmp_path):
    deck = tmp_path / "d.deck"
    assert cli("deck", "new", str(deck), "--game", "af", "--name", "Dreamers #2 # not a comment").exit_code == 0
    import json

    assert json.loads(cli("deck", "show", str(deck), "-o", "json").stdout)["name"] == "Dreamers #2 # not a comment"


def test_converting_a_json_deck_whose_name_holds_a_line_break_is_refused(cli, tmp_path):
    src = tmp_path / "d.json"
    src.write_text('{"game": "af", "name": "x\\ngame: kotlik", "cards": []}', encoding="utf-8")
    out = tmp_path / "d.deck"
    result = cli("deck", "convert", str(src), str(out))
    assert result.exit_code == 1 and "a text deck file cannot hold" in result.stderr
    assert not out.exists()
