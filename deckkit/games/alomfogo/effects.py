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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deckkit.engine.abilities import MAX_TRIGGER_DEPTH
from deckkit.engine.effects import EffectContext, effect
from deckkit.games.alomfogo.zones import Perm

if TYPE_CHECKING:
    from deckkit.engine.abilities import Step
    from deckkit.games.alomfogo.cards import CardDef
    from deckkit.games.alomfogo.state import AlomfogoState

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

    __slots__ = ("side", "perm", "kind", "opponent", "amount", "event", "order", "assist", "acted", "used",
                 "borrowed")

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
        self.acted: Any = ()  # what each earlier step acted on, a list (references: "it", "its owner")
        self.used: Any = None  # an ability this step uses (AF-D30), carried out by the resolver
        self.borrowed = 0  # how many abilities deep this one was used through others' (AF-D30)

    def copy(self, perm: Callable[[Perm], Perm]) -> Context:
        """A copy for a cloned state, its cards in play mapped by ``perm``."""
        def one(thing: Any) -> Any:
            return perm(thing) if isinstance(thing, Perm) else thing

        twin = Context(self.player, self.source, self.side, one(self.perm), self.kind, self.opponent)
        twin.targets = tuple((o, one(t)) for o, t in self.targets)
        twin.amount, twin.order, twin.assist, twin.borrowed = self.amount, self.order, self.assist, self.borrowed
        twin.event = None if self.event is None else (self.event[0], one(self.event[1]), *self.event[2:])
        return twin

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
    for index in state.affected_players(ctx, ability.player, ability):
        player = state.players[index]
        player.vp += ctx.amount
        if state.logging:
            state.note(f"{state.pname(index)} gains {ctx.amount} VP ({player.vp})")


@effect(G, "draw", params={"amount": AMOUNT, "player": PLAYER}, emits=("draw",),
        phrase="{player} draw{s} {cards}")
def draw(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The player draws N cards; a draw the card demands from an empty deck loses (AF-107, AF-Q7)."""
    for index in state.affected_players(ctx, ability.player, ability):
        if state.players[index].passive:
            continue  # a goldfish opponent has no deck: it takes no turns and draws nothing
        for _ in range(ctx.amount):
            if not state.draw(index, required=True):
                break
        if state.result is not None:
            return


def _glory(verb: str) -> Callable[[dict], str]:
    def phrase(w: dict) -> str:
        step = w["step"]
        one = step.amount.fixed == 1 and not step.amount.dynamic
        return f"{w['player']} {verb}{w['s']} {w['amount']} glory point{'' if one else 's'}"

    return phrase


@effect(G, "gain-glory", params={"amount": AMOUNT, "player": PLAYER}, required=("amount",), phrase=_glory("gain"))
def gain_glory(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The player gains N glory points (no maximum, AF-810)."""
    for index in state.affected_players(ctx, ability.player, ability):
        if state.logging:
            state.note(f"{state.pname(index)} gains {ctx.amount} glory")
        state.gain_glory(index, ctx.amount)


@effect(G, "lose-glory", params={"amount": AMOUNT, "player": PLAYER}, required=("amount",), phrase=_glory("lose"))
def lose_glory(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The player loses N glory points; at 0 they are out (AF-106)."""
    for index in state.affected_players(ctx, ability.player, ability):
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
            state.become(owner, perm, want)  # a replacement may do something else instead (AF-D25)
            if state.logging and perm.state == want:
                state.note(f"{perm.card.name} ({state.pname(owner)}) is turned "
                           f"{('active', 'resting', 'damaged')[want]}")


@effect(G, "to-cage", required=("target",), params={"target": _TARGET, "player": {
    **PLAYER, "enum": ["opponent"], "description": "opponent: only the cards of the one opponent the card names "
                                                   "(AF-913: with more players the action says which)."}},
        phrase="{target} goes to its owner's spell cage")
def to_cage(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """Cards go to their owner's spell cage from play or a hand (a discard, AF-386) or the deck (AF-406, AF-343)."""
    for holder, thing in ctx.targets:
        if state.remove_card(holder, thing):
            card = thing.card if hasattr(thing, "card") else thing
            owner = state.owner_of(holder, thing)
            state.players[owner].cage.append(card)
            if state.logging:
                state.note(f"{card.name} ({state.pname(owner)}) goes to the spell cage")


@effect(G, "to-hand", required=("target",), params={"target": _TARGET},
        phrase="{target} goes to its owner's hand")
def to_hand(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """Cards go to their owner's hand, from the spell cage, play or the deck (AF-D7)."""
    for holder, thing in ctx.targets:
        from_deck = state.logging and any(thing is c for c in state.players[holder].library)
        if state.remove_card(holder, thing):
            card = thing.card if hasattr(thing, "card") else thing
            owner = state.owner_of(holder, thing)
            state.players[owner].hand.append(card)
            if from_deck:  # only its owner sees a card from the deck
                state.tell(owner, f"{card.name} ({state.pname(owner)}) goes to the hand",
                           f"a card from {state.pname(owner)}'s deck goes to the hand")
            elif state.logging:
                state.note(f"{card.name} ({state.pname(owner)}) goes to the hand")


@effect(G, "to-deck", required=("target",), params={"target": _TARGET, "position": {
    "enum": ["top", "bottom"], "description": "top (drawn next) or bottom of the owner's deck."}},
        phrase=lambda w: f"you put {w['target']} on the {w.get('position', 'top')} of its owner's deck")
def to_deck(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """Cards go on the top or the bottom of their owner's deck, from the hand, play or the spell cage (AF-D19)."""
    bottom = ability.param("position", "top") == "bottom"
    for holder, thing in ctx.targets:
        from_hand = state.logging and any(thing is c for c in state.players[holder].hand)
        if state.remove_card(holder, thing):
            card = thing.card if hasattr(thing, "card") else thing
            owner = state.owner_of(holder, thing)
            library = state.players[owner].library  # its top is its last card
            if bottom:
                library.insert(0, card)
            else:
                library.append(card)
            if state.logging:
                said = f"{card.name} ({state.pname(owner)}) goes on the {'bottom' if bottom else 'top'} of the deck"
                if from_hand:  # only its owner has seen a card of the hand
                    state.tell(owner, said, f"a card from {state.pname(owner)}'s hand goes on the "
                                            f"{'bottom' if bottom else 'top'} of the deck")
                else:
                    state.note(said)


def _top_phrase(w: dict) -> str:
    step = w["step"]
    n = step.amount.fixed if step.amount.count is None and not step.amount.stat else 0
    whose = {"you": "your", "opponent": "your opponent's", "each": "each player's", "owner": "its owner's",
             "that-player": "that player's"}.get(step.player, "your")
    top = "the top card" if n == 1 else f"the top {w['amount']} cards"
    where = {"cage": "spell cage", "hand": "hand"}[w.get("to", "cage")]
    verb = "goes" if n == 1 else "go"
    return f"{top} of {whose} deck {verb} to {'its' if n == 1 else 'their'} owner's {where}"


@effect(G, "deck-top", params={"amount": AMOUNT, "player": PLAYER, "to": {
    "enum": ["cage", "hand"], "description": "where the top cards of the player's deck go."}},
        required=("to",), phrase=_top_phrase, finds=True)
def deck_top(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The top N cards of the player's deck go to their spell cage (AF-406) or hand; a later step can read
    them (``"if": {"ref": N, …}``, AF-D27)."""
    moved = []
    to = ability.param("to", "cage")
    for index in state.affected_players(ctx, ability.player, ability):
        pl = state.players[index]
        for _ in range(min(ctx.amount, len(pl.library))):
            card = pl.library.pop()
            (pl.cage if to == "cage" else pl.hand).append(card)
            moved.append((index, card))
            if state.logging:
                said = f"{card.name}, the top card of {state.pname(index)}'s deck, goes to the "
                if to == "cage":
                    state.note(said + "spell cage")
                else:  # only its owner sees a card from the deck
                    state.tell(index, said + "hand", f"the top card of {state.pname(index)}'s deck goes to the hand")
    ctx.targets = tuple(moved)


@effect(G, "lose-vp", params={"amount": AMOUNT, "player": PLAYER}, required=("amount",),
        phrase=lambda w: f"{w['player']} lose{w['s']} {w['amount']} VP (never below 0)")
def lose_vp(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The player loses N VP, never below 0 (AF-D17)."""
    for index in state.affected_players(ctx, ability.player, ability):
        player = state.players[index]
        player.vp = max(0, player.vp - ctx.amount)
        if state.logging:
            state.note(f"{state.pname(index)} loses {ctx.amount} VP ({player.vp})")


@effect(G, "take-control", required=("target",), params={
    "target": {**_TARGET, "x-zones": ["play"]},
    "duration": {"enum": ["turn", "permanent"], "description": "this turn (it goes back at the end of the turn) "
                                                             "or permanently."}},
        phrase="you take control of {target}{duration}")
def take_control(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The user takes another player's card in play onto their own table, for this turn or permanently
    (AF-D29); it keeps its state and its owner, whose spell cage and hand it goes to."""
    for holder, perm in ctx.targets:
        if holder == ctx.player or perm not in state.players[holder].table:
            continue
        state.players[holder].table.remove(perm)
        perm.owner = state.owner_of(holder, perm)
        perm.back = state.turn if ability.duration == "turn" else 0
        if perm.owner == ctx.player:
            perm.owner = None
        state.players[ctx.player].table.append(perm)
        if state.logging:
            state.note(f"{state.pname(ctx.player)} takes control of {perm.card.name} ({state.pname(holder)})")


@effect(G, "use-ability", required=("target",), params={"target": _TARGET},
        phrase="you use the ability of {target} as if it were {name}'s")
def use_ability(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The (P)/(S)/(Á) ability of a chosen creature, or the spell's effect of a chosen card, is carried out
    as this card's, its cost unpaid and its choices made now by the user (AF-D30)."""
    for _, thing in ctx.targets[:1]:
        card = thing.card if hasattr(thing, "card") else thing
        used = card.helper_ability or card.play
        if used is None:
            continue
        if ctx.borrowed >= MAX_TRIGGER_DEPTH:  # two copies using each other's ability, for ever
            if state.logging:
                state.note(f"{ctx.card.name}: {card.name}'s ability is not used — abilities used through each "
                           f"other stop at {MAX_TRIGGER_DEPTH}")
            continue
        if state.logging:
            state.note(f"{ctx.card.name} uses {card.name}'s ability")
        from deckkit.games.alomfogo.resolve import Resolution, first_steps

        inner = Context(ctx.player, card, ctx.side, None, ctx.kind, ctx.opponent)
        inner.assist = ctx.assist
        inner.borrowed = ctx.borrowed + 1
        ctx.used = Resolution(inner, used, first_steps(used), [], state.fought)


#: Every order of the top cards is an option of the decision: 6 cards are 720 orders, more would be
#: millions (a card with 12 would list 479 million), so the checker stops a card there.
ORDER_TOP = {**AMOUNT, "maximum": 6, "description": "How many top cards: 1 to 6 (each order is an option)."}


@effect(G, "order-top", params={"amount": ORDER_TOP}, required=("amount",),
        phrase="you look at the top {amount} cards of your deck and put them back in any order")
def order_top(state: AlomfogoState, ctx: Context, ability: Step) -> None:
    """The top N cards of the user's deck go back in the order the action states, top first (AF-D13); in a
    triggered ability the order is its player's decision when it resolves (``choose A, B, C``)."""
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
    if state.logging:  # only the player has seen the top cards
        state.tell(ctx.player, f"{state.pname(ctx.player)} puts back {', '.join(ctx.order)} (top first)",
                   f"{state.pname(ctx.player)} puts back the top {n} cards in an order of their choice")


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
