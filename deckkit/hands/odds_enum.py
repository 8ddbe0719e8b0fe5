"""The composition-by-composition exact odds: every hand and block of cards, state by state.

This was deckkit's first exact method and stays as the reference the tests hold
:func:`deckkit.hands.odds_dp` to (1e-12): it is simple to check by hand, but its work grows with
the number of compositions (about 2 s for six atoms, three mulligans and turn 5). Use
:func:`deckkit.hands.odds.exact_odds` in programs.
"""

from __future__ import annotations

import math
from typing import Any
from collections.abc import Callable, Sequence

from deckkit.errors import UsageError
from deckkit.hands.conditions import Condition
from deckkit.hands.odds import OddsResult, Question, _projector, atoms_of

class _Compositions:
    """Hand compositions over the atoms, encoded so that vector addition is integer addition.

    A vector ``v`` is coded as ``sum(v[a] * R**a)`` with ``R`` larger than any count, so the code of
    "cards used up so far" grows by plain ``+``. ``comb[n]`` is a row of float binomials
    ``C(n, k)``, padded with zeros past ``k > n`` so a composition that a pool cannot supply simply
    weighs 0 (no filtering in the inner loops).
    """

    def __init__(self, n: tuple[int, ...], kmax: int, budget: int = 3_000_000) -> None:
        self.n = n
        self.A = len(n)
        self.N = sum(n)
        self.R = self.N + 1
        self.kmax = kmax
        self.budget = budget
        self.comb = [[float(math.comb(m, k)) for k in range(kmax + 1)] for m in range(self.N + 1)]
        self._cache: dict[int, list[tuple[int, ...]]] = {}

    def of_size(self, s: int) -> list[tuple[int, ...]]:
        """Every composition of ``s`` cards that the full deck can supply (h[a] <= n[a])."""
        hit = self._cache.get(s)
        if hit is not None:
            return hit
        n, A = self.n, self.A
        cap = [0] * (A + 1)
        for a in range(A - 1, -1, -1):
            cap[a] = cap[a + 1] + n[a]
        out: list[tuple[int, ...]] = []

        def rec(a: int, left: int, prefix: tuple[int, ...]) -> None:
            if a == A - 1:
                out.append(prefix + (left,))
                return
            for k in range(max(0, left - cap[a + 1]), min(left, n[a]) + 1):
                rec(a + 1, left - k, prefix + (k,))

        if s <= self.N:
            rec(0, s, ())
        self.budget -= len(out)
        if self.budget < 0:
            raise UsageError("the condition splits the deck into too many categories for exact odds",
                             hint="use --simulate N for a seeded estimate")
        self._cache[s] = out
        return out

    def code(self, v: Sequence[int]) -> int:
        """The integer code of a vector."""
        c, r = 0, 1
        for x in v:
            c += x * r
            r *= self.R
        return c

    def decode(self, code: int) -> tuple[int, ...]:
        """The vector of an integer code."""
        out = []
        for _ in range(self.A):
            code, x = divmod(code, self.R)
            out.append(x)
        return tuple(out)


_KERNELS: dict[int, tuple[Callable, Callable]] = {}
_WORK_LIMIT = 10_000_000  # inner-loop steps (a few seconds); past it the question is one for --simulate


def _kernels(A: int) -> tuple[Callable, Callable]:
    """Inner loops specialised to ``A`` atoms (generated once per A: unrolled products run ~3× faster)."""
    hit = _KERNELS.get(A)
    if hit is not None:
        return hit
    hs = ", ".join(f"h{a}" for a in range(A))
    cs = ", ".join(f"c{a}" for a in range(A))
    prod = " * ".join(f"c{a}[h{a}]" for a in range(A))
    src = f"""
def weighted_sum(tables, items):
    {cs}, = tables
    total = 0.0
    for {hs}, value in items:
        total += {prod} * value
    return total

def spread(tables, items, base, scale, out):
    {cs}, = tables
    moved = 0.0
    get = out.get
    for {hs}, code in items:
        w = {prod}
        if w:
            key = base + code
            out[key] = get(key, 0.0) + w * scale
            moved += w
    return moved
"""
    namespace: dict[str, Any] = {}
    exec(compile(src, f"<deckkit.hands.odds kernels A={A}>", "exec"), namespace)  # noqa: S102 - our own source
    hit = _KERNELS[A] = (namespace["weighted_sum"], namespace["spread"])
    return hit


def _keep_share(t: tuple[int, ...], parts: list[tuple[int, ...]], parts_are_hands: bool,
                keep_ok: Callable[[tuple[int, ...]], bool], comb: list[list[float]]) -> float:
    """Sum over the ways to split block ``t`` into hand + draws of ``prod C(t_a, part_a)`` where the hand is kept."""
    tabs = [comb[x] for x in t]
    acc = 0.0
    for part in parts:
        w = 1.0
        for tab, k in zip(tabs, part):
            w *= tab[k]
            if not w:
                break
        if w:
            hand = part if parts_are_hands else tuple(x - y for x, y in zip(t, part))
            if keep_ok(hand):
                acc += w
    return acc


def _valued_blocks(ts: Sequence[tuple[int, ...]], s: int, d: int, last: bool, parts: list[tuple[int, ...]],
                   keep_ok: Callable[[tuple[int, ...]], bool], comb) -> list[tuple]:
    """Each block ``t`` of a hand of ``s`` and ``d`` draws with its share of kept hands appended
    (1 on the last stage, where every hand is kept); blocks no kept hand reaches are left out."""
    small = min(s, d)
    out = []
    for t in ts:
        if last:
            value = 1.0
        elif d == 0:
            value = 1.0 if keep_ok(t) else 0.0
        else:
            value = _keep_share(t, parts, small == s, keep_ok, comb) / comb[s + d][small]
        if value:
            out.append(t + (value,))
    return out


def enumerated_odds(cards: Sequence[dict], condition: Condition, q: Question, *, keep: Condition | None = None,
                    work_limit: int | None = None) -> OddsResult:
    """The exact probability that ``condition`` holds for the cards seen under question ``q``.

    ``keep`` decides mulligans (default: the condition itself, i.e. "mulligan until it holds").
    ``work_limit`` raises (or lowers) the inner-loop steps and the compositions listed past which
    the question is refused (a benchmark checking a large question against this reference).

    At depth ``m`` the player sees the next ``s_m + d`` cards below those already used: a block
    ``t`` whose first ``s_m`` cards are the hand. Given ``t``, the hand is a hypergeometric
    sub-sample of it, so ``P(keep and condition | t) = cond(t) * Q_m(t)`` with
    ``Q_m(t) = P(keep(h) | t)`` — a function of ``t`` alone, computed once per block rather than
    once per pool. The rejected hands move the state "cards used up" to the next depth.
    """
    import time

    t0 = time.perf_counter()
    keep_cond = keep or condition
    queries, sigs, counts = atoms_of([condition, keep_cond], cards)
    cond_ok = _projector(condition, queries, sigs)
    keep_ok = _projector(keep_cond, queries, sigs)
    n = tuple(counts)
    A = len(n)
    K, d = q.mulligans, q.draws
    limit = _WORK_LIMIT if work_limit is None else work_limit
    comps = _Compositions(n, max(q.sizes) + d) if work_limit is None else \
        _Compositions(n, max(q.sizes) + d, budget=max(3_000_000, work_limit // 4))
    weighted_sum, spread = _kernels(A)
    comb = comps.comb
    bottom = q.mulligan == "bottom"

    dist: dict[int, float] = {0: 1.0}  # code of the cards used up by rejected hands -> probability
    total = 0.0
    work = 0
    by_depth: list[float] = []
    for m, s in enumerate(q.sizes):
        last = m == K
        # value of each block t of s + d cards: cond(t) * P(keep the first s | t)
        seen_blocks = [t for t in comps.of_size(s + d) if cond_ok(t)]
        if not last and d:
            # Q(t) sums over the smaller part of the block: the hand h, or the d draws e = t - h.
            small = min(s, d)
            parts = comps.of_size(small)
            work += len(seen_blocks) * len(parts) * A
            if work > limit:
                raise UsageError("this question has too many card categories for exact odds by turn",
                                 hint="use --simulate N for a seeded estimate, or a smaller --turn")
        blocks = _valued_blocks(seen_blocks, s, d, last, parts if not last and d else [], keep_ok, comb)
        rejects = [] if last else [h + (comps.code(h),) for h in comps.of_size(s) if not keep_ok(h)]
        nxt: dict[int, float] = {}
        kept = 0.0
        work += len(dist) * (len(blocks) + len(rejects))
        if work > limit:
            raise UsageError("this question has too many card categories and mulligans for exact odds",
                             hint="use --simulate N for a seeded estimate, or fewer --mulligans")
        for used, pm in dist.items():
            pool = tuple(x - y for x, y in zip(n, comps.decode(used))) if bottom else n
            tables = [comb[x] for x in pool]
            P = sum(pool)
            total += pm * weighted_sum(tables, blocks) / comb[P][s + d] if blocks else 0.0
            if rejects:
                scale = pm / comb[P][s]
                moved = spread(tables, rejects, used if bottom else 0, scale, nxt)
                kept += pm - moved * scale
            else:
                kept += pm
        by_depth.append(kept)
        if not bottom and nxt:  # reshuffle: every new hand comes from the whole deck again
            nxt = {0: sum(nxt.values())}
        dist = nxt
        if not dist:
            break
    by_depth += [0.0] * (K + 1 - len(by_depth))
    total = min(1.0, max(0.0, total))
    impossible = total == 0.0 and not any(cond_ok(t) for s in set(q.sizes) for t in comps.of_size(s + d))
    return OddsResult(q, condition.text, total, "exact", impossible=impossible,
                      keep_by_depth=by_depth, keep=keep.text if keep else None, atoms=A,
                      elapsed_s=time.perf_counter() - t0)
