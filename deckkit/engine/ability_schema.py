"""The JSON Schema of one game's ability language, generated from the words the checker uses.

:func:`language_schema` is the card schema's definition of a game's abilities: every construct
(card filter, target, count, amount, condition, trigger, cost, continuous effect, step and the
ability itself) with a title, a description and an example. Each construct is one method of
:class:`_Defs`, in the order the definitions appear in the schema.
"""

from __future__ import annotations

from typing import Any

from deckkit.engine.abilities import Vocabulary, vocabulary
from deckkit.engine.effects import effects_of

__all__ = ["language_schema"]

def language_schema(game: str, prefix: str) -> dict[str, dict]:
    """The ``$defs`` of one game's ability language (names start with ``prefix``); ``{prefix}ability`` is the entry."""
    defs = _Defs(vocabulary(game), effects_of(game), prefix)
    # the order of the definitions is the order of the generated schema file: keep it
    parts = {"filter": defs.filter, "target": defs.target, "count": defs.count, "amount": defs.amount,
             "condition": defs.condition, "trigger": defs.trigger, "cost": defs.cost, "static": defs.static,
             "step": defs.step, "ability": defs.ability}
    return {prefix + name: build() for name, build in parts.items()}


def _none() -> dict:
    """The definition of a construct the game's cards never use: nothing matches it."""
    return {"not": {}, "description": "This game's cards have none."}


def _sample(key: str, schema: dict, zone0: str = "") -> Any:
    """A value a parameter takes, for an example: the first allowed one, 1 for numbers, a side for a target
    (and a zone when the effect takes cards from elsewhere than ``zone0``, where targets are by default)."""
    if key == "target":
        side = (schema.get("x-sides") or ("own",))[0]
        zones = schema.get("x-zones")
        return {"side": side, "zone": zones[0]} if zones and zones[0] != zone0 else side
    if key == "to" and schema.get("enum"):
        return schema["enum"][-1]  # the first is often where the card is already (play)
    if key == "amount":
        return 1
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    for alternative in schema.get("anyOf") or ():
        if isinstance(alternative, dict) and ("type" in alternative or "enum" in alternative or "const" in alternative):
            return _sample(key, alternative)
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum", 1), schema.get("maximum", 1)
        return min(max(1, low), high)
    if kind == "boolean":
        return True
    if kind == "string":
        return "…"
    return {"side": "own"}  # a set of cards


def _example(name: str, params: Any, wanted: tuple[str, ...], cards: bool = False, zone0: str = "") -> dict:
    """An example of a step or a continuous effect: its name and a value for each parameter it needs."""
    out: dict[str, Any] = {"effect": name}
    for key in params:
        if key in wanted:
            out[key] = _sample(key, params[key], zone0)
    if cards and "cards" not in out:
        out["cards"] = {"side": "own"}
    own = [k for k in out if k not in ("effect", "target", "amount", "player", "duration", "cards")]
    numbers = [k for k, p in params.items() if k not in out and isinstance(p, dict) and p.get("type") == "integer"]
    if not own and numbers:  # an effect of optional numbers (attack, defence) changes nothing without one
        out[numbers[0]] = _sample(numbers[0], params[numbers[0]])
    return out


class _Defs:
    """Builds each definition of one game's language; references to the others carry the game's prefix."""

    def __init__(self, vocab: Vocabulary, effects: dict[str, Any], prefix: str) -> None:
        self.v = vocab
        self.effects = effects
        self.prefix = prefix
        # the properties a target and a count share: whose cards, where, and which
        self.cards_common = {
            "side": {"enum": ["own", "enemy", "any"], "description": "Whose cards: yours, the opponent's, or anyone's."},
            "zone": {"enum": list(vocab.zones), "description": f"Where the cards are (default {vocab.zones[0]})."},
            "other": {"type": "boolean", "description": "Leave this card itself out."},
            "filter": self.ref("filter"),
        }

    def ref(self, name: str) -> dict:
        """A reference to another definition of this game's language."""
        return {"$ref": f"#/$defs/{self.prefix}{name}"}

    def filter(self) -> dict:
        """Tests on a card's fields (one property per field of the game's cards), with not and any."""
        v = self.v
        return {
            "title": "card filter", "type": "object", "additionalProperties": False,
            "description": "Tests on a card's properties; every test must hold. 'not' must fail, 'any' needs one to hold.",
            "examples": [{"type": next(iter(v.fields["type"].values), "card")} if "type" in v.fields else {}],
            "properties": {**self._field_tests(), "not": self.ref("filter"),
                           "any": {"type": "array", "items": self.ref("filter")}},
        }

    def _field_tests(self) -> dict[str, Any]:
        """One test per card field: a number or a min/max range, true/false, or one value or a list of them."""
        tests: dict[str, Any] = {}
        for f in self.v.fields.values():
            if f.kind == "int":
                schema: dict[str, Any] = {"anyOf": [{"type": "integer"}, {
                    "type": "object", "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}},
                    "additionalProperties": False}]}
            elif f.kind == "bool":
                schema = {"type": "boolean"}
            else:
                one = {"enum": list(f.values)} if f.values else {"type": "string"}
                schema = {"anyOf": [one, {"type": "array", "items": one, "minItems": 1}]}
            tests[f.name] = {"title": f.name, "description": f.description or f"The card's {f.name}.", **schema}
        return tests

    def target(self) -> dict:
        """Which cards a step acts on: a word, or an object saying how to choose among matching cards."""
        return {
            "title": "target", "description": "Which cards a step acts on. A word: self (this card), it (the card of "
            "the triggering event), own / enemy / any (the player chooses one such card in play); or an object.",
            "examples": ["self", {"choose": "one", "side": "enemy", "filter": {"type": "monster"}}],
            "anyOf": [{"enum": ["self", "it", "own", "enemy", "any"]}, {
                "type": "object", "additionalProperties": False, "properties": {
                    "choose": {"enum": ["one", "every", "random"],
                               "description": "one: the player chooses; every: all that match; random: one at random."},
                    "count": {"type": "integer", "minimum": 1, "maximum": 9, "description": "How many to choose."},
                    **self.cards_common}}, {
                "type": "object", "additionalProperties": False, "required": ["ref"], "properties": {
                    "ref": {"type": "integer", "minimum": 1, "maximum": 99, "description": "The cards an earlier step "
                            "of the same list acted on (counting from 1): 'it'."}}}]}

    def count(self) -> dict:
        """A set of cards to count."""
        return {
            "title": "what to count", "description": "A set of cards to count (all that match).",
            "examples": [{"side": "own", "filter": {"type": "food"}}],
            "anyOf": [{"enum": ["own", "enemy", "any"]},
                      {"type": "object", "additionalProperties": False, "properties": self.cards_common}]}

    def amount(self) -> dict:
        """A whole number, a counted amount or the triggering event's amount."""
        return {
            "title": "amount", "description": "A whole number, a counted amount ('for each …': count × times + plus, "
            "at most max) or the triggering event's amount (from: event).",
            "examples": [2, {"count": {"side": "own", "filter": {"type": "food"}}}, {"from": "event"},
                         {"stat": "attack", "ref": 1}],
            "anyOf": [{"type": "integer", "minimum": 0, "maximum": 99}, {
                "type": "object", "additionalProperties": False, "properties": {
                    "count": self.ref("count"), "from": {"const": "event"},
                    "stat": {"enum": [n for n, f in self.v.fields.items() if f.kind == "int"],
                             "description": "A number of a card: the one step 'ref' acted on, else the event's card."},
                    "ref": {"type": "integer", "minimum": 1, "maximum": 99,
                            "description": "The earlier step whose card 'stat' reads."},
                    "times": {"type": "integer", "minimum": 0, "maximum": 99},
                    "plus": {"type": "integer", "minimum": 0, "maximum": 99},
                    "max": {"type": "integer", "minimum": 0, "maximum": 99}}}]}

    def condition(self) -> dict:
        """When an ability applies: a count in a range, the game's own conditions, not / all / any."""
        v = self.v
        game_conditions = {name: {"description": k.description, **k.schema} for name, k in v.conditions.items()}
        return {
            "title": "condition", "description": "When the ability applies: a count in a range (count + min/max), the "
            "game's own conditions, not / all / any.",
            "examples": [{"count": {"side": "own", "zone": v.zones[-1]}, "max": 2}],
            "type": "object", "additionalProperties": False, "properties": {
                "count": self.ref("count"), "min": {"type": "integer", "minimum": 0},
                "max": {"type": "integer", "minimum": 0}, "not": self.ref("condition"),
                "all": {"type": "array", "items": self.ref("condition")},
                "any": {"type": "array", "items": self.ref("condition")}, **game_conditions}}

    def trigger(self) -> dict:
        """The event that sets an ability off (nothing, for a game without events)."""
        v = self.v
        events = sorted(v.events)
        if not events:
            return _none()
        return {
            "title": "trigger", "description": "The event that sets the ability off: "
            + "; ".join(f"{e}: {v.events[e].description}" for e in events),
            # the first event's example, then those that take only some amounts ("loses 2 or more life")
            "examples": [next((v.events[e].example for e in events if v.events[e].example), {"on": events[0]}),
                         *(v.events[e].example for e in events if "amount" in (v.events[e].example or {}))],
            "anyOf": [{"enum": events}, {"type": "object", "additionalProperties": False, "required": ["on"],
                                         "properties": {
                "on": {"enum": events}, "who": {"enum": ["self", "other", "any"],
                                                "description": "Whose event: this card's (default), another card's, any."},
                "side": self.cards_common["side"], "filter": self.ref("filter"),
                "amount": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 999},
                                     {"type": "object", "additionalProperties": False, "minProperties": 1,
                                      "properties": {"min": {"type": "integer", "minimum": 1, "maximum": 999},
                                                     "max": {"type": "integer", "minimum": 1, "maximum": 999}}}],
                           "description": "Only when the event's amount is this (a whole number) or in this range "
                                          "({min, max}); for events with an amount: "
                                          + (", ".join(e for e in events if v.events[e].amount) or "none"),
                           "examples": [{"min": 3}]}}}]}

    def cost(self) -> dict:
        """What a card in play pays to activate an ability (nothing, for a game without costs)."""
        v = self.v
        if not v.costs:
            return _none()
        return {
            "title": "activation cost", "description": "What a card in play pays to use the ability.",
            "examples": [{k: (True if p.schema.get("type") == "boolean" else 1) for k, p in list(v.costs.items())[:2]}],
            "type": "object", "additionalProperties": False, "minProperties": 1,
            "properties": {k: {"description": p.description or k, **p.schema} for k, p in v.costs.items()}}

    def static(self) -> dict:
        """A continuous effect: one alternative per kind the game defines."""
        statics = []
        for name in sorted(self.v.statics):
            kind = self.v.statics[name]
            props: dict[str, Any] = {"effect": {"const": name}, "text": {"type": "string", "maxLength": 1000},
                                     "condition": self.ref("condition"), **{k: dict(s) for k, s in kind.params.items()}}
            if kind.cards:
                props["cards"] = self.ref("count")
            entry: dict[str, Any] = {"title": name, "description": kind.description, "type": "object",
                                     "required": ["effect", *kind.required], "additionalProperties": False,
                                     "properties": props}
            entry["examples"] = [kind.example or _example(name, kind.params, kind.required, kind.cards)]
            statics.append(entry)
        return {"title": "continuous effect", "description": "Holds while the card is in play.",
                "examples": [statics[0]["examples"][0]] if statics else [], "anyOf": statics or [{"not": {}}]}

    def step(self) -> dict:
        """One effect: one alternative per effect of the game's registry, with that effect's parameters."""
        steps = []
        for name in sorted(self.effects):
            eff = self.effects[name]
            props = {"effect": {"const": name}, "text": {"type": "string", "maxLength": 1000}}
            props.update({key: self._param(key, schema) for key, schema in eff.params.items()})
            props.update(self._flow())
            steps.append({"title": name, "description": eff.description, "type": "object", "required": ["effect",
                          *eff.required], "additionalProperties": False, "properties": props,
                          "examples": [_example(name, eff.params, (*eff.required, "target", "amount"),
                                                zone0=self.v.zones[0])]})
        return {"title": "step", "description": "One effect with its own target, amount and duration.",
                "examples": [{"effect": sorted(self.effects)[0]}] if self.effects else [],
                "anyOf": steps or [{"not": {}}]}

    def _flow(self) -> dict:
        """The keys every step may carry: you may, if …, who chooses, which earlier card it reads."""
        return {
            "optional": {"type": "boolean", "description": "You may: the chooser decides whether the step happens."},
            "if": {"description": "done: only if the last optional step was done (if you do); {ref, filter}: only "
                   "if the card that step acted on matches.",
                   "anyOf": [{"const": "done"}, {"type": "object", "additionalProperties": False,
                                                 "required": ["ref", "filter"], "properties": {
                       "ref": {"type": "integer", "minimum": 1, "maximum": 99}, "filter": self.ref("filter")}}]},
            "chooser": {"enum": ["you", "player", "opponent"], "description": "Who makes the step's choice: you (the "
                        "ability's controller), player (each affected player for themselves) or opponent."},
            "ref": {"type": "integer", "minimum": 1, "maximum": 99, "description": "The earlier step (from 1) whose "
                    "card 'owner' and an amount's 'stat' read."},
        }

    def _param(self, key: str, schema: dict) -> dict:
        """An effect's parameter: the language's own target, amount, duration and player, or the effect's schema."""
        if key == "target":
            return self.ref("target")
        if key == "amount":
            return self.ref("amount")
        if key == "duration":
            return {"enum": list(schema.get("enum") or self.v.durations), "description": "How long it lasts."}
        if key == "player":
            return {"enum": list(schema.get("enum") or self.v.players), "description": "Who is affected."}
        return {k: val for k, val in schema.items() if not k.startswith("x-")}  # x-sides, x-zones: the checker's

    def _replaced(self) -> dict:
        """The event a replacement changes ("if it would die … instead")."""
        events = sorted(self.v.replaceable)
        if not events:
            return {"not": {}, "description": "This game has no events to replace."}
        return {"description": "The event this replaces: " + "; ".join(
            f"{e}: {self.v.replaceable[e].description}" for e in events),
            "anyOf": [{"enum": events}, {"type": "object", "additionalProperties": False, "required": ["on"],
                                         "properties": {"on": {"enum": events},
                                                        "who": {"enum": ["self", "other", "any"]},
                                                        "side": self.cards_common["side"],
                                                        "filter": self.ref("filter")}}]}

    def ability(self) -> dict:
        """The entry: one ability in the language, or (where the game reads it) the older flat form."""
        v = self.v
        sequence = {"type": "array", "minItems": 1, "items": self.ref("step"),
                    "description": "Steps carried out in order."}
        language = {
            "type": "object", "additionalProperties": False, "properties": {
                "text": {"type": "string", "maxLength": 1000, "description": "The ability's rules text as printed."},
                "trigger": self.ref("trigger"), "cost": self.ref("cost"), "condition": self.ref("condition"),
                "static": {"type": "array", "minItems": 1, "items": self.ref("static"),
                           "description": "Continuous effects (keywords, stat changes, cost changes, replacements)."},
                "do": sequence,
                "per_turn": {"type": "integer", "minimum": 1, "maximum": 9,
                             "description": "At most this many times each turn (1: use this only once each turn)."},
                "replace": self._replaced(),
                "less": {"type": "integer", "minimum": 1, "maximum": 99,
                         "description": "A replacement: the event's amount is this much less (never below 0)."},
                "prevent": {"const": True, "description": "A replacement: the event does not happen."},
                "keyword": {"type": "string", "minLength": 1, "maxLength": 40, "title": "keyword",
                            "description": "A keyword's name. Alone ({\"keyword\": NAME}) it gives the card that "
                            "keyword's abilities in this place (deckkit import puts them in); beside other keys it "
                            "says which keyword the ability came from.", "examples": ["swift"]},
                "modes": {"type": "array", "minItems": 2, "description": "The player chooses one mode.", "items": {
                    "type": "object", "required": ["do"], "additionalProperties": False,
                    "properties": {"do": sequence, "text": {"type": "string", "maxLength": 1000}}}}},
            "anyOf": [{"required": ["do"]}, {"required": ["modes"]}, {"required": ["static"]},
                      {"required": ["replace"]}, {"required": ["keyword"]}]}
        flat = {"type": "object", "required": ["effect"], "description": "The older flat form: one effect with its "
                "parameters and costs at the top level (still read).",
                "properties": {"effect": {"enum": sorted(self.effects)}}}
        return {
            "title": f"{v.game} ability", "description": "One ability: what the card does on play, when triggered, "
            "when activated (cost) or continuously (static). See the ability language in the README.",
            "examples": [{"trigger": "enters", "do": [{"effect": "draw", "amount": 1}]}] if "enters" in v.events else [],
            "anyOf": [language, flat] if v.upgrade is not None else [language]}
