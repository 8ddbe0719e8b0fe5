"""The values of the ability language checked and compiled: filters, sets of cards, counts, amounts
and conditions (the parts a step, a trigger or a static names), with the problem list they report to.

:class:`ValueCompiler` is the base of :class:`deckkit.engine.ability_check.Compiler`, which adds the
structure around these values (steps, triggers, costs, statics, whole abilities).
"""

from __future__ import annotations

import difflib
from typing import Any

from deckkit.engine.abilities import (
    CHOICES,
    SIDES,
    Amount,
    Condition,
    Count,
    Filter,
    FilterField,
    Range,
    Target,
    Vocabulary,
)
from deckkit.engine.effects import AbilityProblem, Effect, effects_of
from deckkit.echo import shown, shown_key

_TARGET_KEYS = ("choose", "side", "zone", "other", "filter", "count", "ref")
_COUNT_KEYS = ("side", "zone", "other", "filter")
_AMOUNT_KEYS = ("count", "times", "plus", "max", "from", "stat", "ref")
_CONDITION_LOGIC = ("count", "min", "max", "not", "all", "any")


# -- checking and compiling ---------------------------------------------------------------------
class _Problems:
    def __init__(self) -> None:
        self.items: list[AbilityProblem] = []

    def add(self, path: str, message: str, hint: str | None = None) -> None:
        self.items.append(AbilityProblem(path, message, hint))

    def unknown(self, path: str, word: Any, allowed: list[str], what: str) -> None:
        listed = ", ".join(allowed) if allowed else "none"
        near = difflib.get_close_matches(word, allowed, n=1, cutoff=0.6) if isinstance(word, str) else []
        hint = (f"did you mean {near[0]!r}? " if near else "") + f"{what} is one of: {listed}"
        self.add(path, f"{shown(word)} is not a known {what}", hint)

    def keys(self, path: str, data: dict, allowed: tuple[str, ...] | list[str], what: str) -> None:
        for key in data:
            if key not in allowed:
                self.unknown(path + shown_key(key), key, list(allowed), f"key of {what}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _range(p: _Problems, path: str, data: dict, low: int = 0) -> Range:
    lo, hi = data.get("min", -(10**9)), data.get("max", 10**9)
    for key in ("min", "max"):
        if key in data and not (_is_int(data[key]) and low <= data[key] <= 999):
            p.add(f"{path}.{key}", f"{shown(data[key])} is not a whole number from {low} to 999",
                  f'for example {{"{key}": {max(low, 1)}}}')
    if "min" not in data and "max" not in data:
        p.add(path, "a range needs min, max or both", 'for example {"min": 1} or {"max": 2}')
    if _is_int(lo) and _is_int(hi) and lo > hi:
        p.add(path, f"min {lo} is above max {hi}", "no number could be in this range")
    return Range(lo if _is_int(lo) else 0, hi if _is_int(hi) else 0)


def schema_problem(value: Any, schema: dict) -> str | None:
    """The problem of a plain value against a small schema (const, enum, integer, boolean, string), or None."""
    if "const" in schema and value != schema["const"]:
        return f"{shown(value)} is not {schema['const']!r}"
    if "enum" in schema:
        return None if value in schema["enum"] else f"{shown(value)} is not one of {', '.join(map(str, schema['enum']))}"
    kind = schema.get("type")
    if kind == "integer":
        if not _is_int(value):
            return f"{shown(value)} is not a whole number"
        low, high = schema.get("minimum"), schema.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            return f"{value} is outside {low} … {high}"
    elif kind == "boolean" and not isinstance(value, bool):
        return f"{shown(value)} is not true or false"
    elif kind == "string":
        if not isinstance(value, str):
            return f"{shown(value)} is not a string"
        if len(value) > schema.get("maxLength", 10**9):
            return f"the text is longer than {schema['maxLength']} characters"
    return None


class ValueCompiler:
    """Checks and compiles the values of one card's abilities (collects problems, never raises)."""

    def __init__(self, vocab: Vocabulary, card: dict | None = None) -> None:
        self.v = vocab
        self.card = card or {}
        kind = self.card.get("type")
        # A type the game does not have is the schema's problem to report; here it is no type at all.
        self.type = kind if isinstance(kind, str) and kind in vocab.card_types else None
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
            at = path + shown_key(key)
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
                self.p.add(at, f"{shown(value)} is not a whole number", f'{spec.name} is a number, or {{"min": 1, "max": 3}}')
                return Range()
            return Range(value, value)
        if spec.kind == "bool":
            if not isinstance(value, bool):
                self.p.add(at, f"{shown(value)} is not true or false")
            return value
        values = value if isinstance(value, list) else [value]
        if not values:
            self.p.add(at, "an empty list matches nothing", f"give one or more {spec.name} values")
        for one in values:
            if spec.values and one not in spec.values:
                self.p.unknown(at, one, list(spec.values), spec.name)
            elif not isinstance(one, str):
                self.p.add(at, f"{shown(one)} is not a {spec.name} name")
        # Only words go in the set: anything else (an object, a list) was reported above.
        return frozenset(v for v in values if isinstance(v, str)) if isinstance(value, list) else value

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
        if "ref" in data and not count:  # the cards an earlier step acted on ("untap it")
            ref = data["ref"]
            if not (_is_int(ref) and 1 <= ref <= 99):
                self.p.add(f"{path}.ref", f"{shown(ref)} is not a step number",
                           "ref names an earlier step of the same list, counting from 1")
            extra = [k for k in data if k != "ref" and k in _TARGET_KEYS]
            if extra:
                self.p.add(path, f"a reference takes no {', '.join(extra)}",
                           "the referenced step's cards are the target as they are")
            return Target("ref", ref=ref if _is_int(ref) else 0)
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
            self.p.add(f"{path}.other", f"{shown(other)} is not true or false", "other: true leaves this card out")
        n = data.get("count", 1)
        if not (_is_int(n) and 1 <= n <= 9):
            self.p.add(f"{path}.count", f"{shown(n)} is not a whole number from 1 to 9", "how many cards to choose")
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
            self.p.add(path, f"{shown(data)} is not an amount", 'a whole number, {"count": {…}} or {"from": "event"}')
            return Amount(1)
        self.p.keys(path, data, _AMOUNT_KEYS, "an amount")
        for key in ("times", "plus", "max"):
            if key in data and not (_is_int(data[key]) and 0 <= data[key] <= 99):
                self.p.add(f"{path}.{key}", f"{shown(data[key])} is not a whole number from 0 to 99")
        times, plus, top = data.get("times", 1), data.get("plus", 0), data.get("max")
        if "stat" in data:  # a number of a card: the one an earlier step acted on, or the event's
            stat = data["stat"]
            numbers = [n for n, f in self.v.fields.items() if f.kind == "int"]
            if stat not in numbers:
                self.p.unknown(f"{path}.stat", stat, numbers, "number of a card")
            ref = data.get("ref", 0)
            if "ref" in data and not (_is_int(ref) and 1 <= ref <= 99):
                self.p.add(f"{path}.ref", f"{shown(ref)} is not a step number",
                           "ref names an earlier step of the same list, counting from 1")
            for key in ("count", "from"):
                if key in data:
                    self.p.add(f"{path}.{key}", f"an amount reads a card's {stat} or {key}s, not both")
            return Amount(0, None, times, plus, top, False, str(stat), ref if _is_int(ref) else 0)
        if "ref" in data:
            self.p.add(f"{path}.ref", "ref names the card whose number an amount reads, and this amount reads none",
                       'add "stat": for example {"stat": "attack", "ref": 1}')
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
                problem = schema_problem(data[name], kind.schema)
                if problem and kind.schema.get("enum") and isinstance(data[name], str):
                    self.p.unknown(f"{path}.{name}", data[name], [str(c) for c in kind.schema["enum"]], name)
                elif problem:
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
