"""The keywords and warnings of an import (:mod:`deckkit.catalogue.importer`): each card's keywords put in as
abilities before the cards are checked (:mod:`deckkit.engine.keywords`), stored cards restated when a
definition they carry changes, and the warnings of abilities that can never do anything
(:mod:`deckkit.engine.ability_warnings`), each with its file, record, line and JSON path.

The batches are the importer's: each has ``file``, ``datas`` (the parsed cards), ``_records`` (the
records with their lines, or None) and ``keywords`` (the file's definitions).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from deckkit.schemas import Problem

__all__ = ["expand_keywords", "ability_warnings"]


def expand_keywords(cat, batches: list) -> tuple[Any, dict[tuple[str, int | None], Any], list[Problem]]:
    """Every card of the batches with its keywords put in as abilities (in place), the keyword table
    (the batches' definitions over the catalogue's), the expansions by (file, record) and the problems."""
    from deckkit.engine.keywords import KeywordTable, expand_card

    defined = [d for b in batches for d in b.keywords]
    wanted = bool(defined) or any(_names_keywords(d) for b in batches for d in b.datas)
    if not wanted:  # the common case: no card names a keyword, nothing to read
        return KeywordTable(()), {}, []
    from deckkit.catalogue.keywordstore import stored_keywords

    table = KeywordTable(defined, stored_keywords(cat) if cat is not None else {})
    problems = list(table.problems)
    if cat is not None and not problems:
        batches += _restated(cat, table, batches)
    expansions: dict[tuple[str, int | None], Any] = {}
    for b in batches:
        for i, data in enumerate(b.datas):
            if not _names_keywords(data):
                continue
            expansion, found = expand_card(data, table, b.file, i + 1)
            problems += [replace(p, line=b._records[i].line) for p in found] if b._records is not None else found
            if expansion is not None:
                b.datas[i] = expansion.card
                if b._records is not None:
                    b._records[i].data = expansion.card
                expansions[(b.file, i + 1)] = expansion
    return table, expansions, problems


def _restated(cat, table: Any, batches: list) -> list:
    """Stored cards (not in this import) that carry a keyword whose definition the import changes, with the
    new definition's abilities, one batch per file they came from (so each keeps its source)."""
    from deckkit.catalogue.importer import _Batch
    from deckkit.engine.keywords import keyword_of, restate

    names: dict[str, set[str]] = {}
    for d in table.changed():
        if (d.game, d.name) in table.stored:
            names.setdefault(d.game, set()).add(d.name)
    if not names:
        return []
    imported = {d.get("id") for b in batches for d in b.datas if isinstance(d, dict)}
    by_source: dict[str, list[dict]] = {}
    for game, direct in names.items():
        changed = table.dependents(game, direct)
        sources = dict(cat.conn.execute("SELECT id, source FROM cards WHERE game = ?", (game,)).fetchall())
        for card in cat.cards(game):
            tags = {keyword_of(a) for a in card.get("abilities") or ()}
            if card["id"] not in imported and tags & changed:
                by_source.setdefault(sources.get(card["id"]) or "catalogue", []).append(
                    restate(card, tags & changed, table))
    return [_Batch(source, cards) for source, cards in by_source.items()]


def _names_keywords(card: Any) -> bool:
    if not isinstance(card, dict):
        return False
    if "keywords" in card:
        return True
    from deckkit.engine.keywords import grants_named

    if grants_named(card):
        return True
    abilities = card.get("abilities")
    return isinstance(abilities, list) and any(isinstance(a, dict) and "keyword" in a for a in abilities)


#: A file with more cards than this whose text says something but that have no abilities gets one
#: warning for them all (how many, and the first ids) instead of one per card; --strict names each.
SUMMARY_AFTER = 5
_FIRST_IDS = 5


def ability_warnings(batches: list, expansions: dict, *, each: bool = False) -> list[Problem]:
    """Cards whose abilities can never do anything (or that have rules text and no abilities), each a warning.

    Cards with rules text and no abilities are common in a file written before its abilities: past
    :data:`SUMMARY_AFTER` of them in a file they are one summary warning, unless ``each`` asks for
    every card (``--strict``, where each is an error to fix).
    """
    from deckkit.engine.ability_warnings import card_warnings, reminder_only, speaks

    out = []
    for b in batches:
        file, records = b.file, b._records
        unspoken: list[int] = []  # record numbers of the cards whose text says something without abilities
        for number, data in enumerate(b.datas, 1):
            game = data.get("game") if isinstance(data, dict) else None
            if isinstance(game, str) and not data.get("abilities"):
                # card_warnings' own first case, decided here so that many such cards need no message each
                if speaks(game) is not None and not reminder_only(data):
                    unspoken.append(number)
                continue
            found = card_warnings(data)
            if found:
                out += _each(file, records, number, found, expansions)
        if len(unspoken) > SUMMARY_AFTER and not each:
            out.append(_summary(file, [b.datas[n - 1] for n in unspoken]))
        else:
            for number in unspoken:
                out += _each(file, records, number, card_warnings(b.datas[number - 1]), expansions)
    return out


def _each(file: str, records: list | None, number: int, found: list, expansions: dict) -> list[Problem]:
    """The warnings of one card, at its record (and line, where known)."""
    line = records[number - 1].line if records is not None else None
    expansion = expansions.get((file, number)) if expansions else None
    out = [Problem(file, w.message, line, number, w.path, w.hint) for w in found]
    return [expansion.locate(p) for p in out] if expansion is not None else out


def _summary(file: str, cards: list[dict]) -> Problem:
    """One warning for the many cards of a file whose text says something but that have no abilities."""
    from deckkit.echo import shown
    from deckkit.engine.ability_warnings import card_warnings

    first = ", ".join(shown(c["id"], 40) for c in cards[:_FIRST_IDS])
    more = f" and {len(cards) - _FIRST_IDS:,} more" if len(cards) > _FIRST_IDS else ""
    hint = card_warnings(cards[0])[0].hint  # the game's own advice for such a card
    return Problem(file, f"{len(cards):,} cards have rules text that says something but no abilities: they play as "
                         f"if the text were not printed ({first}{more})",
                   hint=f"{hint}; import with --strict to list each card")
