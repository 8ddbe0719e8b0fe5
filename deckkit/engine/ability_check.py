"""Checking and compiling the ability language (:mod:`deckkit.engine.abilities`) against a game's words.

:class:`Compiler` walks one card's ``abilities`` entries with the game's :class:`Vocabulary` and its
registered effects' parameter schemas, collects every problem with its JSON path, the allowed
values and a did-you-mean (it never raises), and builds the frozen :class:`Ability` objects that
the game's engine interprets. :func:`card_problems` remembers the answer by the card's non-prose
fields, since a catalogue repeats a few hundred abilities over thousands of cards.
"""

from __future__ import annotations

import difflib
from typing import Any

from deckkit.engine.abilities import (
    CHOICES,
    SIDES,
    Ability,
    Amount,
    Condition,
    Count,
    Filter,
    FilterField,
    Range,
    Static,
    Step,
    Target,
    Trigger,
    Vocabulary,
    vocabulary,
)
from deckkit.engine.effects import AbilityProblem, Effect, effects_of

_ABILITY_KEYS = ("text", "trigger", "cost", "static", "condition", "do", "modes")
_STEP_KEYS = ("effect", "text", "target", "player", "amount", "duration")
_TARGET_KEYS = ("choose", "side", "zone", "other", "filter", "count")
_COUNT_KEYS = ("side", "zone", "other", "filter")
_AMOUNT_KEYS = ("count", "times", "plus", "max", "from")
_TRIGGER_KEYS = ("on", "who", "side", "filter")
_CONDITION_LOGIC = ("count", "min", "max", "not", "all", "any")


# -- checking and compiling ---------------------------------------------------------------------
class _Problems:
    def __init__(self) -> None:
        self.items: list[AbilityProblem] = []

    def add(self, path: str, message: str, hint: str | None = None) -> None:
        self.items.append(AbilityProblem(path, message, hint))

    def unknown(self, path: str, word: Any, allowed: list[str], what: str) -> None:
        shown = ", ".join(allowed) if allowed else "none"
        near = difflib.get_close_matches(word, allowed, n=1, cutoff=0.6) if isinstance(word, str) else []
        hint = (f"did you mean {near[0]!r}? " if near else "") + f"{what} is one of: {shown}"
        self.add(path, f"{word!r} is not a known {what}", hint)

    def keys(self, path: str, data: dict, allowed: tuple[str, ...] | list[str], what: str) -> None:
        for key in data:
            if key not in allowed:
                self.unknown(f"{path}.{key}", key, list(allowed), f"key of {what}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _range(p: _Problems, path: str, data: dict, low: int = 0) -> Range:
    lo, hi = data.get("min", -(10**9)), data.get("max", 10**9)
    for key in ("min", "max"):
        if key in data and not (_is_int(data[key]) and low <= data[key] <= 999):
            p.add(f"{path}.{key}", f"{data[key]!r} is not a whole number from {low} to 999")
    if "min" not in data and "max" not in data:
        p.add(path, "a range needs min, max or both", 'for example {"min": 1} or {"max": 2}')
    if _is_int(lo) and _is_int(hi) and lo > hi:
        p.add(path, f"min {lo} is above max {hi}", "no number could be in this range")
    return Range(lo if _is_int(lo) else 0, hi if _is_int(hi) else 0)


class Compiler:
    """Checks and compiles the abilities of one card of one game (collects problems, never raises)."""

    def __init__(self, vocab: Vocabulary, card: dict | None = None) -> None:
        self.v = vocab
        self.card = card or {}
        self.type = self.card.get("type")
        self.p = _Problems()
        self.effects: dict[str, Effect] = effects_of(vocab.game)

    # filters and sets of cards
    def filter(self, path: str, data: Any) -> Filter:
        if not isinstance(data, dict):
            self.p.add(path, "a filter must be an object", 'for example {"type": "monster", "group": "beast"}')
            return Filter()
        tests: list[tuple[str, Any]] = []
        negated: list[Filter] = []
        alternatives: list[Filter] = []
        fields = self.v.fields
        for key, value in data.items():
            at = f"{path}.{key}"
            if key == "not":
                negated.append(self.filter(at, value))
                continue
            if key == "any":
                if not isinstance(value, list) or not value:
                    self.p.add(at, "'any' needs a list of filters, one of which must match")
                else:
                    alternatives.extend(self.filter(f"{at}[{i}]", f) for i, f in enumerate(value))
                continue
            spec = fields.get(key)
            if spec is None:
                self.p.unknown(at, key, sorted([*fields, "not", "any"]), "card field a filter can test")
                continue
            tests.append((key, self._field_value(at, spec, value)))
        return Filter(tuple(tests), tuple(negated), tuple(alternatives))

    def _field_value(self, at: str, spec: FilterField, value: Any) -> Any:
        if spec.kind == "int":
            if isinstance(value, dict):
                self.p.keys(at, value, ("min", "max"), "a range")
                return _range(self.p, at, value)
            if not _is_int(value):
                self.p.add(at, f"{value!r} is not a whole number", f'{spec.name} is a number, or {{"min": 1, "max": 3}}')
                return Range()
            return Range(value, value)
        if spec.kind == "bool":
            if not isinstance(value, bool):
                self.p.add(at, f"{value!r} is not true or false")
            return value
        values = value if isinstance(value, list) else [value]
        if not values:
            self.p.add(at, "an empty list matches nothing", f"give one or more {spec.name} values")
        for one in values:
            if spec.values and one not in spec.values:
                self.p.unknown(at, one, list(spec.values), spec.name)
            elif not isinstance(one, str):
                self.p.add(at, f"{one!r} is not a {spec.name} name")
        return frozenset(values) if isinstance(value, list) else value

    def cards(self, path: str, data: Any, *, count: bool = False, default_zone: str = "") -> Target:
        """A set of cards (a target, the set of a continuous effect, or what a count counts)."""
        zone0 = default_zone or self.v.zones[0]
        if isinstance(data, str):
            shorthand = {"self": "self", "it": "it", "own": "own", "enemy": "enemy", "any": "any"}
            if data not in shorthand or (count and data in ("self", "it")):
                allowed = ["own", "enemy", "any"] if count else list(shorthand)
                self.p.unknown(path, data, allowed, "target")
                return Target("one")
            if data in ("self", "it"):
                return Target(data)
            return Target("every" if count else "one", side=data, zone=zone0)
        if not isinstance(data, dict):
            self.p.add(path, "a target must be a word (self, it, own, enemy, any) or an object",
                       'for example {"choose": "one", "side": "enemy", "filter": {"type": "monster"}}')
            return Target("one")
        self.p.keys(path, data, _COUNT_KEYS if count else _TARGET_KEYS, "a count" if count else "a target")
        choose = "every" if count else data.get("choose", "one")
        if choose not in CHOICES:
            self.p.unknown(f"{path}.choose", choose, list(CHOICES), "way to choose")
        side = data.get("side", "any")
        if side not in SIDES:
            self.p.unknown(f"{path}.side", side, list(SIDES), "side")
        zone = data.get("zone", zone0)
        if zone not in self.v.zones:
            self.p.unknown(f"{path}.zone", zone, list(self.v.zones), "zone")
        other = data.get("other", False)
        if not isinstance(other, bool):
            self.p.add(f"{path}.other", f"{other!r} is not true or false", "other: true leaves this card out")
        n = data.get("count", 1)
        if not (_is_int(n) and 1 <= n <= 9):
            self.p.add(f"{path}.count", f"{n!r} is not a whole number from 1 to 9", "how many cards to choose")
        filt = self.filter(f"{path}.filter", data["filter"]) if "filter" in data else Filter()
        return Target(choose, side, zone, bool(other), filt, n if _is_int(n) else 1)

    def count(self, path: str, data: Any) -> Count:
        t = self.cards(path, data, count=True)
        return Count(t.side, t.zone, t.other, t.filter)

    def amount(self, path: str, data: Any, event_amount: bool) -> Amount:
        if _is_int(data):
            if not 0 <= data <= 99:
                self.p.add(path, f"{data} is outside 0 … 99", "an amount is a whole number from 0 to 99")
            return Amount(data)
        if not isinstance(data, dict):
            self.p.add(path, f"{data!r} is not an amount", 'a whole number, {"count": {…}} or {"from": "event"}')
            return Amount(1)
        self.p.keys(path, data, _AMOUNT_KEYS, "an amount")
        for key in ("times", "plus", "max"):
            if key in data and not (_is_int(data[key]) and 0 <= data[key] <= 99):
                self.p.add(f"{path}.{key}", f"{data[key]!r} is not a whole number from 0 to 99")
        times, plus, top = data.get("times", 1), data.get("plus", 0), data.get("max")
        if "from" in data:
            if data["from"] != "event":
                self.p.unknown(f"{path}.from", data["from"], ["event"], "amount source")
            elif not event_amount:
                self.p.add(f"{path}.from", "this trigger's event has no amount to take",
                           "from: event needs a trigger on an event with an amount (damage dealt)")
            if "count" in data:
                self.p.add(path, "an amount is counted or taken from the event, not both")
            return Amount(0, None, times, plus, top, True)
        if "count" not in data:
            self.p.add(path, "a counted amount needs 'count': what to count",
                       'for example {"count": {"side": "own", "filter": {"type": "food"}}}')
            return Amount(1)
        return Amount(0, self.count(f"{path}.count", data["count"]), times, plus, top)

    def condition(self, path: str, data: Any) -> Condition:
        if isinstance(data, list):  # a list: every condition in it holds
            if not data:
                self.p.add(path, "an empty list of conditions says nothing",
                           "give one or more conditions, or leave the condition out")
            return Condition(every=tuple(self.condition(f"{path}[{i}]", c) for i, c in enumerate(data)))
        if not isinstance(data, dict) or not data:
            self.p.add(path, "a condition must be an object",
                       'for example {"count": {"zone": "hand", "side": "own"}, "max": 2}')
            return Condition()
        allowed = [*_CONDITION_LOGIC, *self.v.conditions]
        self.p.keys(path, data, allowed, "a condition")
        counts: list[tuple[Count, Range]] = []
        game: list[tuple[str, Any]] = []
        if "count" in data:
            counts.append((self.count(f"{path}.count", data["count"]),
                           _range(self.p, path, {k: data[k] for k in ("min", "max") if k in data})))
        elif "min" in data or "max" in data:
            self.p.add(path, "min and max need 'count': what to count")
        for name, kind in self.v.conditions.items():
            if name in data:
                problem = _schema_problem(data[name], kind.schema)
                if problem:
                    self.p.add(f"{path}.{name}", problem, kind.description)
                game.append((name, data[name]))
        negated: tuple[Condition, ...] = (self.condition(f"{path}.not", data["not"]),) if "not" in data else ()
        alternatives: tuple[Condition, ...] = ()
        if "any" in data:
            if not isinstance(data["any"], list) or not data["any"]:
                self.p.add(f"{path}.any", "'any' needs a list of conditions, one of which must hold")
            else:
                alternatives = tuple(self.condition(f"{path}.any[{i}]", c) for i, c in enumerate(data["any"]))
        every = (self.condition(f"{path}.all", data["all"] if isinstance(data["all"], list) else [data["all"]]),) \
            if "all" in data else ()
        return Condition(tuple(counts), tuple(game), negated, alternatives, every)

    # steps, sequences, triggers, costs, statics
    def step(self, path: str, data: Any, trigger: Trigger | None) -> Step:
        """One step of a ``do`` list: its effect, the keys the effect takes, and each of their values."""
        if not isinstance(data, dict):
            self.p.add(path, "a step must be an object", 'for example {"effect": "draw", "amount": 1}')
            return Step("")
        name = data.get("effect")
        eff = self.effects.get(name) if isinstance(name, str) else None
        if eff is None or not isinstance(name, str):
            if "effect" not in data:
                self.p.add(path, "the step names no effect", "add \"effect\": one of " + ", ".join(sorted(self.effects)))
            else:
                self.p.unknown(f"{path}.effect", name, sorted(self.effects), "effect")
            return Step(str(name))
        own = [k for k in eff.params if k not in _STEP_KEYS]
        self._step_keys(path, data, name, eff, own)
        target = None
        if "target" in data and "target" in eff.params:
            target = self._step_target(path, data["target"], name, eff, trigger)
        player = data.get("player", "you")
        if "player" in data and player not in self.v.players:
            self.p.unknown(f"{path}.player", player, list(self.v.players), "player")
        amount = Amount(1)
        if "amount" in data and "amount" in eff.params:
            amount = self.amount(f"{path}.amount", data["amount"], bool(trigger and self._event_amount(trigger)))
        duration = data.get("duration", "")
        if "duration" in data and "duration" in eff.params:
            allowed_d = eff.params["duration"].get("enum") or list(self.v.durations)
            if duration not in allowed_d:
                self.p.unknown(f"{path}.duration", duration, list(allowed_d), f"duration of {name}")
        params = self._step_params(path, data, eff, own)
        if eff.check is not None:
            for sub, message, hint in eff.check(data, self.card):
                self.p.add(f"{path}{sub}", message, hint)
        return Step(name, target, player, amount, duration, tuple(params))

    def _step_keys(self, path: str, data: dict, name: str, eff: Effect, own: list[str]) -> None:
        """Keys the effect does not take (a language key it has no use for, or an unknown one), and missing ones."""
        allowed = ["effect", "text", *own, *(k for k in ("target", "player", "amount", "duration") if k in eff.params)]
        for key in data:
            if key not in allowed:
                if key in _STEP_KEYS:
                    self.p.add(f"{path}.{key}", f"{name} takes no {key}",
                               f"{name} takes: {', '.join(allowed)}" + (
                                   "; it lasts no time, it happens once" if key == "duration" else ""))
                else:
                    self.p.unknown(f"{path}.{key}", key, allowed, f"parameter of {name}")
        for key in eff.required:
            if key not in data:
                self.p.add(path, f"{name} needs {key!r}", eff.params.get(key, {}).get("description") or f"add {key}")

    def _step_target(self, path: str, data: Any, name: str, eff: Effect, trigger: Trigger | None) -> Target:
        """The step's target, within the sides and zones the effect can act on; 'it' needs a trigger, 'self' a
        card in play."""
        target = self.cards(f"{path}.target", data)
        sides = eff.params["target"].get("x-sides")
        if sides and target.choose not in ("self", "it") and target.side not in sides:
            self.p.unknown(f"{path}.target.side", target.side, list(sides), f"side {name} can act on")
        zones = eff.params["target"].get("x-zones")
        if zones and target.choose not in ("self", "it") and target.zone not in zones:
            self.p.unknown(f"{path}.target.zone", target.zone, list(zones), f"zone {name} takes cards from")
        if target.choose == "it" and trigger is None:
            self.p.add(f"{path}.target", "'it' is the card of the triggering event, and this ability has no trigger",
                       "use self, own, enemy or any, or add a trigger")
        if target.choose == "self" and self.type is not None and self.type not in self.v.in_play_types:
            self.p.add(f"{path}.target", f"a {self.type} is not in play to act on itself",
                       "target own, enemy or any")
        return target

    def _step_params(self, path: str, data: dict, eff: Effect, own: list[str]) -> list[tuple[str, Any]]:
        """The effect's own parameters given, each checked against its schema."""
        params = []
        for key in own:
            if key in data:
                problem = _schema_problem(data[key], eff.params[key])
                if problem:
                    choices = eff.params[key].get("enum")
                    if choices and isinstance(data[key], str):
                        self.p.unknown(f"{path}.{key}", data[key], [str(c) for c in choices], key)
                    else:
                        self.p.add(f"{path}.{key}", problem, eff.params[key].get("description"))
                params.append((key, data[key]))
        return params

    def _event_amount(self, trigger: Trigger) -> bool:
        event = self.v.events.get(trigger.on)
        return bool(event and event.amount)

    def sequence(self, path: str, data: Any, trigger: Trigger | None) -> tuple[Step, ...]:
        if not isinstance(data, list) or not data:
            self.p.add(path, "'do' needs a list of one or more steps", 'for example [{"effect": "draw", "amount": 1}]')
            return ()
        return tuple(self.step(f"{path}[{i}]", s, trigger) for i, s in enumerate(data))

    def trigger(self, path: str, data: Any) -> Trigger | None:
        if isinstance(data, str):
            data = {"on": data}
        if not isinstance(data, dict):
            self.p.add(path, "a trigger must be an event name or an object", 'for example {"on": "dies", "who": "other"}')
            return None
        self.p.keys(path, data, _TRIGGER_KEYS, "a trigger")
        on = data.get("on")
        event = self.v.events.get(on) if isinstance(on, str) else None
        if event is None or not isinstance(on, str):
            self.p.unknown(f"{path}.on", on, sorted(self.v.events), "trigger event")
            return None
        who = data.get("who", "self" if "self" in event.who else event.who[0])
        if who not in event.who:
            self.p.unknown(f"{path}.who", who, list(event.who), f"whose {on} can set it off")
        if event.card_types and self.type is not None and self.type not in event.card_types:
            self.p.add(f"{path}.on", f"a {self.type} cannot have a {on!r} trigger",
                       f"{on} triggers are for: {', '.join(event.card_types)}")
        side = data.get("side", "any")
        if side not in SIDES:
            self.p.unknown(f"{path}.side", side, list(SIDES), "side")
        filt = self.filter(f"{path}.filter", data["filter"]) if "filter" in data else Filter()
        if who == "self" and ("filter" in data or "side" in data):
            self.p.add(path, "a trigger on this card's own event takes no side or filter",
                       'who: "other" or "any" watches other cards')
        return Trigger(on, who, side, filt)

    def cost(self, path: str, data: Any) -> tuple[tuple[str, Any], ...]:
        if not isinstance(data, dict) or not data:
            self.p.add(path, "a cost must be an object with at least one part",
                       "parts: " + ", ".join(self.v.costs))
            return ()
        out = []
        for key, value in data.items():
            part = self.v.costs.get(key)
            if part is None:
                self.p.unknown(f"{path}.{key}", key, list(self.v.costs), "cost")
                continue
            problem = _schema_problem(value, part.schema)
            if problem:
                self.p.add(f"{path}.{key}", problem, part.description or None)
            if self.type is not None and self.type not in part.card_types:
                self.p.add(f"{path}.{key}", f"a {self.type} cannot pay {key!r}",
                           f"{key} is paid by: {', '.join(part.card_types)}")
            if isinstance(value, dict):  # a card to sacrifice or discard: a set of cards
                out.append((key, self.cards(f"{path}.{key}", value)))
            else:
                out.append((key, value))
        return tuple(out)

    def statics(self, path: str, data: Any) -> tuple[Static, ...]:
        if not isinstance(data, list) or not data:
            self.p.add(path, "'static' needs a list of one or more continuous effects",
                       "kinds: " + ", ".join(self.v.statics))
            return ()
        out = []
        for i, entry in enumerate(data):
            at = f"{path}[{i}]"
            if not isinstance(entry, dict):
                self.p.add(at, "a continuous effect must be an object", "kinds: " + ", ".join(self.v.statics))
                continue
            name = entry.get("effect")
            kind = self.v.statics.get(name) if isinstance(name, str) else None
            if kind is None or not isinstance(name, str):
                self.p.unknown(f"{at}.effect", name, sorted(self.v.statics), "continuous effect")
                continue
            allowed = ["effect", "text", "condition", *kind.params, *(["cards"] if kind.cards else [])]
            self.p.keys(at, entry, allowed, f"{name}")
            for key in kind.required:
                if key not in entry:
                    self.p.add(at, f"{name} needs {key!r}", kind.params.get(key, {}).get("description"))
            if kind.card_types and self.type is not None and self.type not in kind.card_types:
                self.p.add(f"{at}.effect", f"a {self.type} cannot have {name!r}",
                           f"{name} is for: {', '.join(kind.card_types)}")
            params = []
            for key, schema in kind.params.items():
                if key in entry:
                    problem = _schema_problem(entry[key], schema)
                    if problem:
                        choices = schema.get("enum")
                        if choices and isinstance(entry[key], str):
                            self.p.unknown(f"{at}.{key}", entry[key], [str(c) for c in choices], key)
                        else:
                            self.p.add(f"{at}.{key}", problem, schema.get("description"))
                    params.append((key, entry[key]))
            cards = self.cards(f"{at}.cards", entry["cards"], count=True) if "cards" in entry else None
            cond = self.condition(f"{at}.condition", entry["condition"]) if "condition" in entry else None
            out.append(Static(name, tuple(params), cards, cond))
        return tuple(out)

    # one ability
    def ability(self, path: str, data: Any) -> Ability | None:
        if isinstance(data, dict) and "effect" in data and self.v.upgrade is not None:
            data = self.v.upgrade(data)
        if not isinstance(data, dict):
            self.p.add(path, "an ability must be an object", 'for example {"do": [{"effect": "draw", "amount": 1}]}')
            return None
        before = len(self.p.items)
        self.p.keys(path, data, _ABILITY_KEYS, "an ability")
        kinds = [k for k in ("trigger", "cost", "static") if k in data]
        if len(kinds) > 1:
            self.p.add(path, f"an ability is triggered, activated or continuous, not {' and '.join(kinds)}",
                       "split it into two abilities")
        text = data.get("text", "")
        if not isinstance(text, str) or len(text) > 1000:
            self.p.add(f"{path}.text", "the text must be a string of at most 1000 characters")
        trigger = self.trigger(f"{path}.trigger", data["trigger"]) if "trigger" in data else None
        cost = self.cost(f"{path}.cost", data["cost"]) if "cost" in data else ()
        if "cost" in data and self.type is not None and self.type not in self.v.in_play_types:
            self.p.add(f"{path}.cost", f"a {self.type} is not in play to pay a cost",
                       f"costs are for: {', '.join(self.v.in_play_types)}; a {self.type} pays its card's cost")
        cond = self.condition(f"{path}.condition", data["condition"]) if "condition" in data else None
        if "static" in data:
            for key in ("do", "modes"):
                if key in data:
                    self.p.add(f"{path}.{key}", f"a continuous ability has no {key!r}: it holds, it does not happen",
                               "put what happens in a separate ability")
            statics = self.statics(f"{path}.static", data["static"])
            return None if len(self.p.items) > before else Ability("static", statics=statics, condition=cond, text=text)
        steps: tuple[Step, ...] = ()
        modes: tuple[tuple[Step, ...], ...] = ()
        if "do" in data and "modes" in data:
            self.p.add(path, "an ability has 'do' or 'modes', not both", "modes: a list of choices, each with its own do")
        elif "modes" in data:
            modes = self._modes(f"{path}.modes", data["modes"], trigger)
        elif "do" in data:
            steps = self.sequence(f"{path}.do", data["do"], trigger)
        else:
            self.p.add(path, "the ability does nothing: it needs 'do', 'modes' or 'static'",
                       'for example "do": [{"effect": "draw", "amount": 1}]')
        if trigger is not None:
            self._loop_check(path, trigger, modes or (steps,))
        if len(self.p.items) > before:
            return None
        kind = "triggered" if trigger else "activated" if cost else "play"
        return Ability(kind, steps, modes, trigger, cost, (), cond, text)

    def _modes(self, path: str, data: Any, trigger: Trigger | None) -> tuple[tuple[Step, ...], ...]:
        if not isinstance(data, list) or len(data) < 2:
            self.p.add(path, "a modal ability needs a list of at least two modes",
                       'for example [{"do": [...]}, {"do": [...]}]: the player chooses one')
            return ()
        out = []
        for i, mode in enumerate(data):
            at = f"{path}[{i}]"
            if not isinstance(mode, dict) or "do" not in mode:
                self.p.add(at, "a mode needs 'do': what happens when it is chosen")
                continue
            self.p.keys(at, mode, ("do", "text"), "a mode")
            out.append(self.sequence(f"{at}.do", mode["do"], trigger))
        return tuple(out)

    def _loop_check(self, path: str, trigger: Trigger, sequences: tuple[tuple[Step, ...], ...]) -> None:
        """A trigger whose own steps set off the same event again (draw on draw) would never stop."""
        for seq in sequences:
            for step in seq:
                eff = self.effects.get(step.effect)
                if eff is not None and trigger.on in eff.emits and trigger.who in ("any", "self") and (
                        trigger.who == "any" or step.target is None or step.target.choose == "self"):
                    self.p.add(f"{path}.trigger", f"this ability would set itself off for ever: its {step.effect!r} "
                               f"causes another {trigger.on!r}",
                               "watch other cards (who: other) or trigger on another event")
                    return


def _schema_problem(value: Any, schema: dict) -> str | None:
    """The problem of a plain value against a small schema (const, enum, integer, boolean, string), or None."""
    if "const" in schema and value != schema["const"]:
        return f"{value!r} is not {schema['const']!r}"
    if "enum" in schema:
        return None if value in schema["enum"] else f"{value!r} is not one of {', '.join(map(str, schema['enum']))}"
    kind = schema.get("type")
    if kind == "integer":
        if not _is_int(value):
            return f"{value!r} is not a whole number"
        low, high = schema.get("minimum"), schema.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            return f"{value} is outside {low} … {high}"
    elif kind == "boolean" and not isinstance(value, bool):
        return f"{value!r} is not true or false"
    elif kind == "string":
        if not isinstance(value, str):
            return f"{value!r} is not a string"
        if len(value) > schema.get("maxLength", 10**9):
            return f"the text is longer than {schema['maxLength']} characters"
    return None


def compile_ability(game: str, ability: Any, card: dict | None = None, path: str = "") -> tuple[
        Ability | None, list[AbilityProblem]]:
    """Check one ``abilities`` entry of ``card`` and compile it (None and the problems when it cannot work)."""
    c = Compiler(vocabulary(game), card)
    return c.ability(path, ability), c.p.items


#: Card fields an ability's meaning never depends on (who the card is and its prose): cards that agree
#: on every other field compile alike, so :func:`card_problems` checks such a set of fields once.
PROSE_FIELDS = frozenset({"id", "name", "names", "text", "provenance", "set", "rarity", "flavor", "artist"})
_PROBLEMS: dict[tuple[str, bytes], list[AbilityProblem]] = {}


def forget_checked() -> None:
    """Drop the remembered answers of :func:`card_problems` (a game's words changed)."""
    _PROBLEMS.clear()


def card_problems(game: str, card: dict) -> list[AbilityProblem]:
    """The problems of :func:`compile_card`, remembered by the card's non-prose fields: a catalogue
    repeats a few hundred abilities over thousands of cards, and an import checks each card."""
    try:
        import orjson

        key = (game, orjson.dumps({k: v for k, v in card.items() if k not in PROSE_FIELDS},
                                  option=orjson.OPT_SORT_KEYS))
    except (ImportError, TypeError, ValueError):  # a value orjson does not take: check it afresh
        return compile_card(game, card)[1]
    found = _PROBLEMS.get(key)
    if found is None:
        if len(_PROBLEMS) > 4096:
            _PROBLEMS.clear()
        found = _PROBLEMS[key] = compile_card(game, card)[1]
    return list(found)


def compile_card(game: str, card: dict) -> tuple[tuple[Ability, ...], list[AbilityProblem]]:
    """Every ability of a card, compiled, and every problem (paths from the card: ``$.abilities[1].do[0]``)."""
    vocab = vocabulary(game)
    c = Compiler(vocab, card)
    out = []
    for i, entry in enumerate(card.get("abilities") or ()):
        compiled = c.ability(f"$.abilities[{i}]", entry)
        if compiled is not None:
            out.append(compiled)
    if not c.p.items and vocab.check_card is not None:
        c.p.items.extend(vocab.check_card(card, out))
    return tuple(out), c.p.items
