"""The Álomfogó scripts under data/scripts/ — the rulebook's example game and one per rule group — pass.

Each script cites the AF rules it pins in its ``rules`` list; the example game asserts the state after
every step of AF-EX-00 … AF-EX-36 (AF-Q11 – AF-Q13).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.scripts.runner import format_result, run_file
from deckkit.paths import data_dir

SCRIPTS = sorted((data_dir() / "scripts").glob("af-*.deckkit.toml"))
EXAMPLE = data_dir() / "scripts" / "af-example-game.deckkit.toml"


def test_af_scripts_exist():
    """The example game and the rule scenarios ship with deckkit."""
    assert EXAMPLE in SCRIPTS
    assert len(SCRIPTS) >= 12


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_af_script_passes(path: Path):
    """Every shipped Álomfogó script passes and pins at least one AF rule."""
    result = run_file(path)
    assert result.passed, format_result(result)
    assert result.rules and all(r.startswith("AF-") for r in result.rules)


def test_af_example_game_covers_every_step():
    """AF-EX-00 – AF-EX-36: every step number of the trace appears in the example script's notes."""
    text = EXAMPLE.read_text(encoding="utf-8")
    missing = [f"AF-EX-{n:02d}" for n in range(37) if f"AF-EX-{n:02d}" not in text]
    assert not missing


def test_af_example_game_fails_on_the_source_narrative(tmp_path: Path):
    """AF-Q11: asserting the source's "leads by 4" (Zsófi on 15) must fail with a readable diff."""
    text = EXAMPLE.read_text(encoding="utf-8")
    wrong = text.replace('"p1.glory" = 16', '"p1.glory" = 15')
    path = tmp_path / "af-wrong.deckkit.toml"
    path.write_text(wrong, encoding="utf-8")
    result = run_file(path)
    assert not result.passed
    report = format_result(result)
    assert "p1.glory" in report and "16" in report


def test_af_example_game_fails_when_an_assist_is_out_of_turn(tmp_path: Path):
    """AF-731: swapping the first two assists of the example names the rule and lists the legal actions."""
    text = EXAMPLE.read_text(encoding="utf-8")
    wrong = text.replace('do = ["assist búbos manó"]', 'do = ["assist Jégszem Soyana"]', 1)
    path = tmp_path / "af-out-of-turn.deckkit.toml"
    path.write_text(wrong, encoding="utf-8")
    result = run_file(path)
    assert not result.passed
    failure = result.failures[0]
    assert "AF-731" in failure.message
    assert "assist búbos manó" in failure.legal and "pass" in failure.legal


def test_af_every_bundled_card_is_played_in_a_script():
    """Every card of data/cards/alomfogo.json appears in at least one shipped script (card behaviour is data)."""
    import json

    cards = json.loads((data_dir() / "cards" / "alomfogo.json").read_text(encoding="utf-8"))
    text = "".join(p.read_text(encoding="utf-8") for p in SCRIPTS)
    assert [c["name"] for c in cards if c["name"] not in text] == []
