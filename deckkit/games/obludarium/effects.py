"""Obludárium effects, registered with the engine's effect contract; the steps of card abilities name them.

Every handler is ``fn(state, ctx, step)``: ``ctx.player`` controls the ability, ``ctx.targets`` are
the step's cards (chosen when the ability was played, or every / a random matching card, found when
it resolves), ``ctx.source`` the card it comes from, and ``step`` the compiled
:class:`~deckkit.engine.abilities.Step` (its amount is counted by ``state.amount(step, ctx)``).
The rules these handlers lean on (a monster left with no defence dies, OB-827; a killed card goes
to the discard pile, OB-408) are the state's own methods, written once.
"""

from __future__ import annotations

from deckkit.echo import shown
from deckkit.engine.effects import did_you_mean, effect
from deckkit.games.obludarium import language
from deckkit.games.obludarium import moves as _moves  # noqa: F401  (registers move, discard, tap, look …)
from deckkit.games.obludarium.cards import MONSTER
from deckkit.games.obludarium.pending import Held

GAME = "obludarium"
language.register()

_AMOUNT = {"description": "How much: a whole number, a counted amount or the event's amount."}
_STAT = {"enum": ["attack", "defense", "both"], "description": "Which number changes: attack, defense or both."}
_PLAYER = {"description": "Who is affected: you, your opponent or each player."}
_STAT_WORDS = {"attack": "attack", "defense": "defence", "both": "attack and defence"}
_LASTING = {"enum": ["turn", "permanent"], "description": "How long: this turn (default) or permanently."}


def _target(*sides: str, zones: tuple[str, ...] = ()) -> dict:
    out: dict = {"description": "Which cards: " + ", ".join(sides) + ".", "x-sides": list(sides)}
    out["x-zones"] = list(zones or ("play",))  # a card in play unless the effect says where else it acts
    return out


def _change(sign: str):
    def phrase(w: dict) -> str:
        stat = w.get("stat", "attack")
        dies = " (a monster left with no defence dies)" if sign == "−" and stat != "attack" else ""
        return f"{w['target']} gets {sign}{w['amount']} {_STAT_WORDS[stat]}{w['duration']}{dies}"
    return phrase


def _why(ctx) -> str:
    return "spell" if ctx.source.type == "spell" else ctx.source.name


def _stat_change(state, ctx, step, sign: int) -> None:
    n = state.amount(step, ctx) * sign
    stat = step.param("stat", "attack")
    lasting = step.duration == "permanent"
    for target in ctx.targets:
        state.change_stats(target, n if stat in ("attack", "both") else 0, n if stat in ("defense", "both") else 0,
                           lasting)


@effect(GAME, "boost", params={"amount": _AMOUNT, "stat": _STAT, "target": _target("own", "any"),
                               "duration": _LASTING}, required=("amount", "target"), phrase=_change("+"))
def boost(state, ctx, step) -> None:
    """Strengthen monsters: +amount attack, defence or both (OB-827, OB-831)."""
    _stat_change(state, ctx, step, 1)


@effect(GAME, "weaken", params={"amount": _AMOUNT, "stat": _STAT, "target": _target("enemy", "any"),
                                "duration": _LASTING}, required=("amount", "target"), phrase=_change("−"))
def weaken(state, ctx, step) -> None:
    """Weaken monsters; one left with no defence dies (OB-827, Glum's strangling)."""
    _stat_change(state, ctx, step, -1)


@effect(GAME, "block", params={"target": _target("enemy")}, required=("target",),
        phrase="block the attack of {target}")
def block(state, ctx, step) -> None:
    """A blocking spell: the target's attack is blocked and does no damage (OB-813, OB-828)."""
    for target in ctx.targets:
        target.sblock = True
        state.say(f"{target.info.name}'s attack is blocked")


@effect(GAME, "destroy", params={"target": _target("enemy", "own", "any")}, required=("target",),
        phrase="destroy {target}")
def destroy(state, ctx, step) -> None:
    """Destroy cards in play: they go to their owners' discard piles (OB-319, OB-346, OB-408)."""
    for target in ctx.targets:
        state.say(f"{target.info.name} is destroyed")
        state.to_discard(target)


@effect(GAME, "hit", params={"amount": _AMOUNT}, required=("amount",), phrase="your opponent loses {amount} life")
def hit(state, ctx, step) -> None:
    """The opponent loses life (OB-108)."""
    state.lose_life(1 - ctx.player, state.amount(step, ctx), _why(ctx), ctx.perm or ctx.source)


@effect(GAME, "heal", params={"amount": _AMOUNT}, required=("amount",), phrase="you gain {amount} life")
def heal(state, ctx, step) -> None:
    """The player gains life."""
    state.gain_life(ctx.player, state.amount(step, ctx), ctx.perm or ctx.source)


@effect(GAME, "draw", params={"amount": _AMOUNT, "player": _PLAYER}, phrase="{player} draw{s} {cards}")
def draw(state, ctx, step) -> None:
    """A player draws cards (an empty deck loses, OB-109)."""
    n = state.amount(step, ctx)
    for p in state.players_of(step, ctx):
        state.draw(p, n)


@effect(GAME, "recall", params={}, phrase="return the monster most recently put into your discard pile to "
        "your hand")
def recall(state, ctx, step) -> None:
    """The monster most recently put into the player's discard pile returns to hand (OB-409)."""
    player = ctx.player
    pile = state.discards[player]
    for i in range(len(pile) - 1, -1, -1):
        if pile[i].type == MONSTER:
            card = pile.pop(i)
            state.hands[player].append(card)
            state.say(f"{card.name} returns to p{player + 1}'s hand")
            return
    state.say("no monster in the discard pile to return")


@effect(GAME, "untap", params={"target": _target("own", "any")}, required=("target",), phrase="untap {target}")
def untap(state, ctx, step) -> None:
    """Untap cards in play (food tapped to pay can pay again, OB-704)."""
    for target in ctx.targets:
        target.tapped = False
        state.say(f"{target.info.name} is untapped")


@effect(GAME, "return", params={"target": _target("own", "enemy", "any")}, required=("target",),
        phrase="return {target} to its owner's hand")
def return_to_hand(state, ctx, step) -> None:
    """Cards in play go back to their owners' hands (they leave play; they do not die)."""
    for target in ctx.targets:
        state.to_hand(target)


def _search_phrase(w: dict) -> str:
    step = w["step"]
    noun = w["words"].noun(step.target.filter) if step.target is not None else "card"
    where = "into play" if step.param("to", "play") == "play" else "into your hand"
    tapped = " tapped" if step.param("tapped", False) else ""
    kind, sep, tests = noun.partition(" with")  # "a monster card with cost 2 or less", "… without flying"
    card = f"{kind} card{sep}{tests}" if kind != "card" else "card"
    return f"search your deck for {'an' if card[:1] in 'aeiou' else 'a'} {card}, put it {where}{tapped}, " \
           "then shuffle your deck"


@effect(GAME, "search", params={"target": _target("own", zones=("deck",)),
                                "to": {"enum": ["play", "hand"], "description": "Where the card goes."},
                                "tapped": {"type": "boolean", "description": "It enters play tapped."}},
        required=("target",), phrase=_search_phrase, emits=("enters", "food-laid"),
        check=lambda data, card: _check_search(data))
def search(state, ctx, step) -> None:
    """Search the deck for the chosen card, put it into play (or hand), then shuffle the deck."""
    for card in ctx.targets:
        info = card.info if type(card) is Held else card  # chosen as it resolved, or named in the action
        state.from_deck(ctx.player, info, step.param("to", "play"), step.param("tapped", False), ctx)
    state.shuffle_deck(ctx.player)


def _check_search(data: dict) -> list:
    if "tapped" in data and data.get("to") == "hand":  # a card in a hand is never tapped: it would be ignored
        return [(".tapped", "only a card put into play can be tapped as it arrives",
                 'leave out "tapped", or put the card "to": "play"')]
    return []


_GRANTS = {"anyOf": [{"enum": list(language.KEYWORDS)},
                     {"type": "string", "description": "a keyword defined in a card file's 'keywords' section"}],
           "description": "The keyword the target gets: a built-in one, or one defined in a card file's 'keywords' "
                          "section (its abilities work on the target for the duration)."}
_GRANTED = {"type": "array", "items": {"type": "object"}, "minItems": 1,
            "description": "A designer keyword's abilities: put in by the import from the keyword's definition."}


def _grant_phrase(w: dict) -> str:
    said = language.KEYWORDS.get(w["keyword"])
    if said is None:  # a designer keyword: its name (its meaning is the definition's text)
        return f"{w['target']} gains {w['keyword']}{w['duration']}"
    if w["step"].duration in ("turn", "next-turn") and said.endswith(" each turn"):  # not "each turn this turn"
        said = said[:-len(" each turn")]
    return f"{w['target']} {said}{w['duration']}"


def _check_grant(data: dict) -> list:
    """A built-in keyword, or a designer keyword with the abilities its definition gives (each checked)."""
    word, abilities = data.get("keyword"), data.get("abilities")
    if not isinstance(word, str):
        return [(".keyword", f"{shown(word)} is not a keyword name", "built-in keywords: "
                 + ", ".join(language.KEYWORDS) + "; or a keyword defined in a card file's 'keywords' section")]
    if abilities is None:
        if word not in language.KEYWORDS:
            return [(".keyword", f"{word!r} is not a built-in keyword, and no keyword of that name is defined",
                     did_you_mean(word, list(language.KEYWORDS)) + "built-in keywords: " + ", ".join(language.KEYWORDS)
                     + "; define a keyword in a 'keywords' section of a card file to grant it")]
        return []
    if word in language.KEYWORDS:
        return [(".abilities", f"{word!r} is a built-in keyword: it brings no abilities",
                 'leave out "abilities"')]
    if not (isinstance(abilities, list) and abilities and all(isinstance(a, dict) for a in abilities)):
        return [(".abilities", "a granted keyword's abilities must be a list of abilities",
                 "leave them out: the import puts in the abilities of the keyword's definition")]
    from deckkit.engine.ability_check import compile_ability

    out = []
    for i, ability in enumerate(abilities):
        _, problems = compile_ability(GAME, ability, None, f".abilities[{i}]")
        out += [(p.path, p.message, p.hint) for p in problems]
    return out


@effect(GAME, "grant", params={"keyword": _GRANTS, "target": _target("enemy", "own", "any"),
                               "duration": {"enum": ["turn", "next-turn", "permanent"]}, "abilities": _GRANTED},
        required=("keyword", "target", "duration"), phrase=_grant_phrase, check=lambda data, card: _check_grant(data))
def grant(state, ctx, step) -> None:
    """A restriction or keyword on cards for a while: this turn, its owner's next turn, or permanently. A
    designer keyword's abilities work on the card for as long."""
    for target in ctx.targets:
        state.grant(target, step.param("keyword"), step.duration, step.param("abilities"))


@effect(GAME, "counter", params={}, phrase="a spell your opponent is casting has no effect and goes to its "
        "owner's discard pile")
def counter(state, ctx, step) -> None:
    """Counter the opponent's latest spell on the stack (OB-907: an instant answers the one before it)."""
    state.counter_spell(ctx.player)
