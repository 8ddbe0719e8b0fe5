"""Tuning a deck: sweeps of card counts, card tests and a local-search optimiser on common random numbers.

- :mod:`deckkit.tune.lists` — deck lists as counts, variants of the same size, legality, writing.
- :mod:`deckkit.tune.spec` — ``--vary`` / ``--swap`` specs into sweep points.
- :mod:`deckkit.tune.evaluate` — play lists on the same seeds through the goldfish runner; measures.
- :mod:`deckkit.tune.sweep`, :mod:`deckkit.tune.cardtests`, :mod:`deckkit.tune.optimise` — the three modes.
- :mod:`deckkit.tune.render` — tables, the terminal chart, pictures.
"""

from __future__ import annotations

from deckkit.tune.cardtests import CardTestResult, card_tests
from deckkit.tune.evaluate import Measure, PlayOptions, play
from deckkit.tune.lists import DeckList, load_list, save_list
from deckkit.tune.optimise import OBJECTIVES, OptimiseResult, optimise
from deckkit.tune.spec import Sweep, swap, vary
from deckkit.tune.sweep import SweepResult, run_sweep

__all__ = ["CardTestResult", "DeckList", "Measure", "OBJECTIVES", "OptimiseResult", "PlayOptions", "Sweep",
           "SweepResult", "card_tests", "load_list", "optimise", "play", "run_sweep", "save_list", "swap", "vary"]
