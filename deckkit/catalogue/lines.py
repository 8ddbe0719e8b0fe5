"""Where things start in a JSON card file: the line of each card (an array's items, or an object's
``cards``) and of each keyword definition, found only when a problem needs one (a re-scan of the text).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from deckkit.schemas import Problem

__all__ = ["fill_lines", "item_lines"]

_FIRST_CHAR = re.compile(r"\S")


def item_lines(text: str, upto: int | None = None) -> list[int]:
    """The line each card of a JSON file starts on: the items of its array, or of its object's ``cards``
    (with ``upto``, the first ``upto`` of them)."""
    start = _FIRST_CHAR.search(text)
    if start is None or start.group() != "{":
        return _array_item_lines(text, 0, upto)
    decoder = json.JSONDecoder()
    i = start.end()
    while True:  # the keys of the top-level object, each value skipped, up to "cards"
        while text[i] in " \t\r\n,":
            i += 1
        if text[i] == "}":
            return []
        key, i = decoder.raw_decode(text, i)
        while text[i] in " \t\r\n:":
            i += 1
        if key == "cards":
            return _array_item_lines(text, i, upto)
        _, i = decoder.raw_decode(text, i)


def _array_item_lines(text: str, at: int = 0, upto: int | None = None) -> list[int]:
    """The line each top-level item of a JSON array (the first from ``at``) starts on, up to ``upto`` items.

    Each item is skipped by decoding it again, the costly part; once no line break is left (a file
    written on one line), the items still wanted are all on the current line.
    """
    decoder = json.JSONDecoder()
    ws = " \t\r\n"
    i = text.index("[", at) + 1
    lines: list[int] = []
    line, last = text.count("\n", 0, i) + 1, i
    n = len(text)
    last_break = text.rfind("\n")
    wanted = n if upto is None else upto
    while i < n and len(lines) < wanted:
        while i < n and text[i] in ws + ",":
            i += 1
        if i >= n or text[i] == "]":
            break
        line += text.count("\n", last, i)
        last = i
        if upto is not None and i > last_break:  # only the items wanted: they are on this line
            return lines + [line] * (upto - len(lines))
        lines.append(line)
        _, i = decoder.raw_decode(text, i)
    return lines


def fill_lines(problems: list[Problem], texts: dict[str, str]) -> list[Problem]:
    """The problems with the line of each JSON record or keyword definition filled in from the files' texts."""
    cache: dict[str, list[int]] = {}
    upto: dict[str, int] = {}  # the last record each file needs a line for: the scan stops there
    for p in problems:
        if p.line is None and p.record is not None and p.record > upto.get(p.file, 0):
            upto[p.file] = p.record
    out = []
    for p in problems:
        if p.line is None and p.record is not None and p.file in texts:
            if p.file not in cache:
                try:
                    cache[p.file] = item_lines(texts[p.file], upto[p.file])
                except (ValueError, IndexError):
                    cache[p.file] = []
            lines = cache[p.file]
            if 0 < p.record <= len(lines):
                # Problem's own constructor: dataclasses.replace looks up the fields on every call,
                # which costs as much as the rest of this loop for an import of many warnings.
                p = Problem(p.file, p.message, lines[p.record - 1], p.record, p.path, p.hint)
        elif p.line is None and p.record is None and p.file in texts and p.path.startswith("$.keywords["):
            p = replace(p, line=_definition_line(texts[p.file], p.path))
        out.append(p)
    return out


def _definition_line(text: str, path: str) -> int | None:
    """The line a keyword definition (``$.keywords["name"]…``) starts on: where its name is a key."""
    name = path[len("$.keywords["):].split("]", 1)[0]
    section = re.search(r'"keywords"\s*:', text)
    found = re.compile(re.escape(name) + r"\s*:").search(text, section.end() if section else 0)
    return text.count("\n", 0, found.start()) + 1 if found else None
