"""Card facts compiled once per game: the engine never looks into card dicts during play.

A card's ``abilities`` are compiled from the ability language (:func:`deckkit.engine.abilities.compile_card`)
and sorted by what plays them: ``cast`` (a spell's sequence or modes), ``use`` (the ability ``use CARD``
plays, with its cost), ``triggers`` (by event) and ``statics`` (continuous effects).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from deckkit.engine.core import shuffled  # noqa: F401  (Obludárium's shuffle is the engine's)
from deckkit.paths import data_dir

FOOD, MONSTER, ARTIFACT, SPELL = "food", "monster", "artifact", "spell"
STRENGTHENING = frozenset({"boost", "weaken"})  # OB-827: strengthen one's own monsters or weaken the other's


def strengthens(ability: Any) -> bool:
    """Whether an ability strengthens or weakens a monster (what OB-904/OB-905 make alternate)."""
    return ability is not None and any(s.effect in STRENGTHENING for seq in ability.sequences for s in seq)


def in_action(step: Any) -> bool:
    """Whether a cast or used ability's step has its target named in the action (``on X``): a "one"
    target the ability's controller chooses, with no "you may" (else it is asked as it resolves)."""
    t = step.target
    return t is not None and t.choose == "one" and step.chooser == "you" and not step.optional


class Plan:
    """What listing an ability's actions reads of it, read once (``CardInfo.cast_plan``, ``use_plan``): its
    costs and, per mode (or its one sequence), the targets chosen when it is played and whether it
    counters; and whether it only raises defence for this turn (``turn_only``), which the greedy pilot
    need not value when nothing could block."""

    __slots__ = ("tap", "food", "sacrifice", "discard", "card_costs", "modes", "strengthens", "one_target",
                 "borrows", "turn_only")

    def __init__(self, ab: Any) -> None:
        from deckkit.engine.abilities import Target

        self.tap = bool(ab.cost_of("tap"))
        self.food = ab.cost_of("food") or 0
        self.sacrifice = ab.cost_of("sacrifice")  # True: this card; a Target: another, named in the action
        self.discard = ab.cost_of("discard") or 0
        self.card_costs = isinstance(self.sacrifice, Target) or bool(self.discard)  # cards named in the action
        self.modes = tuple((tuple(s.target for s in seq if in_action(s)),
                            any(s.effect == "counter" for s in seq)) for seq in (ab.sequences or ((),)))
        self.strengthens = strengthens(ab)
        #: it uses another card's special property (OB-D42): only cards that have one are its targets
        self.borrows = any(s.effect == "use-ability" for seq in ab.sequences for s in seq)
        # the usual shape: no modes, no counter, no card costs or self-sacrifice, one target chosen in play
        one = self.modes[0][0] if len(self.modes) == 1 and not ab.modes and not self.modes[0][1] else ()
        self.one_target = one[0] if len(one) == 1 and one[0].zone != "deck" and not self.card_costs \
            and self.sacrifice is not True else None
        # each step a boost of defence that does not last, by a fixed amount
        self.turn_only = bool(ab.sequences) and all(
            s.effect == "boost" and s.param("stat", "attack") == "defense" and s.duration != "permanent"
            and not s.amount.dynamic and s.amount.fixed >= 0 for seq in ab.sequences for s in seq)


def _merged(abilities: tuple) -> Any:
    """A spell's abilities played on cast, as one: several plain sequences join into one (each step
    keeps its own target); a modal ability stays itself."""
    from deckkit.engine.abilities import Ability

    plays = [a for a in abilities if a.kind == "play"]
    if not plays:
        return None
    if len(plays) == 1:
        return plays[0]
    modal = next((a for a in plays if a.modes), None)
    if modal is not None:
        return modal
    return Ability("play", tuple(s for a in plays for s in a.steps), condition=plays[0].condition,
                   text=plays[0].text)


@dataclass(frozen=True, slots=True, eq=False)
class CardInfo:
    """The facts of one card the rules need, with its name as printed."""

    id: str
    name: str
    type: str
    cost: int
    attack: int
    defense: int
    groups: frozenset
    flying: bool
    blocking: bool
    abilities: tuple  # compiled language abilities, as written
    cast: Any = None  # a spell's ability played when it is cast
    use: Any = None  # the ability of a card in play that 'use CARD' plays
    triggers: tuple = ()  # (event name, ability) pairs
    statics: tuple = ()  # (Static, ability condition) pairs
    events: frozenset = frozenset()  # the events its triggers watch
    replacements: tuple = ()  # (event name, replacement ability) pairs
    cast_plan: Plan | None = None  # what listing the actions of ``cast`` reads of it
    use_plan: Plan | None = None  # ... and of ``use``
    printed: Any = None  # the card as printed, when these facts add abilities granted for a while

    @classmethod
    def from_dict(cls, card: dict) -> CardInfo:
        """Compile a card dict (schema-valid, abilities checked) into its facts."""
        from deckkit.engine.ability_check import compile_card
        from deckkit.games.obludarium import effects  # noqa: F401  (the words and effects are registered)

        groups = frozenset(card.get("groups", ()))
        abilities: tuple = ()
        if card.get("abilities"):
            abilities, problems = compile_card("obludarium", card)
            if problems:
                from deckkit.errors import DataError

                first = problems[0]
                raise DataError(f"card {card.get('id')!r} ({card.get('name')}) {first.path}: {first.message}",
                                hint=first.hint)
        kind = card["type"]
        cast = _merged(abilities) if kind == SPELL else None
        use = next((a for a in abilities if a.kind in ("activated", "play")), None) if kind != SPELL else None
        triggers = tuple((a.trigger.on, a) for a in abilities if a.kind == "triggered")
        statics = tuple((s, a.condition) for a in abilities if a.kind == "static" for s in a.statics)
        replacements = tuple((a.trigger.on, a) for a in abilities if a.kind == "replacement")
        return cls(
            id=card["id"], name=card["name"], type=kind, cost=int(card.get("cost", 0) or 0),
            attack=int(card.get("attack", 0) or 0), defense=int(card.get("defense", 0) or 0),
            groups=groups, flying="flying" in groups, blocking=bool(card.get("blocking", False)),
            abilities=abilities, cast=cast, use=use, triggers=triggers, statics=statics,
            events=frozenset(on for on, _ in triggers), replacements=replacements,
            cast_plan=None if cast is None else Plan(cast), use_plan=None if use is None else Plan(use),
        )

    @property
    def remembers(self) -> bool:
        """Whether the card asks for memory within a turn: a once-each-turn ability, or a cost change
        for "the first … each turn"."""
        return any(a.per_turn for a in self.abilities) or any(s.param("first") for s, _ in self.statics)

    def has_static(self, name: str) -> bool:
        """Whether the card has a continuous effect of this kind."""
        return any(s.effect == name for s, _ in self.statics)

    def __repr__(self) -> str:
        return f"CardInfo({self.name!r})"


@lru_cache(maxsize=1)
def bundled_cards() -> tuple[dict, ...]:
    """The bundled Obludárium card pool (data/cards/obludarium.json)."""
    path = data_dir() / "cards" / "obludarium.json"
    return tuple(json.loads(path.read_text(encoding="utf-8")))
