"""Who decides what in Kotlík, and why anything else is refused: the rules of the turn, written once.

A turn is a sequence of decisions (KO-401: the active player makes all of them). Each phase opens
one decision, :data:`DECISIONS`; the state's transitions (``move``, ``take``, ``_after_take``,
``finish_turn``, ``final_take``) decide which phase comes next. :func:`legal_actions` lists the open
decision's actions, and :func:`refusal` answers every other action from the same table, citing the
rule that keeps its decision closed now:

- a take outside the line beside the stone KO-501 (beside a corner KO-504), before the move KO-402,
  while an announcement waits KO-620 (its symbol must be announced at once), or at the end KO-702;
- a move when the direction is fixed KO-Q4 (Reading A: clockwise, no choice), a second move
  KO-402 (exactly one move a turn), a move at the end KO-702;
- an explosion without an exploding card KO-601 (on a one-card cauldron KO-Q7), or once announced
  or let lapse KO-620;
- an extra turn without a hat card KO-610, or during an extra turn KO-611;
- keeping or discarding the last card before the game ends KO-701; a symbol of the game's last
  card KO-703; anything after the end KO-701.

An action named by the player who waits (:func:`out_of_turn`) is refused by the alternation of turns
KO-401 — except a symbol claimed after the turn passed, which cites the rule that closed it: an
announcement made or let lapse when the card was taken KO-620, a hat card taken in an extra turn
KO-611, an explosion never offered on a one-card cauldron KO-Q7, a card without the symbol
KO-601/KO-610.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.engine.core import Action
from deckkit.games.kotlik.board import line_label
from deckkit.text import fold

if TYPE_CHECKING:
    from deckkit.games.kotlik.state import KotlikState

# Phases: which decision is open.
MOVE, TAKE, EXPLODE, HAT, FINAL, OVER = range(6)
PHASE_NAMES = ("move", "take", "explode", "extra", "final", "over")
PLAYER_NAMES = ("White", "Black")

#: The action kinds of the decision each phase opens (a take names its card, or ``nothing``).
DECISIONS: dict[int, tuple[str, ...]] = {
    MOVE: ("move clockwise", "move anticlockwise"),  # KO-402, only with the setting direction=choose
    TAKE: ("take",),  # KO-501
    EXPLODE: ("explode", "no explode"),  # KO-601, KO-620
    HAT: ("extra turn", "no extra turn"),  # KO-610, KO-620
    FINAL: ("keep last", "discard last"),  # KO-702
    OVER: (),
}
#: Every action kind, longest first (so that "no explode" is not read as a kind "no …").
KINDS = tuple(sorted({k for kinds in DECISIONS.values() for k in kinds}, key=len, reverse=True))


def legal_actions(state: KotlikState) -> list[Action]:
    """The open decision's actions, in a stable order; a take names each card of the stone's line."""
    p, phase = state.active, state.phase
    if phase == TAKE:
        cells = state.takeable()
        if not cells:
            return [Action(p, "take", ("nothing",))]
        names, board = state.cs.names, state.board
        return [Action(p, "take", (names[board[c]],)) for c in cells]
    return [Action(p, kind) for kind in DECISIONS[phase]]


def kind_of(text: str) -> str:
    """The action kind an action string starts with, or its first word when it names none."""
    folded = fold(text)
    return next((k for k in KINDS if folded == k or folded.startswith(k + " ")), folded.split(" ", 1)[0])


def refusal(state: KotlikState, text: str) -> tuple[str, str | None] | None:
    """``(message, rule)`` when the action string ``text`` is not legal now, or None when it is."""
    kind, phase = kind_of(text), state.phase
    if phase == OVER:
        return (f"{text!r}: the game is over", "KO-701")
    if kind not in DECISIONS[phase]:
        return _closed(state, text, kind)
    rest = fold(text)[len(kind):].strip()
    if kind != "take":
        return None if not rest else (f"{text!r}: {kind!r} takes nothing after it", None)
    return _take(state, text, rest)


def _take(state: KotlikState, text: str, card: str) -> tuple[str, str | None] | None:
    """A take while the take is open: only a card of the line beside the stone (KO-501, KO-504)."""
    who, cells = PLAYER_NAMES[state.active], state.takeable()
    if not cells:
        if card == "nothing":
            return None
        return (f"{who}'s stone stands beside a corner card (P{state.stone[state.active]}): take nothing", "KO-504")
    names = state.cs.names
    if any(fold(names[state.board[c]]) == card for c in cells):
        return None
    return (f"{text!r}: {who} may take only a card of {line_label(state.line_of(state.active))}, beside "
            f"P{state.stone[state.active]}", "KO-501")


def _closed(state: KotlikState, text: str, kind: str) -> tuple[str, str | None]:
    """Why the decision of ``kind`` is not the open one: the rule that keeps it closed in this phase."""
    phase, who = state.phase, PLAYER_NAMES[state.active]
    if kind == "take":
        if phase == MOVE:
            return (f"{text!r}: {who} moves first (move clockwise or move anticlockwise), then takes", "KO-501")
        if phase == FINAL:
            return (f"{text!r}: the game has ended with that take: keep last or discard last", "KO-702")
        return (f"{text!r}: first announce the symbol of the card just taken, or let it lapse", "KO-620")
    if kind == "move" or kind.startswith("move "):
        fixed = state.game.settings.get("direction")
        if fixed != "choose":
            return (f"{text!r}: stones move by themselves, {fixed}, with no choice (setting direction={fixed})",
                    "KO-Q4")
        if phase == FINAL:
            return (f"{text!r}: the game has ended with that take: keep last or discard last", "KO-702")
        return (f"{text!r}: {who}'s stone has moved this turn; a turn has exactly one move", "KO-402")
    if kind in DECISIONS[EXPLODE]:
        if phase == FINAL:
            return (f"{text!r}: the symbols of the game's last card lapse", "KO-703")
        if phase == HAT:
            return (f"{text!r}: the exploding cauldron was announced or let lapse already", "KO-620")
        if phase == TAKE and len(state.cauldron[1 - state.active]) <= 1 and state.pending >= 0:
            return (f"{text!r}: the opponent's cauldron holds one card; it is not emptied", "KO-Q7")
        return (f"{text!r}: only a player who has just taken a card with the exploding cauldron may announce it",
                "KO-601")
    if kind in DECISIONS[HAT]:
        if phase == FINAL:
            return (f"{text!r}: the symbols of the game's last card lapse", "KO-703")
        history = state.history
        if state.extra or (len(history) >= 2 and history[-1].kind == "take" and history[-2].kind == "extra turn"):
            return (f"{text!r}: a hat card taken during an extra turn gives no further extra turn", "KO-611")
        return (f"{text!r}: only a player who has just taken a card with the hat and wand may take an extra turn",
                "KO-610")
    if kind in DECISIONS[FINAL]:
        return (f"{text!r}: the game has not ended; the last card is kept or discarded only when a take empties "
                "a row or column", "KO-701")
    return (f"{text!r} is not an action of Kotlík now (phase {PHASE_NAMES[phase]!r})", None)


def out_of_turn(state: KotlikState, player: int, text: str) -> tuple[str, str | None]:
    """``(message, rule)`` for an action ``player`` names while the other player takes the turn."""
    kind = kind_of(text)
    if kind in DECISIONS[EXPLODE] or kind in DECISIONS[HAT]:
        return _claimed_late(state, player, text, kind)
    return (f"{PLAYER_NAMES[state.active]} is taking the turn; {PLAYER_NAMES[player]} waits (players take "
            "turns alternately)", "KO-401")


def _claimed_late(state: KotlikState, player: int, text: str, kind: str) -> tuple[str, str | None]:
    """A symbol announced after the turn passed: why the decision on it is closed (by ``player``'s last take)."""
    history, who = state.history, PLAYER_NAMES[player]
    at = next((i for i in range(len(history) - 1, -1, -1)
               if history[i].player == player and history[i].kind == "take"), -1)
    name = history[at].args[0] if at >= 0 else "nothing"
    card = state.cs.names.index(name) if name in state.cs.names else -1
    later = {a.kind for a in history[at + 1:] if a.player == player}
    exploding = kind in DECISIONS[EXPLODE]
    if card < 0 or not (state.cs.explodes[card] if exploding else state.cs.hat[card]):
        if exploding:
            return (f"{text!r}: only a player who has just taken a card with the exploding cauldron may announce "
                    f"it, and {who}'s last take was {name}", "KO-601")
        return (f"{text!r}: only a player who has just taken a card with the hat and wand may take an extra turn, "
                f"and {who}'s last take was {name}", "KO-610")
    if later & set(DECISIONS[EXPLODE] if exploding else DECISIONS[HAT]):
        return (f"{text!r}: {who} announced the symbol of {name} or let it lapse when taking it; it is announced "
                "at once or lapses, and the turn has passed", "KO-620")
    if exploding:
        return (f"{text!r}: when {who} took {name} the opponent's cauldron held one card, which is not emptied, "
                "and the turn has passed", "KO-Q7")
    return (f"{text!r}: {who} took {name} during an extra turn, which gives no further extra turn", "KO-611")
