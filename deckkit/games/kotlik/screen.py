"""Kotlík on the game screen: the board and both cauldrons in words, each legal action described."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.engine.core import Action
from deckkit.engine.display import Choice, ScreenSupport, Side, Table, Zone, seat, status_line
from deckkit.games.kotlik.legality import PHASE_NAMES, PLAYER_NAMES

if TYPE_CHECKING:
    from deckkit.games.kotlik.state import KotlikState

STEPS = {"move": "the stone moves", "take": "taking an ingredient", "explode": "the exploding cauldron",
         "extra": "an extra turn", "final": "the last card taken", "over": "the end"}
GROUPS = ("Take", "Exploding cauldron", "Extra turn", "Last card", "Move")


def _who(p: int, viewer: int) -> str:
    return f"you ({PLAYER_NAMES[p]})" if p == viewer else f"{PLAYER_NAMES[p]} ({seat(p)})"


def status(state: KotlikState, viewer: int) -> str:
    """Turn, whose turn, the step and who decides now, in words."""
    step = PHASE_NAMES[state.phase]
    return status_line(state, viewer, STEPS.get(step, step), name=lambda p: _who(p, viewer))


def table(state: KotlikState, viewer: int) -> Table:
    """The board (stones on the track in the notes), both cauldrons top last, stones and scores."""
    snap = state.snapshot()
    sides = []
    for p in (viewer, 1 - viewer):
        mine = snap[seat(p)]
        cauldron = tuple((name, name) for name in mine["cauldron"])
        recipes = tuple((name, name) for name in mine["recipes"])
        figures = (("score", str(mine["score"])), ("stone on space", f"P{mine['stone']}"),
                   ("cards in the cauldron", str(len(mine["cauldron"]))), ("ones", str(mine["ones"])))
        title = ("You" if p == viewer else "Opponent") + f", {PLAYER_NAMES[p]} ({seat(p)})"
        sides.append(Side(title, figures, (Zone("Cauldron (top last)", cauldron), Zone("Recipes", recipes))))
    board = tuple(tuple(None if cell is None else (cell, cell) for cell in row) for row in snap["board"])
    notes = [f"supply deck: {len(snap['stock'])} cards"]
    if snap["pending"]:
        notes.append(f"just taken: {snap['pending']}")
    return Table(status(state, viewer), tuple(sides), board=board, board_title="Board", notes=tuple(notes))


def describe(state: KotlikState, action: Action) -> Choice:
    """One legal action in words, with its group and the card it is about."""
    kind, args = action.kind, action.args
    if kind == "take":
        if args == ("nothing",):
            return Choice(action, "Take", "Take nothing (no card beside the stone)", None)
        return Choice(action, "Take", f"Take {' '.join(args)} into the cauldron", " ".join(args))
    plain = {
        "explode": ("Exploding cauldron", "Announce the exploding cauldron (the other top card goes away)"),
        "no explode": ("Exploding cauldron", "Do not announce the exploding cauldron"),
        "extra turn": ("Extra turn", "Take the extra turn"), "no extra turn": ("Extra turn", "No extra turn"),
        "keep last": ("Last card", "Keep the last card taken"),
        "discard last": ("Last card", "Put the last card taken out of the game"),
        "move clockwise": ("Move", "Move the stone clockwise"),
        "move anticlockwise": ("Move", "Move the stone anticlockwise"),
    }
    group, text = plain.get(kind, ("Take", str(action)))
    return Choice(action, group, text, None)


SCREEN = ScreenSupport(table=table, describe=describe, passes=frozenset({"take nothing"}), groups=GROUPS)
