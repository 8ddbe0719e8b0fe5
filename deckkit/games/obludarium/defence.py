"""Obludárium's defending side for match pilots: blocks (OB-810 – OB-816), blocking spells, answers.

The goldfish greedy player only ever attacks a passive opponent, so it never blocks. In a match
the defender decides in the block step and in every answer window; this is the greedy pilot's
choice there:

- block an attacker with a monster that survives the fight and kills it, else with one that
  survives (no damage taken), else trade a monster that costs no more than the attacker;
- when the unblocked attacks would be lethal, chump-block the biggest attacker with the cheapest
  monster, or cast a blocking spell (OB-355) on it;
- answer nothing else (pass): the windows (OB-354, OB-610) and exchanges (OB-904) are left to
  the search AI.
"""

from __future__ import annotations

from deckkit.engine.core import Action
from deckkit.games.obludarium.state import BLOCK, ObState


def respond(state: ObState) -> Action:
    """The greedy choice of the player who decides outside their own main line (blocks, answers)."""
    p = state.current_player()
    legal = state.legal_actions()
    passing = next((a for a in legal if a.kind == "pass"), legal[0])
    if state.phase != BLOCK or state.stack or p == state.active:
        return passing
    choice = _block(state, p, legal)
    return choice if choice is not None else passing


def _block(state: ObState, p: int, legal: list[Action]) -> Action | None:
    active = state.active
    unblocked = [a for a in state.attackers if not a.blocked]
    incoming = sum(a.atk for a in unblocked)
    lethal = incoming >= state.life[p]
    best: tuple[float, Action] | None = None
    for action in legal:
        if action.kind != "block":
            continue
        att = state._perm(active, action.args[0])
        if att.blocked:
            continue  # one blocker per attacker is enough for this pilot
        blk = state._perm(p, action.args[2])
        survives = blk.dfn > att.atk  # OB-823, OB-824: equality kills
        kills = blk.atk >= att.dfn
        score: float
        if survives and kills:
            score = 30 + att.info.cost
        elif survives:
            score = 20 + att.atk
        elif kills and blk.info.cost <= att.info.cost:
            score = 10 + att.info.cost - blk.info.cost
        elif lethal:
            score = 1 + att.atk / 100 - blk.info.cost / 1000
        else:
            continue
        if best is None or score > best[0]:
            best = (score, action)
    if best is not None:
        return best[1]
    if lethal:
        target = max(unblocked, key=lambda a: a.atk, default=None)
        named = state.game.card_named
        for action in legal:
            if action.kind == "cast" and named(action.args[0]).blocking:
                if target is None or action.args[-1] == state.label_of(target) or len(action.args) == 1:
                    return action
    return None
