"""Abilities built from a game's registered words, and random games that check the engine's invariants.

:class:`Maker` writes well-formed-looking ``abilities`` entries from what a game registered — its
:class:`~deckkit.engine.abilities.Vocabulary` (events, replaceable events, costs, statics, conditions,
filter fields, zones, players, durations) and its effects with their parameter schemas — never from a
hand-written list, so a part a game adds is generated without a change here. Each choice goes through
a :class:`Picker`: Hypothesis draws (shrinking to small, simple cards) or a seeded generator.

:func:`play_through` plays seeded random games and goldfish games of a deck holding a card, checking
after every action that no card was lost or made, that no counter went negative and that the game
ends or the engine's action cap stops it with its line (a turn that never ends).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, TypeVar

from deckkit.engine.abilities import CHOICES, CHOOSERS, SIDES, Vocabulary
from deckkit.engine.core import TERMINAL
from deckkit.engine.effects import Effect

T = TypeVar("T")

#: Parts of the ability language a focused build can be asked to use (see :meth:`Maker.card`).
PART_KINDS = ("effect", "event", "cost", "static", "condition", "replace", "flow")
FLOW_KEYS = ("optional", "if", "chooser", "ref", "per_turn")


class Picker:
    """Makes each choice of a build: ``one`` of some options, a ``chance`` and a ``number``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def one(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def chance(self, percent: int) -> bool:
        return self.rng.randrange(100) < percent

    def number(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


class DataPicker(Picker):
    """The choices drawn by Hypothesis (``st.data()``), so a failing card shrinks to a small one."""

    def __init__(self, data: Any) -> None:
        from hypothesis import strategies as st

        self.data, self.st = data, st

    def one(self, options: Sequence[T]) -> T:
        return self.data.draw(self.st.sampled_from(list(options)))

    def chance(self, percent: int) -> bool:
        return self.data.draw(self.st.integers(0, 99)) >= 100 - percent

    def number(self, low: int, high: int) -> int:
        return self.data.draw(self.st.integers(low, high))


def _in(allowed: tuple[str, ...], card_type: str) -> bool:
    return not allowed or card_type in allowed


class Maker:
    """Builds one card with one generated ability for a game (its words and its bundled cards)."""

    def __init__(self, vocab: Vocabulary, effects: dict[str, Effect], pool: Sequence[dict], pick: Picker) -> None:
        self.v, self.effects, self.pool, self.p = vocab, effects, list(pool), pick
        self.numbers = [n for n, f in vocab.fields.items() if f.kind == "int"]

    # -- a card ------------------------------------------------------------------------------------
    def card(self, focus: tuple[str, str] | None = None) -> dict:
        """A bundled card of some type with one generated ability (using ``focus``: (kind, name) when given)."""
        kind = self._kind(focus)
        types = [t for t in self.v.card_types if self._fits(kind, t, focus) and self._template(t)]
        card_type = self.p.one(types or list(self.v.card_types))
        template = self._template(card_type) or self.pool[0]
        card = {k: v for k, v in template.items() if k not in ("abilities", "provenance", "keywords")}
        card.update(id="gen-card", name="Generated card", text="A generated ability.")
        card["abilities"] = [self.ability(kind, card_type, focus)]
        return card

    def _template(self, card_type: str) -> dict | None:
        return next((c for c in self.pool if c.get("type") == card_type), None)

    def _kind(self, focus: tuple[str, str] | None) -> str:
        forced = {"event": "triggered", "cost": "activated", "static": "static", "replace": "replacement"}
        if focus is not None and focus[0] in forced:
            return forced[focus[0]]
        if focus is not None and focus[1] == "per_turn":
            return self.p.one(["triggered", "activated"])
        kinds = ["play", "triggered", "activated", "static"] + (["replacement"] if self.v.replaceable else [])
        return self.p.one(kinds)

    def _fits(self, kind: str, card_type: str, focus: tuple[str, str] | None) -> bool:
        in_play = card_type in self.v.in_play_types
        if focus is not None and focus[0] == "event":
            return _in(self.v.events[focus[1]].card_types, card_type)
        if focus is not None and focus[0] == "cost":
            return card_type in self.v.costs[focus[1]].card_types
        if focus is not None and focus[0] == "static":
            return in_play and _in(self.v.statics[focus[1]].card_types, card_type)
        if kind == "activated":
            return any(card_type in c.card_types for c in self.v.costs.values())
        if kind == "static":
            return in_play and any(_in(k.card_types, card_type) for k in self.v.statics.values())
        if kind == "triggered":
            return any(_in(e.card_types, card_type) for e in self.v.events.values())
        return kind == "play" or in_play

    # -- an ability --------------------------------------------------------------------------------
    def ability(self, kind: str, card_type: str, focus: tuple[str, str] | None = None) -> dict:
        out: dict[str, Any] = {}
        trigger_amount = False
        if kind == "triggered":
            out["trigger"], trigger_amount = self.trigger(card_type, focus)
        elif kind == "activated":
            out["cost"] = self.cost(card_type, focus)
        elif kind == "static":
            out["static"] = [self.static(card_type, focus) for _ in range(self.p.number(1, 2))]
        elif kind == "replacement":
            return self.replacement(focus)
        if kind != "static":
            if self.p.chance(15):
                out["modes"] = [{"do": self.sequence(kind, focus, trigger_amount)} for _ in range(2)]
            else:
                out["do"] = self.sequence(kind, focus, trigger_amount)
            if kind in ("triggered", "activated") and (self.p.chance(20) or focus == ("flow", "per_turn")):
                out["per_turn"] = self.p.number(1, 2)
        if self.p.chance(15) or (focus is not None and focus[0] == "condition"):
            out["condition"] = self.condition(focus)
        return out

    def trigger(self, card_type: str, focus: tuple[str, str] | None) -> tuple[Any, bool]:
        names = [n for n, e in self.v.events.items() if _in(e.card_types, card_type)]
        on = focus[1] if focus is not None and focus[0] == "event" else self.p.one(names)
        event = self.v.events[on]
        return self._watch(on, event.who), event.amount

    def _watch(self, on: str, whose: tuple[str, ...]) -> Any:
        who = self.p.one(list(whose))
        if who == "self" and self.p.chance(50):
            return on
        out: dict[str, Any] = {"on": on, "who": who}
        if who != "self":
            if self.p.chance(40):
                out["side"] = self.p.one(SIDES)
            if self.p.chance(30):
                out["filter"] = self.filter()
        return out

    def cost(self, card_type: str, focus: tuple[str, str] | None) -> dict:
        names = [n for n, c in self.v.costs.items() if card_type in c.card_types]
        chosen = {focus[1]} if focus is not None and focus[0] == "cost" else set()
        chosen.add(self.p.one(names))
        if self.p.chance(30):
            chosen.add(self.p.one(names))
        return {n: self.schema_value(self.v.costs[n].schema, n) for n in sorted(chosen)}

    def static(self, card_type: str, focus: tuple[str, str] | None) -> dict:
        names = [n for n, k in self.v.statics.items() if _in(k.card_types, card_type)]
        name = focus[1] if focus is not None and focus[0] == "static" else self.p.one(names or list(self.v.statics))
        kind = self.v.statics[name]
        out: dict[str, Any] = {"effect": name}
        for key, schema in kind.params.items():
            if key == "cards":
                continue
            if key in kind.required or self.p.chance(50):
                out[key] = self.schema_value(schema, key)
        if kind.cards and ("cards" in kind.required or self.p.chance(60)):
            out["cards"] = self.cards_set()
        if self.p.chance(15):
            out["condition"] = self.condition(None)
        return out

    def replacement(self, focus: tuple[str, str] | None) -> dict:
        names = list(self.v.replaceable)
        on = focus[1] if focus is not None and focus[0] == "replace" else self.p.one(names)
        event = self.v.replaceable[on]
        out: dict[str, Any] = {"replace": self._watch(on, event.who)}
        ways = ["do", "prevent"] + (["less"] if event.amount else [])
        way = self.p.one(ways)
        if way == "do":
            out["do"] = self.sequence("replacement", None, False)
        elif way == "less":
            out["less"] = self.p.number(1, 3)
        else:
            out["prevent"] = True
        return out

    # -- steps -------------------------------------------------------------------------------------
    def sequence(self, kind: str, focus: tuple[str, str] | None, trigger_amount: bool) -> list[dict]:
        n = self.p.number(1, 3)
        steps: list[dict] = []
        for i in range(n):
            forced = focus[1] if focus is not None and focus[0] == "effect" and i == 0 else None
            steps.append(self.step(i, steps, forced, focus, trigger_amount))
        return steps

    def step(self, i: int, earlier: list[dict], forced: str | None, focus: tuple[str, str] | None,
             trigger_amount: bool) -> dict:
        name = forced or self.p.one(sorted(self.effects))
        eff = self.effects[name]
        out: dict[str, Any] = {"effect": name}
        for key, schema in eff.params.items():
            if not (key in eff.required or self.p.chance(45)):
                continue
            if key == "target":
                out[key] = self.target(schema, i)
            elif key == "amount":
                out[key] = self.amount(schema, i, trigger_amount)
            elif key == "player":
                out[key] = self.p.one(list(schema.get("enum") or self.v.players))
            elif key == "duration":
                out[key] = self.p.one(list(schema.get("enum") or self.v.durations))
            else:
                out[key] = self.schema_value(schema, key)
        flow = focus[1] if focus is not None and focus[0] == "flow" else None
        if self.p.chance(20) or flow == "optional":
            out["optional"] = True
        if i and (self.p.chance(15) or flow == "if"):
            done = any(s.get("optional") for s in earlier)
            out["if"] = "done" if done and self.p.chance(50) else {"ref": self.p.number(1, i), "filter": self.filter()}
        chosen = out.get("optional") or isinstance(out.get("target"), dict) and out["target"].get("choose", "one") == "one"
        if (chosen and self.p.chance(20)) or flow == "chooser":
            out["chooser"] = self.p.one(CHOOSERS)
        if i and (self.p.chance(10) or flow == "ref"):
            out["ref"] = self.p.number(1, i)
        return out

    def target(self, schema: dict, i: int) -> Any:
        if self.p.chance(25):
            return self.p.one(["self", "it", "own", "enemy", "any"])
        if i and self.p.chance(15):
            return {"ref": self.p.number(1, i)}
        out: dict[str, Any] = {}
        if self.p.chance(60):
            out["choose"] = self.p.one(CHOICES)
        out["side"] = self.p.one(list(schema.get("x-sides") or SIDES))
        zones = schema.get("x-zones")
        if zones or self.p.chance(30):
            out["zone"] = self.p.one(list(zones or self.v.zones))
        if self.p.chance(20):
            out["other"] = True
        if self.p.chance(60):
            out["filter"] = self.filter()
        if out.get("choose") == "one" and self.p.chance(15):
            out["count"] = self.p.number(1, 2)
        return out

    def cards_set(self) -> Any:
        if self.p.chance(20):
            return self.p.one(["own", "enemy", "any"])
        out: dict[str, Any] = {"side": self.p.one(SIDES)}
        if self.p.chance(20):
            out["zone"] = self.p.one(list(self.v.zones))
        if self.p.chance(30):
            out["other"] = True
        if self.p.chance(60):
            out["filter"] = self.filter()
        return out

    def amount(self, schema: dict, i: int, trigger_amount: bool) -> Any:
        ways = ["fixed", "fixed", "count"] + (["event"] if trigger_amount else []) + (["stat"] if i else [])
        way = self.p.one(ways)
        if way == "fixed" or schema.get("type") == "integer" and self.p.chance(60):
            return self.p.number(0, 3)
        if way == "event":
            return {"from": "event"}
        if way == "stat":
            return {"stat": self.p.one(self.numbers), "ref": self.p.number(1, i)}
        out: dict[str, Any] = {"count": self.cards_set()}
        for key in ("times", "plus", "max"):
            if self.p.chance(20):
                out[key] = self.p.number(0 if key != "times" else 1, 3)
        return out

    def filter(self) -> dict:
        out: dict[str, Any] = {}
        for _ in range(self.p.number(1, 2)):
            name = self.p.one(list(self.v.fields))
            out[name] = self.field_value(name)
        if self.p.chance(10):
            out["not"] = {(n := self.p.one(list(self.v.fields))): self.field_value(n)}
        return out

    def field_value(self, name: str) -> Any:
        spec = self.v.fields[name]
        if spec.kind == "int":
            if self.p.chance(30):
                low = self.p.number(0, 3)
                return {"min": low, "max": low + self.p.number(0, 3)}
            return self.p.number(0, 4)
        if spec.kind == "bool":
            return self.p.chance(50)
        values = list(spec.values) or self._pool_values(name)
        return self.p.one(values) if values else "none"

    def _pool_values(self, name: str) -> list[str]:
        """Values a field with no fixed list takes on the bundled cards (names, groups)."""
        found: set[str] = set()
        for card in self.pool:
            value = card.get(name, card.get(name + "s"))
            found.update([value] if isinstance(value, str) else value if isinstance(value, list) else [])
        return sorted(found)

    def condition(self, focus: tuple[str, str] | None) -> Any:
        names = list(self.v.conditions)
        if focus is not None and focus[0] == "condition":
            return {focus[1]: self.schema_value(self.v.conditions[focus[1]].schema, focus[1])}
        if names and self.p.chance(50):
            name = self.p.one(names)
            return {name: self.schema_value(self.v.conditions[name].schema, name)}
        low = self.p.number(0, 3)
        out: dict[str, Any] = {"count": self.cards_set(), "min": low}
        if self.p.chance(50):
            out["max"] = low + self.p.number(0, 3)
        return out

    def schema_value(self, schema: dict, key: str) -> Any:
        """A value of a small JSON Schema (const, enum, integer, boolean, anyOf, object: a set of cards)."""
        if "const" in schema:
            return schema["const"]
        if "enum" in schema:
            return self.p.one(list(schema["enum"]))
        if "anyOf" in schema:
            return self.schema_value(self.p.one(list(schema["anyOf"])), key)
        kind = schema.get("type")
        if kind == "integer":  # a small number within the schema's range (cards print small numbers)
            low, high = schema.get("minimum", 0), schema.get("maximum", 99)
            return self.p.number(max(low, -3), max(min(high, 3), max(low, -3)))
        if kind == "boolean":
            return self.p.chance(60)
        if kind == "object":
            return self.cards_set() if key != "amount" else {"count": self.cards_set()}
        return self.p.number(0, 3)


# -- playing a card -------------------------------------------------------------------------------
MAX_RANDOM_ACTIONS = 5_000  # random self-play of the bundled decks ends within about 500 actions
_READOUT = re.compile(r"(-?\d+)/(-?\d+)\)")


def negatives(node: Any, path: str = "", signed: frozenset[str] = frozenset()) -> list[str]:
    """Paths of negative whole numbers in a snapshot (``signed`` keys may go below zero by the rules)."""
    if path.rsplit(".", 1)[-1].split("[")[0] in signed or isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [path] if node < 0 else []
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in negatives(v, f"{path}.{k}", signed)]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in negatives(v, f"{path}[{i}]", signed)]
    if isinstance(node, str) and "readouts" not in signed:
        found = _READOUT.search(node)
        if found and (int(found.group(1)) < 0 or int(found.group(2)) < 0):
            return [f"{path} ({node})"]
    return []


def random_game(game: Any, deck: list[dict], seed: int, signed: frozenset[str]) -> str | None:
    """One seeded random self-play game of ``deck`` against itself through the engine's one loop,
    asserting the invariants after every action. It ends, or the loop's action cap stops it (a loop the
    card allows, such as a free ability that untaps what pays for it): the cap's line, or None."""
    from deckkit.engine.loop import play
    from deckkit.engine.registry import spec

    state = game.new_game([deck, deck], random.Random(seed))
    total = state.card_count()
    support = spec(game.name).hook("match")
    taken = [0]

    def step(state: Any, seat: int, _policy: Any, chooser: random.Random) -> Any:
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action in a running game\n{state.render()}"
        action = legal[chooser.randrange(len(legal))]
        state.apply_unchecked(action)
        if total is not None:
            assert state.card_count() == total, f"seed {seed}: {action} lost or made a card\n{state.render()}"
        taken[0] += 1
        if taken[0] % 4 == 0 or state.current_player() == TERMINAL:  # a snapshot is the costly part
            bad = negatives(state.snapshot(), "", signed)
            assert not bad, f"seed {seed}: negative counters {bad} after {action}"
        return action

    capped: list[str] = []
    play(state, [None, None], random.Random(seed * 7919 + 1), step=step, max_actions=MAX_RANDOM_ACTIONS,
         turn=(lambda: support.length(state)) if support is not None else None, on_cap=capped.append)
    assert state.current_player() == TERMINAL or capped, f"seed {seed}: the loop stopped without an end or a cap"
    assert all(line.startswith("capped: ") for line in capped), capped
    return capped[0] if capped else None


def deck_with(game: Any, card: dict, copies: int = 8) -> list[dict]:
    """The game's starter deck with ``copies`` of its cards replaced by ``card``: cards of the same type
    first, then others from the deck's end (a deck lists its resources first), so it keeps its resources."""
    from deckkit.bundled import starter_deck

    deck = list(starter_deck(game))
    same = [i for i, c in enumerate(deck) if c.get("type") == card.get("type")]
    others = [i for i in reversed(range(len(deck))) if i not in same]
    for i in (same + others)[:copies]:
        deck[i] = card
    return deck
