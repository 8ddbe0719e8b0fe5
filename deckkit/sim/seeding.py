"""Per-game seeds derived from one run seed, so results never depend on workers or order."""

from __future__ import annotations

import hashlib
import random

from deckkit.engine.players import PolicyRandom


def game_seed(seed: int | str, index: int) -> int:
    """The 63-bit seed of game ``index`` of a run seeded with ``seed`` (stable on every machine).

    Hashing ``"{seed}:{index}"`` rather than seeding one generator and drawing from it lets any
    worker play any game without playing the ones before it, so chunking cannot change results.
    """
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_rng(seed: int | str, index: int) -> random.Random:
    """A fresh generator for game ``index`` of the run seeded with ``seed``."""
    return random.Random(game_seed(seed, index))


def policy_rng(seed: int | str, index: int) -> random.Random:
    """The players' generator of game ``index`` of the run seeded with ``seed``.

    It is derived from the run seed and the index alone (never drawn from the chance generator), so
    a random pilot's choices leave the game's shuffles and draws as they are, and every worker count
    gives the same games.
    """
    return PolicyRandom(lambda: game_seed(f"{seed}:policy", index))
