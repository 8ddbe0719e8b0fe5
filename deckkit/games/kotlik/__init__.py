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

Settings (the open questions; defaults are the digest's recommended readings): take_line, direction,
returned_card, explode_last_card, end_condition, doubling, ones, ones_from, recipes, tie — see
:class:`KotlikGame` or ``deckkit games``. KO-Q10 has two halves: ``ones`` says whether a white/black
1 still counts once doubled, ``ones_from`` whether the majority (KO-802) counts cards of every
ingredient (``all``, the default) or only of those the player holds 3 or 4 cards of (``sets``), so
with ``sets`` a lone 1 or a 1 in a pair counts nothing until a third card of its ingredient joins it
(and stops counting if an explosion takes that card back). Two more consequences worth knowing:
with ``explode_last_card`` (KO-Q7 Reading A, not recommended) a player whose cauldron was emptied
has no number to move by, so the stone stays put and the player takes from the line beside it;
with ``recipes`` on, a recipe counts as collected when the cauldron holds at least one card of
each ingredient it lists (KO-810).

Scripts (``deckkit script run``). ``[setup]`` keys — TOML has no null, so an empty space is ``"-"``:

- ``board``: 6 rows of 6 card names, ``"-"`` for an empty space; a corner is ``"-"`` or its name.
- or ``cells = {r3c3 = "Síra 4"}`` to place a few cards, ``empty = ["r1c3"]`` to keep spaces free,
  and the other spaces dealt at random (seeded) from the cards placed nowhere else.
- ``stock``: the whole supply deck, top first; cards placed nowhere then go to the box. Without it
  the unplaced cards are shuffled into the stock. ``box``: cards out of the game.
- ``start`` ("p1"/"p2", default p1); ``turn``: the number of the turn that starts (default 1; the
  snapshot's ``turn`` counts every turn of both players, extra turns included); ``phase``: "start"
  (default: the turn begins and the stone moves at once), "take" (the stone has moved and stands
  where ``stone`` says), "extra" (an extra turn begins).
- per player ``[setup.p1]``: ``cauldron`` (bottom first, top last; without it the first card is
  drawn by KO-306 – KO-309), ``stone`` (track space 0–19: P0 beside the top-left corner, clockwise;
  default White 0, Black 10), ``recipes`` (names; with the ``recipes`` setting on and none given,
  two are dealt to each player).

An announcement (``explode`` / ``extra turn``) or the final ``keep last`` / ``discard last`` still
open at the end of a step fails the step: decide it in ``do``, or write ``allow_pending = true`` to
look at the position while the choice is open. Example (``data/scripts/ko-board-setup.deckkit.toml``
shows the full ``board`` form)::

    game = "kotlik"
    [setup]
    turn = 5
    stock = ["Jitrocel 1"]
    empty = ["r2c3"]
    [setup.cells]
    r3c3 = "Síra 4"
    [setup.p1]
    cauldron = ["Kapradí 2"]     # White moves 2, from P0 to P2: column c3
    stone = 0
    [setup.p2]
    cauldron = ["Pavučina 2"]
    [[step]]
    do = ["take Síra 4"]
    expect = {"p1.top" = "Síra 4", "board.2.2" = "Jitrocel 1", "turn" = 6, "active" = "p2"}

Snapshot: ``turn``, ``active``, ``phase`` (move, take, explode, extra, final, over), ``result``,
``extra_turn``, ``board`` (6 rows: card name, corner name or null), ``stock`` (top first), ``box``,
``pending`` (the card just taken); per player ``colour``, ``cauldron``, ``top``, ``stone``,
``score`` (as if the game ended now), ``ones`` and ``recipes``.
"""

from __future__ import annotations

from deckkit.engine.registry import lazy_attributes, register
from deckkit.games.kotlik.spec import SPEC

register(SPEC)

# The rules engine loads on first use, so that listing the games stays light.
__getattr__ = lazy_attributes(__name__, {
    "GAME": ("game", "KotlikGame", True),
    "KotlikGame": ("game", "KotlikGame", False),
    "KotlikState": ("state", "KotlikState", False),
})

__all__ = ["GAME", "SPEC", "KotlikGame", "KotlikState"]
