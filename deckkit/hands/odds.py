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

The result is exact up to float rounding (products of binomials in doubles; relative error
around 1e-15, the tests pin closed forms to 1e-12). :func:`simulate_odds`
(:mod:`deckkit.hands.simulate`) asks the same question by seeded sampling and gives a standard
error, so each method checks the other.
"""

from __future__ import annotations

import random
from operator import mul
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from deckkit.errors import UsageError
from deckkit.hands.conditions import Condition, bind_all
from deckkit.hands.procedures import DeckTooSmall, GameProcedure, cards_drawn_by_turn, layout, procedure

DP_KEEP_CLASSES = 3  # keep rules with more classes (and mulligans) use the block pass or the pass over pools
BLOCK_GROUP_ATOMS = 3  # the block pass carries a clause's counts while its atoms are dealt: few atoms per clause
# Wider clauses: the block pass and the pass over pools take turns, from this many steps each, growing.
RACE_START = 400_000
POOL_STEPS = 8  # steps of the pass over pools per step of the block pass in the same time (its loops are generated code)
POOL_LISTING = 30  # block-pass steps that take the time the pass over pools spends listing one block
POOL_START = 8  # the pass over pools joins the race once the block pass had this many times its listing
MAX_CATEGORIES = 8  # queries; an exact question over up to this many is never refused, only slow

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
        board = layout(self.game)
        if board is not None:
            return board.assumption
        proc = procedure(self.game, variant=None if self.mulligan == "bottom" or not self.mulligans else self.mulligan)
        parts = ["deck fully shuffled" + (f" ({proc.shuffle_rule})" if proc.shuffle_rule else "")]
        if self.mulligans:
            parts.append(proc.mulligan_words.format(mulligans=self.mulligans))
        if self.turn:
            who = "on the play" if self.on_play else "on the draw"
            parts.append(f"{self.draws} card(s) drawn by own turn {self.turn} {who}; {proc.draw_words}")
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
    board = layout(game)
    if board is not None:
        if mulligans or turn:
            raise UsageError(f"{board.title} has no mulligans or draws: its odds are about the {board.face_up} "
                             f"{board.place} cards ({board.rules})", hint="drop --mulligans and --turn")
        if deck_size < board.face_up:
            raise DeckTooSmall(f"the deck has {deck_size} {board.pool_type} cards, fewer than the {board.face_up} "
                               f"{board.place} spaces", hint=board.too_small_hint or None)
        return Question(board.game, deck_size, (board.face_up,), "none", 0, 0, True)
    proc: GameProcedure = procedure(game, variant=variant)
    if mulligans > proc.max_mulligans:
        if proc.max_mulligans == 0:
            raise UsageError(f"--mulligans {mulligans}: {proc.no_mulligan or proc.title + ' has no mulligan'}",
                             hint=proc.no_mulligan_hint or "drop --mulligans")
        raise UsageError(f"--mulligans {mulligans} is beyond the procedure: the hand shrinks from "
                         f"{proc.hand_size} to 0 after {proc.max_mulligans} mulligans ({proc.beyond_rule})",
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
    """``atom vector -> bool`` for one condition (the condition sees only its own queries).

    Each atom's memberships are packed into one integer (a 32-bit field per query), so a vector's
    query counts are one sum of products; the verdict is remembered per packed counts, which are
    far fewer than the vectors.
    """
    idx = [queries.index(q) for q in cond.queries]
    units = [sum(1 << (32 * j) for j, i in enumerate(idx) if sig[i]) for sig in sigs]
    fields = range(len(idx))
    mask = (1 << 32) - 1
    verdicts: dict[int, bool] = {}
    holds = cond.holds

    def test(vec: tuple[int, ...]) -> bool:
        packed = sum(map(mul, vec, units))
        hit = verdicts.get(packed)
        if hit is None:
            hit = verdicts[packed] = holds([(packed >> (32 * j)) & mask for j in fields])
        return hit

    return test


def exact_odds(cards: Sequence[dict], condition: Condition, q: Question, *, keep: Condition | None = None) -> OddsResult:
    """The exact probability that ``condition`` holds for the cards seen under question ``q``.

    ``keep`` decides mulligans (default: the condition itself, i.e. "mulligan until it holds").
    Computed by dynamic programming over the atoms (:mod:`deckkit.hands.odds_dp`), or — for keep
    rules that tell more than a few classes apart, such as a many-atom condition kept by itself —
    by dealing the atoms into every block at once, each predicate asked as written or negated
    (:mod:`deckkit.hands.odds_terms`, when that splits it into clauses over few atoms each), or by a
    forward pass over the pools left by rejected hands (:func:`deckkit.hands.odds_dp.pooled_odds`);
    the composition-by-composition method (:mod:`deckkit.hands.odds_enum`) gives the same number.
    """
    import time

    from deckkit.hands.odds_dp import DPOdds

    t0 = time.perf_counter()
    keep_cond = keep or condition
    queries, sigs, counts = atoms_of([condition, keep_cond], cards)
    keep_idx = [queries.index(x) for x in keep_cond.queries]
    keep_rows = [[int(s[i]) for i in keep_idx] for s in sigs]
    if q.mulligans and len({tuple(r) for r in keep_rows}) > DP_KEEP_CLASSES:
        # Rejected hands are followed class by class; past a few keep classes that costs more than
        # dealing every block at once (a conjunction of small clauses), or than following every pool
        # of used-up cards as the composition method does (one clause over every category).
        from deckkit.hands.odds_terms import block_odds, polarised

        engine = polarised(counts, sigs, {"cond": condition, "keep": keep_cond}, queries)
        # A keep rule taken negated (a disjunction: "keep if any of …") rejects few hands, so the pass
        # over the pools they leave is small: it goes first.
        pools_first = engine.negated["keep"]
        if engine.widest_group() <= BLOCK_GROUP_ATOMS and not pools_first:
            total, by_depth, seen = block_odds(engine, q.sizes, q.draws, q.mulligan == "bottom")
        else:
            total, by_depth, seen = _blocks_or_pools(engine, counts, condition, keep_cond, queries, sigs, q,
                                                     pools_first=pools_first)
        return OddsResult(q, condition.text, total, "exact", impossible=total == 0.0 and not seen,
                          keep_by_depth=by_depth, keep=keep.text if keep else None, atoms=len(counts),
                          elapsed_s=time.perf_counter() - t0)
    cond_idx = [queries.index(x) for x in condition.queries]
    dp = DPOdds(counts, condition, [[int(s[i]) for i in cond_idx] for s in sigs], keep_cond, keep_rows,
                q.sizes, q.draws, q.mulligan == "bottom")
    total, by_depth = dp.solve()
    impossible = total == 0.0 and not dp.seen_true
    return OddsResult(q, condition.text, total, "exact", impossible=impossible,
                      keep_by_depth=by_depth, keep=keep.text if keep else None, atoms=len(counts),
                      elapsed_s=time.perf_counter() - t0)


def _blocks_or_pools(engine: Any, counts: list[int], condition: Condition, keep_cond: Condition, queries: list[str],
                     sigs: list[tuple[bool, ...]], q: Question, *,
                     pools_first: bool = False) -> tuple[float, list[float], bool]:
    """The block pass and the pass over pools in turns, each given four times the steps of its last try.

    Which is cheaper depends on the condition's shape (a conjunction of small clauses suits the
    blocks, a keep rule that rejects few hands the pools) in ways no rule of thumb fully catches; both
    are exact, so the first to finish answers, for about twice the cost of the faster one (the pass
    over pools is resumed where it stopped; the block pass keeps the joints it finished).
    ``pools_first`` lets the pass over pools take the first turn.
    A question over more than MAX_CATEGORIES queries is refused past the work limit.
    """
    from deckkit.hands.odds_blocks import OverBudget
    from deckkit.hands.odds_terms import block_odds
    from deckkit.hands.odds_dp import pooled_steps
    from deckkit.hands.odds_enum import _WORK_LIMIT

    bottom = q.mulligan == "bottom"
    pools: Any = pooled_steps(counts, _projector(condition, queries, sigs), _projector(keep_cond, queries, sigs),
                              q.sizes, q.draws, bottom)
    planned = 0
    # The pass over pools lists every block of the first hand and its draws before its first step
    # can be stopped, and that listing is a small part of its work only when the atoms are few: it
    # joins the race once the block pass has been given several times that much, or at once when
    # its keep rule rejects few hands and the listing is short.
    first_piece = POOL_LISTING * _compositions(counts, q.sizes[0] + q.draws)
    pools_first = pools_first and first_piece <= RACE_START
    # no point stopping the block pass before the pools can start (past the work limit, a question
    # over too many categories is refused instead)
    wait = POOL_START * first_piece if len(queries) <= MAX_CATEGORIES else min(POOL_START * first_piece, _WORK_LIMIT)
    budget = float(RACE_START if pools_first else max(RACE_START, wait))
    share = POOL_STEPS * float(RACE_START)  # the pass over pools' steps this round
    # One clause group over every atom (an "or" of the categories): the block pass would carry every
    # count of every block, so the pass over pools runs alone.
    blocks = len(engine.groups) > 1
    while True:
        engine.steps_left = budget  # joints finished in an earlier round are remembered
        try:
            if (blocks and not pools_first) or pools is None:
                return block_odds(engine, q.sizes, q.draws, bottom)
        except OverBudget:
            pass
        pools_first = False
        try:  # the pass over pools goes on where it stopped, while its next piece fits its share
            while pools is not None and planned <= share:
                planned = next(pools)
        except StopIteration as done:
            return done.value
        except UsageError:  # more compositions than the pass lists: the block pass goes on alone
            pools = None
        if budget > _WORK_LIMIT and len(queries) > MAX_CATEGORIES:
            raise UsageError(f"this question has more than {MAX_CATEGORIES} card categories and too many "
                             "mulligans for exact odds",
                             hint="use --simulate N for a seeded estimate, or fewer --mulligans")
        budget *= 4
        share *= 4


def _compositions(counts: Sequence[int], total: int) -> int:
    """How many blocks of ``total`` cards the atoms can make (vectors v, v[a] <= counts[a], summing to total)."""
    ways = [1] + [0] * total
    for n in counts:
        nxt = [0] * (total + 1)
        for t, w in enumerate(ways):
            if w:
                for x in range(min(n, total - t) + 1):
                    nxt[t + x] += w
        ways = nxt
    return ways[total]


def answer(cards: Sequence[dict], game: str, condition: Condition, *, mulligans: int = 0,
           keep: Condition | None = None, turn: int = 0, on_play: bool = True, variant: str | None = None,
           simulate: int | None = None, seed: int | None = None,
           progress: Callable[[int, int], None] | None = None) -> tuple[OddsResult, OddsResult | None]:
    """Answer an odds question: ``(result, exact)`` — the exact result, or a simulation and the exact one beside it.

    ``progress(done, total)`` hears how many of the simulated deals are done.
    """
    board = layout(game)
    if board is not None:
        cards = [c for c in cards if c.get("type") == board.pool_type]  # the layout's face-up cards only
    q = question(game, len(cards), mulligans=mulligans, turn=turn, on_play=on_play, variant=variant)
    if simulate is None:
        return exact_odds(cards, condition, q, keep=keep), None
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    from deckkit.hands.simulate import simulate_odds

    sim = simulate_odds(cards, condition, q, games=simulate, seed=seed, keep=keep, progress=progress)
    try:
        exact = exact_odds(cards, condition, q, keep=keep)
    except UsageError:  # too many categories: the simulation stands alone
        exact = None
    return sim, exact


def simulate_odds(*args: Any, **kwargs: Any) -> OddsResult:
    """Seeded estimate of the same question; see :func:`deckkit.hands.simulate.simulate_odds`."""
    from deckkit.hands.simulate import simulate_odds as _simulate

    return _simulate(*args, **kwargs)


def simulate_with_procedure(*args: Any, **kwargs: Any) -> float:
    """Slow reference estimate; see :func:`deckkit.hands.simulate.simulate_with_procedure`."""
    from deckkit.hands.simulate import simulate_with_procedure as _reference

    return _reference(*args, **kwargs)
