"""What ``deckkit games`` shows: each game's card types, formats, rule settings and action strings."""

from __future__ import annotations

from typing import Any

from deckkit.engine.registry import GameSpec, registered_games


def _settings(game: GameSpec) -> list[dict]:
    return [{"name": s.name, "default": s.default, "help": s.help, "rule": s.rule,
             "choices": list(s.choices) if s.choices is not None else None} for s in game.settings()]


# Sections of a game package docstring that follow its action strings and are not about them.
_OTHER_SECTIONS = ("Script", "Snapshot", "Card data", "Settings", "Usage")


def _role(match: Any) -> str:
    """The words a Sphinx cross-reference shows: its title, or its target (``~``: the last name only)."""
    body = match.group(1)
    if body.endswith(">") and " <" in body:
        return body[:body.rindex(" <")]
    if body.startswith("~"):
        return body[1:].rsplit(".", 1)[-1]
    return body.lstrip("!")


def plain(text: str) -> str:
    """reStructuredText markup as people read it: ``code`` in single quotes, a cross-reference
    (:class:`…`, :mod:`…` …) as the name it shows, no table borders or bold."""
    import re

    lines = [line for line in text.splitlines() if not re.fullmatch(r"\s*=+(\s+=+)*\s*", line)]
    out = "\n".join(lines)
    out = re.sub(r"``(.+?)``", r"'\1'", out, flags=re.S)
    out = re.sub(r":[a-z]+(?::[a-z]+)?:`([^`]+)`", _role, out)
    out = re.sub(r"(?<![\w`'])`([^`\n]+)`(?![\w`])", r"\1", out)  # the default role
    return re.sub(r"\*\*(.+?)\*\*", r"\1", out, flags=re.S)


def action_docs(doc: str) -> str:
    """The "Action strings" part of a game package docstring: its paragraph and what follows it
    (the list, who acts when, reading choices) up to the script set-up or snapshot section."""
    paragraphs = [p for p in (doc or "").split("\n\n")]
    start = next((i for i, p in enumerate(paragraphs) if "action strings" in p.lower()), None)
    if start is None:
        return plain((doc or "").strip())
    out = [paragraphs[start]]
    for para in paragraphs[start + 1:]:
        first = para.strip("\n").splitlines()[0] if para.strip() else ""
        if not first or first.startswith(_OTHER_SECTIONS):
            break
        out.append(para)
    return plain("\n\n".join(out).strip())


def describe_games(*, actions: bool = False, abilities: bool = False) -> list[dict]:
    """One dict per game: name, alias, title, card types, formats, settings (and action strings, and the
    words of its ability language)."""
    from deckkit.decks.formats import formats_of

    out = []
    for info in registered_games():
        entry: dict[str, Any] = {"name": info.name, "alias": info.alias, "title": info.title,
                                 "card_types": list(info.card_types), "rules_prefix": info.rules_prefix}
        try:
            entry["formats"] = [{"name": f.name, "title": f.title, "default": f.default} for f in formats_of(info.name)]
        except Exception:  # a broken bundled format must not hide the game list
            entry["formats"] = []
        entry["settings"] = _settings(info)  # a game package that cannot load is an error, not a quiet gap
        entry["playable"] = True
        if actions:
            docs = info.hook("docs")
            entry["actions"] = action_docs(getattr(docs, "__doc__", None) or "")
        if abilities:
            info.load_effects()
            from deckkit.engine.abilities import has_vocabulary

            if has_vocabulary(info.name):
                from deckkit.engine.ability_reference import reference

                entry["abilities"] = reference(info.name)
        out.append(entry)
    return out
