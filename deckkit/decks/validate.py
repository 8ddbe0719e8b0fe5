"""Deck validation against a construction format: every problem at once, each with a stable code.

Error codes (stable): ``unreadable``, ``bad-json``, ``invalid-deck-file``, ``missing-game``,
``unknown-game``, ``bad-line``, ``bad-count``, ``duplicate-header``, ``unknown-format``,
``wrong-format``, ``unknown-card``, ``wrong-game``, ``deck-too-small``, ``deck-too-large``,
``too-many-copies``, ``banned``, ``restricted``, ``not-in-format``, ``set-not-allowed``,
``rarity-not-allowed``, ``type-not-allowed``, ``composition``.

Warning codes (stable): ``duplicate-card``, ``unknown-header``, and the advice codes of the format
files (``size-advice``, ``food-share``, …).

A deck is ``legal`` when it has no errors, and ``partly_legal`` when its only errors concern its
size (``deck-too-small``/``deck-too-large``) — useful while a deck is still being built. A legal
deck is also partly legal. The sideboard is checked card by card (unknown, wrong game, banned,
not allowed) but does not count towards size, copies or composition.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Iterable

from deckkit.decks.formats import Format, find_format
from deckkit.decks.model import CachedLookup, CardLookup, Deck, Problem, ResolvedDeck, resolve
from deckkit.errors import DeckkitError
from deckkit.text import fold

SIZE_CODES = frozenset({"deck-too-small", "deck-too-large"})


@dataclass
class Report:
    """The validation result of one deck (the CLI.md ``deck validate -o json`` object)."""

    deck: str | None
    game: str | None
    format: str | None
    size: int
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        """No errors."""
        return not self.errors

    @property
    def partly_legal(self) -> bool:
        """No errors other than the deck's size."""
        return all(p.code in SIZE_CODES for p in self.errors)

    def as_json(self) -> dict[str, Any]:
        """``{"deck", "game", "format", "size", "legal", "partly_legal", "errors", "warnings"}``."""
        return {"deck": self.deck, "game": self.game, "format": self.format, "size": self.size,
                "legal": self.legal, "partly_legal": self.partly_legal,
                "errors": [p.as_json() for p in self.errors], "warnings": [p.as_json() for p in self.warnings]}


def _rule(text: str, rule: str | None) -> str:
    return f"{text} ({rule})" if rule else text


def _keys(names: Iterable[str]) -> set[str]:
    return {fold(n) for n in names} | set(names)


def _is(card: dict[str, Any], keys: set[str]) -> bool:
    return card.get("id") in keys or fold(card.get("name", "")) in keys


def _limit_for(card: dict[str, Any], table: dict[str, Any]) -> tuple[bool, Any]:
    for key, value in table.items():
        if key == card.get("id") or fold(key) == fold(card.get("name", "")):
            return True, value
    return False, None


def _compile(where: dict[str, Any]) -> list[tuple[str, frozenset]]:
    return [(k, frozenset(v) if isinstance(v, list) else frozenset((v,))) for k, v in where.items()]


def _match(card: dict[str, Any], conds: list[tuple[str, frozenset]]) -> bool:
    for key, wanted in conds:
        have = card.get(key)
        if isinstance(have, list):
            if wanted.isdisjoint(have):
                return False
        elif have not in wanted:
            return False
    return True


def matches(card: dict[str, Any], where: dict[str, Any]) -> bool:
    """True when every field of ``where`` matches the card (lists match on any shared value)."""
    return _match(card, _compile(where))


def _bounds(rng: dict[str, int]) -> tuple[int | None, int | None]:
    if "exact" in rng:
        return rng["exact"], rng["exact"]
    return rng.get("min"), rng.get("max")


def _outside(value: int, rng: dict[str, int] | None) -> str | None:
    if not rng:
        return None
    low, high = _bounds(rng)
    if low is not None and low == high and value != low:
        return f"exactly {low}"
    if low is not None and value < low:
        return f"at least {low}"
    if high is not None and value > high:
        return f"at most {high}"
    return None


def _describe(where: dict[str, Any]) -> str:
    return ", ".join(f"{k} {'/'.join(map(str, v)) if isinstance(v, list) else v}" for k, v in where.items())


def _card_rules(fmt: Format, card: dict[str, Any], line: int | None, errors: list[Problem]) -> None:
    name = card.get("name", card.get("id", "?"))
    if fmt.banned and _is(card, _keys(fmt.banned)):
        errors.append(Problem("banned", f"{name} is banned in {fmt.id}", card=name, line=line,
                              hint="take it out of the deck"))
    if fmt.pool is not None and not _is(card, _keys(fmt.pool)):
        errors.append(Problem("not-in-format", f"{name} is not in the card pool of {fmt.id}", card=name,
                              line=line, hint="the format's 'pool' lists the cards it allows"))
    if fmt.sets is not None and card.get("set") not in fmt.sets:
        errors.append(Problem("set-not-allowed", f"{name} is from set {card.get('set')!r}, which {fmt.id} "
                              f"does not allow", card=name, line=line, hint="allowed sets: " + ", ".join(fmt.sets)))
    if fmt.rarities is not None and card.get("rarity") not in fmt.rarities:
        errors.append(Problem("rarity-not-allowed", f"{name} has rarity {card.get('rarity')!r}, which {fmt.id} "
                              f"does not allow", card=name, line=line,
                              hint="allowed rarities: " + ", ".join(fmt.rarities)))
    if fmt.types is not None and card.get("type") not in fmt.types:
        errors.append(Problem("type-not-allowed", f"{name} is of type {card.get('type')}, which {fmt.id} "
                              f"does not allow", card=name, line=line, hint="allowed types: " + ", ".join(fmt.types)))


def check(resolved: ResolvedDeck, fmt: Format) -> tuple[list[Problem], list[Problem]]:
    """The format's errors and warnings for a resolved deck (lookup problems not included)."""
    errors = _size_errors(resolved.deck.size, fmt)
    # Cards one by one, main deck and sideboard alike.
    for rows in (resolved.main, resolved.side):
        for r in rows:
            if r.card is not None:
                _card_rules(fmt, r.card, r.entry.line, errors)
    errors += _copy_errors(resolved, fmt)
    main = resolved.counts()
    for req in fmt.composition:
        errors += _composition_errors(req, main)
    warnings = [w for adv in fmt.advice if (w := _advice_warning(adv, main, resolved.deck.size)) is not None]
    return errors, warnings


def _size_errors(size: int, fmt: Format) -> list[Problem]:
    """The deck's size against the format's least and most (OB-202, AF-202, AF-206, KO-104 …)."""
    errors = []
    low, high, rule = fmt.size.get("min"), fmt.size.get("max"), fmt.size.get("rule")
    if low is not None and size < low:
        errors.append(Problem("deck-too-small", _rule(f"the deck has {size} cards; {fmt.id} needs at least {low}",
                                                      rule), hint=f"add {low - size} more card(s)"))
    if high is not None and size > high:
        errors.append(Problem("deck-too-large", _rule(f"the deck has {size} cards; {fmt.id} allows at most {high}",
                                                      rule), hint=f"take out {size - high} card(s)"))
    return errors


def _copy_errors(resolved: ResolvedDeck, fmt: Format) -> list[Problem]:
    """Copies in the main deck, counted by name (AF-208) or by id; restricted cards have their own, lower limit."""
    errors = []
    by_id = fmt.copies.get("by", "name") == "id"
    totals: Counter[str] = Counter()
    first: dict[str, tuple[dict[str, Any], int | None]] = {}  # a card's problem names its first line
    for r in resolved.main:
        if r.card is None:
            continue
        key = r.card["id"] if by_id else fold(r.card["name"])
        totals[key] += r.entry.count
        first.setdefault(key, (r.card, r.entry.line))
    default_max, copy_rule = fmt.copies.get("max"), fmt.copies.get("rule")
    exceptions = fmt.copies.get("exceptions", {})
    for key, total in totals.items():
        card, line = first[key]
        name = card["name"]
        found, limit = _limit_for(card, exceptions)
        if not found:
            limit = default_max
        if limit is not None and total > limit:
            errors.append(Problem("too-many-copies", _rule(f"{total} copies of {name}; {fmt.id} allows at most {limit}",
                                                           copy_rule), card=name, line=line,
                                  hint=f"take out {total - limit}"))
        found, restricted = _limit_for(card, fmt.restricted)
        if found and total > restricted:
            errors.append(Problem("restricted", f"{name} is restricted to {restricted} in {fmt.id}; the deck has {total}",
                                  card=name, line=line, hint=f"keep {restricted}"))
    return errors


def _composition_errors(req: dict[str, Any], main: list[tuple[dict[str, Any], int]]) -> list[Problem]:
    """One composition requirement (KO-104 …): the count of the cards matching `where`, or per group of them."""
    label = req.get("label") or _describe(req["where"])
    conds = _compile(req["where"])  # once per requirement, not once per card
    chosen = [(c, n) for c, n in main if _match(c, conds)]
    group_by = req.get("group_by")
    if group_by is None:
        need = _outside(sum(n for _, n in chosen), req.get("count"))
        if not need:
            return []
        total = sum(n for _, n in chosen)
        return [Problem("composition", _rule(f"{label}: {total}, needs {need}", req.get("rule")),
                        hint="the format's composition rules list what the deck must hold")]
    errors = []
    fields = [group_by] if isinstance(group_by, str) else list(group_by)
    groups: defaultdict[tuple, int] = defaultdict(int)
    for card, n in chosen:
        groups[tuple(card.get(f) for f in fields)] += n
    need = _outside(len(groups), req.get("groups"))
    if need:
        errors.append(Problem("composition", _rule(f"{label}: {len(groups)} different {'/'.join(fields)}, "
                                                   f"needs {need}", req.get("rule"))))
    for group, total in sorted(groups.items(), key=lambda kv: str(kv[0])):
        need = _outside(total, req.get("count"))
        if need:
            what = " ".join(str(g) for g in group)
            errors.append(Problem("composition", _rule(f"{label}: {total} of {what}, needs {need}",
                                                       req.get("rule")), card=what))
    return errors


def _advice_warning(adv: dict[str, Any], main: list[tuple[dict[str, Any], int]], size: int) -> Problem | None:
    """One piece of the format's advice (OB-204, OB-207, OB-Q3): a warning when the deck strays, never an error."""
    target, tol = adv["target"], adv["tolerance"]
    if adv["kind"] == "size":
        if abs(size - target) > tol:
            return Problem(adv["code"], _rule(f"about {target:g} cards are recommended; the deck has {size}",
                                              adv.get("rule")), severity="warning",
                           hint=f"advice only: {target - tol:g}–{target + tol:g} cards give no warning")
        return None
    if not size:
        return None  # an empty deck has no shares
    conds = _compile(adv["where"])
    count = sum(n for c, n in main if _match(c, conds))
    share = count / size
    if abs(share - target) > tol:
        label = adv.get("label") or _describe(adv["where"])
        low, high = round((target - tol) * size), round((target + tol) * size)
        aim = f"{low}" if low == high else f"{low}–{high}"
        return Problem(adv["code"], _rule(f"{label} is {count}/{size} = {share:.0%} of the deck; about {target:.0%} "
                                          "is advised", adv.get("rule")), severity="warning",
                       hint=f"aim for {aim} {label}")
    return None


def choose_format(deck: Deck, fmt: Format | str | None) -> tuple[Format | None, list[Problem]]:
    """The format to check against: ``fmt`` (a Format or a name) if given, else the deck's, else the default."""
    if isinstance(fmt, Format):
        if fmt.game != deck.game:
            return None, [Problem("wrong-format", f"format {fmt.id} is for {fmt.game}, the deck is {deck.game}",
                                  hint="choose a format of the deck's game")]
        return fmt, []
    name = fmt if fmt is not None else deck.format
    try:
        return find_format(deck.game, name), []
    except DeckkitError as exc:
        # The deck's own format: line is named; a --format given on the command line has no line.
        line = getattr(deck.layout, "headers", {}).get("format") if fmt is None else None
        return None, [Problem("unknown-format", exc.message, line=line, hint=exc.hint)]


def validate_deck(deck: Deck, catalogue: CardLookup, fmt: Format | str | None = None,
                  problems: list[Problem] | None = None) -> Report:
    """Validate a parsed deck: ``problems`` are the reader's findings (default: the deck's notes)."""
    problems = list(deck.notes) if problems is None else problems
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity != "error"]
    report = Report(deck.path, deck.game or None, None, deck.size, errors, warnings)
    if not deck.game:
        return report
    chosen, format_problems = choose_format(deck, fmt)
    report.errors += format_problems
    resolved = resolve(deck, catalogue)
    report.errors += resolved.errors
    # The reader's duplicate-line notes are already in `warnings`; keep only the lookup's own.
    notes = set(deck.notes)  # Problems are frozen (hashable): one look-up per warning, not a scan of the notes
    report.warnings += [w for w in resolved.warnings if w not in notes]
    if chosen is not None:
        report.format = chosen.name
        more_errors, more_warnings = check(resolved, chosen)
        report.errors += more_errors
        report.warnings += more_warnings
    # File order first (by line), then findings about the deck as a whole.
    report.errors.sort(key=lambda p: (p.line is None, p.line or 0))
    report.warnings.sort(key=lambda p: (p.line is None, p.line or 0))
    return report


def validate(paths: Iterable[str | Path], catalogue: CardLookup, fmt: Format | str | None = None) -> list[Report]:
    """Validate deck files: one Report per path, never raising for a bad deck file."""
    from deckkit.decks.io import read_deck

    catalogue = catalogue if isinstance(catalogue, CachedLookup) else CachedLookup(catalogue)
    reports = []
    for path in paths:
        deck, problems = read_deck(path)
        reports.append(validate_deck(deck, catalogue, fmt, problems))
    return reports
