"""What an Obludárium state shows: card states in play, the snapshot scripts address, the picture for people."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.engine.core import TERMINAL
from deckkit.games.obludarium.cards import MONSTER

if TYPE_CHECKING:
    from deckkit.games.obludarium.state import ObState
    from deckkit.games.obludarium.zones import Perm

PLAYER_NAMES = ("p1", "p2")


def perm_text(state: ObState, perm: Perm, label: str) -> str:
    """``Name (state, …)`` for a card in play, as snapshots and setups write it."""
    states = []
    if perm.tapped:
        states.append("tapped")
    if perm.new and perm.info.type == MONSTER:
        states.append("new")
    if perm.attacking:
        states.append("attacking")
    if perm.blocked:
        states.append("blocked")
    for att in perm.blocking:
        states.append("blocking " + state.label_of(att))
    if perm.info.type == MONSTER:
        atk, dfn = state.attack(perm), state.defense(perm)  # continuous effects included
        if atk != perm.info.attack or dfn != perm.info.defense:
            states.append(f"{atk}/{dfn}")
    return f"{label} ({', '.join(states)})" if states else label


def snapshot(state: ObState) -> dict:
    """Observable state: turn, active, phase, result, stack and per player life and zones."""
    res = state.result
    snap: dict = {
        "turn": state.turn,
        "active": PLAYER_NAMES[state.active],
        "phase": state.phase,
        "result": None if res is None else (res if isinstance(res, str) else PLAYER_NAMES[res]),  # a str: "draw"
        "stack": [item.text for item in state.stack],
    }
    for p in (0, 1):
        snap[PLAYER_NAMES[p]] = {
            "life": state.life[p],
            "library": [c.name for c in reversed(state.libs[p])],
            "hand": [c.name for c in state.hands[p]],
            "table": [perm_text(state, perm, lab) for perm, lab in zip(state.tables[p], state.labels(p))],
            "discard": [c.name for c in state.discards[p]],
            "food": state.untapped_food(p),
            "food_played": state.food_played[p],
        }
    return snap


def render(state: ObState) -> str:
    """A readable picture of the state for people (traces, failing scripts)."""
    snap = state.snapshot()
    who = state.current_player()
    lines = [f"turn {state.turn}, {snap['active']}'s turn, phase {state.phase}, "
             + (f"result {snap['result']}" if who == TERMINAL else f"{PLAYER_NAMES[who]} to act")]
    for p in (0, 1):
        s = snap[PLAYER_NAMES[p]]
        lines.append(f"  {PLAYER_NAMES[p]}: life {s['life']}, library {len(s['library'])}, "
                     f"untapped food {s['food']}")
        lines.append(f"    hand:    {', '.join(s['hand']) or '-'}")
        lines.append(f"    table:   {', '.join(s['table']) or '-'}")
        lines.append(f"    discard: {', '.join(s['discard']) or '-'}")
    if snap["stack"]:
        lines.append("  stack (last resolves first): " + "; ".join(snap["stack"]))
    return "\n".join(lines)
