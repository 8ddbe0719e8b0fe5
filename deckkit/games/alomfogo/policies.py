"""Goldfish policies for Álomfogó: a greedy player and a uniformly random one."""

from __future__ import annotations

from deckkit.engine.core import Action
from deckkit.games.alomfogo.cards import CardDef
from deckkit.games.alomfogo.state import AlomfogoState
from deckkit.games.alomfogo.zones import ASSIST, COUNTER, CREATURE_DRAW, DEFEND, DRAW, DUELS, HELPER, PLAY, Perm


def _effects(card) -> set[str]:
    return {step.effect for seq in (card.play.sequences if card.play else ()) for step in seq}


def _gain(card) -> int:
    """Net VP of a card that gives VP (Athame: 5 − 3 = 2)."""
    return sum(step.amount.fixed for seq in (card.play.sequences if card.play else ()) for step in seq
               if step.effect == "gain-vp") - card.cost


def greedy(state: AlomfogoState) -> Action:
    """Play out the hand sensibly, then challenge with every active dreamwalker (glorious ones first)."""
    phase = state.phase
    p = state.current_player()
    if phase == DRAW:
        return Action(p, "draw")
    if phase == CREATURE_DRAW:
        return Action(p, "draw") if state.players[p].library else Action(p, "no draw")
    if phase == PLAY:
        return _greedy_play(state, p)
    if phase == DUELS:
        if not state.first_turn_of_game():
            best = None
            for lab, perm in state._active_dreamwalkers(p):
                if best is None or perm.card.glory > best[1].card.glory:
                    best = (lab, perm)
            if best is not None:
                return Action(p, "challenge with", (best[0],))
        return Action(p, "pass")
    if phase == DEFEND:
        attack = state.duel.duelists[0].card.attack
        best = None
        for lab, perm in state._active_dreamwalkers(p):
            if perm.card.defense >= attack and (best is None or perm.card.defense > best[1].card.defense):
                best = (lab, perm)
        return Action(p, "defend with", (best[0],)) if best else Action(p, "no defence")
    if phase == HELPER:
        for lab, perm in state._helper_candidates(p):
            if perm.card.has_helper_ability:
                return Action(p, "helper", (lab,))
        return Action(p, "no helper")
    if phase == ASSIST:
        a, b = state.totals()
        behind = a <= b if state.duel.to_act == 0 else b < a
        if behind:
            for action in state.legal_actions():
                if action.kind in ("assist", "cast"):
                    return action
        return Action(p, "pass")
    if phase == COUNTER:
        return state.legal_actions()[0]
    raise AssertionError(phase)


def choose_play(state: AlomfogoState, p: int) -> tuple[str, CardDef, Perm | None] | None:
    """The greedy phase 3 choice: ``("play", card, free event or None)``, ``("cycle", card, None)`` or None to pass.

    Order: VP makers with a net gain, extra-VP events, dreamwalkers free through an event, events that
    give free dreamwalkers, dreamwalkers (glorious first, then cheap), recovery, dream creatures (for
    their draw), draw spells; then cycling an instant, which is useless against a passive opponent.
    It never holds VP back: against a passive opponent every dreamwalker brings 1 + its glory icon each
    turn and the cheap ones give the most per VP; saving for Ébredés Ajtaja when spending would delay it
    was measured at no gain (mean win turn 4.78 either way on the casual deck, 4,000 seeds).
    """
    player = state.players[p]
    vp = player.vp
    best_key: tuple[int, int] | None = None
    best: tuple[str, CardDef, Perm | None] | None = None
    free = None  # free-dreamwalker events, looked up only when a dreamwalker is in hand
    inactive = None
    has_walker = None
    for card in player.hand:
        if card.type == "instant" or (card.magic_source and player.source_played):
            continue
        key: tuple[int, int] | None = None
        event = None
        if card.is_dreamwalker:
            if free is None:
                free = state._free_events(p)
            for _, perm in free:
                if card.cost <= perm.card.free_max:
                    key, event = (8, card.glory * 10 + card.cost), perm
                    break
        if key is None and card.cost <= vp:
            if card.is_dreamwalker:
                key = (6, card.glory * 10 - card.cost)
            elif card.type == "dream-creature":
                key = (4, -card.cost)
            elif card.type == "general-spell":
                effects = _effects(card)
                if "gain-vp" in effects and _gain(card) > 0:
                    key = (10, _gain(card))
                elif "set-state" in effects:
                    if inactive is None:
                        inactive = any(perm.state and perm.card.is_dreamwalker for perm in player.table)
                    if inactive:
                        key = (5, 0)
                elif "draw" in effects and len(player.library) > 4:
                    key = (3, 0)
            elif card.type == "event":
                if card.vp_bonus:
                    key = (9, 0)
                elif card.free_max >= 0:
                    if has_walker is None:
                        has_walker = any(c.is_dreamwalker for c in player.hand)
                    if has_walker:
                        key = (7, 0)
        if key is not None and (best_key is None or key > best_key):
            best_key, best = key, ("play", card, event)
    if best is not None:
        return best
    if not player.cycled and vp >= 1 and player.library:
        for card in player.hand:
            if card.type == "instant":
                return ("cycle", card, None)
    return None


def _greedy_play(state: AlomfogoState, p: int) -> Action:
    choice = choose_play(state, p)
    if choice is None:
        return Action(p, "pass")
    kind, card, event = choice
    if kind == "cycle":
        return Action(p, "cycle", (card.name,))
    if event is not None:
        return Action(p, "play", (card.name, "with", state.label(p, event)))
    return Action(p, "play", (card.name,))


def random_policy(state: AlomfogoState) -> Action:
    """A uniformly random legal action (drawn from the state's seeded generator)."""
    actions = state.legal_actions()
    return actions[state.rng.randrange(len(actions))]


POLICIES = {"greedy": greedy, "random": random_policy}
