"""Obludárium's words of the ability language (:mod:`deckkit.engine.abilities`) and the upgrade of
the older flat form.

Trigger events (``trigger.on``): ``enters`` (a monster or artifact is summoned or put into play),
``dies`` (a monster goes from play to the discard pile), ``attacks``, ``blocks``, ``is-blocked``,
``deals-damage`` (an unblocked attacker hits a player; the amount is the damage), ``turn-start``
(after the untap and the draw, OB-601) and ``food-laid`` (a food enters play). Filter fields:
``type``, ``name``, ``group`` (OB-328), ``cost``, ``attack``, ``defense`` and ``state`` (tapped,
untapped, new, attacking, blocked, unblocked, blocking). Zones: ``play``, ``hand``, ``deck``,
``discard``. Costs of a card in play: ``tap``, ``food``, ``sacrifice`` (``true``: this card; a target:
another card of yours), ``discard`` (cards from hand). Continuous effects: ``modify`` (attack or
defence of a set, "your other beasts"), ``keyword`` (cannot-block, block-two, cannot-attack),
``blocked-only-by`` (evasion, like flying OB-816), ``cost`` (cheaper cards, never below 0) and
``deadly`` (a monster that fights this one dies after the fight). Conditions: counts, and
``state`` (this card is attacking, unblocked …).
"""

from __future__ import annotations

from deckkit.engine import abilities as lang
from deckkit.engine.effects import AbilityProblem

GAME = "obludarium"
TYPES = ("food", "monster", "artifact", "spell")
IN_PLAY = ("monster", "artifact")
STATES = ("tapped", "untapped", "new", "attacking", "blocked", "unblocked", "blocking")
KEYWORDS = {"cannot-block": "cannot block", "block-two": "can block two attacks each turn",
            "cannot-attack": "cannot attack"}
_STAT = {"attack": "attack", "defense": "defence"}
_DELTA = {"type": "integer", "minimum": -99, "maximum": 99, "description": "How much it changes, -99 … 99."}


def _verb(cards: str) -> str:
    return "get" if cards.startswith(("your ", "enemy ", "all ")) else "gets"


def _modify(params: dict, cards: str) -> str:
    parts = [f"{'+' if params[k] >= 0 else '−'}{abs(params[k])} {_STAT[k]}" for k in ("attack", "defense")
             if params.get(k)]
    return f"{cards} {_verb(cards)} " + " and ".join(parts or ["+0 attack"])


def _keyword(params: dict, cards: str) -> str:
    return f"{params.get('name', cards)} {KEYWORDS.get(params.get('keyword', ''), params.get('keyword'))}"


def _evasion(params: dict, cards: str) -> str:
    return f"{params.get('name', 'this card')} can be blocked only by {cards.removeprefix('all ')}"


def _cost(params: dict, cards: str) -> str:
    subject = cards if cards != params.get("name") else cards
    verb = "cost" if cards.startswith(("your ", "enemy ", "all ")) else "costs"
    return f"{subject} {verb} {params.get('less', 1)} food less (never below 0)"


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
                          "{subject} deals damage to a player", card_types=IN_PLAY, amount=True),
        "turn-start": e("turn-start", "a turn starts, after the untap and the draw (OB-601)",
                        "at the start of {whose} turn", card_types=IN_PLAY),
        "food-laid": e("food-laid", "a food enters play", "whenever a food enters play on {whose} side",
                       card_types=IN_PLAY),
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
                     "cannot-block, block-two (OB-814), cannot-attack.", _keyword, required=("keyword",),
                     card_types=("monster",), example={"effect": "keyword", "keyword": "cannot-block"}),
        "blocked-only-by": s("blocked-only-by", {"cards": {"description": 'the monsters that may block it, e.g. '
                                                        '{"filter": {"group": "nocturnal"}}'}}, "Evasion: only monsters of the set may block this one "
                             "(like flying, OB-816).", _evasion, cards=True, required=("cards",),
                             card_types=("monster",),
                             example={"effect": "blocked-only-by", "cards": {"filter": {"group": "nocturnal"}}}),
        "cost": s("cost", {"less": {"type": "integer", "minimum": 1, "maximum": 99,
                                    "description": "How much less food, 1 … 99 (the cost never goes below 0)."}},
                  "A cost change: this card "
                  "(in hand) or the set's cards cost less food, never below 0.", _cost, cards=True,
                  required=("less",), example={"effect": "cost", "less": 1}),
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
    if kind in IN_PLAY:
        used = [i for i, ab in enumerate(compiled) if ab.kind in ("activated", "play")]
        if len(used) > 1:
            out.append(AbilityProblem(f"$.abilities[{used[1]}]", "a card in play has one ability that 'use CARD' "
                                      "plays; this is a second one", "merge them into one sequence (do: [...]) "
                                      "or one modal ability (modes)"))
    return out


def register() -> None:
    """Register the words (built on first use)."""
    lang.register_vocabulary(GAME, _words)
