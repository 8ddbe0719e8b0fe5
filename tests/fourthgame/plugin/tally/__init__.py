"""Tally (TL): a tiny two-player card game that exists only to prove deckkit's plugin host.

Rules (numbered as a digest would number them):

- TL-101 Each player has a deck of number cards (value 1 to 5) and may hold "charm" cards.
- TL-201 A deck holds at least 12 cards; TL-202 at most 4 copies of a card (by name).
- TL-301 Each player draws 4 cards; a mulligan puts the hand on the bottom and draws one fewer.
- TL-401 A turn: draw a card (an empty deck draws nothing), then play one card from hand, or pass.
- TL-402 A number card adds its value to its player's tally; a charm card's abilities happen.
- TL-501 A player whose tally reaches 12 wins at once.

Action strings: ``play <card name>`` and ``pass``. Scripts' ``[setup]``: ``p1``/``p2`` tables with
``hand``, ``deck`` (top first) and ``tally``.

This package lives in the tests: it is registered through ``DECKKIT_GAMES=tally`` like any game
package installed beside deckkit, and no file outside it names it.
"""

from deckkit.engine.registry import register
from tally.spec import SPEC

register(SPEC)
