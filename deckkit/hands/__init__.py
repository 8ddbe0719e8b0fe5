"""Opening hands, mulligan procedures, keep conditions and exact odds.

- :mod:`deckkit.hands.procedures` — each game's opening procedure, from its registry spec;
- :mod:`deckkit.hands.conditions` — ``count(QUERY) OP N`` conditions, compiled once;
- :mod:`deckkit.hands.sample` — seeded sample hands and their summary;
- :mod:`deckkit.hands.odds` — exact multivariate-hypergeometric odds and seeded simulation.
"""

from __future__ import annotations

from deckkit.hands.conditions import Condition, ConditionSyntaxError, compile_condition
from deckkit.hands.procedures import DeckTooSmall, Opening, cards_drawn_by_turn, opening

__all__ = ["Condition", "ConditionSyntaxError", "compile_condition", "DeckTooSmall", "Opening",
           "cards_drawn_by_turn", "opening"]
