"""A sweep names its fastest point only when the paired differences separate it from every other point:
never while the interval of a difference covers zero."""

from __future__ import annotations

from deckkit.engine.results import WinRecord
from deckkit.sim.compare import difference
from deckkit.sim.stats import holm, two_sided_p
from deckkit.tune import PlayOptions
from deckkit.tune.evaluate import Measure
from deckkit.tune.sweep import SweepResult


def _records(turns: list[int]) -> list[WinRecord]:
    return [WinRecord(True, t, index=i) for i, t in enumerate(turns)]


def _measure(turns: list[int]) -> Measure:
    mean = sum(turns) / len(turns)
    return Measure("x", len(turns), 1.0, mean, [None, None], 6, 1.0, [None, None])


def _sweep(low: list[int], high: list[int]) -> SweepResult:
    """Two points, 10 and 12 (the deck and sweep themselves are not read by the test)."""
    rows = [(10, _measure(low), ()), (12, _measure(high), ())]
    return SweepResult(None, None, _measure(low), rows, PlayOptions(), {10: _records(low), 12: _records(high)})  # type: ignore[arg-type]


def test_a_difference_whose_interval_covers_zero_is_a_tie():
    """Four paired games, 12 slower by 1, 0, 1, 2 turns: the normal tail says p ≈ 0.014, the
    t-interval (three degrees of freedom) covers zero, so 10 is not called fastest."""
    low, high = [5, 5, 5, 5], [6, 5, 6, 7]
    d = difference(_records(low), _records(high))
    assert d.lo is not None and d.lo < 0 < d.estimate  # the interval covers zero ...
    assert holm([two_sided_p(d)], 0.05) == [True]      # ... though the p-value alone would separate
    result = _sweep(low, high)
    assert result.tied() == [10, 12]


def test_a_clear_difference_names_the_fastest():
    """Twenty paired games, each a turn slower at 12: 10 is clearly the fastest."""
    low, high = [5] * 10 + [6] * 10, [6] * 10 + [7] * 10
    result = _sweep(low, high)
    assert result.tied() == [10]
