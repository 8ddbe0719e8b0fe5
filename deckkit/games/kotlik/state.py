"""One Kotlík game in progress: board, supply deck, box, cauldrons, stones and whose decision it is."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from deckkit.engine.core import TERMINAL, Action, State
from deckkit.engine.effects import EffectContext, dispatch
from deckkit.games.kotlik import effects as _effects  # noqa: F401  (registers the symbol effects)
from deckkit.games.kotlik import legality
from deckkit.games.kotlik.board import (
    CELL_COL,
    CELL_ROW,
    CORNER_CELLS,
    LINE_CELLS,
    SIZE,
    TRACK,
    line_label,
)
from deckkit.games.kotlik.legality import (  # noqa: F401  (the phases, which other modules import from here)
    EXPLODE,
    FINAL,
    HAT,
    MOVE,
    OVER,
    PHASE_NAMES,
    PLAYER_NAMES,
    TAKE,
)
from deckkit.games.kotlik.scoring import set_score

if TYPE_CHECKING:
    from deckkit.games.kotlik.game import KotlikGame

# The symbols' abilities as the effect contract dispatches them (they take no parameters).
SYMBOL_ABILITIES = {name: {"effect": name} for name in ("exploding-cauldron", "hat-and-wand")}


class KotlikState(State):
    """A Kotlík position. Cards are ints (indices into the game's CardSet); -1 is an empty space."""

    game: KotlikGame
    ACTION_KINDS = {
        "take": True, "explode": False, "no explode": False, "extra turn": False, "no extra turn": False,
        "keep last": False, "discard last": False, "move clockwise": False, "move anticlockwise": False,
    }
    SIGNED_COUNTERS = ("score",)  # KO-805: scores may be negative

    def __init__(self, game: KotlikGame, rng: random.Random) -> None:
        super().__init__(game, rng)
        self.cs = game.cardset
        self.board: list[int] = [-1] * (SIZE * SIZE)
        self.stock: list[int] = []  # supply deck, top card LAST (pop() draws)
        self.box: list[int] = []  # out of the game (KO-602, discarded final take)
        self.cauldron: list[list[int]] = [[], []]  # bottom first, top last
        self.stone = [0, 10]  # KO-Q3 engine default: White beside P0, Black beside P10
        self.recipes: list[list[int]] = [[], []]
        self.active = 0
        self.phase = TAKE
        self.extra = False  # the current turn is an extra turn (KO-611)
        self.turn = 0
        self.pending = -1  # card just taken (EXPLODE/HAT/FINAL)
        self.pending_cell = -1
        self.line_count = [0] * 12
        self.cnt = [[0] * len(self.cs.kinds), [0] * len(self.cs.kinds)]
        self.tot = [[0] * len(self.cs.kinds), [0] * len(self.cs.kinds)]
        self.one_cnt = [[0] * len(self.cs.kinds), [0] * len(self.cs.kinds)]  # value-1 cards per ingredient
        self.base = [0, 0]  # sum of set scores (KO-805 – KO-808), kept incrementally
        self.ones = [0, 0]  # value-1 cards counted for the majority (KO-802, KO-Q10 with ones_from)
        self.logging = True
        self.winners_: list[int] = []

    def clone(self) -> KotlikState:
        """An independent copy: board, supply deck, box, cauldrons, score tables and the generator are
        copied (cards are ints); the card set and the game are shared."""
        twin = KotlikState.__new__(KotlikState)
        twin.__dict__.update(self.__dict__)
        twin.board = self.board[:]
        twin.stock = self.stock[:]
        twin.box = self.box[:]
        twin.cauldron = [self.cauldron[0][:], self.cauldron[1][:]]
        twin.stone = self.stone[:]
        twin.recipes = [self.recipes[0][:], self.recipes[1][:]]
        twin.line_count = self.line_count[:]
        twin.cnt = [self.cnt[0][:], self.cnt[1][:]]
        twin.tot = [self.tot[0][:], self.tot[1][:]]
        twin.one_cnt = [self.one_cnt[0][:], self.one_cnt[1][:]]
        twin.base = self.base[:]
        twin.ones = self.ones[:]
        twin.winners_ = self.winners_[:]
        self._share_rng(twin)
        twin._listed = None
        twin.history = self.history[:]
        twin.log = self.log[:]
        return twin

    # -- bookkeeping -------------------------------------------------------------------------------
    def _recount(self) -> None:
        """Rebuild line counts and score tables from the zones (after a setup)."""
        self.line_count = [sum(1 for c in LINE_CELLS[i] if self.board[c] >= 0) for i in range(12)]
        kinds = len(self.cs.kinds)
        self.cnt = [[0] * kinds, [0] * kinds]
        self.tot = [[0] * kinds, [0] * kinds]
        self.one_cnt = [[0] * kinds, [0] * kinds]
        self.base = [0, 0]
        self.ones = [0, 0]
        for p in (0, 1):
            for card in self.cauldron[p]:
                self._count_in(p, card)

    def _count_in(self, p: int, card: int) -> None:
        k = self.cs.ing[card]
        cnt, tot = self.cnt[p], self.tot[p]
        n, t = cnt[k], tot[k]
        v = self.game.value[p][card]
        self.base[p] += set_score(n + 1, t + v) - set_score(n, t)
        cnt[k] = n + 1
        tot[k] = t + v
        o = self.one_cnt[p][k]
        o1 = o + self.game.one[p][card]
        self.one_cnt[p][k] = o1
        counted = self.game.ones_counted
        self.ones[p] += counted[n + 1][o1] - counted[n][o]

    def _count_out(self, p: int, card: int) -> None:
        k = self.cs.ing[card]
        cnt, tot = self.cnt[p], self.tot[p]
        n, t = cnt[k], tot[k]
        v = self.game.value[p][card]
        self.base[p] += set_score(n - 1, t - v) - set_score(n, t)
        cnt[k] = n - 1
        tot[k] = t - v
        o = self.one_cnt[p][k]
        o1 = o - self.game.one[p][card]
        self.one_cnt[p][k] = o1
        counted = self.game.ones_counted
        self.ones[p] += counted[n - 1][o1] - counted[n][o]

    def score(self, p: int) -> int:
        """The player's score if the game ended now (KO-800)."""
        total = self.base[p] + (5 if self.ones[p] > self.ones[1 - p] else 0)  # KO-802, KO-803
        if self.recipes[p]:
            total += self.recipe_bonus(p)  # KO-810
        return total

    def recipe_bonus(self, p: int) -> int:
        """Bonus of p's recipes whose every ingredient is in the cauldron (KO-810, KO-Q11), from the counts."""
        cnt, cs = self.cnt[p], self.cs
        return sum(cs.recipe_bonus[r] for r in self.recipes[p] if all(cnt[k] for k in cs.recipe_needs[r]))

    def ones_gain(self, p: int, card: int) -> int:
        """How many majority cards p gains if ``card`` joins the cauldron (KO-802, KO-Q10 with ones_from)."""
        k = self.cs.ing[card]
        n, o = self.cnt[p][k], self.one_cnt[p][k]
        counted = self.game.ones_counted
        return counted[n + 1][o + self.game.one[p][card]] - counted[n][o]

    def recipe_gain(self, p: int, card: int) -> int:
        """How much p's recipe bonus rises if ``card`` joins the cauldron: only a new ingredient can complete one."""
        k = self.cs.ing[card]
        cnt, cs = self.cnt[p], self.cs
        if cnt[k]:
            return 0
        return sum(cs.recipe_bonus[r] for r in self.recipes[p]
                   if k in cs.recipe_needs[r] and all(cnt[j] or j == k for j in cs.recipe_needs[r]))

    def _say(self, text: str) -> None:
        if self.logging:
            self.log.append(text)

    def line_of(self, p: int) -> int:
        """The line player ``p``'s stone takes from, or -1 beside a corner (KO-501, KO-504, KO-Q2)."""
        return self.game.space_line[self.stone[p]]

    def takeable(self) -> list[int]:
        """Cells holding a card the active player may take now (KO-501)."""
        line = self.game.space_line[self.stone[self.active]]
        if line < 0:
            return []
        board = self.board
        return [c for c in LINE_CELLS[line] if board[c] >= 0]

    def can_explode(self) -> bool:
        """Whether the opponent's cauldron may lose its top card (KO-601, KO-Q7)."""
        return len(self.cauldron[1 - self.active]) >= self.game.explode_min

    # -- the turn ------------------------------------------------------------------------------------
    def start_turn(self) -> None:
        """Begin the active player's turn: count it, then move unless the direction is a choice."""
        self.turn += 1
        if self.game.direction == 0:
            self.phase = MOVE
        else:
            self.move(self.game.direction)

    def move(self, direction: int) -> None:
        """Move the active stone by its top card's number, jumping the other stone (KO-402 – KO-407)."""
        p = self.active
        top = self.cauldron[p]
        steps = self.cs.num[top[-1]] if top else 0  # empty cauldron only under KO-Q7 Reading A
        pos, other = self.stone[p], self.stone[1 - p]
        while steps:
            pos = (pos + direction) % TRACK
            if pos != other:  # KO-405: the occupied space is jumped and not counted
                steps -= 1
        self.stone[p] = pos
        self.phase = TAKE
        if self.logging:
            line = self.game.space_line[pos]
            where = "a corner: takes nothing (KO-504)" if line < 0 else line_label(line)
            turn = "extra turn" if self.extra else "turn"
            self._say(f"{PLAYER_NAMES[p]} {turn} {self.turn}: moves to P{pos}, beside {where}")

    def take(self, cell: int) -> None:
        """Take the card on ``cell`` (or nothing when ``cell`` is -1) and go on to the symbols (KO-501 – KO-507)."""
        p = self.active
        if cell < 0:
            self._say(f"{PLAYER_NAMES[p]} takes nothing")
            self.finish_turn(False)
            return
        board = self.board
        card = board[cell]
        board[cell] = -1
        lc = self.line_count
        row, col = CELL_ROW[cell], CELL_COL[cell]
        lc[row] -= 1
        lc[col] -= 1
        self.pending = card
        self.pending_cell = cell
        if not self.stock:  # KO-704: only then can a line stay empty
            if self.game.end_any_line:
                ended = lc[row] == 0 or lc[col] == 0  # KO-701, KO-Q8
            else:
                ended = lc[self.game.space_line[self.stone[p]]] == 0
            if ended:
                self._say(f"{PLAYER_NAMES[p]} takes {self.cs.names[card]}, the last card of a line: the game ends (KO-701)")
                self.phase = FINAL
                return
        self.cauldron[p].append(card)  # KO-502
        self._count_in(p, card)
        if self.logging:
            self._say(f"{PLAYER_NAMES[p]} takes {self.cs.names[card]}")
        self._after_take(False)

    def _after_take(self, explode_done: bool) -> None:
        """Offer the taken card's announcements in KO-621 order: explosion, then extra turn, else refill."""
        card = self.pending
        if not explode_done and self.cs.explodes[card] and self.can_explode():
            self.phase = EXPLODE  # KO-601, KO-Q7
        elif self.cs.hat[card] and not self.extra:  # KO-611: no extra turn out of an extra turn
            self.phase = HAT
        else:
            if self.extra and self.cs.hat[card] and self.logging:
                self._say(f"{PLAYER_NAMES[self.active]}'s hat and wand gives no extra turn out of an extra turn (KO-611)")
            self.finish_turn(False)

    def announce_explosion(self, announce: bool) -> None:
        """Use the exploding cauldron now or let it lapse (KO-601, KO-620)."""
        if announce:
            dispatch(self, EffectContext(self.active), SYMBOL_ABILITIES["exploding-cauldron"])
        else:
            self._say(f"{PLAYER_NAMES[self.active]} does not announce the exploding cauldron: it lapses (KO-620)")
        self._after_take(explode_done=True)

    def announce_extra_turn(self, announce: bool) -> None:
        """Use the hat and wand now or let it lapse (KO-610, KO-620)."""
        if announce:
            dispatch(self, EffectContext(self.active), SYMBOL_ABILITIES["hat-and-wand"])
        else:
            self._say(f"{PLAYER_NAMES[self.active]} does not announce the extra turn: it lapses (KO-620)")
        self.finish_turn(announce)

    def finish_turn(self, extra: bool) -> None:
        """Refill the emptied space (KO-505, KO-506), then hand over or start the extra turn (KO-613)."""
        cell = self.pending_cell
        if cell >= 0:
            if self.stock:
                card = self.stock.pop()
                self.board[cell] = card
                self.line_count[CELL_ROW[cell]] += 1
                self.line_count[CELL_COL[cell]] += 1
                if self.logging:
                    self._say(f"refill r{cell // SIZE + 1}c{cell % SIZE + 1} with {self.cs.names[card]}")
            self.pending_cell = -1
        self.pending = -1
        if extra:
            self.extra = True
        else:
            self.extra = False
            self.active = 1 - self.active
        self.turn += 1
        direction = self.game.direction
        if direction == 0:
            self.phase = MOVE
        else:
            self.move(direction)

    def final_take(self, keep: bool) -> None:
        """Keep the last card or put it in the box; its symbols lapse; score the game (KO-702, KO-703)."""
        p, card = self.active, self.pending
        if keep:
            self.cauldron[p].append(card)
            self._count_in(p, card)
        else:
            self.box.append(card)
        self._say(f"{PLAYER_NAMES[p]} {'keeps' if keep else 'discards'} {self.cs.names[card]}")
        self.pending = -1
        self.pending_cell = -1
        self.phase = OVER
        s0, s1 = self.score(0), self.score(1)
        if s0 != s1:
            self.winners_ = [0 if s0 > s1 else 1]
        elif self.game.tie == "most-ones" and self.ones[0] != self.ones[1]:
            self.winners_ = [0 if self.ones[0] > self.ones[1] else 1]
        else:
            self.winners_ = []  # KO-Q12: a draw
        self._say(f"game over: White {s0}, Black {s1}")

    # -- engine hooks --------------------------------------------------------------------------------
    def card_count(self) -> int:
        """Ingredient cards on the board, in the stock, the box, both cauldrons and in hand (the final take)."""
        held = 1 if self.phase == FINAL and self.pending >= 0 else 0
        return (sum(1 for c in self.board if c >= 0) + len(self.stock) + len(self.box)
                + len(self.cauldron[0]) + len(self.cauldron[1]) + held)

    def pending_choice(self) -> str | None:
        """The announcement or final-card decision still open (the script runner checks it), or None."""
        if self.phase == EXPLODE:
            return f"{PLAYER_NAMES[self.active]} must announce the exploding cauldron or not (explode / no explode)"
        if self.phase == HAT:
            return f"{PLAYER_NAMES[self.active]} must announce the extra turn or not (extra turn / no extra turn)"
        if self.phase == FINAL:
            return f"{PLAYER_NAMES[self.active]} must keep or discard the last card (keep last / discard last)"
        return None

    def current_player(self) -> int:
        """Whose decision it is, or TERMINAL."""
        return TERMINAL if self.phase == OVER else self.active

    def legal_actions(self) -> list[Action]:
        """Every legal action of the deciding player: the open decision (legality.DECISIONS)."""
        return legality.legal_actions(self)

    def _apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "take":
            cell = -1
            if action.args[0] != "nothing":
                name = action.args[0]
                cell = next(c for c in self.takeable() if self.cs.names[self.board[c]] == name)
            self.take(cell)
        elif kind == "explode" or kind == "no explode":
            self.announce_explosion(kind == "explode")
        elif kind == "extra turn" or kind == "no extra turn":
            self.announce_extra_turn(kind == "extra turn")
        elif kind == "keep last" or kind == "discard last":
            self.final_take(kind == "keep last")
        elif kind == "move clockwise" or kind == "move anticlockwise":
            self.move(1 if kind == "move clockwise" else -1)
        else:  # pragma: no cover - legal_actions never yields another kind
            raise ValueError(kind)

    def explain_out_of_turn(self, player: int, action: str) -> tuple[str, str | None]:
        """KO-401: players take turns alternately; a symbol claimed after the turn passed cites the
        rule that closed it (legality.out_of_turn)."""
        return legality.out_of_turn(self, player, action)

    def end_rule(self) -> str | None:
        """KO-701: the game ends when a take empties a row or column."""
        return "KO-701" if self.phase == OVER else None

    def explain_illegal(self, action: Action | str) -> tuple[str, str | None]:
        """Why an action is not legal now, citing the rule that keeps its decision closed (legality.refusal)."""
        text = str(action).strip()
        return legality.refusal(self, text) or (f"{text!r} is not legal now", None)

    def winners(self) -> list[int]:
        """The winner of a finished game by score, or empty for a draw (KO-108, KO-Q12)."""
        return list(self.winners_)

    def returns(self) -> list[float]:
        """Final scores of both players."""
        return [float(self.score(0)), float(self.score(1))]

    def snapshot(self) -> dict:
        """Board, supply deck (top first), box, and per player cauldron, stone, score, recipes."""
        names, corners = self.cs.names, self.game.corner_names
        board = []
        for r in range(SIZE):
            row: list[str | None] = []
            for c in range(SIZE):
                cell = r * SIZE + c
                if cell in CORNER_CELLS:
                    row.append(corners[cell])
                else:
                    card = self.board[cell]
                    row.append(names[card] if card >= 0 else None)
            board.append(row)
        result = None
        if self.phase == OVER:
            result = "draw" if not self.winners_ else f"p{self.winners_[0] + 1}"
        snap = {
            "turn": self.turn,
            "active": f"p{self.active + 1}",
            "phase": PHASE_NAMES[self.phase],
            "result": result,
            "extra_turn": self.extra,
            "board": board,
            "stock": [names[c] for c in reversed(self.stock)],
            "box": [names[c] for c in self.box],
            "pending": names[self.pending] if self.pending >= 0 else None,
        }
        for p in (0, 1):
            snap[f"p{p + 1}"] = {
                "colour": ("white", "black")[p],
                "cauldron": [names[c] for c in self.cauldron[p]],
                "top": names[self.cauldron[p][-1]] if self.cauldron[p] else None,
                "stone": self.stone[p],
                "score": self.score(p),
                "ones": self.ones[p],
                "recipes": [self.cs.recipes[r]["name"] for r in self.recipes[p]],
            }
        return snap

    def render(self) -> str:
        """The board as a 6×6 grid with stones on the track, then both cauldrons."""
        from deckkit.games.kotlik.render import render_state

        return render_state(self)
