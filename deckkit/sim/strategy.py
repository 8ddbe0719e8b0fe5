"""Strategies as data: a TOML file of rules "when CONDITION, do ACTION" that pilots a goldfish deck.

Conditions (:mod:`deckkit.sim.conditions`) are read over the game's :meth:`State.snapshot`, so
they work for every game; actions are patterns over the game's canonical action strings, matched against the legal
actions of each decision. A loaded strategy is plain data (picklable), compiled once per worker.

A ``prefer = "max EXPR"`` rule looks one step ahead: it applies each candidate action to a copy of
the state and takes the one whose snapshot gives EXPR (e.g. ``value(p1.score)``) its highest value.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple
from collections.abc import Callable

from deckkit.errors import DataError, ValidationFailed
from deckkit.sim.conditions import compile_value, compile_when
from deckkit.text import fold



def action_kinds(game: str) -> tuple[str, ...]:
    """The action kinds of a game (canonical strings, from its registry spec); a pattern whose kind is
    not one of them is refused when the strategy loads, with the list as hint."""
    from deckkit.engine.registry import spec

    return spec(game).action_kinds


# The named preferences: a card field and whether its highest value comes first. Several, joined by
# commas ("dearest, strongest"), break ties left to right; remaining ties keep the game's order.
_SORT = {"dearest": ("cost", True), "cheapest": ("cost", False), "strongest": ("attack", True),
         "weakest": ("attack", False), "glorious": ("glory", True), "highest": ("number", True),
         "lowest": ("number", False)}


_Keys = tuple[tuple[str, bool], ...]  # card fields, each with whether its highest value comes first
#: An action pattern compiled: (action kind, predicate over the action's card or None, filters).
_Pattern = tuple[str, Callable[[dict], bool] | None, tuple[tuple[str, str], ...]]


class _LookAhead(NamedTuple):
    """``prefer = "max EXPR"``: the value looked at one step ahead, and the kinds played through."""

    direction: str  # "max" or "min"
    value: Callable[[dict, Callable], float]
    through: frozenset[str]


def _named(prefer: str) -> _Keys | None:
    """The sort keys of ``"dearest, strongest"``; None when a name is not a preference."""
    names = [fold(n.strip()) for n in prefer.split(",")]
    return tuple(_SORT[n] for n in names) if all(n in _SORT for n in names) else None
_LOOKAHEAD = re.compile(r"^\s*(max|min)\s+(.+)$", re.S)


class StrategyError(ValidationFailed):
    """A strategy file that cannot be used; ``problems`` lists every finding (exit 1)."""


@dataclass(frozen=True)
class Strategy:
    """A parsed, validated strategy: plain data that crosses process boundaries."""

    game: str
    name: str
    keep: str | None
    rules: tuple[tuple[str | None, str, str, str | None], ...]  # (when, do, prefer, through)
    path: str = ""


def _schema_validator():
    from jsonschema import Draft202012Validator

    from deckkit.schemas import file_schema

    return Draft202012Validator(file_schema("strategy.schema.json"))


def _line_of(text: str, rule_index: int | None) -> str:
    # TOML parsers keep no positions; point at the n-th [[rules]] header instead.
    if rule_index is None:
        return ""
    headers = [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == "[[rules]]"]
    return f":{headers[rule_index]}" if rule_index < len(headers) else ""


def load_strategy(path: str | Path) -> Strategy:
    """Read, validate (schema, conditions, action kinds) and return a strategy file."""
    from deckkit.engine.registry import resolve as resolve_game

    path = Path(path)
    text, data = _read_toml(path)
    problems = _schema_problems(path, text, data)
    if problems:
        raise StrategyError(f"{len(problems)} problem(s) in the strategy", problems, path=str(path),
                            hint="see schemas/strategy.schema.json; copy a bundled strategy to start (deckkit bundled --kind strategy)")
    game = resolve_game(data["game"])
    rules = tuple((r.get("when"), r["do"], r.get("prefer", "first"), r.get("through")) for r in data["rules"])
    kinds = action_kinds(game)
    for i, rule in enumerate(rules):
        problems += _rule_problems(f"{path}{_line_of(text, i)} rules.{i}", rule, game, kinds)
    keep = (data.get("mulligan") or {}).get("keep")
    if keep:
        problems += _keep_problems(path, keep)
    if problems:
        raise StrategyError(f"{len(problems)} problem(s) in the strategy", problems, path=str(path),
                            hint="conditions are count(QUERY) / value(PATH) comparisons; actions start with an action kind")
    return Strategy(game, data.get("name") or path.stem, keep, rules, str(path))


def _read_toml(path: Path) -> tuple[str, dict[str, Any]]:
    """The strategy file's text and its TOML; DataError for a file that cannot be read or parsed."""
    from deckkit.fileio import FileReadError, loads_toml, read_text

    try:
        text = read_text(path, what="strategy file")  # regular files only, size-limited
    except FileReadError as exc:
        raise DataError(exc.message, path=str(path),
                        hint="give a .toml strategy file or a bundled strategy's name (deckkit bundled --kind strategy)") from None
    try:
        data = loads_toml(text)  # deep nesting and huge numbers are TOMLDecodeErrors too
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"TOML syntax error: {exc}", path=str(path), hint="check quotes and [[rules]] headers") from None
    return text, data


def _schema_problems(path: Path, text: str, data: dict[str, Any]) -> list[str]:
    """The strategy schema's findings, in file order, each with the line of its rule."""
    problems = []
    for error in sorted(_schema_validator().iter_errors(data), key=lambda e: list(e.absolute_path)):
        where = list(error.absolute_path)
        index = where[1] if len(where) > 1 and where[0] == "rules" and isinstance(where[1], int) else None
        field = ".".join(str(p) for p in where) or "(top level)"
        problems.append(f"{path}{_line_of(text, index)} {field}: {error.message}")
    return problems


def _rule_problems(rule_at: str, rule: tuple[Any, ...], game: str, kinds: tuple[str, ...]) -> list[str]:
    """What is wrong with one rule: its through kinds, its actions, its prefer expression and its condition."""
    when, do, prefer, through = rule
    problems = []
    for kind in _alternatives(through or ""):
        if through and fold(kind) not in kinds:
            problems.append(f"{rule_at}.through: {kind!r} is no {game} action kind (actions: {', '.join(kinds)})")
    for alternative in _alternatives(do):
        if _kind_of(alternative, kinds) is None:
            problems.append(f"{rule_at}.do: {alternative!r} starts with no {game} action (actions: {', '.join(kinds)})")
        else:
            try:
                _compile_action(alternative, kinds)
            except DataError as exc:
                problems.append(f"{rule_at}.do: {exc.message}")
    if prefer != "first" and _named(prefer) is None:
        look = _LOOKAHEAD.match(prefer)
        try:
            compile_value(look.group(2) if look else "")
        except DataError as exc:
            problems.append(f"{rule_at}.prefer: {exc.message}")
    if when:
        try:
            compile_when(when)
        except DataError as exc:
            problems.append(f"{rule_at}.when: {exc.message}")
    return problems


def _keep_problems(path: Path, keep: str) -> list[str]:
    """The mulligan keep rule's problem, if it does not compile."""
    from deckkit.hands.conditions import compile_condition

    try:
        compile_condition(keep)
    except DataError as exc:
        return [f"{path} mulligan.keep: {exc.message}"]
    except Exception as exc:  # a UsageError from the condition compiler
        return [f"{path} mulligan.keep: {exc}"]
    return []


# -- actions -------------------------------------------------------------------------------------------

def _alternatives(do: str) -> list[str]:
    """The action patterns of a ``do``: ``"cast effect:hit | cast t:spell on:attacking"`` is two."""
    return [part.strip() for part in do.split("|") if part.strip()] or [do]


# Words of an action pattern that look at the action or the card's abilities rather than the card's
# fields: the search language does not know them.
_FILTERS = ("on:", "with:", "effect:", "stat:")

def _kind_of(pattern: str, kinds) -> str | None:
    low = fold(pattern).strip()
    for kind in sorted(kinds, key=len, reverse=True):  # "no draw" before "draw"
        if low == kind or low.startswith(kind + " "):
            return kind
    return None


def _compile_action(pattern: str, kinds) -> _Pattern:
    """(action kind, predicate over the action's card or None, filters such as ("on", "attacking"))."""
    from deckkit.query import compile_predicate

    kind = _kind_of(pattern, kinds)
    if kind is None:  # the loader refuses such a pattern before compiling it
        raise DataError(f"{pattern!r} starts with no action (actions: {', '.join(kinds)})")
    rest = pattern.strip()[len(kind):].strip()
    if fold(rest) == "all":  # "attack with all" reads well; every matching action is all
        rest = ""
    if fold(rest).startswith("with all"):
        rest = rest[8:].strip()
    filters, words = [], []
    for word in rest.split():
        prefix = next((f for f in _FILTERS if fold(word).startswith(f)), None)
        if prefix and len(word) > len(prefix):
            filters.append((prefix[:-1], fold(word[len(prefix):])))
        else:
            words.append(word)
    rest = " ".join(words)
    try:
        return kind, (compile_predicate(rest) if rest else None), tuple(filters)
    except Exception as exc:
        raise DataError(f"bad query {rest!r} in {pattern!r}: {exc}",
                        hint="after the action kind comes a search query, e.g. play t:monster cost<=3") from None


_LABEL = re.compile(r"^(.*?)(?:#\d+)?(?: \(.*\))?$")


class Pilot:
    """A strategy bound to a game: ``pilot(state, rng) -> Action`` for the goldfish loop (it draws nothing).

    ``snapshot(state)`` is what the rules' conditions and look-aheads read (the state's own
    snapshot by default); a match gives the deciding player's view with its seat named ``p1``.
    """

    def __init__(self, strategy: Strategy, game: Any, snapshot: Callable[[Any], dict] | None = None) -> None:
        kinds = action_kinds(strategy.game)
        self.path = strategy.path or None
        self.rules: list[tuple[Callable[[dict, Callable], bool] | None, list[_Pattern], _LookAhead | _Keys | None]] = []
        for when, do, prefer, through in strategy.rules:
            look = _LOOKAHEAD.match(prefer)
            settle = frozenset(fold(k) for k in _alternatives(through)) if through else frozenset()
            order = _LookAhead(look.group(1), compile_value(look.group(2)), settle) if look else _named(prefer)
            self.rules.append((compile_when(when) if when else None,
                               [_compile_action(d, kinds) for d in _alternatives(do)], order))
        self._cards: dict[str, dict | None] = {}
        self._state: Any = None
        self._decisions = 0
        self._by_name = {fold(c["name"]): c for c in game.cards.values()}
        self._snapshot: Callable[[Any], dict] = snapshot or (lambda state: state.snapshot())

    def card_of(self, label: str) -> dict | None:
        """The card dict of a zone entry or action argument (``Glum#2 (tapped)`` → Glum)."""
        card = self._cards.get(label)
        if card is None and label not in self._cards:
            named = _LABEL.match(label)
            assert named is not None  # every one-line label matches
            card = self._cards[label] = self._by_name.get(fold(named.group(1)))
        return card

    MAX_DECISIONS = 20_000  # per game; far beyond any real game, so only a looping rule hits it

    def __call__(self, state: Any, rng: Any = None) -> Any:
        if state is not self._state:
            self._state, self._decisions = state, 0
        self._decisions += 1
        if self._decisions > self.MAX_DECISIONS:
            raise DataError(f"the strategy made {self.MAX_DECISIONS:,} decisions in one game",
                            hint="a rule probably repeats an action that changes nothing; add a `when` to it")
        return self._decide(state, 0)

    def _decide(self, state: Any, depth: int) -> Any:
        legal = state.legal_actions()
        snap: list[dict] = []  # computed once, on first need

        def snapshot() -> dict:
            if not snap:
                snap.append(self._snapshot(state))
            return snap[0]

        for i, (when, patterns, prefer) in enumerate(self.rules):
            try:
                # Matches keep the game's order; the alternative a match came from breaks value ties.
                matches = [(a, k) for a in legal for k, (kind, pred, filters) in enumerate(patterns)
                           if a.kind == kind and self._fits(a, pred, filters, snapshot)]
                if not matches:
                    continue
                if when is not None and not when(snapshot(), self.card_of):
                    continue
                if len(matches) > 1:
                    if isinstance(prefer, _LookAhead):
                        matches = self._look_ahead(state, matches, *prefer, depth)
                    elif prefer:  # card fields, e.g. (("cost", True), ("attack", True))
                        matches.sort(key=lambda m: tuple(-self._field(m[0], f) if high else self._field(m[0], f)
                                                         for f, high in prefer))
            except DataError as exc:
                if exc.path:  # already placed by a nested decision
                    raise
                raise DataError(f"rules.{i}: {exc.message}", path=self.path, hint=exc.hint) from None
            return matches[0][0]
        return next((a for a in legal if a.kind == "pass"), legal[0])

    LOOK_STEPS = 4  # most follow-up decisions played out after a candidate

    def _look_ahead(self, state: Any, matches: list, direction: str, value: Callable, through: frozenset,
                    depth: int) -> list:
        """Matches sorted by ``value`` after each (best first; ties: alternative, then game order).

        When a candidate leads to a decision of the same player among the kinds ``through`` (a Kotlík
        take that ends the game leads to keep or discard it), this strategy makes that decision too
        before the candidate is judged, so it is judged by where it leads.
        """
        me = state.current_player()
        scored = []
        for n, (action, k) in enumerate(matches):
            after = state.clone()  # the game's own copy: card facts shared, zones and counters copied
            after.logging = False
            after.apply_unchecked(action)
            for _ in range(self.LOOK_STEPS if through and depth == 0 else 0):
                if after.is_terminal() or after.current_player() != me or \
                        not all(a.kind in through for a in after.legal_actions()):
                    break
                after.apply_unchecked(self._decide(after, depth + 1))
            v = value(self._snapshot(after), self.card_of)
            scored.append((-v if direction == "max" else v, k, n, action))
        scored.sort(key=lambda t: t[:3])
        return [(t[3], t[1]) for t in scored]

    def _fits(self, action: Any, pred: Callable[[dict], bool] | None, filters: tuple, snapshot: Callable) -> bool:
        if pred is None and not filters:
            return True
        card = self.card_of(action.args[0]) if action.args else None
        if pred is not None and (card is None or not pred(card)):
            return False
        for key, wanted in filters:
            if key == "on":
                if not self._target_is(action, wanted, snapshot()):
                    return False
            elif key == "with":  # "play X with Y": paid through Y (with:* for any)
                args = action.args
                paid = fold(args[args.index("with") + 1]) if "with" in args[:-1] else None
                if paid is None or (wanted != "*" and not paid.startswith(wanted)):
                    return False
            elif not any(self._ability_has(ab, key, wanted) for ab in (card or {}).get("abilities") or ()):
                return False
        return True

    @staticmethod
    def _ability_has(ability: dict, key: str, wanted: str) -> bool:
        if key == "effect":  # the flat form, or any step, trigger or continuous effect of the language
            from deckkit.engine.abilities import ability_words

            return wanted in (fold(w) for w in ability_words([ability]))
        steps = [ability, *(s for s in ability.get("do") or () if isinstance(s, dict))] \
            if isinstance(ability.get("do") or [], list) else [ability]
        if key == "stat":  # "both" raises attack and defence alike
            return any(s.get("stat") in (wanted, "both") for s in steps)
        return any(fold(str(s.get(key, ""))) == wanted for s in steps)

    @staticmethod
    def _target_is(action: Any, wanted: str, snapshot: dict) -> bool:
        """Whether the action's target (the argument after ``on``) shows ``wanted`` among its states."""
        args = action.args
        if "on" not in args[:-1]:
            return False
        target = args[args.index("on") + 1]
        for side in ("p1", "p2"):
            for entry in (snapshot.get(side) or {}).get("table") or ():
                label, _, states = entry.partition(" (")
                if label == target:
                    return wanted in [fold(x.strip()) for x in states.rstrip(")").split(",")]
        return False

    def _field(self, action: Any, field: str) -> float:
        card = self.card_of(action.args[0]) if action.args else None
        value = card.get(field) if card else None
        return value if isinstance(value, (int, float)) else 0
