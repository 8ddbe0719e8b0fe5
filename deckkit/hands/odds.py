"""Exact odds of a condition on the opening hand (after mulligans, by turn T) and seeded simulation.

Exact maths: the condition's (and the keep rule's) queries split the deck into *atoms* — groups of
cards that satisfy exactly the same queries. A hand is then a vector of atom counts, drawn by the
multivariate hypergeometric law ``prod C(n_a, h_a) / C(N, s)``, and the condition depends on that
vector only. Mulligans are followed exactly as the procedure moves the cards:

- Obludárium (OB-504 – OB-506): rejected hands go to the bottom, no reshuffle, so each new hand is
  drawn from the cards *below* the previous ones — the pool shrinks by every rejected hand, and
  the cards drawn on later turns also come from that shrunken pool. A forward pass over "which
  atoms have been used up" carries the probability of each state from one depth to the next.
- Álomfogó house rule ``reshuffle``: each new hand is a fresh draw from the whole deck.

The result is exact up to float rounding (weights are exact integers, divided once).
:func:`simulate_odds` asks the same question by seeded sampling and gives a standard error, so
each method checks the other.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from deckkit.errors import UsageError
from deckkit.hands.conditions import Condition, bind_all
from deckkit.hands.procedures import (
    DeckTooSmall, GameProcedure, KO_BOARD, cards_drawn_by_turn, obludarium_opening, procedure,
)

__all__ = ["Question", "OddsResult", "question", "exact_odds", "simulate_odds", "atoms_of"]


@dataclass(frozen=True)
class Question:
    """What is asked: hand sizes per mulligan depth, how mulligans move cards, cards drawn by the turn."""

    game: str
    deck_size: int
    sizes: tuple[int, ...]  # hand size at depth 0..K
    mulligan: str  # "bottom", "reshuffle" or "none"
    draws: int  # cards drawn after the kept hand by the turn asked about
    turn: int
    on_play: bool

    @property
    def mulligans(self) -> int:
        """K: the most mulligans the question allows."""
        return len(self.sizes) - 1

    def assumption(self) -> str:
        """What the maths assumes about the cards, in words (printed with every answer)."""
        base = "deck fully shuffled (OB-Q3 reading A)" if self.game == "obludarium" else "deck fully shuffled"
        if self.game == "kotlik":
            return (f"the {KO_BOARD} board cards are a uniform draw from the shuffled ingredient cards"
                    " (KO-301, KO-302)")
        parts = [base]
        if self.mulligans:
            if self.mulligan == "bottom":
                parts.append("each rejected hand goes to the bottom and the next hand comes from the cards "
                             "below it, no reshuffle (OB-504 – OB-506, OB-Q5); mulligan while the keep rule "
                             f"fails, at most {self.mulligans} time(s), then keep")
            else:
                parts.append("house-rule mulligan: hand shuffled back, one card fewer (not in the rules, AF-Q5); "
                             f"at most {self.mulligans} time(s)")
        if self.turn:
            who = "on the play" if self.on_play else "on the draw"
            rule = "starting player draws on turn 1 (OB-Q7)" if self.game == "obludarium" else \
                "starting player skips the first draw (AF-513)"
            parts.append(f"{self.draws} card(s) drawn by own turn {self.turn} {who}; {rule}")
        return "; ".join(parts)


@dataclass
class OddsResult:
    """An answer: probability, method, and what was assumed; ``keep_by_depth[m]`` = P(keep after m mulligans)."""

    question: Question
    condition: str
    probability: float
    method: str
    impossible: bool = False
    keep_by_depth: list[float] = field(default_factory=list)
    games: int | None = None
    stderr: float | None = None
    seed: int | None = None
    keep: str | None = None
    atoms: int = 0
    elapsed_s: float = 0.0

    def as_json(self, deck: str) -> dict[str, Any]:
        """The CLI.md ``odds -o json`` shape plus a few extra keys."""
        q = self.question
        out: dict[str, Any] = {
            "deck": deck, "condition": self.condition, "hand_size": q.sizes[0], "mulligans": q.mulligans,
            "turn": q.turn, "probability": self.probability, "method": self.method,
        }
        if self.games is not None:
            out["games"] = self.games
            out["stderr"] = self.stderr
            out["seed"] = self.seed
        out.update({
            "game": q.game, "keep": self.keep, "on_play": q.on_play, "draws": q.draws,
            "impossible": self.impossible, "keep_by_depth": self.keep_by_depth, "assumption": q.assumption(),
        })
        return out


def question(game: str, deck_size: int, *, mulligans: int = 0, turn: int = 0, on_play: bool = True,
             variant: str | None = None) -> Question:
    """Check and build a question for ``game``: hand sizes, mulligan kind, draws by ``turn``."""
    if mulligans < 0:
        raise UsageError(f"--mulligans {mulligans} is negative", hint="0 means the opening hand only")
    if turn < 0:
        raise UsageError(f"--turn {turn} is negative", hint="0 is the opening hand, 1 the first own turn")
    if game == "kotlik":
        if mulligans or turn:
            raise UsageError("Kotlík has no mulligans or draws: its odds are about the 32 board cards (KO-302)",
                             hint="drop --mulligans and --turn")
        if deck_size < KO_BOARD:
            raise DeckTooSmall(f"the deck has {deck_size} ingredient cards, fewer than the {KO_BOARD} board spaces",
                               hint="a Kotlík deck holds the 56 ingredient cards (KO-104)")
        return Question("kotlik", deck_size, (KO_BOARD,), "none", 0, 0, True)
    proc: GameProcedure = procedure(game, variant=variant)
    if mulligans > proc.max_mulligans:
        if proc.max_mulligans == 0:
            raise UsageError(f"--mulligans {mulligans}: Álomfogó has no mulligan (AF-503, AF-Q5)",
                             hint="use --variant reshuffle for the house-rule mulligan, or drop --mulligans")
        raise UsageError(f"--mulligans {mulligans} is beyond the procedure: the hand shrinks from "
                         f"{proc.hand_size} to 0 after {proc.max_mulligans} mulligans (OB-505, OB-Q5)",
                         hint=f"use --mulligans 0 … {proc.max_mulligans}")
    sizes = tuple(proc.hand_size - m for m in range(mulligans + 1))
    draws = cards_drawn_by_turn(proc.game, turn, on_play)
    if deck_size < sizes[0]:
        raise DeckTooSmall(f"the deck has {deck_size} cards, fewer than the {sizes[0]}-card opening hand",
                           hint="add cards to the deck")
    need = (sum(sizes) if proc.mulligan == "bottom" else sizes[0]) + draws
    if need > deck_size:
        what = f"{sizes[0]}-card hand" + (f", {mulligans} mulligan(s)" if mulligans else "") + \
            (f" and {draws} draw(s) by turn {turn}" if draws else "")
        raise DeckTooSmall(
            f"the deck has {deck_size} cards but the {what} may need {need} distinct cards",
            hint="lower --turn or --mulligans (past that the draws would reach the rejected hands "
                 "at the bottom, or the deck would run out)",
        )
    return Question(proc.game, deck_size, sizes, proc.mulligan, draws, turn, on_play)


def atoms_of(conditions: Sequence[Condition], cards: Sequence[dict]) -> tuple[list[str], list[tuple[bool, ...]], list[int]]:
    """Queries, and the atoms (distinct membership signatures) with how many deck cards each holds."""
    queries, rows = bind_all(conditions, cards)
    counts: dict[tuple[bool, ...], int] = {}
    for row in rows:
        counts[row] = counts.get(row, 0) + 1
    sigs = list(counts)
    return queries, sigs, [counts[s] for s in sigs]


def _projector(cond: Condition, queries: list[str], sigs: list[tuple[bool, ...]]) -> Callable[[tuple[int, ...]], bool]:
    """``atom vector -> bool`` for one condition, cached (the condition sees only its own queries)."""
    idx = [queries.index(q) for q in cond.queries]
    per_atom = [[1 if sig[i] else 0 for i in idx] for sig in sigs]
    cache: dict[tuple[int, ...], bool] = {}
    nq = len(idx)
    atoms = range(len(sigs))

    def test(vec: tuple[int, ...]) -> bool:
        hit = cache.get(vec)
        if hit is None:
            counts = [0] * nq
            for a in atoms:
                k = vec[a]
                if k:
                    row = per_atom[a]
                    for j in range(nq):
                        counts[j] += k * row[j]
            hit = cache[vec] = cond.holds(counts)
        return hit

    return test


class _Hands:
    """All hand compositions of ``s`` cards from a pool of atom counts, with exact integer weights."""

    def __init__(self, budget: int = 5_000_000) -> None:
        self._cache: dict[tuple[tuple[int, ...], int], list[tuple[tuple[int, ...], float]]] = {}
        self.budget = budget  # compositions enumerated before giving up (too many categories)

    def __call__(self, pool: tuple[int, ...], s: int) -> list[tuple[tuple[int, ...], float]]:
        key = (pool, s)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        total = math.comb(sum(pool), s)
        out: list[tuple[tuple[int, ...], float]] = []
        if total == 0:
            self._cache[key] = out
            return out
        a_last = len(pool) - 1
        combs = [[math.comb(n, k) for k in range(min(n, s) + 1)] for n in pool]
        # suffix capacity: how many cards the atoms after a can still supply
        cap = [0] * (len(pool) + 1)
        for a in range(a_last, -1, -1):
            cap[a] = cap[a + 1] + pool[a]

        def rec(a: int, left: int, prefix: tuple[int, ...], weight: int) -> None:
            if a == a_last:
                if left <= pool[a]:
                    out.append((prefix + (left,), weight * combs[a][left] / total))
                return
            lo = max(0, left - cap[a + 1])
            for k in range(lo, min(left, pool[a]) + 1):
                rec(a + 1, left - k, prefix + (k,), weight * combs[a][k])

        rec(0, s, (), 1)
        self.budget -= len(out)
        if self.budget < 0:
            raise UsageError("the condition splits the deck into too many categories for exact odds",
                             hint="use --simulate N for a seeded estimate")
        self._cache[key] = out
        return out


def exact_odds(cards: Sequence[dict], condition: Condition, q: Question, *, keep: Condition | None = None) -> OddsResult:
    """The exact probability that ``condition`` holds for the cards seen under question ``q``.

    ``keep`` decides mulligans (default: the condition itself, i.e. "mulligan until it holds").
    """
    import time

    t0 = time.perf_counter()
    keep_cond = keep or condition
    queries, sigs, counts = atoms_of([condition, keep_cond], cards)
    cond_ok = _projector(condition, queries, sigs)
    keep_ok = _projector(keep_cond, queries, sigs)
    n = tuple(counts)
    A = len(n)
    zero = (0,) * A
    hands = _Hands()
    K, d = q.mulligans, q.draws
    g_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}

    def later(h: tuple[int, ...], rest: tuple[int, ...]) -> float:
        """P(condition on the hand plus the next d cards of the remaining pool)."""
        key = (h, rest)
        hit = g_cache.get(key)
        if hit is None:
            hit = 0.0
            for e, pe in hands(rest, d):
                if cond_ok(tuple(x + y for x, y in zip(h, e))):
                    hit += pe
            g_cache[key] = hit
        return hit

    dist: dict[tuple[int, ...], float] = {zero: 1.0}  # atoms used up by rejected hands -> probability
    total = 0.0
    by_depth: list[float] = []
    for m, s in enumerate(q.sizes):
        last = m == K
        nxt: dict[tuple[int, ...], float] = defaultdict(float)
        kept = 0.0
        for removed, pm in dist.items():
            pool = n if q.mulligan != "bottom" else tuple(x - y for x, y in zip(n, removed))
            for h, ph in hands(pool, s):
                p = pm * ph
                if last or keep_ok(h):
                    kept += p
                    if d == 0:
                        if cond_ok(h):
                            total += p
                    else:
                        total += p * later(h, tuple(x - y for x, y in zip(pool, h)))
                elif q.mulligan == "bottom":
                    nxt[tuple(x + y for x, y in zip(removed, h))] += p
                else:
                    nxt[zero] += p
        by_depth.append(kept)
        dist = nxt
        if not dist:
            break
    by_depth += [0.0] * (K + 1 - len(by_depth))
    total = min(1.0, max(0.0, total))
    return OddsResult(q, condition.text, total, "exact", impossible=_impossible(total, condition, q, cards),
                      keep_by_depth=by_depth, keep=keep.text if keep else None, atoms=A,
                      elapsed_s=time.perf_counter() - t0)


def _impossible(p: float, condition: Condition, q: Question, cards: Sequence[dict]) -> bool:
    """True when no set of cards the player could see satisfies the condition (probability exactly 0)."""
    if p > 0:
        return False
    # p == 0 exactly: is there any reachable composition at all that satisfies it? Check the largest
    # sight (opening hand + draws) and every smaller one — a zero from rounding is not "impossible".
    queries, sigs, counts = atoms_of([condition], cards)
    test = _projector(condition, queries, sigs)
    hands = _Hands()
    n = tuple(counts)
    sizes = {s + q.draws for s in q.sizes}
    return not any(test(h) for s in sizes for h, _ in hands(n, s))


# ------------------------------------------------------------------ simulation

def simulate_odds(cards: Sequence[dict], condition: Condition, q: Question, *, games: int, seed: int,
                  keep: Condition | None = None) -> OddsResult:
    """Estimate the same probability as :func:`exact_odds` from ``games`` seeded deals; with a standard error."""
    import time

    if games < 1:
        raise UsageError(f"--simulate {games}: the number of games must be at least 1", hint="e.g. --simulate 100000")
    t0 = time.perf_counter()
    keep_cond = keep or condition
    queries, rows = bind_all([condition, keep_cond], cards)
    width = max(8, (len(cards) + 1).bit_length())
    mask = (1 << width) - 1
    values = [sum(int(b) << (i * width) for i, b in enumerate(row)) for row in rows]
    cond_idx = [queries.index(x) for x in condition.queries]
    keep_idx = [queries.index(x) for x in keep_cond.queries]

    def tester(cond: Condition, idx: list[int]) -> Callable[[int], bool]:
        cache: dict[int, bool] = {}

        def test(packed: int) -> bool:
            hit = cache.get(packed)
            if hit is None:
                hit = cache[packed] = cond.holds([(packed >> (i * width)) & mask for i in idx])
            return hit
        return test

    cond_ok, keep_ok = tester(condition, cond_idx), tester(keep_cond, keep_idx)
    rng = random.Random(seed)
    sample = rng.sample
    K, d, sizes = q.mulligans, q.draws, q.sizes
    hits = 0
    depth_counts = [0] * (K + 1)
    if K == 0:
        s = sizes[0]
        if d == 0:
            cache_get = {}.get  # inline cache: packed -> bool
            memo: dict[int, bool] = {}
            cache_get = memo.get
            for _ in range(games):
                packed = sum(sample(values, s))
                ok = cache_get(packed)
                if ok is None:
                    ok = memo[packed] = cond_ok(packed)
                hits += ok
        else:
            for _ in range(games):
                seq = sample(values, s + d)
                hits += cond_ok(sum(seq))
        depth_counts[0] = games
    elif q.mulligan == "bottom":
        need = sum(sizes) + d  # question() guarantees need <= deck size: no wrap-around
        for _ in range(games):
            seq = sample(values, need)
            pos = 0
            for m, s in enumerate(sizes):
                h = sum(seq[pos:pos + s])
                if m == K or keep_ok(h):
                    depth_counts[m] += 1
                    hits += cond_ok(h + sum(seq[pos + s:pos + s + d])) if d else cond_ok(h)
                    break
                pos += s
    else:  # reshuffle: every hand a fresh draw from the whole deck
        for _ in range(games):
            for m, s in enumerate(sizes):
                seq = sample(values, s + d)
                h = sum(seq[:s])
                if m == K or keep_ok(h):
                    depth_counts[m] += 1
                    hits += cond_ok(h + sum(seq[s:])) if d else cond_ok(h)
                    break
    p = hits / games
    stderr = math.sqrt(p * (1 - p) / games)
    return OddsResult(q, condition.text, p, "simulation", impossible=False,
                      keep_by_depth=[c / games for c in depth_counts], games=games, stderr=stderr, seed=seed,
                      keep=keep.text if keep else None, atoms=len(set(values)),
                      elapsed_s=time.perf_counter() - t0)


def simulate_with_procedure(cards: Sequence[dict], condition: Condition, q: Question, *, games: int, seed: int,
                            keep: Condition | None = None) -> float:
    """Slow reference estimate that shuffles whole decks and runs :func:`obludarium_opening` (tests use it)."""
    rng = random.Random(seed)
    keep_fn = (keep or condition).keep_callback(cards)
    hits = 0
    deck = list(cards)
    for _ in range(games):
        rng.shuffle(deck)
        if q.mulligan == "bottom":
            res = obludarium_opening(deck, keep_fn, hand_size=q.sizes[0], max_mulligans=q.mulligans)
        else:
            res = obludarium_opening(deck, None, hand_size=q.sizes[0], max_mulligans=0)
        hits += condition.holds_for(res.hand + res.library[:q.draws])
    return hits / games


def answer(cards: Sequence[dict], game: str, condition: Condition, *, mulligans: int = 0,
           keep: Condition | None = None, turn: int = 0, on_play: bool = True, variant: str | None = None,
           simulate: int | None = None, seed: int | None = None) -> tuple[OddsResult, OddsResult | None]:
    """Answer an odds question: ``(result, exact)`` — the exact result, or a simulation and the exact one beside it."""
    if game == "kotlik":
        cards = [c for c in cards if c.get("type") == "ingredient"]  # the board holds ingredient cards only
    q = question(game, len(cards), mulligans=mulligans, turn=turn, on_play=on_play, variant=variant)
    if simulate is None:
        return exact_odds(cards, condition, q, keep=keep), None
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    sim = simulate_odds(cards, condition, q, games=simulate, seed=seed, keep=keep)
    try:
        exact = exact_odds(cards, condition, q, keep=keep)
    except UsageError:  # too many categories: the simulation stands alone
        exact = None
    return sim, exact
