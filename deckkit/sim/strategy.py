"""Strategies as data: a TOML file of rules "when CONDITION, do ACTION" that pilots a goldfish deck.

Conditions are read over the game's :meth:`State.snapshot` (so they work for every game that has
one); actions are patterns over the game's canonical action strings, matched against the legal
actions of each decision. A loaded strategy is plain data (picklable), compiled once per worker.
"""

from __future__ import annotations

import json
import operator
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from deckkit.errors import DataError, ValidationFailed
from deckkit.text import fold

# The action kinds of each game (canonical strings, see the games' package docstrings); a pattern
# whose kind is not here is refused when the strategy loads, with the list as hint.
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "obludarium": ("play", "cast", "use", "attack", "block", "discard", "pass"),
    "alomfogo": ("play", "cycle", "draw", "no draw", "challenge with", "defend with", "no defence", "helper",
                 "no helper", "assist", "cast", "counter", "no counter", "pass"),
}
_OPS = {">=": operator.ge, "<=": operator.le, "!=": operator.ne, "==": operator.eq, "=": operator.eq,
        ">": operator.gt, "<": operator.lt}
_SORT = {"dearest": ("cost", True), "cheapest": ("cost", False), "strongest": ("attack", True),
         "weakest": ("attack", False)}


class StrategyError(ValidationFailed):
    """A strategy file that cannot be used; ``problems`` lists every finding (exit 1)."""


@dataclass(frozen=True)
class Strategy:
    """A parsed, validated strategy: plain data that crosses process boundaries."""

    game: str
    name: str
    keep: str | None
    rules: tuple[tuple[str | None, str, str], ...]  # (when, do, prefer)
    path: str = ""


def _schema_validator():
    from jsonschema import Draft202012Validator

    from deckkit.paths import schemas_dir

    schema = json.loads((schemas_dir() / "strategy.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def _line_of(text: str, rule_index: int | None) -> str:
    # TOML parsers keep no positions; point at the n-th [[rules]] header instead.
    if rule_index is None:
        return ""
    headers = [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == "[[rules]]"]
    return f":{headers[rule_index]}" if rule_index < len(headers) else ""


def load_strategy(path: str | Path) -> Strategy:
    """Read, validate (schema, conditions, action kinds) and return a strategy file."""
    from deckkit.games import resolve_game

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read strategy: {getattr(exc, 'strerror', None) or exc}", path=str(path),
                        hint="give the path of a .toml strategy file (see data/strategies/)") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"TOML syntax error: {exc}", path=str(path), hint="check quotes and [[rules]] headers") from None
    problems = []
    for error in sorted(_schema_validator().iter_errors(data), key=lambda e: list(e.absolute_path)):
        where = list(error.absolute_path)
        index = where[1] if len(where) > 1 and where[0] == "rules" and isinstance(where[1], int) else None
        field = ".".join(str(p) for p in where) or "(top level)"
        problems.append(f"{path}{_line_of(text, index)} {field}: {error.message}")
    if problems:
        raise StrategyError(f"{len(problems)} problem(s) in the strategy", problems, path=str(path),
                            hint="see schemas/strategy.schema.json; copy a file of data/strategies/ to start")
    game = resolve_game(data["game"])
    rules = tuple((r.get("when"), r["do"], r.get("prefer", "first")) for r in data["rules"])
    kinds = ACTION_KINDS[game]
    for i, (when, do, _) in enumerate(rules):
        where = f"{path}{_line_of(text, i)} rules.{i}"
        if _kind_of(do, kinds) is None:
            problems.append(f"{where}.do: {do!r} starts with no {game} action (actions: {', '.join(kinds)})")
        else:
            try:
                _compile_action(do, kinds)
            except DataError as exc:
                problems.append(f"{where}.do: {exc.message}")
        if when:
            try:
                compile_when(when)
            except DataError as exc:
                problems.append(f"{where}.when: {exc.message}")
    keep = (data.get("mulligan") or {}).get("keep")
    if keep:
        from deckkit.hands.conditions import compile_condition

        try:
            compile_condition(keep)
        except DataError as exc:
            problems.append(f"{path} mulligan.keep: {exc.message}")
        except Exception as exc:  # a UsageError from the condition compiler
            problems.append(f"{path} mulligan.keep: {exc}")
    if problems:
        raise StrategyError(f"{len(problems)} problem(s) in the strategy", problems, path=str(path),
                            hint="conditions are count(QUERY) / value(PATH) comparisons; actions start with an action kind")
    return Strategy(game, data.get("name") or path.stem, keep, rules, str(path))


# -- conditions ------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<num>-?\d+)|(?P<str>\"[^\"]*\")|(?P<op>>=|<=|!=|==|=|>|<)|(?P<par>[()])|(?P<word>[A-Za-z_]+)(?P<call>\()?)")


def _closing(text: str, start: int) -> int:
    """Index of the parenthesis closing the one before ``start`` (quotes respected)."""
    depth, quote = 1, False
    for i in range(start, len(text)):
        ch = text[i]
        if ch == '"':
            quote = not quote
        elif not quote and ch == "(":
            depth += 1
        elif not quote and ch == ")":
            depth -= 1
            if depth == 0:
                return i
    raise DataError(f"unclosed parenthesis in {text!r}", hint="add a ')'")


def _count_term(query: str) -> Callable[[dict, Callable], int]:
    from deckkit.query import compile_predicate

    zone, side = "hand", 0
    words = []
    for word in query.split():
        low = fold(word)
        if low.startswith("in:"):
            zone = low[3:]
        elif low in ("of:opponent", "of:p2"):
            side = 1
        elif low in ("of:me", "of:p1"):
            side = 0
        else:
            words.append(word)
    rest = " ".join(words)
    try:
        pred = compile_predicate(rest) if rest else (lambda card: True)
    except Exception as exc:
        raise DataError(f"bad query {rest!r}: {exc}", hint="queries use the search language, e.g. t:food cost<=2") from None

    def count(snapshot: dict, card_of: Callable[[str], dict | None]) -> int:
        player = snapshot.get(("p1", "p2")[side]) or {}
        names = player.get(zone)
        if not isinstance(names, list):
            raise DataError(f"no zone {zone!r} in the game's state",
                            hint="zones: " + ", ".join(k for k, v in player.items() if isinstance(v, list)))
        total = 0
        for name in names:
            card = card_of(name)
            total += card is not None and pred(card)
        return total

    return count


def _value_term(path: str) -> Callable[[dict, Callable], int]:
    keys = [k.strip() for k in path.split(".") if k.strip()]
    if not keys:
        raise DataError("value() needs a path, e.g. value(p2.life)")

    def value(snapshot: dict, card_of: Callable) -> int:
        node: Any = snapshot
        for key in keys:
            if not isinstance(node, dict) or key not in node:
                raise DataError(f"value({path}): no {key!r} in the game's state",
                                hint="paths follow the snapshot, e.g. p1.life, p2.glory, p1.vp")
            node = node[key]
        if isinstance(node, list):
            return len(node)
        return fold(node) if isinstance(node, str) else (0 if node is None else int(node))

    return value


def compile_when(text: str) -> Callable[[dict, Callable], bool]:
    """A condition ``(snapshot, card_of) -> bool`` from its text; DataError naming the problem."""
    pos = 0

    def peek() -> re.Match | None:
        return _TOKEN.match(text, pos) if text[pos:].strip() else None

    def take() -> re.Match:
        nonlocal pos
        m = peek()
        if m is None and text[pos:].strip():
            raise DataError(f"unexpected {text[pos:].strip()!r} at column {pos + 1} of {text!r}")
        if m is None:
            raise DataError(f"condition {text!r} ends too early", hint="e.g. count(t:food in:hand) >= 1")
        pos = m.end()
        return m

    def operand():
        nonlocal pos
        m = take()
        if m.group("num"):
            n = int(m.group("num"))
            return lambda s, c: n
        if m.group("str"):  # compared with text values of the snapshot, e.g. value(phase) = "attack"
            word = fold(m.group("str")[1:-1])
            return lambda s, c: word
        if m.group("word") and m.group("call"):
            end = _closing(text, pos)
            inner, pos = text[pos:end], end + 1
            if fold(m.group("word")) == "count":
                return _count_term(inner)
            if fold(m.group("word")) == "value":
                return _value_term(inner)
        raise DataError(f"expected count(…), value(…), a number or \"text\" at column {m.start() + 1} of {text!r}")

    def comparison():
        left = operand()
        m = take()
        if not m.group("op"):
            raise DataError(f"expected a comparison (>=, <=, =, !=, >, <) at column {m.start() + 1} of {text!r}")
        op, right = _OPS[m.group("op")], operand()

        def compare(s: dict, c: Callable) -> bool:
            a, b = left(s, c), right(s, c)
            if isinstance(a, str) != isinstance(b, str):  # text against number: only = / != make sense
                return op is operator.ne
            return op(a, b)

        return compare

    def factor():
        nonlocal pos
        m = peek()
        if m and m.group("word") and not m.group("call") and fold(m.group("word")) == "not":
            pos = m.end()
            inner = factor()
            return lambda s, c: not inner(s, c)
        if m and m.group("par") == "(":
            pos = m.end()
            inner = expr()
            close = take()
            if close.group("par") != ")":
                raise DataError(f"expected ')' at column {close.start() + 1} of {text!r}")
            return inner
        return comparison()

    def joined(word: str, sub, combine):
        def parse():
            nonlocal pos
            parts = [sub()]
            while True:
                m = peek()
                if not (m and m.group("word") and not m.group("call") and fold(m.group("word")) == word):
                    break
                pos = m.end()
                parts.append(sub())
            return parts[0] if len(parts) == 1 else combine(parts)
        return parse

    term = joined("and", factor, lambda ps: lambda s, c: all(p(s, c) for p in ps))
    expr = joined("or", term, lambda ps: lambda s, c: any(p(s, c) for p in ps))
    result = expr()
    if text[pos:].strip():
        raise DataError(f"unexpected {text[pos:].strip()!r} at column {pos + 1} of {text!r}",
                        hint="join comparisons with and / or")
    return result


# -- actions -------------------------------------------------------------------------------------------

def _kind_of(pattern: str, kinds) -> str | None:
    low = fold(pattern).strip()
    for kind in sorted(kinds, key=len, reverse=True):  # "no draw" before "draw"
        if low == kind or low.startswith(kind + " "):
            return kind
    return None


def _compile_action(pattern: str, kinds) -> tuple[str, Callable[[dict], bool] | None]:
    from deckkit.query import compile_predicate

    kind = _kind_of(pattern, kinds)
    rest = pattern.strip()[len(kind):].strip()
    if fold(rest) == "all":  # "attack with all" reads well; every matching action is all
        rest = ""
    if fold(rest).startswith("with all"):
        rest = rest[8:].strip()
    try:
        return kind, (compile_predicate(rest) if rest else None)
    except Exception as exc:
        raise DataError(f"bad query {rest!r} in {pattern!r}: {exc}",
                        hint="after the action kind comes a search query, e.g. play t:monster cost<=3") from None


_LABEL = re.compile(r"^(.*?)(?:#\d+)?(?: \(.*\))?$")


class Pilot:
    """A strategy bound to a game: ``pilot(state) -> Action`` for the goldfish loop."""

    def __init__(self, strategy: Strategy, game: Any) -> None:
        kinds = ACTION_KINDS[strategy.game]
        self.rules = [(compile_when(w) if w else None, *_compile_action(d, kinds), p) for w, d, p in strategy.rules]
        self._cards: dict[str, dict | None] = {}
        self._state: Any = None
        self._decisions = 0
        self._by_name = {fold(c["name"]): c for c in game.cards.values()}

    def card_of(self, label: str) -> dict | None:
        """The card dict of a zone entry or action argument (``Glum#2 (tapped)`` → Glum)."""
        card = self._cards.get(label, False)
        if card is False:
            card = self._cards[label] = self._by_name.get(fold(_LABEL.match(label).group(1)))
        return card

    MAX_DECISIONS = 20_000  # per game; far beyond any real game, so only a looping rule hits it

    def __call__(self, state: Any) -> Any:
        if state is not self._state:
            self._state, self._decisions = state, 0
        self._decisions += 1
        if self._decisions > self.MAX_DECISIONS:
            raise DataError(f"the strategy made {self.MAX_DECISIONS:,} decisions in one game",
                            hint="a rule probably repeats an action that changes nothing; add a `when` to it")
        legal = state.legal_actions()
        snapshot = None
        for when, kind, pred, prefer in self.rules:
            matches = [a for a in legal if a.kind == kind and (pred is None or self._fits(a, pred))]
            if not matches:
                continue
            if when is not None:
                snapshot = snapshot or state.snapshot()
                if not when(snapshot, self.card_of):
                    continue
            if prefer in _SORT and len(matches) > 1:
                field, high = _SORT[prefer]
                matches.sort(key=lambda a: (self._field(a, field) * (-1 if high else 1)))
            return matches[0]
        return next((a for a in legal if a.kind == "pass"), legal[0])

    def _fits(self, action: Any, pred: Callable[[dict], bool]) -> bool:
        card = self.card_of(action.args[0]) if action.args else None
        return card is not None and bool(pred(card))

    def _field(self, action: Any, field: str) -> float:
        card = self.card_of(action.args[0]) if action.args else None
        value = card.get(field) if card else None
        return value if isinstance(value, (int, float)) else 0
