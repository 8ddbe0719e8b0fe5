"""Policies over the rules engine: each maps a state to one of its legal actions.

:func:`greedy` knows no card: at each decision it tries every legal action on a clone of the state
(:meth:`~deckkit.games.obludarium.state.ObState.clone`), lets the rest of the turn play out with
both players passing (the stack resolves, the attacks hit), and scores what is left — life taken
from the opponent, power on the board, cards in hand and food in play. Any ability written in the
language is valued by what the engine makes of it, never by a table of known effects. Attacks are
declared with every monster that may (the goldfish opponent never blocks); the hand-size discard
(OB-909) drops the card whose loss costs least by the same score.
"""

from __future__ import annotations

from deckkit.engine.core import TERMINAL, Action, State
from deckkit.games.obludarium.cards import FOOD, MONSTER
from deckkit.games.obludarium.state import ATTACK, DISCARD

#: The score of a position for player p (higher is better); a won game beats everything.
LIFE_TAKEN, OWN_LIFE, POWER, HAND, FOOD_IN_PLAY, ARTIFACT = 3.0, 0.5, 1.0, 0.4, 1.2, 1.0


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


def score(state, p: int) -> float:
    """How good the position is for ``p``: life taken, board power, cards and food."""
    if state.result is not None:
        return 10_000.0 if state.result == p else -10_000.0
    q = 1 - p
    value = LIFE_TAKEN * -state.life[q] + OWN_LIFE * state.life[p] + HAND * len(state.hands[p])
    for perm in state.tables[p]:
        kind = perm.info.type
        if kind == MONSTER:
            value += POWER * (state.attack(perm) + 0.5 * state.defense(perm)) + 0.5
        elif kind == FOOD:
            value += FOOD_IN_PLAY
        else:
            value += ARTIFACT + 0.2 * perm.info.cost
    for perm in state.tables[q]:
        if perm.info.type == MONSTER:
            value -= POWER * (state.attack(perm) + 0.5 * state.defense(perm))
    return value


def _settle(state, p: int, limit: int = 40) -> None:
    """Play on with passes only (the other player too) until ``p``'s turn is over or the game ends."""
    turn = state.turn
    while limit and state.turn == turn and state.current_player() != TERMINAL:
        legal = state.legal_actions()
        action = next((a for a in legal if a.kind == "pass"), legal[0])
        state.apply_unchecked(action)
        limit -= 1


def value_of(state, action: Action, p: int) -> float:
    """The score after ``action`` and a turn played out with passes (on a clone: ``state`` is untouched)."""
    twin = state.clone()
    twin.logging = False
    twin.log = []
    twin.apply_unchecked(action)
    _settle(twin, p)
    return score(twin, p)


def greedy(state: State) -> Action:
    """The goldfish greedy player: every legal action valued by its outcome on a clone; ties pass."""
    p = state.current_player()
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.phase == ATTACK and not state.stack and not state.window and p == state.active:
        for action in legal:
            if action.kind == "attack":
                return action  # every monster that may attack, in table order (OB-801)
    if p != state.active and state.phase != DISCARD:
        return passive(state)  # the greedy player plays its own turn; it does not answer the dummy
    best, best_value = None, None
    for action in legal:
        if action.kind == "attack":
            continue
        value = value_of(state, action, p)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = action, value
    return best if best is not None else passive(state)
