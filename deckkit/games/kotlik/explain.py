"""Why a Kotlík action is refused: the message and the rule that forbids that action here.

Each action kind has its own rule: a take outside the line beside the stone KO-501 (beside a corner
KO-504); a take, or a move, while an announcement waits KO-620 (its symbol must be announced at
once) or, at the end, KO-702; a move when the direction is fixed KO-Q4 (Reading A: clockwise, no
choice), a second move KO-402 (exactly one move a turn); an explosion without an exploding card
KO-601 (on a one-card cauldron KO-Q7); an extra turn without a hat card KO-610 (during an extra turn
KO-611); keeping or discarding the last card before the game ends KO-701; a symbol of the game's
last card KO-703.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.games.kotlik.board import line_label

if TYPE_CHECKING:
    from deckkit.games.kotlik.state import KotlikState


def explain(state: KotlikState, text: str) -> tuple[str, str | None]:
    """``(message, rule)`` for an action string that is not among the legal actions."""
    from deckkit.games.kotlik.state import EXPLODE, FINAL, HAT, MOVE, OVER, PHASE_NAMES, PLAYER_NAMES, TAKE

    words = text.lower().split()
    folded = " ".join(words)
    kind = next((k for k in sorted(state.ACTION_KINDS, key=len, reverse=True)
                 if folded == k or folded.startswith(k + " ")), words[0] if words else "")
    phase, who = state.phase, PLAYER_NAMES[state.active]
    if phase == OVER:
        return (f"{text!r}: the game is over", "KO-701")
    if kind == "take":
        if phase == TAKE:
            line = state.line_of(state.active)
            if line < 0:
                return (f"{who}'s stone stands beside a corner card (P{state.stone[state.active]}): take nothing",
                        "KO-504")
            return (f"{text!r}: {who} may take only a card of {line_label(line)}, beside "
                    f"P{state.stone[state.active]}", "KO-501")
        if phase == MOVE:
            return (f"{text!r}: {who} moves first (move clockwise or move anticlockwise), then takes", "KO-402")
        if phase == FINAL:
            return (f"{text!r}: the game has ended with that take: keep last or discard last", "KO-702")
        return (f"{text!r}: first announce the symbol of the card just taken, or let it lapse", "KO-620")
    if words[:1] == ["move"]:
        if state.game.settings.get("direction") != "choose":
            fixed = state.game.settings.get("direction")
            return (f"{text!r}: stones move by themselves, {fixed}, with no choice (setting direction={fixed})",
                    "KO-Q4")
        if phase in (TAKE, EXPLODE, HAT):
            return (f"{text!r}: {who}'s stone has moved this turn; a turn has exactly one move", "KO-402")
        return (f"{text!r}: the game has ended with that take: keep last or discard last", "KO-702")
    if kind in ("explode", "no explode"):
        if phase == FINAL:
            return (f"{text!r}: the symbols of the game's last card lapse", "KO-703")
        if phase == HAT:
            return (f"{text!r}: the exploding cauldron was announced or let lapse already", "KO-620")
        if phase == TAKE and len(state.cauldron[1 - state.active]) <= 1 and state.pending >= 0:
            return (f"{text!r}: the opponent's cauldron holds one card; it is not emptied", "KO-Q7")
        return (f"{text!r}: only a player who has just taken a card with the exploding cauldron may announce it",
                "KO-601")
    if kind in ("extra turn", "no extra turn"):
        if phase == FINAL:
            return (f"{text!r}: the symbols of the game's last card lapse", "KO-703")
        history = state.history
        if state.extra or (len(history) >= 2 and history[-1].kind == "take" and history[-2].kind == "extra turn"):
            return (f"{text!r}: a hat card taken during an extra turn gives no further extra turn", "KO-611")
        return (f"{text!r}: only a player who has just taken a card with the hat and wand may take an extra turn",
                "KO-610")
    if kind in ("keep last", "discard last"):
        return (f"{text!r}: the game has not ended; the last card is kept or discarded only when a take empties "
                "a row or column", "KO-701")
    return (f"{text!r} is not an action of Kotlík now (phase {PHASE_NAMES[phase]!r})", None)
