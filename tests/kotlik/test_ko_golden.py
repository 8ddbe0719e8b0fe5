"""Golden transcript: one seeded greedy-vs-random game, action by action, must not drift unnoticed.

After an intended rules or policy change, regenerate with
``DECKKIT_REGOLD=1 python -m pytest tests/kotlik/test_ko_golden.py`` and review the diff.
"""

import os
import random
from pathlib import Path

from deckkit.games.kotlik import GAME
from deckkit.games.kotlik.policies import POLICIES, decide

GOLDEN = Path(__file__).with_name("ko_golden_seed7.txt")


def transcript() -> str:
    state = GAME.new_game(None, random.Random(7))
    pols = [POLICIES["greedy"](), POLICIES["random"](random.Random(8))]  # the random player's own generator
    lines = list(state.log)
    state.log.clear()
    while not state.is_terminal():
        action = decide(pols[state.current_player()], state)
        state.apply(action)
        lines.append(f"p{action.player + 1}: {action}")
        lines.extend("    " + line for line in state.log)
        state.log.clear()
    lines.append(state.render())
    return "\n".join(lines) + "\n"


def test_golden_transcript():
    text = transcript()
    if os.environ.get("DECKKIT_REGOLD") or not GOLDEN.exists():
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
