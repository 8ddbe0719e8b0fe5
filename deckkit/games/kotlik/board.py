"""Board geometry: the 6×6 grid, the 20-space track and the line a stone takes from (KO-200)."""

from __future__ import annotations

SIZE = 6
CELLS = SIZE * SIZE
TRACK = 20  # KO-205
CORNER_CELLS = (0, 5, 35, 30)  # r1c1, r1c6, r6c6, r6c1 — beside P0, P5, P10, P15
CORNER_SPACES = (0, 5, 10, 15)
INGREDIENT_CELLS = tuple(c for c in range(CELLS) if c not in CORNER_CELLS)  # KO-202, row-major


def _space_cell(pos: int) -> int:
    """The edge cell beside track space ``pos`` (reference coordinates, KO-200)."""
    if pos <= 5:
        return pos  # top edge, left to right
    if pos <= 10:
        return (pos - 5) * SIZE + 5  # right edge, top to bottom
    if pos <= 15:
        return 5 * SIZE + (15 - pos)  # bottom edge, right to left
    return (20 - pos) * SIZE  # left edge, bottom to top


SPACE_CELL: tuple[int, ...] = tuple(_space_cell(p) for p in range(TRACK))

# Line ids: rows 0–5, columns 6–11.
LINES = 12


def line_cells(line: int) -> tuple[int, ...]:
    """Ingredient cells of a row (0–5) or column (6–11), corners left out."""
    if line < SIZE:
        cells = [line * SIZE + c for c in range(SIZE)]
    else:
        cells = [r * SIZE + (line - SIZE) for r in range(SIZE)]
    return tuple(c for c in cells if c not in CORNER_CELLS)


LINE_CELLS: tuple[tuple[int, ...], ...] = tuple(line_cells(i) for i in range(LINES))
CELL_ROW: tuple[int, ...] = tuple(c // SIZE for c in range(CELLS))
CELL_COL: tuple[int, ...] = tuple(SIZE + c % SIZE for c in range(CELLS))


def _space_line(pos: int, reading: str) -> int:
    """The line a stone on ``pos`` takes from, or -1 beside a corner (KO-504, KO-Q2)."""
    if pos in CORNER_SPACES:
        return -1
    cell = SPACE_CELL[pos]
    r, c = divmod(cell, SIZE)
    top_or_bottom = r in (0, SIZE - 1)
    if reading == "inward":  # KO-Q2 Reading A: the line running into the board
        return SIZE + c if top_or_bottom else r
    return r if top_or_bottom else SIZE + c  # Reading B: the edge line the stone stands along


SPACE_LINE: dict[str, tuple[int, ...]] = {
    reading: tuple(_space_line(p, reading) for p in range(TRACK)) for reading in ("inward", "edge")
}


def line_label(line: int) -> str:
    """``r3`` / ``c5`` as in the digest's reference coordinates."""
    return f"r{line + 1}" if line < SIZE else f"c{line - SIZE + 1}"
