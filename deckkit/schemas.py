"""The JSON Schemas in ``schemas/``: loaded once, compiled validators, and readable problems.

Two validators check cards: ``jsonschema-rs`` (fast, used to find which records are invalid in a
bulk import) and ``jsonschema`` (the reference, which explains what is wrong). A test keeps them
in agreement on valid and invalid records.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from functools import cache
from typing import Any
from collections.abc import Callable, Iterable

from deckkit.echo import shown, shown_key

__all__ = ["Problem", "card_schema", "card_fields", "fast_card_check", "card_problems", "ability_problems",
           "CARD_FIELD_ORDER"]

# The order fields are written in (export, the catalogue's stored JSON); unknown keys follow.
CARD_FIELD_ORDER = (
    "id", "game", "name", "names", "type", "set", "rarity", "cost", "attack", "defense", "glory", "helper",
    "subtypes", "groups", "blocking", "ingredient", "number", "label", "symbols", "stone", "requires", "bonus",
    "text", "image", "keywords", "abilities", "provenance",
)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where (file, line, record, JSON path), what, and what to do."""

    file: str
    message: str
    line: int | None = None  # 1-based line in the file, when known
    record: int | None = None  # 1-based record number in the file, when known
    path: str = ""  # JSON path inside the record such as "$.cost"
    hint: str | None = None

    def __str__(self) -> str:
        loc = self.file + (f":{self.line}" if self.line else "")
        if self.record is not None:
            loc += f" (record {self.record})"
        path = f" {self.path}" if self.path else ""
        hint = f" (hint: {self.hint})" if self.hint else ""
        return f"{loc}{path}: {self.message}{hint}"

    def to_dict(self) -> dict:
        """JSON form (``-o json``): file, line, record, path, message, hint."""
        return {"file": self.file, "line": self.line, "record": self.record, "path": self.path,
                "message": self.message, "hint": self.hint}


@cache
def _schema_text(name: str) -> str:
    from deckkit.paths import schemas_dir

    return (schemas_dir() / name).read_text(encoding="utf-8")


_RULE_PATTERN = "^(OB|AF|KO)-[A-Z0-9-]+$"  # as the shipped files write it, for the built-in games


def _with_rule_prefixes(schema: Any) -> Any:
    """The schema with every rule-number pattern naming the registered games' rule prefixes."""
    from deckkit.engine.registry import registered_games

    pattern = "^(" + "|".join(g.rules_prefix for g in registered_games()) + ")-[A-Z0-9-]+$"
    if pattern == _RULE_PATTERN:
        return schema

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: (pattern if k == "pattern" and v == _RULE_PATTERN else walk(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return walk(schema)


def file_schema(name: str) -> dict:
    """A shipped schema (``deck.schema.json`` …) whose ``game`` names the registered games (the shipped
    file lists the built-in ones, for editors; a game package installed beside deckkit adds its own)."""
    from deckkit.engine.registry import registered_games

    schema = _with_rule_prefixes(json.loads(_schema_text(name)))
    game = schema.get("properties", {}).get("game")
    if isinstance(game, dict) and "enum" in game:
        games = registered_games()
        with_aliases = len(game["enum"]) > len(set(game["enum"]) & {g.name for g in games})
        names = [g.name for g in games] + ([a for g in games for a in g.aliases] if with_aliases else [])
        game["enum"] = [*game["enum"], *(n for n in names if n not in game["enum"])]
    return schema


def card_schema() -> dict:
    """The card schema as a fresh dict: the common fields of ``schemas/card.schema.json`` plus one
    branch per registered game, built from its spec (card fields) and its registered effects."""
    return json.loads(_card_schema_text())


@cache
def _card_schema_text() -> str:
    from deckkit.engine.abilities import has_vocabulary
    from deckkit.engine.ability_text import language_schema
    from deckkit.engine.effects import ability_schema
    from deckkit.engine.registry import registered_games

    schema = _with_rule_prefixes(json.loads(_schema_text("card.schema.json")))
    defs = {k: v for k, v in schema["$defs"].items() if not k.endswith("_ability")}
    branches = []
    games = registered_games()
    for game in games:
        fragment = json.loads(json.dumps(game.card_schema))
        properties = fragment.setdefault("properties", {})
        properties["type"] = {"enum": list(game.card_types), **properties.get("type", {})}
        ref = f"{game.alias}_ability"
        properties["abilities"] = {"items": {"$ref": f"#/$defs/{ref}"}}
        owner = game.docs if isinstance(game.docs, str) else game.name
        game.load_effects()
        if has_vocabulary(game.name):
            language = language_schema(game.name, f"{game.alias}_")
            defs.update(language)
            defs[ref] = {**language[f"{game.alias}_ability"], "title": f"{game.title} ability"}
            properties["abilities"] = {"items": {"$ref": f"#/$defs/{ref}"}}
        else:
            defs[ref] = {"title": f"{game.title} ability",
                         "description": f"An ability of a {game.title} card: an effect registered by {owner} and its "
                                        "parameters (generated from the effects' parameter schemas).",
                         **ability_schema(game.name)}
        branches.append({"if": {"properties": {"game": {"const": game.name}}, "required": ["game"]},
                         "then": {"properties": properties, **{k: v for k, v in fragment.items() if k != "properties"}}})
    schema["properties"]["game"]["enum"] = [g.name for g in games]
    schema["allOf"] = branches
    schema["$defs"] = defs
    return json.dumps(schema, ensure_ascii=False)


def _forget_games() -> None:
    """Drop everything built from the set of games (the registry calls it when a game is added)."""
    for fn in (_card_schema_text, card_fields, _reference, _fast, _fast_many, _games, card_types):
        fn.cache_clear()


@cache
def card_fields(game: str | None = None) -> tuple[str, ...]:
    """Field names a card may have: common ones plus, with ``game``, that game's own."""
    schema = card_schema()
    names = list(schema["properties"])
    for branch in schema.get("allOf", []):
        const = branch.get("if", {}).get("properties", {}).get("game", {}).get("const")
        if game is None or const == game:
            names += [n for n in branch.get("then", {}).get("properties", {}) if n not in names]
    return tuple(names)


@cache
def _reference():
    import jsonschema

    schema = card_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@cache
def _fast() -> Callable[[Any], bool]:
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - the dependency is declared; fall back to the reference
        return _reference().is_valid
    return jsonschema_rs.validator_for(card_schema()).is_valid


@cache
def _fast_many() -> Callable[[Any], bool] | None:
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover
        return None
    schema = card_schema()
    return jsonschema_rs.validator_for({"$schema": schema["$schema"], "type": "array", "items": schema}).is_valid


def fast_cards_check(records: list) -> bool:
    """True if every record is a valid card: one jsonschema-rs call for the whole list."""
    check = _fast_many()
    if check is None:  # pragma: no cover
        return all(fast_card_check(r) for r in records)
    try:
        return check(records)
    except (ValueError, OverflowError, TypeError):
        return all(fast_card_check(r) for r in records)


def fast_card_check(record: Any) -> bool:
    """True if ``record`` is a valid card (jsonschema-rs: fast, no explanation)."""
    try:
        return _fast()(record)
    except (ValueError, OverflowError, TypeError):  # e.g. integers beyond 64 bits: let the reference decide
        return _reference().is_valid(record)


def reference_card_check(record: Any) -> bool:
    """True if ``record`` is a valid card according to the reference validator (jsonschema)."""
    return _reference().is_valid(record)


def _json_path(parts: Iterable[Any]) -> str:
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else shown_key(str(p))
    return out


def _field_hint(schema: dict, error) -> str | None:
    desc = error.schema.get("description") if isinstance(error.schema, dict) else None
    if desc:
        return desc
    # Fall back to the description of the innermost schema on the way that has one (the property the error sits in).
    node: Any = schema
    found = None
    try:
        for key in error.absolute_schema_path:
            node = node[key]
            if isinstance(node, dict) and node.get("$ref", "").startswith("#/$defs/"):
                node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
            if isinstance(node, dict) and isinstance(node.get("description"), str):
                found = node["description"]
    except (KeyError, IndexError, TypeError):
        pass
    return found


def _json_text(value: Any, limit: int = 60) -> str:
    """A value as the user wrote it in JSON (null, true, {"a": 1}), cut short; strings keep their quotes."""
    if isinstance(value, str):
        return shown(value, limit)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


@cache
def _games() -> tuple[str, ...]:
    return tuple(card_schema()["properties"]["game"]["enum"])


@cache
def card_types(game: str) -> tuple[str, ...]:
    """The card types the schema allows for ``game`` (empty for an unknown game)."""
    for branch in card_schema().get("allOf", []):
        if branch.get("if", {}).get("properties", {}).get("game", {}).get("const") == game:
            return tuple(branch.get("then", {}).get("properties", {}).get("type", {}).get("enum", ()))
    return ()


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _game_hint(value: Any) -> str:
    from deckkit.engine.registry import find

    found = find(value)  # an alias, or the name written with capitals or accents
    if found is not None:
        return f"did you mean {found.name!r}? records spell the game in full, in lower case, without accents"
    names = list(_games())
    return "a card's game is " + (", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0])


def _type_hint(game: Any, value: Any) -> str | None:
    owners = [g for g in _games() if g != game and value in card_types(g)]
    if owners:
        return f"{value!r} is {_article(owners[0])} {owners[0]} card type; is the card's game right?"
    return None


def _foreign_field(name: str, game: str, allowed: list[str]) -> tuple[str, str]:
    """Message and hint for a field that ``game``'s cards cannot have."""
    owners = [g for g in _games() if g != game and name in card_fields(g)]
    listing = f"{game} cards have: {', '.join(allowed)}"
    message = f"{name!r} is not a field of {game} cards"
    if owners:  # a near-miss spelling of the game's own fields would be a red herring here
        return message, (f"{name} belongs to {' and '.join(owners)} cards: remove it, or set game to {owners[0]} "
                         f"if that is the card's game; {listing}")
    close = difflib.get_close_matches(name, allowed, n=1)
    return message, (f"did you mean {close[0]!r}? " if close else "") + listing


def _unknown_fields(record: dict) -> list[str]:
    game = record.get("game")
    allowed = set(card_fields(game if isinstance(game, str) else None))
    return [k for k in record if k not in allowed]


def card_problems(record: Any, *, file: str = "", line: int | None = None, record_no: int | None = None) -> list[Problem]:
    """Every problem of one card record, best match first (reference validator, readable messages)."""

    def mk(path: str, message: str, hint: str | None) -> Problem:
        return Problem(file, message, line, record_no, path, hint)

    if not isinstance(record, dict):
        kind = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "an array",
                type(None): "null"}.get(type(record), type(record).__name__)
        return [mk("$", f"a card must be a JSON object, not {kind}",
                   'each record is one object such as {"id": …, "game": …, "name": …, "type": …}')]
    from deckkit.engine.ability_depth import depth_problem

    deep = depth_problem(record.get("abilities"), "$.abilities")  # before the reference validator, which recurses
    if deep is not None:
        return [mk(deep.path, deep.message, deep.hint)]
    errors = list(_reference().iter_errors(record))
    if not errors:
        return []
    game = record.get("game")
    known_game: str | None = game if game in _games() else None  # the game, when the schema knows it
    problems = [mk(*found) for found in _schema_problems(record, errors, known_game)]
    found = ability_problems(record, file=file, line=line, record_no=record_no) if known_game is not None else []
    if found:  # the effect's own check names the parameter, its allowed values and a near miss
        problems = [p for p in problems if not p.path.startswith("$.abilities[")] + found
    # De-duplicate while keeping the best-first order.
    seen: set[tuple[str, str]] = set()
    unique = []
    for p in problems:
        if (p.path, p.message) not in seen:
            seen.add((p.path, p.message))
            unique.append(p)
    return unique or [mk("$", "the card does not match the card schema", None)]


def _rank(error) -> tuple:
    """The sort key of a schema error, most relevant last (jsonschema's relevance)."""
    import jsonschema.exceptions as jexc

    # The game and the type decide which fields a card may have: their errors explain the rest.
    decides = list(error.absolute_path) in (["game"], ["type"])
    return (decides, *jexc.relevance(error))


def _schema_problems(record: dict, errors: list, known_game: str | None) -> list[tuple[str, str, str | None]]:
    """(path, message, hint) per schema error, best match first, without the errors that are knock-ons of others."""
    schema = card_schema()
    game = record.get("game")
    wrong_type = known_game is not None and record.get("type") not in card_types(known_game)
    out: list[tuple[str, str, str | None]] = []
    unknown_reported = False
    for error in sorted(errors, key=_rank, reverse=True):  # best match first
        path = _json_path(error.absolute_path)
        if error.validator == "unevaluatedProperties":
            # Knock-on of a failed game branch unless a field really is foreign to the game: name that field,
            # never a field the game allows (jsonschema reports every field of a failed branch as unexpected).
            unknown = _unknown_fields(record) if known_game is not None else []
            if known_game is not None and unknown and not unknown_reported:
                unknown_reported = True
                allowed = [f for f in card_fields(known_game) if f not in unknown]
                out += [(_json_path([name]), *_foreign_field(name, known_game, allowed)) for name in unknown]
            continue
        if error.validator == "not" and error.path == error.absolute_path and \
                "anyOf" in (error.validator_value or {}):
            if wrong_type:  # a knock-on of the type error, which is reported
                continue
            banned = [r["required"][0] for r in error.validator_value["anyOf"] if r.get("required")]
            present = [b for b in banned if b in record]
            kind = f"{game} {record.get('type')}"
            out.append((path, f"{_article(kind)} {kind} cannot have {', '.join(present) or ' / '.join(banned)}",
                        "remove the field(s); only some card types have attack/defence"))
            continue
        out.append((path, *_message_and_hint(schema, error, game, path)))
    return out


def _message_and_hint(schema: dict, error, game: Any, path: str) -> tuple[str, str | None]:
    """A schema error in words: the reason before the value, what would be right, and a hint."""
    message = error.message
    hint = _field_hint(schema, error)
    if error.validator in ("maxLength", "maxItems") and isinstance(error.instance, (str, list)):
        # The reason and the limit first: jsonschema's message starts with the whole value.
        unit = "characters" if isinstance(error.instance, str) else "items"
        message = f"too long: {len(error.instance)} {unit}, the limit is {error.validator_value} " \
                  f"({shown(error.instance[:30])}{'…' if len(error.instance) > 30 else ''})"
    if error.validator == "pattern" and isinstance(error.instance, str):
        message = f"{shown(error.instance)} does not match {error.validator_value}"
    if error.validator == "enum" and isinstance(error.instance, str):
        choices = [c for c in error.validator_value if isinstance(c, str)]
        message = f"{shown(error.instance)} is not one of {', '.join(map(str, choices))}"
        hint = _enum_hint(error, choices, game, hint)
    elif error.validator == "required":
        hint = "add the field; see schemas/card.schema.json for what each card type needs"
    elif error.validator == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        message = f"{_json_text(error.instance)} is not of type {', '.join(map(repr, wanted))}"
        if isinstance(error.instance, str) and error.validator_value == "integer":
            hint = (hint.rstrip(".") + "; " if hint else "") + "write the number without quotes"
    elif error.validator == "additionalProperties" and isinstance(error.instance, dict) and \
            error.validator_value is False:
        known = list(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in known]
        if extra:
            message = f"{', '.join(map(shown, extra))} {'is' if len(extra) == 1 else 'are'} not allowed in {path}"
            hint = f"{path} takes: {', '.join(known)}" if known else hint
    if len(message) > 200:
        message = message[:197] + "..."
    return message, hint


def _enum_hint(error, choices: list[str], game: Any, hint: str | None) -> str | None:
    """The hint for a value not among the allowed ones: the games or types there are, or a near miss."""
    close = difflib.get_close_matches(error.instance, choices, n=1)
    field = error.absolute_path[-1] if error.absolute_path else None
    if field == "game" and len(error.absolute_path) == 1:
        return _game_hint(error.instance)
    if field == "type" and len(error.absolute_path) == 1 and _type_hint(game, error.instance):
        return _type_hint(game, error.instance)
    if close:
        return f"did you mean {close[0]!r}?"
    if field == "effect":
        return "effect names come from the game's effects registry (schemas/card.schema.json $defs)"
    return hint


def ability_problems(record: Any, *, file: str = "", line: int | None = None,
                     record_no: int | None = None) -> list[Problem]:
    """Why a card's abilities cannot work (unknown effect, a parameter misspelt, of the wrong type or value,
    abilities that cannot apply together): each with its JSON path, allowed values and a near miss."""
    from deckkit.engine.registry import find

    game = find(record.get("game")) if isinstance(record, dict) else None
    if game is None or not record.get("abilities"):
        return []
    return [Problem(file, p.message, line, record_no, p.path, p.hint) for p in game.ability_problems(record)]


def canonical_card(record: dict) -> dict:
    """The stored form of a valid card: fields in :data:`CARD_FIELD_ORDER`, ``text`` defaulting to ""."""
    if "text" not in record:
        record = {**record, "text": ""}
    keys = tuple(record)
    order = _ORDERS.get(keys)
    if order is None:  # files repeat a handful of key orders: sort each order once
        order = _ORDERS[keys] = tuple(sorted(keys, key=_order_key))
    out = record if order == keys else {k: record[k] for k in order}
    for v in out.values():
        if v.__class__ is float:  # JSON Schema counts 2.0 as an integer; store it as one
            return {k: (int(v) if v.__class__ is float and v.is_integer() else v) for k, v in out.items()}
    return out


_ORDERS: dict[tuple, tuple] = {}
_ORDER = {k: i for i, k in enumerate(CARD_FIELD_ORDER)}


def _order_key(name: str) -> tuple[int, str]:
    return (_ORDER.get(name, len(_ORDER)), name)


def _listen() -> None:
    from deckkit.engine.registry import on_change

    on_change(_forget_games)


_listen()
