"""Obludárium's words of the ability language (:mod:`deckkit.engine.abilities`) and the upgrade of
the older flat form.

Trigger events (``trigger.on``): ``enters`` (a monster or artifact is summoned or put into play),
``dies`` (a monster goes from play to the discard pile), ``attacks``, ``blocks``, ``is-blocked``,
``deals-damage`` (an unblocked attacker hits a player; the amount is the damage), ``turn-start``
(after the untap and the draw, OB-601), ``turn-end`` (after the fights, before this turn's changes
end), ``casts`` (a player casts a spell; the filter reads the spell), ``food-laid`` (a food
enters play), ``loses-life`` (a player has lost life, after replacements; the amount is the life
lost) and ``gains-life`` (the amount is the life gained); for both the filter reads the card that
caused it. Events of a player (``turn-start``, ``turn-end``, ``casts``, ``food-laid``, ``loses-life``,
``gains-life``) read ``who`` as whose: ``self`` the card's controller's, ``other`` the opponent's,
``any`` either player's (``side`` then narrows it: ``own``, ``enemy``). Replaceable events (``replace``): ``dies``
(a monster would go from play to the discard pile) and ``loses-life`` (a player would lose life;
``who`` whose life, the filter reads the card that causes it: an unblocked attacker, a spell, a
card whose ability it is). Filter fields:
``type``, ``name``, ``group`` (OB-328), ``cost``, ``attack``, ``defense`` and ``state`` (tapped,
untapped, new, attacking, blocked, unblocked, blocking). Zones: ``play``, ``hand``, ``deck``,
``discard``. Costs of a card in play: ``tap``, ``food``, ``sacrifice`` (``true``: this card; a target:
another card of yours), ``discard`` (cards from hand). Continuous effects: ``modify`` (attack or
defence of a set, "your other beasts", a fixed or counted amount), ``keyword`` (see
:data:`KEYWORDS`), ``blocked-only-by`` (evasion, like flying OB-816), ``cost`` (cards cost ``less``
or ``more``, fixed or counted, never below 0; ``first``: only the first such card a player lays
out or casts each turn; the set's ``side`` says whose cards), ``more-food`` (its controller may lay
out more food each turn than the one the rules allow) and ``deadly`` (a monster that fights this one dies after the fight). Conditions: counts, and
``state`` (this card is attacking, unblocked …).
"""

from __future__ import annotations

from deckkit.engine import abilities as lang
from deckkit.engine.effects import AbilityProblem

GAME = "obludarium"
TYPES = ("food", "monster", "artifact", "spell")
IN_PLAY = ("monster", "artifact")
STATES = ("tapped", "untapped", "new", "attacking", "blocked", "unblocked", "blocking")
#: Keywords a static has or a grant gives for a while (each bends one rule for its card).
KEYWORDS = {"cannot-block": "cannot block", "block-two": "can block two attacks each turn",
            "cannot-attack": "cannot attack",
            "does-not-untap": "does not untap",
            "acts-at-once": "can attack and use its special property in the turn it is summoned",
            "attacks-at-once": "can attack in the turn it is summoned",
            "attacks-untapped": "does not tap when it attacks"}
#: Events of a player rather than of a card: ``who`` is whose (see the module docstring).
PLAYER_EVENTS = frozenset({"turn-start", "turn-end", "casts", "food-laid", "loses-life", "gains-life"})
_STAT = {"attack": "attack", "defense": "defence"}
_DELTA = {"anyOf": [{"type": "integer", "minimum": -99, "maximum": 99}, {"type": "object"}], "x-amount": True,
          "description": "How much it changes: -99 … 99, or a counted amount ({\"count\": …}, for each …)."}
_BY = {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 99}, {"type": "object"}], "x-amount": True,
       "description": "How much food: 1 … 99, or a counted amount ({\"count\": …}, for each …); the cost never "
                      "goes below 0."}


def _verb(cards: str) -> str:
    return "get" if cards.startswith(("your ", "enemy ", "all ")) else "gets"


def _number(value) -> tuple[str, str]:
    """(the number, " for each …") of a fixed or counted amount."""
    if isinstance(value, int):
        return str(value), ""
    from deckkit.engine.ability_text import Words

    return Words(lang.vocabulary(GAME)).amount(value)


def _modify(params: dict, cards: str) -> str:
    parts, tails = [], []
    for k in ("attack", "defense"):
        value = params.get(k)
        if not value:
            continue
        n, tail = _number(value)
        sign = "−" if isinstance(value, int) and value < 0 else "+"
        parts.append(f"{sign}{n.lstrip('-')} {_STAT[k]}")
        tails.append(tail)
    return f"{cards} {_verb(cards)} " + " and ".join(parts or ["+0 attack"]) + "".join(dict.fromkeys(tails))


def _keyword(params: dict, cards: str) -> str:
    return f"{params.get('name', cards)} {KEYWORDS.get(params.get('keyword', ''), params.get('keyword'))}"


def _evasion(params: dict, cards: str) -> str:
    return f"{params.get('name', 'this card')} can be blocked only by {cards.removeprefix('all ')}"


_THIRD = {"summon": "summons", "cast": "casts", "lay out": "lays out", "lay out or cast": "lays out or casts"}


def _cost(params: dict, cards: str) -> str:
    plural = cards.startswith(("your ", "enemy ", "all "))
    if params.get("first"):
        verb = "summon" if cards.endswith(("monsters", "artifacts")) else "cast" if cards.endswith("spells") else \
            "lay out" if cards.endswith("food") else "lay out or cast"
        whose = f"your opponent {_THIRD[verb]}" if cards.startswith("enemy ") else \
            f"a player {_THIRD[verb]}" if cards.startswith("all ") else f"you {verb}"
        subject = f"the first of {cards} {whose} each turn" if plural else \
            f"{cards}, if it is the first card you lay out or cast this turn,"
        plural = False
    else:
        subject = cards
    verb = "cost" if plural else "costs"
    parts = []
    for key, word in (("less", "less"), ("more", "more")):
        if key in params:
            n, tail = _number(params[key])
            parts.append(f"{n} food {word}{tail}")
    return f"{subject} {verb} {' and '.join(parts or ['1 food less'])} (never below 0)"


def _more_food(params: dict, cards: str) -> str:
    n = params.get("more", 1)
    return f"you may lay out {n} more food in each of your turns"


def _deadly(params: dict, cards: str) -> str:
    name = params.get("name", cards)
    return f"a monster that fights {name} dies after the fight, whatever its defence"


def _words() -> lang.Vocabulary:
    f = lang.FilterField
    fields = {
        "type": f("type", "enum", TYPES, "The card type (OB-301)."),
        "name": f("name", "enum", (), "The card's printed name.", phrase="named {value}", after=True),
        "group": f("group", "set", (), "A monster group such as flying, beast, nocturnal, male (OB-328)."),
        "cost": f("cost", "int", description="The printed cost in food.", phrase="with cost {value}", after=True),
        "attack": f("attack", "int", description="The attack number now.", phrase="with attack {value}", after=True),
        "defense": f("defense", "int", description="The defence number now.", phrase="with defence {value}",
                     after=True),
        "state": f("state", "set", STATES, "What the card is doing: " + ", ".join(STATES) + "."),
    }
    e = lang.Event
    events = {
        "enters": e("enters", "the card is summoned or put into play", "{subject} enters play", card_types=IN_PLAY,
                    example={"on": "enters"}),
        "dies": e("dies", "a monster goes from play to the discard pile (OB-826)", "{subject} dies",
                  card_types=IN_PLAY, example={"on": "dies", "who": "other", "side": "own"}),
        "attacks": e("attacks", "a monster is declared an attacker (OB-801)", "{subject} attacks", card_types=IN_PLAY),
        "blocks": e("blocks", "a monster blocks an attack (OB-810)", "{subject} blocks", card_types=IN_PLAY),
        "is-blocked": e("is-blocked", "an attacker is blocked", "{subject} is blocked", card_types=IN_PLAY),
        "deals-damage": e("deals-damage", "an unblocked attacker deals damage to a player (OB-830)",
                          "{subject} deals damage to a player", card_types=IN_PLAY, amount=True, measure="damage",
                          example={"on": "deals-damage", "who": "any", "side": "own", "amount": {"min": 3}}),
        "turn-start": e("turn-start", "a turn starts, after the untap and the draw (OB-601)",
                        "at the start of {whose} turn", card_types=IN_PLAY, of_player=True, card=False),
        "turn-end": e("turn-end", "a turn ends: after the fights, before this turn's changes end",
                      "at the end of {whose} turn", card_types=IN_PLAY, example={"on": "turn-end"}, of_player=True,
                      card=False),
        "casts": e("casts", "a player casts a spell; the filter reads the spell",
                   "whenever {player} cast{s} {subject}", card_types=IN_PLAY,
                   example={"on": "casts", "who": "other"}, of_player=True, noun="spell"),
        "food-laid": e("food-laid", "a food enters play", "whenever a food enters play on {whose} side",
                       card_types=IN_PLAY, of_player=True),
        "loses-life": e("loses-life", "a player has lost life (OB-108), after replacements (none when a "
                        "replacement prevented it all); the amount is the life lost, the filter reads the card that "
                        "caused it (an unblocked attacker, a spell, a card whose ability it is)",
                        "whenever {player} lose{s} life{source}", card_types=IN_PLAY, amount=True, measure="life",
                        of_player=True, example={"on": "loses-life", "who": "other", "amount": {"min": 2}}),
        "gains-life": e("gains-life", "a player has gained life; the amount is the life gained, the filter reads the "
                        "card that caused it (a spell, a card whose ability it is)",
                        "whenever {player} gain{s} life{source}", card_types=IN_PLAY, amount=True, measure="life",
                        of_player=True, example={"on": "gains-life", "who": "self"}),
    }
    replaceable = {
        "dies": e("dies", "a monster would go from play to the discard pile (OB-826): it does not, and the "
                  "steps happen instead", "{subject} would die", card_types=IN_PLAY,
                  example={"on": "dies", "who": "self"}),
        "loses-life": e("loses-life", "a player would lose life; the filter reads the card that causes it (an "
                        "unblocked attacker, a spell, a card whose ability it is)", "{player} would lose life{source}",
                        card_types=IN_PLAY, amount=True, of_player=True,
                        example={"on": "loses-life", "who": "self", "filter": {"state": "unblocked"}}),
    }
    c = lang.CostPart
    costs = {
        "tap": c("tap", {"const": True, "description": "Tap this card (OB-704)."}, IN_PLAY, "tap",
                 "Tap this card."),
        "food": c("food", {"type": "integer", "minimum": 1, "maximum": 99}, IN_PLAY, "pay {value} food",
                  "Tap this many untapped food (OB-701)."),
        "sacrifice": c("sacrifice", {"anyOf": [{"const": True}, {"type": "object"}]}, IN_PLAY, "sacrifice {value}",
                       "true: this card goes to the discard pile; a target: another card of yours does."),
        "discard": c("discard", {"type": "integer", "minimum": 1, "maximum": 9}, IN_PLAY, "discard {cards}",
                     "Discard this many cards from hand (the player chooses)."),
    }
    s = lang.StaticKind
    statics = {
        "modify": s("modify", {"attack": _DELTA, "defense": _DELTA}, "Attack and defence of a set of cards "
                    "(or this card) change while this card is in play.", _modify, cards=True, card_types=IN_PLAY,
                    example={"effect": "modify", "attack": 1, "cards": {"side": "own", "other": True,
                                                                        "filter": {"group": "beast"}}}),
        "keyword": s("keyword", {"keyword": {"enum": list(KEYWORDS)}}, "A keyword that bends a rule: "
                     "cannot-block, block-two (OB-814), cannot-attack, does-not-untap (OB-602), attacks-at-once "
                     "(attacks in the turn it is summoned, OB-333 lifted), acts-at-once (attacks and uses its "
                     "property at once, OB-333 and OB-334 lifted), attacks-untapped (OB-802 bent).", _keyword, required=("keyword",),
                     card_types=("monster",), example={"effect": "keyword", "keyword": "cannot-block"}),
        "blocked-only-by": s("blocked-only-by", {"cards": {"description": 'the monsters that may block it, e.g. '
                                                        '{"filter": {"group": "nocturnal"}}'}}, "Evasion: only monsters of the set may block this one "
                             "(like flying, OB-816).", _evasion, cards=True, required=("cards",),
                             card_types=("monster",),
                             example={"effect": "blocked-only-by", "cards": {"filter": {"group": "nocturnal"}}}),
        "cost": s("cost", {"less": _BY, "more": _BY,
                           "first": {"type": "boolean", "description": "Only the first card of the set a player "
                                     "lays out or casts each turn (per-turn memory)."}},
                  "A cost change: this card "
                  "(in hand) or the set's cards (the set's side: whose) cost less or more food, never below 0.",
                  _cost, cards=True, example={"effect": "cost", "less": 1}),
        "more-food": s("more-food", {"more": {"type": "integer", "minimum": 1, "maximum": 9,
                                              "description": "How many more food, 1 … 9."}},
                       "Its controller may lay out more food in each of their turns than the rules' one.", _more_food,
                       card_types=IN_PLAY, required=("more",), example={"effect": "more-food", "more": 1}),
        "deadly": s("deadly", {}, "Replaces the fight's result: a monster that fights this one dies "
                    "after the fight, whatever its defence (OB-823).", _deadly, card_types=("monster",)),
    }
    conditions = {"state": lang.ConditionKind("state", {"enum": list(STATES)}, "This card is in this state.",
                                              "it is {value}")}
    return lang.Vocabulary(
        game=GAME, card_types=TYPES, in_play_types=IN_PLAY, play_types=("food",), fields=fields,
        zones=("play", "hand", "deck", "discard"),
        zone_names={"hand": "hand", "deck": "deck", "discard": "discard pile"},
        events=events, costs=costs, statics=statics, conditions=conditions, default_type="card",
        replaceable=replaceable,
        durations={"turn": "this turn", "next-turn": "during its owner's next turn", "permanent": "permanently"},
        upgrade=upgrade, check_card=check_card)


# -- the older flat form ----------------------------------------------------------------------------
_WHEN_TO_STATE = {"attacking": "attacking", "unblocked": "unblocked"}


def upgrade(flat: dict) -> dict:
    """``{"effect": "boost", "amount": 2, "target": "own", "group": "flying", "tap": true}`` in the language:
    costs move to ``cost``, ``target``/``kind``/``group``/``when`` become a target with a filter, and a
    strengthening lasts this turn, as it always did."""
    data = dict(flat)
    name = data.pop("effect")
    text = data.pop("text", None)
    cost = {}
    for key in ("tap", "food", "sacrifice"):
        if key in data:
            value = data.pop(key)
            if value not in (False, 0):
                cost[key] = value
    step: dict = {"effect": name}
    condition = None
    if "target" in data:
        side = data.pop("target")
        kind, group, when = data.pop("kind", None), data.pop("group", None), data.pop("when", None)
        if side == "self":
            step["target"] = "self"
            if when is not None:
                condition = {"state": _WHEN_TO_STATE.get(when, when)}
        else:
            filt = {"type": kind if kind is not None else "monster"}
            if when is not None:
                filt["state"] = _WHEN_TO_STATE.get(when, when)
            if group is not None:
                filt["group"] = group
            step["target"] = {"side": side, "filter": filt} if isinstance(side, str) and side in lang.SIDES \
                else side
    if name in ("boost", "weaken"):
        step["duration"] = "turn"
    step.update(data)  # anything left is checked (and refused with its path) as a parameter of the step
    out: dict = {"do": [step]}
    if cost:
        out["cost"] = cost
    if condition:
        out["condition"] = condition
    if text is not None:
        out["text"] = text
    return out


def check_card(card: dict, compiled: list) -> list[AbilityProblem]:
    """Card-level checks: a card in play has at most one ability that ``use`` plays, and a food has none."""
    out = []
    kind = card.get("type")
    if kind == "food" and compiled:
        out.append(AbilityProblem("$.abilities", "a food has no abilities: it only pays (OB-311)",
                                  "put the ability on a monster or an artifact"))
    for i, ab in enumerate(compiled):
        for j, st in enumerate(ab.statics):
            if st.effect == "cost" and st.param("less") is None and st.param("more") is None:
                out.append(AbilityProblem(f"$.abilities[{i}].static[{j}]", "a cost change needs 'less' or 'more'",
                                          'for example "less": 1 (never below 0) or "more": 1'))
    from deckkit.engine.ability_check import play_field_problems, static_zone_problems

    out += static_zone_problems(card, {"cost": "hand"}, "play")
    out += play_field_problems(card, ("state",), "play")
    if kind in IN_PLAY:
        for i, ab in enumerate(compiled):
            if ab.kind == "play":  # it would be a free 'use' at every moment of the game
                out.append(AbilityProblem(f"$.abilities[{i}]", f"an ability of a {kind} in play needs a trigger "
                                          "(when it happens) or a cost (what 'use' pays)",
                                          'add "trigger": "enters" for "when it is summoned", or a "cost"'))
        used = [i for i, ab in enumerate(compiled) if ab.kind in ("activated", "play")]
        if len(used) > 1:
            out.append(AbilityProblem(f"$.abilities[{used[1]}]", "a card in play has one ability that 'use CARD' "
                                      "plays; this is a second one", "merge them into one sequence (do: [...]) "
                                      "or one modal ability (modes)"))
    return out


def register() -> None:
    """Register the words (built on first use)."""
    lang.register_vocabulary(GAME, _words)
