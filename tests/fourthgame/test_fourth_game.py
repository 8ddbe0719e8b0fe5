"""A fourth game, Tally, registered from the tests as an installed game package would be (``DECKKIT_GAMES``),
goes through the catalogue, deck validation, opening hands, exact odds, goldfish and a script, with no
file outside its own package naming it (issue: one engine, the plugin host)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
PLUGIN = HERE / "plugin"


@pytest.fixture()
def run(tmp_path):
    env = {**os.environ, "DECKKIT_GAMES": "tally", "DECKKIT_DB": str(tmp_path / "cat.db"),
           "PYTHONPATH": os.pathsep.join([str(PLUGIN), os.environ.get("PYTHONPATH", "")])}

    def deckkit(*args: str, code: int = 0) -> str:
        proc = subprocess.run([sys.executable, "-m", "deckkit", *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path, timeout=120)
        assert proc.returncode == code, (args, proc.stdout, proc.stderr)
        return proc.stdout + proc.stderr

    return deckkit


def test_the_fourth_game_plays_through_every_command(run, tmp_path):
    assert "Tally" in run("games")
    run("import", str(PLUGIN / "tally" / "cards.json"))
    found = json.loads(run("search", "game:tl t:number", "-o", "json"))
    assert sorted(c["name"] for c in found) == ["Five", "One", "Three", "Two"]
    assert "You add 1 to the tally for each number card in your hand." in run("card", "Hoard")
    deck = str(HERE / "tally.deck")
    assert ": legal — tally/standard, 16 cards" in run("deck", "validate", deck)
    hand = json.loads(run("hand", deck, "--seed", "1", "-o", "json"))
    assert len(hand["hands"][0]["hand"]) == 4
    odds = run("odds", deck, "count(t:charm) >= 1")
    assert "exact" in odds and "TL-301" in odds
    games = json.loads(run("goldfish", deck, "--games", "200", "--seed", "1", "-o", "json"))[0]
    assert games["games"] == 200 and 0 < games["win_rate"] <= 1 and games["mean_turn"] >= 3
    assert "pass" in run("script", "run", str(HERE / "tl-401-hoard-counts-the-hand.deckkit.toml")).lower()


def test_the_fourth_games_deck_rules_and_abilities_are_checked(run, tmp_path):
    small = tmp_path / "small.deck"
    small.write_text("game: tally\n5 Five\n", encoding="utf-8")
    run("import", str(PLUGIN / "tally" / "cards.json"))
    out = run("deck", "validate", str(small), code=1)
    assert "TL-201" in out and "TL-202" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"id": "tl-bad", "game": "tally", "name": "Bad", "type": "charm",
                                "abilities": [{"do": [{"effect": "grw", "amount": 1}]}]}]), encoding="utf-8")
    out = run("import", str(bad), code=1)
    assert "$.abilities[0].do[0].effect" in out and "grow" in out
    assert run("search", "name:Bad", "-o", "json").strip() in ("[]", "")


def test_nothing_outside_its_package_names_the_fourth_game():
    """("tally" is also an English word the code uses; the game's name appears as a quoted name or alias.)"""
    import re

    named = re.compile(r"""(game|name)\W{1,4}["'](tally|tl)["']|TL-\d""", re.IGNORECASE)
    root = HERE.parent.parent
    files = [*(root / "deckkit").rglob("*.py"), *(root / "schemas").glob("*.json"), *(root / "data").rglob("*.json")]
    found = [str(p.relative_to(root)) for p in files if named.search(p.read_text(encoding="utf-8"))]
    assert not found, found


def test_a_registered_game_brings_its_formats_and_takes_them_away(monkeypatch):
    """GameSpec.formats joins the bundled formats while the game is registered (the cache follows the registry)."""
    from deckkit.decks.formats import formats_of
    from deckkit.engine.registry import registered_games, unregister

    registered_games()
    monkeypatch.syspath_prepend(str(PLUGIN))
    monkeypatch.delitem(sys.modules, "tally", raising=False)
    monkeypatch.delitem(sys.modules, "tally.spec", raising=False)
    assert formats_of("tally") == []
    try:
        import tally  # noqa: F401  (registers its spec)

        assert [f.name for f in formats_of("tally")] == ["standard"]
    finally:
        unregister("tally")
        sys.modules.pop("tally", None)
        sys.modules.pop("tally.spec", None)
    assert formats_of("tally") == []
