"""A goldfish trace names its game's own seed, and `deckkit hand` with that seed deals the same opening."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.paths import data_dir


@pytest.mark.parametrize("deck", ["obludarium-standard.deck", "alomfogo-casual.deck"])
def test_sim_trace_header_seed_reproduces_the_opening_hand(tmp_path, deck):
    path = str(data_dir() / "decks" / deck)
    db = str(tmp_path / "cat.db")
    runner = CliRunner()
    traced = runner.invoke(app, ["--db", db, "goldfish", path, "--trace", "--seed", "9", "-n", "3", "-w", "1"],
                           catch_exceptions=False)
    assert traced.exit_code == 0, traced.output
    seed = re.search(r"game seed (\d+)", traced.stdout).group(1)
    hand = runner.invoke(app, ["--db", db, "hand", path, "--seed", seed, "-o", "json"], catch_exceptions=False)
    assert hand.exit_code == 0, hand.output
    dealt = [c["name"] if isinstance(c, dict) else c for c in json.loads(hand.stdout)["hands"][0]["hand"]]
    if deck.startswith("obludarium"):
        shown = re.search(r"opening hand \(0 mulligan\(s\)\): (.*)", traced.stdout).group(1).split(", ")
        assert shown == dealt
    else:  # Álomfogó's trace names plays, not the hand: the record of the same game does
        import random

        from deckkit.decks import CardPool, load_deck
        from deckkit.games.alomfogo import GAME

        record = GAME.play_goldfish(load_deck(path).cards(CardPool.bundled()), random.Random(int(seed)))
        assert record.opening == dealt
