"""Seeded simulation of the questions of :mod:`deckkit.hands.odds`, with a standard error.

Independent of the exact maths except for the atoms (cards grouped by which queries they
satisfy); :func:`simulate_with_procedure` is a slow reference that shuffles whole decks and runs
the real opening procedure, used by the tests to pin the fast sampler to the procedure.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from itertools import repeat
from collections.abc import Callable, Iterable, Sequence

from deckkit.errors import UsageError
from deckkit.hands.conditions import Condition, bind_all
from deckkit.hands.odds import OddsResult, Question, _projector
from deckkit.hands.procedures import procedure

_CHUNK = 50_000  # deals sampled in one pipeline between progress reports

__all__ = ["simulate_odds", "simulate_with_procedure"]


def simulate_odds(cards: Sequence[dict], condition: Condition, q: Question, *, games: int, seed: int,
                  keep: Condition | None = None, progress: Callable[[int, int], None] | None = None) -> OddsResult:
    """Estimate the same probability as :func:`exact_odds` from ``games`` seeded deals; with a standard error.

    Each card carries ``1 << (atom * width)``, so the sum of a sample is the hand's atom composition.
    A rejected Obludárium hand goes to the bottom; the next hand is a uniform sample of the cards
    below it, i.e. of the deck minus every card used so far — that multiset depends only on the
    composition used, so its list is built once per composition and sampled directly.
    ``progress(done, games)`` hears how many first hands are dealt (chunks of the same seeded stream).
    """
    if games < 1:
        raise UsageError(f"--simulate {games}: the number of games must be at least 1", hint="e.g. --simulate 100000")
    t0 = time.perf_counter()
    run = _Deals(cards, condition, keep or condition, q)
    run.deal(games, random.Random(seed), progress)
    p = run.hits / games
    stderr = math.sqrt(p * (1 - p) / games)
    return OddsResult(q, condition.text, p, "simulation", impossible=False,
                      keep_by_depth=[c / games for c in run.depth_counts], games=games, stderr=stderr, seed=seed,
                      keep=keep.text if keep else None, atoms=run.atoms, elapsed_s=time.perf_counter() - t0)


class _Deals:
    """The deals of one simulation: cards packed by atom, the verdicts of the condition and the keep rule
    per composition, and the tallies (hits, and kept hands per mulligan depth)."""

    def __init__(self, cards: Sequence[dict], condition: Condition, keep_cond: Condition, q: Question) -> None:
        queries, self.rows = bind_all([condition, keep_cond], cards)
        self.sigs: dict[tuple[bool, ...], int] = {}
        for row in self.rows:
            self.sigs.setdefault(row, len(self.sigs))
        sig_list = list(self.sigs)
        self.atoms = len(sig_list)
        self.width = (len(cards) + 1).bit_length()
        self.mask = (1 << self.width) - 1
        self.values = [1 << (self.sigs[row] * self.width) for row in self.rows]
        cond_proj = _projector(condition, queries, sig_list)
        keep_proj = _projector(keep_cond, queries, sig_list)
        self.cond_t = _Verdicts(lambda code: cond_proj(self.decode(code)))
        self.keep_t = _Verdicts(lambda code: keep_proj(self.decode(code)))
        self.q = q
        self.bottom = q.mulligan == "bottom"
        self.below: dict[int, list[int]] = {0: self.values}  # used composition -> the cards still below it
        self.hits = 0
        self.depth_counts = [0] * (q.mulligans + 1)

    def decode(self, code: int) -> tuple[int, ...]:
        """The atom counts of a packed composition."""
        width, mask = self.width, self.mask
        return tuple((code >> (a * width)) & mask for a in range(self.atoms))

    def remaining(self, used: int) -> list[int]:
        """The cards below a used composition: the deck minus those cards (remembered per composition)."""
        counts = list(self.decode(used))
        left = []
        for v, row in zip(self.values, self.rows):
            a = self.sigs[row]
            if counts[a]:
                counts[a] -= 1
            else:
                left.append(v)
        self.below[used] = left
        return left

    def deal(self, games: int, rng: random.Random, progress: Callable[[int, int], None] | None) -> None:
        """Deal ``games`` games, hand by hand and mulligan by mulligan, tallying as it goes.

        Deals are grouped by state ("cards used up so far"): each group's hands are sampled and
        summed in one C-level pipeline and tallied by composition, so Python code runs per distinct
        composition, not per deal. Every deal is still sampled on its own, from the seeded generator.
        """
        sample = rng.sample
        d, bottom = self.q.draws, self.bottom
        level: dict[int, int] = {0: games}
        for m, s in enumerate(self.q.sizes):
            nxt: Counter = Counter()
            for used, group in level.items():
                pool = self.below.get(used) or self.remaining(used) if bottom else self.values
                # In chunks, so a progress bar can move; the deals and their order are the same.
                for start in range(0, group, _CHUNK):
                    count = min(_CHUNK, group - start)
                    draws = map(sample, repeat(pool, count), repeat(s + d, count))
                    self._tally(draws, m, s, used, nxt)
                    if progress is not None and m == 0:
                        progress(start + count, games)
            level = nxt
            if not level:
                break

    def _tally(self, draws: Iterable[list[int]], m: int, s: int, used: int, nxt: Counter) -> None:
        """Tally one chunk of deals at mulligan depth ``m``: a kept hand (or the last allowed) counts,
        with a hit when the condition holds for it and its draws; a rejected one moves to ``nxt``."""
        last, bottom, keep_t, cond_t = m == self.q.mulligans, self.bottom, self.keep_t, self.cond_t
        kept = hits = 0
        if self.q.draws == 0:
            for h, c in Counter(map(sum, draws)).items():
                if last or keep_t[h]:
                    kept += c
                    hits += c * cond_t[h]
                else:
                    nxt[used + h if bottom else 0] += c
        else:
            for (h, seen), c in Counter((sum(seq[:s]), sum(seq)) for seq in draws).items():
                if last or keep_t[h]:
                    kept += c
                    hits += c * cond_t[seen]
                else:
                    nxt[used + h if bottom else 0] += c
        self.depth_counts[m] += kept
        self.hits += hits


class _Verdicts(dict):
    """packed counts -> 0/1, filled on first sight by ``test``."""

    def __init__(self, test: Callable[[int], bool]) -> None:
        super().__init__()
        self.test = test

    def __missing__(self, packed: int) -> int:
        value = self[packed] = int(self.test(packed))
        return value


def simulate_with_procedure(cards: Sequence[dict], condition: Condition, q: Question, *, games: int, seed: int,
                            keep: Condition | None = None) -> float:
    """Slow reference estimate that shuffles whole decks and runs the game's hand procedure (tests use it)."""
    rng = random.Random(seed)
    proc = procedure(q.game)
    keep_fn = (keep or condition).keep_callback(cards)
    hits = 0
    deck = list(cards)
    for _ in range(games):
        rng.shuffle(deck)
        if q.mulligan == "bottom":
            res = proc.run(deck, keep_fn, hand_size=q.sizes[0], max_mulligans=q.mulligans)
        else:
            res = proc.run(deck, None, hand_size=q.sizes[0], max_mulligans=0)
        hits += condition.holds_for(res.hand + res.library[:q.draws])
    return hits / games
