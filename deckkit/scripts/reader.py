"""Script files: reading ``*.deckkit.toml``, validating them against the schema, locating lines.

tomllib keeps no positions, so :class:`Locator` maps dotted key paths back to line numbers; every
:class:`ScriptError` names the file, the line and what to write instead.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from collections.abc import Sequence
from typing import Any

from deckkit.errors import DataError
from deckkit.fileio import loads_toml

SUFFIX = ".deckkit.toml"


class ScriptError(DataError):
    """A script that cannot be run as written (bad TOML, schema, card, path): file, line, hint."""

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 hint: str | None = None, rule: str | None = None) -> None:
        self.line = line
        self.rule = rule  # the rule that forbids what the script wrote (a refused set-up), if any
        where = f"{path}:{line}" if path and line else path
        super().__init__(message, path=where, hint=hint)


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
        counts = {"step": 0, "card": 0}  # arrays of tables: [[step]] n is ("step", n), [[card]] n ("card", n)
        for number, raw in enumerate(self.lines, start=1):
            header = _HEADER.match(raw)
            if header and not raw.lstrip().startswith("#"):
                parts = _split_key(header[2])
                if header[1] == "[[" and len(parts) == 1 and parts[0] in counts:
                    counts[parts[0]] += 1
                table = parts
                if table[:1] and table[0] in counts:
                    table = (table[0], counts[table[0]]) + table[1:]
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

    from deckkit.schemas import file_schema

    return jsonschema.Draft202012Validator(file_schema("script.schema.json"))


@dataclass
class Script:
    """A parsed, schema-valid script with its source for line numbers."""

    path: str
    data: dict
    locator: Locator

    def line(self, *path: Any, value: str | None = None) -> int | None:
        """Line number of a key path in the file."""
        return self.locator.line(*path, value=value)

    def error(self, message: str, *path: Any, hint: str | None = None, value: str | None = None,
              rule: str | None = None) -> ScriptError:
        """A ScriptError located at a key path."""
        return ScriptError(message, path=self.path, line=self.line(*path, value=value), hint=hint, rule=rule)


def _opening_line(text: str, reported: int) -> int | None:
    """The line of a bracket still open where TOML gave up at line ``reported`` (None if none is)."""
    depth, opened = 0, None
    for number, raw in enumerate(text.splitlines()[:reported - 1], start=1):
        raw = re.sub(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|#.*$', "", raw)  # strings and comments hold no brackets
        if raw.lstrip().startswith("[") and depth == 0 and "=" not in raw:
            continue  # a [table] header
        before = depth
        depth = max(0, depth + raw.count("[") + raw.count("{") - raw.count("]") - raw.count("}"))
        if before == 0 and depth > 0:
            opened = number
    return opened if depth > 0 else None


def parse_script(text: str, path: str = "<script>") -> Script:
    """Parse and validate script text; ScriptError naming the file, line and a fix otherwise."""
    try:
        data = loads_toml(text)  # deep nesting and huge numbers are TOMLDecodeErrors too
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match[1]) if match else None
        opened = _opening_line(text, line) if line else None
        if opened is not None:  # TOML reports where it gave up, after the line that left a bracket open
            line = opened
        hint = ("close the bracket opened on that line, e.g. do = [\"pass\"]" if opened is not None
                else 'check quotes and brackets on that line, e.g. do = ["pass"] or "p1.life" = 20')
        raise ScriptError(f"not valid TOML: {exc}", path=path, line=line, hint=hint) from None
    script = Script(path, data, Locator(text))
    # An unknown key explains a missing one ([[stepp]] for [[step]]), so it is reported first.
    errors = sorted(_validator().iter_errors(data),
                    key=lambda e: (e.validator != "additionalProperties", list(map(str, e.absolute_path))))
    if errors:
        err = errors[0]
        where = list(err.absolute_path)
        locate = ("step", where[1] + 1, *where[2:]) if where[:1] == ["step"] and len(where) > 1 else tuple(where)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = err.schema.get("properties", {})
            locate += tuple(k for k in err.instance if k not in allowed)[:1]  # the line of the unknown key
        if err.validator == "anyOf" and where[:1] == ["step"] and len(where) == 2 and isinstance(err.instance, dict):
            n = where[1] + 1
            said = f"only {', '.join(sorted(err.instance))}" if err.instance else "empty"
            raise script.error(f"step {n} is {said}: a step needs do, illegal or expect",
                               *locate, hint='add e.g. do = ["pass"] or an [step.expect] table, or delete the '
                                             "empty [[step]] header")
        if err.validator == "anyOf" and not where and isinstance(err.instance, dict):
            raise script.error("the script has no [[step]] (and no refused = {rule = …} set-up check)",
                               hint="add a [[step]] with do, illegal or expect; `deckkit script new FILE` writes "
                                    "a complete example")
        shown = [f"step {where[1] + 1}", *where[2:]] if where[:1] == ["step"] and len(where) > 1 else where
        dotted = ".".join(str(p) for p in shown) or "(top level)"
        more = f" ({len(errors) - 1} more problem(s))" if len(errors) > 1 else ""
        raise script.error(f"{dotted}: {err.message}{more}", *locate,
                           hint=_schema_hint(err))
    return script


def _schema_hint(err) -> str:
    if err.validator == "additionalProperties":
        allowed = sorted(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed] if isinstance(err.instance, dict) else []
        close = difflib.get_close_matches(extra[0], allowed, n=1) if extra else []
        fix = f"did you mean {close[0]!r}? " if close else ""
        return fix + "allowed keys here: " + ", ".join(allowed)
    if err.validator == "required":
        if not err.instance:
            return "the script is empty; `deckkit script new FILE` writes a complete example"
        return "add the missing key; `deckkit script new` writes a complete example"
    if err.validator == "type":
        return f"this value must be of type {err.validator_value}"
    return "see schemas/script.schema.json or `deckkit script new`"


def load_script(path: str | Path) -> Script:
    """Read and validate a script file."""
    from deckkit.fileio import FileReadError, read_bytes

    p = Path(path)
    try:
        text = read_bytes(p, what="script file").decode("utf-8-sig")  # regular files only, size-limited
    except FileReadError as exc:
        raise ScriptError(exc.message, path=str(path), hint=exc.hint) from None
    except UnicodeDecodeError:
        raise ScriptError("not UTF-8 text", path=str(path), hint="save the script as UTF-8") from None
    return parse_script(text, str(path))


def find_scripts(paths: Sequence[str | Path]) -> list[Path]:
    """Script files named, or found under named directories (``*.deckkit.toml``), sorted."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(sorted(p.rglob("*" + SUFFIX)))
        else:
            out.append(p)
    return out
