"""The Kotlík card set compiled into flat tables (ints) so rules and policies stay cheap."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from deckkit.errors import DataError, UnknownCard
from deckkit.paths import data_dir
from deckkit.text import fold

COLOURS = ("white", "black")  # player 0 is White, player 1 is Black (KO-102, KO-113)
LABEL_SHORT = {"white": "wh", "black": "bk", "green": "gn", "grey": "gy", "brown": "br", "blue": "bl", "yellow": "ye"}


@lru_cache(maxsize=1)
def bundled_cards() -> tuple[dict, ...]:
    """The bundled card set ``data/cards/kotlik.json``."""
    path = data_dir() / "cards" / "kotlik.json"
    return tuple(json.loads(path.read_text(encoding="utf-8")))


@dataclass
class CardSet:
    """Ingredient, corner and recipe cards of one game, indexed by position in ``ingredients``."""

    ingredients: list[dict]
    corners: list[dict]
    recipes: list[dict]
    kinds: list[str] = field(default_factory=list)  # ingredient names, index = ingredient id
    ing: list[int] = field(default_factory=list)  # card -> ingredient id
    num: list[int] = field(default_factory=list)  # card -> printed number (KO-111, KO-Q1)
    label: list[str] = field(default_factory=list)
    explodes: list[bool] = field(default_factory=list)
    hat: list[bool] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    short: list[str] = field(default_factory=list)
    by_name: dict[str, tuple[str, int]] = field(default_factory=dict)  # folded name/id -> (kind, index)
    recipe_needs: list[tuple[int, ...]] = field(default_factory=list)
    recipe_bonus: list[int] = field(default_factory=list)

    @classmethod
    def from_cards(cls, cards: list[dict] | tuple[dict, ...]) -> CardSet:
        """Sort a card list into the tables; DataError when it cannot make a Kotlík game."""
        kotlik = [c for c in cards if c.get("game", "kotlik") == "kotlik"]
        ingredients = [c for c in kotlik if c.get("type") == "ingredient"]
        corners = [c for c in kotlik if c.get("type") == "corner"]
        recipes = [c for c in kotlik if c.get("type") == "recipe"]
        if len(ingredients) < 34:
            raise DataError(
                f"a Kotlík game needs at least 34 ingredient cards, got {len(ingredients)}",
                hint="the standard set has 56 (KO-104): 32 on the board plus the supply deck (KO-302, KO-305); "
                     "data/decks/kotlik-standard.deck lists them all",
            )
        stones = sorted(c.get("stone") or "" for c in corners)
        if len(corners) != 4 or stones != ["", "", "black", "white"]:
            raise DataError(
                "a Kotlík game needs 4 corner cards, one marked with the white stone and one with the black",
                hint="KO-105, KO-116: list the four corner cards (`deckkit search t:corner` shows them); in card "
                     "data two are marked \"stone\": \"white\" and \"black\"",
            )
        cs = cls(ingredients, corners, recipes)
        for card in ingredients:
            kind = card["ingredient"]
            if kind not in cs.kinds:
                cs.kinds.append(kind)
            cs.ing.append(cs.kinds.index(kind))
            cs.num.append(int(card["number"]))
            cs.label.append(card["label"])
            symbols = card.get("symbols") or ()
            cs.explodes.append("exploding-cauldron" in symbols)
            cs.hat.append("hat-and-wand" in symbols)
            cs.names.append(card["name"])
        _refuse_copies(kotlik)
        for kind, group in (("ingredient", ingredients), ("corner", corners), ("recipe", recipes)):
            for i, card in enumerate(group):
                for key in (card["name"], card["id"]):
                    if fold(key) in cs.by_name and cs.by_name[fold(key)] != (kind, i):
                        raise DataError(f"two different Kotlík cards are both called {key!r}",
                                        hint="scripts and actions name cards, so each name (and id) must be "
                                             "unique: rename one in the card data")
                    cs.by_name[fold(key)] = (kind, i)
        kind_short = _shorts(cs.kinds)
        cs.short = [kind_short[k] for k in cs.ing]
        for recipe in recipes:
            needs = []
            for kind in recipe.get("requires", ()):
                if kind not in cs.kinds:
                    raise DataError(
                        f"recipe {recipe['name']!r} requires {kind!r}, which no ingredient card shows",
                        hint="known ingredients: " + ", ".join(cs.kinds),
                    )
                needs.append(cs.kinds.index(kind))
            cs.recipe_needs.append(tuple(needs))
            cs.recipe_bonus.append(int(recipe.get("bonus", 0)))
        return cs

    def lookup(self, name: str, kind: str) -> int:
        """Index of the ``kind`` card called ``name`` (or with that id); UnknownCard otherwise."""
        hit = self.by_name.get(fold(name))
        if hit is None or hit[0] != kind:
            import difflib

            pool = [c["name"] for c in getattr(self, kind + "s")]  # ingredients, corners, recipes
            close = difflib.get_close_matches(fold(name), [fold(p) for p in pool], n=3)
            names = {fold(p): p for p in pool}
            raise UnknownCard(name, [names[c] for c in close])
        return hit[1]


def _refuse_copies(cards: list[dict]) -> None:
    """A Kotlík set holds every card once (KO-104, KO-Q1): a deck listing a card twice is not a set."""
    seen: dict[str, int] = {}
    for card in cards:
        seen[card["id"]] = seen.get(card["id"], 0) + 1
    extra = [(next(c["name"] for c in cards if c["id"] == cid), n) for cid, n in seen.items() if n > 1]
    if extra:
        listed = ", ".join(f"{name} ×{n}" for name, n in extra)
        raise DataError(
            f"the Kotlík set lists the same card more than once: {listed}",
            hint="every Kotlík card exists once (KO-104: 14 ingredients × numbers 1–4); list each with count 1 "
                 "— `deckkit deck validate DECK` shows every problem",
        )


def _shorts(kinds: list[str]) -> list[str]:
    """A label of at most 6 letters per ingredient for the board grid, unique in the set.

    One word: its first 6 letters; two or more: 3 + 3. Two ingredients that would share a label
    get a digit in its last place, so the grid never shows one label for two ingredients.
    """
    out: list[str] = []
    for kind in kinds:
        words = kind.split()
        base = words[0][:6] if len(words) == 1 else (words[0][:3] + words[1][:3])
        label, n = base, 1
        while label in out:
            n += 1
            label = base[:5] + str(n)
        out.append(label)
    return out
