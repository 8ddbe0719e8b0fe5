"""The reference of one game's ability language, for people and programs (``deckkit games --abilities``).

:func:`reference` lists every part a card file may use — the keys of an ability and of a step,
triggers, replaceable events, effects, targets, amounts, costs, continuous effects, conditions,
filters, zones, durations, players and keywords — each with its parameters and the values they
take, read from the same words the checker uses (so the list cannot drift from what is accepted).
:func:`reference_text` prints it as indented lines, nothing cut short.
"""

from __future__ import annotations

import json
from typing import Any

from deckkit.engine.abilities import CHOICES, CHOOSERS, SIDES, Vocabulary, vocabulary
from deckkit.engine.effects import effects_of

__all__ = ["reference", "reference_text", "choices"]

_LANGUAGE_KEYS = ("target", "amount", "duration", "player")

#: The keys of an ability, what each says (the checker's list, in words).
ABILITY_KEYS = {
    "do": "the steps it carries out, in order (an ability without trigger, cost or static happens on play)",
    "modes": "a list of {do: [...]}: the player chooses one",
    "trigger": "the event that sets it off: NAME or {on, who, side, filter, amount}; amount (an event with an "
               "amount only): N or {min, max}, e.g. {\"min\": 3} for 3 or more",
    "cost": "what a card in play pays to use it (an activated ability)",
    "static": "continuous effects that hold while the card is in play",
    "replace": "an event it replaces: {on, who, side, filter}, with do (instead), less: N or prevent: true",
    "condition": "it applies only while the condition holds",
    "per_turn": "1..9: at most this many times each turn (a triggered, activated or replacement ability)",
    "keyword": "NAME: the keyword's abilities in this place (a name defined in a card file, or the game's own)",
    "text": "the ability's rules text as printed",
}
#: The keys every step may carry, whatever its effect.
STEP_KEYS = {
    "optional": "true: \"you may\" — the chooser decides yes or no",
    "if": "\"done\" (only if the last optional step was done) or {ref: N, filter: {...}} (only if step N's card "
          "matches)",
    "chooser": f"{'|'.join(CHOOSERS)}: who makes the step's choices (player: each affected player for themselves)",
    "ref": "N: the earlier step (counting from 1) whose card this step reads for player owner and amount stat",
}


def choices(schema: dict) -> str:
    """The values a parameter's schema allows, written short: ``a|b``, ``1..99``, ``true|false``."""
    if "const" in schema:
        return json.dumps(schema["const"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            alternatives = [s for s in schema[key] if isinstance(s, dict)]
            numbers = [s for s in alternatives if s.get("type") == "integer"]
            if numbers and len(alternatives) == 2 and any(s.get("type") == "object" for s in alternatives):
                return f"{choices(numbers[0])} or {{count: …}}"  # a number, or counted "for each …"
            return " or ".join(choices(s) for s in alternatives)
    if "enum" in schema:
        return "|".join(str(v) for v in schema["enum"])
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        return f"{low}..{high}" if low is not None and high is not None else "number"
    if kind == "object":
        return "{count: …}" if "count" in json.dumps(schema) else "a set of cards"
    return {"boolean": "true|false", "string": "text", "array": "list"}.get(str(kind), "a set of cards")


def _params(schemas: Any, skip: tuple[str, ...] = _LANGUAGE_KEYS) -> dict[str, dict[str, str]]:
    return {k: {"values": choices(s), "description": str(s.get("description", ""))}
            for k, s in schemas.items() if k not in skip}


def _events(events: Any) -> dict[str, dict[str, Any]]:
    return {n: {"description": e.description, "who": list(e.who), "amount": e.amount,
                "card_types": list(e.card_types), "of_player": bool(getattr(e, "of_player", False))}
            for n, e in events.items()}


def reference(game: str) -> dict[str, Any]:
    """Every word of a game's ability language (the ``abilities`` of ``deckkit games --abilities -o json``)."""
    from deckkit.engine.keywords import builtin_keywords

    v = vocabulary(game)
    effects = effects_of(game)
    return {
        "ability_keys": dict(ABILITY_KEYS),
        "step_keys": dict(STEP_KEYS),
        "triggers": {n: e["description"] for n, e in _events(v.events).items()},
        "trigger_details": _events(v.events),
        "replaceable": _events(getattr(v, "replaceable", {}) or {}),
        "effects": {n: {"description": e.description, "takes": [k for k in _LANGUAGE_KEYS if k in e.params],
                        "params": {k: p["values"] for k, p in _params(e.params).items()},
                        "param_descriptions": {k: p["description"] for k, p in _params(e.params).items()},
                        "required": list(e.required)} for n, e in sorted(effects.items())},
        "targets": _targets(v),
        "amounts": _amounts(v),
        "costs": {n: {"description": c.description or c.phrase, "value": choices(c.schema),
                      "card_types": list(c.card_types)} for n, c in v.costs.items()},
        "continuous": {n: {"description": s.description,
                           "params": {k: p["values"] for k, p in _params(s.params, ("cards",)).items()},
                           "cards": s.cards, "required": list(s.required), "card_types": list(s.card_types)}
                       for n, s in v.statics.items()},
        "conditions": {n: {"description": c.description, "value": choices(c.schema)} for n, c in v.conditions.items()},
        "filter_fields": {n: {"kind": f.kind, "values": list(f.values), "description": f.description}
                          for n, f in v.fields.items()},
        "zones": list(v.zones),
        "durations": dict(v.durations),
        "players": dict(v.players),
        "keywords": builtin_keywords(game),
    }


def _targets(v: Vocabulary) -> dict[str, str]:
    return {
        "self": "this card", "it": "the card of the triggering event (or of the replaced one)",
        "own | enemy | any": "the player chooses one such card in play",
        "{ref: N}": "the card(s) step N of the same list acted on (\"it\", \"untap it\")",
        "{choose, count, side, zone, other, filter}": f"choose: {'|'.join(CHOICES)}; count: 1..9; side: "
        f"{'|'.join(SIDES)}; zone: {'|'.join(v.zones)} (default {v.zones[0]}); other: true leaves this card out; "
        "filter: tests on the cards' fields",
    }


def _amounts(v: Vocabulary) -> dict[str, str]:
    numbers = [n for n, f in v.fields.items() if f.kind == "int"]
    return {
        "0..99": "a fixed number",
        "{count: SET, times, plus, max}": "for each card of SET (side, zone, other, filter): count × times + plus, "
                                          "at most max",
        "{from: event}": "the triggering event's amount (damage dealt, life lost …)",
        "{stat: NAME, ref: N}": f"a number of the card step N acted on (else the event's card); NAME: "
                                f"{'|'.join(numbers)}",
    }


def reference_text(game: str) -> list[str]:
    """:func:`reference` as indented lines for ``deckkit games --abilities``; nothing is cut short."""
    r = reference(game)
    out = ["ability language (see the README, 'Writing abilities'):", "  an ability's keys:"]
    out += [f"    {k}  {d}" for k, d in r["ability_keys"].items()]
    out.append("  triggers (trigger: NAME or {on: NAME, who, side, filter, amount}; amount: N or {min, max}, "
               "for a trigger marked 'amount'):")
    for name, e in r["trigger_details"].items():
        extra = f"who={'|'.join(e['who'])}" + (", amount" if e["amount"] else "") + (
            f"; for {', '.join(e['card_types'])}" if e["card_types"] else "")
        out.append(f"    {name}({extra})  {e['description']}")
    if r["replaceable"]:
        out.append("  replaceable events (replace: {on: NAME, who, side, filter} with do, less or prevent):")
        for name, e in r["replaceable"].items():
            out.append(f"    {name}({'less' if e['amount'] else 'no less'})  {e['description']}")
    out.append("  effects (do: [{effect: NAME, …}]):")
    for name, e in r["effects"].items():
        extra = ", ".join([*e["takes"], *(f"{k}={c}" for k, c in e["params"].items())])
        out.append(f"    {name}({extra})  {e['description']}")
    out.append("  every step also takes:")
    out += [f"    {k}  {d}" for k, d in r["step_keys"].items()]
    out.append("  targets (target):")
    out += [f"    {k}  {d}" for k, d in r["targets"].items()]
    out.append("  amounts (amount):")
    out += [f"    {k}  {d}" for k, d in r["amounts"].items()]
    out.append("  costs (cost: {PART: VALUE, …}):")
    out += [f"    {n}={c['value']}  {c['description']} ({', '.join(c['card_types'])})" for n, c in r["costs"].items()]
    out.append("  continuous (static: [{effect: NAME, …}]):")
    for name, s in r["continuous"].items():
        extra = ", ".join([*(["cards"] if s["cards"] else []), *(f"{k}={c}" for k, c in s["params"].items())])
        out.append(f"    {name}({extra})  {s['description']}")
    out.append("  conditions (condition: {…}; a list means all of them):")
    out += [f"    {n}={c['value']}  {c['description']}" for n, c in r["conditions"].items()]
    out.append("    count: SET with min and/or max; not: CONDITION; all: [CONDITION, …]; any: [CONDITION, …]")
    out.append("  filters (filter: {FIELD: VALUE, …}; not: FILTER; any: [FILTER, …]):")
    for n, f in r["filter_fields"].items():
        values = "|".join(f["values"]) if f["values"] else {"int": "N or {min, max}", "bool": "true|false"}.get(
            f["kind"], "text")
        out.append(f"    {n}={values}" + (f"  {f['description']}" if f["description"] else ""))
    out.append("  zones:      " + ", ".join(r["zones"]))
    out.append("  durations:  " + "; ".join(f"{k} ({d})" for k, d in r["durations"].items()))
    out.append("  players:    " + "; ".join(f"{k} ({d})" for k, d in r["players"].items()))
    out.append("  keywords (a card's keywords: [NAME, …]; designers define more in a card file's 'keywords'):")
    out += [f"    {n}  {meaning}" for n, meaning in r["keywords"].items()]
    return out
