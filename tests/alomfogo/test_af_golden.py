"""Golden transcripts: the example game's trace and one greedy goldfish game, compared line by line.

After an intended change of the log, regenerate with ``AF_GOLDEN_UPDATE=1 python -m pytest tests/alomfogo/test_af_golden.py``
and read the diff before committing it.
"""

from __future__ import annotations

import os
import random
from dataclasses import asdict
from pathlib import Path

from deckkit.scripts.runner import run_file
from deckkit.games.alomfogo import GAME
from deckkit.paths import data_dir

GOLDEN = Path(__file__).parent / "golden"


def _check(name: str, lines: list[str]) -> None:
    path = GOLDEN / name
    text = "\n".join(lines) + "\n"
    if os.environ.get("AF_GOLDEN_UPDATE"):
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, f"{name} changed; see the module docstring to regenerate"


def test_af_golden_example_game_trace():
    """AF-EX-00 – AF-EX-36 as the script runner traces it."""
    result = run_file(data_dir() / "scripts" / "af-example-game.deckkit.toml", trace=True)
    assert result.passed
    _check("af-example-game.trace.txt", result.trace)


def test_af_golden_goldfish_trace():
    """One greedy goldfish game (seed 3) of a deck of every bundled card (the deck files belong to others)."""
    deck = sorted(GAME.cards.values(), key=lambda c: c["id"])
    trace: list[str] = []
    record = GAME.play_goldfish(deck, random.Random(3), trace=trace)
    fields = {k: v for k, v in asdict(record).items() if v is not None and k not in ("index", "seed")}
    _check("af-goldfish-seed3.trace.txt", trace + [f"record: {fields}"])
