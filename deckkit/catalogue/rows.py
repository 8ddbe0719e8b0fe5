"""Card rows: what the catalogue stores for a valid card (search columns, JSON, full-text words, tags).

The per-card work of an import happens here, in one tight loop (:func:`card_rows`); reading turns
the stored JSON back into a card (:func:`stored_card`).
"""

from __future__ import annotations

import json
from functools import cache
from operator import itemgetter
from typing import Any
from collections.abc import Callable

from deckkit.query import text_tokens
from deckkit.text import fold

# Search columns (table ``cards``, kept narrow so scans and counts are quick) and the wide
# per-card payload (table ``card_blobs``: the card JSON). The folded rules-text words go to the
# contentless full-text index ``cards_fts``; sub:/kw: values to the indexed ``card_tags``.
MAIN_COLUMNS = (
    "id", "game", "name", "name_key", "type", "set_key", "rarity", "cost", "attack", "defense", "number", "glory",
    "ingredient_key", "label", "source",
)
# A card row (:func:`card_rows`): the MAIN_COLUMNS values, then the card JSON,
# the text for the full-text index and the card's tags ((kind, folded value), ...).
_N = len(MAIN_COLUMNS)
ROW_DATA, ROW_FTS, ROW_TAGS = _N, _N + 1, _N + 2
_MAIN = itemgetter(slice(0, _N))
_DATA = itemgetter(ROW_DATA)
_FTS = itemgetter(ROW_FTS)


class _FoldTable(dict):
    """str.translate table: each character's folded form, as :func:`deckkit.text.fold` folds it inside a word."""

    def __missing__(self, cp: int) -> str:
        # Folding is per character (casefold, NFKD, then marks dropped), so fold("a" + ch + "a") minus its
        # ends is what ch becomes inside any text; white space is only collapsed, which fold_key does too.
        value = self[cp] = fold("a" + chr(cp) + "a")[1:-1]
        return value


_FOLD_TABLE = _FoldTable()


def fold_key(text: str) -> str:
    """Same as :func:`deckkit.text.fold`, faster on many distinct strings (one translate pass, no cache churn)."""
    if text.isascii():
        return " ".join(text.lower().split())
    return " ".join(text.translate(_FOLD_TABLE).split())


def fts_text(text: str | None) -> str:
    """Text whose full-text tokens are the folded words of a rules text (what ``cards_fts`` indexes)."""
    if not text:
        return ""
    if text.isascii():
        # The unicode61 tokenizer splits ASCII on every non-alphanumeric character and lower-cases,
        # exactly as query.text_tokens does: the text itself yields the same tokens (tested).
        return text
    return " ".join(text_tokens(text))


_NO_TAGS: tuple = ()


def _tags(card: dict) -> tuple:
    sub, groups, symbols = card.get("subtypes"), card.get("groups"), card.get("symbols")
    if not (sub or groups or symbols):
        return _NO_TAGS
    out = [("s", fold(v)) for v in sub or () if isinstance(v, str)]
    out += [("k", fold(v)) for v in (*(groups or ()), *(symbols or ())) if isinstance(v, str)]
    return tuple(dict.fromkeys(t for t in out if t[1]))  # an item listed twice is one tag


def card_rows(records: list[dict], source: str) -> list[tuple]:
    """Rows of valid card records: MAIN_COLUMNS values, JSON, full-text text, tags.

    The per-card work of a bulk import happens here, so it is one tight loop. The JSON keeps the
    record's own key order: putting the fields in canonical order is left to reading
    (:func:`stored_card`), which touches a page of cards where an import touches all of them.
    """
    out: list[tuple] = []
    append = out.append
    encode = _encoder()
    for card in records:
        if "text" not in card:
            card = {**card, "text": ""}
        get = card.get
        name = card["name"]
        card_set, ingredient = get("set"), get("ingredient")
        append((
            card["id"], card["game"], name, fold_key(name), card["type"],
            fold(card_set) if card_set else None, get("rarity"), get("cost"), get("attack"), get("defense"),
            get("number"), get("glory"), fold(ingredient) if ingredient else None, get("label"), source,
            encode(card), fts_text(card["text"]), _tags(card),
        ))
    return out


def stored_card(data: str) -> dict:
    """The card dict of a stored JSON text, in canonical form (field order, integral numbers as int)."""
    from deckkit.schemas import canonical_card  # here, not at the top: a cold search should not pay for it

    return canonical_card(json.loads(data))


def same_card(stored: str, data: str) -> bool:
    """True if two stored JSON texts hold the same card (the texts may differ in key order or number form)."""
    encode = _encoder()
    return stored == data or encode(stored_card(stored)) == encode(stored_card(data))


@cache
def _encoder() -> Callable[[Any], str]:
    """The JSON encoder of stored cards (made on first use: only writing needs it)."""
    # The C encoder made once: JSONEncoder.encode builds a new one for every call, which costs as
    # much as encoding a small card. Same text as JSONEncoder(ensure_ascii=False, separators=(",", ":")).
    from json.encoder import c_make_encoder, encode_basestring

    fallback = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    if c_make_encoder is None:  # pragma: no cover - CPython always has it
        return fallback.encode
    chunks = c_make_encoder(None, fallback.default, encode_basestring, None, ":", ",", False, False, True)

    def encode(obj: Any) -> str:
        return "".join(chunks(obj, 0))

    try:
        import orjson
    except ImportError:  # pragma: no cover - a declared dependency; the stdlib encoder is the fallback
        return encode
    # orjson encodes a card about 4x faster (a tenth of a bulk import's time). Its text may differ
    # from json's only in how it writes floats, which stored cards compare through same_card; values
    # it does not take (integers beyond 64 bits, lone surrogates) go to the stdlib encoder.
    # Non-finite floats never get here: the importer rejects them while parsing.
    dumps, error = orjson.dumps, orjson.JSONEncodeError

    def encode_fast(obj: Any) -> str:
        try:
            return dumps(obj).decode()
        except error:
            return encode(obj)
    return encode_fast
