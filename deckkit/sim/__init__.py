"""Goldfish at scale: seeded parallel/distributed runs, statistics, comparisons and card impact."""

from deckkit.sim.runner import Job, RunResult, play_one, run
from deckkit.sim.seeding import game_rng, game_seed
from deckkit.sim.stats import summarize

__all__ = ["Job", "RunResult", "game_rng", "game_seed", "play_one", "run", "summarize"]
