"""Álomfogó card pool compiled for play: one immutable :class:`CardDef` per card dict."""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Iterable

from deckkit.engine import effects as registry
from deckkit.errors import DataError, UnknownCard
from deckkit.text import fold

GAME = "alomfogo"
MAGIC_SOURCE = "bűvforrás"  # AF-370
COUNTERSPELL = "ellenvarázs"  # AF-371
HELPER_MARKS = ("P", "S", "Á")  # AF-380 – AF-382
TARGETS = ("opponent-creature", "opponent")  # AF-385; with more players the player names whose (AF-912, AF-913)

# Effects that act while their event is on the table instead of when the card resolves.
STATIC_EFFECTS = frozenset({"vp-per-turn", "attack-bonus", "free-dreamwalker", "counter-spell"})


class CardDef:
    """One card's rules facts, with its effect handlers looked up once (shared, never mutated)."""

    __slots__ = ("id", "name", "key", "type", "cost", "attack", "defense", "glory", "helper", "magic_source",
                 "is_dreamwalker", "is_creature", "resolve", "helper_vp", "helper_discard", "vp_bonus",
                 "attack_bonus", "free_max", "counter", "target", "data")

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
        resolve: list[tuple[Callable, dict]] = []
        self.helper_vp = 0
        self.helper_discard = 0
        self.vp_bonus: list[tuple[Callable, dict]] = []
        self.attack_bonus: list[tuple[Callable, dict]] = []
        self.free_max = -1
        self.counter: tuple[Callable, dict] | None = None
        self.target: str | None = None  # what the card targets (AF-385): "opponent-creature"
        for ability in data.get("abilities", ()):
            name = ability.get("effect")
            try:
                fn = registry.handler(GAME, name)
            except KeyError:
                raise DataError(f"card {self.name!r}: unknown effect {name!r}",
                                hint="effects are " + ", ".join(sorted(registry.names(GAME)))) from None
            if name == "vp-per-turn":
                self.vp_bonus.append((fn, ability))
            elif name == "attack-bonus":
                self.attack_bonus.append((fn, ability))
            elif name == "free-dreamwalker":
                self.free_max = max(self.free_max, int(ability.get("max_cost", 0)))
            elif name == "counter-spell":
                self.counter = (fn, ability)
            else:
                resolve.append((fn, ability))
                if ability.get("target"):
                    if ability["target"] not in TARGETS:
                        raise DataError(f"card {self.name!r}: unknown target {ability['target']!r}",
                                        hint="targets are " + ", ".join(TARGETS))
                    if self.type != "general-spell":  # only phase 3 plays choose a target (AF-360, AF-385)
                        raise DataError(f"card {self.name!r}: a {self.type} cannot have a target",
                                        hint="only general spells choose a target when played")
                    if self.target not in (None, ability["target"]):
                        raise DataError(f"card {self.name!r}: two abilities with different targets",
                                        hint="a card chooses one target when it is played")
                    self.target = ability["target"]
                # AF-384: extra costs of a helper ability besides its rotation.
                self.helper_vp += int(ability.get("vp", 0))
                self.helper_discard += int(ability.get("discard", 0))
        self.resolve = tuple(resolve)

    @property
    def has_helper_ability(self) -> bool:
        """Whether the card has a (P)/(S)/(Á) ability usable as a helper (AF-309, AF-735)."""
        return self.helper in HELPER_MARKS and bool(self.resolve)

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
