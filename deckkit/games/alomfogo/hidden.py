"""Álomfogó's hidden information and match hooks (:class:`deckkit.engine.hidden.MatchSupport`).

Hidden from a player: the other players' hands and every library's order (a player knows which
cards are left, from the open deck lists). Public: glory, VP, tables with card states, cages, the
duel with its totals and helpers, a spell waiting for a counterspell answer, who decides what for an
ability (the options only to the chooser: they may be cards of the chooser's hand).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deckkit.engine.core import Action, State
from deckkit.engine.hidden import MatchSupport, redeal
from deckkit.games.alomfogo import policies
from deckkit.games.alomfogo.evaluation import evaluate
from deckkit.games.alomfogo.state import AlomfogoState


def _key(card) -> str:
    return card.id


def view(state: AlomfogoState, player: int) -> dict:
    """What ``player`` may know: the snapshot with other hands and every library order masked."""
    snap = state.snapshot()
    for i, seat in enumerate(state.players):
        zone = snap[state.pname(i)]
        zone.update(turns=seat.turns, source_played=seat.source_played, cycled=seat.cycled, passive=seat.passive,
                    used=[perm.used for perm in seat.table])
        if i == player:
            zone["library"] = sorted(zone["library"])
        else:
            zone["unseen"] = sorted(zone["hand"] + zone["library"])
            zone["hand"], zone["library"] = len(zone["hand"]), len(zone["library"])
    decision = snap.get("decision")
    if decision is not None and state.current_player() != player:
        decision["choices"] = len(decision["choices"])  # they may name cards of the chooser's hand
    pend = state.pending
    snap.update(viewer=player, deciding=state.current_player(), first=state.first,
                pending=None if pend is None else [pend.caster, pend.card.name, pend.side, list(pend.reactors)])
    return snap


def determinise(state: AlomfogoState, player: int, rng: random.Random) -> AlomfogoState:
    """A copy with every other hand and library dealt again from their pooled cards, own library shuffled."""
    twin = state.clone()
    twin.log, twin.logging = [], False
    for i, seat in enumerate(twin.players):
        if i == player:
            seat.library = redeal([seat.library], rng, _key)[0]
        else:
            seat.hand, seat.library = redeal([seat.hand, seat.library], rng, _key)
    twin.rng = rng  # the copy's chance (refills, shuffles) comes from the searcher's generator
    return twin


def new_match(game, decks: Sequence[Sequence[dict]], rng: random.Random) -> AlomfogoState:
    """A fresh game of the decks in seat order; p1 starts (AF-504)."""
    return game.new_game([list(d) for d in decks], rng)


def greedy(state: State, rng: random.Random | None = None) -> Action:
    """The goldfish greedy player; it already decides every defending, helping and answering choice."""
    assert isinstance(state, AlomfogoState)
    return policies.greedy(state, rng)


MATCH = MatchSupport(view=view, determinise=determinise, new_match=new_match, greedy=greedy, evaluate=evaluate,
                     length=lambda state: state.turn)
