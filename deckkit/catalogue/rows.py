"""Card rows: what the catalogue stores for a valid card (search columns, JSON, full-text words, tags).

The per-card work of an import happens here, in one tight loop (:func:`card_rows`); reading turns
the stored JSON back into a card (:func:`stored_card`).
"""

from __future__ import annotations

import json
from functools import cache
from operator import itemgetter
from typing import Any
from collections.abc import Callable, Iterable

from deckkit.text import fold

# Search columns (table ``cards``: every searchable field as a plain column, the rules text
# included, so other tools read it) and the record itself (table ``card_blobs``: the card JSON,
# from which everything in ``cards`` is derived). The full-text index ``cards_fts`` reads the name
# and text columns (triggers keep it current); sub:/kw:/effect: values go to the indexed ``card_tags``.
MAIN_COLUMNS = (
    "id", "game", "name", "name_key", "type", "set_key", "rarity", "cost", "attack", "defense", "number", "glory",
    "ingredient_key", "label", "source", "text", "subtypes", "keywords", "effects", "names_key", "flags",
    "rulebook", "invented",
)
# Columns derived from the record (all but ``source``, which says where it came from).
DERIVED_COLUMNS = tuple(c for c in MAIN_COLUMNS if c != "source")
# A card row (:func:`card_rows`): the MAIN_COLUMNS values, then the card JSON and the card's
# tags ((kind, folded value), ...).
_N = len(MAIN_COLUMNS)
ROW_DATA, ROW_TAGS = _N, _N + 1
_MAIN = itemgetter(slice(0, _N))
_DATA = itemgetter(ROW_DATA)
SEP = "\x1f"  # separates the names in names_key; fold() never produces it from card data
LIST_SEP = ", "  # separates the items of the readable list columns (subtypes, keywords, effects)


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


_NO_TAGS: tuple = ()


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []



_GAME_FLAGS: dict[str, tuple] = {}


def _clear_flags() -> None:
    _GAME_FLAGS.clear()


def card_flags(card: dict) -> list[str]:
    """The names of the game's own is: flags (its spec's search_flags) that the card has."""
    game = card.get("game")
    if not isinstance(game, str):
        return []
    flags = _GAME_FLAGS.get(game)
    if flags is None:
        from deckkit.engine.registry import find, on_change

        if not _GAME_FLAGS:
            on_change(_clear_flags)
        spec = find(game)
        # a threshold flag is searched on its number column (deckkit.catalogue.search.is_sql), not tagged
        flags = _GAME_FLAGS[game] = tuple((name, flag) for name, flag in spec.search_flags.items()
                                          if flag.minimum is None) if spec is not None else ()
    return [name for name, flag in flags if flag.matches(card)]


def _tags(card: dict, effects: list[str], flags: list[str]) -> tuple:
    sub, groups, symbols, keywords = card.get("subtypes"), card.get("groups"), card.get("symbols"), \
        card.get("keywords")
    if not (sub or groups or symbols or keywords or effects or flags):
        return _NO_TAGS
    out = [("s", fold(v)) for v in _strings(sub)]
    out += [("k", fold(v)) for v in (*_strings(groups), *_strings(symbols), *_strings(keywords))]
    out += [("e", fold(v)) for v in effects]
    out += [("f", v) for v in flags]
    return tuple(dict.fromkeys(t for t in out if t[1]))  # an item listed twice is one tag


def names_key(card: dict) -> str | None:
    """The folded translated names (``names``), each between SEP marks; None without any."""
    names = card.get("names")
    if not names or not isinstance(names, dict):
        return None
    keys = [fold_key(v) for v in names.values() if isinstance(v, str)]
    return SEP + SEP.join(keys) + SEP if keys else None


def _listed(card: dict, key: str) -> int:
    inner = card.get("provenance")
    return int(isinstance(inner, dict) and isinstance(v := inner.get(key), list) and len(v) > 0)


def _joined(values: list[str]) -> str | None:
    return LIST_SEP.join(values) if values else None


def card_rows(records: list[dict], source: str) -> list[tuple]:
    """Rows of valid card records: MAIN_COLUMNS values, JSON (UTF-8 bytes), tags.

    The per-card work of a bulk import happens here, so it is one tight loop. The JSON keeps the
    record's own key order: putting the fields in canonical order is left to reading
    (:func:`stored_card`), which touches a page of cards where an import touches all of them.
    """
    out: list[tuple] = []
    append = out.append
    encode = _encoder()
    game_flags: dict[str, tuple] = {}  # each game's flags, looked up once per call
    set_keys: dict[str, str] = {}  # a file repeats a few sets
    for card in records:
        if "text" not in card:
            card = {**card, "text": ""}
        get = card.get
        name = card["name"]
        card_set, ingredient = get("set"), get("ingredient")
        effects = _words(card["abilities"]) if "abilities" in card else []
        game = card["game"]
        checks = game_flags.get(game)
        if checks is None:
            flags = card_flags(card)
            game_flags[game] = _GAME_FLAGS.get(game, ())
        else:
            flags = [flag_name for flag_name, flag in checks if flag.matches(card)] if checks else []
        if card_set:
            set_key = set_keys.get(card_set)
            if set_key is None:
                set_key = set_keys[card_set] = fold(card_set)
        else:
            set_key = None
        subtypes, groups, symbols, keywords = get("subtypes"), get("groups"), get("symbols"), get("keywords")
        kws = (groups or []) + (symbols or []) + (keywords or []) if (groups or symbols or keywords) else []
        tags = _tags(card, effects, flags) if (subtypes or kws or effects or flags) else _NO_TAGS
        append((
            card["id"], game, name, fold_key(name), card["type"],
            set_key, get("rarity"), get("cost"), get("attack"), get("defense"),
            get("number"), get("glory"), fold(ingredient) if ingredient else None, get("label"), source,
            card["text"], _joined(_strings(subtypes)) if subtypes else None, _joined(_strings(kws)) if kws else None,
            _joined(effects), names_key(card) if "names" in card else None, _joined(flags),
            _listed(card, "rules") if "provenance" in card else 0,
            _listed(card, "invented") if "provenance" in card else 0,
            encode(card), tags,
        ))
    return out


class DamagedRecord(Exception):
    """A stored record that cannot be read as a card; ``reason`` says why, in words for people."""

    def __init__(self, card_id: str | None, reason: str) -> None:
        super().__init__(f"card {card_id}: {reason}")
        self.card_id, self.reason = card_id, reason


_KINDS = {list: "a JSON array", type(None): "null", str: "a string", int: "a number", float: "a number",
          bool: "a boolean"}


def read_record(card_id: str | None, raw: bytes | str | None) -> dict:
    """The card of a stored record (canonical form); DamagedRecord if it is missing, not UTF-8, not JSON,
    not an object, lacks a required field or names another id (``card_id`` None: any id)."""
    if raw is None:
        raise DamagedRecord(card_id, "its record is missing (no row in card_blobs)")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DamagedRecord(card_id, f"its record is not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise DamagedRecord(card_id, f"its record is not valid JSON ({str(exc)[:80]})") from None
    if not isinstance(data, dict):
        raise DamagedRecord(card_id, f"its record is {_KINDS.get(type(data), 'not an object')}, not a JSON object")
    for key in ("id", "game", "name", "type"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise DamagedRecord(card_id, f"its record has no {key}")
    if card_id is not None and data["id"] != card_id:
        raise DamagedRecord(card_id, f"its record holds another id ({data['id'][:80]!r})")
    return stored_card_of(data)


def stored_card_of(data: dict) -> dict:
    """A record's card in canonical form (field order, integral numbers as int)."""
    from deckkit.schemas import canonical_card

    return canonical_card(data)


def stored_card(data: str) -> dict:
    """The card dict of a stored JSON text, in canonical form (field order, integral numbers as int)."""
    from deckkit.schemas import canonical_card  # here, not at the top: a cold search should not pay for it

    return canonical_card(json.loads(data))


def _words(abilities: Any) -> list[str]:
    from deckkit.engine.abilities import ability_words  # here: a cold search never derives columns

    return ability_words(abilities)


def same_card(stored: bytes | str | None, data: bytes | str) -> bool:
    """True if a stored record and a new JSON text (a row's UTF-8 bytes) hold the same card (the texts may
    differ in key order or number form); a missing or damaged record is never the same.

    Two cards are the same when their values are: parsed, they compare equal as dicts (key order does
    not count, and 2 equals 2.0 as the stored form's integral numbers do), ``text`` missing counting
    as "" as in the stored form.
    """
    if stored is None:
        return False
    if stored == data:  # the same bytes (or the same text): no need to read them
        return True
    if isinstance(data, bytes):
        data = data.decode("utf-8")
    if isinstance(stored, bytes):
        try:
            stored = stored.decode("utf-8")
        except UnicodeDecodeError:
            return False
    if stored == data:
        return True
    loads = _loader()
    try:
        old, new = loads(stored), loads(data)
    except (ValueError, RecursionError):
        return False
    if not isinstance(old, dict) or not isinstance(new, dict) or old.get("id") != new.get("id"):
        return False
    if "text" not in old:
        old["text"] = ""
    if "text" not in new:
        new["text"] = ""
    return bool(old == new)


@cache
def _loader() -> Callable[[str], Any]:
    """The fastest JSON parser at hand (orjson, else the standard library's)."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - a declared dependency
        return json.loads
    return orjson.loads


@cache
def _encoder() -> Callable[[Any], bytes]:
    """The JSON encoder of stored cards, to UTF-8 bytes (made on first use: only writing needs it).

    Bytes, because SQLite takes them as they are (the store casts them to TEXT): a str would be decoded
    here only to be encoded to UTF-8 again when it is bound.
    """
    # The C encoder made once: JSONEncoder.encode builds a new one for every call, which costs as
    # much as encoding a small card. Same text as JSONEncoder(ensure_ascii=False, separators=(",", ":")).
    import json.encoder

    # The C accelerator is an undocumented attribute of json.encoder (None without the C module).
    c_make_encoder: Callable[..., Callable[[Any, int], Iterable[str]]] | None = getattr(
        json.encoder, "c_make_encoder", None)
    encode_basestring = json.encoder.encode_basestring
    fallback = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    if c_make_encoder is None:  # pragma: no cover - CPython always has it
        return lambda obj: fallback.encode(obj).encode("utf-8")
    chunks = c_make_encoder(None, fallback.default, encode_basestring, None, ":", ",", False, False, True)

    def encode(obj: Any) -> bytes:
        return "".join(chunks(obj, 0)).encode("utf-8")

    try:
        import orjson
    except ImportError:  # pragma: no cover - a declared dependency; the stdlib encoder is the fallback
        return encode
    # orjson encodes a card about 4x faster (a tenth of a bulk import's time). Its text may differ
    # from json's only in how it writes floats, which stored cards compare through same_card; values
    # it does not take (integers beyond 64 bits, lone surrogates) go to the stdlib encoder.
    # Non-finite floats never get here: the importer rejects them while parsing.
    dumps, error = orjson.dumps, orjson.JSONEncodeError

    def encode_fast(obj: Any) -> bytes:
        try:
            return dumps(obj)
        except error:
            return encode(obj)
    return encode_fast
