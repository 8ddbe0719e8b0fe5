"""Drawing a Kotlík state for the terminal: the 6×6 grid, the stones on the track, both cauldrons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.games.kotlik.board import CORNER_CELLS, SIZE, SPACE_CELL, TRACK, line_label
from deckkit.games.kotlik.cards import LABEL_SHORT
from deckkit.games.kotlik.state import OVER, PHASE_NAMES, PLAYER_NAMES

if TYPE_CHECKING:
    from deckkit.games.kotlik.state import KotlikState

W = 12  # cell width
STONE = ("W", "B")


def cell_text(state: KotlikState, cell: int) -> str:
    """``Mandra 3 wh*`` — short ingredient, number, label, ``*`` exploding cauldron, ``^`` hat and wand."""
    if cell in CORNER_CELLS:
        name = state.game.corner_names.get(cell, "corner")
        return ("[" + name[:W - 2] + "]")
    card = state.board[cell]
    if card < 0:
        return "·"
    cs = state.cs
    marks = ("*" if cs.explodes[card] else "") + ("^" if cs.hat[card] else "")
    return f"{cs.short[card]} {cs.num[card]}{LABEL_SHORT.get(cs.label[card], '??')}{marks}"


def _marker(state: KotlikState, pos: int) -> str:
    for p in (0, 1):
        if state.stone[p] == pos:
            return f"{STONE[p]}{pos}"
    return f"P{pos}"


def render_state(state: KotlikState) -> str:
    """The whole picture: header, grid with track markers, cauldrons and scores."""
    by_cell: dict[int, int] = {SPACE_CELL[p]: p for p in range(TRACK) if SPACE_CELL[p] not in CORNER_CELLS}
    corner_space = {0: 0, 5: 5, 35: 10, 30: 15}
    lines = []
    who = PLAYER_NAMES[state.active]
    status = f"{who} to act ({PHASE_NAMES[state.phase]})"
    if state.phase == OVER:
        s0, s1 = state.score(0), state.score(1)
        winner = state.winners()
        status = f"game over: {PLAYER_NAMES[winner[0]] + ' wins' if winner else 'a draw'} {s0} : {s1}"
    if state.extra and state.phase != OVER:
        status += ", extra turn"
    lines.append(f"turn {state.turn} · {status} · stock {len(state.stock)} · box {len(state.box)}")
    pad = " " * 5
    top = [corner_space[0]] + [by_cell[c] for c in range(1, 5)] + [corner_space[5]]
    lines.append(pad + "".join(f"{_marker(state, p):^{W + 1}}" for p in top))
    sep = pad + "+" + "+".join("-" * W for _ in range(SIZE)) + "+"
    lines.append(sep)
    for r in range(SIZE):
        cells = [cell_text(state, r * SIZE + c)[:W] for c in range(SIZE)]
        left = by_cell.get(r * SIZE) if 0 < r < SIZE - 1 else None
        right = by_cell.get(r * SIZE + 5) if 0 < r < SIZE - 1 else None
        lm = _marker(state, left) if left is not None else ""
        rm = _marker(state, right) if right is not None else ""
        lines.append(f"{lm:>4} |" + "|".join(f"{c:<{W}}" for c in cells) + f"| {rm}")
        lines.append(sep)
    bottom = [corner_space[30]] + [by_cell[30 + c] for c in range(1, 5)] + [corner_space[35]]
    lines.append(pad + "".join(f"{_marker(state, p):^{W + 1}}" for p in bottom))
    for p in (0, 1):
        caul = state.cauldron[p]
        topcard = state.cs.names[caul[-1]] if caul else "—"
        line = state.game.space_line[state.stone[p]]
        beside = "corner" if line < 0 else line_label(line)
        cards = f"{len(caul)} card" + ("" if len(caul) == 1 else "s")
        lines.append(f"{PLAYER_NAMES[p]:<5} stone P{state.stone[p]} ({beside}) · cauldron {cards}, "
                     f"top {topcard} · score {state.score(p)}")
    lines.append("      cards: ingredient, number, label (wh bk gn gy br bl ye); * exploding cauldron, ^ hat and wand")
    if state.pending >= 0:
        card = state.pending
        symbols = [name for name, has in (("exploding cauldron", state.cs.explodes[card]),
                                          ("hat and wand", state.cs.hat[card])) if has]
        lines.append(f"just taken: {state.cs.names[card]}" + (f" ({', '.join(symbols)})" if symbols else ""))
    return "\n".join(line.rstrip() for line in lines)


def legend(state: KotlikState) -> str:
    """A few lines naming every shortened ingredient of the grid, e.g. ``Drašup = Dračí šupina``."""
    cs = state.cs
    pairs = sorted({(cs.short[i], cs.kinds[cs.ing[i]]) for i in range(len(cs.ingredients))
                    if cs.short[i] != cs.kinds[cs.ing[i]]})
    lines, line = [], "board labels:"
    for short, kind in pairs:
        item = f" {short} = {kind},"
        if len(line) + len(item) > 100:
            lines.append(line)
            line = " "
        line += item
    lines.append(line.rstrip(","))
    return "\n".join(lines)
