"""Checking and compiling the ability language (:mod:`deckkit.engine.abilities`) against a game's words.

:class:`Compiler` walks one card's ``abilities`` entries with the game's :class:`Vocabulary` and its
registered effects' parameter schemas, collects every problem with its JSON path, the allowed
values and a did-you-mean (it never raises), and builds the frozen :class:`Ability` objects that
the game's engine interprets. :func:`card_problems` remembers the answer by the card's non-prose
fields, since a catalogue repeats a few hundred abilities over thousands of cards.
"""

from __future__ import annotations

from typing import Any

from deckkit.engine.abilities import (
    CHOOSERS,
    SIDES,
    Ability,
    Amount,
    Filter,
    Range,
    Static,
    Step,
    Target,
    Trigger,
    vocabulary,
)
from deckkit.engine.ability_depth import MAX_ABILITY_DEPTH, depth_problem
from deckkit.engine.ability_values import ValueCompiler, _range, schema_problem
from deckkit.engine.effects import AbilityProblem, Effect, did_you_mean
from deckkit.echo import shown, shown_key

_ABILITY_KEYS = ("text", "trigger", "cost", "static", "condition", "do", "modes", "per_turn", "replace", "less",
                 "prevent", "keyword")
_STEP_KEYS = ("effect", "text", "target", "player", "amount", "duration")
#: Keys every step may carry, whatever its effect: "you may", "if …", who chooses, which earlier card it reads.
_FLOW_KEYS = ("optional", "if", "chooser", "ref")
_TRIGGER_KEYS = ("on", "who", "side", "filter", "amount")


class Compiler(ValueCompiler):
    """Checks and compiles the abilities of one card of one game (collects problems, never raises)."""

    # steps, sequences, triggers, costs, statics
    def step(self, path: str, data: Any, trigger: Trigger | None, earlier: tuple[Step, ...] = ()) -> Step:
        """One step of a ``do`` list: its effect, the keys the effect takes, and each of their values;
        ``earlier`` are the steps before it in the same list (what ``ref`` and ``if`` may name)."""
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
        if "player" in data and (not isinstance(player, str) or player not in self.v.players):
            self.p.unknown(f"{path}.player", player, list(self.v.players), "player")
            player = "you"
        amount = Amount(1)
        if "amount" in data and "amount" in eff.params:
            amount = self.amount(f"{path}.amount", data["amount"], bool(trigger and self._event_amount(trigger)))
            self._amount_cap(f"{path}.amount", name, amount, eff.params["amount"].get("maximum"))
        flow = self._flow(path, data, trigger, earlier, target, player, amount)
        duration = data.get("duration", "")
        if "duration" in data and "duration" in eff.params:
            allowed_d = eff.params["duration"].get("enum") or list(self.v.durations)
            if duration not in allowed_d:
                self.p.unknown(f"{path}.duration", duration, list(allowed_d), f"duration of {name}")
        params = self._step_params(path, data, eff, own)
        if eff.check is not None:
            for sub, message, hint in eff.check(data, self.card):
                self.p.add(f"{path}{sub}", message, hint)
        return Step(name, target, player, amount, duration, tuple(params), *flow)

    def _flow(self, path: str, data: dict, trigger: Trigger | None, earlier: tuple[Step, ...], target: Target | None,
              player: str, amount: Amount) -> tuple[bool, tuple, str, int]:
        """(optional, only_if, chooser, ref) of a step: each checked against what came before it."""
        optional = data.get("optional", False)
        if not isinstance(optional, bool):
            self.p.add(f"{path}.optional", f"{shown(optional)} is not true or false", 'optional: true reads "you may …"')
            optional = False
        ref = self._ref(f"{path}.ref", data["ref"], earlier) if "ref" in data else 0
        if target is not None and target.choose == "ref":
            self._ref(f"{path}.target.ref", target.ref, earlier)
        if amount.stat and amount.ref:
            self._ref(f"{path}.amount.ref", amount.ref, earlier)
        reads = ref or (amount.ref if amount.stat else 0)
        if amount.stat and not (reads or (target is not None and target.choose == "ref") or trigger is not None):
            self.p.add(f"{path}.amount", f"there is no card whose {amount.stat} this amount could read",
                       'name the step whose card it reads: {"stat": "' + amount.stat + '", "ref": 1}')
        if player == "owner" and not (ref or target is not None) and trigger is not None and not self._has_card(trigger):
            self.p.add(f"{path}.player", f"'owner' is the owner of a card, and a {trigger.on!r} event is about no card",
                       'add "ref": the number of the earlier step whose card\'s owner is meant, or use you or that-player')
        elif player == "owner" and not (ref or target is not None or trigger is not None):
            self.p.add(f"{path}.player", "'owner' is the owner of a card, and this step names none",
                       'add "ref": the number of the earlier step whose card\'s owner is meant')
        if player == "that-player" and trigger is None:
            self.p.add(f"{path}.player", "'that player' is the player of the triggering event, and this ability "
                       "has no trigger", "use you, opponent or each")
        only_if: tuple = ()
        if "if" in data:
            only_if = self._only_if(f"{path}.if", data["if"], earlier)
        chooser = data.get("chooser", "you")
        if chooser not in CHOOSERS:
            self.p.unknown(f"{path}.chooser", chooser, list(CHOOSERS), "chooser")
            chooser = "you"
        elif "chooser" in data and not optional and not (target is not None and target.chosen):
            self.p.add(f"{path}.chooser", "this step makes no choice for anyone to make",
                       'chooser goes with a target of "choose": "one" or with "optional": true')
        return optional, only_if, chooser, ref

    def _has_card(self, trigger: Trigger) -> bool:
        """Whether the trigger's event is about a card (a turn's start is not)."""
        event = self.v.events.get(trigger.on) or self.v.replaceable.get(trigger.on)
        return event is None or event.card

    def _amount_cap(self, path: str, name: str, amount: Amount, top: Any) -> None:
        """An effect that declares a smaller maximum than the language's 99 gets no amount above it, and a
        found amount (counted, the event's, a card's number) must say its ``max``."""
        if not isinstance(top, int) or top >= 99:
            return
        if amount.dynamic:
            if amount.max is None or amount.max > top:
                self.p.add(path, f"{name} takes at most {top}, and this amount could be more",
                           f'add "max": {top} (or less) to the amount')
        elif amount.fixed > top:
            self.p.add(path, f"{amount.fixed} is more than {name} takes (at most {top})",
                       f"{name}'s amount is a whole number up to {top}")

    def _ref(self, path: str, ref: Any, earlier: tuple[Step, ...]) -> int:
        """A reference to an earlier step (1-based) that acts on cards."""
        if not (isinstance(ref, int) and not isinstance(ref, bool)) or not 1 <= ref <= len(earlier):
            before = "step 1 comes" if len(earlier) == 1 else f"steps 1 to {len(earlier)} come"
            self.p.add(path, f"{shown(ref)} does not name an earlier step" + (
                f" ({before} before this one)" if earlier else " (this is the first step)"),
                "ref counts the steps of the same list from 1, and only earlier ones")
            return 0
        step = earlier[ref - 1]
        eff = self.effects.get(step.effect)
        if step.target is None and not (eff is not None and eff.finds):
            self.p.add(path, f"step {ref} ({step.effect}) acts on no card to refer to",
                       "refer to a step with a target")
        return ref

    def _only_if(self, path: str, data: Any, earlier: tuple[Step, ...]) -> tuple:
        if data == "done":
            if not any(s.optional for s in earlier):
                self.p.add(path, "'if you do' needs an optional step before it", 'mark the step before "optional": true')
            return ("done",)
        if isinstance(data, dict) and "ref" in data:
            self.p.keys(path, data, ("ref", "filter"), "an if")
            ref = self._ref(f"{path}.ref", data["ref"], earlier)
            if "filter" not in data:
                self.p.add(path, "an if on a card needs 'filter': what the card must be",
                           'for example {"ref": 1, "filter": {"type": "monster"}}')
            filt = self.filter(f"{path}.filter", data.get("filter", {}))
            return ("ref", ref, filt)
        near = did_you_mean(data, ["done"])
        self.p.add(path, f"{shown(data)} is not a condition of a step",
                   near + '"done" (if you do) or {"ref": N, "filter": {…}} (if that card is …)')
        return ()

    def _step_keys(self, path: str, data: dict, name: str, eff: Effect, own: list[str]) -> None:
        """Keys the effect does not take (a language key it has no use for, or an unknown one), and missing ones."""
        allowed = ["effect", "text", *own, *(k for k in ("target", "player", "amount", "duration") if k in eff.params),
                   *_FLOW_KEYS]
        for key in data:
            if key not in allowed:
                if key in _STEP_KEYS:
                    self.p.add(f"{path}.{key}", f"{name} takes no {key}",
                               f"{name} takes: {', '.join(allowed)}" + (
                                   "; it lasts no time, it happens once" if key == "duration" else ""))
                else:
                    self.p.unknown(path + shown_key(key), key, allowed, f"parameter of {name}")
        for key in eff.required:
            if key not in data:
                self.p.add(path, f"{name} needs {key!r}", eff.params.get(key, {}).get("description") or f"add {key}")

    def _step_target(self, path: str, data: Any, name: str, eff: Effect, trigger: Trigger | None) -> Target:
        """The step's target, within the sides and zones the effect can act on; 'it' needs a trigger, 'self' a
        card in play."""
        target = self.cards(f"{path}.target", data)
        sides = eff.params["target"].get("x-sides")
        if sides and target.choose not in ("self", "it", "ref") and target.side not in sides:
            self.p.unknown(f"{path}.target.side", target.side, list(sides), f"side {name} can act on")
        zones = eff.params["target"].get("x-zones")
        if zones and target.choose not in ("self", "it", "ref") and target.zone not in zones:
            self.p.unknown(f"{path}.target.zone", target.zone, list(zones), f"zone {name} takes cards from")
        if target.choose == "it" and trigger is None:
            self.p.add(f"{path}.target", "'it' is the card of the triggering event, and this ability has no trigger",
                       "use self, own, enemy or any, or add a trigger")
        elif target.choose == "it" and trigger is not None and not self._has_card(trigger):
            self.p.add(f"{path}.target", f"'it' is the card of the triggering event, and a {trigger.on!r} event is "
                       "about no card", "use self, own, enemy or any")
        if target.choose == "self" and self.type is not None and self.type not in self.v.in_play_types:
            self.p.add(f"{path}.target", f"a {self.type} is not in play to act on itself",
                       "target own, enemy or any")
        return target

    def _step_params(self, path: str, data: dict, eff: Effect, own: list[str]) -> list[tuple[str, Any]]:
        """The effect's own parameters given, each checked against its schema."""
        params = []
        for key in own:
            if key in data:
                problem = schema_problem(data[key], eff.params[key])
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
        if event is None:  # a replaced event ("if you would lose life, … that much instead"): its amount
            event = self.v.replaceable.get(trigger.on)
        return bool(event and event.amount)

    def sequence(self, path: str, data: Any, trigger: Trigger | None) -> tuple[Step, ...]:
        if not isinstance(data, list) or not data:
            self.p.add(path, "'do' needs a list of one or more steps", 'for example [{"effect": "draw", "amount": 1}]')
            return ()
        out: list[Step] = []
        for i, s in enumerate(data):
            out.append(self.step(f"{path}[{i}]", s, trigger, tuple(out)))
        return tuple(out)

    def trigger(self, path: str, data: Any, replaced: bool = False) -> Trigger | None:
        """A trigger's event (or, ``replaced``, the event a replacement replaces) with whose and which cards'."""
        what = "event a replacement can replace" if replaced else "trigger event"
        events = self.v.replaceable if replaced else self.v.events
        if isinstance(data, str):
            data = {"on": data}
        if not isinstance(data, dict):
            self.p.add(path, "a trigger must be an event name or an object", 'for example {"on": "dies", "who": "other"}')
            return None
        self.p.keys(path, data, _TRIGGER_KEYS, "a trigger")
        on = data.get("on")
        event = events.get(on) if isinstance(on, str) else None
        if event is None or not isinstance(on, str):
            self.p.unknown(f"{path}.on", on, sorted(events), what)
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
        if "filter" in data and not event.card:
            self.p.add(f"{path}.filter", f"a {on!r} event is about no card for the filter to test",
                       "leave the filter out; who (and side) say whose event it is")
        if event.of_player:
            if "side" in data and who != "any":
                self.p.add(f"{path}.side", f"who: {who} already says whose {on} it is",
                           'side narrows who: "any" (own: yours, enemy: your opponent\'s)')
        elif who == "self" and ("filter" in data or "side" in data):
            self.p.add(path, "a trigger on this card's own event takes no side or filter",
                       'who: "other" or "any" watches other cards')
        amount = self._trigger_amount(f"{path}.amount", data["amount"], on, replaced) if "amount" in data else None
        return Trigger(on, who, side, filt, amount)

    def _trigger_amount(self, path: str, value: Any, on: str, replaced: bool) -> Range | None:
        """The range an event's amount must be in (a whole number: exactly it), for an event with an amount."""
        carrying = sorted(n for n, e in self.v.events.items() if e.amount)
        if replaced:
            self.p.add(path, "a replacement takes no amount range", "a replacement replaces the event whatever its "
                       "amount; 'less' makes the amount smaller")
            return None
        if not self.v.events[on].amount:
            self.p.add(path, f"the {on!r} event carries no amount for the range to test",
                       ("events with an amount: " + ", ".join(carrying)) if carrying else
                       f"no {self.v.game} trigger event carries an amount; leave 'amount' out")
            return None
        if isinstance(value, dict):
            self.p.keys(path, value, ("min", "max"), "a range")
            return _range(self.p, path, value, 1)
        if not (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 999):
            self.p.add(path, f"{shown(value)} is not a whole number from 1 to 999 or a range",
                       'for example {"min": 3} ("3 or more"), {"max": 2} or 3 (exactly 3)')
            return None
        return Range(value, value)

    def cost(self, path: str, data: Any) -> tuple[tuple[str, Any], ...]:
        if not isinstance(data, dict) or not data:
            self.p.add(path, "a cost must be an object with at least one part",
                       "parts: " + ", ".join(self.v.costs))
            return ()
        out = []
        for key, value in data.items():
            part = self.v.costs.get(key)
            if part is None:
                self.p.unknown(path + shown_key(key), key, list(self.v.costs), "cost")
                continue
            problem = schema_problem(value, part.schema)
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
                if key in entry and schema.get("x-amount") and isinstance(entry[key], dict):
                    params.append((key, self.amount(f"{at}.{key}", entry[key], False)))  # counted: for each …
                    continue
                if key in entry:
                    problem = schema_problem(entry[key], schema["anyOf"][0] if schema.get("x-amount") else schema)
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
        if "keyword" in data and not self._keyword_tag(path, data):
            return None
        kinds = [k for k in ("trigger", "cost", "static", "replace") if k in data]
        if len(kinds) > 1:
            self.p.add(path, f"an ability is triggered, activated, continuous or a replacement, not {' and '.join(kinds)}",
                       "split it into two abilities")
        text = data.get("text", "")
        if not isinstance(text, str) or len(text) > 1000:
            self.p.add(f"{path}.text", "the text must be a string of at most 1000 characters")
        if "replace" in data:
            return self._replacement(path, data, before, text)
        for key in ("less", "prevent"):
            if key in data:
                self.p.add(f"{path}.{key}", f"{key!r} belongs to a replacement",
                           'add "replace": {"on": EVENT} — the event it changes')
        trigger = self.trigger(f"{path}.trigger", data["trigger"]) if "trigger" in data else None
        cost = self.cost(f"{path}.cost", data["cost"]) if "cost" in data else ()
        per_turn = self._per_turn(path, data, trigger is not None or bool(cost))
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
        return Ability(kind, steps, modes, trigger, cost, (), cond, text, per_turn)

    def _per_turn(self, path: str, data: dict, limited: bool) -> int:
        """``per_turn``: how many times each turn a triggered or activated ability may happen."""
        if "per_turn" not in data:
            return 0
        n = data["per_turn"]
        if not (isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 9):
            self.p.add(f"{path}.per_turn", f"{shown(n)} is not a whole number from 1 to 9",
                       'per_turn: 1 reads "use this only once each turn"')
            return 0
        if not limited:
            self.p.add(f"{path}.per_turn", "only a triggered or an activated ability happens more than once a turn",
                       "add a trigger or a cost, or leave per_turn out")
        return n

    def _replacement(self, path: str, data: dict, before: int, text: str) -> Ability | None:
        """``{"replace": EVENT, "do": [...]}`` (instead), ``"less": N`` (a smaller amount) or ``"prevent": true``."""
        for key in ("modes", "cost"):
            if key in data:
                self.p.add(f"{path}.{key}", f"a replacement takes no {key!r}",
                           "it changes an event each time the event would happen")
        per_turn = self._per_turn(path, data, True)  # "use this only once each turn": later events happen
        trigger = self.trigger(f"{path}.replace", data["replace"], replaced=True)
        if self.type is not None and self.type not in self.v.in_play_types:
            self.p.add(f"{path}.replace", f"a {self.type} does not stay in play to replace anything",
                       f"replacements are for: {', '.join(self.v.in_play_types)}")
        ways = [k for k in ("do", "less", "prevent") if k in data]
        if len(ways) != 1:
            self.p.add(path, "a replacement says what happens instead: 'do' (steps), 'less' (a smaller amount) or "
                       "'prevent' (nothing)" + (f", not {' and '.join(ways)}" if ways else ""),
                       'for example "replace": {"on": "dies", "who": "self"}, "do": [...]')
        less = data.get("less", 0)
        if "less" in data:
            if not (isinstance(less, int) and not isinstance(less, bool) and 1 <= less <= 99):
                self.p.add(f"{path}.less", f"{shown(less)} is not a whole number from 1 to 99")
                less = 0
            elif trigger is not None and not self.v.replaceable[trigger.on].amount:
                self.p.add(f"{path}.less", f"{trigger.on!r} has no amount to make smaller",
                           "less goes with: " + ", ".join(n for n, e in self.v.replaceable.items() if e.amount))
        prevent = data.get("prevent", False)
        if "prevent" in data and prevent is not True:
            self.p.add(f"{path}.prevent", f"{shown(prevent)} is not true", "prevent: true — the event does not happen")
        steps = self.sequence(f"{path}.do", data["do"], trigger) if "do" in data else ()
        cond = self.condition(f"{path}.condition", data["condition"]) if "condition" in data else None
        if len(self.p.items) > before:
            return None
        return Ability("replacement", steps, (), trigger, (), (), cond, text, per_turn, less, bool(prevent))

    def _keyword_tag(self, path: str, data: dict) -> bool:
        """An ability's ``keyword``: the keyword it came from (deckkit.engine.keywords puts a keyword's
        abilities in at import, each tagged); one with nothing else is a name that was never put in."""
        from deckkit.engine.keywords import is_reference

        name = data["keyword"]
        if not isinstance(name, str) or not name:
            self.p.add(f"{path}.keyword", f"{shown(name)} is not a keyword name", "a keyword is named by a string")
            return False
        if is_reference(data):
            self.p.add(f"{path}.keyword", f"keyword {shown(name)} was not put in: the ability says nothing else",
                       "import the card with the file that defines the keyword (deckkit import), which puts its "
                       "abilities in this place")
            return False
        return True

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


def compile_ability(game: str, ability: Any, card: dict | None = None, path: str = "") -> tuple[
        Ability | None, list[AbilityProblem]]:
    """Check one ``abilities`` entry of ``card`` and compile it (None and the problems when it cannot work)."""
    deep = depth_problem(ability, path or "$", MAX_ABILITY_DEPTH - 1)  # an entry is one level below the list
    if deep is not None:
        return None, [deep]
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


def static_zone_problems(card: dict, zones: dict[str, str], default: str) -> list[AbilityProblem]:
    """A continuous effect's set of cards names a zone its effect never reads (a cost change of cards in
    a deck, a bonus to cards in a hand): the zone would be ignored. ``zones``: the zone each kind reads
    (the others read ``default``), as the card file writes it."""
    out = []
    abilities = card.get("abilities")
    for i, ab in enumerate(abilities if isinstance(abilities, list) else ()):
        statics = ab.get("static") if isinstance(ab, dict) else None
        for j, st in enumerate(statics if isinstance(statics, list) else ()):
            cards = st.get("cards") if isinstance(st, dict) else None
            zone = cards.get("zone") if isinstance(cards, dict) else None
            want = zones.get(st.get("effect"), default)
            if isinstance(zone, str) and zone != want:
                where = {"play": "in play", "hand": "in a hand"}
                out.append(AbilityProblem(f"$.abilities[{i}].static[{j}].cards.zone",
                                          f"a {st.get('effect')!r} effect reads cards {where.get(want, want)}, not "
                                          f"{where.get(zone, 'in the ' + zone)}: the zone would be ignored",
                                          f'leave out "zone" (or write {want!r})'))
    return out


def play_field_problems(card: dict, fields: tuple[str, ...], play: str) -> list[AbilityProblem]:
    """A set of cards in another zone than play filtered on a field only cards in play have (a state,
    a part in a duel): no card there can match, so the step would never act. Walks the card as written."""
    out: list[AbilityProblem] = []

    def used(filt: Any, at: str) -> list[tuple[str, str]]:
        if isinstance(filt, list):
            return [n for i, f in enumerate(filt) for n in used(f, f"{at}[{i}]")]
        if not isinstance(filt, dict):
            return []
        return [(f"{at}.{k}", k) for k in filt if k in fields] + used(filt.get("not"), f"{at}.not") + \
            used(filt.get("any"), f"{at}.any")

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            zone = node.get("zone")
            if isinstance(zone, str) and zone != play and "filter" in node:
                for at, name in used(node["filter"], f"{path}.filter"):
                    out.append(AbilityProblem(at, f"only a card in play has a {name}, and "
                                              f"these cards are in the {zone}: none would ever match",
                                              f'leave out "{name}", or take cards in play'))
            for key, value in node.items():
                walk(value, f"{path}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}[{i}]")

    walk(card.get("abilities"), "$.abilities")
    return out


def compile_card(game: str, card: dict) -> tuple[tuple[Ability, ...], list[AbilityProblem]]:
    """Every ability of a card, compiled, and every problem (paths from the card: ``$.abilities[1].do[0]``)."""
    deep = depth_problem(card.get("abilities"), "$.abilities")
    if deep is not None:
        return (), [deep]
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
