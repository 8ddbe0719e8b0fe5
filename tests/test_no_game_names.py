"""No game name as a literal outside deckkit/games/: the rest of deckkit asks the game registry."""

from __future__ import annotations

import re
from pathlib import Path

import deckkit
from deckkit.engine.registry import registered_games


def _offenders() -> list[str]:
    root = Path(deckkit.__file__).parent
    names = "|".join(re.escape(g.name) for g in registered_games())
    literal = re.compile(rf"[\"']({names})[\"']")
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent)
        if rel.parts[:2] == ("deckkit", "games"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if literal.search(line):
                out.append(f"{rel}:{number}: {line.strip()}")
    return out


def test_no_game_name_literal_outside_the_game_packages():
    offenders = _offenders()
    assert not offenders, "game names outside deckkit/games/ (ask deckkit.engine.registry):\n" + "\n".join(offenders)


def test_the_check_finds_a_literal(tmp_path, monkeypatch):
    """The grep itself works: a planted literal is reported with its file and line."""
    fake = tmp_path / "deckkit"
    (fake / "games").mkdir(parents=True)
    (fake / "__init__.py").write_text("", encoding="utf-8")
    (fake / "x.py").write_text("a = 1\nif game == 'kotlik':\n    pass\n", encoding="utf-8")
    (fake / "games" / "y.py").write_text("GAME = 'kotlik'\n", encoding="utf-8")
    monkeypatch.setattr(deckkit, "__file__", str(fake / "__init__.py"))
    assert _offenders() == ["deckkit/x.py:2: if game == 'kotlik':"]
