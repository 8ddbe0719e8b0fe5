"""The search language's terms: the AST, the fields and their values, the ``is:`` properties."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from deckkit.errors import PositionedUsageError
from deckkit.text import fold, index_words


class QuerySyntaxError(PositionedUsageError):
    """A malformed query; ``text`` (alias ``query``) and 0-based ``position`` locate the offending spot (exit 2)."""

    @property
    def query(self) -> str:
        """The query text (the same as ``text``)."""
        return self.text

    def shifted(self, text: str, offset: int) -> QuerySyntaxError:
        """The same error re-pointed into a larger ``text`` where the query starts at ``offset``."""
        return QuerySyntaxError(self.message, text, offset + self.position, hint=self.hint)



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


# kind -> how the field is compared. The card dict key is in _KEYS.
FIELDS: dict[str, str] = {
    "name": "name", "text": "text", "game": "game", "set": "eq", "rarity": "enum", "type": "enum",
    "subtype": "list", "kw": "list", "id": "eq", "ingredient": "eq", "label": "enum",
    "cost": "num", "atk": "num", "def": "num", "number": "num", "glory": "num", "is": "is",
    "effect": "list", "legal": "format", "banned": "format",
    "owned": "num",  # copies in the catalogue's collection (deckkit.collection); 0 for a card not owned
}
ALIASES: dict[str, str] = {
    "n": "name", "o": "text", "oracle": "text", "g": "game", "s": "set", "r": "rarity", "t": "type",
    "sub": "subtype", "group": "kw", "keyword": "kw", "attack": "atk", "defense": "def", "defence": "def",
    "color": "label", "colour": "label", "num": "number", "effects": "effect", "f": "legal", "format": "legal",
    "not": "is",  # not:X is -is:X (the lexer turns the comparison round)
}
_KEYS = {"atk": "attack", "def": "defense", "subtype": "subtypes"}


def enum_values(field: str) -> tuple[str, ...]:
    """The values a field of enum kind takes, in the games' order: card types are every registered
    game's, any other field's values are the enums of that field in the games' card schemas."""
    from deckkit.engine.registry import registered_games

    if field == "type":
        return tuple(dict.fromkeys(t for g in registered_games() for t in g.card_types))
    key = card_key(field)
    return tuple(dict.fromkeys(v for g in registered_games()
                               for v in g.card_schema.get("properties", {}).get(key, {}).get("enum", ())
                               if isinstance(v, str)))



# is: values -> what they mean (the --help and error hints show these). The catalogue's SQL for
# each lives in deckkit.catalogue.search and a test keeps the two lists equal.
_COMMON_IS: dict[str, str] = {
    "rulebook": "card named in a rulebook (provenance.rules not empty)",
    "invented": "card with placeholder values to replace (provenance.invented not empty)",
}
# Answered by the catalogue's collection table, not by the card: only a catalogue search knows them.
_COLLECTION_IS: dict[str, str] = {"owned": "card you own at least one copy of (deckkit collection)"}


def is_values() -> dict[str, str]:
    """The ``is:`` values with their meaning: the common ones, then each registered game's own flags."""
    from deckkit.engine.registry import registered_games

    out = dict(_COMMON_IS)
    for game in registered_games():
        for name, flag in game.search_flags.items():
            out.setdefault(name, flag.help or f"{game.title} card with {flag.field}")
    for name, meaning in _COLLECTION_IS.items():
        out.setdefault(name, meaning)
    return out


def id_prefix(value: str) -> str | None:
    """The start of the ids ``id:VALUE`` asks for when it is a prefix (``id:ob-my-``, ``id:ob-my*``), folded;
    None for a whole id (an id holds letters, digits and dashes, so a trailing ``-`` or ``*`` marks a prefix)."""
    if value.endswith("*") and len(value) > 1:
        return fold(value[:-1])
    if value.endswith("-"):
        return fold(value)
    return None


def collection_term(node: Any) -> bool:
    """Whether a term asks the collection (``is:owned``, ``owned>=N``, a comparison with ``owned``)."""
    if not isinstance(node, Term):
        return False
    if node.field == "is":
        return node.value in _COLLECTION_IS
    return node.field == "owned" or getattr(node.value, "field", None) == "owned"


def is_flags(name: str) -> list[tuple[str, Any]]:
    """``(game, SearchFlag)`` for every registered game that owns the ``is:`` value ``name``."""
    from deckkit.engine.registry import registered_games

    return [(g.name, g.search_flags[name]) for g in registered_games() if name in g.search_flags]
_EQ_OPS = (":", "=", "!=")
_NUM_OPS = (":", "=", "!=", "<", "<=", ">", ">=")
_REGEX_FIELDS = ("name", "text", "id")
PREFIX_MIN = 3  # a shorter last word of o: must match a whole word ("o:a" would match almost every card)
_MAX_QUERY = 2000  # a query is typed by a person; refuse megabyte inputs before parsing
MAX_TERMS = 200  # every term is one or two nodes of SQLite's expression tree
MAX_DEPTH = 30  # nesting of ( and -: the parser, the SQL and the predicates all recurse per level

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


def type_values(value: str) -> tuple[str, ...]:
    """The card types a ``t:`` value names: itself if it is one, else those it begins a word of
    (``t:dream`` is dreamwalker and dream-creature, ``t:spell`` spell and general-spell)."""
    low = value.strip().lower()
    types = enum_values("type")
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
