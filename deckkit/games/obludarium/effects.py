"""Obludárium effects, registered with the engine's effect contract; card ``abilities`` entries name them.

Every handler is ``fn(state, ctx, ability)``: ``ctx.player`` played the instant, ``ctx.target`` is
the chosen card in play (or None), ``ability`` the compiled :class:`~deckkit.games.obludarium.cards.Ability`.
Amounts last until the end of the turn. Each effect declares its parameters' schemas, from which
the card schema is generated.
"""

from __future__ import annotations

from deckkit.engine.effects import effect
from deckkit.games.obludarium.cards import MONSTER

GAME = "obludarium"

_AMOUNT = {"type": "integer", "minimum": 1, "maximum": 99, "description": "How much: a whole number from 1 to 99."}
_STAT = {"enum": ["attack", "defense", "both"], "description": "Which number changes: attack (default), defense or both."}
_KIND = {"enum": ["monster", "artifact", "food"], "description": "What the target must be (default monster)."}
_GROUP = {"type": "string", "maxLength": 31, "description": "The target must belong to this group (OB-329), e.g. flying."}
_WHEN = {"enum": ["attacking", "unblocked"], "description": "The target must be attacking, or attacking and unblocked."}
# Costs of a special property of a card in play (OB-901 – OB-903); a spell pays its card's cost.
_COSTS = {
    "food": {"type": "integer", "minimum": 0, "maximum": 99, "description": "Activation cost in food (cards in play)."},
    "tap": {"type": "boolean", "description": "Activation taps the card (cards in play)."},
    "sacrifice": {"type": "boolean", "description": "Activation puts the card into its discard pile (cards in play)."},
}


def _target(*sides: str) -> dict:
    return {"enum": list(sides), "description": "Whose card in play it acts on: " + ", ".join(sides) + "."}


_ON_OWN = {"amount": _AMOUNT, "stat": _STAT, "target": _target("own", "self"), "kind": _KIND, "group": _GROUP,
           "when": _WHEN, **_COSTS}
_ON_ENEMY = {**_ON_OWN, "target": _target("enemy")}


@effect(GAME, "boost", params=_ON_OWN, required=("amount", "target"))
def boost(state, ctx, ab) -> None:
    """Strengthen one's own monster: +amount attack, defence or both (OB-827, OB-831)."""
    target = ctx.target
    if ab.stat in ("attack", "both"):
        target.atk += ab.amount
    if ab.stat in ("defense", "both"):
        target.dfn += ab.amount
    state.logging and state.log.append(f"{target.info.name} is now {target.atk}/{target.dfn}")


@effect(GAME, "weaken", params=_ON_ENEMY, required=("amount", "target"))
def weaken(state, ctx, ab) -> None:
    """Weaken an enemy monster; one left with no defence dies (OB-827, Glum's strangling)."""
    target = ctx.target
    if ab.stat in ("attack", "both"):
        target.atk = max(0, target.atk - ab.amount)
    if ab.stat in ("defense", "both"):
        target.dfn = max(0, target.dfn - ab.amount)
    state.logging and state.log.append(f"{target.info.name} is now {target.atk}/{target.dfn}")
    if target.info.type == MONSTER and target.dfn <= 0:
        state.logging and state.log.append(f"{target.info.name} has no defence left and dies")
        state.to_discard(target)


@effect(GAME, "block", params={k: v for k, v in _ON_ENEMY.items() if k not in ("amount", "stat")},
        required=("target",))
def block(state, ctx, ab) -> None:
    """A blocking spell: the target's attack is blocked and does no damage (OB-813, OB-828)."""
    target = ctx.target
    target.sblock = True
    state.logging and state.log.append(f"{target.info.name}'s attack is blocked")


@effect(GAME, "destroy", params={**{k: v for k, v in _ON_ENEMY.items() if k not in ("amount", "stat")},
                                  "target": _target("enemy", "own")}, required=("target",))
def destroy(state, ctx, ab) -> None:
    """Destroy a card in play: it goes to its owner's discard pile (OB-319, OB-346, OB-408)."""
    target = ctx.target
    state.logging and state.log.append(f"{target.info.name} is destroyed")
    state.to_discard(target)


@effect(GAME, "hit", params={"amount": _AMOUNT, **_COSTS}, required=("amount",))
def hit(state, ctx, ab) -> None:
    """The opponent loses ``amount`` life (OB-108)."""
    player = ctx.player
    state.lose_life(1 - player, ab.amount, "spell")


@effect(GAME, "heal", params={"amount": _AMOUNT, **_COSTS}, required=("amount",))
def heal(state, ctx, ab) -> None:
    """The player gains ``amount`` life."""
    player = ctx.player
    state.life[player] += ab.amount
    state.logging and state.log.append(f"p{player + 1} gains {ab.amount} life: {state.life[player]}")


@effect(GAME, "draw", params={"amount": _AMOUNT, **_COSTS})
def draw(state, ctx, ab) -> None:
    """The player draws ``amount`` cards (an empty deck loses, OB-109)."""
    player = ctx.player
    state.draw(player, max(1, ab.amount))


@effect(GAME, "recall", params=dict(_COSTS))
def recall(state, ctx, ab) -> None:
    """The monster most recently put into the player's discard pile returns to hand (OB-409)."""
    player = ctx.player
    pile = state.discards[player]
    for i in range(len(pile) - 1, -1, -1):
        if pile[i].type == MONSTER:
            card = pile.pop(i)
            state.hands[player].append(card)
            state.logging and state.log.append(f"{card.name} returns to p{player + 1}'s hand")
            return
    state.logging and state.log.append("no monster in the discard pile to return")


_TARGET_KEYS = ("target", "kind", "group", "when")
_COST_KEYS = tuple(_COSTS)


def check_card(card: dict):
    """Abilities that cannot work together on this card (the spec's ``check_card`` hook).

    A card chooses one target when it is cast or used, by its first ability (OB-351, OB-901), and
    pays that ability's costs; so a later ability may not ask for another target or costs, a spell
    pays its card's cost (food, tap and sacrifice are costs of a card in play), and a spell has no
    card in play to act on itself.
    """
    from deckkit.engine.effects import AbilityProblem

    abilities = card.get("abilities") or []
    out = []
    first = abilities[0] if abilities else {}
    aim = tuple(first.get(k) for k in _TARGET_KEYS)
    for i, ab in enumerate(abilities):
        where = f"$.abilities[{i}]"
        if card.get("type") == "spell":
            for key in _COST_KEYS:
                if key in ab:
                    out.append(AbilityProblem(f"{where}.{key}", f"a spell cannot have {key!r}: it pays its card's cost",
                                              "food, tap and sacrifice are costs of a card in play (OB-901)"))
            if ab.get("target") == "self":
                out.append(AbilityProblem(f"{where}.target", "a spell has no card in play to act on itself",
                                          "target is own or enemy on a spell"))
        if i == 0:
            continue
        for key in _COST_KEYS:
            if key in ab:
                out.append(AbilityProblem(f"{where}.{key}", f"only the first ability's costs are paid; {key!r} here "
                                          "would be ignored", "move the cost to the first ability"))
        if ab.get("target") is not None and tuple(ab.get(k) for k in _TARGET_KEYS) != aim:
            out.append(AbilityProblem(
                f"{where}.target", "the card's abilities act on the one target chosen when it is played, "
                f"by its first ability ({first.get('target') or 'no target'}); this one asks for another",
                "give every targeted ability the same target, kind, group and when as the first, or make two cards"))
    return out
