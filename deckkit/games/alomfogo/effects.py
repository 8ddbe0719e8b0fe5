"""Álomfogó card effects, registered in the engine's effects registry under ``"alomfogo"``.

A step of an ability (``{"effect": "boost", "amount": 3}``) names one of these effects. Every handler
takes ``(state, ctx, step)``: the :class:`~deckkit.games.alomfogo.state.AlomfogoState`, a
:class:`Context` (who uses the card, which duel side it serves, the step's resolved targets and
amount) and the compiled :class:`~deckkit.engine.abilities.Step`. The interpreter
(:mod:`deckkit.games.alomfogo.interpret`) chooses targets and counts amounts before a handler runs,
so a handler only changes the state. Continuous effects (``static``) are not handlers: the rules
read them where they apply (:mod:`deckkit.games.alomfogo.language` lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckkit.engine.effects import EffectContext, effect

if TYPE_CHECKING:
    from deckkit.engine.abilities import Step
    from deckkit.games.alomfogo.cards import CardDef
    from deckkit.games.alomfogo.state import AlomfogoState
    from deckkit.games.alomfogo.zones import Perm

G = "alomfogo"

AMOUNT = {"type": "integer", "minimum": 0, "maximum": 99, "description": "How much: a whole number, or counted."}
PLAYER = {"description": "Who is affected: you, your opponent (in a duel the opposing player; with more "
                         "players the card names which, AF-913) or each player."}
CREATURES = ("dreamwalker", "dream-creature")


class Context(EffectContext):
    """The engine's effect context plus what an Álomfogó step needs.

    ``source`` is the card (:class:`CardDef`); ``perm`` the card in play it comes from (None for a
    spell); ``side`` the duel side it serves (0 attacker, 1 defender, None outside a duel); ``kind``
    ``"play"``, ``"helper"``, ``"instant"`` or ``"trigger"``; ``opponent`` the opponent the action
    named (AF-913); ``targets`` the current step's ``(owner, Perm or CardDef)`` pairs; ``amount`` its
    amount; ``event`` the triggering event's ``(owner, card)``; ``order`` the order an ordering
    choice states (top first).
    """

    __slots__ = ("side", "perm", "kind", "opponent", "amount", "event", "order", "assist")

    def __init__(self, player: int, card: CardDef, side: int | None = None, perm: Perm | None = None,
                 kind: str = "play", opponent: int | None = None) -> None:
        super().__init__(player, card, ())
        self.side = side
        self.perm = perm
        self.kind = kind
        self.opponent = opponent
        self.amount = 0
        self.event: tuple[Any, ...] | None = None  # (owner, card, amount)
        self.order: tuple[str, ...] = ()
        self.assist = 0  # the number of the duel assist this is (negation withdraws it, AF-D10, AF-D15)

    @property
    def card(self) -> CardDef:
        """The card whose ability this is."""
        return self.source


# -- the duel ---------------------------------------------------------------------------------------
@effect(G, "boost", params={"amount": AMOUNT}, required=("amount",),
        phrase=lambda w: f"+{w['amount']} to your duelist's magic power")
def boost(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """+N magic power to the user's duelist for this duel (AF-738, AF-EX-14)."""
    state.duel_modifier(ctx, ctx.side, ctx.amount)


@effect(G, "weaken", params={"amount": AMOUNT}, required=("amount",),
        phrase=lambda w: f"-{w['amount']} to the opposing duelist's magic power")
def weaken(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """−N magic power to the opposing duelist for this duel (AF-738: other ways to change the outcome)."""
    if ctx.side is not None:
        state.duel_modifier(ctx, 1 - ctx.side, -ctx.amount)


@effect(G, "negate", required=("what",), params={"what": {
    "enum": ["instant", "helper"],
    "description": "instant: the instant the opposing player has just played in this duel has no effect "
                   "(AF-D10); helper: the opposing helper's ability has no effect in this duel (AF-D15)."}},
        phrase=lambda w: ("the instant your opponent has just played in this duel has no effect"
                          if w["what"] == "instant" else "the opposing helper's ability has no effect in this duel"))
def negate(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """Withdraw what an opposing assist did to this duel's magic power (AF-738; AF-D10, AF-D15)."""
    state.negate_assist(ctx, str(ability.param("what")))


# -- counters ---------------------------------------------------------------------------------------
@effect(G, "gain-vp", params={"amount": AMOUNT, "player": PLAYER}, required=("amount",),
        phrase="{player} gain{s} {amount} VP")
def gain_vp(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The player gains N VP (Athame, AF-EX-24)."""
    for index in state.affected_players(ctx, ability.player):
        player = state.players[index]
        player.vp += ctx.amount
        if state.logging:
            state.note(f"{state.pname(index)} gains {ctx.amount} VP ({player.vp})")


@effect(G, "draw", params={"amount": AMOUNT, "player": PLAYER}, emits=("draw",),
        phrase="{player} draw{s} {cards}")
def draw(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The player draws N cards; a draw the card demands from an empty deck loses (AF-107, AF-Q7)."""
    for index in state.affected_players(ctx, ability.player):
        if state.players[index].passive:
            continue  # a goldfish opponent has no deck: it takes no turns and draws nothing
        for _ in range(ctx.amount):
            if not state.draw(index, required=True):
                break
        if state.result is not None:
            return


@effect(G, "gain-glory", params={"amount": AMOUNT, "player": PLAYER}, required=("amount",),
        phrase="{player} gain{s} {amount} glory points")
def gain_glory(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The player gains N glory points (no maximum, AF-810)."""
    for index in state.affected_players(ctx, ability.player):
        state.players[index].glory += ctx.amount
        if state.logging:
            state.note(f"{state.pname(index)} gains {ctx.amount} glory")


@effect(G, "lose-glory", params={"amount": AMOUNT, "player": PLAYER}, required=("amount",),
        phrase="{player} lose{s} {amount} glory points")
def lose_glory(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The player loses N glory points; at 0 they are out (AF-106)."""
    for index in state.affected_players(ctx, ability.player):
        if state.players[index].alive:
            state.lose_glory(index, ctx.amount)


# -- cards ------------------------------------------------------------------------------------------
_TARGET = {"description": "The cards it acts on (a word or a target object)."}


@effect(G, "set-state", required=("target", "state"), params={
    "target": {**_TARGET, "x-zones": ["play"]},
    "state": {"enum": ["active", "resting", "damaged"],
              "description": "active (recovered), resting (as after a duel or a (P) cost), damaged (AF-410)."}},
        phrase=lambda w: f"{w['target']} {'turns' if w['state'] != 'damaged' else 'becomes'} {w['state']}")
def set_state(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """Cards in play change state: resting and damaged never make a card less turned; active recovers it
    (AF-416 a spell rests a creature that has not fought; AF-424 recovery; AF-D4)."""
    want = ("active", "resting", "damaged").index(str(ability.param("state")))
    for owner, perm in ctx.targets:
        if perm not in state.players[owner].table:
            continue
        if want == 0:
            perm.state = 0
        elif perm.state < want:
            perm.state = want
            if state.logging:
                state.note(f"{perm.card.name} ({state.pname(owner)}) is turned "
                           f"{('active', 'resting', 'damaged')[want]}")


@effect(G, "to-cage", required=("target",), params={"target": _TARGET, "player": {
    **PLAYER, "enum": ["opponent"], "description": "opponent: only the cards of the one opponent the card names "
                                                   "(AF-913: with more players the action says which)."}},
        phrase="{target} goes to its owner's spell cage")
def to_cage(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """Cards go to their owner's spell cage from play or a hand (a discard, AF-386) or the deck (AF-406, AF-343)."""
    for owner, thing in ctx.targets:
        if state.remove_card(owner, thing):
            card = thing.card if hasattr(thing, "card") else thing
            state.players[owner].cage.append(card)
            if state.logging:
                state.note(f"{card.name} ({state.pname(owner)}) goes to the spell cage")


@effect(G, "to-hand", required=("target",), params={"target": _TARGET},
        phrase="{target} goes to its owner's hand")
def to_hand(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """Cards go to their owner's hand, from the spell cage, play or the deck (AF-D7)."""
    for owner, thing in ctx.targets:
        if state.remove_card(owner, thing):
            card = thing.card if hasattr(thing, "card") else thing
            state.players[owner].hand.append(card)
            if state.logging:
                state.note(f"{card.name} ({state.pname(owner)}) goes to the hand")


@effect(G, "order-top", params={"amount": AMOUNT}, required=("amount",),
        phrase="you look at the top {amount} cards of your deck and put them back in any order")
def order_top(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The top N cards of the user's deck go back in the order the action states, top first (AF-D13).

    Without a stated order (a trigger, a pilot that does not care) they stay as they were.
    """
    library = state.players[ctx.player].library
    n = min(ctx.amount, len(library))
    if not ctx.order or n == 0:
        return
    top = library[len(library) - n:][::-1]  # top first
    ordered = []
    for name in ctx.order:
        card = next(c for c in top if c.name == name)
        top.remove(card)
        ordered.append(card)
    library[len(library) - n:] = ordered[::-1]
    if state.logging:
        state.note(f"{state.pname(ctx.player)} puts back {', '.join(ctx.order)} (top first)")


@effect(G, "modify", required=("target",), params={
    "target": {**_TARGET, "x-zones": ["play"]},
    "attack": {"type": "integer", "minimum": -20, "maximum": 20, "description": "Change of attack power."},
    "defense": {"type": "integer", "minimum": -20, "maximum": 20, "description": "Change of defence power."},
    "duration": {"enum": ["turn", "next-turn", "permanent"], "description": "How long the change lasts."}},
        phrase=lambda w: f"{w['target']} gets {_signed(w.get('attack'), 'attack')}"
                         f"{' and ' if w.get('attack') and w.get('defense') else ''}"
                         f"{_signed(w.get('defense'), 'defence')} power{w['duration']}",
        check=lambda data, card: [] if data.get("attack") or data.get("defense") else [
            ("", "modify changes nothing", "give attack, defense or both, such as \"attack\": 2")])
def modify(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """A dreamwalker's printed powers change for a duration: this turn, its owner's next turn, or while it
    stays in play (the duel totals read them, AF-751, AF-752)."""
    attack, defense = int(ability.param("attack", 0)), int(ability.param("defense", 0))
    for owner, perm in ctx.targets:
        if perm in state.players[owner].table:
            state.add_power(owner, perm, attack, defense, ability.duration or "turn")


def _signed(value: Any, word: str) -> str:
    if not value:
        return ""
    return f"{'+' if value > 0 else ''}{value} {word}"


from deckkit.games.alomfogo import language as _language  # noqa: E402,F401  (registers the vocabulary)
