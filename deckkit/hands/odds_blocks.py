"""Exact odds by a pass over the card categories (atoms) that deals every block of positions at once.

The mulligan question asks about disjoint blocks of deck positions: the rejected hands
``R_0 … R_{m-1}`` (OB-504 – OB-506: each goes to the bottom, the next hand is dealt from below it),
the kept hand ``H`` and the draws ``D`` after it. Under a full shuffle the counts of each atom in
each block follow one multivariate hypergeometric law,

    P(X) = prod_a n_a! / (prod_b X[a][b]! * rest_a!)  *  prod_b s_b! * rest! / N!,

a product over the atoms coupled only by the block sizes. :mod:`deckkit.hands.odds_terms` writes the
mulligan question as signed joints "these blocks satisfy these predicates" (a rejected hand as
``1 - [kept]``, or as the negated keep rule asked directly), and this module computes one joint:

**A conjunction is checked clause by clause.** Each predicate is split into its top-level ``and``
clauses; atoms that share a clause form a *group* (:mod:`deckkit.hands.odds_clauses`). The pass deals the atoms one by one into the
blocks (the state: how full each block is, plus the clipped query counts of the group being dealt);
each clause is decided as soon as the cards still to come cannot change its verdict — a block whose
clause fails is dropped at once, and the counts only decided clauses read are forgotten. A
six-atom conjunction of one-atom comparisons therefore carries nothing but block fills; atoms that
no clause mentions fill the blocks last, in closed form, and fills that the atoms still to come
cannot complete are dropped after each group.

The answer equals the composition-by-composition reference (:mod:`deckkit.hands.odds_enum`) to
float rounding.
"""

from __future__ import annotations

import math
from itertools import product
from collections.abc import Sequence

from deckkit.hands.conditions import Condition
from deckkit.hands.odds_clauses import _Group, _compile, _groups, clauses

__all__ = ["BlockOdds", "OverBudget", "clauses"]


class OverBudget(Exception):
    """A pass took more steps than it was given; the caller answers by another method or with more steps."""


class BlockOdds:
    """``P(blocks of the given sizes all satisfy their predicates)`` for one deck, memoised per question.

    ``counts[a]`` cards in atom ``a``, ``sigs[a]`` its memberships in the union of the predicates'
    queries; ``preds`` names each predicate ("keep", "cond"). :meth:`joint` takes *slots*: each a
    predicate name and the sizes of the physical blocks it counts together (the condition sees the
    kept hand and the draws together, the keep rule the hand alone).
    """

    def __init__(self, counts: Sequence[int], sigs: Sequence[Sequence[bool]], preds: dict[str, Condition],
                 union: Sequence[str]) -> None:
        self.N = sum(counts)
        self.union = list(union)
        # which predicates stand for the negation of the question's condition (odds_terms chooses)
        self.negated: dict[str, bool] = dict.fromkeys(preds, False)
        self.positive: dict[str, Condition] = dict(preds)  # the conditions as asked
        compiled = {name: _compile(cond, union) for name, cond in preds.items()}
        # clauses that no card of the deck moves are decided by zero counts once, for every block
        self.always: dict[str, bool] = {}
        for name, cls in compiled.items():
            ok = True
            for c in cls:
                if not any(sigs[a][q] for a in range(len(sigs)) for q in c.queries):
                    ok = ok and c.holds([0] * len(c.queries))
            self.always[name] = ok
        self.groups, free = _groups(sigs, counts, compiled)
        self.counts = list(counts)
        self.sigs = sigs
        self.free = sum(counts[a] for a in free)
        self.fact = [float(math.factorial(k)) for k in range(self.N + 1)]
        self.inv_fact = [1.0 / f for f in self.fact]
        self._memo: dict[tuple, float] = {}
        # Steps (states times counts dealt) still allowed; a finished joint is remembered, so a
        # pass stopped here and run again with more steps does not repeat it.
        self.steps_left: float = math.inf

    def widest_group(self) -> int:
        """The most atoms one clause group holds (0 when no clause sees any card)."""
        return max((len(g.atoms) for g in self.groups), default=0)

    def joint(self, blocks: Sequence[int], slots: Sequence[tuple[str, tuple[int, ...]]]) -> float:
        """P(for every slot ``(pred, block indices)``, pred holds on the sum of those blocks).

        ``blocks`` are the sizes of disjoint blocks of positions; the rest of the deck is unasked.
        """
        if any(not self.always[name] for name, _ in slots):
            return 0.0
        if sum(blocks) > self.N:
            return 0.0
        key = (tuple(blocks), tuple(slots))
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = self._joint(tuple(blocks), tuple(slots))
        return hit

    def _joint(self, sizes: tuple[int, ...], slots: tuple[tuple[str, tuple[int, ...]], ...]) -> float:
        B = len(sizes)
        fact, inv = self.fact, self.inv_fact
        # A state packs the fills of the blocks into one integer, ``W`` bits each.
        W = max(1, max(sizes).bit_length())
        states: dict[int, float] = {0: 1.0}
        fmask = (1 << W) - 1
        # What the groups not yet dealt (and the free cards) can still put in each block, and in all
        # blocks together: fills they cannot complete are dropped after each group.
        groups = self.groups
        intakes = [self._intake(g, sizes, slots) for g in groups]
        room_left = [[min(self.free, s) for s in sizes]]
        total_left = [self.free]
        for g, intake in zip(reversed(groups), reversed(intakes)):
            room_left.append([r + x for r, x in zip(room_left[-1], intake)])
            total_left.append(total_left[-1] + min(sum(self.counts[a] for a in g.atoms), sum(intake)))
        room_left.reverse()
        total_left.reverse()
        total = sum(sizes)
        for gi, g in enumerate(groups):
            states = self._deal_group(g, states, sizes, slots, W)
            rooms, most = room_left[gi + 1], total_left[gi + 1]
            kept: dict[int, float] = {}
            for f, w in states.items():
                fills = [(f >> (W * b)) & fmask for b in range(B)]
                if total - sum(fills) <= most and all(s - x <= r for s, x, r in zip(sizes, fills, rooms)):
                    kept[f] = w
            states = kept
            if not states:
                return 0.0
        n = self.free
        acc = 0.0
        for f, w in states.items():
            term = w
            k = 0
            for b, s in enumerate(sizes):
                x = s - ((f >> (W * b)) & fmask)
                k += x
                term *= inv[x]
            if k <= n:
                acc += term * fact[n] * inv[n - k]
        rest = self.N - total
        norm = fact[rest] * inv[self.N]
        for s in sizes:
            norm *= fact[s]
        return acc * norm

    def _intake(self, g: _Group, sizes: tuple[int, ...], slots: tuple[tuple[str, tuple[int, ...]], ...]) -> list[int]:
        """Per block, the most cards of group ``g`` it can hold with every clause asked of it still able to hold.

        Worked out for a one-atom group (its clauses then read that atom's count alone); a wider group
        is bounded by its cards only.
        """
        cards = sum(self.counts[a] for a in g.atoms)
        out = [min(cards, s) for s in sizes]
        if len(g.atoms) != 1:
            return out
        sig = self.sigs[g.atoms[0]]
        for name, idx in slots:
            cls = g.clauses.get(name)
            if not cls:
                continue
            top = min(cards, sum(sizes[i] for i in idx))
            ok = [x for x in range(top + 1) if all(c.holds([x if sig[q] else 0 for q in c.queries]) for c in cls)]
            most = max(ok, default=0)  # none: the joint is 0, found when the group is dealt
            for i in idx:
                out[i] = min(out[i], most)
        return out

    def _deal_group(self, g: _Group, states: dict[int, float], sizes: tuple[int, ...],
                    slots: tuple[tuple[str, tuple[int, ...]], ...], W: int) -> dict[int, float]:
        """Deal every atom of group ``g`` into the blocks; keep the fills whose clauses hold.

        An atom is dealt block by block; the state then also packs ``k`` (its cards dealt so far)
        and the group's clipped query counts per slot. With the group's last atom, a slot is checked
        as soon as its last block is dealt, and a slot that holds forgets its counts, so states
        that differ only there merge.
        """
        deal = _GroupDeal(self, g, sizes, slots, W)
        cur = dict(states)
        for ai, a in enumerate(deal.atoms):
            n = self.counts[a]
            units = [u for u, q in enumerate(g.queries) if self.sigs[a][q]]
            final = ai == len(deal.atoms) - 1
            for b in range(len(sizes)):
                cur = deal.block(cur, b, ai, n, units, final, fold=b == len(sizes) - 1)
        return cur


class _GroupDeal:
    """The dealing of one group's atoms into the blocks: how a state packs its parts, and the steps.

    A state is one integer: the fills of the blocks (``W`` bits each), then ``k``, the cards of the
    atom being dealt so far (``KW`` bits from ``KS``), then per asked slot the group's clipped query
    counts and a flag "decided true" (``CW`` bits each, from ``CS``).
    """

    def __init__(self, engine: BlockOdds, g: _Group, sizes: tuple[int, ...],
                 slots: tuple[tuple[str, tuple[int, ...]], ...], W: int) -> None:
        self.g, self.sizes, self.slots, self.W = g, sizes, slots, W
        self.engine = engine
        self.counts, self.inv, self.fact = engine.counts, engine.inv_fact, engine.fact
        B, nq = len(sizes), len(g.queries)
        self.nq = nq
        self.asked = asked = [i for i, (name, _) in enumerate(slots) if g.clauses.get(name)]
        self.feeds = [[j for j, i in enumerate(asked) if b in slots[i][1]] for b in range(B)]
        self.closes = [[j for j, i in enumerate(asked) if max(slots[i][1]) == b] for b in range(B)]
        self.where = {q: u for u, q in enumerate(g.queries)}
        # Per slot, each clause is decided on its own: a clause that holds whatever comes is marked in
        # the slot's mask and the counts only decided clauses read are forgotten (set to 0), so states
        # that differ only there merge; a clause that fails whatever comes drops the state.
        self.names = [slots[i][0] for i in asked]
        self.clause_units = {name: [tuple(self.where[q] for q in c.queries) for c in cls]
                             for name, cls in g.clauses.items()}
        self.full = {name: (1 << len(cls)) - 1 for name, cls in g.clauses.items()}
        self._live: dict[tuple[str, int], frozenset[int]] = {}
        self.CW = max(1, max(g.caps, default=1).bit_length(), max(len(cls) for cls in g.clauses.values()))
        self.cmask = (1 << self.CW) - 1
        self.width = nq + 1  # per slot: the clipped counts, then the mask of the clauses decided true
        self.nslot = self.width * len(asked)
        self.KS = W * B  # k's bits
        self.KW = max(1, engine.N.bit_length())
        self.CS = self.KS + self.KW  # the counts' bits
        self.kmask = (1 << self.KW) - 1
        self.fmask = (1 << W) - 1
        atoms = self.atoms = sorted(g.atoms, key=lambda a: engine.counts[a])  # small atoms first: k and counts stay small
        # per query, the cards the atoms after position i can still add (0: the query is closed)
        self.left_after = [[sum(engine.counts[a] for a in atoms[i + 1:] if engine.sigs[a][q]) for q in g.queries]
                           for i in range(len(atoms))]
        self.verdicts: dict[tuple[str, int, tuple[int, ...], int], int] = {}

    def live(self, name: str, mask: int) -> frozenset[int]:
        """The counts that a clause of slot ``name`` not yet decided true still reads."""
        key = (name, mask)
        hit = self._live.get(key)
        if hit is None:
            hit = self._live[key] = frozenset(u for ci, units in enumerate(self.clause_units[name])
                                              if not mask >> ci & 1 for u in units)
        return hit

    def decided(self, name: str, ci: int, counts: tuple[int, ...], ai: int) -> int:
        """1: clause ``ci`` of ``name`` holds whatever the rest of the group adds; 0: it fails whatever; -1: not yet known."""
        key = (name, ci, counts, ai)
        hit = self.verdicts.get(key)
        if hit is None:
            caps, left = self.g.caps, self.left_after[ai]
            # a count can still grow by the cards left to deal, never past its cap: an upper bound
            # those cards cannot break is decided before its last atom
            ranges = [range(c, min(caps[u], c + left[u]) + 1) for c, u in zip(counts, self.clause_units[name][ci])]
            clause = self.g.clauses[name][ci]
            seen = {clause.holds(vals) for vals in product(*ranges)}
            hit = self.verdicts[key] = (1 if True in seen else 0) if len(seen) == 1 else -1
        return hit

    def move(self, c: int, x: int, targets: list[int], units: list[int], checks: list[int], final: bool,
             ai: int) -> int:
        """Counts part -> counts part after x more cards of atom ``ai`` in a block (-1: a slot fails).

        Slot by slot: a slot's step depends on its own fields only, so it is remembered on the
        group and shared by every joint that deals the group.
        """
        SW = self.CW * self.width
        smask = (1 << SW) - 1
        memo = self.g.moves
        out = 0
        for j, name in enumerate(self.names):
            v = (c >> (SW * j)) & smask
            moved = bool(x) and j in targets
            checked = j in checks
            if moved or checked:
                key = (name, v, x if moved else 0, checked, final, ai)
                nv = memo.get(key)
                if nv is None:
                    nv = memo[key] = self._slot_move(name, v, x if moved else 0, units, checked, final, ai)
                if nv < 0:
                    return -1
                v = nv
            out |= v << (SW * j)
        return out

    def _slot_move(self, name: str, v: int, x: int, units: list[int], checked: bool, final: bool, ai: int) -> int:
        """One slot's fields after ``x`` more cards of atom ``ai`` and, when ``checked``, its clauses decided."""
        CW, cmask, nq, caps = self.CW, self.cmask, self.nq, self.g.caps
        cl = [(v >> (CW * i)) & cmask for i in range(self.width)]
        mask = cl[nq]
        full = self.full[name]
        if x and mask != full:
            live = self.live(name, mask)
            for u in units:
                if u in live:
                    cl[u] = min(cl[u] + x, caps[u])
        if checked:
            if mask != full:
                for ci, cu in enumerate(self.clause_units[name]):
                    if mask >> ci & 1:
                        continue
                    verdict = self.decided(name, ci, tuple(cl[u] for u in cu), ai)
                    if verdict == 0:
                        return -1
                    if verdict == 1:
                        mask |= 1 << ci
                live = self.live(name, mask)
                for u in range(nq):
                    if u not in live:
                        cl[u] = 0
            # once the group is dealt every clause is decided: the slot's fields are cleared for the next group
            cl[nq] = 0 if final else mask
        out = 0
        for i, f in enumerate(cl):
            out |= f << (CW * i)
        return out

    def block(self, cur: dict[int, float], b: int, ai: int, n: int, units: list[int],
              final: bool, fold: bool = False) -> dict[int, float]:
        """The states after dealing 0 … n more cards of atom ``ai`` (``n`` cards in all) into block ``b``.

        With ``fold`` (the atom's last block) ``k`` is forgotten on the way: × n!/(n−k)!, with each
        block's 1/x! the ways to place the cards. The hot loop of the exact odds: it stays inline,
        with every constant in a local.
        """
        targets, checks = self.feeds[b], self.closes[b]
        inv, fact, KS, CS, kmask, fmask = self.inv, self.fact, self.KS, self.CS, self.kmask, self.fmask
        simple = not checks and not (targets and units)
        nxt: dict[int, float] = {}
        get = nxt.get
        s_b, shift = self.sizes[b], self.W * b
        unit = (1 << shift) if fold else (1 << shift) + (1 << KS)
        clear = ~(kmask << KS) if fold else -1
        span = min(s_b, n)
        engine = self.engine
        engine.steps_left -= len(cur) * (span + 1)
        if engine.steps_left < 0:
            raise OverBudget
        if simple:  # no count to move or check: (key step, weight factor) for x = 0 … top, by (top, k)
            table: dict[tuple[int, int], list[tuple[int, float]]] = {}
            for key, w in cur.items():
                k = (key >> KS) & kmask
                top = s_b - ((key >> shift) & fmask)
                if top > n - k:
                    top = n - k
                steps = table.get((top, k))
                if steps is None:
                    steps = table[(top, k)] = [(x * unit, inv[x] * fact[n] * inv[n - k - x] if fold else inv[x])
                                               for x in range(top + 1)]
                key &= clear
                for step, ix in steps:
                    k2 = key + step
                    nxt[k2] = get(k2, 0.0) + w * ix
            return nxt
        # per counts part: for x = 0 … span, what to add to the key (None: a slot fails)
        rows: dict[int, list[tuple[int, int, float]]] = {}
        for key, w in cur.items():
            k = (key >> KS) & kmask
            top = s_b - ((key >> shift) & fmask)
            if top > n - k:
                top = n - k
            c = key >> CS
            row = rows.get(c)
            if row is None:
                row = rows[c] = []
                for x in range(span + 1):
                    c2 = self.move(c, x, targets, units, checks, final, ai)
                    if c2 >= 0:
                        row.append((x, x * unit + ((c2 - c) << CS), inv[x]))
            if fold:
                w *= fact[n]
                key &= clear
                for x, step, ix in row:
                    if x > top:
                        break
                    k2 = key + step
                    nxt[k2] = get(k2, 0.0) + w * ix * inv[n - k - x]
                continue
            for x, step, ix in row:
                if x > top:
                    break
                k2 = key + step
                nxt[k2] = get(k2, 0.0) + w * ix
        return nxt

