"""Obludárium effects that move cards between zones, tap them, change control, change any player's
life, look at a deck, or borrow another card's special property — registered with the engine's
effect contract like those of :mod:`deckkit.games.obludarium.effects`.

- ``move``: one card-moving effect for every zone: a target in ``play``, ``hand``, ``deck`` or
  ``discard`` (its ``zone``) goes ``to`` another, into its owner's zone (OB-408); into a deck at a
  ``position`` (top, bottom, random, or shuffled in). A monster put from play into the discard pile
  dies (the ``dies`` event, OB-826); a card put into play enters it (``enters``, ``food-laid``).
- ``discard``: players (you, your opponent, each player …) discard cards from hand — each of their
  own choice (OB-910: the discarding player chooses), or at random (``random``).
- ``tap``: the counterpart of ``untap`` (OB-313).
- ``lose-life`` / ``gain-life``: any player (you, your opponent, each player, a card's owner, the
  event's player) loses or gains life; a total never goes below 0 and 0 loses (OB-108).
- ``look``: the top N cards of a deck; the player puts any number on the bottom and the rest back on
  top in an order they choose (decisions, :mod:`~deckkit.games.obludarium.pending`).
- ``gain-control``: a card in play comes under the ability's controller permanently (while it stays
  in play) or this turn; it keeps its state (a monster laid out in an earlier turn may attack).
- ``use-ability``: the special property of another card in play is carried out as if it were this
  card's (OB-D42): its steps, with this card as "this card" and its targets chosen as it resolves;
  the other card's costs are not paid (this card's own cost is the price).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from deckkit.engine.abilities import MAX_TRIGGER_DEPTH
from deckkit.engine.core import chance
from deckkit.engine.effects import effect
from deckkit.games.obludarium import language
from deckkit.games.obludarium.cards import CardInfo
from deckkit.games.obludarium.pending import Ask, Held, questions
from deckkit.games.obludarium.zones import Perm

GAME = "obludarium"
language.register()

ZONES = ("play", "hand", "deck", "discard")
POSITIONS = ("top", "bottom", "random", "shuffle")
_AMOUNT = {"description": "How much: a whole number, a counted amount, the event's amount or a card's number."}
_PLAYER = {"description": "Who: you, your opponent, each player, its owner (of the card the step reads) or "
                          "that player (of the triggering event)."}
_WHERE = {"play": "into play", "hand": "into its owner's hand", "discard": "into its owner's discard pile"}
_DECK = {"top": "on top of its owner's deck", "bottom": "on the bottom of its owner's deck",
         "random": "into its owner's deck at random", "shuffle": "into its owner's deck, then that deck is shuffled"}


def _target(*sides: str, zones: tuple[str, ...] = ()) -> dict:
    out: dict = {"description": "Which cards: " + ", ".join(sides) + ".", "x-sides": list(sides)}
    out["x-zones"] = list(zones or ("play",))  # a card in play unless the effect says where else it acts
    return out


# -- moving a card -----------------------------------------------------------------------------------
def move_card(state, card, to: str, position: str = "top", tapped: bool = False, player: int = 0) -> Any:
    """Move one card (in play, or ``Held`` in another zone; a card's facts: ``player``'s deck) into its
    owner's ``to`` zone; returns what the card is now (a card in play or a ``Held``), None if it was
    no longer where it was."""
    if type(card) is CardInfo:
        card = Held(card, player, "deck")
    if type(card) is Perm:
        if card not in state.tables[card.owner]:
            return None
        owner = state.home_of(card)
        info = card.info.printed or card.info  # the card as printed: granted abilities stay in play
        if to == "discard":
            state.say(f"{info.name} is put into p{owner + 1}'s discard pile")
            state.to_discard(card)  # a monster dies (OB-826); its owner's pile (OB-408)
            return Held(info, owner, "discard")
        if to == "hand":
            state.to_hand(card)
            return Held(info, owner, "hand")
        if to == "play":
            return card
        state._leave_play(card)
        state.released(card)
        _into_deck(state, info, owner, position)
        state.check_deaths()
        return Held(info, owner, "deck")
    info, owner = card.info, card.owner
    pile = state._zone(owner, card.zone)
    if info not in pile:
        return None
    if card.zone == "deck":  # the top copy (the end of the list)
        del pile[len(pile) - 1 - pile[::-1].index(info)]
        state.check_decks(owner)  # OB-109: that may have been the deck's last card
    else:
        pile.remove(info)
    if to == "play":
        perm = state.new_perm(info, owner, tapped=tapped)
        state.say(f"p{owner + 1} puts {info.name} into play" + (" tapped" if tapped else ""))
        state.entered(perm)
        return perm
    if to == "deck":
        _into_deck(state, info, owner, position, card.zone != "hand")
    else:
        state._zone(owner, to).append(info)
        where = "hand" if to == "hand" else "discard pile"
        if state.logging:
            said = f"{info.name} goes from p{owner + 1}'s {card.zone} to the {where}"
            if card.zone == "deck" and to == "hand":  # only its owner sees the card
                state.tell(owner, said, f"a card goes from p{owner + 1}'s deck to the hand")
            else:
                state.say(said)
    return Held(info, owner, to)


def _into_deck(state, info: CardInfo, owner: int, position: str, shown: bool = True) -> None:
    """``shown``: False for a card from the hand, which only its owner has seen (the others read "a card")."""
    lib = state.libs[owner]  # the top of the deck is the end of the list
    if position == "bottom":
        lib.insert(0, info)
    elif position == "random":
        lib.insert(chance(state.rng, "position in the deck", list(range(len(lib) + 1))), info)
    else:
        lib.append(info)
    if state.logging:
        where = (f" goes {'on top of' if position in ('top', 'shuffle') else 'into'} p{owner + 1}'s deck"
                 + (" at the bottom" if position == "bottom" else " at random" if position == "random" else ""))
        if shown:
            state.say(info.name + where)
        else:
            state.tell(owner, info.name + where, "a card" + where)
    if position == "shuffle":
        state.shuffle_deck(owner)


def _move_phrase(w: dict) -> str:
    step = w["step"]
    to, position = step.param("to", "hand"), step.param("position", "top")
    t = step.target
    mine = t is not None and t.choose not in ("ref", "it") and t.side == "own"
    where = _DECK[position] if to == "deck" else _WHERE[to]
    if mine:  # the owner is the player: "your hand", "your deck"
        where = where.replace("its owner's", "your").replace("that deck is", "your deck is")
    if to == "play" and step.param("tapped", False):
        where += " tapped"
    if to == "hand":
        return f"return {w['target']} to {'your' if mine else 'its owner' + chr(39) + 's'} hand"
    return f"put {w['target']} {where}"


@effect(GAME, "move", params={
    "target": _target("own", "enemy", "any", zones=ZONES),
    "to": {"enum": list(ZONES), "description": "Where the card goes: play, hand, deck or discard (its owner's)."},
    "position": {"enum": list(POSITIONS), "description": "Where in the deck: top (default), bottom, random, "
                 "or shuffle (put in, then the deck is shuffled)."},
    "tapped": {"type": "boolean", "description": "It enters play tapped."}},
    required=("target", "to"), phrase=_move_phrase, emits=("dies", "enters", "food-laid"),
    check=lambda data, card: _check_move(data))
def move(state, ctx, step) -> None:
    """Move cards between zones: play, hand, deck (top, bottom, random, shuffled in) and discard pile."""
    to, position, tapped = step.param("to"), step.param("position", "top"), step.param("tapped", False)
    moved = []
    for card in ctx.targets:
        now = move_card(state, card, to, position, tapped, ctx.player)
        if now is not None:
            moved.append(now)
    ctx.acted = tuple(moved)


def _check_move(data: dict) -> list:
    target = data.get("target")
    zone = target.get("zone", "play") if isinstance(target, dict) else "play"
    out = []
    if data.get("to") == zone:
        out.append((".to", f"the card is in {zone} already", "to is another zone than the target's"))
    if "position" in data and data.get("to") != "deck":
        out.append((".position", "a position is a place in a deck, and this card goes elsewhere",
                    'add "to": "deck", or leave position out'))
    if "tapped" in data and data.get("to") != "play":
        out.append((".tapped", "only a card put into play can be tapped as it arrives", 'add "to": "play"'))
    return out


# -- discarding ---------------------------------------------------------------------------------------
def _discard_phrase(w: dict) -> str:
    step = w["step"]
    how = "at random" if step.param("random", False) else \
        "of your choice" if step.player == "you" else "of their own choice" if step.player == "each" else \
        "of their choice"
    return f"{w['player']} discard{w['s']} {w['cards']} {how}"


@questions("discard")
def _discard_questions(state, f, step, ctx) -> Generator[Ask, str, tuple]:
    """Each discarding player chooses their own cards (OB-910), one at a time (one name: no question)."""
    if step.param("random", False):
        return ()
    n = state.amount(step, ctx)
    out: list[tuple[int, str]] = []
    for q in state.players_of(step, ctx):
        left = [c.name for c in state.hands[q]]
        for _ in range(min(n, len(left))):
            answer = yield Ask(q, f"{f.text}: p{q + 1} discards a card of their choice", list(dict.fromkeys(left)))
            if answer in left:
                left.remove(answer)
                out.append((q, answer))
    return tuple(out)


@effect(GAME, "discard", params={"amount": _AMOUNT, "player": _PLAYER,
                                 "random": {"type": "boolean", "description": "The cards are taken at random "
                                            "(else each discarding player chooses, OB-910)."}},
        phrase=_discard_phrase, finds=True)
def discard(state, ctx, step) -> None:
    """Players discard cards from hand to their discard piles: of their own choice (OB-910), or at random."""
    if step.param("random", False):
        picks = []
        n = state.amount(step, ctx)
        for q in state.players_of(step, ctx):
            for _ in range(n):
                hand = state.hands[q]
                if hand:
                    # drawn among the names (same index, same card): a script fixes it by name, the report reads it
                    name = chance(state.rng, f"p{q + 1}'s card discarded at random", [c.name for c in hand])
                    if _discard_one(state, q, name):  # each card as it reaches the pile, for a later ref
                        picks.append(Held(state.discards[q][-1], q, "discard"))
        ctx.acted = tuple(picks)
        return
    done = []
    for q, name in ctx.answers:
        if _discard_one(state, q, name):
            done.append(Held(state.discards[q][-1], q, "discard"))
    ctx.acted = tuple(done)


def _discard_one(state, q: int, name: str) -> bool:
    hand = state.hands[q]
    for i, card in enumerate(hand):
        if card.name == name:
            state.discards[q].append(hand.pop(i))
            state.say(f"p{q + 1} discards {name}")
            return True
    return False


# -- tapping, life -----------------------------------------------------------------------------------
@effect(GAME, "tap", params={"target": _target("own", "enemy", "any")}, required=("target",), phrase="tap {target}")
def tap(state, ctx, step) -> None:
    """Tap cards in play (a tapped food pays nothing until it untaps)."""
    for target in ctx.targets:
        target.tapped = True
        state.say(f"{target.info.name} is tapped")


def _why(ctx) -> str:
    return "spell" if ctx.source.type == "spell" else ctx.source.name


@effect(GAME, "lose-life", params={"amount": _AMOUNT, "player": _PLAYER}, required=("amount",),
        phrase="{player} lose{s} {amount} life")
def lose_life(state, ctx, step) -> None:
    """A player loses life (you, your opponent, each player …); at 0 they lose the game (OB-108)."""
    n = state.amount(step, ctx)
    players = state.players_of(step, ctx)
    for p in players:  # "each player loses": at once, so a game both lose by it is a draw
        state.lose_life(p, n, _why(ctx), ctx.perm or ctx.source)  # the cause a replacement reads
    if len(players) > 1 and all(state.life[p] <= 0 for p in players):
        state.result = "draw"
        state.say("no player has life left: neither wins (OB-108 for both)")


@effect(GAME, "gain-life", params={"amount": _AMOUNT, "player": _PLAYER}, required=("amount",),
        phrase="{player} gain{s} {amount} life")
def gain_life(state, ctx, step) -> None:
    """A player gains life (you, your opponent, each player, a card's owner …)."""
    n = state.amount(step, ctx)
    for p in state.players_of(step, ctx):
        state.gain_life(p, n, ctx.perm or ctx.source)  # the cause a gains-life trigger's filter reads


# -- looking at a deck -------------------------------------------------------------------------------
def _look_phrase(w: dict) -> str:
    whose = {"you": "your", "opponent": "your opponent's"}.get(w["step"].player, "a player's")
    top = "the top card" if w["cards"] in ("1 card", "a card") else f"the top {w['cards']}"
    return (f"look at {top} of {whose} deck; put any number of them on the bottom of that deck and the rest "
            "back on top in any order")


@questions("look")
def _look_questions(state, f, step, ctx) -> Generator[Ask, str, tuple]:
    """Which of the top cards go to the bottom (one at a time, or nothing more), then the order of
    the rest on top (the first chosen ends on top)."""
    q = state.players_of(step, ctx)[0]
    n = state.amount(step, ctx)
    lib = state.libs[q]
    rest = [c.name for c in reversed(lib[-n:])] if n > 0 else []
    bottom: list[str] = []
    while rest:
        answer = yield Ask(ctx.player, f"{f.text}: the top of p{q + 1}'s deck is {', '.join(rest)} — a card to put "
                           "on the bottom, or nothing (the rest go back on top)",
                           [*dict.fromkeys(rest), "nothing"], auto=False, private=True)
        if answer not in rest:  # "nothing" (or a deck dealt again under a search's look-ahead)
            break
        bottom.append(answer)
        rest.remove(answer)
    order: list[str] = []
    while len(rest) > 1:
        answer = yield Ask(ctx.player, f"{f.text}: {', '.join(rest)} go back on top — the card to be on top of "
                           "them", list(dict.fromkeys(rest)), private=True)
        if answer not in rest:
            break
        order.append(answer)
        rest.remove(answer)
    return q, bottom, order + rest


@effect(GAME, "look", params={"amount": _AMOUNT, "player": _PLAYER}, required=("amount",), phrase=_look_phrase,
        finds=True)
def look(state, ctx, step) -> None:
    """Look at the top cards of a deck; any number go to the bottom, the rest back on top in a chosen order."""
    if not ctx.answers:
        return
    q, bottom, top = ctx.answers
    lib = state.libs[q]
    n = len(bottom) + len(top)
    seen = lib[len(lib) - n:] if n else []
    del lib[len(lib) - n:]
    by_name = {c.name: c for c in seen}
    for name in bottom:  # each under the ones before it
        lib.insert(0, by_name[name])
    for name in reversed(top):  # the first named ends on top (the end of the list)
        lib.append(by_name[name])
    ctx.acted = tuple(Held(c, q, "deck") for c in seen)
    state.say(f"p{q + 1} puts {len(bottom)} card(s) on the bottom and {len(top)} back on top")


# -- control -----------------------------------------------------------------------------------------
@effect(GAME, "gain-control", params={"target": _target("enemy", "any"),
                                      "duration": {"enum": ["turn", "permanent"],
                                                   "description": "How long: permanently (default: while it stays "
                                                                  "in play) or this turn."}},
        required=("target",), phrase=lambda w: f"take control of {w['target']}{w['duration'] or ' permanently'}")
def gain_control(state, ctx, step) -> None:
    """The ability's controller takes control of cards in play (its owner keeps it: OB-408 sends it
    back to the owner's zones)."""
    until = state.turn if step.duration == "turn" else 10**9
    for target in ctx.targets:
        state.take_control(target, ctx.player, until)
        state.say(f"p{ctx.player + 1} takes control of {target.info.name}"
                  + (" this turn" if until == state.turn else ""))


# -- another card's property -------------------------------------------------------------------------
@effect(GAME, "use-ability", params={"target": _target("own", "enemy", "any")}, required=("target",),
        phrase="use the special property of {target} as if it were {name}'s")
def use_ability(state, ctx, step) -> None:
    """Carry out the special property of another card in play as if it were this card's (OB-D42)."""
    for lender in ctx.targets:
        ab = lender.info.use
        seq = ab.sequences[0] if ab is not None and ab.sequences else ()
        if not seq:
            state.say(f"{lender.info.name} has no special property to use")
            continue
        if len(ab.sequences) > 1:  # a borrowed "choose one": the borrower's player chooses the mode
            text = f"{ctx.source.name} ({lender.info.name}'s property)"
            state.ask_mode(ctx.player, text, ab, (ctx.player, ctx.source, ctx.perm, ab, ctx.event_card,
                                                  ctx.event_amount, ctx.event_player, text))
            continue
        if state.trigger_depth >= MAX_TRIGGER_DEPTH:
            state.say(f"{ctx.source.name}: {lender.info.name}'s property is not used — properties used through "
                      f"each other stop at {MAX_TRIGGER_DEPTH}")
            continue
        state.say(f"{ctx.source.name} uses {lender.info.name}'s special property")
        state.trigger_depth += 1
        try:
            state.run_steps(ctx.player, ctx.source, ctx.perm, seq, None, ctx.event_card, ctx.event_amount,
                            f"{ctx.source.name} ({lender.info.name}'s property)", ctx.event_player)
        finally:
            state.trigger_depth -= 1
