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
from collections.abc import Callable, Sequence

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
    keep_cond = keep or condition
    queries, rows = bind_all([condition, keep_cond], cards)
    sigs: dict[tuple[bool, ...], int] = {}
    for row in rows:
        sigs.setdefault(row, len(sigs))
    sig_list = list(sigs)
    width = (len(cards) + 1).bit_length()
    mask = (1 << width) - 1
    A = len(sig_list)
    values = [1 << (sigs[row] * width) for row in rows]

    def decode(code: int) -> tuple[int, ...]:
        return tuple((code >> (a * width)) & mask for a in range(A))

    cond_proj = _projector(condition, queries, sig_list)
    keep_proj = _projector(keep_cond, queries, sig_list)
    cond_t = _Verdicts(lambda code: cond_proj(decode(code)))
    keep_t = _Verdicts(lambda code: keep_proj(decode(code)))
    rng = random.Random(seed)
    sample = rng.sample
    K, d, sizes = q.mulligans, q.draws, q.sizes
    depth_counts = [0] * (K + 1)
    bottom = q.mulligan == "bottom"
    below: dict[int, list[int]] = {0: values}  # used composition -> the cards still below it

    def remaining(used: int) -> list[int]:
        counts = list(decode(used))
        left = []
        for v, row in zip(values, rows):
            a = sigs[row]
            if counts[a]:
                counts[a] -= 1
            else:
                left.append(v)
        below[used] = left
        return left

    # Deals are grouped by state ("cards used up so far"): each group's hands are sampled and
    # summed in one C-level pipeline and tallied by composition, so Python code runs per distinct
    # composition, not per deal. Every deal is still sampled on its own, from the seeded generator.
    hits = 0
    level: dict[int, int] = {0: games}
    for m, s in enumerate(sizes):
        last = m == K
        nxt: Counter = Counter()
        for used, group in level.items():
            pool = below.get(used) or remaining(used) if bottom else values
            # In chunks, so a progress bar can move; the deals and their order are the same.
            for start in range(0, group, _CHUNK):
                count = min(_CHUNK, group - start)
                draws = map(sample, repeat(pool, count), repeat(s + d, count))
                if d == 0:
                    tally = Counter(map(sum, draws))
                    for h, c in tally.items():
                        if last or keep_t[h]:
                            depth_counts[m] += c
                            hits += c * cond_t[h]
                        else:
                            nxt[used + h if bottom else 0] += c
                else:
                    by_hand_seen = Counter((sum(seq[:s]), sum(seq)) for seq in draws)
                    for (h, seen), c in by_hand_seen.items():
                        if last or keep_t[h]:
                            depth_counts[m] += c
                            hits += c * cond_t[seen]
                        else:
                            nxt[used + h if bottom else 0] += c
                if progress is not None and m == 0:
                    progress(start + count, games)
        level = nxt
        if not level:
            break
    p = hits / games
    stderr = math.sqrt(p * (1 - p) / games)
    return OddsResult(q, condition.text, p, "simulation", impossible=False,
                      keep_by_depth=[c / games for c in depth_counts], games=games, stderr=stderr, seed=seed,
                      keep=keep.text if keep else None, atoms=A, elapsed_s=time.perf_counter() - t0)


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
