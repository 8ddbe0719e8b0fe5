"""Names that clash (cards of one game that would share a printed name under different ids) or mislead
(a control character in a name).

A shared name makes every deck line, script and ``deckkit card`` that names it ambiguous (they
then fail and ask for an id), so an import reports each such card as a warning, or with
``--strict`` refuses the import.
"""

from __future__ import annotations

import re
from operator import itemgetter
from typing import Any

from deckkit.schemas import Problem

#: Index of the game and folded-name columns in a card row (:data:`deckkit.catalogue.rows.MAIN_COLUMNS`).
_ID, _GAME, _NAME, _KEY = 0, 1, 2, 3


def name_clashes(cat: Any, batches: list[tuple[str, list[tuple]]],
                 lines: list[list[int | None] | None] | None = None) -> list[Problem]:
    """One warning per incoming card whose (game, folded name) another card has, stored or incoming.

    ``batches`` are ``(file, card rows)`` in input order, ``lines`` each record's line per batch where
    known (None: JSON arrays, whose lines are found later, for problems only); a stored card that
    the import replaces (same id) counts with its new name only. Each warning names the card's
    record and lists every id that shares the name.
    """
    all_rows = batches[0][1] if len(batches) == 1 else [row for _, rows in batches for row in rows]
    # The common case, no clash at all, is decided by one C-level set of the folded names: a bulk
    # import must not pay a Python loop per card for a check that finds nothing.
    names = set(map(itemgetter(_KEY), all_rows))
    found = cat.same_names(names)
    if found:
        incoming = set(map(itemgetter(_ID), all_rows))
        found = {key: kept for key, cards in found.items()
                 if (kept := [(cid, source) for cid, source in cards if cid not in incoming])}
    if len(names) == len(all_rows) and not found:
        return []
    keys = set(zip(map(itemgetter(_GAME), all_rows), map(itemgetter(_KEY), all_rows)))
    stored = {key: cards for key, cards in found.items() if key in keys}
    groups: dict[tuple[str, str], list[str]] = {key: [cid for cid, _ in found] for key, found in stored.items()}
    sources = {cid: source for found in stored.values() for cid, source in found}
    for row in all_rows:
        ids = groups.setdefault((row[_GAME], row[_KEY]), [])
        if row[_ID] not in ids:
            ids.append(row[_ID])
    problems: list[Problem] = []
    for index, (file, rows) in enumerate(batches):
        known = lines[index] if lines else None
        for number, row in enumerate(rows, start=1):
            ids = groups[(row[_GAME], row[_KEY])]
            if len(ids) < 2:
                continue
            others = [f"{cid} ({sources[cid]})" if cid in sources else cid for cid in ids if cid != row[_ID]]
            problems.append(Problem(
                file, f"name {row[_NAME]!r} is already the name of {', '.join(others)}",
                line=known[number - 1] if known else None, record=number, path="$.name",
                hint=f"name them by id in decks and scripts ({', '.join(ids)}), or rename the card"))
    return problems


# The control characters (U+0080-U+009F) that the Windows-1250 bytes of letters (Š Ś Ť Ž Ź š ś ť ž ź)
# become when a file is read as Latin-2 or Latin-1: a name holding one was decoded wrongly.
_MISDECODED = re.compile("[" + "".join(chr(b) for b in range(0x80, 0xA0)
                                       if bytes([b]).decode("cp1250", "replace").isalpha()) + "]")


def misdecoded_names(batches: list[tuple[str, list[tuple]]],
                     lines: list[list[int | None] | None] | None = None) -> list[Problem]:
    """One error per incoming card whose name holds a control character that a Windows-1250 letter becomes
    under a wrong decoding (``Ž`` read as Latin-2 is U+008E): refused, since the card would be named wrongly."""
    all_rows = batches[0][1] if len(batches) == 1 else [row for _, rows in batches for row in rows]
    if not _MISDECODED.search(" ".join(map(itemgetter(_NAME), all_rows))):  # the common case: one scan
        return []
    problems: list[Problem] = []
    for index, (file, rows) in enumerate(batches):
        known = lines[index] if lines else None
        for number, row in enumerate(rows, start=1):
            bad = _MISDECODED.search(row[_NAME])
            if bad:
                letter = bytes([ord(bad.group())]).decode("cp1250")
                shown = row[_NAME].encode("unicode_escape").decode("ascii")
                problems.append(Problem(
                    file, f"the name {shown!r} of {row[_ID]} holds the control character U+{ord(bad.group()):04X}, "
                          f"which is {letter!r} of a Windows-1250 file decoded wrongly",
                    line=known[number - 1] if known else None, record=number, path="$.name",
                    hint="convert the original file with iconv -f cp1250 -t utf-8 (not latin2) and import that"))
    return problems


def control_names(batches: list[tuple[str, list[tuple]]],
                  lines: list[list[int | None] | None] | None = None) -> list[Problem]:
    """One warning per incoming card whose name holds a control character (an escape sequence, a bell,
    a line break): every command shows it escaped, but it is almost always a copy-and-paste accident."""
    from deckkit.terminal import escape, has_control

    all_rows = batches[0][1] if len(batches) == 1 else [row for _, rows in batches for row in rows]
    if not has_control(" ".join(map(itemgetter(_NAME), all_rows))):  # the common case: one scan
        return []
    problems: list[Problem] = []
    for index, (file, rows) in enumerate(batches):
        known = lines[index] if lines else None
        for number, row in enumerate(rows, start=1):
            if has_control(row[_NAME]):
                shown = escape(row[_NAME]).replace("\n", "\\n").replace("\t", "\\t")
                problems.append(Problem(
                    file, f"the name {shown!r} of {row[_ID]} holds a control character",
                    line=known[number - 1] if known else None, record=number, path="$.name",
                    hint="commands show it escaped; retype the name without it"))
    return problems
