"""Álomfogó zones and card states: players, cards on the table, the duel record, a spell awaiting an answer."""

from __future__ import annotations

import random
from collections.abc import Callable

from deckkit.engine.core import Action
from deckkit.games.alomfogo.cards import CardDef

CopyPerm = Callable[["Perm"], "Perm"]  # the clone's copy of a card on the table (one per original)

ACTIVE, RESTING, DAMAGED = 0, 1, 2  # AF-410; angles are not modelled (AF-Q4)
STATE_NAMES = ("active", "resting", "damaged")

# Phases of the state machine (the ``phase`` of the snapshot).
DRAW = "phase2"  # waiting for the required draw of phase 2 (AF-512)
PLAY = "phase3"
CREATURE_DRAW = "creature-draw"  # the optional draw after a dream creature (AF-333)
DUELS = "phase4"
DEFEND = "defend"
HELPER = "helper"
ASSIST = "assist"
COUNTER = "counter"
OVER = "over"
SETUP = "setup"  # before the first turn: the players decide who starts (AF-504)
DECIDE = "decide"  # an ability being carried out waits for a player's decision (a target, yes or no)


def _shuffle_in_place(cards: list, rng: random.Random) -> None:
    # random.Random.shuffle's own steps (Fisher-Yates, each index drawn by getrandbits with rejection)
    # without its Python call per card: a goldfish game's deal costs half as much.
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _same_as_stock() -> bool:
    """Whether :func:`_shuffle_in_place` gives this Python's ``random.Random.shuffle`` order (checked once)."""
    mine, stock = list(range(100)), list(range(100))
    _shuffle_in_place(mine, random.Random(20261206))
    random.Random(20261206).shuffle(stock)
    return mine == stock


_FAST_SHUFFLE = _same_as_stock()


def shuffle(cards: list, rng: random.Random) -> None:
    """``rng.shuffle(cards)``: the same order from the same generator, faster for a plain generator."""
    if _FAST_SHUFFLE and type(rng) is random.Random:
        _shuffle_in_place(cards, rng)
    else:
        rng.shuffle(cards)


#: Actions are values: each ``(player, kind, args)`` is made once and shared by every list that names it
#: (a search lists the same actions again and again; a dictionary look-up costs less than a new one).
MADE: dict[tuple, Action] = {}


def made(key: tuple) -> Action:
    """The action ``(player, kind, args)`` of ``key``, made the first time it is asked for (:data:`MADE`)."""
    action = MADE[key] = Action(*key)
    return action


class Perm:
    """A card on the table with its state (active, resting, damaged)."""

    __slots__ = ("card", "state", "used", "mods", "owner", "back", "limits")

    def __init__(self, card: CardDef, state: int = ACTIVE) -> None:
        self.card = card
        self.state = state
        self.used = 0  # turn number in which a free-dreamwalker event was last used
        self.owner: int | None = None  # its owner when another player controls it (None: the controller owns it)
        self.back = 0  # the game turn at whose end control goes back to the owner (0: it stays)
        # Uses of abilities limited each turn: (index of the ability on the card, game turn, uses that turn).
        self.limits: tuple[tuple[int, int, int], ...] = ()
        # Power changes with a duration: (attack, defense, "turn" | "next-turn" | "permanent", value) —
        # value is the game turn ("turn") or the owner's turn count ("next-turn") they hold in.
        self.mods: tuple[tuple[int, int, str, int], ...] = ()

    def __repr__(self) -> str:
        return f"Perm({self.card.name!r}, {STATE_NAMES[self.state]})"


class Player:
    """One apprentice: counters and zones; ``library`` keeps its top card LAST (cheap draws)."""

    __slots__ = ("library", "hand", "table", "cage", "vp", "glory", "alive", "turns", "source_played",
                 "cycled", "passive", "marks", "played")

    def __init__(self, glory: int) -> None:
        self.library: list[CardDef] = []
        self.hand: list[CardDef] = []
        self.table: list[Perm] = []
        self.cage: list[CardDef] = []
        self.vp = 0
        self.glory = glory
        self.alive = True
        self.turns = 0
        self.source_played = False  # AF-610
        self.cycled = False  # AF-612
        self.passive = False  # goldfish opponent: takes no turns, never defends
        self.marks: list[int] | None = None  # goldfish: library size at the start of each own turn
        self.played: list[CardDef] = []  # cards played this turn, in order ("the first instant you play each turn")

    def copy(self, perm: CopyPerm) -> Player:
        """A copy for a cloned state: zones are new lists (cards shared), table cards copied by ``perm``."""
        twin = Player.__new__(Player)
        twin.library, twin.hand, twin.cage = self.library[:], self.hand[:], self.cage[:]
        twin.table = [perm(p) for p in self.table]
        twin.vp, twin.glory, twin.alive, twin.turns = self.vp, self.glory, self.alive, self.turns
        twin.source_played, twin.cycled, twin.passive = self.source_played, self.cycled, self.passive
        twin.marks = None if self.marks is None else self.marks[:]
        twin.played = self.played[:]
        return twin


class Duel:
    """The duel being fought: duelists, helpers, assist modifiers, whose assist turn it is."""

    __slots__ = ("players", "duelists", "helpers", "bonus", "to_act", "passes", "helper_side", "mods", "assists",
                 "last_instant", "silenced", "winner")

    def __init__(self, attacker: int, att: Perm, defender: int, dfn: Perm) -> None:
        self.players = (attacker, defender)
        self.duelists = (att, dfn)
        self.helpers: list[Perm | None] = [None, None]
        self.bonus = [0, 0]
        self.to_act = 0  # AF-731: the attacker assists first
        self.passes = 0  # consecutive passes; two end the exchange (AF-741)
        self.helper_side = 0  # AF-721/722: the attacker designates first
        # Each magic-power change of an assist: [assist number, its side, "helper" | "instant" | …,
        # the side it changes, amount, still in force] — a negation withdraws some (AF-D10, AF-D15).
        self.mods: list[list] = []
        self.assists = 0
        self.last_instant = [0, 0]  # the number of each side's latest instant assist
        self.silenced = [False, False]  # the side's helper ability has no effect in this duel
        self.winner: int | None = None  # the side that won (0 attacker, 1 defender), once the duel is over

    def result(self, perm: object) -> str | None:
        """``won``, ``lost`` or ``tied`` for a duelist of a duel that is over (None for any other card)."""
        if perm is not self.duelists[0] and perm is not self.duelists[1]:
            return None
        if self.winner is None:
            return "tied"
        return "won" if perm is self.duelists[self.winner] else "lost"

    def copy(self, perm: CopyPerm) -> Duel:
        """A copy for a cloned state, its cards in play mapped by ``perm``."""
        twin = Duel.__new__(Duel)
        twin.players = self.players
        twin.duelists = (perm(self.duelists[0]), perm(self.duelists[1]))
        twin.helpers = [None if h is None else perm(h) for h in self.helpers]
        twin.bonus = self.bonus[:]
        twin.to_act, twin.passes, twin.helper_side = self.to_act, self.passes, self.helper_side
        twin.mods = [m[:] for m in self.mods]
        twin.assists, twin.last_instant, twin.silenced = self.assists, self.last_instant[:], self.silenced[:]
        twin.winner = self.winner
        return twin


class Pending:
    """A spell that was paid for and may be countered before it takes effect (AF-371)."""

    __slots__ = ("caster", "card", "side", "reactors", "resume", "choice")

    def __init__(self, caster: int, card: CardDef, side: int | None, reactors: list[int], resume: str,
                 choice: Choice | None = None) -> None:
        self.choice = choice
        self.caster = caster
        self.card = card
        self.side = side
        self.reactors = reactors
        self.resume = resume

    def copy(self, perm: CopyPerm) -> Pending:
        """A copy for a cloned state, chosen cards in play mapped by ``perm``."""
        choice = self.choice.copy(perm) if self.choice is not None else None
        return Pending(self.caster, self.card, self.side, self.reactors[:], self.resume, choice)


class Choice:
    """What a played card or ability was told: its mode (index), the chosen targets of its steps in
    order (``(owner, Perm or CardDef)``), the opponent it names (AF-913) and an order (top first);
    ``args`` are the action's words after the card name."""

    __slots__ = ("args", "mode", "targets", "opponent", "order")

    def __init__(self, args: tuple[str, ...] = (), mode: int = 0, targets: tuple = (), opponent: int | None = None,
                 order: tuple[str, ...] = ()) -> None:
        self.args = args
        self.mode = mode
        self.targets = targets
        self.opponent = opponent
        self.order = order

    def copy(self, perm: CopyPerm) -> Choice:
        """A copy for a cloned state, chosen cards in play mapped by ``perm``."""
        targets = tuple((o, perm(t) if isinstance(t, Perm) else t) for o, t in self.targets)
        return Choice(self.args, self.mode, targets, self.opponent, self.order)


NO_CHOICE = Choice()
