"""The text deck file (CLI.md "Deck files"): a tolerant reader and a canonical writer.

Read: UTF-8 with or without BOM, CRLF or LF, ``#`` comments, ``key: value`` headers, card lines
``N Name`` / ``Nx Name`` / ``N x Name`` with any spacing, section lines (``Deck``, ``Sideboard``,
``Main deck:``, ``[Sideboard]``, ``// Sideboard``) and ``SB: N Name`` lines. Every problem is
collected with its line number before anything is raised.

Write: ``game:``/``format:``/``name:`` headers, a blank line, ``N Name`` lines in deck order, then
``Sideboard`` and its lines. Comments are not kept.
"""

from __future__ import annotations

import re
from pathlib import Path

from deckkit.decks.model import MAIN, SIDEBOARD, Deck, DeckEntry, Problem
from deckkit.errors import ValidationFailed
from deckkit.text import fold

# Far more than any game allows; anything above is a typo (or 10^9), not a deck.
MAX_COUNT = 999
HEADERS = ("game", "format", "name")

_CARD = re.compile(r"^(?P<count>[+-]?\d+)(?:\s*[x×]\s+|\s+)(?P<name>\S.*)$", re.IGNORECASE)
_COUNT_ONLY = re.compile(r"^[+-]?\d+\s*[x×]?$", re.IGNORECASE)
_HEADER = re.compile(r"^(?P<key>[A-Za-z][A-Za-z _-]{0,30}?)\s*:\s*(?P<value>.*)$")
_SB_PREFIX = re.compile(r"^sb\s*:\s*", re.IGNORECASE)
_SECTIONS = {"deck": MAIN, "main": MAIN, "main deck": MAIN, "maindeck": MAIN, "mainboard": MAIN,
             "sideboard": SIDEBOARD, "side": SIDEBOARD, "side deck": SIDEBOARD, "sb": SIDEBOARD}


class DeckFileError(ValidationFailed):
    """A deck file that cannot be read as a deck; ``problems`` lists every finding with its line."""


def read_text(path: str | Path) -> tuple[str | None, list[Problem]]:
    """The file's text (BOM removed), or None and an ``unreadable`` problem."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        return None, [Problem("unreadable", f"no such file: {path}", hint="check the path")]
    except IsADirectoryError:
        return None, [Problem("unreadable", f"{path} is a directory, not a deck file")]
    except OSError as exc:
        return None, [Problem("unreadable", f"cannot read {path}: {exc.strerror or exc}")]
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [Problem(
            "unreadable", f"not UTF-8: byte 0x{raw[exc.start]:02x} cannot be decoded",
            line=line, hint="save the deck file as UTF-8 (most editors offer it under 'Save as')")]


def _section_of(text: str) -> str | None:
    key = fold(text.strip().strip("[]").lstrip("/").strip().rstrip(":").strip())
    return _SECTIONS.get(key)


def parse_text(text: str, path: str | None = None) -> tuple[Deck, list[Problem]]:
    """Parse deck text; returns the deck and every problem (errors and warnings) found."""
    from deckkit.games import GAMES, resolve_game

    problems: list[Problem] = []
    header: dict[str, str] = {}
    header_line: dict[str, int] = {}
    deck = Deck(game="", path=path)
    section = MAIN
    seen: dict[tuple[str, str], DeckEntry] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip().replace("\u00a0", " ")
        if not line:
            continue
        target = section
        sb = _SB_PREFIX.match(line)
        if sb and _CARD.match(line[sb.end():]):
            target, line = SIDEBOARD, line[sb.end():]
        match = _CARD.match(line)
        if match is None:
            if _section_of(line) is not None:
                section = _section_of(line)  # type: ignore[assignment]
                continue
            head = _HEADER.match(line)
            if head and not head["key"][0].isdigit():
                key = fold(head["key"]).replace(" ", "-")
                if key in HEADERS or not seen:
                    if key in header:
                        problems.append(Problem("duplicate-header", f"second '{key}:' line (first on line "
                                                f"{header_line[key]})", line=number, hint="keep one"))
                    if key in HEADERS:
                        header[key], header_line[key] = head["value"].strip(), number
                        continue
                    problems.append(Problem("unknown-header", f"unknown header '{head['key']}:' ignored",
                                            line=number, severity="warning",
                                            hint="headers are game:, format: and name:"))
                    continue
            if _COUNT_ONLY.match(line):
                problems.append(Problem("bad-line", f"a count without a card name: {line!r}", line=number,
                                        hint="a card line is 'N Name', e.g. '2 Éjlépő Kajtár'"))
            else:
                problems.append(Problem("bad-line", f"not a card line: {line!r}", line=number,
                                        hint=f"a card line starts with a count, e.g. '1 {line[:40]}'"))
            continue
        count, name = int(match["count"]), " ".join(match["name"].split())
        if count < 1 or count > MAX_COUNT:
            why = "must be at least 1" if count < 1 else f"is not plausible (at most {MAX_COUNT} per line)"
            problems.append(Problem("bad-count", f"count {count} for {name} {why}", card=name, line=number,
                                    hint="write the number of copies, e.g. '3 " + name + "'"))
            continue
        key = (target, fold(name))
        if key in seen:
            first = seen[key]
            first.count += count
            problems.append(Problem(
                "duplicate-card", f"{name} appears on lines {first.line} and {number}; counted as {first.count}",
                card=name, line=number, severity="warning", hint="put all copies on one line"))
            continue
        entry = DeckEntry(count, name, number, target)
        seen[key] = entry
        deck.section(target).append(entry)

    if "game" not in header:
        problems.insert(0, Problem("missing-game", "the deck has no 'game:' line",
                                   hint="add a first line such as 'game: " + next(iter(GAMES)) + "'"))
    else:
        try:
            deck.game = resolve_game(header["game"])
        except Exception as exc:  # UsageError from the registry: for a file it is bad data
            problems.insert(0, Problem("unknown-game", f"unknown game {header['game']!r}",
                                       line=header_line["game"], hint=getattr(exc, "hint", None)))
    deck.format = header.get("format") or None
    deck.name = header.get("name") or None
    deck.notes = [p for p in problems if p.severity == "warning"]
    return deck, problems


def _card_line(entry: DeckEntry) -> str:
    # A name that itself starts with "x " would lose its x to the "N x Name" form; "Nx" keeps it.
    sep = "x " if re.match(r"[x×]\s", entry.name, re.IGNORECASE) else " "
    return f"{entry.count}{sep}{entry.name}"


def write_text(deck: Deck) -> str:
    """The canonical text form of a deck (comments are not preserved)."""
    lines = [f"game: {deck.game}"]
    if deck.format:
        lines.append(f"format: {deck.format}")
    if deck.name:
        lines.append(f"name: {deck.name}")
    lines.append("")
    lines.extend(_card_line(e) for e in deck.entries)
    if deck.sideboard:
        lines += ["", "Sideboard"]
        lines.extend(_card_line(e) for e in deck.sideboard)
    return "\n".join(lines) + "\n"
