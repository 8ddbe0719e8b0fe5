"""The Kotlík rules with their settings (the digest's open questions), setups and goldfish games."""

from __future__ import annotations

import random
import re
from typing import Any, Callable, Iterable

from deckkit.engine.core import Action, Game, SetupError, Setting
from deckkit.engine.effects import handler
from deckkit.errors import DataError
from deckkit.errors import UnknownCard as DeckkitUnknown
from deckkit.games.kotlik import setup as ko_setup
from deckkit.games.kotlik.board import CORNER_CELLS, INGREDIENT_CELLS, LINE_CELLS, SIZE, SPACE_LINE, TRACK
from deckkit.games.kotlik.cards import CardSet, bundled_cards
from deckkit.games.kotlik.policies import POLICIES, Passive, as_action_policy
from deckkit.games.kotlik.scoring import card_value, counts_as_one
from deckkit.games.kotlik.state import FINAL, OVER, PLAYER_NAMES, TAKE, KotlikState
from deckkit.text import fold

# Corner cells of the stone-marked corners (KO-303, KO-Q3: White beside P0, Black beside P10).
STONE_CORNER_CELL = {"white": 0, "black": 35}
OTHER_CORNER_CELLS = (5, 30)


class KotlikGame(Game):
    """Čarodějnický kotlík for two players, White (p1) and Black (p2)."""

    name = "kotlik"
    SETTINGS = (
        Setting("take_line", "inward", "which line a stone takes from: inward (the row/column running into "
                "the board) or edge (the edge line it stands along)", "KO-Q2", ("inward", "edge")),
        Setting("direction", "clockwise", "movement direction: clockwise, anticlockwise, or choose (a move "
                "action each turn)", "KO-Q4", ("clockwise", "anticlockwise", "choose")),
        Setting("returned_card", "shuffle", "where a card returned to the supply deck goes: shuffle (a seeded "
                "random position) or bottom", "KO-Q6", ("shuffle", "bottom")),
        Setting("explode_last_card", False, "whether an explosion may empty a one-card cauldron (its owner "
                "then does not move)", "KO-Q7"),
        Setting("end_condition", "any-line", "the game ends when any row or column has no ingredient card "
                "(any-line) or only when the line taken from does (taken-line)", "KO-Q8",
                ("any-line", "taken-line")),
        Setting("doubling", "own", "which white/black labels are doubled: own (the holder's colour) or both",
                "KO-Q9", ("own", "both")),
        Setting("ones", "printed", "which cards count for the value-1 majority: printed (every printed 1) or "
                "after-doubling (value 1 after KO-804)", "KO-Q10", ("printed", "after-doubling")),
        Setting("recipes", False, "play with recipe cards: each player draws 2 and scores the bonus printed "
                "on each completed one (off = the beginners' variant)", "KO-311, KO-Q11"),
        Setting("tie", "draw", "equal scores: draw, or most-ones (more value-1 cards wins)", "KO-Q12",
                ("draw", "most-ones")),
    )

    def __init__(self, cards: Iterable[dict] = (), **settings: Any) -> None:
        cards = list(cards) or list(bundled_cards())
        super().__init__(cards, **settings)
        self.cardset = CardSet.from_cards(cards)
        s = self.settings
        cs = self.cardset
        self.space_line = SPACE_LINE[s["take_line"]]
        self.line_cells = LINE_CELLS
        self.direction = {"clockwise": 1, "anticlockwise": -1, "choose": 0}[s["direction"]]
        self.returned = s["returned_card"]
        self.explode_min = 1 if s["explode_last_card"] else 2  # KO-Q7 Reading B keeps the last card
        self.end_any_line = s["end_condition"] == "any-line"
        self.tie = s["tie"]
        n = len(cs.ingredients)
        self.value = [[card_value(cs, c, p, s["doubling"]) for c in range(n)] for p in (0, 1)]
        self.one = [[int(counts_as_one(cs, c, p, s["doubling"], s["ones"])) for c in range(n)] for p in (0, 1)]
        self.corner_names: dict[int, str] = {}
        others = iter(OTHER_CORNER_CELLS)
        for corner in cs.corners:
            cell = STONE_CORNER_CELL[corner["stone"]] if corner.get("stone") else next(others)
            self.corner_names[cell] = corner["name"]
        # Symbol actions come from the effects registry, by the symbol names printed on the cards.
        self.symbol_effects: dict[str, Callable] = {
            name: handler("kotlik", name) for name in ("exploding-cauldron", "hat-and-wand")
        }
        self._deck_games: dict[tuple, "KotlikGame"] = {}
        self.ingredient_index = {c["id"]: i for i, c in enumerate(cs.ingredients)}

    # -- starting a game -------------------------------------------------------------------------
    def _state(self, rng: random.Random) -> KotlikState:
        return KotlikState(self, rng)

    def new_game(self, decks: list[list[dict]] | None = None, rng: random.Random | None = None,
                 **options: Any) -> KotlikState:
        """A fresh game set up by KO-300; ``decks`` (optional) is ``[card set]``, default this game's cards."""
        game = self._for_deck(decks[0]) if decks else self
        state = game._state(rng if rng is not None else random.Random(0))
        state.logging = options.get("log", True)
        ko_setup.deal(state)
        state._recount()
        state.start_turn()  # KO-401: White moves first
        return state

    def _for_deck(self, deck: list[dict]) -> "KotlikGame":
        key = tuple(c["id"] for c in deck)
        if key == tuple(self.cards):
            return self
        game = self._deck_games.get(key)
        if game is None:
            game = self._deck_games[key] = KotlikGame(deck, **self.settings)
        return game

    def from_setup(self, setup: dict, rng: random.Random) -> KotlikState:
        """A position from a script's ``[setup]``; cards not placed anywhere go to the stock or the box.

        Keys: ``board`` (6 rows of 6 card names or null; corners may be null), ``stock`` (top first),
        ``box``, ``start`` ("p1"/"p2"), ``phase`` ("start" = move first, "take" = the stone stands where
        it is, "extra" = an extra turn starts), ``turn``, and per player ``cauldron`` (bottom first),
        ``stone`` (0–19), ``recipes``. Without ``board`` the board is dealt at random (KO-302); without
        ``stock`` the unplaced cards are shuffled into it; without a ``cauldron`` the player draws the
        first card by KO-306 – KO-309.
        """
        return _SetupReader(self, setup, rng).build()

    # -- policies and goldfish -------------------------------------------------------------------
    def policies(self) -> dict[str, Callable[[KotlikState], Action]]:
        """greedy, random and passive, as state → Action functions."""
        return {name: as_action_policy(cls) for name, cls in POLICIES.items()}

    def play_goldfish(self, deck: list[dict] | None, rng: random.Random, *, policy: str = "greedy",
                      opponent: str = "passive", keep: Callable | None = None,
                      trace: list[str] | None = None, max_turns: int = 60) -> dict:
        """One seeded game, White plays ``policy`` and Black ``opponent``; ``{"scores", "winners", "turns"}``.

        ``keep`` does not apply (Kotlík has no hands). ``max_turns`` is only a safety cap: a game that
        runs past ``max(max_turns, 400)`` turns is scored as it stands.
        """
        from deckkit.errors import UsageError

        pols = []
        for name in (policy, opponent):
            if name not in POLICIES:
                raise UsageError(f"unknown Kotlík policy {name!r}", hint="policies: " + ", ".join(POLICIES))
            pols.append(POLICIES[name]())
        game = self._for_deck(deck) if deck else self
        state = game.new_game(None, rng, log=trace is not None)
        if trace is not None:
            trace.extend(state.log)
            state.log.clear()
            trace.append(state.render())
        run(state, pols, cap=max(max_turns, 400), trace=trace)
        return {"scores": [state.score(0), state.score(1)], "winners": state.winners(), "turns": state.turn}


def run(state: KotlikState, pols: list[Passive], *, cap: int = 400, trace: list[str] | None = None) -> None:
    """Play ``state`` to its end with one policy per seat, calling the rules directly (no Action objects)."""
    from deckkit.games.kotlik.state import EXPLODE, HAT

    take, explode, extra, final = state.take, state.announce_explosion, state.announce_extra_turn, state.final_take
    while True:
        phase = state.phase
        pol = pols[state.active]
        if phase == TAKE:
            cells = state.takeable()
            turn = state.turn
            cell = pol.take(state, cells) if cells else -1
            if trace is not None and cell >= 0:
                trace.extend(state.log)
                state.log.clear()
                trace.append(_why(state, pol, cells, cell))
            take(cell)
        elif phase == EXPLODE:
            turn = state.turn
            explode(pol.explode(state))
        elif phase == HAT:
            turn = state.turn
            extra(pol.extra(state))
        elif phase == FINAL:
            final(pol.keep(state))
        elif phase == OVER:
            break
        else:
            turn = state.turn
            state.move(pol.direction(state))
        if trace is not None and state.log:
            trace.extend(state.log)
            state.log.clear()
            if state.phase == OVER or state.turn != turn:
                trace.append(state.render())
        if state.turn > cap and state.phase != OVER:
            state.phase = FINAL  # safety cap: score the position as it stands
            state.pending = -1
            _score_now(state)
            break


def _why(state: KotlikState, pol: Passive, cells: list[int], cell: int) -> str:
    """One trace line: what the policy took and what each choice was worth to it (KO-800 deltas)."""
    from deckkit.games.kotlik.policies import take_gain

    p = state.active
    names = state.cs.names
    options = ", ".join(f"{names[state.board[c]]} {take_gain(state, p, state.board[c]):+d}" for c in cells)
    return f"  {pol.name} {PLAYER_NAMES[p]} picks {names[state.board[cell]]} (points if taken: {options})"


def _score_now(state: KotlikState) -> None:
    s0, s1 = state.score(0), state.score(1)
    state.phase = OVER
    state.winners_ = [] if s0 == s1 else [0 if s0 > s1 else 1]


EMPTY = {"", "-", "·", "none", "empty"}


def _empty(name: Any) -> bool:
    """TOML has no null: an empty board space is written "-" (or "", "none")."""
    return name is None or (isinstance(name, str) and fold(name) in EMPTY)


class _SetupReader:
    """Builds a state from a script's setup dict, naming the field of any mistake."""

    def __init__(self, game: KotlikGame, setup: dict, rng: random.Random) -> None:
        self.game, self.setup, self.rng = game, setup or {}, rng
        self.cs = game.cardset
        self.placed: dict[int, str] = {}

    def card(self, name: Any, where: str) -> int:
        """The ingredient card called ``name``, placed once only."""
        if not isinstance(name, str):
            raise SetupError(f"{where}: expected a card name, got {name!r}", field=f"{where}")
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
        game, setup = self.game, self.setup
        if not isinstance(setup, dict):
            raise SetupError(f"setup: expected a table", field="setup", hint="[setup] with board, stock, p1, p2 …")
        state = game._state(self.rng)
        known = {"board", "cells", "empty", "stock", "box", "start", "phase", "turn", "p1", "p2"}
        for key in setup:
            if key not in known:
                raise SetupError(f"unknown Kotlík setup key {key!r}", field=str(key),
                                hint="keys: " + ", ".join(sorted(known)))
        players = []
        for p in (0, 1):
            sub = setup.get(f"p{p + 1}", {}) or {}
            if not isinstance(sub, dict):
                raise SetupError(f"p{p + 1}: expected a table (cauldron, stone, recipes), got {sub!r}", field=f"p{p + 1}",
                                hint=f"[setup.p{p + 1}] with cauldron = [...] and stone = 0-19")
            for key in sub:
                if key not in ("cauldron", "stone", "recipes"):
                    raise SetupError(f"unknown key p{p + 1}.{key}", field=f"p{p + 1}.{key}",
                                    hint="per player: cauldron (bottom first), stone (0-19), recipes")
            players.append(sub)
            if "cauldron" in sub:
                state.cauldron[p] = self.names(f"p{p + 1}.cauldron", sub["cauldron"])
            if "stone" in sub:
                stone = sub["stone"]
                if not isinstance(stone, int) or not 0 <= stone < TRACK:
                    raise SetupError(f"p{p + 1}.stone: {stone!r} is not a track space", field=f"p{p + 1}.stone",
                                    hint="track spaces are 0-19, clockwise from beside the top-left corner (KO-205)")
                state.stone[p] = stone
        if state.stone[0] == state.stone[1]:
            raise SetupError(f"both stones stand on P{state.stone[0]} (KO-206)", field="setup",
                            hint="at most one stone per track space (KO-206)")
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
        for p in (0, 1):
            if "cauldron" not in players[p]:
                ko_setup.draw_first_card(state, p)
        self.read_recipes(state, players)
        state._recount()
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
        return state

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


__all__ = ["KotlikGame", "run", "PLAYER_NAMES", "FINAL"]
