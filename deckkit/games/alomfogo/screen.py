"""Álomfogó on the game screen: the table in words and each legal action described."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from deckkit.engine.core import Action
from deckkit.engine.display import Choice, ScreenSupport, Side, Table, Zone, seat, status_line
from deckkit.games.alomfogo.zones import STATE_NAMES

if TYPE_CHECKING:
    from deckkit.games.alomfogo.state import AlomfogoState

STEPS = {"phase2": "the draw (phase 2)", "phase3": "playing cards (phase 3)",
         "creature-draw": "the draw after a dream creature", "phase4": "challenges (phase 4)",
         "defend": "a challenge: choosing a defender", "helper": "a duel: choosing helpers",
         "assist": "a duel: helpers and instants", "counter": "a spell waiting for an answer",
         "decide": "a card's ability asks a decision", "setup": "deciding who starts", "over": "the end"}
GROUPS = ("Choose", "Duel", "Play a card", "Cast a spell", "Cycle", "Draw", "Go on")


def status(state: AlomfogoState, viewer: int) -> str:
    """Turn, whose turn, the step and who decides now, in words."""
    return status_line(state, viewer, STEPS.get(state.phase, state.phase))


def _card_line(card) -> str:
    parts = [card.type.replace("_", " ")]
    if card.cost:
        parts.append(f"cost {card.cost} VP")
    if card.is_creature or card.attack or card.defense:
        parts.append(f"attack {card.attack}, defence {card.defense}")
    return ", ".join(parts)


def table(state: AlomfogoState, viewer: int) -> Table:
    """Both sides (the other hand as a count), each card on the table with its numbers and state, the duel."""
    sides = []
    for p in (viewer, 1 - viewer):
        player = state.players[p]
        shown = []
        for perm in player.table:
            card = perm.card
            mods = sum(m[0] for m in perm.mods), sum(m[1] for m in perm.mods)
            nums = f"{card.attack + mods[0]}/{card.defense + mods[1]}" if card.is_creature else card.type
            shown.append((card.name, f"{card.name} {nums} ({STATE_NAMES[perm.state]})"))
        zones = [Zone("On the table", tuple(shown))]
        if p == viewer:
            zones.append(Zone("Hand", tuple((c.name, f"{c.name} ({_card_line(c)})") for c in player.hand)))
        else:
            zones.append(Zone("Hand", hidden=len(player.hand)))
        zones.append(Zone("Spell cage", tuple((c.name, c.name) for c in player.cage[-8:])))
        figures = (("glory", str(player.glory)), ("VP", str(player.vp)), ("library", str(len(player.library))),
                   ("hand", str(len(player.hand))))
        title = "You" if p == viewer else "Opponent"
        sides.append(Side(f"{title}, {seat(p)}", figures, tuple(zones)))
    notes = []
    duel = state.snapshot().get("duel")
    if duel:
        notes.append(f"Duel: {duel.get('attacker')} attacks ({duel.get('attack')})"
                     + (f", {duel['defender']} defends ({duel.get('defence')})" if duel.get("defender") else
                        ", no defender yet"))
    if state.pending is not None:
        notes.append(f"{seat(state.pending.caster)} cast {state.pending.card.name}: it waits for an answer")
    return Table(status(state, viewer), tuple(sides), notes=tuple(notes))


def _hand_card(state: AlomfogoState, player: int, name: str):
    return next((c for c in state.players[player].hand if c.name == name), None)


def describe(state: AlomfogoState, action: Action) -> Choice:
    """One legal action in words, with its group and the card it is about."""
    kind, args = action.kind, action.args
    name = args[0] if args else None
    base = re.sub(r"#\d+$", "", name) if name else None
    rest = " ".join(args[1:])
    if kind == "play" and name:
        card = _hand_card(state, action.player, name)
        return Choice(action, "Play a card", f"Play {name}" + (f" ({_card_line(card)})" if card else "")
                      + (f" {rest}" if rest else ""), base)
    if kind == "cast" and name:
        return Choice(action, "Cast a spell", f"Cast {name}" + (f" {rest}" if rest else ""), base)
    if kind == "cycle" and name:
        return Choice(action, "Cycle", f"Cycle {name} (pay 1 VP, put it in your spell cage, draw a card)", base)
    words = {
        "challenge with": ("Duel", "Challenge with {}"), "defend with": ("Duel", "Defend with {}"),
        "helper": ("Duel", "Take {} as helper"), "assist": ("Duel", "Use the helper {}"),
        "counter": ("Cast a spell", "Answer with {}"), "choose": ("Choose", "Choose: {}"),
    }
    if kind == "start" and name:
        return Choice(action, "Go on", f"{name} plays first", None)
    if kind in words and name:
        group, text = words[kind]
        return Choice(action, group, text.format(" ".join(args)), base)
    plain = {
        "no defence": ("Duel", "Do not defend (lose glory)"), "no helper": ("Duel", "No helper"),
        "no counter": ("Go on", "Do not answer the spell"), "draw": ("Draw", "Draw a card"),
        "no draw": ("Draw", "Do not draw"),
    }
    if kind in plain:
        group, text = plain[kind]
        return Choice(action, group, text, None)
    if kind == "pass":
        text = {"phase3": "End phase 3 (go to the challenges)", "phase4": "End the turn",
                "assist": "Do nothing more in the duel"}.get(state.phase, "Pass")
        return Choice(action, "Go on", text, None)
    return Choice(action, "Go on", str(action), base)


SCREEN = ScreenSupport(table=table, describe=describe, groups=GROUPS)
