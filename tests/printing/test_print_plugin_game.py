"""A game package that ships no layout (the plugin test game of tests/fourthgame) is drawn with the plain
layout: its cards' names and rules text, whatever fields the game has."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

PLUGIN = Path(__file__).resolve().parents[1] / "fourthgame" / "plugin"


@pytest.fixture()
def plugin_game(monkeypatch):
    """The plugin game registered in this process for one test, then removed again."""
    from deckkit.engine.registry import unregister

    monkeypatch.syspath_prepend(str(PLUGIN))
    import tally  # registers its spec

    yield tally.SPEC
    unregister(tally.SPEC.name)
    for name in [m for m in sys.modules if m == "tally" or m.startswith("tally.")]:
        monkeypatch.delitem(sys.modules, name)


def test_a_game_without_a_layout_prints_with_the_plain_one(plugin_game, tmp_path):
    from deckkit.printing.layout import PLAIN_LAYOUT, game_layout_path, load_layout
    from deckkit.printing.pdf import print_pdf
    from deckkit.printing.sheet import plan_sheet

    from print_helpers import page_texts

    assert plugin_game.layout is None and game_layout_path(plugin_game.name) == PLAIN_LAYOUT
    cards = json.loads((PLUGIN / "tally" / "cards.json").read_text(encoding="utf-8"))
    layout = load_layout(plugin_game.name)
    result = print_pdf(cards, layout, plan_sheet("a4", layout.width, layout.height), tmp_path / "tally.pdf",
                       title="Tally")
    assert result.pages == 1 and not result.warnings
    text = " ".join(page_texts(tmp_path / "tally.pdf")[0].split())
    for card in cards:
        assert card["name"] in text
    assert "Draw 2 cards." in text
