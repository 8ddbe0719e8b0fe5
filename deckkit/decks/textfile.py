"""The text deck file (CLI.md "Deck files"): a tolerant reader and a canonical writer.

Read: UTF-8 with or without BOM, CRLF or LF, ``#`` comments, ``key: value`` headers, card lines
``N Name`` / ``Nx Name`` / ``N x Name`` with any spacing, section lines (``Deck``, ``Sideboard``,
``Main deck:``, ``[Sideboard]``, ``// Sideboard``) and ``SB: N Name`` lines. Every problem is
collected with its line number before anything is raised.

A ``prefer:`` header names the sources that win where cards share a name (:mod:`deckkit.catalogue.prefer`).

Write: ``game:``/``format:``/``name:``/``prefer:`` headers, a blank line, ``N Name`` lines in deck order, then
``Sideboard`` and its lines. ``write_text(deck)`` is that canonical form alone (``deck convert``);
``write_text(deck, keep_comments=True)`` (``deck add/remove``) also keeps the user's comments: the
ones above the headers stay on top, a comment block stays above the card line that followed it
(with a blank line before it where there was one), a comment at the end of a card line stays on
that line, and unknown header lines are kept as they were.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from deckkit.decks.model import MAIN, SIDEBOARD, Deck, DeckEntry, Problem
from deckkit.errors import DataError, ValidationFailed
from deckkit.text import fold

# Far more than any game allows; anything above is a typo (or 10^9), not a deck.
MAX_COUNT = 999
HEADERS = ("game", "format", "name", "prefer")

_CARD = re.compile(r"^(?P<count>[+-]?\d+)(?:\s*[x×]\s+|\s+)(?P<name>\S.*)$", re.IGNORECASE)
_COUNT_ONLY = re.compile(r"^[+-]?\d+\s*[x×]?$", re.IGNORECASE)
_HEADER = re.compile(r"^(?P<key>[A-Za-z][A-Za-z _-]{0,30}?)\s*:\s*(?P<value>.*)$")
_SB_PREFIX = re.compile(r"^sb\s*:\s*", re.IGNORECASE)
_COMMENT = re.compile(r"(?<!\\)#")  # "\#" is a '#' that belongs to a name, not a comment
_TRAILING_COMMENT = re.compile(r"\s*(?<!\\)#")
# Characters a line of a text file cannot hold: controls, and the line breaks str.splitlines() knows.
_UNWRITABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def escape_name(text: str) -> str:
    """``text`` as written in a deck file: a ``#`` becomes ``\\#`` so that it does not start a comment."""
    return text.replace("#", "\\#")


def unescape_name(text: str) -> str:
    """The name or header value a deck file's ``\\#`` stands for."""
    return text.replace("\\#", "#")


def writable(text: str) -> bool:
    """Whether ``text`` fits on one line of a deck file (no line break or control character)."""
    return _UNWRITABLE.search(text) is None


def check_writable(text: str, what: str) -> None:
    """DataError when ``text`` (a deck or card name, a format) cannot be written into a text deck file."""
    bad = _UNWRITABLE.search(text)
    if bad is not None:
        raise DataError(f"the {what} {text[:40]!r} holds a line break or control character "
                        f"(U+{ord(bad.group()):04X}), which a text deck file cannot hold",
                        hint="remove it, or keep the deck in the JSON form (.json)")
_SECTIONS = {"deck": MAIN, "main": MAIN, "main deck": MAIN, "maindeck": MAIN, "mainboard": MAIN,
             "sideboard": SIDEBOARD, "side": SIDEBOARD, "side deck": SIDEBOARD, "sb": SIDEBOARD}


class DeckFileError(ValidationFailed):
    """A deck file that cannot be read as a deck; ``problems`` lists every finding with its line."""


@dataclass
class Layout:
    """Where a text deck's comments stood, by card line number (what ``keep_comments`` writes back)."""

    top: list[str] = field(default_factory=list)  # comments and unknown headers above the last header
    before: dict[int, list[str]] = field(default_factory=dict)  # card line -> comments ("" = blank) above it
    trailing: dict[int, str] = field(default_factory=dict)  # card line -> "  # comment" at its end
    order: dict[str, list[int]] = field(default_factory=lambda: {MAIN: [], SIDEBOARD: []})  # card lines per section
    merged: set[int] = field(default_factory=set)  # lines whose copies were added to an earlier line
    end: list[str] = field(default_factory=list)  # comments after the last card line
    headers: dict[str, int] = field(default_factory=dict)  # header key -> its line (for messages)
    newline: str = "\n"  # "\r\n" when the file had Windows line ends: an edit keeps them


def _layout(records: list[tuple[int, str, str]]) -> Layout:
    """Group the (line, kind, text) records of a parse into a :class:`Layout`."""
    out = Layout()
    last_header = max((n for n, kind, _ in records if kind == "header"), default=0)
    block: list[str] = []
    carded = False
    for n, kind, text in records:
        if kind == "card":
            out.before[n], block, carded = block, [], True
        elif kind in ("comment", "keep"):
            (block if carded or n > last_header else out.top).append(text)
        elif kind == "blank" and (carded or n > last_header) and (not block or block[-1] != ""):
            block.append("")
        elif kind == "section":  # the writer puts its own blank line before "Sideboard"
            block = [text for text in block if text]
    while block and block[-1] == "":
        block.pop()  # blank lines at the end of the file mean nothing
    out.end = block
    return out


def read_text(path: str | Path) -> tuple[str | None, list[Problem]]:
    """The file's text (BOM removed), or None and an ``unreadable`` problem."""
    from deckkit.fileio import FileReadError, read_bytes

    try:
        raw = read_bytes(path, what="deck file")  # regular files only (a FIFO would block), size-limited
    except FileReadError as exc:
        if exc.message == "no such deck file":
            from deckkit.paths import bundled_hint

            return None, [Problem("unreadable", f"no such file: {path}", hint=bundled_hint(str(path), "deck"))]
        message = {"this is a folder, not a deck file": f"{path} is a directory, not a deck file"}.get(exc.message)
        return None, [Problem("unreadable", message or f"{path}: {exc.message}", hint=exc.hint)]
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):  # what some editors call "Unicode"
        return None, [Problem("unreadable", "the file is UTF-16, not UTF-8", line=1,
                              hint="save the deck file as UTF-8 (most editors offer it under 'Save as')")]
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
    reader = _Reader(path)
    for number, raw in enumerate(text.splitlines(), start=1):
        reader.read_line(number, raw)
    return reader.finish(text)


class _Reader:
    """One parse of a deck text, line by line: the headers so far, the current section, the cards seen,
    every problem, and the records of where comments stood (for the :class:`Layout`)."""

    def __init__(self, path: str | None) -> None:
        self.problems: list[Problem] = []
        self.header: dict[str, str] = {}
        self.header_line: dict[str, int] = {}
        self.deck = Deck(game="", path=path)
        self.section = MAIN
        self.seen: dict[tuple[str, str], DeckEntry] = {}
        self.records: list[tuple[int, str, str]] = []  # (line, kind, text) for the Layout of comments
        self.card_lines: list[tuple[int, str, str, bool]] = []  # (line, section, trailing comment, merged)

    def read_line(self, number: int, raw: str) -> None:
        """One line: blank or a comment, a card line (``SB:`` puts it in the sideboard), or something else."""
        line = _COMMENT.split(raw, 1)[0].strip().replace("\u00a0", " ")
        if not line:
            self.records.append((number, "comment" if "#" in raw else "blank", raw.strip()))
            return
        target = self.section
        sb = _SB_PREFIX.match(line)
        if sb and _CARD.match(line[sb.end():]):
            target, line = SIDEBOARD, line[sb.end():]
        match = _CARD.match(line)
        if match is None:
            self._other(number, raw, line)
        else:
            self._card(number, raw, match, target)

    def _other(self, number: int, raw: str, line: str) -> None:
        """A line that is no card line: a section title, a header, or a bad line."""
        named = _section_of(line)
        if named is not None:
            self.section = named
            self.records.append((number, "section", ""))
            return
        head = _HEADER.match(line)
        if head and not head["key"][0].isdigit() and self._header(number, raw, head):
            return
        if _COUNT_ONLY.match(line):
            self.problems.append(Problem("bad-line", f"a count without a card name: {line!r}", line=number,
                                         hint="a card line is 'N Name', e.g. '2 Éjlépő Kajtár'"))
        else:
            self.problems.append(Problem("bad-line", f"not a card line: {line!r}", line=number,
                                         hint=f"a card line starts with a count, e.g. '1 {line[:40]}'"))

    def _header(self, number: int, raw: str, head: re.Match[str]) -> bool:
        """A ``key: value`` line read as a header; False when it is none (an unknown key after the first
        card line), and so a bad line."""
        key = fold(head["key"]).replace(" ", "-")
        if key not in HEADERS and self.seen:
            return False
        if key in self.header:
            self.problems.append(Problem("duplicate-header", f"second '{key}:' line (first on line "
                                         f"{self.header_line[key]})", line=number, hint="keep one"))
        if key in HEADERS:
            self.header[key], self.header_line[key] = unescape_name(head["value"].strip()), number
            self.records.append((number, "header", ""))
            return True
        self.problems.append(Problem("unknown-header", f"unknown header '{head['key']}:' ignored",
                                     line=number, severity="warning",
                                     hint="headers are game:, format:, name: and prefer:"))
        self.records.append((number, "keep", raw.strip()))
        return True

    def _card(self, number: int, raw: str, match: re.Match[str], target: str) -> None:
        """A card line: its count checked, its copies added to an earlier line of the same card if any."""
        name = unescape_name(" ".join(match["name"].split()))
        digits = match["count"].lstrip("+-").lstrip("0")
        count = int(match["count"]) if len(digits) <= 9 else 10**9  # never int() of thousands of digits
        if count < 1 or count > MAX_COUNT:
            shown = match["count"] if len(match["count"]) <= 20 else f"{match['count'][:12]}… ({len(digits)} digits)"
            why = "must be at least 1" if count < 1 else f"is not plausible (at most {MAX_COUNT} per line)"
            self.problems.append(Problem("bad-count", f"count {shown} for {name} {why}", card=name, line=number,
                                         hint="write the number of copies, e.g. '3 " + name + "'"))
            return
        key = (target, fold(name))
        trailing = _TRAILING_COMMENT.search(raw)
        self.records.append((number, "card", ""))
        self.card_lines.append((number, target, raw[trailing.start():].rstrip() if trailing else "", key in self.seen))
        if key in self.seen:
            first = self.seen[key]
            first.count += count
            self.problems.append(Problem(
                "duplicate-card", f"{name} appears on lines {first.line} and {number}; counted as {first.count}",
                card=name, line=number, severity="warning", hint="put all copies on one line"))
            return
        entry = DeckEntry(count, name, number, target)
        self.seen[key] = entry
        self.deck.section(target).append(entry)

    def finish(self, text: str) -> tuple[Deck, list[Problem]]:
        """The deck with its game, format, name, notes and layout, and every problem found."""
        from deckkit.engine.registry import default_game, resolve as resolve_game

        deck, problems, header = self.deck, self.problems, self.header
        # a missing or unknown game comes first: every later message depends on it
        if "game" not in header:
            problems.insert(0, Problem("missing-game", "the deck has no 'game:' line",
                                       hint="add a first line such as 'game: " + default_game().name + "'"))
        else:
            try:
                deck.game = resolve_game(header["game"])
            except Exception as exc:  # UsageError from the registry: for a file it is bad data
                problems.insert(0, Problem("unknown-game", f"unknown game {header['game']!r}",
                                           line=self.header_line["game"], hint=getattr(exc, "hint", None)))
        deck.format = header.get("format") or None
        deck.name = header.get("name") or None
        if header.get("prefer"):
            from deckkit.catalogue.prefer import parse

            try:
                deck.prefer = parse(header["prefer"])
            except DataError as exc:
                problems.append(Problem("bad-line", exc.message, line=self.header_line["prefer"], hint=exc.hint))
        deck.notes = [p for p in problems if p.severity == "warning"]
        deck.layout = self._layout(text)
        return deck, problems

    def _layout(self, text: str) -> Layout:
        """Where the comments, headers and card lines stood, and the file's line ends."""
        layout = _layout(self.records)
        layout.headers = self.header_line
        layout.newline = "\r\n" if "\r\n" in text else "\n"
        for number, target, comment, merged in self.card_lines:
            layout.order[target].append(number)
            if comment:
                layout.trailing[number] = comment
            if merged:
                layout.merged.add(number)
        return layout


def _card_line(entry: DeckEntry) -> str:
    # A name that itself starts with "x " would lose its x to the "N x Name" form; "Nx" keeps it.
    check_writable(entry.name, "card name")
    sep = "x " if re.match(r"[x×]\s", entry.name, re.IGNORECASE) else " "
    return f"{entry.count}{sep}{escape_name(entry.name)}"


def _add_block(lines: list[str], block: list[str]) -> None:
    for item in block:
        if item or (lines and lines[-1] != ""):  # never two blank lines in a row
            lines.append(item)


def _add_section(lines: list[str], entries: list[DeckEntry], section: str, layout: Layout | None) -> None:
    if layout is None:
        lines.extend(_card_line(e) for e in entries)
        return
    by_line = {e.line: e for e in entries if e.line is not None}
    written: set[int] = set()
    pending: list[str] = []  # comments of lines that are gone wait for the next card line
    for number in layout.order[section]:
        pending += layout.before.get(number, [])
        entry = by_line.get(number)
        if entry is None:
            if number in layout.merged and number in layout.trailing:
                pending.append(layout.trailing[number].strip())  # its copies live on in an earlier line
            continue
        _add_block(lines, pending)
        pending = []
        lines.append(_card_line(entry) + layout.trailing.get(number, ""))
        written.add(id(entry))
    lines.extend(_card_line(e) for e in entries if id(e) not in written)  # cards added since reading
    _add_block(lines, pending)


def write_text(deck: Deck, *, keep_comments: bool = False) -> str:
    """The canonical text form of a deck; with ``keep_comments`` the comments read from its file stay."""
    layout: Layout | None = deck.layout if keep_comments and isinstance(deck.layout, Layout) else None
    lines = list(layout.top) if layout else []
    for what, value in (("game", deck.game), ("format", deck.format), ("deck name", deck.name)):
        if value:
            check_writable(value, what)
    lines.append(f"game: {deck.game}")
    if deck.format:
        lines.append(f"format: {escape_name(deck.format)}")
    if deck.name:
        lines.append(f"name: {escape_name(deck.name)}")
    if deck.prefer:
        lines.append(f"prefer: {', '.join(deck.prefer)}")
    lines.append("")
    _add_section(lines, deck.entries, MAIN, layout)
    if deck.sideboard:
        _add_block(lines, ["", "Sideboard"])
        _add_section(lines, deck.sideboard, SIDEBOARD, layout)
    if layout:
        _add_block(lines, layout.end)
        return layout.newline.join(lines) + layout.newline
    return "\n".join(lines) + "\n"
