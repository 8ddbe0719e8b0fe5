"""Folding text for search keys: ``ejlepo kajtar`` matches *Éjlépő Kajtár*."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite3

# Letters that NFKD does not decompose into base + combining mark.
_EXTRA = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})


class _Strip(dict):
    """str.translate table: combining marks -> removed, _EXTRA letters -> replaced; filled lazily per character."""

    def __missing__(self, cp: int):
        ch = chr(cp)
        value = None if unicodedata.combining(ch) else _EXTRA.get(cp, cp)
        self[cp] = value
        return value


_STRIP = _Strip()


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Casefold, decompose and strip combining marks; collapse runs of white space."""
    if text.isascii():  # same result, much faster: bulk imports fold every name and rules text
        return " ".join(text.lower().split())
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    # One translate pass drops the marks and maps the extra letters (C-speed after the first sight of a character).
    return " ".join(decomposed.translate(_STRIP).split())


class _IndexFold(dict):
    """str.translate table: what SQLite's ``unicode61 remove_diacritics 2`` tokenizer makes of each character.

    Filled lazily by asking SQLite itself (one in-memory full-text table): a character that is
    part of a word maps to its folded form (possibly empty, for a combining mark), any other to a
    space. The tokenizer folds character by character, so translating a text with this table and
    splitting it on white space gives exactly the words the catalogue's full-text index holds.
    """

    _conn: sqlite3.Connection | None = None

    def __missing__(self, cp: int) -> str:
        conn = self._conn
        if conn is None:
            import sqlite3

            conn = sqlite3.connect(":memory:")
            conn.execute(f"CREATE VIRTUAL TABLE t USING fts5 (x, tokenize={FTS_TOKENIZER!r})")
            conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
            type(self)._conn = conn
        conn.execute("DELETE FROM t")
        try:
            conn.execute("INSERT INTO t (rowid, x) VALUES (1, ?)", ("a" + chr(cp) + "a",))
        except (UnicodeEncodeError, ValueError):  # a lone surrogate: SQLite text cannot hold it
            value = " "
        else:
            terms = [r[0] for r in conn.execute("SELECT term FROM v ORDER BY offset")]
            value = terms[0][1:-1] if len(terms) == 1 else " "
        self[cp] = value
        return value


# The full-text index's tokenizer: words are runs of letters, digits and private-use characters,
# lower-cased, with Latin diacritics removed (Čáp -> cap).
FTS_TOKENIZER = "unicode61 remove_diacritics 2"
_INDEX_FOLD = _IndexFold()
_ASCII_SEPARATORS = str.maketrans({chr(i): " " for i in range(128) if not chr(i).isalnum()})


def index_words(text: str) -> list[str]:
    """The words of a text as the catalogue's full-text index holds them (``Kouzlí, čáry!`` -> kouzli, cary)."""
    if text.isascii():
        return text.lower().translate(_ASCII_SEPARATORS).split()
    return text.translate(_INDEX_FOLD).split()
