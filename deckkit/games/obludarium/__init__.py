"""Obludárium (OB): the rules engine, its card effects, policies and goldfish games.

``GAME`` is the game over the bundled card pool with default settings; build others with
``ObludariumGame(cards, starting_life=15, …)``.

Action strings (canonical; matched case- and diacritics-insensitively):

- ``play NAME`` — lay out a food (one per turn, OB-315) or summon a monster or artifact, paying its
  cost by tapping untapped food (OB-701); own main phase only (OB-611).
- ``cast NAME`` / ``cast NAME on TARGET`` — cast a spell from hand (OB-351 – OB-355); blocking spells
  only by the defender in the block step (OB-813), e.g. ``cast Jelva evilen on Glum``. A spell whose
  steps each choose a target names them in step order, joined by ``and``:
  ``cast Lektvar síly on Medděd and Glum`` (a later step's "another" target differs from the earlier
  ones); a modal spell names its mode first, counted from 1: ``cast Mlhovina mode 2``, ``cast Mlhovina mode 1 on Vlkodlak``;
  a search names the card found in the deck (``cast Přivolání on Knedlíky``; ``on nothing`` when the
  deck holds none). A target of either side is written ``enemy Glum`` when it is the opponent's.
- ``use CARD`` / ``use CARD on TARGET`` — a special property of a card in play (OB-901 – OB-903), e.g.
  ``use Glum on Medděd``; targets and modes as for ``cast``, then the cost cards it pays with:
  ``use Obětní oltář sacrificing Bahňák``, ``use Sběrač discarding Chleba``. Costs (tap, food,
  sacrifice, discard) are paid when it is used; a card sacrificed to pay is no target (OB-831).
- ``attack MONSTER`` — in the attack step, one per attacking monster (OB-801, OB-Q10).
- ``block ATTACKER with BLOCKER`` — in the block step, any number (OB-814 – OB-816).
- ``discard NAME`` — the hand-size rule (OB-909, OB-Q13).
- ``choose OPTION`` — answer a decision an ability asks as it resolves (a triggered ability's target,
  "you may", a choice the other player or each player makes, the cards kept on top of a deck):
  ``choose Medděd``, ``choose enemy Glum``, ``choose yes`` / ``choose no``, ``choose nothing`` where
  "you may" or "any number" allows it. The chooser decides, and nothing else happens until they
  have (OB-908); a choice with one option and no "you may" is made without asking.
- ``pass`` — end the main phase, the attack step, the blocks ("no block", OB-817), or decline to
  answer an instant (which ends the exchange and resolves the stack, OB-Q12).

Cards in play with the same name are told apart as ``Glum``, ``Glum#2`` in table order.

Abilities are written in the ability language (:mod:`deckkit.games.obludarium.language` lists the
words; :mod:`deckkit.games.obludarium.rules` how the state carries them out): triggers resolve when
their event happens (no action; a chain of triggers stops at the engine's MAX_TRIGGER_DEPTH with a
log line), continuous effects are computed whenever a number is read.

Who acts when: the active player in the main phase, the attack step and first in the fight
exchange; the defender in the block step; the other player whenever an instant has just been
played (the answer, OB-904, OB-907); and the non-active player in a **window** after each action of
the active player (a summon, a food, an attack) and at the end of each step (OB-354, OB-610: instants
"at any time"): it casts an instant or passes, and a step moves on only when both have passed. A
window in which the non-active player could only pass (no castable instant, or a goldfish dummy on
either side) is skipped: it is no decision. In scripts, name the player: ``p2: cast Blesk``,
``p2: pass``. Laying out stays the owner's main phase (OB-611); a monster's property waits a turn
(OB-334); blocking spells only in the block step (OB-355).

Strengthening alternates (OB-904 – OB-906, OB-Q12): in the attack step, the block step and the fight
exchange, a player who strengthened or weakened a monster may not do so again until the opponent
has acted — a pass is no action, a block is, and so is "no block" (OB-906): the pass that ends the
block step with an attack let through; after every attack was blocked, that pass is no action. So the
attacker strengthens once in the attack step, and again in the fight exchange after the blocks.

Further reading choices: each instant cast in the attack step (OB-803) is answered on its own;
the fight exchange after the blocks (OB-827, OB-831) ends with the first pass (OB-Q12). The hand-size rule counts only cards that can be laid
out — food, monsters and artifacts — never spells, which are cast (OB-406, OB-909, OB-Q13).

Script ``[setup]`` keys: ``start`` ("p1"/"p2"), ``phase`` ("start": untap and draw first (default),
"main", "attack"), ``turn``; per player ``deck`` (shuffled; listed cards come out of it),
``library`` (top first), ``hand`` (with a deck and no hand, the opening 7 are drawn), ``table``
(``"Glum (tapped, new, 3/1)"``), ``discard``, ``life``, ``food_played``, ``dummy`` (the goldfish
opponent: no deck, never draws).

Snapshot: ``turn``, ``active``, ``phase`` (main, discard, attack, block, fight), ``result``,
``stack``; per player ``life``, ``library``, ``hand``, ``table``, ``discard``, ``food`` (untapped
food in play) and ``food_played``.
"""

from __future__ import annotations

from deckkit.engine.registry import lazy_attributes, register
from deckkit.games.obludarium.spec import SPEC

register(SPEC)

# The rules engine loads on first use, so that listing the games stays light.
__getattr__ = lazy_attributes(__name__, {
    "GAME": ("game", "ObludariumGame", True),
    "ObludariumGame": ("game", "ObludariumGame", False),
    "ObState": ("state", "ObState", False),
})

__all__ = ["GAME", "SPEC", "ObludariumGame", "ObState"]
