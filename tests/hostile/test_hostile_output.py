"""Every command with standard output on a full disk: one error line, exit 1, no traceback (issue 17 item 2)."""

from __future__ import annotations

import contextlib
import io
import shutil
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from deckkit.cli import app, main
from hostile_helpers import no_traceback

DATA = Path(__file__).resolve().parents[2] / "data"
AF = str(DATA / "decks" / "alomfogo-casual.deck")
SCRIPT = str(DATA / "scripts" / "af-card-anatomy.deckkit.toml")

# Every leaf command of the CLI, with arguments that make it print something.
COMMANDS = {
    "import": ["import", "--dry-run", "{cards}"],
    "export": ["export"],
    "search": ["search", "game:af"],
    "card": ["card", "Éjlépő Kajtár"],
    "hand": ["hand", AF, "--seed", "1"],
    "odds": ["odds", AF, "count(t:dreamwalker) >= 2"],
    "games": ["games"],
    "goldfish": ["goldfish", AF, "--games", "20", "--seed", "1"],
    "match": ["match", AF, AF, "--games", "4", "--seed", "1", "-w", "1"],
    "play": ["play", AF, "--seed", "1"],
    "db info": ["db", "info"],
    "db check": ["db", "check"],
    "db prefer": ["db", "prefer"],
    "remove": ["remove", "--dry-run", "ob-chleba"],
    "deck new": ["deck", "new", "{tmp}/n.deck", "--game", "af"],
    "deck add": ["deck", "add", "{deck}", "Jégszem Soyana"],
    "deck remove": ["deck", "remove", "{deck}", "Éjlépő Kajtár"],
    "deck show": ["deck", "show", AF],
    "deck stats": ["deck", "stats", AF],
    "deck convert": ["deck", "convert", AF],
    "deck validate": ["deck", "validate", AF],
    "deck find": ["deck", "find", "t:dreamwalker", AF],
    "deck need": ["deck", "need", AF],
    "deck history": ["deck", "history", "{deck}"],
    "deck diff": ["deck", "diff", AF, "{deck}"],
    "collection add": ["collection", "add", "Éjlépő Kajtár"],
    "collection remove": ["collection", "remove", "Éjlépő Kajtár"],
    "collection import": ["collection", "import", "{owned}"],
    "collection show": ["collection", "show"],
    "bundled": ["bundled"],
    "tune": ["tune", AF, "--vary", "Jégszem Soyana=1..2", "--games", "20", "--seed", "1", "-w", "1"],
    "script run": ["script", "run", SCRIPT],
    "script new": ["script", "new", "{tmp}/s.deckkit.toml", "--game", "af"],
    "completion": ["completion", "bash"],
    "print": ["print", AF, "-f", "{tmp}/deck.pdf"],
    "render": ["render", "Athame", "-f", "{tmp}/pictures", "--only", "png", "--dpi", "50"],
    "export-tts": ["export-tts", AF, "-f", "{tmp}/tts"],
}
# Commands that print only once something is there: this runs first, with stdout as usual.
SETUP = {"collection remove": ["collection", "add", "Éjlépő Kajtár"], "collection show": ["collection", "add", "Éjlépő Kajtár"]}
NO_STDOUT = {"browse": "it serves until stopped and writes only to stderr"}
EXTRA = {  # other output shapes of the same commands
    "export csv": ["export", "-o", "csv"],
    "export jsonl": ["export", "-o", "jsonl"],
    "search json": ["search", "game:af", "-o", "json"],
    "goldfish json": ["goldfish", AF, "--games", "20", "--seed", "1", "-o", "json"],
    "match json": ["match", AF, AF, "--games", "4", "--seed", "1", "-w", "1", "-o", "json"],
    "deck validate json": ["deck", "validate", AF, "-o", "json"],
    "script run json": ["script", "run", SCRIPT, "-o", "json"],
    "--help": ["--help"],
    "search --help": ["search", "--help"],
}


def _leaf_commands() -> set[str]:
    found: set[str] = set()

    def walk(cmd, prefix: tuple[str, ...]) -> None:
        if hasattr(cmd, "commands"):
            for name, sub in cmd.commands.items():
                walk(sub, (*prefix, name))
        else:
            found.add(" ".join(prefix))

    walk(typer.main.get_command(app), ())
    return found


def test_the_table_names_every_command():
    assert _leaf_commands() == set(COMMANDS) | set(NO_STDOUT)


def run_on_full_disk(argv: list[str]) -> tuple[int, str]:
    """Run ``deckkit argv`` in this process with stdout on /dev/full; (exit code, stderr)."""
    err = io.StringIO()
    full = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 - closed below
    old_argv, old_out = sys.argv, sys.stdout
    sys.argv, sys.stdout = ["deckkit", *argv], full
    code: int | str | None = None
    try:
        with contextlib.redirect_stderr(err):
            try:
                main()
            except SystemExit as done:
                code = done.code
    finally:
        sys.argv, sys.stdout = old_argv, old_out
        with contextlib.suppress(OSError):
            full.close()
    return (code if isinstance(code, int) else (0 if code is None else 1)), err.getvalue()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("case", [*sorted(COMMANDS), *sorted(EXTRA)])
def test_a_full_disk_under_stdout_is_one_error_line(case, db, tmp_path):
    cards = tmp_path / "cards.json"
    cards.write_text('[{"id": "af-x", "game": "alomfogo", "name": "X", "type": "event", "text": "", "cost": 1}]',
                     encoding="utf-8")
    deck = tmp_path / "d.deck"
    shutil.copyfile(AF, deck)
    owned = tmp_path / "owned.csv"
    owned.write_text("name,count\nÉjlépő Kajtár,2\n", encoding="utf-8")
    args = [a.format(tmp=tmp_path, deck=deck, cards=cards, owned=owned) for a in {**COMMANDS, **EXTRA}[case]]
    if case in SETUP:
        done = CliRunner().invoke(app, ["--db", str(db), *SETUP[case]])
        assert done.exit_code == 0, done.output
    code, err = run_on_full_disk(["--db", str(db), *args])
    no_traceback(err)
    if case == "script new":  # its notes go to stderr: nothing was lost
        assert code == 0 and "wrote" in err
        return
    assert code == 1, err
    assert "error: cannot write the output: No space left on device" in err
    assert "hint: free some space" in err
