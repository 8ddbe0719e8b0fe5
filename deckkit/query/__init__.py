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

from deckkit.query.parser import parse
from deckkit.query.predicates import (
    Predicate,
    compile_predicate,
    effect_names,
    formats_named,
    type_values,
    words_match,
)
from deckkit.query.terms import (
    ALIASES,
    FIELDS,
    MAX_DEPTH,
    MAX_TERMS,
    PREFIX_MIN,
    And,
    FieldRef,
    Node,
    Not,
    Or,
    QuerySyntaxError,
    Term,
    card_key,
    enum_values,
    is_flags,
    is_values,
    text_tokens,
)

__all__ = [
    "QuerySyntaxError", "Term", "FieldRef", "Not", "And", "Or", "Node", "FIELDS", "ALIASES", "is_values", "is_flags",
    "enum_values", "parse", "compile_predicate", "Predicate", "text_tokens", "card_key", "effect_names",
    "formats_named", "type_values", "words_match", "PREFIX_MIN", "MAX_TERMS", "MAX_DEPTH",
]
