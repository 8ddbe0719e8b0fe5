"""Obludárium's hidden information and match hooks (:class:`deckkit.engine.hidden.MatchSupport`).

Hidden from a player: the other player's hand and both libraries' order (OB-401: the library is
face down; a player knows which cards are left in it, from the open deck list, but not their
order). Public: life, both tables with every card state, discard piles, the stack, the turn step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deckkit.engine.core import Action, State
from deckkit.engine.hidden import MatchSupport, redeal
from deckkit.games.obludarium import defence, policies
from deckkit.games.obludarium.cards import FOOD
from deckkit.games.obludarium.legality import lay_outs
from deckkit.games.obludarium.search_eval import evaluate
from deckkit.games.obludarium.state import ATTACK, BLOCK, FIGHT, MAIN, ObState


def _key(card) -> str:
    return card.id


def view(state: ObState, player: int) -> dict:
    """What ``player`` may know: the snapshot with the other hand and both library orders masked."""
    snap = state.snapshot()
    me, other = snap[f"p{player + 1}"], snap[f"p{2 - player}"]
    me["library"] = sorted(me["library"])  # contents follow from the deck list; the order is unknown
    other["unseen"] = sorted(other["hand"] + other["library"])
    other["hand"], other["library"] = len(other["hand"]), len(other["library"])
    snap.update(viewer=player, deciding=state.current_player(), window=state.window, window_end=state.window_end,
                locked=state.locked, dummy=list(state.dummy))
    ask = state.decision()
    if ask is not None:  # what an ability asks as it resolves: in full to its chooser (it may name hidden cards)
        snap["decision"] = state.decision_text() if ask.chooser == player else f"p{ask.chooser + 1} is choosing"
    return snap


def determinise(state: ObState, player: int, rng: random.Random) -> ObState:
    """A copy with the other hand and library dealt again from their pooled cards, and own library shuffled."""
    twin = state.clone()
    twin.log, twin.logging = [], False
    q = 1 - player
    twin.hands[q], twin.libs[q] = redeal([twin.hands[q], twin.libs[q]], rng, _key)
    twin.libs[player] = redeal([twin.libs[player]], rng, _key)[0]
    twin.rng = rng  # the copy's chance (refills, shuffles) comes from the searcher's generator
    return twin


def new_match(game, decks: Sequence[Sequence[dict]], rng: random.Random) -> ObState:
    """A fresh game of the decks in seat order (p1 starts unless the first_player setting says otherwise)."""
    return game.new_game([list(d) for d in decks], rng)


def greedy(state: State, rng: random.Random | None = None) -> Action:
    """The goldfish greedy player in its own turn; blocks and answers by :mod:`.defence` otherwise."""
    assert isinstance(state, ObState)
    if state.pending or state.current_player() == state.active and not state.stack:
        return policies.greedy(state, rng)  # a decision an ability asks is valued like any choice
    return defence.respond(state)


def rollout(state: State, rng: random.Random | None = None) -> Action:
    """A pilot for search playouts that values nothing on clones: the defence's blocks (OB-810), every
    attack that may (OB-801), a food first (OB-315), then the dearest card it can lay out (OB-701);
    it passes otherwise (the search's random moves cast the instants). It lists only the actions it
    picks from: a pass is legal wherever it passes."""
    assert isinstance(state, ObState)
    p = state.current_player()
    phase = state.phase
    if state.pending:
        return state.legal_actions()[0]  # a decision an ability asks: its first option
    if state.stack or state.window or phase == FIGHT:
        return Action(p, "pass")
    if phase == MAIN:
        plays: list[Action] = []
        lay_outs(state, p, plays, state.untapped_food(p))
        hand = {card.name: card for card in state.hands[p]}
        best, dearest = Action(p, "pass"), -1
        for action in plays:
            card = hand[action.args[0]]
            if card.type == FOOD:
                return action
            if card.cost > dearest:
                best, dearest = action, card.cost
        return best
    if phase == BLOCK:
        return defence.respond(state)
    legal = state.legal_actions()
    if phase == ATTACK:
        return legal[0] if legal[0].kind == "attack" else legal[-1]
    return legal[0]  # the hand-size discard (OB-909)


# Playouts: greedy ones (60 actions) beat the greedy pilot more often than random ones, but the pilot
# that values every legal action on a clone makes them cost 46 s a game; the cheap rollout pilot (40
# actions, 15% random moves, which also cast the instants) costs about as much as random playouts
# (5-6 s of CPU a game against 6.5 s): MCTS(200) won 66 of 100 games against greedy (95% CI 56-75%;
# 36/50 as p1, 30/50 as p2) where random playouts won half.
# The search scores its leaves with a symmetric read (search_eval): the greedy pilot's own evaluation is
# built for a goldfish race and undervalues blockers and one's own life against a real opponent.
MATCH = MatchSupport(view=view, determinise=determinise, new_match=new_match, greedy=greedy, evaluate=evaluate,
                     length=lambda state: state.turn, playout="rollout", playout_depth=40, rollout=rollout)
