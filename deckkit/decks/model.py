"""The deck model: a game, a format, named entries with counts and line numbers, a sideboard.

A :class:`Deck` holds what the file says (names as written). Turning names into cards needs a
card lookup (the catalogue, or a :class:`~deckkit.decks.cardpool.CardPool`); see :func:`resolve`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from deckkit.errors import AmbiguousName, DataError, DeckkitError, UnknownCard, ValidationFailed
from deckkit.text import fold

MAIN = "deck"
SIDEBOARD = "sideboard"


class CardLookup(Protocol):
    """What decks need from a catalogue: ``find(name_or_id, game=None) -> card dict``.

    ``find`` raises :class:`deckkit.errors.UnknownCard` (with suggestions) for names it does not know,
    and :class:`deckkit.errors.AmbiguousName` for a name several cards share that ``prefer`` (the
    deck's ``prefer:`` words, :mod:`deckkit.catalogue.prefer`) does not settle.
    """

    def find(self, name_or_id: str, game: str | None = None, *, prefer: tuple[str, ...] = ()) -> dict[str, Any]: ...


class CachedLookup:
    """Wraps a card lookup and remembers every answer (cards and UnknownCard alike) for one run.

    Validating many decks asks for the same names again and again; one SQL query per name is enough.
    """

    def __init__(self, inner: CardLookup) -> None:
        self.inner = inner
        self._memo: dict[tuple[str, str | None, tuple[str, ...]], Any] = {}

    def find(self, name_or_id: str, game: str | None = None, *, prefer: tuple[str, ...] = ()) -> dict[str, Any]:
        """Same contract as the wrapped ``find``."""
        key = (name_or_id, game, prefer)
        hit = self._memo.get(key)
        if hit is None:
            try:
                hit = self.inner.find(name_or_id, game=game, prefer=prefer)
            except DeckkitError as exc:
                hit = exc
            self._memo[key] = hit
        if isinstance(hit, DeckkitError):
            raise hit
        return hit


@dataclass(frozen=True)
class Problem:
    """One finding about a deck: a stable ``code``, a message, and where it is (card, line)."""

    code: str
    message: str
    card: str | None = None
    line: int | None = None
    hint: str | None = None
    severity: str = "error"  # "error" or "warning"

    def as_json(self) -> dict[str, Any]:
        """The CLI.md shape ``{"code", "message", "card"?}`` plus ``line``/``hint`` when known."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.card is not None:
            out["card"] = self.card
        if self.line is not None:
            out["line"] = self.line
        if self.hint:
            out["hint"] = self.hint
        return out

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        tail = f" (hint: {self.hint})" if self.hint else ""
        return f"{where}{self.message} [{self.code}]{tail}"


@dataclass
class DeckEntry:
    """``count`` copies of the card written as ``name`` (a name or an id) on ``line``."""

    count: int
    name: str
    line: int | None = None
    section: str = MAIN


@dataclass
class Deck:
    """A deck file's content: header (game, format, name), main entries and sideboard."""

    game: str
    format: str | None = None
    name: str | None = None
    entries: list[DeckEntry] = field(default_factory=list)
    sideboard: list[DeckEntry] = field(default_factory=list)
    path: str | None = None
    # Findings made while reading (e.g. the same card on two lines); validation repeats them.
    notes: list[Problem] = field(default_factory=list)
    # Which source wins where cards share a name (the ``prefer:`` header; deckkit.catalogue.prefer).
    prefer: tuple[str, ...] = ()
    # Where a text file's comments stood (deckkit.decks.textfile.Layout), so edits can keep them.
    layout: Any = field(default=None, repr=False, compare=False)

    @property
    def size(self) -> int:
        """Number of cards in the main deck (sideboard excluded)."""
        return sum(e.count for e in self.entries)

    def section(self, which: str) -> list[DeckEntry]:
        """The entry list of ``deck`` or ``sideboard``."""
        return self.sideboard if which == SIDEBOARD else self.entries

    def add(self, name: str, count: int = 1, *, section: str = MAIN) -> DeckEntry:
        """Add ``count`` copies of ``name``; an entry with the same folded name grows instead."""
        if count < 1:
            raise DataError(f"cannot add {count} copies", hint="the count is a whole number from 1")
        entries = self.section(section)
        key = fold(name)
        for entry in entries:
            if fold(entry.name) == key:
                entry.count += count
                return entry
        entry = DeckEntry(count, name, None, section)
        entries.append(entry)
        return entry

    def remove(self, name: str, count: int | None = None, *, section: str = MAIN) -> int:
        """Remove ``count`` copies (all when None) of ``name``; returns how many were removed."""
        entries = self.section(section)
        key = fold(name)
        for i, entry in enumerate(entries):
            if fold(entry.name) == key:
                taken = entry.count if count is None or count >= entry.count else count
                entry.count -= taken
                if entry.count == 0:
                    del entries[i]
                return taken
        raise DataError(f"{name!r} is not in the {section}", path=self.path,
                        hint="`deckkit deck show DECK` lists the cards in it")

    def cards(self, catalogue: CardLookup, *, section: str = MAIN) -> list[dict[str, Any]]:
        """One card dict per copy, in file order; DataError listing every name that is not found."""
        resolved = resolve(self, catalogue)
        if resolved.errors:
            raise ValidationFailed(
                f"{len(resolved.errors)} card line(s) could not be resolved", resolved.errors,
                path=self.path, hint=resolved.errors[0].hint,
            )
        return resolved.expand(section)


@dataclass
class ResolvedEntry:
    """A deck entry with its card (None when the name is unknown or of another game)."""

    entry: DeckEntry
    card: dict[str, Any] | None


@dataclass
class ResolvedDeck:
    """A deck whose names were looked up once; problems of the lookup are kept, not raised."""

    deck: Deck
    main: list[ResolvedEntry]
    side: list[ResolvedEntry]
    errors: list[Problem]
    warnings: list[Problem]

    def expand(self, section: str = MAIN) -> list[dict[str, Any]]:
        """One card dict per copy of the resolved entries of ``section``."""
        rows = self.side if section == SIDEBOARD else self.main
        out: list[dict[str, Any]] = []
        for r in rows:
            if r.card is not None:
                out.extend([r.card] * r.entry.count)
        return out

    def counts(self, section: str = MAIN) -> list[tuple[dict[str, Any], int]]:
        """(card, copies) per distinct card of ``section``, in file order."""
        rows = self.side if section == SIDEBOARD else self.main
        return [(r.card, r.entry.count) for r in rows if r.card is not None]


def lookup_card(catalogue: CardLookup, name: str, game: str, line: int | None,
                prefer: tuple[str, ...] = ()) -> tuple[dict | None, Problem | None]:
    """(card, None) or (None, an ``unknown-card`` / ``wrong-game`` problem with suggestions, or an
    ``ambiguous-name`` problem listing the ids of the cards that share the name)."""
    try:
        return catalogue.find(name, game=game, prefer=prefer), None
    except AmbiguousName as exc:
        return None, Problem("ambiguous-name", exc.message, card=name, line=line, hint=exc.hint)
    except UnknownCard as exc:
        try:
            other = catalogue.find(name, game=None)
        except DeckkitError:  # unknown everywhere, or ambiguous across other games
            other = None
        if other is not None and other.get("game") != game:
            return None, Problem(
                "wrong-game", f"{other['name']} is a card of {other.get('game')}, not {game}",
                card=other["name"], line=line, hint="remove it or change the deck's game: line",
            )
        hint = f"did you mean {' or '.join(exc.suggestions[:3])}?" if exc.suggestions else \
            "`deckkit search NAME` finds cards by part of their name"
        message = f"unknown card {name!r}"
        if exc.suggestions:
            message += f" — did you mean {exc.suggestions[0]}?"
        return None, Problem("unknown-card", message, card=name, line=line, hint=hint)


def written_name(catalogue: CardLookup, card: dict[str, Any], game: str, prefer: tuple[str, ...] = ()) -> str:
    """How a deck file should name ``card``: its name, or its id when the name would find another card."""
    try:
        found = catalogue.find(card["name"], game=game, prefer=prefer)
    except DeckkitError:  # ambiguous (or, oddly, unknown): only the id is sure
        return card["id"]
    return card["name"] if found["id"] == card["id"] else card["id"]


def resolve(deck: Deck, catalogue: CardLookup) -> ResolvedDeck:
    """Look every entry up once (in the deck's game); merge lines that name the same card."""
    errors: list[Problem] = []
    warnings: list[Problem] = list(deck.notes)
    sections: dict[str, list[ResolvedEntry]] = {MAIN: [], SIDEBOARD: []}
    for section in (MAIN, SIDEBOARD):
        by_id: dict[str, ResolvedEntry] = {}
        for entry in deck.section(section):
            card, problem = lookup_card(catalogue, entry.name, deck.game, entry.line, deck.prefer)
            if problem is not None:
                errors.append(problem)
                sections[section].append(ResolvedEntry(entry, None))
                continue
            assert card is not None  # lookup_card gives a card or a problem
            seen = by_id.get(card["id"])
            if seen is not None:
                # Written differently (id vs name, other spelling) but the same card: counts add up.
                merged = DeckEntry(seen.entry.count + entry.count, seen.entry.name, seen.entry.line, section)
                where = f"on lines {seen.entry.line} and {entry.line}" if entry.line else "twice"
                warnings.append(Problem(
                    "duplicate-card",
                    f"{card['name']} appears {where}; counted as {merged.count}",
                    card=card["name"], line=entry.line, severity="warning",
                    hint="put all copies on one line", ))
                seen.entry = merged
                continue
            resolved = ResolvedEntry(DeckEntry(entry.count, entry.name, entry.line, section), card)
            by_id[card["id"]] = resolved
            sections[section].append(resolved)
    return ResolvedDeck(deck, sections[MAIN], sections[SIDEBOARD], errors, warnings)
