"""Álomfogó card pool compiled for play: one immutable :class:`CardDef` per card dict."""

from __future__ import annotations

from functools import partial
from typing import Any
from collections.abc import Iterable

from deckkit.engine.abilities import Ability, Condition, Filter, Static, Step, Target, Trigger
from deckkit.errors import DataError, UnknownCard
from deckkit.text import fold

GAME = "alomfogo"
MAGIC_SOURCE = "bűvforrás"  # AF-370
COUNTERSPELL = "ellenvarázs"  # AF-371
HELPER_MARKS = ("P", "S", "Á")  # AF-380 – AF-382


def compiled_abilities(data: dict) -> tuple[Ability, ...]:
    """The card's abilities compiled from the language; DataError naming the card and the JSON path."""
    from deckkit.engine.ability_check import compile_card
    from deckkit.games.alomfogo import effects  # noqa: F401  (registers the effects and the words)

    if not data.get("abilities"):
        return ()
    compiled, problems = compile_card(GAME, data)
    if problems:
        first = problems[0]
        raise DataError(f"card {data.get('name')!r}: {first.path}: {first.message}", hint=first.hint)
    return compiled


def _plain(ability: Ability | None) -> bool:
    if ability is None:
        return True
    sequences = ability.sequences
    return len(ability.modes) <= 1 and len(sequences) <= 1 and not any(
        step.player == "opponent" or step.effect == "order-top" or named_when_played(step) for seq in sequences for step in seq)


def named_when_played(step: Step) -> bool:
    """A target named in the action that plays the card (AF-385); later decisions are not (resolve.py)."""
    return step.target is not None and step.target.chosen and step.chooser == "you" and not step.optional


#: The filter fields a card's printed data answers; "state" and "role" are a card in play's now.
PRINTED = ("type", "cost", "attack", "defense", "glory", "mark")


def printed(card: CardDef, name: str) -> Any:
    """A filter field a card answers wherever it is (its printed data), None for any other field."""
    if name == "type":
        return card.type
    if name == "cost":
        return card.cost
    if name == "attack":
        return card.attack
    if name == "defense":
        return card.defense
    if name == "glory":
        return card.glory
    if name == "mark":
        return card.helper
    return None


def _printed_only(f: Filter) -> bool:
    return all(name in PRINTED for name, _ in f.tests) and all(
        _printed_only(g) for g in (*f.negated, *f.alternatives))


def _plain_steps(ability: Ability) -> bool:
    return not may_ask(ability) and not any(
        step.only_if or step.ref or step.amount.stat or step.target is not None and step.target.choose == "ref"
        or step.player == "owner" for seq in ability.sequences for step in seq)


def may_ask(ability: Ability) -> bool:
    """Whether carrying out the ability can ask a player anything (then a trigger waits for its turn)."""
    return len(ability.modes) > 1 or any(step.optional or step.chooser != "you" or
                                         step.effect in ("use-ability", "order-top") or
               step.target is not None and step.target.chosen for seq in ability.sequences for step in seq)


#: AF-D11's continuous "after-duel" effect is the replacement of AF-757's rest it always was.
def _after_duel(state: str, condition: Condition | None = None) -> Ability:
    return Ability("replacement", (Step("set-state", Target("it"), params=(("state", state),)),),
                   trigger=Trigger("rests-after-duel"), condition=condition,
                   text=f"becomes {state} instead of resting")



def _asks_for(play: Ability | None) -> str | None:
    """What a card asks for when played (AF-385): "chosen" (a card), "opponent" (which opponent, AF-913)
    or None; a chosen card outweighs an opponent."""
    target = None
    for seq in (play.sequences if play else ()):
        for step in seq:
            if named_when_played(step):
                target = "chosen"
            elif step.player == "opponent" and target is None:
                target = "opponent"
    return target

class CardDef:
    """One card's rules facts, its abilities compiled once (shared, never mutated).

    ``play``: what a spell does when it resolves; ``helper_ability``: a creature's (P)/(S)/(Á) ability
    (AF-309); ``triggers``: event name -> triggered abilities; ``statics``: ``(Static, condition)``
    pairs that hold while the card is on the table (an event's only while it is active, AF-342).
    """

    __slots__ = ("id", "name", "key", "type", "cost", "attack", "defense", "glory", "helper", "magic_source",
                 "is_dreamwalker", "is_creature", "abilities", "play", "helper_ability", "helper_vp",
                 "helper_discard", "triggers", "statics", "vp_bonus", "vp_when", "power", "cost_mods", "free_max",
                 "counter",
                 "keywords", "target", "plain_play", "plain_helper", "data", "replacements",
                 "asking")

    def __init__(self, data: dict) -> None:
        self.data = data
        self.id: str = data["id"]
        self.name: str = data["name"]
        self.key = fold(self.name)
        self.type: str = data["type"]
        self.cost = int(data.get("cost", 0))
        self.attack = int(data.get("attack", 0))
        self.defense = int(data.get("defense", 0))
        self.glory = int(data.get("glory", 0))
        self.helper: str | None = data.get("helper")
        subtypes = {fold(s) for s in data.get("subtypes", ())}
        self.magic_source = fold(MAGIC_SOURCE) in subtypes
        self.is_dreamwalker = self.type == "dreamwalker"
        self.is_creature = self.type in ("dreamwalker", "dream-creature")
        self.abilities = compiled_abilities(data)
        self._sort_abilities()
        self._read_statics()
        self.target: str | None = _asks_for(self.play)
        # Whether playing the card, or using its helper ability, offers no choice at all (no mode, target,
        # opponent or order): then its one way is the empty choice, found without looking at the table.
        self.plain_play = _plain(self.play)
        self.plain_helper = _plain(self.helper_ability)

    def _sort_abilities(self) -> None:
        """Each compiled ability to its role: triggers by event, statics with their condition, a creature's
        helper ability (and its mark and extra costs), else what the card does when played."""
        from deckkit.games.alomfogo.language import mark_of

        self.play: Ability | None = None
        self.helper_ability: Ability | None = None
        triggers: dict[str, list[Ability]] = {}
        statics: list[tuple[Static, Condition | None]] = []
        replacements: dict[str, list[Ability]] = {}
        for ab in self.abilities:
            if ab.kind == "triggered" and ab.trigger is not None:
                triggers.setdefault(ab.trigger.on, []).append(ab)
            elif ab.kind == "replacement" and ab.trigger is not None:
                replacements.setdefault(ab.trigger.on, []).append(ab)
            elif ab.kind == "static":
                statics.extend((st, ab.condition) for st in ab.statics)
            elif self.is_creature:
                self.helper_ability = ab  # AF-309: a creature's text is its helper ability
                self.helper = self.helper or mark_of(ab)
            else:
                self.play = ab
        self.triggers = {k: tuple(v) for k, v in triggers.items()}
        self.replacements = {k: tuple(v) for k, v in replacements.items()}
        self.asking = any(may_ask(ab) for abs_ in self.triggers.values() for ab in abs_)
        self.statics = tuple(statics)
        helper = self.helper_ability
        self.helper_vp = int(helper.cost_of("vp", 0)) if helper else 0  # AF-384
        self.helper_discard = int(helper.cost_of("discard", 0)) if helper else 0  # AF-386

    def _read_statics(self) -> None:
        """What the statics add up to, read once for play: VP per turn, power and cost changes, the dearest
        dreamwalker it lets play free, counterspell, keywords, and the state a duel leaves it in."""
        kinds: dict[str, list[Static]] = {}
        for st, _ in self.statics:
            kinds.setdefault(st.effect, []).append(st)
        vp = [(st, cond) for st, cond in self.statics if st.effect == "vp-per-turn"]
        self.vp_bonus = sum(int(st.param("amount", 0)) for st, cond in vp if st.condition is None and cond is None)
        self.vp_when = tuple((st, cond) for st, cond in vp if st.condition is not None or cond is not None)
        self.power = tuple(pair for pair in self.statics if pair[0].effect == "power")
        self.cost_mods = tuple(pair for pair in self.statics if pair[0].effect == "cost")
        self.free_max = max((int(st.param("max_cost", 0)) for st in kinds.get("free-dreamwalker", ())), default=-1)
        self.counter = bool(kinds.get("counterspell"))
        self.keywords = frozenset(str(st.param("keyword")) for st in kinds.get("keyword", ()))
        after = [(st, cond) for st, cond in self.statics if st.effect == "after-duel"]
        if after:  # AF-757 replaced: the printed form of a rests-after-duel replacement, its condition kept
            st, cond = after[0]
            both = st.condition if cond is None else cond if st.condition is None else Condition(
                every=(st.condition, cond))
            self.replacements = {**self.replacements, "rests-after-duel": (
                *self.replacements.get("rests-after-duel", ()), _after_duel(str(st.param("state")), both))}

    @property
    def has_helper_ability(self) -> bool:
        """Whether the card has a (P)/(S)/(Á) ability usable as a helper (AF-309, AF-735)."""
        return self.helper in HELPER_MARKS and self.helper_ability is not None

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"

    def __deepcopy__(self, memo: dict) -> CardDef:
        return self  # immutable: clones share card definitions

    def __copy__(self) -> CardDef:
        return self


class Pool:
    """The card pool of one game object: card definitions by folded name and by id."""

    def __init__(self, cards: Iterable[dict]) -> None:
        self.defs: list[CardDef] = [CardDef(c) for c in cards if c.get("game", GAME) == GAME]
        # Events some card reacts to, and whether any card changes costs: the rules skip the look-ups
        # for a pool without them (the goldfish games of the bundled decks).
        self.watched: frozenset[str] = frozenset(e for d in self.defs for e in d.triggers)
        # Events a card watches on other cards (who: other / any): only these need every table looked at.
        self.watched_others: frozenset[str] = frozenset(
            e for d in self.defs for e, abs_ in d.triggers.items() for ab in abs_
            if ab.trigger is not None and ab.trigger.who != "self")
        self.cost_mods = any(d.cost_mods for d in self.defs)
        # The cards no cost change of the pool can fit, by their printed data (their cost is looked up at once).
        sets = [st.cards for d in self.defs for st, _ in d.cost_mods]
        self.full_price: frozenset[int] = frozenset(
            id(d) for d in self.defs if not any(t is None or not _printed_only(t.filter) or t.filter.matches(
                partial(printed, d)) for t in sets))
        # Whether a cost change holds for the first such card each turn only (then the cards played are kept).
        self.firsts = any(st.param("first") for d in self.defs for st, _ in d.cost_mods)
        self.control = any(step.effect == "take-control" for d in self.defs for ab in d.abilities
                           for seq in ab.sequences for step in seq)
        # The abilities carried out at once, step after step (resolve.py): nothing to ask, no reference to an
        # earlier step's card (by the id of the compiled ability, which the card definitions keep alive).
        self.plain: frozenset[int] = frozenset(
            id(ab) for d in self.defs for ab in (*d.abilities, *(a for abs_ in d.replacements.values() for a in abs_))
            if _plain_steps(ab))
        # Events some card replaces, and those a card replaces for other cards (who: other / any).
        self.replaced: frozenset[str] = frozenset(e for d in self.defs for e in d.replacements)
        self.replaced_others: frozenset[str] = frozenset(
            e for d in self.defs for e, abs_ in d.replacements.items() for ab in abs_
            if ab.trigger is not None and ab.trigger.who != "self")
        self.free_walkers = any(d.free_max >= 0 for d in self.defs)
        self.pilot: dict[str, Any] = {}  # what a pilot works out once per card (its own keys)
        self.by_key: dict[str, CardDef] = {}
        self.by_id: dict[str, CardDef] = {d.id: d for d in self.defs}
        for d in self.defs:
            self.by_key.setdefault(d.key, d)
            self.by_key.setdefault(fold(d.id), d)

    def get(self, name: str, *, where: str | None = None) -> CardDef:
        """The card named ``name`` (or with that id); UnknownCard with suggestions otherwise."""
        found = self.by_key.get(fold(name))
        if found is not None:
            return found
        import difflib

        close = difflib.get_close_matches(fold(name), [d.key for d in self.defs], n=3)
        names = [d.name for d in self.defs if d.key in close]
        raise UnknownCard(name, names, path=where)

    def __len__(self) -> int:
        return len(self.defs)


def card_summary(card: CardDef) -> dict[str, Any]:
    """A short description for renders and traces."""
    out: dict[str, Any] = {"name": card.name, "type": card.type, "cost": card.cost}
    if card.is_dreamwalker:
        out["power"] = f"{card.attack}/{card.defense}"
    return out
