"""One meaning per short flag across every command (issue 16 item 4), and '-f -' for standard output."""

from __future__ import annotations

import json

from cli_helpers import commands

# Each short flag, the long names it may stand for (one meaning), and that meaning.
SHORT_FLAGS = {
    "-h": ({"--help"}, "help"),
    "-o": ({"--output"}, "output format"),
    "-g": ({"--game"}, "the game"),
    "-f": ({"--file"}, "the file to write ('-' for stdout)"),
    "-n": ({"--games", "--count", "--simulate"}, "how many games or deals to run"),
    "-c": ({"--copies"}, "copies of a card in a deck"),
    "-l": ({"--limit"}, "at most this many results"),
    "-q": ({"--query"}, "a search query"),
    "-s": ({"--sort"}, "sort key"),
    "-m": ({"--mulligans"}, "mulligans"),
    "-w": ({"--workers"}, "worker processes"),
    "-v": ({"--verbose"}, "more detail"),
    "-k": ({"--kind"}, "kind of bundled file"),
}


def _short_flags() -> dict[str, dict[str, str]]:
    """{short flag: {command path: its first long name}} over every command."""
    found: dict[str, dict[str, str]] = {}
    for path, cmd in commands().items():
        for param in cmd.params:
            opts = list(getattr(param, "opts", ())) + list(getattr(param, "secondary_opts", ()))
            longs = [o for o in opts if o.startswith("--")]
            for short in (o for o in opts if len(o) == 2 and o.startswith("-")):
                found.setdefault(short, {})[path] = longs[0] if longs else short
    found.setdefault("-h", {})["*"] = "--help"
    return found


def test_every_short_flag_has_one_meaning_across_commands():
    used = _short_flags()
    unknown = set(used) - set(SHORT_FLAGS)
    assert not unknown, f"document {sorted(unknown)} in SHORT_FLAGS (and the README) with one meaning"
    for short, by_command in used.items():
        allowed, meaning = SHORT_FLAGS[short]
        wrong = {c: long for c, long in by_command.items() if long not in allowed}
        assert not wrong, f"{short} means {meaning}; these commands use it otherwise: {wrong}"


def test_format_is_never_a_short_flag():
    for path, cmd in commands().items():
        for param in cmd.params:
            opts = getattr(param, "opts", ())
            if "--format" in opts:
                assert opts == ["--format"], path


def test_export_to_dash_writes_stdout_and_no_file(cli, db, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("--db", str(db), "export", "-f", "-", "--game", "af", "-o", "jsonl")
    assert result.exit_code == 0 and result.stderr == ""
    cards = [json.loads(line) for line in result.stdout.splitlines()]
    assert cards and {c["game"] for c in cards} == {"alomfogo"}
    assert not (tmp_path / "-").exists()
    plain = cli("--db", str(db), "export", "--game", "af", "-o", "jsonl")
    assert plain.stdout == result.stdout


def test_deck_add_copies_short_flag(cli, db, tmp_path):
    deck = tmp_path / "d.deck"
    assert cli("--db", str(db), "deck", "new", str(deck), "-g", "af").exit_code == 0
    result = cli("--db", str(db), "deck", "add", str(deck), "ejlepo kajtar", "-c", "2")
    assert (result.exit_code, result.stdout) == (0, "Éjlépő Kajtár: 2\n")


def test_deck_add_warns_when_a_card_passes_the_copy_limit(cli, db, tmp_path):
    """AF-203: at most 3 copies of a card by name; the fourth is written, with a warning."""
    deck = tmp_path / "d.deck"
    deck.write_text("game: af\n3 Éjlépő Kajtár\n", encoding="utf-8")
    at_limit = cli("--db", str(db), "deck", "add", str(deck), "jegszem soyana", "-c", "3")
    assert (at_limit.exit_code, at_limit.stdout, at_limit.stderr) == (0, "Jégszem Soyana: 3\n", "")
    result = cli("--db", str(db), "deck", "add", str(deck), "ejlepo kajtar")
    assert (result.exit_code, result.stdout) == (0, "Éjlépő Kajtár: 4\n")
    assert result.stderr == ("warning: 4 copies of Éjlépő Kajtár; alomfogo-casual allows at most 3 (AF-203) "
                             "(hint: take out 1; deck validate checks the whole deck)\n")
    assert "4 Éjlépő Kajtár" in deck.read_text(encoding="utf-8")


def test_deck_add_without_a_copy_limit_stays_quiet(cli, db, tmp_path):
    """OB-206: Obludárium has no copy limit."""
    deck = tmp_path / "o.deck"
    deck.write_text("game: ob\n", encoding="utf-8")
    result = cli("--db", str(db), "deck", "add", str(deck), "Chleba", "-c", "9")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "Chleba: 9\n", "")
