"""Scripted solitaire tests: TOML files that set up a position, play actions and check the state.

The runner only talks to the engine core (``from_setup``, ``apply``, ``legal_actions``,
``snapshot``, ``render``, ``is_terminal``, ``pending_choice``), so every game's scripts work.
The format (``schemas/script.schema.json``; ``deckkit script new`` writes a commented example):

- top level: ``game`` (name or alias), ``title``, ``rules`` (rule numbers pinned), ``seed``
  (seeds every shuffle, default 0), ``[settings]`` (the game's named rule settings), ``[setup]``
  (handed to the game's ``from_setup``; a ``deck = "path"`` of a player is read as a deck file,
  relative to the script, then to the project, and expanded to card names).
- ``[[step]]`` tables run in order; inside a step: ``by`` (who must be to act when it starts),
  then ``do`` (action strings applied in order by whoever must act), then ``illegal`` (actions
  that must be refused — a string or ``{action, rule}`` whose refusal must cite ``rule`` — and
  that must leave the state untouched), then ``expect`` (dotted paths into the snapshot; list
  items by index, ``p1.library.0``; strings compare case- and diacritics-insensitively; lists in
  order; ``"result" = "none"`` while the game runs). ``note`` is shown by ``--trace``.

Strict: an illegal action, an unresolved choice when expectations are checked (an instant
waiting for an answer, a forced discard; ``allow_pending = true`` opts out), an expectation on a
path the state does not have, or a step with actions after the game ended all fail, naming the
step and showing the state and the legal actions. Bad input (TOML syntax, schema, unknown card,
setup contradictions) raises :class:`ScriptError` with ``file:line`` and a hint.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckkit.errors import DataError, DeckkitError, IllegalAction
from deckkit.paths import data_dir, schemas_dir
from deckkit.text import fold

SUFFIX = ".deckkit.toml"
_MISSING = object()


class ScriptError(DataError):
    """A script that cannot be run as written (bad TOML, schema, card, path): file, line, hint."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 hint: str | None = None) -> None:
        self.line = line
        where = f"{path}:{line}" if path and line else path
        super().__init__(message, path=where, hint=hint)


@dataclass
class Failure:
    """One failed check: the step (1-based, None for the whole script), what differed and why."""

    step: int | None
    message: str
    expected: Any = None
    actual: Any = None
    line: int | None = None
    state: str | None = None
    legal: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        """The failure as CLI.md's ``{"step", "expected", "actual", "message"}`` (plus line, legal)."""
        out = {"step": self.step, "expected": self.expected, "actual": self.actual, "message": self.message}
        if self.line is not None:
            out["line"] = self.line
        if self.legal:
            out["legal"] = self.legal
        return out


@dataclass
class ScriptResult:
    """The outcome of one script file."""

    file: str
    title: str = ""
    rules: list[str] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    steps: int = 0

    @property
    def passed(self) -> bool:
        """Whether every check of the script held."""
        return not self.failures

    def as_json(self) -> dict:
        """The script's entry of the ``script run -o json`` report."""
        return {"file": self.file, "title": self.title, "rules": self.rules, "passed": self.passed,
                "steps": self.steps, "failures": [f.as_json() for f in self.failures]}


# -- locating lines in the TOML text ----------------------------------------------------------------

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r'^\s*("(?:[^"\\]|\\.)*"|\'[^\']*\'|[A-Za-z0-9_.\- ]+?)\s*=')


def _split_key(key: str) -> tuple[str, ...]:
    key = key.strip()
    if key[:1] in "\"'":
        return (key[1:-1],)
    return tuple(part.strip().strip("\"'") for part in key.split("."))


class Locator:
    """Maps dotted key paths of a TOML file to line numbers (tomllib keeps no positions)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.where: dict[tuple, int] = {}
        table: tuple = ()
        steps = 0
        for number, raw in enumerate(self.lines, start=1):
            header = _HEADER.match(raw)
            if header and not raw.lstrip().startswith("#"):
                parts = _split_key(header[2])
                if header[1] == "[[":
                    if parts == ("step",):
                        steps += 1
                    table = parts
                else:
                    table = parts
                if table[:1] == ("step",):
                    table = ("step", steps) + table[1:]
                self.where.setdefault(table, number)
                continue
            key = _KEY.match(raw)
            if key and not raw.lstrip().startswith("#"):
                path = table + _split_key(key[1])
                self.where.setdefault(path, number)
                # inline tables: record their keys too (expect = {"p1.life" = 3})
                rest = raw[key.end():]
                for inner in re.finditer(r'("(?:[^"\\]|\\.)*"|[A-Za-z0-9_]+)\s*=', rest):
                    self.where.setdefault(path + _split_key(inner[1]), number)

    def line(self, *path: Any, value: str | None = None) -> int | None:
        """Line of the longest known prefix of ``path``; with ``value``, the line quoting it below that."""
        path = tuple(path)
        while path:
            if path in self.where:
                start = self.where[path]
                if value is not None:
                    for offset, raw in enumerate(self.lines[start - 1:start + 200]):
                        if f'"{value}"' in raw or f"'{value}'" in raw:
                            return start + offset
                return start
            path = path[:-1]
        return None


# -- loading -------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _validator():
    import jsonschema

    schema = json.loads((schemas_dir() / "script.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


@dataclass
class Script:
    """A parsed, schema-valid script with its source for line numbers."""

    path: str
    data: dict
    locator: Locator

    def line(self, *path: Any, value: str | None = None) -> int | None:
        """Line number of a key path in the file."""
        return self.locator.line(*path, value=value)

    def error(self, message: str, *path: Any, hint: str | None = None, value: str | None = None) -> ScriptError:
        """A ScriptError located at a key path."""
        return ScriptError(message, path=self.path, line=self.line(*path, value=value), hint=hint)


def parse_script(text: str, path: str = "<script>") -> Script:
    """Parse and validate script text; ScriptError naming the file, line and a fix otherwise."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        raise ScriptError(f"not valid TOML: {exc}", path=path, line=int(match[1]) if match else None,
                          hint='check quotes and brackets on that line, e.g. do = ["pass"] or "p1.life" = 20')
    script = Script(path, data, Locator(text))
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        err = errors[0]
        where = list(err.absolute_path)
        locate = [("step", where[1] + 1, *where[2:]) if where[:1] == ["step"] and len(where) > 1 else tuple(where)][0]
        dotted = ".".join(str(p) for p in where) or "(top level)"
        more = f" ({len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
        raise script.error(f"{dotted}: {err.message}{more}", *locate,
                           hint=_schema_hint(err))
    return script


def _schema_hint(err) -> str:
    if err.validator == "additionalProperties":
        allowed = sorted(err.schema.get("properties", {}))
        return "allowed keys here: " + ", ".join(allowed)
    if err.validator == "required":
        return "add the missing key; `deckkit script new` writes a complete example"
    if err.validator == "type":
        return f"this value must be of type {err.validator_value}"
    return "see schemas/script.schema.json or `deckkit script new`"


def load_script(path: str | Path) -> Script:
    """Read and validate a script file."""
    p = Path(path)
    try:
        text = p.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise ScriptError("no such script file", path=str(path), hint="check the path") from None
    except UnicodeDecodeError:
        raise ScriptError("not UTF-8 text", path=str(path), hint="save the script as UTF-8") from None
    except OSError as exc:
        raise ScriptError(f"cannot read the script: {exc.strerror or exc}", path=str(path)) from None
    return parse_script(text, str(path))


# -- running -------------------------------------------------------------------------------------

def make_game(name: str, settings: dict):
    """The rules object of a game (bundled card pool) with named settings."""
    from deckkit.games import resolve_game, rules_module

    module = rules_module(resolve_game(name))
    factory = module.GAME
    cls = factory if isinstance(factory, type) else type(factory)
    return cls(**settings)


def _deck_names(script: Script, spec: str, player: str) -> list[str]:
    """Expand a deck file named in ``setup.pN.deck`` into card names (one per copy)."""
    from deckkit.decks.io import load_deck

    base = Path(script.path).parent
    candidates = [base / spec, Path(spec), data_dir().parent / spec, data_dir() / "decks" / spec]
    found = next((c for c in candidates if c.is_file()), None)
    if found is None:
        raise script.error(f"deck file {spec!r} not found", "setup", player, "deck",
                           hint="give a path relative to the script, e.g. data/decks/obludarium-standard.deck")
    try:
        deck = load_deck(found)
    except DeckkitError as exc:
        raise script.error(f"deck file {spec!r}: {exc.message}", "setup", player, "deck", hint=exc.hint) from None
    from deckkit.games import resolve_game

    try:
        deck_game = resolve_game(deck.game)
    except DeckkitError:
        deck_game = deck.game
    if deck_game != resolve_game(script.data["game"]):
        raise script.error(f"deck file {spec!r} is for {deck_game}, not {resolve_game(script.data['game'])}",
                           "setup", player, "deck", hint="use a deck of the script's game")
    return [entry.name for entry in deck.entries for _ in range(entry.count)]


def _lookup(snapshot: Any, path: str) -> Any:
    node = snapshot
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.lstrip("-").isdigit() and -len(node) <= int(part) < len(node):
            node = node[int(part)]
        else:
            return _MISSING
    return node


def _valid_keys(snapshot: Any, path: str) -> list[str]:
    parts = path.split(".")
    node = snapshot
    prefix = []
    for part in parts:
        if isinstance(node, dict) and part in node:
            node = node[part]
            prefix.append(part)
        else:
            break
    if isinstance(node, dict):
        return [".".join(prefix + [k]) for k in node]
    return [".".join(prefix)] if prefix else []


def _same(expected: Any, actual: Any) -> bool:
    if expected == "none" and actual is None:
        return True
    if isinstance(expected, str) and isinstance(actual, str):
        return fold(expected) == fold(actual)
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(_same(e, a) for e, a in zip(expected, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return expected == actual


def run_script(script: Script, *, trace: bool = False) -> ScriptResult:
    """Run a parsed script; failures are collected, bad input raises ScriptError."""
    data = script.data
    result = ScriptResult(script.path, data.get("title", ""), list(data.get("rules", [])))
    try:
        game = make_game(data["game"], data.get("settings", {}))
    except DeckkitError as exc:
        raise script.error(exc.message, "settings" if data.get("settings") else "game", hint=exc.hint) from None
    setup = json.loads(json.dumps(data.get("setup", {})))  # a private copy
    for player, spec in list(setup.items()):
        if isinstance(spec, dict) and isinstance(spec.get("deck"), str):
            spec["deck"] = _deck_names(script, spec["deck"], player)
    rng = random.Random(data.get("seed", 0))
    from deckkit.engine.core import SetupError

    try:
        state = game.from_setup(setup, rng)
    except SetupError as exc:
        parts = _field_parts(exc.field)
        value = None
        if parts and isinstance(parts[-1], int):
            value = _field_value(data.get("setup", {}), parts)
            parts = parts[:-1]
        raise script.error(exc.message, "setup", *parts, hint=exc.hint, value=value) from None
    except DeckkitError as exc:
        raise script.error(exc.message, "setup", hint=exc.hint) from None
    log_seen = 0

    def flush() -> None:
        nonlocal log_seen
        if trace:
            result.trace.extend("    " + line for line in state.log[log_seen:])
        log_seen = len(state.log)

    flush()
    steps = data.get("step", [])
    ended_at: int | None = None
    for index, step in enumerate(steps, start=1):
        result.steps = index
        note = step.get("note")
        if trace:
            result.trace.append(f"step {index}" + (f": {note}" if note else ""))
        actions = step.get("do", [])
        if isinstance(actions, str):
            actions = [actions]
        if state.is_terminal() and (actions or step.get("illegal")):
            result.failures.append(Failure(
                index, f"step {index} is never used: the game ended at step {ended_at} "
                       f"(result {state.snapshot().get('result')})",
                line=script.line("step", index), state=state.render()))
            break
        who = step.get("by")
        if who and not state.is_terminal() and f"p{state.current_player() + 1}" != who:
            result.failures.append(Failure(
                index, f"step {index} is marked by = {who!r} but p{state.current_player() + 1} is to act",
                expected=who, actual=f"p{state.current_player() + 1}", line=script.line("step", index, "by"),
                state=state.render(), legal=[str(a) for a in state.legal_actions()]))
            break
        stop = False
        for text in actions:
            if state.is_terminal():
                result.failures.append(Failure(
                    index, f"step {index}: {text!r} comes after the end of the game "
                           f"(result {state.snapshot().get('result')})",
                    line=script.line("step", index, "do", value=text), state=state.render()))
                stop = True
                break
            actor = state.current_player()
            try:
                state.apply(text)
            except IllegalAction as exc:
                result.failures.append(Failure(
                    index, f"step {index}: p{actor + 1} cannot {text!r}: {exc.message}",
                    line=script.line("step", index, "do", value=text), state=state.render(),
                    legal=list(exc.legal)))
                stop = True
                break
            if trace:
                result.trace.append(f"  p{actor + 1}: {text}")
            flush()
        if stop:
            break
        for entry in step.get("illegal", []):
            text, rule = (entry, None) if isinstance(entry, str) else (entry["action"], entry.get("rule"))
            before = state.snapshot()
            try:
                state.apply(text)
            except IllegalAction as exc:
                if rule and exc.rule != rule:
                    result.failures.append(Failure(
                        index, f"step {index}: {text!r} was refused for another reason: {exc.message}",
                        expected=rule, actual=exc.rule, line=script.line("step", index, "illegal", value=text)))
                if state.snapshot() != before:
                    result.failures.append(Failure(index, f"step {index}: refusing {text!r} changed the state",
                                                   line=script.line("step", index, "illegal", value=text)))
                if trace:
                    result.trace.append(f"  refused as expected: {text} ({exc.message})")
                continue
            result.failures.append(Failure(
                index, f"step {index}: {text!r} was expected to be illegal but was played",
                line=script.line("step", index, "illegal", value=text), state=state.render()))
            stop = True
            break
        if stop:
            break
        expect = step.get("expect", {})
        if expect:
            pending = getattr(state, "pending_choice", lambda: None)()
            if pending and not step.get("allow_pending", False):
                result.failures.append(Failure(
                    index, f"step {index}: unresolved choice before the expectations: {pending}",
                    line=script.line("step", index, "expect"), state=state.render(),
                    legal=[str(a) for a in state.legal_actions()],
                ))
                break
            snapshot = state.snapshot()
            for path, want in expect.items():
                got = _lookup(snapshot, path)
                if got is _MISSING:
                    valid = _valid_keys(snapshot, path)
                    raise script.error(
                        f"step {index}: expectation on {path!r}, which the state does not have",
                        "step", index, "expect", path,
                        hint="valid paths here: " + ", ".join(valid[:20]))
                if not _same(want, got):
                    result.failures.append(Failure(
                        index, f"step {index}: {path}", expected=want, actual=got,
                        line=script.line("step", index, "expect", path), state=state.render()))
        if state.is_terminal() and ended_at is None:
            ended_at = index
    return result


def _field_parts(field: str | None) -> list:
    parts: list = []
    for piece in (field or "").split("."):
        if not piece or piece == "setup" and not parts:
            continue
        m = re.match(r"^(.*?)\[(\d+)\]$", piece)
        if m:
            parts.append(m[1])
            parts.append(int(m[2]))
        else:
            parts.append(piece)
    return parts


def _field_value(setup: dict, parts: list) -> str | None:
    node: Any = setup
    for part in parts:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    return node if isinstance(node, str) else None


def run_file(path: str | Path, *, trace: bool = False) -> ScriptResult:
    """Load and run one script; bad input becomes a failure of the whole script (step None)."""
    try:
        script = load_script(path)
        return run_script(script, trace=trace)
    except ScriptError as exc:
        return ScriptResult(str(path), failures=[Failure(None, str(exc) + (f" (hint: {exc.hint})" if exc.hint else ""),
                                                         line=exc.line)])


def format_result(result: ScriptResult, *, trace: bool = False) -> str:
    """PASS/FAIL line for a script, then a readable diff and the state for each failure."""
    head = f"{'PASS' if result.passed else 'FAIL'}  {result.file}"
    if result.title:
        head += f"  — {result.title}"
    lines = [head]
    if trace and result.trace:
        lines.extend("  | " + line for line in result.trace)
    for failure in result.failures:
        where = f" (line {failure.line})" if failure.line and result.steps else ""
        lines.append(f"  {failure.message}{where}")
        if failure.expected is not None or failure.actual is not None:
            lines.extend(_diff(failure.expected, failure.actual))
        if failure.state:
            lines.append("  state:")
            lines.extend("    " + line for line in failure.state.splitlines())
        if failure.legal:
            lines.append("  legal actions: " + "; ".join(failure.legal))
    return "\n".join(lines)


def _diff(expected: Any, actual: Any) -> list[str]:
    if isinstance(expected, list) and isinstance(actual, list):
        out = [f"    expected: {json.dumps(expected, ensure_ascii=False)}",
               f"    actual:   {json.dumps(actual, ensure_ascii=False)}"]
        want = [fold(x) if isinstance(x, str) else x for x in expected]
        got = [fold(x) if isinstance(x, str) else x for x in actual]
        missing = [e for e, w in zip(expected, want) if w not in got]
        extra = [a for a, g in zip(actual, got) if g not in want]
        if missing:
            out.append("    missing:  " + ", ".join(map(str, missing)))
        if extra:
            out.append("    extra:    " + ", ".join(map(str, extra)))
        if not missing and not extra:
            out.append("    (same cards, different order or count)")
        return out
    return [f"    expected: {json.dumps(expected, ensure_ascii=False)}",
            f"    actual:   {json.dumps(actual, ensure_ascii=False)}"]


def find_scripts(paths: list[str | Path]) -> list[Path]:
    """Script files named, or found under named directories (``*.deckkit.toml``), sorted."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(sorted(p.rglob("*" + SUFFIX)))
        else:
            out.append(p)
    return out


TEMPLATE = '''# A scripted solitaire test for deckkit ({title}). Run it with:
#   deckkit script run {filename}
# or with pytest (deckkit's plugin collects *.deckkit.toml files).
game = "{game}"
title = "What this script checks, e.g. OB-333: a monster cannot attack the turn it is summoned"
rules = []            # rule numbers it pins, e.g. ["OB-333"]
seed = 1              # seeds every shuffle: same seed, same game

[settings]            # optional rule settings (deckkit games lists them), e.g. starting_life = 15

[setup]
start = "p1"          # who takes the first turn
phase = "start"       # "start" = untap and draw first; {phases}

[setup.p1]
# deck = "data/decks/obludarium-standard.deck"   # a deck, shuffled with the seed, or list zones:
library = {library}   # top card first
hand = {hand}
table = {table}       # cards in play, states in brackets: "Glum (tapped)"
life = 20

[setup.p2]
library = {library}
life = 20

[[step]]
note = "what happens in this step"
do = {do}             # canonical action strings (deckkit games --actions), applied in order
[step.expect]         # dotted paths into the state; "result" is p1, p2, draw or none
"p1.life" = 20
"result" = "none"

[[step]]
illegal = []          # actions that must be refused here, e.g. ["attack Glum"] or [{{action = "attack Glum", rule = "OB-333"}}]
'''

_TEMPLATE_VALUES = {
    "obludarium": dict(title="Obludárium", library='["Chleba", "Glum"]', hand='["Buřty", "Kubišta"]',
                       table='["Chleba", "Medděd"]', do='["play Buřty", "play Kubišta", "pass"]',
                       phases='"main" or "attack" start there directly'),
}


GENERIC_TEMPLATE = '''# A scripted solitaire test for deckkit ({title}). Run it with:
#   deckkit script run {filename}
# or with pytest (deckkit's plugin collects *.deckkit.toml files).
game = "{game}"
title = "What this script checks, with the rule number it pins"
rules = []            # rule numbers it pins, e.g. ["{prefix}-101"]
seed = 1              # seeds every shuffle: same seed, same game

[settings]            # optional rule settings (deckkit games lists them)

[setup]               # set-up keys of this game: see `deckkit games --actions` and the game's docs
                      # (per player, e.g. [setup.p1]: library = [...] top first, hand = [...])

[[step]]
note = "check the starting position"
[step.expect]         # dotted paths into the state; "result" is p1, p2, draw or none
"result" = "none"

[[step]]
illegal = []          # actions that must be refused here, e.g. [{{action = "...", rule = "{prefix}-..."}}]
# do = ["..."]        # canonical action strings (deckkit games --actions), applied in order
'''


def template(game: str, filename: str = "my-test.deckkit.toml") -> str:
    """A commented starting script for a game (it runs and passes as written)."""
    from deckkit.games import GAMES, resolve_game

    name = resolve_game(game)
    if name in _TEMPLATE_VALUES:
        return TEMPLATE.format(game=name, filename=filename, **_TEMPLATE_VALUES[name])
    info = GAMES[name]
    return GENERIC_TEMPLATE.format(game=name, filename=filename, title=info.title, prefix=info.rules_prefix)
