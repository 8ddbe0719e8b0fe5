"""Random games with decks drawn from the whole Obludárium pool — the bundled cards and the designer
cards of data/cards/examples/ob-designer.json (OB-D1 … OB-D24) — so every effect gets played."""

from __future__ import annotations

import json
import random
from collections import Counter

from deckkit.engine.core import TERMINAL
from deckkit.games.obludarium import ObludariumGame
from deckkit.games.obludarium.cards import bundled_cards
from deckkit.paths import data_dir

DESIGNER = json.loads((data_dir() / "cards" / "examples" / "ob-designer.json").read_text(encoding="utf-8"))
GAME = ObludariumGame([*bundled_cards(), *DESIGNER])


def test_ob_every_effect_in_random_games_keeps_invariants():
    """All 71 cards' effects in 400 random games: conservation, no negatives, an end, exact replay."""
    pool = list(GAME.cards.values())
    used = Counter()
    for seed in range(400):
        rng = random.Random(seed)
        decks = [[rng.choice(pool) for _ in range(36)] for _ in range(2)]
        state = GAME.new_game(decks, random.Random(seed))
        total = state.card_count()
        actions = []
        while state.current_player() != TERMINAL:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            state.apply_unchecked(action)
            actions.append(str(action))
            used[action.kind] += 1
            assert state.card_count() == total
            assert min(state.life) >= 0
            assert all(perm.atk >= 0 and perm.dfn >= 0 for table in state.tables for perm in table)
            assert len(actions) < 20_000
        if seed % 20 == 0:
            replay = GAME.new_game(decks, random.Random(seed))
            for text in actions:
                replay.apply(text)
            assert replay.snapshot() == state.snapshot()
    # the games exercised every kind of action, special properties and blocks included
    assert {"play", "cast", "use", "attack", "block", "discard", "pass"} <= set(used)


def test_ob_every_effect_resolves():
    """Each registered effect is played at least once across random games (no dead data)."""
    from deckkit.engine import effects

    pool = list(GAME.cards.values())
    seen: set[str] = set()
    wanted = effects.names("obludarium")
    for seed in range(1500):  # until every effect has been seen (a rare one, counter, needs a few hundred)
        if seen == wanted:
            break
        rng = random.Random(1000 + seed)
        decks = [[rng.choice(pool) for _ in range(36)] for _ in range(2)]
        state = GAME.new_game(decks, random.Random(seed))
        while state.current_player() != TERMINAL:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if action.kind in ("cast", "use"):
                name = action.args[0].split("#")[0]
                card = next(c for c in GAME.infos.values() if c.name == name)
                seen.update(step.effect for ab in card.abilities for seq in ab.sequences for step in seq)
            state.apply_unchecked(action)
    assert seen == wanted
