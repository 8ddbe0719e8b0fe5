"""Per-game seeds derived from one run seed, so results never depend on workers or order."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any


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


_Random = random.Random


def _wake(rng: random.Random) -> None:
    """Seed a :class:`PolicyRandom` now and make it a plain generator (later calls run at full speed)."""
    if type(rng) is not _Random:
        seed = rng.__dict__.pop("_seed")()
        rng.__class__ = _Random
        _Random.__init__(rng, seed)


class PolicyRandom(random.Random):
    """A player's generator, seeded on its first use from ``seed()`` (a zero-argument function).

    Most pilots never draw (greedy ones), so the seeding (several µs, as much as a fast goldfish
    game's own work) is put off until a draw asks for it; the first draw turns the object into a
    plain :class:`random.Random`, so it gives exactly what ``random.Random(seed())`` would give.
    """

    def __init__(self, seed: Callable[[], int]) -> None:  # no super().__init__(): seeding waits
        self._seed = seed

    def random(self) -> float:
        _wake(self)
        return _Random.random(self)

    def getrandbits(self, k: int) -> int:
        _wake(self)
        return _Random.getrandbits(self, k)

    def randbytes(self, n: int) -> bytes:
        _wake(self)
        return _Random.randbytes(self, n)

    def getstate(self) -> tuple:
        _wake(self)
        return _Random.getstate(self)

    def setstate(self, state: tuple) -> None:
        _wake(self)
        _Random.setstate(self, state)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        _wake(self)
        _Random.seed(self, *args, **kwargs)


def policy_rng(seed: int | str, index: int) -> random.Random:
    """The players' generator of game ``index`` of the run seeded with ``seed``.

    It is derived from the run seed and the index alone (never drawn from the chance generator), so
    a random pilot's choices leave the game's shuffles and draws as they are, and every worker count
    gives the same games.
    """
    return PolicyRandom(lambda: game_seed(f"{seed}:policy", index))


def policy_rng_of(chance: random.Random) -> random.Random:
    """A players' generator for a game given only its chance generator ``chance`` (a direct call).

    It is seeded from a digest of ``chance``'s state when a player first draws, and never draws from
    ``chance`` itself, so the same chance seed gives the same game.
    """
    def seed() -> int:
        state = repr(chance.getstate()).encode()
        return int.from_bytes(hashlib.sha256(state).digest()[:8], "big") >> 1

    return PolicyRandom(seed)
