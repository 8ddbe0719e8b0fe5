"""Čarodějnický kotlík (KO): the board, movement, cauldrons and scoring of ``shared/rules/kotlik.md``.

Players: p1 = White (moves first, KO-401), p2 = Black. Each turn the stone moves by itself (KO-402,
clockwise by default, KO-Q4); then the player decides. Action strings (canonical forms, matched
case- and diacritics-insensitively):

- ``take <card name>`` — take an ingredient card from the row or column beside the stone
  (KO-501, KO-Q2), e.g. ``take Mandragora 3``.
- ``take nothing`` — the stone stands beside a corner card (KO-504), or its line is empty.
- ``explode`` / ``no explode`` — right after taking a card with the exploding cauldron: announce it
  (the opponent's top card goes back into the supply deck, KO-601 – KO-602) or let it lapse (KO-620).
  Not offered when the opponent's cauldron holds one card (KO-Q7).
- ``extra turn`` / ``no extra turn`` — right after a hat-and-wand card (after any explosion): announce
  the extra turn or let it lapse (KO-610, KO-620). Not offered during an extra turn (KO-611).
- ``keep last`` / ``discard last`` — the take emptied a row or column: the game ends, and the player
  keeps the card or puts it in the box; its symbols lapse (KO-701 – KO-703).
- ``move clockwise`` / ``move anticlockwise`` — only with the setting ``direction=choose`` (KO-Q4 B).

Settings (open questions): take_line, direction, returned_card, explode_last_card, end_condition,
doubling, ones, recipes, tie — see :class:`KotlikGame`.

Script ``[setup]`` keys: ``board`` (6 rows of 6 card names, ``"-"`` for an empty space or a
corner), or ``cells`` (``{r3c3 = "Síra 4"}``) plus ``empty`` (``["r1c3"]``) with the other spaces
dealt at random from the unplaced cards (seeded); ``stock`` (supply deck, top first; cards placed
nowhere then go to the box; without it they are shuffled into the stock), ``box``, ``start``
("p1"/"p2"), ``phase`` ("start": the turn begins with the move (default), "take": the stone has
moved, "extra": an extra turn begins), ``turn`` (number of that turn, default 1); per player
``cauldron`` (bottom first, top last; without it the first card is drawn by KO-306 – KO-309),
``stone`` (track space 0–19, P0 beside the top-left corner, clockwise; default White 0, Black 10)
and ``recipes`` (names; with the ``recipes`` setting on and none given, two are dealt each).

Snapshot: ``turn``, ``active``, ``phase`` (move, take, explode, extra, final, over), ``result``,
``extra_turn``, ``board`` (6 rows: card name, corner name or null), ``stock`` (top first), ``box``,
``pending`` (the card just taken); per player ``colour``, ``cauldron``, ``top``, ``stone``,
``score`` (as if the game ended now), ``ones`` and ``recipes``.
"""

from __future__ import annotations

from deckkit.games.kotlik.game import KotlikGame
from deckkit.games.kotlik.state import KotlikState

GAME = KotlikGame()  # the bundled card set, default settings; KotlikGame(cards, **settings) for others

__all__ = ["GAME", "KotlikGame", "KotlikState"]
