"""Mutants of a card's abilities: each number ±1, each word swapped for another allowed one, each
boolean flipped, each key and each step of a list removed — with the JSON path of the change.

The allowed words come from the game's registered words (its Vocabulary and the effects' parameter
schemas), so a mutant never writes a word the language does not know on purpose: what it tests is
whether the engine *reads* the field. ``text`` is prose and is never mutated.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from deckkit.engine.abilities import CHOICES, CHOOSERS, SIDES, WHO, Vocabulary
from deckkit.engine.effects import Effect

PROSE = frozenset({"text"})
_INDEX = re.compile(r"\[\d+\]")


@dataclass(frozen=True)
class Mutant:
    """One change: where (``path``, from the card: ``$.abilities[0].do[1].amount``), what, and the result."""

    path: str
    change: str
    abilities: list

    @property
    def shape(self) -> str:
        """The path without list positions and the kind of change (``$.abilities[].do[].amount +1``)."""
        return f"{_INDEX.sub('[]', self.path)} {self.change.split(' ')[0]}"


class Mutator:
    """Writes the mutants of one card's abilities in a game's words."""

    def __init__(self, vocab: Vocabulary, effects: dict[str, Effect], names: list[str]) -> None:
        self.v, self.effects, self.names = vocab, effects, names

    def mutants(self, abilities: list) -> list[Mutant]:
        return list(self._walk(abilities, abilities, "$.abilities", [], "abilities", None))

    def _walk(self, root: list, node: Any, path: str, keys: list, key: str, owner: dict | None) -> Iterator[Mutant]:
        if isinstance(node, dict):
            for k, value in node.items():
                if k in PROSE:
                    continue
                yield self._make(root, [*keys, k], f"{path}.{k}", "removed", _REMOVE)
                yield from self._walk(root, value, f"{path}.{k}", [*keys, k], k, node)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                if len(node) > 1:
                    yield self._make(root, [*keys, i], f"{path}[{i}]", "removed", _REMOVE)
                yield from self._walk(root, value, f"{path}[{i}]", [*keys, i], key, owner)
        elif isinstance(node, bool):
            yield self._make(root, keys, path, f"flipped to {not node}", not node)
        elif isinstance(node, int):
            for delta in (1, -1):
                yield self._make(root, keys, path, f"{delta:+d} ({node} -> {node + delta})", node + delta)
        elif isinstance(node, str):
            for other in self._words(key, node, owner, keys):
                yield self._make(root, keys, path, f"swapped ({node!r} -> {other!r})", other)

    def _make(self, root: list, keys: list, path: str, change: str, value: Any) -> Mutant:
        out = copy.deepcopy(root)
        parent = out
        for k in keys[:-1]:
            parent = parent[k]
        last = keys[-1]
        if value is _REMOVE:
            del parent[last]
        else:
            parent[last] = value
        return Mutant(path, change, out)

    def _words(self, key: str, value: str, owner: dict | None, keys: list) -> list[str]:
        """Other values the language allows where ``value`` stands (nothing when no list is known)."""
        allowed = self._allowed(key, owner, keys)
        others = [w for w in allowed if w != value]
        return others if len(others) <= 3 else others[:2]

    def _allowed(self, key: str, owner: dict | None, keys: list) -> list[str]:
        v = self.v
        in_static = "static" in keys
        in_replace = "replace" in keys
        if key == "effect":
            return list(v.statics) if in_static and "do" not in keys else sorted(self.effects)
        if key in ("trigger", "on"):
            return list(v.replaceable if in_replace else v.events)
        if key == "replace":
            return list(v.replaceable)
        if key == "target":
            return ["self", "it", "own", "enemy", "any"]
        if key == "cards":
            return ["own", "enemy", "any"]
        if key == "if":
            return ["done"]
        step_schema = self._param_schema(owner, key)
        if step_schema and step_schema.get("enum"):
            return [str(w) for w in step_schema["enum"]]
        simple = {"who": WHO, "side": SIDES, "choose": CHOICES, "chooser": CHOOSERS, "zone": v.zones,
                  "player": tuple(v.players), "duration": tuple(v.durations)}
        if key in simple:
            return list(simple[key])
        if key == "stat":
            return [n for n, f in v.fields.items() if f.kind == "int"]
        if key in v.conditions and "enum" in v.conditions[key].schema:
            return [str(w) for w in v.conditions[key].schema["enum"]]
        field = v.fields.get(key)
        if field is not None:
            return list(field.values) or (self.names if key == "name" else [])
        return []

    def _param_schema(self, owner: dict | None, key: str) -> dict | None:
        """The schema of ``key`` where ``owner`` is a step (an effect's parameter) or a continuous effect."""
        if not isinstance(owner, dict) or not isinstance(owner.get("effect"), str):
            return None
        name = owner["effect"]
        eff = self.effects.get(name)
        if eff is not None and key in eff.params:
            return eff.params[key]
        kind = self.v.statics.get(name)
        return kind.params.get(key) if kind is not None else None


_REMOVE = object()
