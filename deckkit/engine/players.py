"""The players' generator: what policies draw from, apart from the game's chance generator.

Everything random takes a seed, and chance (shuffles, draws, refills) and the players' choices use
separate generators: a run derives the players' generator of game ``i`` from the run seed
(:func:`deckkit.sim.seeding.policy_rng`), a direct call from the chance generator's state without
drawing from it (:func:`policy_rng_of`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

_Random = random.Random


def _wake(rng: random.Random) -> None:
    """Seed a :class:`PolicyRandom` now and make it a plain generator (later calls run at full speed)."""
    if type(rng) is not _Random:
        seed = rng.__dict__.pop("_seed")()
        rng.__class__ = _Random
        _Random.__init__(rng, seed)


class PolicyRandom(random.Random):
    """A players' generator, seeded on its first use from ``seed()`` (a zero-argument function).

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


def policy_rng_of(chance: random.Random) -> random.Random:
    """A players' generator for a game given only its chance generator ``chance`` (a direct call).

    It is seeded from a digest of ``chance``'s state when a player first draws, and never draws from
    ``chance`` itself, so the same chance seed gives the same game.
    """
    def seed() -> int:
        import hashlib  # here: importing it costs a cold start-up more than the rest of the engine core

        state = repr(chance.getstate()).encode()
        return int.from_bytes(hashlib.sha256(state).digest()[:8], "big") >> 1

    return PolicyRandom(seed)
