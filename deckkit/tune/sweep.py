"""``deckkit tune DECK --vary SPEC``: play every point of a sweep and the deck itself on common random numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckkit.errors import UsageError
from deckkit.tune.evaluate import Measure, PlayOptions, Progress, check_game, play
from deckkit.tune.lists import DeckList, problems_of
from deckkit.tune.spec import Sweep


@dataclass
class SweepResult:
    """The deck's own figures, one row per point (None for an illegal point), and the sweep."""

    deck: DeckList
    sweep: Sweep
    base: Measure
    rows: list[tuple[int, Measure | None, tuple[str, ...]]]
    options: PlayOptions
    records: dict[int, list[Any]] = field(default_factory=dict)  # per value played (the deck's own too)

    def best(self) -> tuple[int, Measure] | None:
        """The point with the lowest mean win turn (whether or not it is clearly the fastest: see :meth:`tied`)."""
        played = [(v, m) for v, m, _ in self.rows if m is not None and m.mean_turn is not None]
        return min(played, key=lambda vm: (vm[1].mean_turn, vm[0])) if played else None

    def tied(self) -> list[int]:
        """The values not clearly slower than the lowest point (it included): Holm's procedure over the paired
        differences of every other value with it, at family-wise error 1 − confidence. One value: a clear best.

        A difference whose t-interval covers zero is never clearly slower, whatever its p-value: the
        p-value reads a normal tail, which with few won games is narrower than the interval shown."""
        from deckkit.sim.compare import difference
        from deckkit.sim.stats import holm, two_sided_p

        best = self.best()
        if best is None:
            return []
        conf = self.options.confidence
        base = self.records.get(best[0])
        others = [v for v in self.records if v != best[0]]
        if base is None:
            return [best[0]]
        p = [two_sided_p(d, conf) if (d := difference(base, self.records[v], conf)).lo is not None
             and d.lo > 0 else 1.0 for v in others]
        slower = holm(p, 1 - conf)
        return sorted([best[0]] + [v for v, clear in zip(others, slower) if not clear])

    def as_json(self) -> dict[str, Any]:
        """The ``tune -o json`` object of a sweep."""
        best = self.best()
        tied = self.tied()
        return {
            "deck": self.deck.label, "game": self.deck.game,
            "format": self.deck.format.name if self.deck.format is not None else None,
            "mode": "sweep", "vary": self.sweep.what, "axis": self.sweep.axis, "deck_value": self.sweep.base_value,
            "games": self.options.games, "seed": self.options.seed, "confidence": self.options.confidence,
            "by_turn": self.options.by_turn, "odds_condition": self.options.odds,
            "baseline": self.base.as_json(),
            "points": [{"value": v, "legal": m is not None, "problems": list(p),
                        **({"measure": m.as_json()} if m is not None else {})} for v, m, p in self.rows],
            "lowest": None if best is None else {"value": best[0], "mean_turn": best[1].mean_turn},
            # the fastest point only when the test separates it from every other (else "tied")
            "best": None if best is None or len(tied) > 1 else {"value": best[0], "mean_turn": best[1].mean_turn},
            "tied": tied if best is not None else None, "multiple_comparisons": "holm",
        }


def run_sweep(deck: DeckList, sweep: Sweep, options: PlayOptions, *, skip_illegal: bool = False,
              progress: Progress | None = None, backend: Any = None) -> SweepResult:
    """Play the deck and every legal point; illegal points are refused (exit 2) unless ``skip_illegal``."""
    check_game(deck.game)
    illegal = [p for p in sweep.points if not p.legal]
    legal = [p for p in sweep.points if p.legal]
    if illegal and not skip_illegal:
        fmt = deck.format.id if deck.format is not None else "the format"
        shown = "; ".join(f"{p.value}: {p.problems[0]}" for p in illegal[:4])
        more = f" (and {len(illegal) - 4} more)" if len(illegal) > 4 else ""
        ok = [p.value for p in legal]
        hint = (f"legal points: {_ranges(ok)}; or add --skip-illegal to play those and list the rest"
                if ok else "no point of the range is legal; pick counts the format allows")
        raise UsageError(f"{len(illegal)} point(s) of {sweep.what} leave {fmt}: {shown}{more}", hint=hint)
    if not legal:
        raise UsageError(f"no point of {sweep.what} is legal", hint="pick counts the format allows")
    start_problems = problems_of(deck)
    if start_problems:
        raise UsageError(f"the deck itself is not legal: {start_problems[0]}",
                         hint="`deckkit deck validate DECK` lists every problem; tune starts from a legal deck")
    measures, records = play([deck] + [p.deck for p in legal if p.deck is not None], options, progress, backend)
    by_value = dict(zip([p.value for p in legal], measures[1:]))
    rows = [(p.value, by_value.get(p.value), p.problems) for p in sweep.points]
    played = {sweep.base_value: records[0], **dict(zip([p.value for p in legal], records[1:]))}
    return SweepResult(deck, sweep, measures[0], rows, options, played)


def _ranges(values: list[int]) -> str:
    """``12..20, 24`` for a sorted list of whole numbers."""
    runs: list[list[int]] = []  # [first, last] of each run of consecutive numbers
    for v in sorted(values):
        if runs and v == runs[-1][1] + 1:
            runs[-1][1] = v
        else:
            runs.append([v, v])
    return ", ".join(f"{first}..{last}" if first != last else f"{first}" for first, last in runs)
