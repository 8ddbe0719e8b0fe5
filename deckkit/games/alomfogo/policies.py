"""Goldfish policies for Álomfogó: a greedy player and a uniformly random one."""

from __future__ import annotations

from deckkit.engine.core import Action
from deckkit.games.alomfogo.state import (ACTIVE, ASSIST, COUNTER, CREATURE_DRAW, DEFEND, DRAW, DUELS, HELPER,
                                          PLAY, AlomfogoState)


def _effects(card) -> set[str]:
    return {ability.get("effect") for _, ability in card.resolve}


def _gain(card) -> int:
    """Net VP of a card that gives VP (Athame: 5 − 3 = 2)."""
    return sum(int(a.get("amount", 0)) for _, a in card.resolve if a.get("effect") == "gain-vp") - card.cost


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


def _greedy_play(state: AlomfogoState, p: int) -> Action:
    player = state.players[p]
    vp = player.vp
    best: tuple | None = None  # (priority, tie-break, action)

    def offer(priority: int, tie: int, action: Action) -> None:
        nonlocal best
        if best is None or (priority, tie) > best[:2]:
            best = (priority, tie, action)

    free = state._free_events(p)
    inactive = any(perm.state != ACTIVE and perm.card.is_dreamwalker for perm in player.table)
    has_walker = any(card.is_dreamwalker for card in player.hand)
    for card in player.hand:
        if card.type == "instant" or (card.magic_source and player.source_played):
            continue
        if card.is_dreamwalker:
            for lab, perm in free:
                if card.cost <= perm.card.free_max:
                    offer(8, card.glory * 10 + card.cost, Action(p, "play", (card.name, "with", lab)))
        if card.cost > vp:
            continue
        play = Action(p, "play", (card.name,))
        if card.type == "general-spell":
            effects = _effects(card)
            if "gain-vp" in effects and _gain(card) > 0:
                offer(10, _gain(card), play)
            elif "recover-all" in effects and inactive:
                offer(5, 0, play)
            elif "draw" in effects and len(player.library) > 4:
                offer(3, 0, play)
        elif card.type == "event":
            if card.vp_bonus:
                offer(9, 0, play)
            elif card.free_max >= 0 and has_walker:
                offer(7, 0, play)
        elif card.is_dreamwalker:
            offer(6, card.glory * 10 - card.cost, play)
        elif card.type == "dream-creature":
            offer(4, -card.cost, play)
    if best is not None:
        return best[2]
    if not player.cycled and vp >= 1 and player.library:
        for card in player.hand:
            if card.type == "instant":  # useless against a passive opponent: trade it for a new card
                return Action(p, "cycle", (card.name,))
    return Action(p, "pass")


def random_policy(state: AlomfogoState) -> Action:
    """A uniformly random legal action (drawn from the state's seeded generator)."""
    actions = state.legal_actions()
    return actions[state.rng.randrange(len(actions))]


POLICIES = {"greedy": greedy, "random": random_policy}
