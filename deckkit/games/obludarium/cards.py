"""Card facts compiled once per game: the engine never looks into card dicts during play."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from deckkit.engine.core import shuffled  # noqa: F401  (Obludárium's shuffle is the engine's)
from deckkit.paths import data_dir

FOOD, MONSTER, ARTIFACT, SPELL = "food", "monster", "artifact", "spell"


@dataclass(frozen=True, slots=True)
class Ability:
    """One ``abilities`` entry: the effect name, its parameters and (for cards in play) its costs."""

    effect: str
    amount: int = 0
    stat: str = "attack"  # attack | defense | both
    target: str | None = None  # None | self | own | enemy
    kind: str = MONSTER  # what a target must be: monster | artifact | food
    group: str | None = None  # target must belong to this group (OB-329)
    when: str | None = None  # target must be: attacking | unblocked
    food: int = 0  # activation cost in food (cards in play)
    tap: bool = False  # activation taps the card
    sacrifice: bool = False  # activation puts the card into the discard pile

    @classmethod
    def from_dict(cls, data: dict) -> Ability:
        """Build from a card's ``abilities`` entry (already schema-valid)."""
        return cls(
            effect=data["effect"], amount=int(data.get("amount", 0)), stat=data.get("stat", "attack"),
            target=data.get("target"), kind=data.get("kind", MONSTER), group=data.get("group"),
            when=data.get("when"), food=int(data.get("food", 0)), tap=bool(data.get("tap", False)),
            sacrifice=bool(data.get("sacrifice", False)),
        )


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
    abilities: tuple

    @classmethod
    def from_dict(cls, card: dict) -> CardInfo:
        """Compile a card dict (schema-valid) into its facts."""
        groups = frozenset(card.get("groups", ()))
        return cls(
            id=card["id"], name=card["name"], type=card["type"], cost=int(card.get("cost", 0) or 0),
            attack=int(card.get("attack", 0) or 0), defense=int(card.get("defense", 0) or 0),
            groups=groups, flying="flying" in groups, blocking=bool(card.get("blocking", False)),
            abilities=tuple(Ability.from_dict(a) for a in card.get("abilities", ())),
        )

    def __repr__(self) -> str:
        return f"CardInfo({self.name!r})"


@lru_cache(maxsize=1)
def bundled_cards() -> tuple[dict, ...]:
    """The bundled Obludárium card pool (data/cards/obludarium.json)."""
    path = data_dir() / "cards" / "obludarium.json"
    return tuple(json.loads(path.read_text(encoding="utf-8")))
