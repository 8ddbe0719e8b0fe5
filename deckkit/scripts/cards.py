"""The cards a script plays with: the catalogue's (``--db``, ``$DECKKIT_DB``, the default), plus the
script's own inline ``[[card]]`` tables, validated like an import.

Inline cards take precedence over catalogue cards with the same id or name, so a self-contained
script means the same cards on every machine. A script's ``prefer`` list (and then the catalogue's
preference, :mod:`deckkit.catalogue.prefer`) picks one of the catalogue cards that share a name; the
others leave the script's pool. A name that several of the script's cards still carry is
ambiguous: a script that names it fails and lists the ids (write an id instead; ids stand
wherever names do, in the set-up and in actions).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckkit.decks.cardpool import CardPool
from deckkit.errors import DeckkitError
from deckkit.text import fold

if TYPE_CHECKING:  # pragma: no cover
    from deckkit.scripts.reader import Script

__all__ = ["CardSource", "ScriptCards", "script_cards"]


class CardSource:
    """Where scripts find cards: a catalogue file (opened on first use; the default place when None),
    or a fixed list of card dicts. Each game's cards are read once per source."""

    def __init__(self, db: str | Path | None = None, *, cards: list[dict] | None = None) -> None:
        self.db = Path(db) if db is not None else None
        self._fixed = cards
        self._by_game: dict[str, list[dict]] = {}
        self._sources: dict[str, dict[str, str]] = {}
        #: the catalogue-wide preference (``deckkit db prefer``), read with the cards
        self.preference: tuple[str, ...] = ()

    def keywords(self, game: str) -> dict:
        """The keyword definitions the source's catalogue holds for ``game`` (none for a fixed list)."""
        if self._fixed is not None:
            return {}
        from deckkit.catalogue import open_catalogue
        from deckkit.catalogue.keywordstore import stored_keywords

        with open_catalogue(self.db) as cat:
            return stored_keywords(cat, game)

    def game_cards(self, game: str) -> list[dict]:
        """Every card of ``game`` (a resolved game name) this source holds."""
        found = self._by_game.get(game)
        if found is None:
            if self._fixed is not None:
                found = [c for c in self._fixed if c.get("game") == game]
            else:
                from deckkit.catalogue import open_catalogue

                with open_catalogue(self.db) as cat:
                    found = cat.cards(game)
                    self._sources[game] = cat.sources(game)
                    self.preference = cat.preference()
            self._by_game[game] = found
        return found

    def sources(self, game: str) -> dict[str, str]:
        """``id -> source`` of the game's cards (empty for a fixed list); after :meth:`game_cards`."""
        return self._sources.get(game, {})


@dataclass
class ScriptCards:
    """A script's card pool: inline cards first, then the source's cards they do not shadow."""

    game: str
    cards: list[dict]
    inline: list[dict] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)  # id -> the file it was imported from
    prefer: tuple[str, ...] = ()  # the script's and the catalogue's preferences, for the decks it loads

    def __post_init__(self) -> None:
        self.pool = CardPool(self.cards, sources=self.sources, prefer=self.prefer)
        ids_by_name: dict[str, list[str]] = {}
        for card in self.cards:
            ids_by_name.setdefault(fold(card["name"]), []).append(card["id"])
        #: folded name -> the ids that share it (only names of two or more cards)
        self.ambiguous = {name: ids for name, ids in ids_by_name.items() if len(ids) > 1}
        self.names = {card["id"]: card["name"] for card in self.cards}

    def check_text(self, text: str) -> str | None:
        """The message for an ambiguous card name inside ``text`` (a set-up entry or an action), or None."""
        if not self.ambiguous:
            return None
        folded = fold(text)
        for name, ids in self.ambiguous.items():
            if _phrase(name).search(folded):
                return f"ambiguous name {name!r}: cards {', '.join(ids)}"
        return None

    def with_names(self, action: str) -> str:
        """``action`` with card ids written as the card names the engine's action strings use."""
        if not any(cid in action for cid in self.names):
            return action
        return _ids(tuple(self.names)).sub(lambda m: self.names[m.group(0)], action)


def _phrase(name: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")


def _ids(ids: tuple[str, ...]) -> re.Pattern:
    alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    return re.compile(r"(?<![\w-])(?:" + alternatives + r")(?![\w-])")


def script_cards(script: Script, game: str, source: CardSource) -> ScriptCards:
    """The script's pool: its valid inline cards over the source's cards of ``game``; ScriptError
    naming the script, the line and the field of the first invalid inline card."""
    from deckkit.catalogue.prefer import parse, shadowed

    inline = _inline_cards(script, game, source)
    try:
        prefer = parse(script.data.get("prefer"))
    except DeckkitError as exc:
        raise script.error(exc.message, "prefer", hint=exc.hint) from None
    taken_ids = {c["id"] for c in inline}
    taken_names = {fold(c["name"]) for c in inline}
    rest = [c for c in source.game_cards(game) if c["id"] not in taken_ids and fold(c["name"]) not in taken_names]
    sources = source.sources(game)
    prefer += source.preference
    # Where the preferences pick one of the cards that share a name, the others leave the pool, as
    # a card an inline one shadows does: the script's names and actions then mean that one card.
    lost = shadowed(rest, sources, prefer)
    if lost:
        rest = [c for c in rest if c["id"] not in lost]
    return ScriptCards(game, inline + rest, inline, sources, prefer)


def _inline_cards(script: Script, game: str, source: CardSource) -> list[dict]:
    from deckkit.catalogue.importer import Record, validate_records

    tables = script.data.get("card", [])
    records = []
    for number, table in enumerate(tables, start=1):
        data = dict(table)
        data.setdefault("game", game)
        records.append(Record(script.path, script.line("card", number), number, data))
    problems, expansions = _expand_keywords(script, game, source, records)
    if not problems:
        problems = [expansions[p.record].locate(p) if p.record in expansions else p
                    for p in validate_records(records)]
    for number, record in enumerate(records, start=1):
        data = record.data
        if not problems and _game_of(data.get("game")) != game:
            raise script.error(f"card {number}: game is {data['game']!r}, but the script plays {game}",
                               "card", number, "game", hint="inline cards are cards of the script's game; "
                                                            "leave game out to mean it")
    if problems and problems[0].record is None:  # a keyword definition of the script
        first = problems[0]
        name = re.match(r'\$\.keywords\["(.*?)"\]', first.path or "")
        raise script.error(f"{first.path or '$'}: {first.message}", *(("keywords", name.group(1)) if name else ()),
                           hint=first.hint or "a keyword has text and abilities, as in a card file")
    if problems:
        first = problems[0]
        top_field = re.match(r"\$\.?([A-Za-z_]+)", first.path or "")
        where = ("card", first.record, top_field.group(1)) if top_field else ("card", first.record)
        more = f" ({len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        raise script.error(f"card {first.record}: {first.path or '$'}: {first.message}{more}", *where,
                           hint=first.hint or "inline cards follow schemas/card.schema.json, as deckkit import does")
    names: dict[str, int] = {}
    for number, record in enumerate(records, start=1):
        key = fold(record.data["name"])
        if key in names:
            raise script.error(f"card {number}: name {record.data['name']!r} is already the name of inline card "
                               f"{names[key]}", "card", number, "name",
                               hint="give each inline card a name of its own")
        names[key] = number
    return [r.data for r in records]


def _expand_keywords(script: Script, game: str, source: CardSource, records: list) -> tuple[list, dict]:
    """The inline cards with their keywords put in as abilities (as an import does): the problems, and
    the expansions by card number (which say where a problem of an expanded ability was named)."""
    from deckkit.engine.keywords import KeywordTable, expand_card, grants_named, read_section

    section = script.data.get("keywords")
    named = any("keywords" in r.data or grants_named(r.data) or any(isinstance(a, dict) and "keyword" in a
                                                                   for a in r.data.get("abilities") or ())
                for r in records)
    if section is None and not named:
        return [], {}
    if isinstance(section, dict):
        section = {k: {"game": game, **v} if isinstance(v, dict) else v for k, v in section.items()}
    defined, problems = read_section(section, script.path) if section is not None else ([], [])
    table = KeywordTable(defined, source.keywords(game) if named else {})
    problems += table.problems
    expansions = {}
    for r in records:
        expansion, found = expand_card(r.data, table, script.path, r.number)
        problems += found
        if expansion is not None:
            r.data = expansion.card
            expansions[r.number] = expansion
    return problems, expansions


def _game_of(name: Any) -> str | None:
    from deckkit.engine.registry import resolve

    try:
        return resolve(name) if isinstance(name, str) else None
    except DeckkitError:
        return None


def check_names(script: Script, cards: ScriptCards) -> None:
    """Refuse a script whose set-up or actions name an ambiguous card name (ScriptError at its line)."""
    if not cards.ambiguous:
        return
    data = script.data
    for path, text in _strings(data.get("setup", {}), ("setup",)):
        problem = cards.check_text(text)
        if problem:
            raise script.error(problem, *path, value=text, hint=_ID_HINT)
    for index, step in enumerate(data.get("step", []), start=1):
        actions = step.get("do", [])
        for text in [actions] if isinstance(actions, str) else actions:
            _check_action(script, cards, text, ("step", index, "do"))
        for entry in step.get("illegal", []):
            text = entry if isinstance(entry, str) else entry.get("action", "")
            _check_action(script, cards, text, ("step", index, "illegal"))


_ID_HINT = "write the card's id instead of its name (ids stand wherever names do, e.g. play ob-my-card)"


def _check_action(script: Script, cards: ScriptCards, text: Any, path: tuple) -> None:
    if isinstance(text, str):
        problem = cards.check_text(text)
        if problem:
            raise script.error(f"step {path[1]}: {problem}", *path, value=text, hint=_ID_HINT)


def _strings(node: Any, path: tuple) -> list[tuple[tuple, str]]:
    """Every string inside a set-up value, with the key path that holds it."""
    if isinstance(node, str):
        return [(path, node)]
    if isinstance(node, dict):
        return [found for key, value in node.items() for found in _strings(value, path + (key,))]
    if isinstance(node, list):
        return [found for value in node for found in _strings(value, path)]
    return []
