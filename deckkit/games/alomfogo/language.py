"""Álomfogó's words of the ability language (:class:`deckkit.engine.abilities.Vocabulary`).

What a card can say, with the rule each word carries out:

- **triggers** ``played`` (the card, another card or any card is played from a hand — instants too,
  AF-351), ``enters`` (put on the table, AF-608), ``duel-won`` / ``duel-lost`` (a duelist's duel ends;
  an unanswered challenge is won by the attacker, AF-710; a tie is neither, AF-756; filter
  ``role`` = ``attacker`` / ``defender`` for "as the attacker"), ``phase-1`` … ``phase-4`` (the start
  of a phase of your turn, ``who: other`` an opponent's, ``any``; ``player: "that-player"`` is the
  turn's player, AF-D24), ``draw`` (a player draws a card), ``turn-end`` (after phase 4, AF-D19),
  ``loses-glory`` / ``gains-glory`` (a player's glory points go down or up; the amount is how many,
  and ``who: any`` with ``side`` narrows whose);
- **replaceable** events (``{"replace": {"on": …}, "do": […]}`` or ``"prevent": true``): ``damaged``,
  ``resting`` (a card in play would turn so, AF-D25), ``rests-after-duel`` (AF-757's rest after any
  duel it fought, AF-D11) and ``rests-after-win`` (after a duel it won, szívós);
- **costs** of a helper ability (AF-380 – AF-384): ``rest`` (P), ``damage`` (S), ``sacrifice`` (Á),
  ``vp``, ``discard``; only creatures in play pay them — the card's ``helper`` field names the same mark;
- **continuous effects** (``static``): ``power`` (magic power of this card or a set of dreamwalkers in
  a duel, with a ``duel_role`` condition, AF-751), ``cost`` (cards cost less VP, never below 0,
  AF-605; the amount may be counted, AF-D26, and ``first`` limits it to the first such card each
  turn, AF-D22), ``vp-per-turn`` (AF-602), ``free-dreamwalker`` (Ébredés Ajtaja, AF-EX-26),
  ``counterspell`` (AF-371), ``keyword`` ``defend-while-resting`` (bends AF-703/AF-704) or
  ``cannot-defend``, ``after-duel`` (becomes damaged instead of resting, replacing AF-757, and AF-712
  after an unanswered challenge, which the attacker wins at once, AF-710). An
  event's continuous effects hold only while it is active (AF-342);
- **filters** on ``type``, ``cost``, ``attack``, ``defense``, ``glory``, ``state`` (active, resting,
  damaged), ``mark`` (P, S, Á), ``role`` (attacker, defender, helper in the duel being fought);
- **zones** ``play``, ``hand``, ``deck``, ``cage`` (the spell cage); **conditions** ``duel_role``
  (the card fights as attacker or defender; in a ``duel-won`` / ``duel-lost`` trigger, its part in the
  duel just fought, AF-D18, AF-D29) and ``opposing_glorious`` (the opposing duelist has a glory icon,
  AF-807), besides counts of cards.

A chosen target is named in the action that plays a spell or uses a helper (AF-385); in a triggered
ability, after an optional step or for another chooser it is a decision made when the step resolves
(:mod:`deckkit.games.alomfogo.resolve`).

An ability of a creature with neither trigger, cost nor ``static`` is its helper ability, paid with
the card's ``helper`` mark (the older flat form, AF-309); the flat form of every older effect is
upgraded by :func:`upgrade`.
"""

from __future__ import annotations

from typing import Any

from deckkit.engine import abilities as lang
from deckkit.engine.effects import AbilityProblem

GAME = "alomfogo"
CARD_TYPES = ("dreamwalker", "dream-creature", "event", "instant", "general-spell")
CREATURES = ("dreamwalker", "dream-creature")
IN_PLAY = ("dreamwalker", "dream-creature", "event")
MARKS = {"rest": "P", "damage": "S", "sacrifice": "Á"}


def _power_phrase(params: dict, cards: str) -> str:
    n = params.get("amount", 0)
    verb = "get" if cards.startswith(("your ", "enemy ", "all ")) else "has"
    return f"{cards} {verb} {'+' if n >= 0 else ''}{n} magic power"


def _cost_phrase(params: dict, cards: str) -> str:
    amount = params.get("amount", 0)
    if isinstance(amount, lang.Amount):  # counted (the engine compiles it: "for each event you have in play")
        from deckkit.engine.ability_text import Words

        number, tail = Words(lang.vocabulary(GAME)).amount(amount)
    else:
        number, tail = str(amount), ""
    if params.get("first"):
        noun = " or ".join(w[:-1] if w.endswith("s") else w for w in cards.removeprefix("your ").split(" or "))
        return f"the first {noun} you play each turn costs {number} VP less{tail} (never below 0)"
    return f"{cards} cost {number} VP less{tail} (never below 0)"


def _words() -> lang.Vocabulary:
    F = lang.FilterField
    E = lang.Event
    in_play = IN_PLAY
    creature = {"type": "boolean", "const": True}
    return lang.Vocabulary(
        game=GAME, card_types=CARD_TYPES, in_play_types=IN_PLAY,
        fields={
            "type": F("type", "enum", CARD_TYPES, "The card type."),
            "cost": F("cost", "int", description="The VP cost.", phrase="costing {value}", after=True),
            "attack": F("attack", "int", description="A dreamwalker's attack power.",
                        phrase="with attack power {value}", after=True),
            "defense": F("defense", "int", description="A dreamwalker's defence power.",
                         phrase="with defence power {value}", after=True),
            "glory": F("glory", "int", description="The glory icon (0: not glorious, AF-807).",
                       phrase="with glory {value}", after=True),
            "state": F("state", "enum", ("active", "resting", "damaged"), "A card's state in play (AF-410)."),
            "mark": F("mark", "enum", ("P", "S", "Á"), "The helper ability's mark (AF-380 – AF-382).",
                      phrase="with a ({value}) ability", after=True),
            "role": F("role", "enum", ("attacker", "defender", "helper"),
                      "The card's part in the duel being fought (or just ended, for duel triggers).",
                      phrase="fighting as the {value}", after=True),
        },
        zones=("play", "hand", "deck", "cage"),
        zone_names={"hand": "hand", "deck": "deck", "cage": "spell cage"},
        events={
            "played": E("played", "the card is played from a hand (instants too)", "{subject} is played",
                        example={"on": "played"}),
            "enters": E("enters", "the card is put on the table (AF-608)", "{subject} enters play",
                        card_types=in_play),
            "duel-won": E("duel-won", "a duelist wins a duel (or an unanswered challenge, AF-710)",
                          "{subject} wins a duel", card_types=in_play,
                          example={"on": "duel-won", "who": "any", "side": "own",
                                   "filter": {"type": "dreamwalker", "role": "attacker"}}),
            "duel-lost": E("duel-lost", "a duelist loses a duel (AF-754)", "{subject} loses a duel",
                           card_types=in_play),
            **{f"phase-{n}": E(f"phase-{n}", f"phase {n} of a turn starts", f"in {{whose}} phase {n}",
                               card_types=in_play, card=False) for n in (1, 3, 4)},
            "draw": E("draw", "a player draws a card", "whenever a card is drawn into {whose} hand",
                      card_types=in_play),
            "turn-end": E("turn-end", "a turn ends, after its phase 4", "at the end of {whose} turn",
                          card_types=in_play, example={"on": "turn-end"}, card=False),
            "loses-glory": E("loses-glory", "a player has lost glory points (an unanswered challenge, AF-711, or a "
                             "card); the amount is the points lost", "whenever {player} lose{s} glory points",
                             card_types=in_play, amount=True, measure="glory", of_player=True, card=False,
                             example={"on": "loses-glory", "who": "other", "amount": {"min": 2}}),
            "gains-glory": E("gains-glory", "a player has gained glory points (a defender's won duel, AF-803, or a "
                             "card); the amount is the points gained", "whenever {player} gain{s} glory points",
                             card_types=in_play, amount=True, measure="glory", of_player=True, card=False),
        },
        replaceable={
            "damaged": E("damaged", "a card in play would become damaged (AF-410; AF-D25)",
                         "{subject} would become damaged"),
            "resting": E("resting", "a card in play would become resting (AF-410)", "{subject} would become resting"),
            "rests-after-duel": E("rests-after-duel", "a duelist would rest after a duel it fought (AF-757, AF-712; "
                                  "AF-D11)", "{subject} would rest after a duel"),
            "rests-after-win": E("rests-after-win", "a duelist would rest after a duel it won (AF-757, AF-712; "
                                 "szívós)", "{subject} would rest after a duel it wins"),
        },
        costs={
            "rest": lang.CostPart("rest", creature, CREATURES, "(P) rest {value}", "(P): the helper becomes resting."),
            "damage": lang.CostPart("damage", creature, CREATURES, "(S) damage {value}",
                                    "(S): the helper becomes damaged."),
            "sacrifice": lang.CostPart("sacrifice", creature, CREATURES, "(Á) sacrifice {value}",
                                       "(Á): the helper goes to the spell cage."),
            "vp": lang.CostPart("vp", {"type": "integer", "minimum": 1, "maximum": 99}, CREATURES, "pay {value} VP",
                                "Extra VP cost of the helper ability (AF-384)."),
            "discard": lang.CostPart("discard", {"type": "integer", "minimum": 1, "maximum": 9}, CREATURES,
                                     "discard {cards}", "Cards to discard as extra cost (AF-386)."),
        },
        statics={
            "power": lang.StaticKind(
                "power", {"amount": {"type": "integer", "minimum": -20, "maximum": 20,
                                     "description": "Magic power added in a duel (negative: taken)."}},
                "Magic power in a duel for this card or a set of dreamwalkers (AF-751, AF-752).",
                _power_phrase, cards=True, required=("amount",),
                example={"effect": "power", "amount": 2, "condition": {"duel_role": "defender"}}),
            "cost": lang.StaticKind(
                "cost", {"amount": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 20},
                                              {"type": "object", "description": "a counted amount: {\"count\": …}"}],
                                    "x-amount": True, "description": "VP less: a number, or counted (\"count\")."},
                         "first": {"type": "boolean", "description": "only the first such card its player plays "
                                                                     "each turn (AF-D22)"}},
                "The cards cost less VP to play, never below 0 (AF-605).",
                _cost_phrase, cards=True, required=("amount",), card_types=in_play),
            "vp-per-turn": lang.StaticKind(
                "vp-per-turn", {"amount": {"type": "integer", "minimum": 1, "maximum": 99}},
                "Extra VP in its controller's phase 1 (AF-602).", "you receive {amount} more VP in phase 1",
                required=("amount",), card_types=in_play),
            "free-dreamwalker": lang.StaticKind(
                "free-dreamwalker", {"max_cost": {"type": "integer", "minimum": 0, "maximum": 99,
                                                  "description": "Highest cost of the free dreamwalker."}},
                "Once each turn a dreamwalker up to max_cost is played free (Ébredés Ajtaja, AF-EX-26).",
                "each turn you may play one dreamwalker costing at most {max_cost} VP for free",
                required=("max_cost",), card_types=("event",)),
            "counterspell": lang.StaticKind(
                "counterspell", {}, "Sacrifice it when an opponent plays a spell: the spell has no effect "
                "(AF-371, AF-372).", "sacrifice {name} when an opponent plays a spell: that spell has no effect "
                "and goes to the spell cage", card_types=("event",)),
            "keyword": lang.StaticKind(
                "keyword", {"keyword": {"enum": ["defend-while-resting", "cannot-defend"],
                                        "description": "defend-while-resting: may defend while resting (bends "
                                                       "AF-704); cannot-defend: never defends."}},
                "A rule-bending keyword of a dreamwalker.",
                lambda p, cards: f"{cards} " + ("may defend while resting" if p.get("keyword") ==
                                                "defend-while-resting" else "cannot defend"),
                required=("keyword",), card_types=("dreamwalker",)),
            "after-duel": lang.StaticKind(
                "after-duel", {"state": {"enum": ["damaged"], "description": "The state instead of resting."}},
                "Replaces AF-757: after each duel it fights it takes this state instead of resting.",
                "after each duel it fights, {name} becomes {state} instead of resting", required=("state",),
                card_types=("dreamwalker",)),
        },
        conditions={
            "duel_role": lang.ConditionKind("duel_role", {"enum": ["attacker", "defender"]},
                                            "The card fights as the attacker or the defender.",
                                            "while it is the {value}"),
            "opposing_glorious": lang.ConditionKind("opposing_glorious", {"const": True},
                                                    "The opposing duelist has a glory icon (AF-807).",
                                                    "if the opposing duelist is glorious"),
        },
        default_type="card",
        upgrade=upgrade,
        check_card=check_card,
    )


_EVERY_CREATURE = {"type": ["dreamwalker", "dream-creature"]}


def upgrade(data: dict) -> dict:
    """The older flat form (one effect, its amount, its extra costs at the top) in the language."""
    name = data.get("effect")
    rest = {k: v for k, v in data.items() if k not in ("effect", "vp", "discard", "text", "target")}
    text = {"text": data["text"]} if "text" in data else {}
    if name in ("vp-per-turn", "free-dreamwalker"):
        return {"static": [{"effect": name, **rest}], **text}
    if name == "attack-bonus":
        return {"static": [{"effect": "power", **rest, "cards": {
            "side": "own", "filter": {"type": "dreamwalker", "role": "attacker"}}}], **text}
    if name == "counter-spell":
        return {"static": [{"effect": "counterspell", **rest}], **text}
    if name == "cage-resting-creatures":
        step: dict[str, Any] = {"effect": "to-cage", "target": {
            "choose": "every", "side": "any", "filter": {**_EVERY_CREATURE, "state": "resting"}}, **rest}
    elif name == "recover-all":
        step = {"effect": "set-state", "state": "active", "target": {
            "choose": "every", "side": "own", "filter": dict(_EVERY_CREATURE)}, **rest}
    elif name == "cage-opponent-events" and data.get("target") == "opponent":
        step = {"effect": "to-cage", "player": "opponent", "target": {
            "choose": "every", "side": "enemy", "filter": {"type": "event"}}, **rest}
    elif name == "rest-target" and data.get("target") == "opponent-creature":
        step = {"effect": "set-state", "state": "resting", "target": {
            "side": "enemy", "filter": {**_EVERY_CREATURE, "state": "active"}}, **rest}
    else:
        step = {"effect": name, **rest}
        if "target" in data:
            step["target"] = data["target"]
    out: dict[str, Any] = {"do": [step], **text}
    cost = {k: data[k] for k in ("vp", "discard") if k in data and data[k]}
    if cost:
        out["cost"] = cost
    return out


def mark_of(ability: lang.Ability) -> str | None:
    """The helper mark a compiled ability's cost pays, or None."""
    for key, mark in MARKS.items():
        if ability.cost_of(key):
            return mark
    return None


def _a(kind: Any) -> str:
    return f"{'an' if str(kind)[:1] in 'aeiou' else 'a'} {kind}"


#: Continuous effects the rules read from the card alone (a keyword when a dreamwalker defends, a
#: counterspell or a free dreamwalker offered as an action): they take no condition.
UNCONDITIONAL = ("keyword", "counterspell", "free-dreamwalker")


def check_card(card: dict, compiled: list) -> list:
    """Card-level checks after every ability compiled: the helper ability and its mark (AF-309,
    AF-380 – AF-383), what an event or a spell can carry, and targets (AF-385)."""
    out: list[AbilityProblem] = []
    kind = card.get("type")
    printed = card.get("helper")
    helpers = 0
    plays = 0
    for i, ab in enumerate(compiled):
        where = f"$.abilities[{i}]"
        marks = [MARKS[k] for k in MARKS if ab.cost_of(k)]
        if len(marks) > 1:
            out.append(AbilityProblem(f"{where}.cost", f"a helper ability has one mark, not {', '.join(marks)}",
                                      "(P) rest, (S) damage or (Á) sacrifice: choose one (AF-380 – AF-382)"))
        helper = kind in CREATURES and ab.kind in ("play", "activated")
        if helper:
            helpers += 1
            mark = marks[0] if marks else printed
            if mark is None:
                out.append(AbilityProblem(where, "a creature's helper ability needs a mark",
                                          'add "rest": true (P), "damage": true (S) or "sacrifice": true (Á) to '
                                          'its cost, or the card\'s "helper" field (AF-380 – AF-383)'))
            elif printed is not None and marks and marks[0] != printed:
                out.append(AbilityProblem(f"{where}.cost", f"the cost pays ({marks[0]}) but the card's helper "
                                          f"mark is ({printed})", "make the cost and the helper field agree"))
        if kind in ("instant", "general-spell") and ab.kind in ("play", "activated"):
            plays += 1
            if plays > 1:
                out.append(AbilityProblem(where, f"{_a(kind)} does one thing when it is played: this is a second ability",
                                          "put every step into the first ability's do, in order (each step has "
                                          "its own target)"))
        if kind == "event" and ab.kind in ("play", "activated"):
            out.append(AbilityProblem(where, "an event's ability must be continuous (static) or triggered",
                                      "an event applies its effect while it is on the table (AF-341)"))
        if kind in ("instant", "general-spell") and ab.kind in ("triggered", "static") and not (
                ab.trigger is not None and ab.trigger.on == "played" and ab.trigger.who == "self"):
            out.append(AbilityProblem(where, f"{_a(kind)} is not in play: it can have no {ab.kind} ability",
                                      "a spell does what it says when it is played (AF-356, AF-361)"))
        for j, st in enumerate(ab.statics if ab.kind == "static" else ()):
            if st.effect in UNCONDITIONAL and (st.condition is not None or ab.condition is not None):
                path = f"{where}.static[{j}].condition" if st.condition is not None else f"{where}.condition"
                out.append(AbilityProblem(path, f"a {st.effect!r} continuous effect holds whenever its card is in "
                                          "play: a condition on it would not be read",
                                          "leave out the condition (power, cost, vp-per-turn and after-duel "
                                          "changes take one)"))
        for m, seq in enumerate(ab.sequences):  # the action (or the decision) states one order of the top
            ordering = [j for j, step in enumerate(seq) if step.effect == "order-top"]
            if len(ordering) > 1:
                at = f"{where}.modes[{m}].do[{ordering[1]}]" if ab.modes else f"{where}.do[{ordering[1]}]"
                out.append(AbilityProblem(at, "a second order-top in one ability: the one order the player "
                                          "states is for one look at the top of the deck",
                                          "order more cards in one step (amount), or give the steps to two "
                                          "abilities"))
        if ab.per_turn and kind not in IN_PLAY:
            out.append(AbilityProblem(f"{where}.per_turn", f"{_a(kind)} is not in play: it is used once, when it "
                                      "is played", "per_turn limits an ability of a card in play (AF-D21)"))
    from deckkit.engine.ability_check import play_field_problems, static_zone_problems

    out += static_zone_problems(card, {"cost": "hand"}, "play")
    out += play_field_problems(card, ("state", "role"), "play")
    if helpers > 1:
        out.append(AbilityProblem("$.abilities", f"a helper has one helper ability, this card has {helpers}",
                                  "give it modes instead: the player chooses one (AF-309)"))
    if printed is not None and kind in CREATURES and helpers == 0:
        out.append(AbilityProblem("$.helper", f"the card has the ({printed}) mark but no helper ability",
                                  "add the ability, or leave out the helper field (AF-383)"))
    return out


lang.register_vocabulary(GAME, _words)
