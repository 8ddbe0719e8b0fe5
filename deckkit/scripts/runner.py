"""Scripted solitaire tests: TOML files that set up a position, play actions and check the state.

The runner only talks to the engine core (``from_setup``, ``apply``, ``legal_actions``,
``snapshot``, ``render``, ``is_terminal``, ``pending_choice``), so every game's scripts work.
The format (``schemas/script.schema.json``; ``deckkit script new`` writes a commented example):

- top level: ``game`` (name or alias), ``title``, ``rules`` (rule numbers pinned), ``seed``
  (seeds every shuffle, default 0), ``[settings]`` (the game's named rule settings), ``[setup]``
  (handed to the game's ``from_setup``; a ``deck = "path"`` of a player is read as a deck file,
  relative to the script, then to the project, and resolved as every deck is), ``[[card]]`` (the
  script's own cards, validated like an import; see :mod:`deckkit.scripts.cards`).
- cards: the catalogue's (``--db``, ``$DECKKIT_DB``, the default place: cards a user imported and
  values they changed play), the inline cards first. An id stands wherever a name does; a name
  several cards share is refused, with their ids.
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

This module runs scripts; :mod:`deckkit.scripts.reader` reads and validates them and
:mod:`deckkit.scripts.report` renders reports and starting scripts (both re-exported here).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckkit.scripts.reader import (
    SUFFIX, Locator, Script, ScriptError, find_scripts, load_script, parse_script,
)
from deckkit.scripts.cards import CardSource, ScriptCards, check_names, script_cards
from deckkit.scripts.report import TEMPLATE, format_result, template
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

def make_game(name: str, settings: dict, cards: list[dict] | None = None):
    """The rules object of a game over ``cards`` (the bundled pool when None) with named settings."""
    from deckkit.engine.registry import load_game

    return load_game(name, cards, **settings)


def _deck_names(script: Script, spec: str, player: str, cards: ScriptCards) -> list[str]:
    """Expand a deck file named in ``setup.pN.deck`` into card ids (one per copy), resolved among the
    script's cards as every deck is (names or ids; an unknown or ambiguous name is an error)."""
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
    from deckkit.engine.registry import resolve as resolve_game

    try:
        deck_game = resolve_game(deck.game)
    except DeckkitError:
        deck_game = deck.game
    if deck_game != resolve_game(script.data["game"]):
        raise script.error(f"deck file {spec!r} is for {deck_game}, not {resolve_game(script.data['game'])}",
                           "setup", player, "deck", hint="use a deck of the script's game")
    from deckkit.decks.model import resolve

    resolved = resolve(deck, cards.pool)
    if resolved.errors:
        first = resolved.errors[0]
        more = f" ({len(resolved.errors) - 1} more problem(s))" if len(resolved.errors) > 1 else ""
        raise script.error(f"deck file {spec!r}: {found}:{first.line}: {first.message}{more}", "setup", player,
                           "deck", hint=first.hint)
    return [card["id"] for card in resolved.expand()]


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


def run_script(script: Script, *, trace: bool = False, cards: CardSource | None = None) -> ScriptResult:
    """Run a parsed script over the cards of ``cards`` (default: the catalogue at ``$DECKKIT_DB`` or
    the default place) and its inline cards; failures are collected, bad input raises ScriptError."""
    data = script.data
    result = ScriptResult(script.path, data.get("title", ""), list(data.get("rules", [])))
    pool = _cards(script, cards if cards is not None else CardSource())
    run = _Run(script, result, _start(script, pool), trace, pool)
    ended_at: int | None = None
    for index, step in enumerate(data.get("step", []), start=1):
        result.steps = index
        if not run.step(index, step, ended_at):
            break
        if run.state.is_terminal() and ended_at is None:
            ended_at = index
    return result


def _cards(script: Script, source: CardSource) -> ScriptCards:
    """The script's card pool (its game's cards, inline ones first); names it uses are unambiguous."""
    from deckkit.engine.registry import resolve as resolve_game

    try:
        game = resolve_game(script.data["game"])
    except DeckkitError as exc:
        raise script.error(exc.message, "game", hint=exc.hint) from None
    try:
        cards = script_cards(script, game, source)
    except ScriptError:
        raise
    except DeckkitError as exc:  # the catalogue cannot be opened
        raise script.error(str(exc), hint=exc.hint) from None
    check_names(script, cards)
    return cards


def _start(script: Script, cards: ScriptCards):
    """The game's state in the script's set-up position, or a ScriptError located in [setup]."""
    from deckkit.engine.core import SetupError

    data = script.data
    try:
        game = make_game(data["game"], data.get("settings", {}), cards.cards)
    except DeckkitError as exc:
        settings = data.get("settings") or {}
        # point at the setting the message names, else at [settings] or the game line
        key = next((k for k in settings if f"{k!r}" in exc.message or f"setting {k}:" in exc.message), None)
        where = ("settings", key) if key else ("settings",) if settings else ("game",)
        raise script.error(exc.message, *where, hint=exc.hint) from None
    setup = json.loads(json.dumps(data.get("setup", {})))  # a private copy
    for player, spec in list(setup.items()):
        if isinstance(spec, dict) and isinstance(spec.get("deck"), str):
            spec["deck"] = _deck_names(script, spec["deck"], player, cards)
    try:
        return game.from_setup(setup, random.Random(data.get("seed", 0)))
    except SetupError as exc:
        parts = _field_parts(exc.field)
        value = None
        if parts and isinstance(parts[-1], int):
            value = _field_value(data.get("setup", {}), parts)
            parts = parts[:-1]
        raise script.error(exc.message, "setup", *parts, hint=exc.hint, value=value) from None
    except DeckkitError as exc:
        raise script.error(exc.message, "setup", hint=exc.hint) from None


class _Run:
    """One script being run: its state, its result, and the trace of the game's log."""

    def __init__(self, script: Script, result: ScriptResult, state, trace: bool, cards: ScriptCards) -> None:
        self.script, self.result, self.state, self.trace = script, result, state, trace
        self.cards = cards  # actions may name cards by id: the engine's action strings use names
        self.log_seen = 0
        self.flush()

    def flush(self) -> None:
        """Copy the game's new log lines into the trace."""
        if self.trace:
            self.result.trace.extend("    " + line for line in self.state.log[self.log_seen:])
        self.log_seen = len(self.state.log)

    def fail(self, index: int, message: str, *where: Any, value: str | None = None, **details: Any) -> None:
        """Record a failure of step ``index`` located at a key path of the step."""
        line = self.script.line("step", index, *where, value=value)
        self.result.failures.append(Failure(index, message, line=line, **details))

    def step(self, index: int, step: dict, ended_at: int | None) -> bool:
        """Run one step: ``by``, then ``do``, ``illegal``, ``expect``; False when the script must stop."""
        state = self.state
        if self.trace:
            note = step.get("note")
            self.result.trace.append(f"step {index}" + (f": {note}" if note else ""))
        actions = step.get("do", [])
        actions = [actions] if isinstance(actions, str) else actions
        if state.is_terminal() and (actions or step.get("illegal")):
            self.fail(index, f"step {index} is never used: the game ended at step {ended_at} "
                             f"(result {state.snapshot().get('result')})", state=state.render())
            return False
        who = step.get("by")
        if who and not state.is_terminal() and f"p{state.current_player() + 1}" != who:
            actor = f"p{state.current_player() + 1}"
            self.fail(index, f"step {index} is marked by = {who!r} but {actor} is to act", "by",
                      expected=who, actual=actor, state=state.render(),
                      legal=[str(a) for a in state.legal_actions()])
            return False
        return (self._do(index, actions) and self._illegal(index, step.get("illegal", []))
                and self._expect(index, step))

    def _do(self, index: int, actions: list[str]) -> bool:
        state = self.state
        for text in actions:
            if state.is_terminal():
                self.fail(index, f"step {index}: {text!r} comes after the end of the game "
                                 f"(result {state.snapshot().get('result')})", "do", value=text,
                          state=state.render())
                return False
            actor = state.current_player()
            try:
                state.apply(self.cards.with_names(text))
            except IllegalAction as exc:
                self.fail(index, f"step {index}: p{actor + 1} cannot {text!r}: {exc.message}", "do", value=text,
                          state=state.render(), legal=list(exc.legal))
                return False
            if self.trace:
                self.result.trace.append(f"  p{actor + 1}: {text}")
            self.flush()
        return True

    def _illegal(self, index: int, entries: list) -> bool:
        state = self.state
        for entry in entries:
            text, rule = (entry, None) if isinstance(entry, str) else (entry["action"], entry.get("rule"))
            problem = state.malformed(self.cards.with_names(text))
            if problem is not None:  # a typo would be refused too, and the check would prove nothing
                raise self.script.error(f"step {index}: illegal = {text!r} can never be legal: {problem}",
                                        "step", index, "illegal", value=text,
                                        hint="list an action that exists but must be refused here "
                                             "(deckkit games --actions)")
            before = state.snapshot()
            try:
                state.apply(self.cards.with_names(text))
            except IllegalAction as exc:
                if rule and exc.rule != rule:
                    self.fail(index, f"step {index}: {text!r} was refused for another reason: {exc.message}",
                              "illegal", value=text, expected=rule, actual=exc.rule)
                if state.snapshot() != before:
                    self.fail(index, f"step {index}: refusing {text!r} changed the state", "illegal", value=text)
                if self.trace:
                    self.result.trace.append(f"  refused as expected: {text} ({exc.message})")
                continue
            self.fail(index, f"step {index}: {text!r} was expected to be illegal but was played", "illegal",
                      value=text, state=state.render())
            return False
        return True

    def _expect(self, index: int, step: dict) -> bool:
        state = self.state
        expect = step.get("expect", {})
        if not expect:
            return True
        pending = state.pending_choice()
        if pending and not step.get("allow_pending", False):
            self.fail(index, f"step {index}: unresolved choice before the expectations: {pending}", "expect",
                      state=state.render(), legal=[str(a) for a in state.legal_actions()])
            return False
        snapshot = state.snapshot()
        for path, want in expect.items():
            got = _lookup(snapshot, path)
            if got is _MISSING:
                raise self.script.error(
                    f"step {index}: expectation on {path!r}, which the state does not have",
                    "step", index, "expect", path,
                    hint="valid paths here: " + ", ".join(_valid_keys(snapshot, path)[:20]))
            if not _same(want, got):
                self.fail(index, f"step {index}: {path}", "expect", path, expected=want, actual=got,
                          state=state.render())
        return True


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


def run_file(path: str | Path, *, trace: bool = False, cards: CardSource | None = None) -> ScriptResult:
    """Load and run one script (cards as :func:`run_script` takes them); bad input becomes a failure of
    the whole script (step None)."""
    try:
        script = load_script(path)
        return run_script(script, trace=trace, cards=cards)
    except ScriptError as exc:
        return ScriptResult(str(path), failures=[Failure(None, str(exc) + (f" (hint: {exc.hint})" if exc.hint else ""),
                                                         line=exc.line)])
