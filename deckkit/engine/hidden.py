"""What a game gives two-player matches: a player's view, determinisations, and pilots for both sides.

A match AI may read only what its player may know. Each game fills in one :class:`MatchSupport`
(its spec's ``match`` hook) with:

- ``view(state, player)``: plain data holding what ``player`` may know — own hand, public zones,
  counts of hidden ones, the multiset of cards not yet seen (deck lists are open, as in a
  tournament with published lists) — and nothing else;
- ``determinise(state, player, rng)``: a copy of the state in which every card ``player`` has not
  seen is dealt again at random with ``rng`` (and the copy's chance draws from ``rng`` too: the
  searcher's generator, never the game's), so the copy agrees with the view and conserves the cards. The result may depend on the
  view and ``rng`` only: the hidden cards are pooled in a canonical order before they are dealt;
- ``new_match(game, decks, rng)``: a fresh game of the decks, given in seat order (seat 0 is p1);
- ``greedy(state, rng)``: the game's greedy pilot for whoever decides (its goldfish pilot in its own
  turn, the game's defensive choices otherwise);
- ``evaluate(state, player)``: a heuristic in [0, 1] of how well ``player`` stands, for playouts
  that a search cuts short;
- ``length(state)``: the game's length so far, in the game's turns;
- ``playout``/``playout_depth``: how the search AI plays on after its tree (a game whose random
  moves say little about a position, such as one full of optional windows, asks for greedy ones,
  or for its cheap ``rollout`` pilot).
- ``min_playout_actions``: how many actions the ``expert`` search plays on after a candidate at
  least, beyond the end of the next turn (a game whose turns are one action long sees little in
  two turns, and asks for more).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deckkit.engine.core import Action, State


@dataclass(frozen=True)
class MatchSupport:
    """One game's hooks for ``deckkit match`` (see the module docstring)."""

    # Each game's functions take its own State subclass, hence the loose parameter types.
    view: Callable[..., dict]  # (state, player) -> plain data
    determinise: Callable[..., State]  # (state, player, rng) -> a copy agreeing with the view
    new_match: Callable[..., State]  # (game, decks in seat order, chance rng) -> a fresh game
    greedy: Callable[..., Action]  # (state, rng) -> the greedy pilot's action for whoever decides (a Policy)
    evaluate: Callable[..., float]  # (state, player) -> heuristic worth in [0, 1]
    length: Callable[..., int]  # (state) -> turns played
    #: How the search plays on after its tree: ``random`` moves, or the ``greedy`` pilot with a few
    #: random moves mixed in, for at most ``playout_depth`` actions before ``evaluate`` scores the position.
    playout: str = "random"
    playout_depth: int = 24
    #: A cheap pilot for whoever decides, for playouts (``playout = "rollout"``): no look-ahead of its own;
    #: the greedy pilot plays the first ``playout_head`` actions of such a playout.
    rollout: Callable[..., Action] | None = None
    playout_head: int = 0
    #: Actions the ``expert`` search's greedy playouts take at least after a candidate (unless the game
    #: ends), on top of reaching the end of the next turn; 0: the end of the next turn only.
    min_playout_actions: int = 0
    #: Why two decks cannot meet in this game (``None``: any two decks of the game can).
    pairing_problem: Callable[[Sequence[Sequence[dict]]], str | None] = lambda decks: None


def redeal(zones: Sequence[list[Any]], rng: random.Random, key: Callable[[Any], Any]) -> list[list[Any]]:
    """The cards of ``zones`` pooled in canonical order (``key``), shuffled with ``rng`` and dealt back
    into zones of the same sizes: which card lay where before cannot leak into the result."""
    pool = sorted((card for zone in zones for card in zone), key=key)
    rng.shuffle(pool)
    out, at = [], 0
    for zone in zones:
        out.append(pool[at:at + len(zone)])
        at += len(zone)
    return out


def squash(x: float, scale: float) -> float:
    """``x`` mapped smoothly into (0, 1): 0.5 at 0, near 1 for ``x`` well above ``scale``."""
    return 0.5 + 0.5 * x / (abs(x) + scale)
