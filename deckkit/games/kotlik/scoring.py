"""Scoring (KO-800) as one plain function over cauldrons, plus the per-set rule used incrementally."""

from __future__ import annotations

from deckkit.games.kotlik.cards import COLOURS, CardSet


def set_score(count: int, total: int) -> int:
    """Points of ``count`` cards of one ingredient whose (doubled) values add up to ``total``.

    KO-805 one card counts negative, KO-806 two are worth 0, KO-807 three score their sum,
    KO-808 all four score their sum plus 5.
    """
    if count == 1:
        return -total
    if count == 3:
        return total
    if count >= 4:
        return total + 5
    return 0


def card_value(cs: CardSet, card: int, player: int, doubling: str = "own") -> int:
    """A card's scoring value for ``player``: its number, doubled in the player's own colour (KO-804, KO-Q9)."""
    label = cs.label[card]
    if (doubling == "own" and label == COLOURS[player]) or (doubling == "both" and label in COLOURS):
        return 2 * cs.num[card]
    return cs.num[card]


def counts_as_one(cs: CardSet, card: int, player: int, doubling: str = "own", ones: str = "printed") -> bool:
    """Whether a card counts for the value-1 majority (KO-802, KO-Q10)."""
    if ones == "printed":
        return cs.num[card] == 1
    return card_value(cs, card, player, doubling) == 1


def counted_ones(count: int, ones: int, ones_from: str = "all") -> int:
    """How many of the ``ones`` value-1 cards among ``count`` cards of one ingredient count (KO-802, KO-Q10).

    ``all`` (the recommended reading): every one of them, whatever the set size; ``sets``: only those
    of an ingredient the player holds 3 or 4 cards of (KO-807, KO-808), none from singletons and pairs.
    """
    if ones_from == "sets" and count < 3:
        return 0
    return ones


def recipe_points(cs: CardSet, cauldron: list[int], recipes: list[int]) -> int:
    """Bonus of the player's recipes whose every required ingredient is in the cauldron (KO-810, KO-Q11)."""
    held = {cs.ing[c] for c in cauldron}
    return sum(cs.recipe_bonus[r] for r in recipes if all(k in held for k in cs.recipe_needs[r]))


def score_breakdown(cs: CardSet, cauldrons: list[list[int]], player: int, *, doubling: str = "own",
                    ones: str = "printed", ones_from: str = "all",
                    recipes: list[list[int]] | None = None) -> dict:
    """Every term of the KO-800 procedure for ``player``: per ingredient, majority, recipes, total."""
    mine = cauldrons[player]
    groups: dict[int, list[int]] = {}
    for card in mine:
        groups.setdefault(cs.ing[card], []).append(card)
    per_ingredient = {}
    total = 0
    for kind, cards in groups.items():
        points = set_score(len(cards), sum(card_value(cs, c, player, doubling) for c in cards))
        per_ingredient[cs.kinds[kind]] = points
        total += points
    count = [_ones(cs, cauldrons[p], p, doubling, ones, ones_from) for p in (0, 1)]
    majority = 5 if count[player] > count[1 - player] else 0  # KO-802, KO-803
    bonus = recipe_points(cs, mine, recipes[player]) if recipes else 0
    return {"ingredients": per_ingredient, "ones": count[player], "majority": majority,
            "recipes": bonus, "total": total + majority + bonus}


def _ones(cs: CardSet, cauldron: list[int], player: int, doubling: str, ones: str, ones_from: str) -> int:
    """The player's value-1 cards for the majority, ingredient by ingredient (KO-802, KO-Q10)."""
    groups: dict[int, list[int]] = {}
    for card in cauldron:
        groups.setdefault(cs.ing[card], []).append(card)
    return sum(counted_ones(len(cards), sum(counts_as_one(cs, c, player, doubling, ones) for c in cards), ones_from)
               for cards in groups.values())


def score(cs: CardSet, cauldrons: list[list[int]], player: int, **options) -> int:
    """The final score of ``player`` (KO-800)."""
    return score_breakdown(cs, cauldrons, player, **options)["total"]
