"""Goldfish policies for Kotlík: greedy (best immediate score), random and passive (first legal card).

Policies decide on the state's internal tables (ints), so a greedy turn costs a few additions per
candidate card; :func:`as_action_policy` wraps one into the engine's ``(state, rng) -> Action`` form.
A policy object draws from its own generator :attr:`Passive.rng` (the players' generator, never the
game's chance generator that deals and refills).
"""

from __future__ import annotations

import random

from deckkit.engine.core import Action
from deckkit.games.kotlik.state import EXPLODE, FINAL, HAT, MOVE, TAKE, KotlikState
from deckkit.games.kotlik.board import TRACK


def take_gain(s: KotlikState, p: int, card: int) -> int:
    """How much ``p``'s own score rises if ``card`` goes into p's cauldron (incremental KO-800)."""
    return best_take(s, p, (card,))[1]


def best_take(s: KotlikState, p: int, cards) -> tuple[int, int]:
    """The first of ``cards`` whose taking raises ``p``'s own score most (incremental KO-800), as
    (its position in ``cards``, the rise); the tables are looked up once for all of them."""
    ing, cnt, tot, value = s.cs.ing, s.cnt[p], s.tot[p], s.game.value[p]
    ones, theirs, ones_gain, recipes = s.ones[p], s.ones[1 - p], s.ones_gain, s.recipes[p]
    best, best_d = 0, None
    for i, card in enumerate(cards):
        k = ing[card]
        n = cnt[k]
        # set_score(n+1, t+v) - set_score(n, t) for n = 0, 1, 2, 3 (KO-805 – KO-808)
        if n == 0:
            d = -value[card]
        elif n == 1:
            d = tot[k]
        elif n == 2:
            d = tot[k] + value[card]
        else:
            d = value[card] + 5
        gained = ones_gain(p, card)  # KO-Q10: with ones_from=sets a third card can bring earlier 1s in
        if gained and ones <= theirs < ones + gained:
            d += 5  # this card wins the value-1 majority (KO-802)
        if recipes:
            d += s.recipe_gain(p, card)
        if best_d is None or d > best_d:
            best, best_d = i, d
    return best, best_d if best_d is not None else 0


class Passive:
    """Takes the first legal card, announces nothing, keeps the last card, moves clockwise."""

    name = "passive"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def take(self, s: KotlikState, cells: list[int]) -> int:
        return cells[0]

    def explode(self, s: KotlikState) -> bool:
        return False

    def extra(self, s: KotlikState) -> bool:
        return False

    def keep(self, s: KotlikState) -> bool:
        return True

    def direction(self, s: KotlikState) -> int:
        return 1


class RandomPolicy(Passive):
    """Uniform choice among the legal options, drawn from the policy's own generator :attr:`rng`."""

    name = "random"
    rng: random.Random

    def take(self, s: KotlikState, cells: list[int]) -> int:
        return cells[self.rng.randrange(len(cells))]

    def explode(self, s: KotlikState) -> bool:
        return self.rng.random() < 0.5

    def extra(self, s: KotlikState) -> bool:
        return self.rng.random() < 0.5

    def keep(self, s: KotlikState) -> bool:
        return self.rng.random() < 0.5

    def direction(self, s: KotlikState) -> int:
        return 1 if self.rng.random() < 0.5 else -1


class Greedy(Passive):
    """Takes the card that raises its own score most; explodes when that costs the opponent points."""

    name = "greedy"

    def take(self, s: KotlikState, cells: list[int]) -> int:
        board = s.board
        return cells[best_take(s, s.active, [board[c] for c in cells])[0]]  # the first best card on a tie

    def explode(self, s: KotlikState) -> bool:
        p, o = s.active, 1 - s.active
        before = s.score(p) - s.score(o)
        card = s.cauldron[o][-1]
        s._count_out(o, card)
        s.cauldron[o].pop()
        after = s.score(p) - s.score(o)
        s.cauldron[o].append(card)
        s._count_in(o, card)
        return after > before

    def extra(self, s: KotlikState) -> bool:
        return True  # another card is worth more than none: the greedy take can always decline a bad one

    def keep(self, s: KotlikState) -> bool:
        p, o = s.active, 1 - s.active
        gain = take_gain(s, p, s.pending)
        if s.ones[p] < s.ones[o] <= s.ones[p] + s.ones_gain(p, s.pending):
            gain += 5  # the opponent loses the majority too
        return gain > 0

    def direction(self, s: KotlikState) -> int:
        best_dir, best = 1, None
        for d in (1, -1):
            pos = _destination(s, d)
            line = s.game.space_line[pos]
            value = -1000 if line < 0 else 0
            if line >= 0:
                cards = [s.board[c] for c in s.game.line_cells[line] if s.board[c] >= 0]
                value = best_take(s, s.active, cards)[1] if cards else -1000
            if best is None or value > best:
                best_dir, best = d, value
        return best_dir


def _destination(s: KotlikState, direction: int) -> int:
    """Where the active stone would stop moving in ``direction`` (KO-402, KO-405)."""
    p = s.active
    top = s.cauldron[p]
    steps = s.cs.num[top[-1]] if top else 0
    pos, other = s.stone[p], s.stone[1 - p]
    while steps:
        pos = (pos + direction) % TRACK
        if pos != other:
            steps -= 1
    return pos


POLICIES: dict[str, type[Passive]] = {"greedy": Greedy, "random": RandomPolicy, "passive": Passive}


def decide(policy: Passive, s: KotlikState) -> Action:
    """The Action ``policy`` chooses in ``s``."""
    p, phase = s.active, s.phase
    if phase == TAKE:
        cells = s.takeable()
        if not cells:
            return Action(p, "take", ("nothing",))
        return Action(p, "take", (s.cs.names[s.board[policy.take(s, cells)]],))
    if phase == EXPLODE:
        return Action(p, "explode" if policy.explode(s) else "no explode")
    if phase == HAT:
        return Action(p, "extra turn" if policy.extra(s) else "no extra turn")
    if phase == FINAL:
        return Action(p, "keep last" if policy.keep(s) else "discard last")
    if phase == MOVE:
        return Action(p, "move clockwise" if policy.direction(s) == 1 else "move anticlockwise")
    raise ValueError("the game is over")


class ActionPolicy:
    """A policy object in the engine's ``(state, rng) -> Action`` form; :attr:`pilot` is the object itself,
    which the goldfish loop asks directly (no Action objects) and which draws from ``rng``."""

    __slots__ = ("pilot",)

    def __init__(self, cls: type[Passive]) -> None:
        self.pilot = cls()

    def __call__(self, state: KotlikState, rng: random.Random) -> Action:
        self.pilot.rng = rng
        return decide(self.pilot, state)


def as_action_policy(cls: type[Passive]) -> ActionPolicy:
    """Wrap a policy class into the engine's ``(state, rng) -> Action`` form (``rng``: the players' generator)."""
    return ActionPolicy(cls)
