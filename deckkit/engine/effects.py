"""The effect contract: card ``abilities`` entries name :class:`Effect` values the games register here.

An effect is a name, a JSON Schema for each of its parameters, and one handler signature::

    handler(state, ctx: EffectContext, ability) -> Any

``ctx`` says who acts (``player``), from which card (``source``) and on what (``targets``); a game
may pass a subclass carrying more (Álomfogó's duel side). ``ability`` is the game's compiled form
of the ``abilities`` entry. The engine dispatches with :func:`dispatch`.

The card schema's ability definitions for each game are generated from the registered
parameter schemas (:func:`ability_schema`, closed: no parameter outside the effect's own), and
:func:`check_ability` applies the same schema in plain Python when a card enters a game, so a
meaningless ability never reaches play.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from deckkit.echo import shown, shown_key

__all__ = ["Effect", "EffectContext", "effect", "handler", "names", "effects_of", "dispatch", "ability_schema",
           "check_ability", "AbilityProblem"]


class EffectContext:
    """Who acts (``player``), the card the effect comes from (``source``) and the chosen ``targets``."""

    __slots__ = ("player", "source", "targets")

    def __init__(self, player: int, source: Any = None, targets: tuple = ()) -> None:
        self.player = player
        self.source = source
        self.targets = targets

    @property
    def target(self) -> Any:
        """The first target, or None."""
        return self.targets[0] if self.targets else None


TEXT_PARAM: dict[str, Any] = {"type": "string", "maxLength": 1000, "description": "The ability's rules text."}


@dataclass(frozen=True)
class Effect:
    """One effect of a game: name, parameter schemas (JSON Schema per parameter), required ones, handler."""

    game: str
    name: str
    handler: Callable[..., Any]
    params: Mapping[str, dict] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    description: str = ""
    #: How a step of this effect reads in English (see :mod:`deckkit.engine.ability_text`): a template
    #: such as ``"{player} draw{s} {cards}"``, or fn(words: dict) -> str.
    phrase: str | Callable[[dict], str] = ""
    #: Trigger events this effect causes (``draw`` causes ``draw``): the checker refuses a trigger
    #: that would set itself off for ever.
    emits: tuple[str, ...] = ()
    #: Extra checks of a step: fn(step dict, card dict) -> [(sub-path, message, hint)].
    check: Callable[[dict, dict], list] | None = None
    #: The effect finds the cards it acts on itself (the top cards of a deck), so a later step may refer to
    #: them ({"ref": N}) though it has no target.
    finds: bool = False

    def schema(self) -> dict[str, Any]:
        """The closed JSON Schema of an ability that names this effect."""
        properties: dict[str, Any] = {"effect": {"const": self.name}, "text": TEXT_PARAM}
        properties.update({k: dict(v) for k, v in self.params.items()})
        out: dict[str, Any] = {"properties": properties, "additionalProperties": False}
        if self.required:
            out["required"] = list(self.required)
        if self.description:
            out["description"] = self.description
        return out


REGISTRY: dict[str, dict[str, Effect]] = {}


def effect(game: str, name: str, *, params: Mapping[str, dict] | None = None,
           required: tuple[str, ...] = (), phrase: str | Callable[[dict], str] = "", emits: tuple[str, ...] = (),
           check: Callable[[dict, dict], list] | None = None, finds: bool = False) -> Callable[[Callable], Callable]:
    """Decorator: register ``fn`` as the handler of effect ``name`` in ``game``, with its parameter schemas."""

    def register(fn: Callable) -> Callable:
        table = REGISTRY.setdefault(game, {})
        if name in table:
            raise ValueError(f"effect {name!r} registered twice for {game}")
        table[name] = Effect(game, name, fn, dict(params or {}), tuple(required), summary(fn.__doc__),
                             phrase, tuple(emits), check, finds)
        return fn

    return register


def summary(doc: str | None) -> str:
    """A docstring's first paragraph as one line: an effect's description, never cut mid-sentence."""
    paragraph = (doc or "").strip().split("\n\n", 1)[0]
    return " ".join(paragraph.replace("``", "").split())


def handler(game: str, name: str) -> Callable:
    """The handler of an effect; KeyError names the game and the effect."""
    try:
        return REGISTRY[game][name].handler
    except KeyError:
        raise KeyError(f"no effect {name!r} registered for {game}") from None


def names(game: str) -> set[str]:
    """Effect names registered for a game (import the game's effects module first)."""
    return set(REGISTRY.get(game, {}))


def effects_of(game: str) -> dict[str, Effect]:
    """The effects registered for a game, by name (import the game's effects module first)."""
    return dict(REGISTRY.get(game, {}))


def dispatch(state: Any, ctx: EffectContext, ability: Any) -> Any:
    """Carry out ``ability`` (anything with an ``effect`` name, or a dict) through its game's registered handler."""
    name = ability["effect"] if isinstance(ability, dict) else ability.effect
    return REGISTRY[state.game.name][name].handler(state, ctx, ability)


def ability_schema(game: str) -> dict[str, Any]:
    """The card schema's ability definition for ``game``: one closed branch per registered effect."""
    effects = effects_of(game)
    listed = sorted(effects)
    if not listed:
        return {"not": {}, "description": "This game's cards have no abilities."}
    return {
        "type": "object",
        "required": ["effect"],
        "properties": {"effect": {"enum": listed, "description": "Effect name from the game's effect registry."}},
        "allOf": [{"if": {"properties": {"effect": {"const": name}}, "required": ["effect"]},
                   "then": effects[name].schema()} for name in listed],
    }


@dataclass(frozen=True)
class AbilityProblem:
    """What is wrong with one ability: JSON path inside the ability (``.stat``), message and hint."""

    path: str
    message: str
    hint: str | None = None


def did_you_mean(word: Any, choices: Iterable[str]) -> str:
    """``"did you mean 'x'? "`` for the choice closest to ``word`` (a string), else ``""``."""
    if not isinstance(word, str):
        return ""
    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean {found[0]!r}? " if found else ""


def _check_value(key: str, value: Any, schema: dict) -> AbilityProblem | None:
    path = f".{key}"
    if "const" in schema and value != schema["const"]:
        return AbilityProblem(path, f"{shown(value)} is not {schema['const']!r}")
    if "enum" in schema:
        choices = list(schema["enum"])
        if value not in choices:
            listed = ", ".join(map(str, choices))
            near = did_you_mean(value, [c for c in choices if isinstance(c, str)]) if isinstance(value, str) else ""
            return AbilityProblem(path, f"{shown(value)} is not one of {listed}", f"{near}{key} is one of {listed}")
        return None
    kind = schema.get("type")
    if kind == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            return AbilityProblem(path, f"{shown(value)} is not a whole number", schema.get("description"))
        low, high = schema.get("minimum"), schema.get("maximum")
        if (low is not None and value < low) or (high is not None and value > high):
            return AbilityProblem(path, f"{value} is outside {low} … {high}", schema.get("description"))
    elif kind == "boolean" and not isinstance(value, bool):
        return AbilityProblem(path, f"{shown(value)} is not true or false", schema.get("description"))
    elif kind == "string":
        if not isinstance(value, str):
            return AbilityProblem(path, f"{shown(value)} is not a string", schema.get("description"))
        if len(value) > schema.get("maxLength", 10**9):
            return AbilityProblem(path, f"the text is longer than {schema['maxLength']} characters")
    return None


def check_ability(game: str, ability: Any) -> list[AbilityProblem]:
    """Every problem of one ``abilities`` entry against the game's registered effects (empty: it compiles)."""
    if not isinstance(ability, dict):
        return [AbilityProblem("", "an ability must be an object such as {\"effect\": \"draw\", \"amount\": 1}")]
    effects = effects_of(game)
    name = ability.get("effect")
    if not isinstance(name, str) or name not in effects:
        listed = sorted(effects)
        near = did_you_mean(name, listed) if isinstance(name, str) else ""
        names = ", ".join(listed) or "none"
        what = "the ability names no effect" if "effect" not in ability else f"{shown(name)} is not one of {names}"
        return [AbilityProblem(".effect", what, near.strip() or "effect names come from the game's effect registry")]
    eff = effects[name]
    schema = eff.schema()
    allowed = list(schema["properties"])
    problems = []
    for key, value in ability.items():
        if key not in schema["properties"]:
            problems.append(AbilityProblem(shown_key(key), f"{shown(key)} is not a parameter of {name}",
                                           f"{did_you_mean(key, allowed)}{name} takes: {', '.join(allowed)}"))
            continue
        problem = _check_value(key, value, schema["properties"][key])
        if problem:
            problems.append(problem)
    for key in eff.required:
        if key not in ability:
            problems.append(AbilityProblem("", f"{name} needs {key!r}",
                                           eff.params.get(key, {}).get("description") or f"add {key}"))
    return problems
