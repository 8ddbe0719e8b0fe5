"""Tables for people: search results, one card, catalogue info, import problems. No logic beyond layout."""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable



def _short(game: str) -> str:
    from deckkit.engine.registry import find

    found = find(game)
    return found.alias if found else game


def _table(rows: list[list[Any]], headers: list[str]) -> str:
    """tabulate's "simple" table of ``rows`` (every cell as text, left-aligned).

    The common case is laid out here, exactly as tabulate lays it out: importing tabulate costs a
    cold search about 10 ms (it reads its own package metadata). Cells tabulate treats specially
    (line breaks, terminal codes, characters that are not one column wide) go to tabulate itself.
    """
    texts = [["" if v is None else f"{v}" for v in row] for row in rows]
    if not all(_one_column_each(t) for row in texts for t in row) or not all(map(_one_column_each, headers)) \
            or any(len(row) != len(headers) for row in texts):
        from tabulate import tabulate

        return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)
    texts = [[t.strip() for t in row] for row in texts]
    # At least two columns wider than the header (tabulate's minimum padding), else the widest cell.
    widths = [max([len(h) + 2, *(len(row[i]) for row in texts)]) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, texts)])


def _one_column_each(text: str) -> bool:
    """Printable text whose every character takes one terminal column: Latin letters (below U+0300, where
    wcwidth gives each printable character one column) and the glory star.

    The bundled games' names and figures are such text; wide (CJK), combining and control characters
    are measured by tabulate (with wcwidth where it is installed).
    """
    return text.isprintable() and (text.isascii() or all(ord(c) < 0x300 or c == "★" for c in text))


def _stats(c: dict) -> str:
    if c.get("type") == "ingredient":
        return f"{c.get('number', '')} {c.get('label', '')}".strip()
    parts = []
    if "attack" in c or "defense" in c:
        parts.append(f"{c.get('attack', '-')}/{c.get('defense', '-')}")
    if "glory" in c:
        parts.append(f"★{c['glory']}")
    return " ".join(parts)


def card_table(cards: list[dict]) -> str:
    """Search results: name, game, type, cost, stats, id."""
    rows = [[c["name"], _short(c["game"]), c["type"], "" if c.get("cost") is None else c["cost"],
             _stats(c), c["id"]] for c in cards]
    return _table(rows, ["name", "game", "type", "cost", "stats", "id"])


def _value(v: Any) -> str:
    if isinstance(v, list):
        if all(isinstance(x, str) for x in v):
            return ", ".join(v)
        import json

        return "; ".join(json.dumps(x, ensure_ascii=False) for x in v)
    if isinstance(v, dict):
        import json

        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _label_lines(rows: list[tuple[str, str]], width: int | None = None) -> str:
    """Aligned "label  value" lines, no header; long values wrap under their own column."""
    import shutil
    import textwrap

    if not rows:
        return ""
    width = width or max(60, shutil.get_terminal_size((100, 24)).columns)
    label_w = max(len(k) for k, _ in rows)
    room = max(20, width - label_w - 2)
    out: list[str] = []
    for label, value in rows:
        lines = [w for para in value.split("\n")
                 for w in (textwrap.wrap(para, room, break_long_words=False, break_on_hyphens=False) or [""])]
        out.append(f"{label:{label_w}}  {lines[0]}".rstrip())
        out += [" " * (label_w + 2) + line for line in lines[1:]]
    return "\n".join(out)


def card_detail(card: dict, width: int | None = None, abilities: list[str] | None = None,
                keywords: list[str] | None = None) -> str:
    """One card in full: a "field  value" line per field, long values wrapped to ``width`` (default: the terminal).

    ``abilities``, when given, replaces the abilities' data with their English, one line each (``-o json``
    keeps the data); ``keywords`` likewise gives each keyword with its meaning, one line each.
    """
    rows = []
    for k, v in card.items():
        if v in ("", [], {}):
            continue
        if k == "abilities" and abilities:
            rows += [("abilities" if i == 0 else "", line) for i, line in enumerate(abilities)]
        elif k == "keywords" and keywords:
            rows += [("keywords" if i == 0 else "", line) for i, line in enumerate(keywords)]
        else:
            rows.append((k, _value(v)))
    return _label_lines(rows, width)


def _info_value(v: Any) -> str:
    if v is None:
        return "-"
    if isinstance(v, dict):
        return ", ".join(f"{k} {n}" for k, n in v.items()) or "-"
    return _value(v)


def key_values(data: dict, width: int | None = None) -> str:
    """A flat dict as aligned "label  value" lines, no header (``db info``); keys read as words."""
    return _label_lines([(k.replace("_", " "), _info_value(v)) for k, v in data.items()], width)


def retired_note(ids: list[str], limit: int = 10) -> str:
    """``db check``'s note on cards an older deckkit bundled that the bundled data no longer has."""
    shown = ", ".join(ids[:limit]) + (f" and {len(ids) - limit} more" if len(ids) > limit else "")
    n = len(ids)
    return (f"note: {n} card{'s' * (n != 1)} from an older deckkit's bundled data {'are' if n != 1 else 'is'} "
            f"no longer bundled: {shown} (kept, as decks may name {'them' if n != 1 else 'it'}; not an error)")


def problems_text(problems: Iterable, verbose: bool, limit: int = 10) -> list[str]:
    """Import problems for people: the best one per record first; the rest as "N more" unless verbose."""
    problems = list(problems)
    if verbose:
        return [str(p) for p in problems]
    shown: list[str] = []
    rest, seen = 0, set()
    for p in problems:
        key = (p.file, p.record, p.line if p.record is None else None)
        if key in seen or len(shown) >= limit:
            rest += 1
            continue
        seen.add(key)
        shown.append(str(p))
    if rest:
        shown.append(f"... and {rest} more problem{'s' * (rest != 1)} (--verbose shows all)")
    return shown
