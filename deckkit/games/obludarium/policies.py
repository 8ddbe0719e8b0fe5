"""Policies over the full rules engine: each maps a state to one of its legal actions.

:func:`greedy` is the goldfish greedy player (see :mod:`deckkit.games.obludarium.goldfish` for its
plan) written over the engine's states; the goldfish fast path plays the same moves without
building states, and a test proves both give the same action record on the same seed.
"""

from __future__ import annotations

from deckkit.engine.core import Action, State
from deckkit.games.obludarium.cards import FOOD
from deckkit.games.obludarium.goldfish import (
    R_ARTIFACT_BOOST, R_MONSTER, R_OTHER, R_SPELL_BOOST, R_SPELL_DRAW, R_SPELL_HIT, role_of,
)
from deckkit.games.obludarium.state import ATTACK, DISCARD, FIGHT, MAIN


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


def _first_attacker(state, group: str | None):
    return next((a for a in state.attackers if group is None or group in a.info.groups), None)


def greedy(state: State) -> Action:
    """The goldfish greedy player: food, the biggest summon, draw spells, attack with all, add damage."""
    p = state.current_player()
    act = lambda kind, *args: Action(p, kind, args)  # noqa: E731
    if p != state.active or state.stack:
        return passive(state)  # only the passive opponent answers; nothing to answer for p1
    hand = state.hands[p]
    food = state.untapped_food(p)
    if state.phase == DISCARD:  # OB-909: the least useful, most expensive card, earliest in hand
        worst = max(range(len(hand)), key=lambda i: (role_of(hand[i])[0] == R_OTHER, hand[i].cost, -i))
        return act("discard", hand[worst].name)
    if state.phase == MAIN:
        if not state.food_played[p]:
            card = next((c for c in hand if c.type == FOOD), None)
            if card is not None:
                return act("play", card.name)
        best = None
        for card in hand:
            role, cost, attack = role_of(card)[:3]
            if cost <= food and role in (R_MONSTER, R_ARTIFACT_BOOST) and (
                    best is None or (cost, attack) > (best[1], best[2])):
                best = (card, cost, attack)
        if best is not None:
            return act("play", best[0].name)
        drawer = next((c for c in hand if c.cost <= food and role_of(c)[0] == R_SPELL_DRAW), None)
        if drawer is not None:
            return act("cast", drawer.name)
    elif state.phase == ATTACK:
        for action in state.legal_actions():
            if action.kind == "attack":
                return action  # every monster that may attack, in table order (OB-801)
        for card in hand:
            role, cost, _, _, group = role_of(card)[:5]
            if cost > food:
                continue
            if role == R_SPELL_HIT:
                return act("cast", card.name)
            if role == R_SPELL_BOOST and state.locked != p:  # one strengthening before the blocks (OB-905)
                target = _first_attacker(state, group)
                if target is not None:
                    return act("cast", card.name, "on", state.label_of(target))
        if state.attackers and state.locked != p:
            for perm, label in zip(state.tables[p], state.labels(p)):
                role = role_of(perm.info)
                if role[0] == R_ARTIFACT_BOOST and not perm.tapped:
                    target = _first_attacker(state, role[4])
                    if target is not None:
                        return act("use", label, "on", state.label_of(target))
    elif state.phase == FIGHT:  # one "unblocked" property (OB-831), then the exchange ends (OB-Q12)
        damage = sum(a.atk for a in state.attackers if not a.blocked)
        life = state.life[1 - p]
        for att in state.attackers:
            ab = att.info.abilities[0] if att.info.abilities else None
            if ab is None or ab.when != "unblocked" or ab.effect != "boost":
                continue
            if ab.sacrifice and ab.target == "own":
                others = [b for b in state.attackers if b is not att]
                if others and damage < life <= damage + ab.amount - att.atk:
                    return act("use", state.label_of(att), "on", state.label_of(others[0]))
            elif ab.target == "self" and 0 < ab.food <= food:
                return act("use", state.label_of(att))
    return act("pass")
