"""Positions from scripts: a Kotlík ``[setup]`` table read into a state, every mistake named by its field."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from deckkit.engine.core import SetupError
from deckkit.errors import UnknownCard as DeckkitUnknown
from deckkit.games.kotlik import setup as ko_setup
from deckkit.games.kotlik.board import CORNER_CELLS, INGREDIENT_CELLS, SIZE, TRACK, line_label
from deckkit.games.kotlik.state import TAKE, KotlikState
from deckkit.text import fold

if TYPE_CHECKING:
    from deckkit.games.kotlik.game import KotlikGame

EMPTY = {"", "-", "·", "none", "empty"}


def _empty(name: Any) -> bool:
    """TOML has no null: an empty board space is written "-" (or "", "none")."""
    return name is None or (isinstance(name, str) and fold(name) in EMPTY)


class SetupReader:
    """Builds a state from a script's setup dict, naming the field of any mistake (SetupError)."""

    def __init__(self, game: KotlikGame, setup: dict, rng: random.Random) -> None:
        self.game, self.setup, self.rng = game, setup or {}, rng
        self.cs = game.cardset
        self.placed: dict[int, str] = {}

    def card(self, name: Any, where: str) -> int:
        """The ingredient card called ``name``, placed once only."""
        if not isinstance(name, str):
            raise SetupError(f"{where}: expected a card name, got {name!r}", field=f"{where}")
        other = self.cs.by_name.get(fold(name))
        if other is not None and other[0] != "ingredient":
            raise SetupError(f"{where}: {name!r} is a {other[0]} card, not an ingredient card", field=where,
                             hint="corner cards stay on their corners (KO-303); recipes go in pN.recipes (KO-310)")
        try:
            card = self.cs.lookup(name, "ingredient")
        except DeckkitUnknown as exc:
            raise SetupError(f"{where}: unknown ingredient card {name!r}", field=f"{where}", hint=exc.hint) from None
        if card in self.placed:
            raise SetupError(f"{where}: {self.cs.names[card]} is already placed at {self.placed[card]}",
                            field=f"{where}", hint="every card lies in one place (KO-104: 56 cards)")
        self.placed[card] = where
        return card

    def names(self, key: str, value: Any) -> list[int]:
        if not isinstance(value, list):
            raise SetupError(f"{key}: expected a list of card names", field=f"{key}")
        return [self.card(v, f"{key}[{i}]") for i, v in enumerate(value)]

    def build(self) -> KotlikState:
        """The state the setup describes: the keys, both players' cauldrons and stones, the cards' places,
        the recipes, then the turn; the first mistake raises its SetupError."""
        # The order is the one scripts rely on: it decides which mistake is named first, and the shuffle
        # of the unplaced cards comes before the first cauldron cards are drawn.
        if not isinstance(self.setup, dict):
            raise SetupError("setup: expected a table", field="setup", hint="[setup] with board, stock, p1, p2 …")
        state = self.game._state(self.rng)
        self.check_keys()
        players = [self.read_player(state, p) for p in (0, 1)]
        if state.stone[0] == state.stone[1]:
            raise SetupError(f"both stones stand on P{state.stone[0]} (KO-206)", field="setup",
                            hint="at most one stone per track space (KO-206)")
        self.place_cards(state)
        for p in (0, 1):
            if "cauldron" not in players[p]:
                ko_setup.draw_first_card(state, p)
        self.read_recipes(state, players)
        state._recount()
        self.check_lines(state)
        self.read_turn(state)
        return state

    def check_keys(self) -> None:
        """Refuse a setup key Kotlík does not read (a misspelt key would otherwise be ignored)."""
        known = {"board", "cells", "empty", "stock", "box", "start", "phase", "turn", "p1", "p2"}
        for key in self.setup:
            if key not in known:
                raise SetupError(f"unknown Kotlík setup key {key!r}", field=str(key),
                                hint="keys: " + ", ".join(sorted(known)))

    def read_player(self, state: KotlikState, p: int) -> dict:
        """``[setup.pN]``: its cauldron (bottom first) and stone put on ``state``; the table, for the recipes."""
        sub = self.setup.get(f"p{p + 1}", {}) or {}
        if not isinstance(sub, dict):
            raise SetupError(f"p{p + 1}: expected a table (cauldron, stone, recipes), got {sub!r}", field=f"p{p + 1}",
                            hint=f"[setup.p{p + 1}] with cauldron = [...] and stone = 0-19")
        for key in sub:
            if key not in ("cauldron", "stone", "recipes"):
                raise SetupError(f"unknown key p{p + 1}.{key}", field=f"p{p + 1}.{key}",
                                hint="per player: cauldron (bottom first), stone (0-19), recipes")
        if "cauldron" in sub:
            state.cauldron[p] = self.names(f"p{p + 1}.cauldron", sub["cauldron"])
            if not state.cauldron[p] and not self.game.settings["explode_last_card"]:
                raise SetupError(f"p{p + 1}.cauldron: a cauldron is never empty (KO-309 starts it with a "
                                 "card, KO-Q7 keeps its last card)", field=f"p{p + 1}.cauldron",
                                 hint="list at least one card, leave cauldron out to draw the first card "
                                      "(KO-306 – KO-309), or set explode_last_card = true (KO-Q7 Reading A)")
        if "stone" in sub:
            stone = sub["stone"]
            if not isinstance(stone, int) or isinstance(stone, bool) or not 0 <= stone < TRACK:
                raise SetupError(f"p{p + 1}.stone: {stone!r} is not a track space", field=f"p{p + 1}.stone",
                                hint="track spaces are 0-19, clockwise from beside the top-left corner (KO-205)")
            state.stone[p] = stone
        return sub

    def place_cards(self, state: KotlikState) -> None:
        """The board (``board``, or ``cells`` and ``empty``), the stock and the box as the setup places them.

        The cards placed nowhere are shuffled; unless a whole board is given they fill its free spaces
        (KO-302), and the rest is the stock, or goes to the box when the script lists the stock."""
        setup = self.setup
        if "board" in setup:
            self.read_board(state, setup["board"])
        keep_empty = self.read_cells(state, setup.get("cells", {}), setup.get("empty", []))
        stock = self.names("stock", setup["stock"]) if "stock" in setup else None
        state.box = self.names("box", setup.get("box", []))
        rest = [c for c in range(len(self.cs.ingredients)) if c not in self.placed]
        self.rng.shuffle(rest)
        if "board" not in setup:
            for cell in INGREDIENT_CELLS:  # KO-302 over the cards not placed elsewhere
                if rest and state.board[cell] < 0 and cell not in keep_empty:
                    state.board[cell] = rest.pop()
        if stock is not None:
            state.stock = stock[::-1]
            state.box.extend(rest)  # the script listed the whole supply deck: the rest is out of the game
        else:
            state.stock = rest

    def read_turn(self, state: KotlikState) -> None:
        """Who takes the turn (``start``), its number (``turn``) and where it begins (``phase``)."""
        setup = self.setup
        start = setup.get("start", "p1")
        if start not in ("p1", "p2"):
            raise SetupError(f"start: {start!r} is not p1 or p2", field="start", hint="White is p1 (KO-401)")
        state.active = 0 if start == "p1" else 1
        turn = setup.get("turn", 1)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
            raise SetupError(f"turn: {turn!r} is not a turn number", field="turn",
                            hint="the number of the turn that starts, a whole number from 1")
        state.turn = turn - 1
        phase = setup.get("phase", "start")
        if phase not in ("start", "take", "extra"):
            raise SetupError(f"phase: {phase!r} is not a Kotlík setup phase", field="phase",
                            hint="start (the turn begins with the move), take (the stone has moved), extra")
        if phase == "take":
            state.turn += 1
            state.phase = TAKE
        else:
            state.extra = phase == "extra"
            state.start_turn()

    def check_lines(self, state: KotlikState) -> None:
        """Refuse a position whose game is already over: an empty row or column ends it (KO-701, KO-Q8)."""
        if not self.game.end_any_line:
            return  # taken-line: an empty line ends nothing until a take empties the line taken from
        empty = [("row " if i < SIZE else "column ") + line_label(i) for i, n in enumerate(state.line_count) if n == 0]
        if empty:
            field = "board" if "board" in self.setup else "empty"
            raise SetupError(f"{', '.join(empty)} holds no ingredient card: the game would already be over "
                             "(KO-701, KO-Q8: any row or column)", field=field,
                             hint="give every row and column a card (board / cells), or script the take that "
                                  "empties it; end_condition = \"taken-line\" reads KO-Q8 the other way")

    def read_board(self, state: KotlikState, board: Any) -> None:
        if not isinstance(board, list) or len(board) != SIZE or any(
                not isinstance(r, list) or len(r) != SIZE for r in board):
            raise SetupError("board: expected 6 rows of 6 entries (card name, or \"-\" for none)", field="board",
                            hint="KO-201: a 6×6 grid; write \"-\" for an empty space or a corner")
        for r, row in enumerate(board):
            for c, name in enumerate(row):
                cell = r * SIZE + c
                if cell in CORNER_CELLS:
                    corner = self.game.corner_names[cell]
                    if not _empty(name) and fold(str(name)) != fold(corner):
                        raise SetupError(f"board[{r}][{c}]: the corner here is {corner!r}, not {name!r}",
                                        field=f"board[{r}][{c}]", hint="write \"-\" or the corner card's name (KO-303)")
                    continue
                if not _empty(name):
                    state.board[cell] = self.card(name, f"board[{r}][{c}]")

    def read_cells(self, state: KotlikState, cells: Any, empty: Any) -> set[int]:
        """``cells = {r3c3 = "Síra 4"}`` places cards; ``empty = ["r1c3"]`` keeps spaces free of the deal."""
        if not isinstance(cells, dict):
            raise SetupError("cells: expected a table like {r3c3 = \"Síra 4\"}", field="cells")
        if not isinstance(empty, list):
            raise SetupError("empty: expected a list of spaces like [\"r1c3\"]", field="empty")
        for key, name in cells.items():
            cell = self.cell(key, f"cells.{key}")
            if state.board[cell] >= 0:
                raise SetupError(f"cells.{key}: the space already holds {self.cs.names[state.board[cell]]}",
                                 field=f"cells.{key}", hint="name each space once")
            state.board[cell] = self.card(name, f"cells.{key}")
        keep = set()
        for i, key in enumerate(empty):
            cell = self.cell(key, f"empty[{i}]")
            if state.board[cell] >= 0:
                raise SetupError(f"empty[{i}]: {key} holds {self.cs.names[state.board[cell]]}", field=f"empty[{i}]",
                                 hint="a space is either in cells or in empty")
            keep.add(cell)
        return keep

    def cell(self, key: Any, where: str) -> int:
        m = re.fullmatch(r"r([1-6])c([1-6])", str(key).strip().lower())
        cell = (int(m[1]) - 1) * SIZE + int(m[2]) - 1 if m else -1
        if cell < 0 or cell in CORNER_CELLS:
            raise SetupError(f"{where}: {key!r} is not an ingredient space", field=where,
                             hint="spaces are r1c2 … r6c5, rows and columns 1-6 without the corners r1c1, r1c6, "
                                  "r6c1, r6c6")
        return cell

    def read_recipes(self, state: KotlikState, players: list[dict]) -> None:
        given = any("recipes" in sub for sub in players)
        if not given:
            ko_setup.deal_recipes(state)
            return
        for p, sub in enumerate(players):
            out = []
            names = sub.get("recipes", [])
            if not isinstance(names, list):
                raise SetupError(f"p{p + 1}.recipes: expected a list of recipe names", field=f"p{p + 1}.recipes")
            for i, name in enumerate(names):
                try:
                    out.append(self.cs.lookup(str(name), "recipe"))
                except DeckkitUnknown as exc:
                    raise SetupError(f"p{p + 1}.recipes[{i}]: unknown recipe {name!r}", field=f"p{p + 1}.recipes[{i}]",
                                    hint=exc.hint) from None
            state.recipes[p] = out
