"""Policies over the full rules engine: each maps a state to one of its legal actions."""

from __future__ import annotations

from deckkit.engine.core import Action, State
from deckkit.games.obludarium.cards import FOOD, MONSTER


def passive(state: State) -> Action:
    """Do nothing: pass whenever passing is legal (else the first legal action, e.g. a forced discard)."""
    legal = state.legal_actions()
    for action in legal:
        if action.kind == "pass":
            return action
    return legal[0]


def random_policy(state: State) -> Action:
    """A uniformly random legal action, drawn from the state's own seeded generator."""
    legal = state.legal_actions()
    return legal[state.rng.randrange(len(legal))]


def greedy(state: State) -> Action:
    """A simple aggressive player: food, the biggest summon, attack with all, boost attackers."""
    legal = state.legal_actions()
    p = state.current_player()
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    if "discard" in by_kind:
        hand = {c.name: c for c in state.hands[p]}
        return max(by_kind["discard"], key=lambda a: hand[a.args[0]].cost)
    if p != state.active:
        return by_kind["pass"][0]
    if state.phase == "main" and not state.stack and "play" in by_kind:
        hand = {c.name: c for c in state.hands[p]}
        food = [a for a in by_kind["play"] if hand[a.args[0]].type == FOOD]
        if food:
            return food[0]
        return max(by_kind["play"], key=lambda a: (hand[a.args[0]].type == MONSTER, hand[a.args[0]].cost,
                                                   hand[a.args[0]].attack))
    if state.phase == "attack" and not state.stack:
        if "attack" in by_kind:
            return by_kind["attack"][0]
        attacking = {state.label_of(perm) for perm in state.attackers}
        hand = {c.name: c for c in state.hands[p]}
        for action in by_kind.get("cast", []):
            card = hand[action.args[0]]
            ab = card.abilities[0]
            if ab.effect == "hit" or (ab.effect == "boost" and ab.stat != "defense" and len(action.args) > 2
                                      and action.args[2] in attacking):
                return action
    return by_kind["pass"][0]
