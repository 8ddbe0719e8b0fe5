"""Exact odds by dynamic programming over the categories (atoms) instead of over hand compositions.

Two facts make it small:

1. **The order of the blocks does not matter.** Under a full shuffle the contents of disjoint groups
   of positions have the same joint law whichever group is drawn first. So for "rejected hands
   ``R_0 … R_{m-1}``, then the kept hand ``H`` and the draws ``D`` below them" (OB-504 – OB-506) the
   kept hand and draws are drawn first from the whole deck, and the rejected hands afterwards from
   what is left.
2. **Each predicate sees few numbers.** The condition sees only its queries' counts, and those only
   up to one past the largest number it compares with; the keep rule sees only the cards' classes
   under *its* queries (often two: "food or not"). The rejected hands are therefore followed in the
   keep rule's classes, and the kept hand and draws by a pass over the atoms whose state is the
   clipped counts — not the list of every composition.

The result equals :func:`deckkit.hands.odds_enum.enumerated_odds` (the composition-by-composition
method, kept as the tests' reference) to float rounding.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Sequence

from deckkit.hands.conditions import Cmp, Condition, Not, BoolOp

_Comb = Callable[[int, int], float]


def query_caps(cond: Condition) -> list[int]:
    """Per query of ``cond``: the count past which the condition cannot tell counts apart (max n + 1)."""
    caps = [0] * len(cond.queries)

    def walk(node: object) -> None:
        if isinstance(node, Cmp):
            caps[node.index] = max(caps[node.index], node.n + 1)
        elif isinstance(node, Not):
            walk(node.node)
        elif isinstance(node, BoolOp):
            for child in node.nodes:
                walk(child)

    walk(cond.node)
    return caps


class _Binomials:
    """Float binomials C(n, k) from a table (exact integers converted once)."""

    def __init__(self, top: int) -> None:
        self.rows = [[float(math.comb(n, k)) for k in range(n + 1)] for n in range(top + 1)]

    def __call__(self, n: int, k: int) -> float:
        return self.rows[n][k] if 0 <= k <= n else 0.0


def _compositions(total: int, bounds: Sequence[int]) -> list[tuple[int, ...]]:
    """Every vector ``v`` with ``sum(v) == total`` and ``0 <= v[i] <= bounds[i]``."""
    out: list[tuple[int, ...]] = []
    n = len(bounds)
    room = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        room[i] = room[i + 1] + bounds[i]

    def rec(i: int, left: int, prefix: tuple[int, ...]) -> None:
        if i == n - 1:
            out.append(prefix + (left,))
            return
        for k in range(max(0, left - room[i + 1]), min(left, bounds[i]) + 1):
            rec(i + 1, left - k, prefix + (k,))

    if n == 0:
        return [()] if total == 0 else []
    if 0 <= total <= room[0]:
        rec(0, total, ())
    return out


class DPOdds:
    """One odds question over a deck's atoms: ``probability()`` and ``keep_by_depth()``.

    ``counts[a]`` cards in atom ``a``; ``cond_rows[a]`` / ``keep_rows[a]`` its memberships in the
    condition's / keep rule's queries. ``sizes`` are the hand sizes at depth 0 … K, ``draws`` the
    cards drawn after the kept hand, ``bottom`` True for rejected hands to the bottom (False:
    every hand is a fresh draw from the whole deck, the reshuffle house rule).
    """

    def __init__(self, counts: Sequence[int], cond: Condition, cond_rows: Sequence[Sequence[int]],
                 keep: Condition, keep_rows: Sequence[Sequence[int]], sizes: Sequence[int], draws: int,
                 bottom: bool) -> None:
        self.cond, self.keep = cond, keep
        self.sizes, self.draws, self.bottom = tuple(sizes), draws, bottom
        self.N = sum(counts)
        self.comb = _Binomials(self.N)
        self.caps = query_caps(cond)
        # Keep classes: atoms the keep rule cannot tell apart are merged.
        classes: dict[tuple[int, ...], int] = {}
        self.atom_class = [classes.setdefault(tuple(row), len(classes)) for row in keep_rows]
        self.class_rows = list(classes)
        self.class_counts = [0] * len(classes)
        for a, c in enumerate(self.atom_class):
            self.class_counts[c] += counts[a]
        # Atoms of one keep class and one clipped-condition signature behave alike: merge them too.
        merged: dict[tuple[int, tuple[int, ...]], int] = {}
        for a, n in enumerate(counts):
            key = (self.atom_class[a], tuple(cond_rows[a]))
            merged[key] = merged.get(key, 0) + n
        self.atoms = [(c, row, n) for (c, row), n in merged.items() if n]
        self._keep_cache: dict[tuple[int, ...], bool] = {}
        self._reject_cache: dict[tuple[int, ...], list[float]] = {}
        self._share_cache: dict[tuple[int, ...], float] = {}
        self.seen_true = False

    # -- the keep rule in class space --------------------------------------------------------------

    def keeps(self, by_class: tuple[int, ...]) -> bool:
        """Whether the keep rule keeps a hand with these counts per keep class."""
        hit = self._keep_cache.get(by_class)
        if hit is None:
            counts = [0] * len(self.keep.queries)
            for row, k in zip(self.class_rows, by_class):
                if k:
                    for j, m in enumerate(row):
                        if m:
                            counts[j] += k
            hit = self._keep_cache[by_class] = self.keep.holds(counts)
        return hit

    def rejections(self, pool: tuple[int, ...], depth: int = 0) -> list[float]:
        """``G[k]``: the chance that hands ``depth … depth + k - 1`` dealt from ``pool`` (class counts) are all rejected.

        ``G(depth, pool) = [1] + sum over rejected hands r of P(r | pool) * G(depth + 1, pool - r)``,
        remembered per (depth, pool): many starting pools meet in the same later pools.
        """
        key = pool + (depth,)
        hit = self._reject_cache.get(key)
        if hit is not None:
            return hit
        K = len(self.sizes) - 1
        if depth >= K:
            out = [1.0]
        elif not self.bottom:  # every hand a fresh draw from the whole deck: independent rejections
            out = [1.0] + [self._reject_share(pool, self.sizes[depth]) * g for g in self.rejections(pool, depth + 1)]
        else:
            comb, s = self.comb, self.sizes[depth]
            total = comb(sum(pool), s)
            acc = [0.0] * (K - depth)
            if total:
                for hand in _compositions(s, pool):
                    if self.keeps(hand):
                        continue
                    w = 1.0
                    for x, k in zip(pool, hand):
                        w *= comb(x, k)
                    if w:
                        later = self.rejections(tuple(x - k for x, k in zip(pool, hand)), depth + 1)
                        for i, g in enumerate(later):
                            acc[i] += w * g
            out = [1.0] + [x / total for x in acc] if total else [1.0] + [0.0] * (K - depth)
        self._reject_cache[key] = out
        return out

    def _reject_share(self, pool: tuple[int, ...], s: int) -> float:
        comb = self.comb
        total = comb(sum(pool), s)
        acc = 0.0
        for hand in _compositions(s, pool):
            if not self.keeps(hand):
                w = 1.0
                for x, k in zip(pool, hand):
                    w *= comb(x, k)
                acc += w
        return acc / total if total else 0.0

    # -- the kept hand and the draws, over the atoms -----------------------------------------------

    def _hand_share(self, block: tuple[int, ...], s: int) -> float:
        """P(the keep rule keeps the first ``s`` cards | the ``s + d`` cards seen, by keep class)."""
        key = block + (s,)
        hit = self._share_cache.get(key)
        if hit is None:
            comb = self.comb
            acc = 0.0
            for hand in _compositions(s, block):
                if self.keeps(hand):
                    w = 1.0
                    for x, k in zip(block, hand):
                        w *= comb(x, k)
                    acc += w
            hit = self._share_cache[key] = acc / comb(sum(block), s)
        return hit

    def _leaves(self, size: int, verdict: Callable[[int], bool]) -> dict[tuple[bool, int], float]:
        """Blocks of ``size`` cards from the whole deck, summed by (condition holds, packed keep classes).

        A depth-first walk over the atoms carries the binomial product and both packed sums, so a
        block costs a few integer additions; blocks that look alike to every predicate add up.
        """
        comb, atoms = self.comb, self.atoms
        A = len(atoms)
        room = [0] * (A + 1)
        for i in range(A - 1, -1, -1):
            room[i] = room[i + 1] + atoms[i][2]
        out: dict[tuple[bool, int], float] = {}
        get = out.get

        def walk(i: int, left: int, w: float, seen: int, cls: int) -> None:
            n, seen_unit, cls_unit = atoms[i][2], self._seen_units[i], self._class_units[i]
            if i == A - 1:
                if left <= n:
                    key = (verdict(seen + left * seen_unit), cls + left * cls_unit)
                    out[key] = get(key, 0.0) + w * comb(n, left)
                return
            row = self.comb.rows[n]
            for k in range(max(0, left - room[i + 1]), min(left, n) + 1):
                walk(i + 1, left - k, w * row[k], seen + k * seen_unit, cls + k * cls_unit)

        if A and 0 <= size <= room[0]:
            walk(0, size, 1.0, 0, 0)
        return out

    def _unpack(self, packed: int, width: int) -> tuple[int, ...]:
        mask = (1 << self._bits) - 1
        return tuple((packed >> (j * self._bits)) & mask for j in range(width))

    def solve(self) -> tuple[float, list[float]]:
        """(probability of the condition, P(keep after m mulligans) for m = 0 … K)."""
        K, d, comb, N = len(self.sizes) - 1, self.draws, self.comb, self.N
        pool = tuple(self.class_counts)
        bits = self._bits = max(1, (N + 1).bit_length())
        self._seen_units = [sum(m << (j * bits) for j, m in enumerate(row)) for _, row, _ in self.atoms]
        self._class_units = [1 << (c * bits) for c, _, _ in self.atoms]
        nq, nclass, caps, holds = len(self.caps), len(pool), self.caps, self.cond.holds
        cond_cache: dict[int, bool] = {}

        def verdict(seen: int) -> bool:
            hit = cond_cache.get(seen)
            if hit is None:
                counts = self._unpack(seen, nq)
                hit = cond_cache[seen] = holds([min(x, cap) for x, cap in zip(counts, caps)])
            return hit

        total = 0.0
        by_depth: list[float] = []
        for m, s in enumerate(self.sizes):
            last = m == K
            norm = comb(N, s + d)
            acc = kept = 0.0
            for (cond_ok, packed_cls), w in self._leaves(s + d, verdict).items():
                self.seen_true = self.seen_true or cond_ok
                cls = self._unpack(packed_cls, nclass)
                share = 1.0 if last else (self._hand_share(cls, s) if d else float(self.keeps(cls)))
                if not share:
                    continue
                rest = tuple(p - u for p, u in zip(pool, cls)) if self.bottom else pool
                g = w * share * self.rejections(rest)[m]
                kept += g
                if cond_ok:
                    acc += g
            total += acc / norm
            by_depth.append(kept / norm)
        return min(1.0, max(0.0, total)), by_depth


def pooled_odds(counts: Sequence[int], cond_ok: Callable[[tuple[int, ...]], bool],
                keep_ok: Callable[[tuple[int, ...]], bool], sizes: Sequence[int], draws: int,
                bottom: bool) -> tuple[float, list[float], bool]:
    """Exact odds over "cards used up by rejected hands", for keep rules that tell many atoms apart.

    The forward pass of the composition method (:mod:`deckkit.hands.odds_enum`), with two sums
    taken from the cheaper side. From a pool, P(keep the hand) is 1 − the rejected hands' mass,
    which the pass computes anyway to move them to the next depth; and P(keep and the condition
    holds) is either the sum over the blocks where the condition holds, or P(keep) minus the sum
    over those where it fails — whichever has fewer blocks. A condition true of most hands (an
    ``or`` of likely events, say) then costs little instead of being refused as too large.

    Returns (probability, P(keep after m mulligans) for m = 0 … K, whether any block satisfies
    the condition). A question past the work limit is refused.
    """
    from deckkit.errors import UsageError
    from deckkit.hands.odds_enum import _WORK_LIMIT

    steps = pooled_steps(counts, cond_ok, keep_ok, sizes, draws, bottom)
    try:
        while True:
            if next(steps) > _WORK_LIMIT:
                raise UsageError("this question has too many card categories and mulligans for exact odds",
                                 hint="use --simulate N for a seeded estimate, or fewer --mulligans")
    except StopIteration as done:
        return done.value


def pooled_steps(counts: Sequence[int], cond_ok: Callable[[tuple[int, ...]], bool],
                 keep_ok: Callable[[tuple[int, ...]], bool], sizes: Sequence[int], draws: int,
                 bottom: bool) -> Generator[int, None, tuple[float, list[float], bool]]:
    """:func:`pooled_odds` in steps: before each large piece of work it yields the inner-loop steps
    done so far plus that piece's, so a caller can stop it or let it go on; it returns the answer."""
    from deckkit.hands.odds_enum import _Compositions, _kernels, _valued_blocks

    n = tuple(counts)
    A = len(n)
    K, d = len(sizes) - 1, draws
    comps = _Compositions(n, max(sizes) + d)
    weighted_sum, spread = _kernels(A)
    comb = comps.comb
    dist: dict[int, float] = {0: 1.0}
    total, work, seen_true = 0.0, 0, False
    by_depth: list[float] = []
    for m, s in enumerate(sizes):
        last = m == K
        every = comps.of_size(s + d)
        verdicts = [cond_ok(t) for t in every]
        holds = [t for t, ok in zip(every, verdicts) if ok]
        seen_true = seen_true or bool(holds)
        # the complement pays when the condition holds for more than half the blocks
        flip = len(holds) * 2 > len(every)
        side = [t for t, ok in zip(every, verdicts) if not ok] if flip else holds
        small = min(s, d)
        parts = comps.of_size(small) if not last and d else []
        work += len(side) * len(parts) * A
        yield work
        blocks = _valued_blocks(side, s, d, last, parts, keep_ok, comb)
        rejects = [] if last else [h + (comps.code(h),) for h in comps.of_size(s) if not keep_ok(h)]
        work += len(dist) * (len(blocks) + len(rejects))
        yield work
        nxt: dict[int, float] = {}
        kept = 0.0
        for used, pm in dist.items():
            pool = tuple(x - y for x, y in zip(n, comps.decode(used))) if bottom else n
            tables = [comb[x] for x in pool]
            P = sum(pool)
            keep_share = 1.0
            if rejects:
                scale = pm / comb[P][s]
                moved = spread(tables, rejects, used if bottom else 0, scale, nxt)
                keep_share = 1.0 - moved / comb[P][s]
            kept += pm * keep_share
            part = weighted_sum(tables, blocks) / comb[P][s + d] if blocks else 0.0
            total += pm * (keep_share - part if flip else part)
        by_depth.append(kept)
        if not bottom and nxt:  # reshuffle: every new hand comes from the whole deck again
            nxt = {0: sum(nxt.values())}
        dist = nxt
        if not dist:
            break
    by_depth += [0.0] * (K + 1 - len(by_depth))
    return min(1.0, max(0.0, total)), by_depth, seen_true
