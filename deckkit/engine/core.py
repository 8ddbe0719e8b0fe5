"""The engine core shared by all games.

A :class:`Game` is a rules variant plus an immutable card pool; a :class:`State` is one game in
progress. Game packages (``deckkit.games.<name>``) subclass both and fill in the hooks; nothing in
this module knows any game's rules.
"""

from __future__ import annotations

import copy
import difflib
import random
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar
from collections.abc import Callable, Iterable

from deckkit.engine.gamelog import Private
from deckkit.engine.players import policy_rng_of
from deckkit.engine.results import ScoreRecord, WinRecord

if TYPE_CHECKING:
    from deckkit.engine.loop import Goldfish
from deckkit.errors import DataError, IllegalAction, UsageError
from deckkit.text import fold

TERMINAL = -1  # current_player() of a finished game


class SetupError(DataError):
    """A ``from_setup`` dict that cannot be set up; ``field`` is the dotted key (``p1.hand[2]``), ``rule``
    the rule number that forbids the position when one does (a deck under the minimum, a lost game)."""

    def __init__(self, message: str, *, field: str | None = None, hint: str | None = None,
                 rule: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.field = field
        self.rule = rule


def shuffled(items: Iterable, rng: random.Random) -> list:
    """A shuffled copy of ``items``: the one shuffle of every game engine (same seed, same order).

    It is ``rng.shuffle`` on a copy, exactly what the hand tools do to a deck, so a game and
    ``deckkit hand`` dealt from generators with the same seed see the same library.
    """
    out = list(items)
    rng.shuffle(out)
    return out


def chance(rng: random.Random, event: str, outcomes: list, aliases: dict[str, Any] | None = None) -> Any:
    """One outcome of a named random event, drawn as ``rng.choice(outcomes)`` would draw it.

    A generator with a ``chance`` method (a script's, :mod:`deckkit.scripts.chance`) records the
    event and may fix its outcome; ``aliases`` name outcomes for scripts (``{"top": 0}``).
    """
    hook = getattr(rng, "chance", None)
    if hook is not None:
        return hook(event, outcomes, aliases)
    return outcomes[rng.randrange(len(outcomes))]


class Action(NamedTuple):
    """One decision: ``kind`` plus readable ``args``; ``str(action)`` is its canonical form.

    The canonical string is ``kind`` followed by the args separated by single spaces, e.g.
    ``play Éjlépő Kajtár`` or ``attack Glum#2``. Scripts, logs and error messages use it; a game
    chooses args so that the string is unambiguous among the legal actions of a state. Actions are
    immutable values (a named tuple: a search builds hundreds of thousands of them).
    """

    player: int
    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind, *self.args)) if self.args else self.kind


@dataclass(frozen=True)
class Setting:
    """A named rules setting (an open-question choice or an official variant) with its default."""

    name: str
    default: Any
    help: str
    rule: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None  # a number setting's valid range (inclusive)
    maximum: int | None = None

    def coerce(self, value: Any) -> Any:
        """Convert a command-line string to the setting's type and check it against ``choices``."""
        if isinstance(value, str) and not isinstance(self.default, str):
            text = value.strip().lower()
            try:
                if isinstance(self.default, bool):
                    if text not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                        raise ValueError(text)
                    value = text in ("true", "yes", "1", "on")
                elif isinstance(self.default, int):
                    value = int(text)
                elif isinstance(self.default, float):
                    value = float(text)
            except ValueError:
                kind = ("true or false" if isinstance(self.default, bool) else
                        "a whole number" if isinstance(self.default, int) else "a number")
                example = str(self.default).lower() if isinstance(self.default, bool) else repr(self.default)
                raise UsageError(f"setting {self.name}: {value!r} is not {kind}",
                                 hint=f"e.g. {self.name} = {example} (the default); {self.help}") from None
        if isinstance(value, (int, float)) and not isinstance(value, bool) and (
                (self.minimum is not None and value < self.minimum)
                or (self.maximum is not None and value > self.maximum)):
            shown = value if abs(value) < 10**12 else f"{value:.3g}"
            raise UsageError(f"setting {self.name}: {shown} is out of range ({self.minimum} to {self.maximum})",
                             hint=f"e.g. {self.name} = {self.default!r} (the default); {self.help}")
        if self.choices is not None and value not in self.choices:
            raise UsageError(
                f"setting {self.name}: {value!r} is not one of {', '.join(map(str, self.choices))}",
                hint=self.help,
            )
        return value


#: The state class of a game; ``Game[S]`` lets a game's policies take its own states.
S = TypeVar("S", bound="State")

#: A policy (a pilot of one seat): ``policy(state, rng)`` is one of the state's legal actions for the
#: player to act. ``rng`` is the players' own generator; chance (shuffles, draws, refills) keeps the
#: state's :attr:`State.rng`, so what a random player picks never shifts a later shuffle.
Policy = Callable[[S, random.Random], Action]


class Game(ABC, Generic[S]):
    """Rules of one game with chosen settings, over an immutable card pool (card dicts by id)."""

    name: ClassVar[str]
    SETTINGS: ClassVar[tuple[Setting, ...]] = ()

    def __init__(self, cards: Iterable[dict] = (), **settings: Any) -> None:
        self.cards: dict[str, dict] = {c["id"]: c for c in cards}
        from deckkit.engine.registry import find

        spec = find(self.name)
        if spec is not None:  # every ability is compiled when its card enters a game
            spec.compile_cards(self.cards.values())
        known = {s.name: s for s in self.SETTINGS}
        self.settings: dict[str, Any] = {s.name: s.default for s in self.SETTINGS}
        for key, value in settings.items():
            key = key.replace("-", "_")
            if key not in known:
                close = difflib.get_close_matches(key, list(known), n=1)
                raise UsageError(
                    f"unknown setting {key!r} for {self.name}",
                    hint=(f"did you mean {close[0]}? " if close else "")
                    + "settings are " + (", ".join(sorted(known)) or "none"),
                )
            self.settings[key] = known[key].coerce(value)

    @abstractmethod
    def new_game(self, decks: list[list[dict]], rng: random.Random, **options: Any) -> State:
        """A fresh game: shuffle each player's deck (list of card dicts) with ``rng`` and set up.

        Every game takes the option ``log`` (default True): the state's :attr:`State.logging`, the one
        switch of the readable log, set before the set-up so that its lines follow it too.
        """

    @abstractmethod
    def from_setup(self, setup: dict, rng: random.Random) -> State:
        """A game in an explicit position (scripted tests): zones, counters and who is to act."""

    def policies(self) -> dict[str, Policy[S]]:
        """Named policies for goldfish games: ``policy(state, rng)`` is one of the state's legal actions."""
        return {}

    def play_goldfish(
        self,
        deck: list[dict],
        rng: random.Random,
        *,
        policy: str | Policy[S] = "greedy",
        opponent: str | Policy[S] = "passive",
        keep: Callable[[list[dict]], bool] | None = None,
        trace: list[str] | None = None,
        max_turns: int = 60,
        policy_rng: random.Random | None = None,
        **options: Any,
    ) -> WinRecord | ScoreRecord:
        """Play one goldfish game of ``deck`` (player 0) and return its outcome record.

        The game is played by the one loop of every game (:func:`deckkit.engine.loop.play`) from what
        :meth:`goldfish` sets up. ``policy`` and ``opponent`` are policy names (:meth:`policies`) or
        policies. ``rng`` is the chance generator (shuffles, draws); ``policy_rng`` the players' own
        (:func:`deckkit.sim.seeding.policy_rng`; by default one derived from ``rng`` without drawing
        from it). ``keep`` decides mulligans on the opening hand (list of card dicts) under the game's
        opening procedure; ``trace``, when given, switches the readable log on and receives its lines.
        The record is a :class:`~deckkit.engine.results.WinRecord` or, for a scoring game, a
        :class:`~deckkit.engine.results.ScoreRecord` (the spec's ``records`` says which). ``options``
        are the game's own (see its :meth:`goldfish`). A game the loop's action cap stopped says so in
        the record's ``capped`` and as the trace's last line.
        """
        run = self.goldfish(deck, rng, policy=policy, opponent=opponent, keep=keep, trace=trace,
                            max_turns=max_turns, **options)
        record = run.play(policy_rng if policy_rng is not None else policy_rng_of(rng))
        if trace is not None and record.capped:
            trace.append(record.capped)
        return record

    def goldfish(self, deck: list[dict], rng: random.Random, *args: Any, **options: Any) -> Goldfish:
        """The game's part of a goldfish game: its opening procedure, the seats and what it records.

        Called with the keyword arguments of :meth:`play_goldfish` but the players' generator
        (``policy``, ``opponent``, ``keep``, ``trace``, ``max_turns`` and the game's own options);
        returns a :class:`deckkit.engine.loop.Goldfish` for the one loop to play. A game without
        goldfish games keeps this default.
        """
        raise NotImplementedError(f"{self.name} has no goldfish games yet")


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as ``rng`` (a clone's chance goes on alike)."""
    twin = type(rng).__new__(type(rng))  # no seeding from the system: the state is set at once
    twin.setstate(rng.getstate())
    return twin


class State(ABC):
    """One game in progress. Mutable; :meth:`clone` for search; all randomness from ``rng``.

    Two states are equal (``==``) when they hold the same position of the same game object: every
    attribute but :attr:`NOT_COMPARED` (the action history and the readable log, which say how the
    position was reached) compared structurally, including the chance generator's state.
    """

    #: Attributes that are not part of the position: how it was reached, and derived caches.
    NOT_COMPARED: ClassVar[frozenset[str]] = frozenset({"history", "log", "_rng_shared", "_listed", "logging"})

    # Set through the :attr:`rng` property (and shared by :meth:`_share_rng`).
    _rng: random.Random
    _rng_shared: bool

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.history: list[Action] = []
        self.log: list[str] = []  # readable events (draws, shuffles, combat results) for --trace
        #: Whether readable lines go to :attr:`log` (the one switch of every game; a search turns it off).
        self.logging = True
        self._listed: list[Action] | None = None  # the legal actions of this position, once listed

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game's legal_actions() is wrapped so that apply() can check an action against the list
        # just made for this position instead of making it again (half the work of a checked step).
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("legal_actions")
        if own is not None and not getattr(own, "_remembers", False):
            def legal_actions(self: State, _own: Callable[[State], list[Action]] = own) -> list[Action]:
                listed = self._listed = _own(self)
                return listed

            legal_actions.__doc__ = own.__doc__
            legal_actions._remembers = True  # type: ignore[attr-defined]
            cls.legal_actions = legal_actions  # type: ignore[method-assign]

    def say(self, line: str) -> None:
        """Add a readable line to the log when :attr:`logging` is on."""
        if self.logging:
            self.log.append(line)

    def tell(self, seat: int, line: str, public: str) -> None:
        """Add a line only ``seat`` may read (``public``: what the other seats read instead) when :attr:`logging`
        is on (:mod:`deckkit.engine.gamelog`). A call site whose words cost something to make checks
        :attr:`logging` first."""
        if self.logging:
            self.log.append(Private(line, seat, public))

    # The chance generator is copied on first use after a clone, not by the clone itself: copying a
    # Mersenne Twister costs more than the rest of a clone, and most clones in a search never shuffle.
    @property
    def rng(self) -> random.Random:
        """The chance generator (shuffles, draws, refills); a clone's generator continues alike."""
        if self._rng_shared:
            self._rng = copy_rng(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def _share_rng(self, twin: State) -> None:
        """Give ``twin`` this state's generator until one of them draws from it (then it is copied)."""
        twin._rng = self._rng
        twin._rng_shared = self._rng_shared = True

    # -- hooks every game fills in -------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """Whose decision it is, or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the deciding player, in a stable order."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning players of a finished game (empty for a draw)."""

    @abstractmethod
    def snapshot(self) -> dict:
        """Observable state as plain data: counters, zones (card names), card states, result.

        Script expectations address it with dotted paths (``p1.life``, ``p2.table``), and the
        invariant tests use it to check that cards are conserved.
        """

    def explain_illegal(self, action: Action | str) -> tuple[str, str | None]:
        """Why an action is not legal now: ``(message, rule number or None)``. Games refine it."""
        return (f"{action} is not legal now", None)

    #: Every action kind of the game, mapped to whether a card name follows it (``play X``) or
    #: not (``pass``); the default :meth:`malformed` checks action strings against it.
    ACTION_KINDS: ClassVar[dict[str, bool]] = {}
    #: Words that join further arguments to a card argument (``play X with Y``, ``play X on p2``).
    ACTION_JOINERS: ClassVar[tuple[str, ...]] = ("with", "on")

    def malformed(self, action: str) -> str | None:
        """Why an action string can never be legal in this game (unknown kind or card), or None.

        Scripts use it so that a misspelt ``illegal`` entry is an error, not a vacuous pass. The
        default checks the kind against :attr:`ACTION_KINDS` and a card argument against the
        game's card pool (ignoring ``#2`` suffixes and ``on p2`` targets); games may refine it.
        """
        kinds = self.ACTION_KINDS
        if not kinds:
            return None
        text = fold(action)
        kind = next((k for k in sorted(kinds, key=len, reverse=True) if text == k or text.startswith(k + " ")), None)
        if kind is None:
            close = difflib.get_close_matches(text.split(" ", 1)[0], list(kinds), n=1, cutoff=0.5)
            fix = f"; did you mean {close[0]!r}?" if close else ""
            return f"unknown action {action.strip()!r} (actions begin with {', '.join(kinds)}){fix}"
        rest = text[len(kind):].strip()
        player = re.compile(r"p\d+")
        if not kinds[kind]:
            return None if not rest or player.fullmatch(rest) else f"{kind!r} takes no card after it"
        names = {fold(c["name"]): c["name"] for c in self.game.cards.values()}
        # Arguments: a card, then optional "with CARD" / "on CARD-OR-PLAYER" parts; "#2" tells copies apart.
        joiners = re.compile(r"\s+(?:" + "|".join(self.ACTION_JOINERS) + r")\s+", flags=re.I)
        shown_parts = joiners.split(" ".join(action.split()[len(kind.split()):]))
        for part, shown in zip(joiners.split(rest), shown_parts):
            part = re.sub(r"#\d+$", "", part).strip()
            if not part or part == "nothing" or part in names or player.fullmatch(part):
                continue
            close = difflib.get_close_matches(part, list(names), n=1, cutoff=0.6)
            fix = f"; did you mean {names[close[0]]}?" if close else ""
            from deckkit.engine.registry import spec

            return f"no {spec(self.game.name).title} card is called {re.sub(r'#[0-9]+$', '', shown).strip()!r}{fix}"
        return None

    def render(self) -> str:
        """A readable picture of the state for people (traces, failing scripts)."""
        return repr(self.snapshot())

    def explain_out_of_turn(self, player: int, action: str) -> tuple[str, str | None]:
        """Why ``player`` may not take ``action`` now, while another player holds the decision."""
        return (f"p{self.current_player() + 1} is to act, not p{player + 1}", None)

    def end_rule(self) -> str | None:
        """The rule by which a finished game ended (refusals of actions after the end cite it)."""
        return None

    def card_count(self) -> int | None:
        """Cards in all zones, for the conservation invariant; None when a game does not track it."""
        return None

    def pending_choice(self) -> str | None:
        """A decision that must be made before the position is settled (scripts fail on it), or None."""
        return None

    # -- provided --------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def apply(self, action: Action | str) -> Action:
        """Apply a legal action given as an Action or its string; IllegalAction otherwise."""
        if self.is_terminal():
            rule = self.end_rule()
            raise IllegalAction(f"{action}: the game is over" + (f" ({rule})" if rule else ""), [], rule=rule)
        listed = self._listed
        if listed is not None and type(action) is Action and action in listed:
            chosen = action  # legal_actions() of this very position listed it
        else:
            legal = self.legal_actions()
            found = self.find_action(action, legal)
            if found is None:
                message, rule = self.explain_illegal(action)
                raise IllegalAction(message, [str(a) for a in legal], rule=rule)
            chosen = found
        self._listed = None
        self._apply(chosen)
        self.history.append(chosen)
        return chosen

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action taken from :meth:`legal_actions` (fast path for simulations)."""
        self._listed = None
        self._apply(action)
        self.history.append(action)

    @staticmethod
    def find_action(action: Action | str, legal: list[Action]) -> Action | None:
        """The legal action equal to ``action``; strings match case- and diacritics-insensitively."""
        if isinstance(action, Action):
            return action if action in legal else None
        wanted = fold(action)
        for candidate in legal:
            if fold(str(candidate)) == wanted:
                return candidate
        return None

    def clone(self) -> State:
        """An independent copy (the game and card pool are shared, they are immutable).

        This default is a deep copy; games override it with one that copies only what changes
        (zones, counters, the generator) and shares the immutable card facts.
        """
        memo = {id(self.game): self.game}
        return copy.deepcopy(self, memo)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        if other.game is not self.game:
            return False
        mine, theirs = vars(self), vars(other)
        skip = self.NOT_COMPARED | {"game"}
        keys = mine.keys() - skip
        if keys != theirs.keys() - skip:
            return False
        memo: dict[int, Any] = {}
        return all(same_structure(mine[k], theirs[k], memo) for k in keys)

    __hash__ = None  # type: ignore[assignment]  # mutable: never a dict key

    def returns(self) -> list[float]:
        """Per-player outcome: 1 for a winner, 0 otherwise (games with scores override)."""
        won = set(self.winners())
        return [1.0 if p in won else 0.0 for p in range(self.num_players())]

    def num_players(self) -> int:
        """How many players the game has (2 unless a game says otherwise)."""
        return 2


_ATOMS = (int, float, str, bool, bytes, type(None))


def same_structure(a: Any, b: Any, memo: dict[int, Any]) -> bool:
    """Whether ``a`` and ``b`` are equal as structures: same types, same values, same sharing.

    Objects are compared attribute by attribute (``__dict__`` and ``__slots__``), so classes need
    no ``__eq__`` of their own; ``memo`` pairs the objects already matched, so two references to
    one object in ``a`` must be two references to one object in ``b`` (and cycles end). Random
    generators compare by their state.
    """
    if a is b:
        return True
    cls = type(a)
    if cls is not type(b):
        return False
    if cls in _ATOMS:
        return a == b
    seen = memo.get(id(a))
    if seen is not None:
        return seen is b
    memo[id(a)] = b
    if cls is list or cls is tuple:
        return len(a) == len(b) and all(same_structure(x, y, memo) for x, y in zip(a, b))
    if cls is dict:
        return a.keys() == b.keys() and all(same_structure(v, b[k], memo) for k, v in a.items())
    if cls in (set, frozenset):
        return a == b
    if isinstance(a, random.Random):
        return a.getstate() == b.getstate()
    slots = [name for c in cls.__mro__
             for name in ((lambda s: (s,) if isinstance(s, str) else s)(vars(c).get("__slots__", ())))]
    if not slots and not hasattr(a, "__dict__"):
        return a == b
    for name in slots:
        if hasattr(a, name) != hasattr(b, name):
            return False
        if hasattr(a, name) and not same_structure(getattr(a, name), getattr(b, name), memo):
            return False
    if hasattr(a, "__dict__"):
        da, db = vars(a), vars(b)
        return da.keys() == db.keys() and all(same_structure(v, db[k], memo) for k, v in da.items())
    return True
