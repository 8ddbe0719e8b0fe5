"""The search language's parser: tokens to an AST (``or`` binds looser than the implicit ``and``)."""

from __future__ import annotations

from deckkit.query.lexer import (
    _Lexer,
    _Tok,
)
from deckkit.query.terms import (
    MAX_DEPTH,
    _MAX_QUERY,
    MAX_TERMS,
    And,
    Node,
    Not,
    Or,
    QuerySyntaxError,
)


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
        if len(terms) > MAX_TERMS:  # SQLite refuses expression trees past 1000 levels; a person never types this
            raise self.error(f"the query has {len(terms)} terms, more than {MAX_TERMS}", terms[MAX_TERMS].pos,
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
        if self.depth > MAX_DEPTH:  # recursion stays far from Python's limit, and no one nests this deep
            raise self.error(f"the query nests more than {MAX_DEPTH} levels of '(' and '-'", tok.pos,
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
