"""Seeded sample hands: one or many openings under the game's procedure, and their summary.

Same seed, same hands, everywhere: every deal comes from one ``random.Random(seed)`` that shuffles
the deck (a full shuffle unless one of the game's arrangements is asked for, e.g. Obludárium's
``food-third``) and then runs the game's opening procedure (:mod:`deckkit.hands.procedures`). A
game whose opening is a layout (a board) deals that instead.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable, Sequence

from deckkit.errors import DataError, UsageError
from deckkit.hands.conditions import Condition
from deckkit.engine.registry import resolve_ref
from deckkit.hands.procedures import Opening, cards_drawn_by_turn, layout, opening, procedure

__all__ = ["LoadedDeck", "load_cards", "Deal", "HandsReport", "deal", "sample_hands", "arrangements"]



def arrangements() -> tuple[str, ...]:
    """``shuffle`` (the default) and every registered game's own deck arrangements."""
    from deckkit.engine.registry import registered_games

    out = ["shuffle"]
    for game in registered_games():
        proc = game.opening
        out += [name for name in getattr(proc, "arrangements", {}) if name not in out]
    return tuple(out)


@dataclass
class LoadedDeck:
    """A deck file resolved to one card dict per copy."""

    path: str
    name: str
    game: str
    cards: list[dict]


def load_cards(path: str | Path, db: str | Path | None = None) -> LoadedDeck:
    """Read a deck file and resolve its cards through the catalogue at ``db`` (default location if None)."""
    from deckkit.catalogue import open_catalogue
    from deckkit.decks import load_deck

    deck = load_deck(path)
    cat = open_catalogue(db)
    try:
        cards = deck.cards(cat)
    finally:
        close = getattr(cat, "close", None)
        if close:
            close()
    if not cards:
        raise DataError("the deck has no cards", path=str(path), hint="add card lines such as `4 Chleba`")
    return LoadedDeck(str(path), deck.name or Path(path).stem, deck.game, cards)


@dataclass
class Deal:
    """One sampled opening: the kept hand, the cards drawn by the turn asked, mulligans taken."""

    hand: list[dict]
    drawn: list[dict]
    mulligans: int
    forced: bool
    rejected: list[list[dict]] = field(default_factory=list)
    layout: Any = None  # the dealt layout, for a game whose opening is one (a board) instead of hands


@dataclass
class HandsReport:
    """``count`` deals and, for more than one, a summary."""

    deck: str
    game: str
    seed: int
    count: int
    turn: int
    on_play: bool
    keep: str | None
    variant: str | None
    arrangement: str
    deals: list[Deal]
    summary: dict[str, Any] | None = None
    name: str = ""  # the deck's name for people (``deck`` is the file as given)


def _arrange(cards: list[dict], game: str, rng: random.Random, arrangement: str) -> list[dict]:
    if arrangement != "shuffle":
        ref, _rule = procedure(game).arrangements[arrangement]
        return resolve_ref(ref, "arrangement")(cards, rng)
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def deal(cards: Sequence[dict], game: str, rng: random.Random, *, keep: Condition | None = None,
         keep_fn=None, turn: int = 0, on_play: bool = True, variant: str | None = None,
         arrangement: str = "shuffle", max_mulligans: int | None = None) -> Deal:
    """Shuffle (or arrange) the deck with ``rng`` and run the game's opening procedure once."""
    board = layout(game)
    if board is not None:
        return Deal([], [], 0, False, [], resolve_ref(board.deal, "deal")(cards, rng))
    library = _arrange(list(cards), game, rng, arrangement)
    fn = keep_fn or (keep.keep_callback(cards) if keep else None)
    res: Opening = opening(game, library, fn, variant=variant, rng=rng, max_mulligans=max_mulligans)
    n = cards_drawn_by_turn(game, turn, on_play)
    if n > len(res.library):
        raise DataError(f"the deck runs out before turn {turn}: {n} draws, {len(res.library)} cards left",
                        hint="lower --turn")
    return Deal(res.hand, res.library[:n], res.mulligans, res.forced, res.rejected)


def sample_hands(cards: Sequence[dict], game: str, *, deck: str = "", seed: int | None = None, count: int = 1,
                 keep: Condition | None = None, turn: int = 0, on_play: bool = True, variant: str | None = None,
                 arrangement: str = "shuffle", keep_deals: int = 100, name: str = "",
                 progress: Callable[[int, int], None] | None = None) -> HandsReport:
    """Deal ``count`` seeded openings; the first ``keep_deals`` are kept for display, all are summarised.

    ``progress(done, count)`` hears how many are dealt, every thousand deals.
    """
    board = _check_request(game, count=count, turn=turn, arrangement=arrangement, keep=keep, variant=variant)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    keep_fn = keep.keep_callback(cards) if keep else None
    deals: list[Deal] = []
    tally = _Tally(board, _types(cards))
    for i in range(count):
        d = deal(cards, game, rng, keep_fn=keep_fn, turn=turn, on_play=on_play, variant=variant,
                 arrangement=arrangement)
        if i < keep_deals:
            deals.append(d)
        if count == 1:
            break
        if progress is not None and (i + 1) % 1000 == 0:
            progress(i + 1, count)
        tally.add(d)
    report = HandsReport(deck, game, seed, count, turn, on_play, keep.text if keep else None, variant,
                         arrangement, deals, name=name or deck)
    if count > 1:
        report.summary = tally.summary(count)
    return report


def _check_request(game: str, *, count: int, turn: int, arrangement: str, keep: Condition | None,
                   variant: str | None) -> Any:
    """Refuse what cannot be dealt (exit 2) before any deal; the game's board, or None for a game of hands."""
    if count < 1:
        raise UsageError(f"--count {count}: deal at least one hand", hint="e.g. --count 1000 for a summary")
    if turn < 0:
        raise UsageError(f"--turn {turn} is negative", hint="0 is the opening hand, 1 the first own turn")
    if arrangement not in arrangements():
        raise UsageError(f"unknown arrangement {arrangement!r}", hint="arrangements: " + ", ".join(arrangements()))
    board = layout(game)
    if board is not None:
        if keep is not None or turn or variant:
            raise UsageError(f"{board.title} has no hands to keep or draw: --keep, --turn and --variant do not "
                             "apply", hint=board.no_hands_hint)
    else:
        proc = procedure(game, variant=variant)  # checks the variant before dealing
        if arrangement != "shuffle" and arrangement not in proc.arrangements:
            raise UsageError(f"the {arrangement} arrangement is {_owner_of(arrangement)}")
    return board


class _Tally:
    """What the summary of many deals counts: per mulligan depth and card type for hands, or the board's
    own tally of each layout."""

    def __init__(self, board: Any, types: list[str]) -> None:
        self.board = board
        self.types = types
        self.depth_reached: Counter = Counter()
        self.depth_kept_by_rule: Counter = Counter()
        self.final_depth: Counter = Counter()
        self.type_counts: dict[str, Counter] = {}
        self.returned: Counter = Counter()

    def add(self, d: Deal) -> None:
        """Count one deal."""
        if self.board is not None:
            self.returned.update(resolve_ref(self.board.tally, "tally")(d.layout))
            return
        for m in range(d.mulligans + 1):
            self.depth_reached[m] += 1
        if not d.forced:
            self.depth_kept_by_rule[d.mulligans] += 1
        self.final_depth[d.mulligans] += 1
        seen = Counter(c.get("type", "?") for c in d.hand + d.drawn)
        for t in self.types:
            self.type_counts.setdefault(t, Counter())[seen.get(t, 0)] += 1

    def summary(self, count: int) -> dict:
        """The summary of ``count`` deals (the report's ``summary``)."""
        if self.board is not None:
            return {"deals": count, self.board.summary_key: {k: self.returned[k] / count for k in self.returned}}
        return _summary(count, self.depth_reached, self.depth_kept_by_rule, self.final_depth, self.type_counts)


def _owner_of(arrangement: str) -> str:
    """Whose arrangement a name is, in words: "Obludárium's (OB-Q3 reading B)"."""
    from deckkit.engine.registry import registered_games

    for game in registered_games():
        found = getattr(game.opening, "arrangements", {}).get(arrangement)
        if found:
            return f"{game.title}'s ({found[1]})"
    return "another game's"


def _types(cards: Sequence[dict]) -> list[str]:
    seen: list[str] = []
    for c in cards:
        t = c.get("type", "?")
        if t not in seen:
            seen.append(t)
    return seen


def _summary(count: int, reached: Counter, kept: Counter, final: Counter, type_counts: dict[str, Counter]) -> dict:
    depths = sorted(reached)
    return {
        "deals": count,
        "keep_rate": {str(m): kept[m] / reached[m] for m in depths},  # kept by the rule among hands that got there
        # Histograms run from 0 to the largest value, zeros included, so a gap shows as a gap.
        "mulligans": {str(m): final[m] for m in range(max(final) + 1)},  # histogram of mulligans taken
        "mean_mulligans": sum(m * n for m, n in final.items()) / count,
        "mean_composition": {t: sum(k * n for k, n in c.items()) / count for t, c in type_counts.items()},
        "composition_histogram": {t: {str(k): c[k] for k in range(max(c) + 1)} for t, c in type_counts.items()},
    }
