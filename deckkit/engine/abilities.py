"""The ability language: what a card does, written as data, checked when the card enters deckkit.

One ``abilities`` entry is one of four kinds, told apart by its keys:

- **on play** (no ``trigger``, ``cost`` or ``static``): what the card does when it is played or
  cast, for example ``{"do": [{"effect": "draw", "amount": 1}]}``;
- **triggered** (``trigger``): ``{"trigger": {"on": "dies", "who": "other", "side": "own"}, "do": […]}``;
- **activated** (``cost``): a card in play pays ``{"tap": true, "food": 1}`` and then does ``do``;
- **continuous** (``static``): a list of static effects that hold while the card is in play, such
  as ``{"effect": "modify", "attack": 1, "cards": {"side": "own", "other": true, "filter": {"group": "beast"}}}``
  or a keyword that bends a rule (``{"effect": "keyword", "keyword": "cannot-block"}``).

Any kind may carry a ``condition`` (it applies only while the condition holds) and, instead of
``do``, ``modes``: a list of sequences of which the player chooses one. A step of ``do`` is one
registered :class:`~deckkit.engine.effects.Effect` with its own parameters and, where the effect
takes them, a ``target`` (which cards), a ``player`` (who is affected), an ``amount`` (a number,
``{"count": …}`` for "for each …", or ``{"from": "event"}`` for the amount of the triggering
event) and a ``duration``. Each step chooses its own target, so one spell can strengthen one
monster and protect another.

A game supplies the words (:class:`Vocabulary`: its trigger events, filter fields, zones, costs,
static effects, conditions) and this module holds them with the frozen objects that the game's
engine interprets (:class:`Ability`). :mod:`deckkit.engine.ability_check` (with
:mod:`~deckkit.engine.ability_values`) checks an ability against the words, with the JSON path of
every problem, the allowed values and a did-you-mean, and compiles it (``compile_card``);
:mod:`deckkit.engine.ability_text` renders it as plain English, and
:mod:`deckkit.engine.ability_schema` generates the card schema's ability definitions from the same
words, so an editor with JSON Schema support completes a card file.

The older flat form ``{"effect": "boost", "amount": 2, "target": "own", "tap": true}`` stays
valid: a game's :attr:`Vocabulary.upgrade` turns it into the language before it is checked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any


__all__ = ["ability_words", "Vocabulary", "FilterField", "Event", "CostPart", "StaticKind", "ConditionKind", "Ability", "Step",
           "Target", "Filter", "Count", "Amount", "Condition", "Trigger", "Static", "compile_ability",
           "vocabulary", "register_vocabulary", "has_vocabulary", "SIDES", "CHOICES", "CHOOSERS", "MAX_TRIGGER_DEPTH",
           "TriggerLoop", "compile_card", "card_problems", "Compiler", "PROSE_FIELDS"]

SIDES = ("own", "enemy", "any")
CHOICES = ("one", "every", "random")
#: Who makes a step's choices: the ability's controller, each player the step affects (for themselves), or
#: the controller's opponent.
CHOOSERS = ("you", "player", "opponent")
WHO = ("self", "other", "any")
#: Triggers set off by triggers stop here: a loop the checker could not see is capped, never hangs.
MAX_TRIGGER_DEPTH = 20


class TriggerLoop(Exception):
    """Triggers kept setting each other off past :data:`MAX_TRIGGER_DEPTH` (an engine stops the chain)."""


def ability_words(abilities: Any) -> list[str]:
    """The words a search's ``effect:`` matches, in order, each once: the effects of every step (and
    mode), the trigger events, the continuous effects and their keywords, and a flat ability's effect.

    It reads the data as written (no game's vocabulary needed), so the catalogue derives its
    ``effects`` column from any record, valid or not.
    """
    if not isinstance(abilities, list):
        return []
    out: list[str] = []

    def steps(seq: Any) -> None:
        for step in seq if isinstance(seq, list) else ():
            if isinstance(step, dict) and isinstance(step.get("effect"), str):
                out.append(step["effect"])

    for a in abilities:
        if not isinstance(a, dict):
            continue
        if isinstance(a.get("effect"), str):
            out.append(a["effect"])
        trigger = a.get("trigger")
        on = trigger.get("on") if isinstance(trigger, dict) else trigger
        if isinstance(on, str):
            out.append(on)
        steps(a.get("do"))
        modes, statics = a.get("modes"), a.get("static")
        for mode in modes if isinstance(modes, list) else ():
            if isinstance(mode, dict):
                steps(mode.get("do"))
        for st in statics if isinstance(statics, list) else ():
            if isinstance(st, dict):
                for key in ("effect", "keyword"):
                    if isinstance(st.get(key), str):
                        out.append(st[key])
    return list(dict.fromkeys(out))


# -- a game's words -----------------------------------------------------------------------------
@dataclass(frozen=True)
class FilterField:
    """A card property a filter may test: ``enum`` (one of ``values``), ``set`` (a set holding a value,
    such as groups), ``int`` (equal, or ``{"min": …, "max": …}``) or ``bool``."""

    name: str
    kind: str
    values: tuple[str, ...] = ()
    description: str = ""
    #: How the test reads in English: ``"{value}"`` before the noun (``"flying"``), or a phrase with
    #: ``{value}`` after it (``"with attack {value}"``); for ``type`` the value is the noun itself.
    phrase: str = "{value}"
    after: bool = False


@dataclass(frozen=True)
class Event:
    """A trigger event: ``who`` is whose event may set the trigger off (this card, another, any card,
    or ``player`` for events of a player such as the start of a turn)."""

    name: str
    description: str
    phrase: str  # "{subject} enters play", "{subject}'s turn starts"
    who: tuple[str, ...] = WHO
    card_types: tuple[str, ...] = ()  # card types that may carry the trigger (empty: any)
    amount: bool = False  # the event has an amount (damage dealt) that ``{"from": "event"}`` reads
    measure: str = ""  # the word of ``phrase`` the amount counts ("damage"): a trigger's range goes before it
    example: dict | None = None
    #: An event of a player (a turn's start, a cast, a loss of life): ``who`` is whose (self: the card's
    #: controller's, other: an opponent's, any: each player's, narrowed by ``side``), and ``filter``
    #: reads the event's card (the spell cast, the card causing the loss), if it has one.
    of_player: bool = False
    noun: str = ""  # what the event's card is called when the filter names no type ("spell")
    #: Whether the event is about a card ("it", "its owner" and a trigger's filter read it); a turn's
    #: or a phase's start or end is about no card.
    card: bool = True


@dataclass(frozen=True)
class CostPart:
    """One part of an activation cost: its schema, the card types that can pay it, and its English."""

    name: str
    schema: dict
    card_types: tuple[str, ...]
    phrase: str  # "tap", "pay {value} food", "sacrifice {value}"
    description: str = ""


@dataclass(frozen=True)
class StaticKind:
    """A continuous effect: parameters, whether it applies to a set of cards (``cards``), and its English."""

    name: str
    params: Mapping[str, dict]
    description: str
    phrase: str | Callable[[dict, str], str]
    cards: bool = False  # takes a ``cards`` set ("your other beasts"); else it is about this card
    required: tuple[str, ...] = ()
    card_types: tuple[str, ...] = ()
    example: dict | None = None


@dataclass(frozen=True)
class ConditionKind:
    """A game's own condition (``{"duel_role": "defender"}``): its schema and English."""

    name: str
    schema: dict
    description: str
    phrase: str  # "while it defends", "if the opposing duelist is glorious"


@dataclass(frozen=True)
class Vocabulary:
    """Every word of a game's ability language besides its effects (those are registered effects)."""

    game: str
    card_types: tuple[str, ...]
    in_play_types: tuple[str, ...]  # card types that stay in play (can have costs, triggers, statics)
    fields: Mapping[str, FilterField]
    zones: tuple[str, ...]  # the first is where cards in play are
    events: Mapping[str, Event]
    costs: Mapping[str, CostPart]
    statics: Mapping[str, StaticKind]
    conditions: Mapping[str, ConditionKind] = field(default_factory=dict)
    durations: Mapping[str, str] = field(default_factory=lambda: {
        "turn": "this turn", "next-turn": "during its owner's next turn", "permanent": "permanently"})
    players: Mapping[str, str] = field(default_factory=lambda: {
        "you": "you", "opponent": "your opponent", "each": "each player", "owner": "its owner",
        "that-player": "that player"})
    #: Events an ability may replace ("if it would die, … instead"): the name and what the event is;
    #: ``Event.amount`` says whether ``less`` (the amount made smaller) makes sense.
    replaceable: Mapping[str, Event] = field(default_factory=dict)
    default_type: str = "card"  # the noun of a target that names no type
    nouns: Mapping[str, str] = field(default_factory=dict)  # card type -> how it reads ("number" -> "number card")
    play_zone: str = "play"  # the zone whose cards are "in play" (English: "you have in play")
    zone_names: Mapping[str, str] = field(default_factory=dict)  # zone -> "your hand"
    #: Turns an ability in the game's older flat form into the language (or returns it unchanged).
    upgrade: Callable[[dict], dict] | None = None
    #: Card-level checks after each ability compiled: fn(card, [Ability]) -> [AbilityProblem]; they may
    #: read any field but the prose ones (:data:`PROSE_FIELDS`), whose values never change the result.
    check_card: Callable[[dict, list], list] | None = None
    #: Card types whose cards may be in play besides ``in_play_types``, though they carry no abilities there
    #: (food laid out): a filter on cards in play can find both.
    play_types: tuple[str, ...] = ()
    #: Card-level warnings of abilities that are valid but can never do anything in this game (a condition
    #: that cannot hold where the game reads it): fn(card, [Ability]) -> [AbilityProblem]; see
    #: :mod:`deckkit.engine.ability_warnings`. ``deckkit import`` reports them; ``--strict`` refuses them.
    warn_card: Callable[[dict, list], list] | None = None


_VOCABULARIES: dict[str, Vocabulary | Callable[[], Vocabulary]] = {}


def register_vocabulary(game: str, vocab: Vocabulary | Callable[[], Vocabulary]) -> None:
    """A game's words (or a function building them on first use)."""
    _VOCABULARIES[game] = vocab
    from deckkit.engine.ability_check import forget_checked

    forget_checked()  # the cards checked with the old words


def has_vocabulary(game: str) -> bool:
    """Whether the game writes its abilities in the language (else only flat effects)."""
    return game in _VOCABULARIES


def vocabulary(game: str) -> Vocabulary:
    """The game's words; KeyError if it registered none."""
    vocab = _VOCABULARIES[game]
    if not isinstance(vocab, Vocabulary):
        vocab = _VOCABULARIES[game] = vocab()
    return vocab


# -- the compiled language ----------------------------------------------------------------------
def _lookup(pairs: tuple[tuple[str, Any], ...], name: str, default: Any) -> Any:
    """The value of ``name`` among (key, value) pairs (parameters and costs are kept as such, hashable)."""
    for key, value in pairs:
        if key == name:
            return value
    return default


@dataclass(frozen=True, slots=True)
class Filter:
    """Tests on a card's properties: ``tests`` are (field, value) pairs (value: a value, a tuple of
    allowed values, or a (min, max) range for numbers); ``negated`` filters must all fail; ``alternatives``
    (``any``) need one to match."""

    tests: tuple[tuple[str, Any], ...] = ()
    negated: tuple[Filter, ...] = ()
    alternatives: tuple[Filter, ...] = ()

    def matches(self, get: Callable[[str], Any]) -> bool:
        """Whether a card matches; ``get(field)`` reads one of its properties (a set for ``set`` fields)."""
        for name, want in self.tests:
            have = get(name)
            if isinstance(want, Range):
                if not isinstance(have, int) or not want.low <= have <= want.high:
                    return False
            elif isinstance(have, (set, frozenset)):
                if not (have & want if isinstance(want, frozenset) else want in have):
                    return False
            elif isinstance(want, frozenset):
                if have not in want:
                    return False
            elif have != want:
                return False
        if any(f.matches(get) for f in self.negated):
            return False
        return not self.alternatives or any(f.matches(get) for f in self.alternatives)

    def value(self, name: str) -> Any:
        """The value a plain test asks of ``name`` (None when it asks none)."""
        return next((want for key, want in self.tests if key == name), None)


@dataclass(frozen=True, slots=True)
class Range:
    """``{"min": …, "max": …}`` on a number."""

    low: int = -(10**9)
    high: int = 10**9


@dataclass(frozen=True, slots=True)
class Target:
    """Which cards a step acts on: ``choose`` one (the player picks), every, a random one, ``self``
    (this card), ``it`` (the card of the triggering event) or ``ref`` (the cards step ``ref`` of the
    same sequence acted on, 1-based: "untap it"); of whose (``side``), where (``zone``), ``other``
    than this card, matching ``filter``."""

    choose: str
    side: str = "any"
    zone: str = ""
    other: bool = False
    filter: Filter = Filter()
    count: int = 1
    ref: int = 0

    @property
    def chosen(self) -> bool:
        """Whether the player picks the card when the ability is played (it is part of the action)."""
        return self.choose == "one"


@dataclass(frozen=True, slots=True)
class Count:
    """The number of ``side``'s cards in ``zone`` (``other`` than this one) matching ``filter``."""

    side: str
    zone: str
    other: bool = False
    filter: Filter = Filter()


@dataclass(frozen=True, slots=True)
class Amount:
    """A number: ``fixed``, or ``times`` × ``count`` + ``plus`` (capped at ``max``), or the event's
    amount, or ``stat`` (a number such as ``attack``) of a card: the one step ``ref`` acted on (0: the
    step's own reference, else the triggering event's card)."""

    fixed: int = 0
    count: Count | None = None
    times: int = 1
    plus: int = 0
    max: int | None = None
    from_event: bool = False
    stat: str = ""
    ref: int = 0

    @property
    def dynamic(self) -> bool:
        """Whether the number is found when the step resolves (counted, the event's, a card's)."""
        return self.from_event or self.count is not None or bool(self.stat)

    def value(self, count: Callable[[Count], int], event_amount: int = 0,
              stat: Callable[[Amount], int] | None = None) -> int:
        """The amount now: ``count(Count)`` counts cards in the game's state; ``stat(self)`` reads the
        number ``self.stat`` of the card the amount refers to (0 when there is none)."""
        if self.stat:
            n = (stat(self) if stat is not None else 0) * self.times + self.plus
        elif self.from_event:
            n = event_amount * self.times + self.plus
        elif self.count is not None:
            n = count(self.count) * self.times + self.plus
        else:
            return self.fixed
        return n if self.max is None else min(n, self.max)


@dataclass(frozen=True, slots=True)
class Condition:
    """Holds when every count is in range, every game condition holds, no negated one does, one of the
    alternatives does (when there are any) and so does each condition of ``every`` (a list, ``all``)."""

    counts: tuple[tuple[Count, Range], ...] = ()
    game: tuple[tuple[str, Any], ...] = ()
    negated: tuple[Condition, ...] = ()
    alternatives: tuple[Condition, ...] = ()
    every: tuple[Condition, ...] = ()

    def holds(self, count: Callable[[Count], int], game: Callable[[str, Any], bool]) -> bool:
        """``count`` counts cards; ``game(name, value)`` tests one of the game's own conditions."""
        for what, rng in self.counts:
            if not rng.low <= count(what) <= rng.high:
                return False
        for name, value in self.game:
            if not game(name, value):
                return False
        if any(c.holds(count, game) for c in self.negated):
            return False
        if not all(c.holds(count, game) for c in self.every):
            return False
        return not self.alternatives or any(c.holds(count, game) for c in self.alternatives)


@dataclass(frozen=True, slots=True)
class Step:
    """One effect of a sequence with its own target, player, amount and duration; ``params`` holds
    the effect's other parameters (``stat`` …).

    ``optional``: "you may" — a yes/no decision of the chooser. ``only_if``: ``("done",)`` runs the
    step only if the last optional step before it was done ("if you do"); ``("ref", N, Filter)`` only
    if a card step N acted on matches the filter ("if it is a dreamwalker"). ``chooser``: who makes
    the step's choices (:data:`CHOOSERS`). ``ref``: the earlier step (1-based) whose card ``"player":
    "owner"`` and an amount's ``stat`` read."""

    effect: str
    target: Target | None = None
    player: str = "you"
    amount: Amount = Amount(1)
    duration: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    optional: bool = False
    only_if: tuple = ()
    chooser: str = "you"
    ref: int = 0

    def param(self, name: str, default: Any = None) -> Any:
        """One of the effect's own parameters."""
        return _lookup(self.params, name, default)


@dataclass(frozen=True, slots=True)
class Trigger:
    """``on`` an event of this card (``who`` self), another card or any card of ``side`` matching ``filter``."""

    on: str
    who: str = "self"
    side: str = "any"
    filter: Filter = Filter()
    amount: Range | None = None  # the event's amount must be in this range ("deals 3 or more damage")


@dataclass(frozen=True, slots=True)
class Static:
    """One continuous effect: its kind, its parameters, the set it applies to (``cards``, None: this card)."""

    effect: str
    params: tuple[tuple[str, Any], ...] = ()
    cards: Target | None = None
    condition: Condition | None = None

    def param(self, name: str, default: Any = None) -> Any:
        """One of the static effect's parameters."""
        return _lookup(self.params, name, default)


@dataclass(frozen=True, slots=True)
class Ability:
    """One compiled ``abilities`` entry (see the module docstring); ``source`` is the entry as written."""

    kind: str  # "play" | "triggered" | "activated" | "static" | "replacement"
    steps: tuple[Step, ...] = ()
    modes: tuple[tuple[Step, ...], ...] = ()
    trigger: Trigger | None = None  # for a replacement: the event it replaces
    cost: tuple[tuple[str, Any], ...] = ()
    statics: tuple[Static, ...] = ()
    condition: Condition | None = None
    text: str = ""
    per_turn: int = 0  # at most this many times each turn (0: no limit)
    less: int = 0  # a replacement: the event's amount is this much less (never below 0)
    prevent: bool = False  # a replacement: the event does not happen and nothing else does

    def cost_of(self, name: str, default: Any = None) -> Any:
        """One part of the activation cost (``tap``, ``food`` …)."""
        return _lookup(self.cost, name, default)

    @property
    def sequences(self) -> tuple[tuple[Step, ...], ...]:
        """The sequences the ability can carry out: its modes, or its one sequence."""
        return self.modes or ((self.steps,) if self.steps else ())

    @property
    def chosen_targets(self) -> tuple[Target, ...]:
        """Targets the player chooses when the ability is played, in step order (the first mode's)."""
        seq = self.sequences[0] if self.sequences else ()
        return tuple(s.target for s in seq if s.target is not None and s.target.chosen)


# The checker and compiler live in deckkit.engine.ability_check, which reads the words above. A game
# package outside deckkit (a plugin, as the tests' fourth game) writes its cards with the words and
# compile_card of this one module, so the entry points are reached from here too, on first use,
# so that either module may be imported first.
_CHECKING = ("PROSE_FIELDS", "Compiler", "card_problems", "compile_ability", "compile_card")
if TYPE_CHECKING:
    from deckkit.engine.ability_check import PROSE_FIELDS, Compiler, card_problems, compile_ability, compile_card


def __getattr__(name: str) -> Any:
    if name in _CHECKING:
        from deckkit.engine import ability_check

        return getattr(ability_check, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
