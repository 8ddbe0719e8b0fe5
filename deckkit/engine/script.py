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

This module runs scripts; :mod:`deckkit.engine.scriptfile` reads and validates them and
:mod:`deckkit.engine.scriptreport` renders reports and starting scripts (both re-exported here).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckkit.engine.scriptfile import (
    SUFFIX, Locator, Script, ScriptError, find_scripts, load_script, parse_script,
)
from deckkit.engine.scriptreport import TEMPLATE, format_result, template
from deckkit.errors import DeckkitError, IllegalAction
from deckkit.paths import data_dir
from deckkit.text import fold

__all__ = ["SUFFIX", "TEMPLATE", "Failure", "Locator", "Script", "ScriptError", "ScriptResult", "find_scripts",
           "format_result", "load_script", "make_game", "parse_script", "run_file", "run_script", "template"]

_MISSING = object()


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
    if isinstance(node, list) and prefix:
        where = ".".join(prefix)
        if not node:
            return [f"{where} (an empty list now: expect {where} = [] instead)"]
        return [f"{where}.0 … {where}.{len(node) - 1} ({len(node)} item{'s' if len(node) > 1 else ''}; -1 is the last)", where]
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
            problem = state.malformed(text)
            if problem is not None:  # a typo would be refused too, and the check would prove nothing
                raise script.error(f"step {index}: illegal = {text!r} can never be legal: {problem}",
                                   "step", index, "illegal", value=text,
                                   hint="list an action that exists but must be refused here "
                                        "(deckkit games --actions)")
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
