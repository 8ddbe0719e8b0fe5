"""Helpers for the Kotlík tests: build positions through the public from_setup (as scripts do)."""

from __future__ import annotations

import random

from deckkit.games.kotlik import KotlikGame
from deckkit.games.kotlik.board import CORNER_CELLS, SIZE

GAME = KotlikGame()
CS = GAME.cardset
NAMES = [c["name"] for c in CS.ingredients]


def cell_key(cell: int) -> str:
    """``r2c3`` for a cell index."""
    return f"r{cell // SIZE + 1}c{cell % SIZE + 1}"


def grid(cards: dict[str, str | None]) -> list[list[str | None]]:
    """A 6×6 board from ``{"r2c3": "Mandragora 3", …}``; other cells empty."""
    rows: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE)]
    for key, name in cards.items():
        r, c = int(key[1]) - 1, int(key[3]) - 1
        rows[r][c] = name
    return rows


def full(exclude: set[str] = frozenset(), empty: set[str] = frozenset(), **fixed: str) -> dict[str, str | None]:
    """Every ingredient cell filled (``fixed`` cells as given, the rest from the card list in order)."""
    used = set(exclude) | set(fixed.values())
    pool = iter(n for n in NAMES if n not in used)
    cells = {}
    for cell in range(SIZE * SIZE):
        if cell in CORNER_CELLS:
            continue
        key = cell_key(cell)
        if key in empty:
            continue
        cells[key] = fixed[key] if key in fixed else next(pool)
    return cells


def position(cells: dict[str, str | None] | None = None, *, seed: int = 0, game: KotlikGame = GAME,
             **setup) -> object:
    """A state from a setup dict (``cells`` becomes the board)."""
    if cells is not None:
        setup["board"] = grid(cells)
    return game.from_setup(setup, random.Random(seed))


def all_cards(state) -> list[str]:
    """Every ingredient card of a snapshot: board, stock, box, cauldrons, the pending card."""
    snap = state.snapshot()
    corners = set(state.game.corner_names.values())
    out = [n for row in snap["board"] for n in row if n is not None and n not in corners]
    out += snap["stock"] + snap["box"] + snap["p1"]["cauldron"] + snap["p2"]["cauldron"]
    if snap["pending"] and snap["phase"] == "final":
        out.append(snap["pending"])
    return out


def play(state, *actions: str) -> None:
    """Apply action strings in order."""
    for action in actions:
        state.apply(action)
