"""The search language's lexer: query text to tokens, each term checked with a caret and a hint."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, replace

from deckkit.errors import UsageError
from deckkit.query.terms import (
    _BAD_OP_RE,
    _EQ_OPS,
    _FIELD_RE,
    _NUM_OPS,
    _OP_RUN_RE,
    _REGEX_FIELDS,
    _STOP,
    ALIASES,
    FIELDS,
    FieldRef,
    QuerySyntaxError,
    Term,
    _format_hint,
    enum_values,
    formats_named,
    is_values,
    text_tokens,
    type_values,
)
from deckkit.text import fold


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
        """The term of ``field op value`` read so far; its value checked against the field's kind."""
        vpos = start if vstart is None else vstart
        end = self.i
        if op == ":":
            op = "="
        kind = FIELDS[field]
        if is_regex:
            self._check_regex(value, vpos)
            return Term(field, op, value, True, start, end)
        if kind == "num":
            return Term(field, op, self._number(field, value, vpos), False, start, end)
        if not value.strip():
            raise self.error(f"empty value for {field}", vpos)
        return Term(field, op, self._word(kind, field, value, vpos), False, start, end)

    def _check_regex(self, value: str, vpos: int) -> None:
        """Refuse an empty or malformed /regex/, pointing at the character at fault."""
        if not value:
            raise self.error("empty regular expression", vpos)
        from deckkit.boundedre import compile_pattern, error

        try:
            compile_pattern(value)
        except error as exc:
            hint = getattr(exc, "hint", None) or ("a Python regular expression; put \\ before a special "
                                                  "character to match it as itself")
            raise self.error(f"bad regular expression: {exc.msg}", vpos + 1 + (exc.pos or 0), hint=hint) from None

    def _number(self, field: str, value: str, vpos: int) -> int | FieldRef:
        """A number field's value: a whole number of sane size, or another number field (atk>def)."""
        low = value.strip().lower()
        other = ALIASES.get(low, low)
        if FIELDS.get(other) == "num":  # atk>def: compare two fields of the same card
            return FieldRef(other)
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
        return number

    def _word(self, kind: str, field: str, value: str, vpos: int) -> str:
        """A word field's value, checked (and normalised where the field's values are a closed list)."""
        if kind == "is":
            low = value.strip().lower()
            if low not in is_values():
                raise self.error(f"unknown is: value {value!r}", vpos, hint=_is_hint(low))
            return low
        if kind == "game":
            from deckkit.engine.registry import resolve as resolve_game

            try:
                return resolve_game(value)
            except UsageError as exc:
                raise self.error(exc.message, vpos, hint=exc.hint) from None
        if kind == "format":
            low = value.strip()
            if not formats_named(low):
                raise self.error(f"no format named {value!r}", vpos, hint=_format_hint(low))
            return fold(low).replace(" ", "-")
        if kind == "enum":
            low = value.strip().lower()
            choices = enum_values(field)
            if low not in choices and not (field == "type" and type_values(low)):
                close = difflib.get_close_matches(low, choices, n=2, cutoff=0.6)
                hint = (f"did you mean {' or '.join(close)}? " if close else "") + f"{field}: " + ", ".join(choices)
                raise self.error(f"unknown {field} {value!r}", vpos, hint=hint)
            return low
        if kind == "text":
            if not text_tokens(value):
                raise self.error(f"{value!r} has no words to look for in the rules text", vpos,
                                 hint="use letters or digits, or o:/regex/")
        elif kind == "name" and not fold(value):
            raise self.error("empty name", vpos)
        return value


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
    elif low in enum_values("type"):
        lead = f"a card type is t:{low}; "
    elif low in _keywords():
        lead = f"a group or symbol is kw:{low}; "
    else:
        lead = ""
    return lead + "is: takes " + " ".join(is_values())
