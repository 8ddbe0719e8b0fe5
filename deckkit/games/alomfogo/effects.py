"""Álomfogó card effects, registered in the engine's effects registry under ``"alomfogo"``.

Every handler takes ``(state, ctx, ability)``: the :class:`~deckkit.games.alomfogo.state.AlomfogoState`,
a :class:`Context` (who uses the card, which duel side it helps) and the ability dict from the card data.
Resolving effects change the state; static ones (``vp-per-turn``, ``attack-bonus``) return their amount,
``free-dreamwalker`` is read from the data, ``counter-spell`` carries out the counter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckkit.engine.effects import EffectContext, effect

if TYPE_CHECKING:
    from deckkit.games.alomfogo.cards import CardDef
    from deckkit.games.alomfogo.zones import Perm
    from deckkit.games.alomfogo.state import AlomfogoState

G = "alomfogo"

_AMOUNT = {"type": "integer", "minimum": 1, "maximum": 99, "description": "How much: a whole number from 1 to 99."}
# AF-384: extra costs of a helper ability besides its rotation.
_COSTS = {"vp": {"type": "integer", "minimum": 0, "maximum": 99, "description": "Extra VP cost of the helper ability."},
          "discard": {"type": "integer", "minimum": 0, "maximum": 9,
                      "description": "Cards to discard as extra cost of the helper ability."}}
_WITH_AMOUNT = {"amount": _AMOUNT, **_COSTS}


def _target(kind: str) -> dict:
    return {"enum": [kind], "description": f"What a general spell chooses when played (AF-385): {kind}."}


class Context(EffectContext):
    """The engine's effect context plus the duel side a card serves (0 attacker, 1 defender).

    ``card`` is the source card; ``target`` the ``(owner, card in play or None)`` chosen when played (AF-385).
    """

    __slots__ = ("side",)

    def __init__(self, player: int, card: CardDef, side: int | None = None,
                 target: tuple[int, Perm | None] | None = None) -> None:
        super().__init__(player, card, (target,) if target is not None else ())
        self.side = side

    @property
    def card(self) -> CardDef:
        """The card whose ability this is."""
        return self.source


def _amount(ability: dict, default: int = 0) -> int:
    return int(ability.get("amount", default))


@effect(G, "boost", params=_WITH_AMOUNT, required=("amount",))
def boost(state: AlomfogoState, ctx: Context, ability: dict) -> None:
    """+N magic power to the user's duelist for this duel (AF-738, AF-EX-14)."""
    if state.duel is not None and ctx.side is not None:
        state.duel.bonus[ctx.side] += _amount(ability)


@effect(G, "weaken", params=_WITH_AMOUNT, required=("amount",))
def weaken(state: AlomfogoState, ctx: Context, ability: dict) -> None:
    """−N magic power to the opposing duelist for this duel (AF-738: other ways to change the outcome)."""
    if state.duel is not None and ctx.side is not None:
        state.duel.bonus[1 - ctx.side] -= _amount(ability)


@effect(G, "gain-vp", params=_WITH_AMOUNT, required=("amount",))
def gain_vp(state: AlomfogoState, ctx: Context, ability: dict) -> None:
    """The user gains N VP (Athame, AF-EX-24)."""
    player = state.players[ctx.player]
    player.vp += _amount(ability)
    state.logging and state.note(f"{state.pname(ctx.player)} gains {_amount(ability)} VP ({player.vp})")


@effect(G, "draw", params=_WITH_AMOUNT)
def draw(state: AlomfogoState, ctx: Context, ability: dict) -> None:
    """The user draws N cards; a draw the card demands from an empty deck loses (AF-107, AF-Q7)."""
    for _ in range(_amount(ability, 1)):
        if not state.draw(ctx.player, required=True):
            return


@effect(G, "cage-resting-creatures", params=_COSTS)
def cage_resting_creatures(state: AlomfogoState, ctx: Context, ability: dict) -> None:
    """Every resting creature of every player goes to its owner's spell cage (Álomrengés, AF-EX-35)."""
    for index, player in enumerate(state.players):
        keep = []
        for perm in player.table:
            if perm.card.is_creature and perm.state == 1:
                player.cage.append(perm.card)
                state.logging and state.note(f"{perm.card.name} ({state.pname(index)}) goes to the spell cage")
            else:
                keep.append(perm)
        player.table[:] = keep


@effect(G, "recover-all", params=_COSTS)
def recover_all(state: AlomfogoState, ctx: Context, ability: dict) -> None:
    """Every resting or damaged creature of the user turns active (AF-424)."""
    for perm in state.players[ctx.player].table:
        if perm.card.is_creature:
            perm.state = 0


@effect(G, "cage-opponent-events", params={"target": _target("opponent"), **_COSTS})
def cage_opponent_events(state: AlomfogoState, ctx: Context, ability: dict) -> None:
    """Every event of the chosen opponent goes to its owner's spell cage (AF-343, AF-Q2, AF-913)."""
    if ctx.target is None:
        return
    index = ctx.target[0]
    player = state.players[index]
    for perm in [p for p in player.table if p.card.type == "event"]:
        player.table.remove(perm)
        player.cage.append(perm.card)
        state.logging and state.note(f"{perm.card.name} ({state.pname(index)}) goes to the spell cage")


@effect(G, "gain-glory", params=_WITH_AMOUNT, required=("amount",))
def gain_glory(state: AlomfogoState, ctx: Context, ability: dict) -> None:
    """The user gains N glory points (no maximum, AF-810)."""
    state.players[ctx.player].glory += _amount(ability)
    state.logging and state.note(f"{state.pname(ctx.player)} gains {_amount(ability)} glory")


@effect(G, "rest-target", params={"target": _target("opponent-creature"), **_COSTS}, required=("target",))
def rest_target(state: AlomfogoState, ctx: Context, ability: dict) -> None:
    """The target creature of an opponent is turned resting, though it has not fought (AF-385, AF-416)."""
    if ctx.target is None:
        return
    owner, perm = ctx.target
    if perm in state.players[owner].table and perm.state == 0:
        perm.state = 1
        state.logging and state.note(f"{perm.card.name} ({state.pname(owner)}) is turned resting")


@effect(G, "vp-per-turn", params={"amount": _AMOUNT}, required=("amount",))
def vp_per_turn(state: AlomfogoState, ctx: Context, ability: dict) -> int:
    """Extra VP its controller receives in phase 1 while the event is active (AF-602, AF-342)."""
    return _amount(ability)


@effect(G, "attack-bonus", params={"amount": _AMOUNT}, required=("amount",))
def attack_bonus(state: AlomfogoState, ctx: Context, ability: dict) -> int:
    """Extra magic power for its controller's attacking duelist while the event is active."""
    return _amount(ability)


@effect(G, "free-dreamwalker", required=("max_cost",),
        params={"max_cost": {"type": "integer", "minimum": 0, "maximum": 99,
                             "description": "Highest cost of the free dreamwalker."}})
def free_dreamwalker(state: AlomfogoState, ctx: Context, ability: dict) -> int:
    """Highest cost of the one dreamwalker its controller may play free each turn (Ébredés Ajtaja, AF-EX-26)."""
    return int(ability.get("max_cost", 0))


@effect(G, "counter-spell")
def counter_spell(state: AlomfogoState, ctx: Context, ability: dict) -> Any:
    """Sacrifice the event: the spell being played has no effect and goes to the cage (AF-371, AF-372)."""
    player = state.players[ctx.player]
    for perm in player.table:
        if perm.card is ctx.card and perm.state == 0:
            player.table.remove(perm)
            player.cage.append(perm.card)
            return True
    return False


def check_card(card: dict) -> list:
    """Abilities that cannot work together on this card (the spec's ``check_card`` hook, AF-360, AF-385).

    Only a general spell chooses a target when it is played, and it chooses one.
    """
    from deckkit.engine.effects import AbilityProblem

    out = []
    chosen = None
    for i, ab in enumerate(card.get("abilities") or []):
        target = ab.get("target")
        if target is None:
            continue
        where = f"$.abilities[{i}].target"
        if card.get("type") != "general-spell":
            out.append(AbilityProblem(where, f"a {card.get('type')} cannot have a target",
                                      "only general spells choose a target when played (AF-360, AF-385)"))
        elif chosen not in (None, target):
            out.append(AbilityProblem(where, f"two abilities with different targets ({chosen}, {target})",
                                      "a card chooses one target when it is played (AF-385)"))
        chosen = chosen or target
    return out
