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
    abilities = card.get("abilities")
    return isinstance(abilities, list) and any(isinstance(a, dict) and "keyword" in a for a in abilities)


def ability_warnings(batches: list, expansions: dict) -> list[Problem]:
    """Cards whose abilities can never do anything (or that have rules text and no abilities), each a warning."""
    from deckkit.engine.ability_warnings import card_warnings

    out = []
    for b in batches:
        file, records = b.file, b._records
        for number, data in enumerate(b.datas, 1):
            found = card_warnings(data)
            if not found:
                continue
            line = records[number - 1].line if records is not None else None
            expansion = expansions.get((file, number)) if expansions else None
            for w in found:
                p = Problem(file, w.message, line, number, w.path, w.hint)
                out.append(expansion.locate(p) if expansion is not None else p)
    return out
