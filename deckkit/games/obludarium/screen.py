"""Obludárium on the game screen: the table in words and each legal action described."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from deckkit.engine.core import TERMINAL, Action
from deckkit.engine.display import Choice, ScreenSupport, Side, Table, Zone, mode_text, seat, status_line
from deckkit.games.obludarium.cards import ARTIFACT, FOOD, MONSTER
from deckkit.games.obludarium.view import perm_text

if TYPE_CHECKING:
    from deckkit.games.obludarium.state import ObState

STEPS = {"main": "main phase", "attack": "attack step", "block": "block step", "fight": "fight",
         "discard": "discarding down to the hand size"}
GROUPS = ("Choose", "Play a card", "Cast a spell", "Use a card in play", "Attack", "Block", "Discard", "Go on")


def status(state: ObState, viewer: int) -> str:
    """Turn, whose turn, the step and who decides now, in words (an answer to a spell or in a window
    said as such)."""
    who, doing = state.current_player(), None
    if who != TERMINAL and state.stack:
        doing = "answer the spell" if who == viewer else f"{seat(who)} may answer"
    elif who != TERMINAL and state.window and who != state.active:
        doing = "you may answer with an instant" if who == viewer else f"{seat(who)} may answer with an instant"
    return status_line(state, viewer, STEPS.get(state.phase, state.phase), doing)


def _numbers(state: ObState, perm) -> str:
    info = perm.info
    if info.type == MONSTER:
        return f"{state.attack(perm)}/{state.defense(perm)}"
    return {FOOD: "food", ARTIFACT: "artifact"}.get(info.type, info.type)


def table(state: ObState, viewer: int) -> Table:
    """Both sides (the other hand as a count), each card in play with its numbers and state."""
    sides = []
    for p in (viewer, 1 - viewer):
        labels = state.labels(p)
        shown = []
        for perm, label in zip(state.tables[p], labels):
            text = perm_text(state, perm, label)
            tail = text[len(label):].strip()
            # perm_text gives changed numbers only; the screen always shows them, and the states in words
            states = [s for s in tail.strip("()").split(", ") if s and not re.fullmatch(r"-?\d+/-?\d+", s)]
            shown.append((perm.info.name, f"{label} {_numbers(state, perm)}" + (f" ({', '.join(states)})" if states
                                                                                  else "")))
        hand = state.hands[p]
        zones = [Zone("In play", tuple(shown))]
        if p == viewer:
            zones.append(Zone("Hand", tuple((c.name, f"{c.name} ({_card_line(c)})") for c in hand)))
        else:
            zones.append(Zone("Hand", hidden=len(hand)))
        discard = state.discards[p]
        zones.append(Zone("Discard pile", tuple((c.name, c.name) for c in discard[-8:])))
        title = "You" if p == viewer else "Opponent"
        figures = (("life", str(state.life[p])), ("untapped food", str(state.untapped_food(p))),
                   ("library", str(len(state.libs[p]))), ("hand", str(len(hand))))
        sides.append(Side(f"{title}, {seat(p)}", figures, tuple(zones)))
    notes = tuple(f"waiting to resolve: {item.text}" for item in reversed(state.stack))
    return Table(status(state, viewer), tuple(sides), notes=notes)


def _card_line(info) -> str:
    if info.type == MONSTER:
        return f"monster, cost {info.cost}, {info.attack}/{info.defense}"
    if info.type == FOOD:
        return "food"
    return f"{info.type}, cost {info.cost}"


def _card(state: ObState, name: str) -> dict | None:
    return next((c for c in state.game.cards.values() if c["name"] == name), None)


def _targets(args: tuple[str, ...]) -> tuple[str, str]:
    """The mode part ("mode 2: …") and the rest ("on X and Y", "sacrificing Z") of a cast or use."""
    rest = list(args[1:])
    mode = ""
    if len(rest) >= 2 and rest[0] == "mode":
        mode, rest = rest[1], rest[2:]
    return mode, " ".join(rest)


def describe(state: ObState, action: Action) -> Choice:
    """One legal action in words, with its group and the card it is about."""
    kind, args = action.kind, action.args
    name = args[0] if args else None
    base = re.sub(r"#\d+$", "", name) if name else None
    if kind == "play" and name:
        info = next((c for c in state.hands[action.player] if c.name == name), None)
        if info is not None and info.type == FOOD:
            return Choice(action, "Play a card", f"Lay out the food {name}", name)
        what = "Summon" if info is not None and info.type == MONSTER else "Play"
        return Choice(action, "Play a card", f"{what} {name}" + (f" ({_card_line(info)})" if info else ""), name)
    if kind in ("cast", "use") and name:
        mode, rest = _targets(args)
        text = f"Cast {name}" if kind == "cast" else f"Use {name}"
        if mode:
            said = mode_text(state.game.name, _card(state, base or name), int(mode)) if mode.isdigit() else ""
            text += f", option {mode}" + (f" ({said})" if said else "")
        if rest:
            text += " " + rest.replace("enemy ", "the opponent's ")
        group = "Cast a spell" if kind == "cast" else "Use a card in play"
        return Choice(action, group, text, base)
    if kind == "attack" and name:
        perm = next((p for p, lab in zip(state.tables[action.player], state.labels(action.player)) if lab == name), None)
        power = f" ({state.attack(perm)} attack)" if perm is not None else ""
        return Choice(action, "Attack", f"Attack with {name}{power}", base)
    if kind == "block" and len(args) >= 3:
        return Choice(action, "Block", f"Block the attacking {args[0]} with {args[2]}", re.sub(r"#\d+$", "", args[2]))
    if kind == "discard" and name:
        return Choice(action, "Discard", f"Discard {name} (hand size)", name)
    if kind == "choose" and name:
        said = {"yes": "Yes", "no": "No", "nothing": "Nothing"}.get(name, " ".join(args).replace("enemy ", "the opponent's "))
        return Choice(action, "Choose", f"Choose: {said}", None if name in ("yes", "no", "nothing") else base)
    if kind == "pass":
        return Choice(action, "Go on", _pass_words(state), None)
    return Choice(action, "Go on", str(action), base)


def _pass_words(state: ObState) -> str:
    if state.stack:
        return "Do not answer (the spell resolves)"
    if state.window and state.current_player() != state.active:
        return "Do not answer (pass)"
    return {"main": "End the main phase", "attack": "No more attacks (go on)", "block": "No more blocks (go on)",
            "fight": "Do nothing more in the fight"}.get(state.phase, "Pass")


SCREEN = ScreenSupport(table=table, describe=describe, groups=GROUPS)
