"""The card search language (CLI.md): parse a query into an AST, or evaluate it on card dicts.

Small public API, used by the catalogue (AST -> SQL), by the hand/odds conditions
(``count(QUERY) OP N``) and by strategies:

- :func:`parse` (``str -> Node``) raises :class:`QuerySyntaxError` pointing at the offending column;
- :func:`compile_predicate` (``str | Node -> Callable[[dict], bool]``) tests one card dict.

Grammar (Scryfall-like; ``or`` binds looser than the implicit ``and`` of juxtaposed terms)::

    query  := or_expr
    or_expr:= and_expr ("or" and_expr)*
    and_expr := unary (["and"] unary)*
    unary  := "-" unary | "(" or_expr ")" | term
    term   := WORD | "quoted phrase" | "!" (WORD | "phrase") | FIELD OP VALUE
                                        (VALUE: word, "phrase", /regex/, or a number field's name)

Semantics (the same in Python here and in the catalogue's SQL):

- a bare word or phrase is a folded substring of the name (``ejlepo`` finds *Éjlépő Kajtár*);
- ``!word`` / ``!"phrase"`` is the whole folded name (``!"ejlepo kajtar"``), not a part of it
  (the AST says ``Term("name", "==", …)``; ``==`` cannot be typed);
- ``name:`` the same; ``name:/re/`` and ``o:/re/`` are case-insensitive regular expressions
  (Python ``re.search``) on the real name / rules text;
- ``o:``/``text:`` matches words of the folded rules text; the last word, if 3+ letters, may be a
  prefix (``o:draw`` matches *draws*; ``o:"draw a card"`` needs those words in a row);
- ``game:`` takes names or aliases; ``t:``, ``r:``, ``label:`` take known values only;
  ``set:``, ``id:``, ``ingredient:`` compare folded values for equality;
- ``sub:`` is one of the card's subtypes; ``kw:``/``group:`` one of its groups (Obludárium)
  or symbols (Kotlík);
- ``cost atk def number glory`` compare whole numbers with ``= != < <= > >=`` (``:`` is ``=``);
  a card without the field never matches a comparison (and so matches its negation);
- the right side of such a comparison may be another of those fields (``atk>def``; the value is a
  :class:`FieldRef`): a card lacking either field never matches;
- ``is:`` names a card property from :func:`is_values` (``is:glorious``, ``is:invented`` …).
"""

from __future__ import annotations

import difflib
import operator
import re
from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Callable

from deckkit.errors import PositionedUsageError, UsageError
from deckkit.text import fold, index_words

__all__ = [
    "QuerySyntaxError", "Term", "FieldRef", "Not", "And", "Or", "Node", "FIELDS", "is_values", "parse",
    "compile_predicate", "text_tokens",
]


class QuerySyntaxError(PositionedUsageError):
    """A malformed query; ``text`` (alias ``query``) and 0-based ``position`` locate the offending spot (exit 2)."""

    @property
    def query(self) -> str:
        """The query text (the same as ``text``)."""
        return self.text

    def shifted(self, text: str, offset: int) -> QuerySyntaxError:
        """The same error re-pointed into a larger ``text`` where the query starts at ``offset``."""
        return QuerySyntaxError(self.message, text, offset + self.position, hint=self.hint)


# ---------------------------------------------------------------- AST

@dataclass(frozen=True)
class Term:
    """One condition: ``field`` (canonical name), ``op``, ``value`` (str, or int for numbers).

    ``regex`` marks a ``/.../`` value; ``start``/``end`` are the term's span in the query.
    """

    field: str
    op: str
    value: Any
    regex: bool = False
    start: int = 0
    end: int = 0


@dataclass(frozen=True)
class FieldRef:
    """The right side of a field-to-field comparison (``atk>def``): a canonical number field."""

    field: str


@dataclass(frozen=True)
class Not:
    """Negation of a node."""

    node: Node


@dataclass(frozen=True)
class And:
    """All of the nodes."""

    nodes: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    """Any of the nodes."""

    nodes: tuple[Node, ...]


Node = Term | Not | And | Or

# ---------------------------------------------------------------- fields

# kind -> how the field is compared. The card dict key is in _KEYS.
FIELDS: dict[str, str] = {
    "name": "name", "text": "text", "game": "game", "set": "eq", "rarity": "enum", "type": "enum",
    "subtype": "list", "kw": "list", "id": "eq", "ingredient": "eq", "label": "enum",
    "cost": "num", "atk": "num", "def": "num", "number": "num", "glory": "num", "is": "is",
    "effect": "list", "legal": "format", "banned": "format",
}
ALIASES: dict[str, str] = {
    "n": "name", "o": "text", "oracle": "text", "g": "game", "s": "set", "r": "rarity", "t": "type",
    "sub": "subtype", "group": "kw", "keyword": "kw", "attack": "atk", "defense": "def", "defence": "def",
    "color": "label", "colour": "label", "num": "number", "effects": "effect", "f": "legal", "format": "legal",
    "not": "is",  # not:X is -is:X (the lexer turns the comparison round)
}
_KEYS = {"atk": "attack", "def": "defense", "subtype": "subtypes"}
_ENUMS: dict[str, tuple[str, ...]] = {
    "rarity": ("bronze", "silver", "gold", "green"),
    "label": ("white", "black", "green", "grey", "brown", "blue", "yellow"),
}


def _enum(field: str) -> tuple[str, ...]:
    """The values a field of enum kind takes; card types are every registered game's."""
    if field == "type":
        from deckkit.engine.registry import registered_games

        return tuple(dict.fromkeys(t for g in registered_games() for t in g.card_types))
    return _ENUMS[field]


# is: values -> what they mean (the --help and error hints show these). The catalogue's SQL for
# each lives in deckkit.catalogue.search and a test keeps the two lists equal.
_COMMON_IS: dict[str, str] = {
    "rulebook": "card named in a rulebook (provenance.rules not empty)",
    "invented": "card with placeholder values to replace (provenance.invented not empty)",
}


def is_values() -> dict[str, str]:
    """The ``is:`` values with their meaning: the common ones, then each registered game's own flags."""
    from deckkit.engine.registry import registered_games

    out = dict(_COMMON_IS)
    for game in registered_games():
        for name, flag in game.search_flags.items():
            out.setdefault(name, flag.help or f"{game.title} card with {flag.field}")
    return out


def is_flags(name: str) -> list[tuple[str, Any]]:
    """``(game, SearchFlag)`` for every registered game that owns the ``is:`` value ``name``."""
    from deckkit.engine.registry import registered_games

    return [(g.name, g.search_flags[name]) for g in registered_games() if name in g.search_flags]
_EQ_OPS = (":", "=", "!=")
_NUM_OPS = (":", "=", "!=", "<", "<=", ">", ">=")
_REGEX_FIELDS = ("name", "text")
PREFIX_MIN = 3  # a shorter last word of o: must match a whole word ("o:a" would match almost every card)
_MAX_QUERY = 2000  # a query is typed by a person; refuse megabyte inputs before parsing
MAX_TERMS = _MAX_TERMS = 200  # every term is one or two nodes of SQLite's expression tree
MAX_DEPTH = _MAX_DEPTH = 30  # nesting of ( and -: the parser, the SQL and the predicates all recurse per level

_FIELD_RE = re.compile(r"([^\W\d_][\w]*)(!=|<=|>=|=|<|>|:)")
# A field name followed by operator-like characters that are not an operator of the language.
_BAD_OP_RE = re.compile(r"([^\W\d_][\w]*)([~≤≥≠≈≦≧⩽⩾]+|==|=>|=<|<>|!)")
_OP_RUN_RE = re.compile(r"[:<>=!~≤≥≠]+")
_STOP = set(" \t\r\n()")


def card_key(field: str) -> str:
    """The card-dict key a canonical field reads (``atk`` -> ``attack``)."""
    return _KEYS.get(field, field)


def text_tokens(text: str) -> list[str]:
    """Folded words of a text, as the full-text index sees them (:func:`deckkit.text.index_words`)."""
    return index_words(text)


# ---------------------------------------------------------------- lexer

@dataclass
class _Tok:
    kind: str  # "(", ")", "-", "or", "and", "term", "end"
    pos: int
    term: Term | None = None


class _Lexer:
    def __init__(self, query: str) -> None:
        self.q = query
        self.i = 0

    def error(self, message: str, pos: int, hint: str | None = None) -> QuerySyntaxError:
        return QuerySyntaxError(message, self.q, pos, hint=hint)

    def tokens(self) -> list[_Tok]:
        out: list[_Tok] = []
        q = self.q
        while True:
            while self.i < len(q) and q[self.i].isspace():
                self.i += 1
            if self.i >= len(q):
                out.append(_Tok("end", len(q)))
                return out
            c, start = q[self.i], self.i
            if c in "()":
                out.append(_Tok(c, start))
                self.i += 1
            elif c == "-":
                nxt = q[start + 1] if start + 1 < len(q) else ""
                if not nxt or nxt.isspace() or nxt == ")":
                    raise self.error("'-' must stand right before the term it negates", start,
                                     hint="write -t:food, -\"phrase\" or -(a or b)")
                out.append(_Tok("-", start))
                self.i += 1
            elif c == '"':
                text = self.quoted()
                out.append(_Tok("term", start, self.make_term("name", ":", text, False, start)))
            elif c == "!":
                out.append(self.exact_name())
            else:
                out.append(self.word())

    def delimited(self, close: str, unescape: Callable[[str], str | None], message: str, hint: str) -> str:
        """Read from the opening character at self.i to ``close``; a backslash + c stands for ``unescape(c)``
        (None: the backslash is an ordinary character)."""
        q, start = self.q, self.i
        self.i += 1
        buf: list[str] = []
        while self.i < len(q):
            c = q[self.i]
            if c == "\\" and self.i + 1 < len(q):
                text = unescape(q[self.i + 1])
                if text is not None:
                    buf.append(text)
                    self.i += 2
                    continue
            if c == close:
                self.i += 1
                return "".join(buf)
            buf.append(c)
            self.i += 1
        raise self.error(message, start, hint=hint)

    def quoted(self) -> str:
        """Read a "..." string at self.i (backslash escapes \" and \\)."""
        return self.delimited('"', lambda c: c if c in '"\\' else None, "unclosed quote",
                              'close the phrase with a second "')

    def regex(self) -> str:
        """Read a /.../ pattern at self.i (\\/ stands for a slash; other escapes stay for the regex)."""
        return self.delimited("/", lambda c: "/" if c == "/" else "\\" + c, "unclosed regular expression",
                              "end the pattern with a second /")

    def exact_name(self) -> _Tok:
        """``!word`` or ``!"phrase"`` at self.i: the whole name, folded."""
        q, start = self.q, self.i
        self.i += 1
        nxt = q[self.i] if self.i < len(q) else ""
        if nxt == '"':
            text = self.quoted()
        elif nxt and nxt not in _STOP:
            text = self.bare()
        else:
            raise self.error("'!' must stand right before a name", start,
                             hint='!"Éjlépő Kajtár" or !ejlepo matches the whole name (quote a name with spaces)')
        term = self.make_term("name", ":", text, False, start, start + 1)
        return _Tok("term", start, Term("name", "==", term.value, False, term.start, term.end))

    def bare(self) -> str:
        q, start = self.q, self.i
        while self.i < len(q) and q[self.i] not in _STOP and q[self.i] != '"':
            self.i += 1
        return q[start:self.i]

    def word(self) -> _Tok:
        q, start = self.q, self.i
        m = _FIELD_RE.match(q, start)
        if not m:
            bad = _BAD_OP_RE.match(q, start)
            if bad and ALIASES.get(bad.group(1).lower(), bad.group(1).lower()) in FIELDS:
                # "cost~3", "cost≤2", "cost=>1": a comparison with an operator the language lacks, not a name
                field = ALIASES.get(bad.group(1).lower(), bad.group(1).lower())
                allowed = _NUM_OPS if FIELDS[field] == "num" else _EQ_OPS
                raise self.error(f"unknown comparison {bad.group(2)!r} after {bad.group(1)}", bad.start(2),
                                 hint=f"{bad.group(1)} takes " + " ".join(allowed))
            text = self.bare()
            low = text.lower()
            if low in ("or", "and"):
                return _Tok(low, start)
            return _Tok("term", start, self.make_term("name", ":", text, False, start))
        raw_field, op = m.group(1), m.group(2)
        field = self.field_name(raw_field, start)
        self.i = m.end()
        vstart = self.i
        kind = FIELDS[field]
        allowed = _NUM_OPS if kind == "num" else _EQ_OPS
        run_match = _OP_RUN_RE.match(q, m.start(2))
        assert run_match is not None  # group 2 is itself such a run
        run = run_match.group(0)
        if run != op and not (op == ":" and kind != "num"):  # "cost=>3", "cost==3", "cost<>3" (a name may hold "=")
            raise self.error(f"unknown comparison {run!r} after {raw_field}", m.start(2),
                             hint=f"{raw_field} takes " + " ".join(allowed))
        if op not in allowed:
            raise self.error(f"{raw_field} cannot be compared with {op!r}", m.start(2),
                             hint=f"{raw_field} takes " + " ".join(allowed))
        if vstart < len(q) and q[vstart] == '"':
            value, is_regex = self.quoted(), False
        elif vstart < len(q) and q[vstart] == "/" and field in _REGEX_FIELDS:
            value, is_regex = self.regex(), True
        else:
            value, is_regex = self.bare(), False
            if not value:
                example = {"num": "2", "is": "glorious"}.get(kind, "word")
                raise self.error(f"missing value after {raw_field}{op}", vstart,
                                 hint=f"e.g. {raw_field}{op}{example}"  # README shows "hint: e.g. cost<=2"
                                 + ("; is: takes " + " ".join(is_values()) if kind == "is" else ""))
        term = self.make_term(field, op, value, is_regex, start, vstart)
        if raw_field.lower() == "not":  # not:helper is is!=helper, not!=helper is is:helper
            term = replace(term, op="=" if term.op == "!=" else "!=")
        return _Tok("term", start, term)

    def field_name(self, raw: str, pos: int) -> str:
        low = raw.lower()
        field = ALIASES.get(low, low)
        if field in FIELDS:
            return field
        known = sorted(set(FIELDS) | set(ALIASES))
        close = difflib.get_close_matches(low, known, n=3, cutoff=0.6)
        hint = (f"did you mean {' or '.join(c + ':' for c in close)}? " if close else "") + \
            "fields: " + " ".join(sorted(FIELDS)) + '; quote a name that contains ":"'
        raise self.error(f"unknown field {raw!r}", pos, hint=hint)

    def make_term(self, field: str, op: str, value: str, is_regex: bool, start: int,
                  vstart: int | None = None) -> Term:
        vpos = start if vstart is None else vstart
        end = self.i
        if op == ":":
            op = "="
        kind = FIELDS[field]
        if is_regex:
            if not value:
                raise self.error("empty regular expression", vpos)
            from deckkit.boundedre import compile_pattern, error

            try:
                compile_pattern(value)
            except error as exc:
                raise self.error(f"bad regular expression: {exc.msg}", vpos + 1 + (exc.pos or 0),
                                 hint="a Python regular expression; put \\ before a special character to match it "
                                      "as itself") from None
            return Term(field, op, value, True, start, end)
        if kind == "num":
            low = value.strip().lower()
            other = ALIASES.get(low, low)
            if FIELDS.get(other) == "num":  # atk>def: compare two fields of the same card
                return Term(field, op, FieldRef(other), False, start, end)
            numbers = " ".join(f for f, k in FIELDS.items() if k == "num")
            if other in FIELDS:
                raise self.error(f"{field} can only be compared with a number or a number field, not {value!r}",
                                 vpos, hint=f"number fields: {numbers}")
            try:
                number = int(value.strip())
            except ValueError:
                raise self.error(f"{field} needs a whole number or a number field, not {value!r}", vpos,
                                 hint=f"e.g. {field}<=2 or {field}>def; number fields: {numbers}") from None
            if abs(number) > 10**9:
                raise self.error(f"{field} value {number} is out of range", vpos,
                                 hint=f"card numbers are small whole numbers, e.g. {field}<=2")
            return Term(field, op, number, False, start, end)
        if not value.strip():
            raise self.error(f"empty value for {field}", vpos)
        if kind == "is":
            low = value.strip().lower()
            if low not in is_values():
                raise self.error(f"unknown is: value {value!r}", vpos, hint=_is_hint(low))
            return Term(field, op, low, False, start, end)
        if kind == "game":
            from deckkit.engine.registry import resolve as resolve_game

            try:
                value = resolve_game(value)
            except UsageError as exc:
                raise self.error(exc.message, vpos, hint=exc.hint) from None
        elif kind == "format":
            low = value.strip()
            if not formats_named(low):
                raise self.error(f"no format named {value!r}", vpos, hint=_format_hint(low))
            value = fold(low).replace(" ", "-")
        elif kind == "enum":
            low = value.strip().lower()
            choices = _enum(field)
            if low not in choices and not (field == "type" and type_values(low)):
                close = difflib.get_close_matches(low, choices, n=2, cutoff=0.6)
                hint = (f"did you mean {' or '.join(close)}? " if close else "") + f"{field}: " + ", ".join(choices)
                raise self.error(f"unknown {field} {value!r}", vpos, hint=hint)
            value = low
        elif kind == "text":
            if not text_tokens(value):
                raise self.error(f"{value!r} has no words to look for in the rules text", vpos,
                                 hint="use letters or digits, or o:/regex/")
        elif kind == "name" and not fold(value):
            raise self.error("empty name", vpos)
        return Term(field, op, value, False, start, end)


def _keywords() -> set[str]:
    """The games' groups and symbols (their specs' ``keywords``), which a user may type after is: out
    of Scryfall habit; they are kw: terms here, so is: stays a short closed list."""
    from deckkit.engine.registry import registered_games

    return {word for game in registered_games() for word in game.keywords}


def _is_hint(low: str) -> str:
    """The hint for an unknown ``is:`` value: a close one, or the field the word belongs to, then all of them."""
    close = difflib.get_close_matches(low, list(is_values()), n=2, cutoff=0.6)
    if close:
        lead = f"did you mean {' or '.join('is:' + c for c in close)}? "
    elif low in _enum("type"):
        lead = f"a card type is t:{low}; "
    elif low in _keywords():
        lead = f"a group or symbol is kw:{low}; "
    else:
        lead = ""
    return lead + "is: takes " + " ".join(is_values())


# ---------------------------------------------------------------- parser

class _Parser:
    def __init__(self, query: str, toks: list[_Tok]) -> None:
        self.q = query
        self.toks = toks
        self.k = 0
        self.depth = 0

    def peek(self) -> _Tok:
        return self.toks[self.k]

    def take(self) -> _Tok:
        tok = self.toks[self.k]
        self.k += 1
        return tok

    def error(self, message: str, pos: int, hint: str | None = None) -> QuerySyntaxError:
        return QuerySyntaxError(message, self.q, pos, hint=hint)

    def parse(self) -> Node:
        if self.peek().kind == "end":
            raise self.error("empty query", 0, hint='e.g. game:af t:dreamwalker cost<=2')
        terms = [t for t in self.toks if t.kind == "term"]
        if len(terms) > _MAX_TERMS:  # SQLite refuses expression trees past 1000 levels; a person never types this
            raise self.error(f"the query has {len(terms)} terms, more than {_MAX_TERMS}", terms[_MAX_TERMS].pos,
                             hint="search with fewer terms")
        node = self.or_expr()
        tok = self.peek()
        if tok.kind == ")":
            raise self.error("unmatched ')'", tok.pos, hint="remove it or add a '(' before")
        if tok.kind != "end":  # pragma: no cover - or_expr consumes everything else
            raise self.error("unexpected input", tok.pos)
        return node

    def or_expr(self) -> Node:
        parts = [self.and_expr()]
        while self.peek().kind == "or":
            self.take()
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def and_expr(self) -> Node:
        parts = [self.unary()]
        while self.peek().kind in ("term", "(", "-", "and"):
            if self.peek().kind == "and":
                self.take()
            parts.append(self.unary())
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def nest(self, tok: _Tok) -> None:
        self.depth += 1
        if self.depth > _MAX_DEPTH:  # recursion stays far from Python's limit, and no one nests this deep
            raise self.error(f"the query nests more than {_MAX_DEPTH} levels of '(' and '-'", tok.pos,
                             hint="remove the extra parentheses or minus signs")

    def unary(self) -> Node:
        tok = self.take()
        if tok.kind == "-":
            self.nest(tok)
            negated = Not(self.unary())
            self.depth -= 1
            return negated
        if tok.kind == "term":
            assert tok.term is not None
            return tok.term
        if tok.kind == "(":
            if self.peek().kind == ")":
                raise self.error("empty parentheses", tok.pos, hint="put a term inside or remove them")
            self.nest(tok)
            node = self.or_expr()
            close = self.peek()
            if close.kind != ")":
                raise self.error("unclosed '('", tok.pos, hint="add a ')' to close it")
            self.take()
            self.depth -= 1
            return node
        if tok.kind == "end":
            raise self.error("the query ends where a term is expected", tok.pos,
                             hint="finish the query after 'or'/'and'/'-'")
        if tok.kind == ")":
            raise self.error("unmatched ')'", tok.pos, hint="remove it or add a '(' before")
        raise self.error(f"'{tok.kind}' where a term is expected", tok.pos,
                         hint=f'put a term on both sides of {tok.kind}; quote "{tok.kind}" to search for the word')


def parse(query: str) -> Node:
    """Parse a search query into an AST; :class:`QuerySyntaxError` (exit 2) points at the mistake."""
    QuerySyntaxError.screen(query, "query", _MAX_QUERY, plural="queries")
    return _Parser(query, _Lexer(query).tokens()).parse()


# ---------------------------------------------------------------- Python evaluation

Predicate = Callable[[dict], bool]

_CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
        ">=": operator.ge}


def words_match(haystack: list[str], needle: list[str]) -> bool:
    """True if ``needle`` occurs as consecutive words of ``haystack``, its last word as a prefix (3+ letters)."""
    n = len(needle)
    if n == 0:
        return False
    head, last = needle[:-1], needle[-1]
    prefix = len(last) >= PREFIX_MIN
    for i in range(len(haystack) - n + 1):
        word = haystack[i + n - 1]
        if haystack[i:i + n - 1] == head and (word.startswith(last) if prefix else word == last):
            return True
    return False


def _listed(section: str, key: str) -> Predicate:
    """True if the card's ``section.key`` is a non-empty list (SQL: json_array_length > 0)."""
    def pred(c: dict) -> bool:
        inner = c.get(section)
        return isinstance(inner, dict) and isinstance(v := inner.get(key), list) and len(v) > 0
    return pred


_IS_PREDICATES: dict[str, Predicate] = {
    "rulebook": _listed("provenance", "rules"),
    "invented": _listed("provenance", "invented"),
}


def _is_predicate(name: str) -> Predicate:
    if name in _IS_PREDICATES:
        return _IS_PREDICATES[name]
    flags = is_flags(name)  # a game's own flag: a card of that game whose field has the JSON type
    return lambda c: any(c.get("game") == game and flag.matches(c) for game, flag in flags)


def _all_names(card: dict) -> list[str]:
    """The card's name and every translated name (``names``)."""
    name = card.get("name")
    out = [name] if isinstance(name, str) else []
    names = card.get("names")
    if isinstance(names, dict):
        out += [v for v in names.values() if isinstance(v, str)]
    return out


def effect_names(card: dict) -> list[str]:
    """What ``effect:`` matches on a card (:func:`deckkit.engine.abilities.ability_words`)."""
    from deckkit.engine.abilities import ability_words

    return ability_words(card.get("abilities"))


def type_values(value: str) -> tuple[str, ...]:
    """The card types a ``t:`` value names: itself if it is one, else those it begins a word of
    (``t:dream`` is dreamwalker and dream-creature, ``t:spell`` spell and general-spell)."""
    low = value.strip().lower()
    types = _enum("type")
    if low in types:
        return (low,)
    return tuple(t for t in types if low and any(w.startswith(low) for w in (t, *t.split("-"))))


def formats_named(value: str) -> list:
    """The bundled formats that ``f:``/``legal:``/``banned:`` name: by name (one per game that has it) or id."""
    from deckkit.decks.formats import bundled_formats

    key = fold(value).replace(" ", "-")
    return [f for f in bundled_formats().values() if key and key in (f.name, f.id)]


def _format_hint(value: str) -> str:
    from deckkit.decks.formats import bundled_formats

    known = sorted({f.name for f in bundled_formats().values()} | {f.id for f in bundled_formats().values()})
    close = difflib.get_close_matches(fold(value).replace(" ", "-"), known, n=2, cutoff=0.6)
    return (f"did you mean {' or '.join('f:' + c for c in close)}? " if close else "") + "formats: " + ", ".join(
        sorted(f.id for f in bundled_formats().values()))


def _term_predicate(t: Term) -> Predicate:
    kind, key = FIELDS[t.field], card_key(t.field)
    negate = t.op == "!="
    pred: Predicate
    if t.regex:
        from deckkit.boundedre import Matcher

        rx = Matcher(t.value)  # one time budget for every card asked about
        seen: dict[str, bool] = {}  # hands repeat the same few cards
        src = "name" if t.field == "name" else "text"

        def pred(c: dict) -> bool:
            text = c.get(src) or ""
            hit = seen.get(text)
            if hit is None:
                hit = seen[text] = rx.search(text)
            return hit
    elif kind == "num":
        cmp, n = _CMP[t.op], t.value
        if isinstance(n, FieldRef):
            other = card_key(n.field)
            return lambda c: type(v := c.get(key)) is int and type(w := c.get(other)) is int and cmp(v, w)
        return lambda c: type(v := c.get(key)) is int and cmp(v, n)
    elif kind == "is":
        pred = _is_predicate(t.value)
    elif kind == "name" and t.op == "==":
        needle = fold(t.value)
        return lambda c: any(fold(n) == needle for n in _all_names(c))
    elif kind == "name":
        needle = fold(t.value)
        pred = lambda c: any(needle in fold(n) for n in _all_names(c))  # noqa: E731
    elif kind == "format":
        from deckkit.decks.formats import card_banned, card_legal

        test = card_banned if t.field == "banned" else card_legal
        fmts = formats_named(t.value)
        pred = lambda c: any(test(f, c) for f in fmts)  # noqa: E731
    elif t.field == "type":
        types = frozenset(type_values(t.value))
        pred = lambda c: c.get("type") in types  # noqa: E731
    elif kind == "text":
        needle_words = text_tokens(t.value)
        pred = lambda c: words_match(text_tokens(c.get("text") or ""), needle_words)  # noqa: E731
    elif kind == "list":
        needle = fold(t.value)
        if t.field == "effect":
            pred = lambda c: any(fold(x) == needle for x in effect_names(c))  # noqa: E731
        else:
            keys = ("groups", "symbols") if t.field == "kw" else (key,)
            pred = lambda c: any(isinstance(x, str) and fold(x) == needle  # noqa: E731
                                 for k in keys for x in (c.get(k) or ()))
    elif kind in ("game", "enum"):
        value = t.value
        pred = lambda c: c.get(key) == value  # noqa: E731
    else:  # eq: folded equality
        needle = fold(t.value)
        pred = lambda c: isinstance(v := c.get(key), str) and fold(v) == needle  # noqa: E731
    if negate:
        inner = pred
        return lambda c: not inner(c)
    return pred


def _compile(node: Node) -> Predicate:
    if isinstance(node, Term):
        return _term_predicate(node)
    if isinstance(node, Not):
        inner = _compile(node.node)
        return lambda c: not inner(c)
    parts = [_compile(n) for n in node.nodes]
    if isinstance(node, And):
        return lambda c: all(p(c) for p in parts)
    return lambda c: any(p(c) for p in parts)


def compile_predicate(query: str | Node) -> Predicate:
    """A function ``card dict -> bool`` for a query string or AST (same semantics as the catalogue search)."""
    return _compile(parse(query) if isinstance(query, str) else query)
