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
- ``[[step]]`` tables run in order; inside a step: ``by`` (who must be to act when it starts), then
  ``do`` (action strings applied in order), ``illegal`` (actions that must be refused — a string or
  ``{action, rule}`` whose refusal must cite ``rule`` — and that must leave the state untouched) and
  ``expect`` (dotted paths into the snapshot; list items by index, ``p1.library.0``; a value to
  equal or a table of operators, :mod:`deckkit.scripts.expect`), **in the order they are written**
  (a ``[step.expect]`` table comes last). An action may name its player: ``p2: cast Blesk`` must be
  p2's to take now (out-of-turn attempts are refused with the game's rule). ``note`` is shown by
  ``--trace``.
- ``[setup] opening = true`` starts before the opening (:mod:`deckkit.scripts.opening`): ``mulligan``
  and ``keep`` are actions until every player has kept. ``[setup] format = "NAME"`` checks the
  players' decks against a format.
- ``refused = {rule = "OB-109"}``: the set-up itself must be refused, citing that rule.
- ``[chance]`` fixes named random events (:mod:`deckkit.scripts.chance`); the report lists every
  random event of the game.

Strict: an illegal action, an unresolved choice when expectations are checked (an instant
waiting for an answer, a forced discard; ``allow_pending = true`` opts out), an expectation on a
path the state does not have, or ``do`` after the game ended all fail, naming the step and showing
the state and the legal actions (``illegal`` after the end is checked: the game is over, and the
refusal cites the rule that ended it). Bad input (TOML syntax, schema, unknown card, setup
contradictions, a player prefix naming no player, an unknown operator) raises
:class:`ScriptError` with ``file:line`` and a hint.

This module runs scripts; :mod:`deckkit.scripts.reader` reads and validates them and
:mod:`deckkit.scripts.report` renders reports and starting scripts (both re-exported here).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckkit.errors import DeckkitError, IllegalAction
from deckkit.scripts.chance import ChanceError
from deckkit.scripts.expect import ExpectError, check
from deckkit.scripts.opening import OPENING_KINDS, Opening
from deckkit.scripts.reader import (
    SUFFIX, Locator, Script, ScriptError, find_scripts, load_script, parse_script,
)
from deckkit.scripts.cards import CardSource, ScriptCards, check_names, script_cards
from deckkit.scripts.report import TEMPLATE, format_result, template
from deckkit.scripts.start import make_game, start
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
    chance: list[dict] = field(default_factory=list)  # the random events of the game, in order

    @property
    def passed(self) -> bool:
        """Whether every check of the script held."""
        return not self.failures

    def as_json(self) -> dict:
        """The script's entry of the ``script run -o json`` report."""
        return {"file": self.file, "title": self.title, "rules": self.rules, "passed": self.passed,
                "steps": self.steps, "failures": [f.as_json() for f in self.failures], "chance": self.chance}


# -- running -------------------------------------------------------------------------------------

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


def run_script(script: Script, *, trace: bool = False, cards: CardSource | None = None) -> ScriptResult:
    """Run a parsed script over the cards of ``cards`` (default: the catalogue at ``$DECKKIT_DB`` or
    the default place) and its inline cards; failures are collected, bad input raises ScriptError."""
    data = script.data
    result = ScriptResult(script.path, data.get("title", ""), list(data.get("rules", [])))
    refused = data.get("refused")
    pool = _cards(script, cards if cards is not None else CardSource())
    try:
        state, rng = start(script, pool, data.get("chance"))
    except ChanceError as exc:
        raise script.error(exc.message, "chance", exc.event, hint=exc.hint) from None
    except ScriptError as exc:
        if refused is None:
            raise
        _check_refusal(script, result, refused, exc)
        return result
    if refused is not None:
        result.failures.append(Failure(None, f"the set-up was expected to be refused ({refused.get('rule')}) "
                                             "but the game started", line=script.line("refused"),
                                       state=state.render()))
        return result
    run = _Run(script, result, state, rng, trace, pool)
    ended_at: int | None = None
    try:
        for index, step in enumerate(data.get("step", []), start=1):
            result.steps = index
            if not run.step(index, step, ended_at):
                break
            if run.state.is_terminal() and ended_at is None:
                ended_at = index
    except ChanceError as exc:
        raise script.error(exc.message, "chance", exc.event, hint=exc.hint) from None
    result.chance = [e.as_json() for e in rng_events(run.rng)]
    for name in run.rng.unused() if not result.failures else []:
        result.failures.append(Failure(None, f"chance: {name!r} was fixed but that random event never happened "
                                             "(or not that many times)", line=script.line("chance", name)))
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


def rng_events(rng: Any) -> list:
    """The random events a script's generator recorded (none for a plain generator)."""
    return list(getattr(rng, "events", []))


def _check_refusal(script: Script, result: ScriptResult, refused: dict, exc: ScriptError) -> None:
    """``refused = {rule, message}``: the set-up must be refused citing ``rule`` (and saying ``message``)."""
    want, text = refused.get("rule"), refused.get("message")
    if want and exc.rule != want:
        result.failures.append(Failure(None, f"the set-up was refused, but not by {want}: {exc.message}",
                                       expected=want, actual=exc.rule, line=script.line("refused", "rule")))
    elif text and fold(text) not in fold(exc.message):
        result.failures.append(Failure(None, f"the set-up was refused with another message: {exc.message}",
                                       expected=text, actual=exc.message, line=script.line("refused", "message")))
    else:
        result.trace.append(f"set-up refused as expected: {exc.message} ({exc.rule})")


_ACTOR = re.compile(r"^\s*([A-Za-z][A-Za-z0-9]*)\s*:\s*(.*)$", re.S)


def split_actor(text: str) -> tuple[str, str] | None:
    """``(prefix, action)`` of an entry written ``pN: action`` (None: no prefix), as scripts and saved games
    write them."""
    match = _ACTOR.match(text)
    return (match[1], match[2].strip()) if match else None


def named_player(said: str, count: int) -> int | None:
    """The player index a prefix (``p2``) names in a ``count``-player game; None when it names none."""
    m = re.fullmatch(r"[pP](\d+)", said)
    return int(m[1]) - 1 if m and 1 <= int(m[1]) <= count else None


def out_of_turn(state: Any, player: int, text: str) -> tuple[str, str | None] | None:
    """Why ``player`` may not take ``text`` now because another player is to act: (message, rule); None when
    it is theirs to take (or the game is over)."""
    if state.is_terminal() or player == state.current_player():
        return None
    explain = getattr(state, "explain_out_of_turn", None)
    return explain(player, text) if explain else (f"p{state.current_player() + 1} is to act, not p{player + 1}", None)


class _Run:
    """One script being run: its state, its result, and the trace of the game's log."""

    def __init__(self, script: Script, result: ScriptResult, state: Any, rng: Any, trace: bool,
                 cards: ScriptCards) -> None:
        self.script, self.result, self.state, self.rng, self.trace = script, result, state, rng, trace
        self.cards = cards  # actions may name cards by id: the engine's action strings use names
        self.log_seen = 0
        self.opening_ended: int | None = None
        self.flush()

    def flush(self) -> None:
        """Copy the game's new log lines into the trace; leave the opening once every player has kept."""
        if self.trace:
            self.result.trace.extend("    " + line for line in self.state.log[self.log_seen:])
        self.log_seen = len(self.state.log)
        done = getattr(self.state, "done", None)
        if isinstance(self.state, Opening) and done is not None:
            self.rng = self.state.rng
            self.state = done
            self.log_seen = 0
            self.flush()

    def fail(self, index: int, message: str, *where: Any, value: str | None = None, **details: Any) -> None:
        """Record a failure of step ``index`` located at a key path of the step."""
        line = self.script.line("step", index, *where, value=value)
        self.result.failures.append(Failure(index, message, line=line, **details))

    def step(self, index: int, step: dict, ended_at: int | None) -> bool:
        """Run one step: ``by``, then ``do``, ``illegal`` and ``expect`` in the order written."""
        state = self.state
        if self.trace:
            note = step.get("note")
            self.result.trace.append(f"step {index}" + (f": {note}" if note else ""))
        if state.is_terminal() and step.get("do"):
            self.fail(index, f"step {index}: 'do' after the end of the game at step {ended_at} "
                             f"(result {state.snapshot().get('result')}); to pin that nothing more may be done, "
                             "list the action under illegal", "do", state=state.render())
            return False
        who = step.get("by")
        if who and not state.is_terminal() and f"p{state.current_player() + 1}" != who:
            actor = f"p{state.current_player() + 1}"
            self.fail(index, f"step {index} is marked by = {who!r} but {actor} is to act", "by",
                      expected=who, actual=actor, state=state.render(),
                      legal=[str(a) for a in state.legal_actions()])
            return False
        for part in step:  # the order written in the file (TOML keeps it)
            if part == "do":
                actions = step["do"]
                ok = self._do(index, [actions] if isinstance(actions, str) else actions)
            elif part == "illegal":
                ok = self._illegal(index, step["illegal"])
            elif part == "expect":
                ok = self._expect(index, step)
            else:
                continue
            if not ok:
                return False
        return True

    def _actor(self, index: int, part: str, text: str) -> tuple[int | None, str]:
        """``(player index or None, action)`` of an entry, checking a ``pN:`` prefix."""
        parts = split_actor(text)
        if parts is None:
            return None, self.cards.with_names(text)
        said, action = parts[0], self.cards.with_names(parts[1])
        count = self.state.num_players()
        player = named_player(said, count)
        if player is None:
            names = ", ".join(f"p{i + 1}" for i in range(count))
            raise self.script.error(f"step {index}: {text!r}: {said!r} names no player of this "
                                    f"{count}-player game", "step", index, part, value=text,
                                    hint=f"write the player as {names}, e.g. 'p2: {action or 'pass'}'")
        if not action:
            raise self.script.error(f"step {index}: {text!r} names a player but no action", "step", index, part,
                                    value=text, hint=f"write the action after the colon, e.g. '{said}: pass'")
        return player, action

    def _opening_word(self, index: int, part: str, text: str) -> None:
        """A mulligan or keep outside the opening is a mistake in the script, not an illegal action."""
        if isinstance(self.state, Opening) or text.strip().lower() not in OPENING_KINDS:
            return
        if self.state.malformed(text) is None:
            return  # the game itself has such an action
        when = ("the script starts in a set-up position (add opening = true to [setup] to start "
                "before the opening)" if self.opening_ended is None
                else f"the opening ended at step {self.opening_ended}")
        raise self.script.error(f"step {index}: {text!r} is an opening decision, but {when}",
                                "step", index, part, value=text,
                                hint="take mulligan/keep in the steps before the first turn")

    def _refusal(self, player: int | None, text: str) -> tuple[str, str | None, list[str]] | None:
        """Why ``player`` (None: whoever acts) may not take ``text`` now, without changing the state."""
        state = self.state
        refused = None if player is None else out_of_turn(state, player, text)
        if refused is not None:
            return refused[0], refused[1], [str(a) for a in state.legal_actions()]
        return None

    def _do(self, index: int, actions: list[str]) -> bool:
        for entry in actions:
            player, text = self._actor(index, "do", entry)
            self._opening_word(index, "do", text)
            state = self.state
            if state.is_terminal():
                self.fail(index, f"step {index}: {entry!r} comes after the end of the game "
                                 f"(result {state.snapshot().get('result')})", "do", value=entry,
                          state=state.render())
                return False
            refusal = self._refusal(player, text)
            actor = state.current_player() if player is None else player
            if refusal is None:
                try:
                    state.apply(text)
                except IllegalAction as exc:
                    refusal = (exc.message + (f" ({exc.rule})" if exc.rule and exc.rule not in exc.message else ""),
                               exc.rule, list(exc.legal))
            if refusal is not None:
                self.fail(index, f"step {index}: p{actor + 1} cannot {text!r}: {refusal[0]}", "do", value=entry,
                          state=state.render(), legal=refusal[2])
                return False
            if self.trace:
                self.result.trace.append(f"  p{actor + 1}: {text}")
            was_opening = isinstance(state, Opening)
            self.flush()
            if was_opening and not isinstance(self.state, Opening):
                self.opening_ended = index
        return True

    def _illegal(self, index: int, entries: list) -> bool:
        for entry in entries:
            raw, rule = (entry, None) if isinstance(entry, str) else (entry["action"], entry.get("rule"))
            player, text = self._actor(index, "illegal", raw)
            self._opening_word(index, "illegal", text)
            state = self.state
            problem = state.malformed(text)
            if problem is not None:  # a typo would be refused too, and the check would prove nothing
                raise self.script.error(f"step {index}: illegal = {raw!r} can never be legal: {problem}",
                                        "step", index, "illegal", value=raw,
                                        hint="list an action that exists but must be refused here "
                                             "(deckkit games --actions)")
            before = state.snapshot()
            refusal = self._refusal(player, text)
            if refusal is None:
                try:
                    state.apply(text)
                except IllegalAction as exc:
                    refusal = (exc.message, exc.rule, list(exc.legal))
            if refusal is not None:
                message, cited, _legal = refusal
                if rule and cited != rule:
                    self.fail(index, f"step {index}: {raw!r} was refused for another reason: {message}",
                              "illegal", value=raw, expected=rule, actual=cited)
                if state.snapshot() != before:
                    self.fail(index, f"step {index}: refusing {raw!r} changed the state", "illegal", value=raw)
                if self.trace:
                    self.result.trace.append(f"  refused as expected: {raw} ({message})")
                continue
            self.fail(index, f"step {index}: {raw!r} was expected to be illegal but was played", "illegal",
                      value=raw, state=state.render())
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
            try:
                broken = check(path, want, got)
            except ExpectError as exc:
                raise self.script.error(f"step {index}: {exc.message}", "step", index, "expect", path,
                                        hint=exc.hint) from None
            if broken:
                detail = "" if broken == ["differs"] else ": " + "; ".join(broken)
                self.fail(index, f"step {index}: {path}{detail}", "expect", path, expected=want, actual=got,
                          state=state.render())
        return True


def run_file(path: str | Path, *, trace: bool = False, cards: CardSource | None = None) -> ScriptResult:
    """Load and run one script (cards as :func:`run_script` takes them); bad input becomes a failure of
    the whole script (step None)."""
    try:
        script = load_script(path)
        return run_script(script, trace=trace, cards=cards)
    except ScriptError as exc:
        return ScriptResult(str(path), failures=[Failure(None, str(exc) + (f" (hint: {exc.hint})" if exc.hint else ""),
                                                         line=exc.line)])
