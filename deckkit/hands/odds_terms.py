"""The mulligan question as a signed sum of block-pass joints, each predicate taken the cheaper way round.

At depth ``m`` the question asks of disjoint blocks of positions (OB-504 – OB-506: rejected hands
to the bottom, the next hand dealt from below them; OB-Q7: the draws by the turn after the kept hand):

    P(R_0 … R_{m-1} rejected, H kept, condition on H + D).

Each factor is one predicate on one block, and either the predicate or its negation can be handed
to the block pass (:mod:`deckkit.hands.odds_blocks`), through ``[not p] = 1 - [p]``. The block pass
is fast when a predicate splits into clauses over few atoms each: a conjunction does, and so does
the negation of a disjunction (``not (a or b)`` is ``not a and not b``). So the keep rule and the
condition are each taken as asked or negated, whichever gives the narrower clause groups, and the
product of the factors is expanded into signed joints: with the keep rule as asked, a rejected hand
is ``1 - [kept]`` (inclusion–exclusion); negated, it is asked directly. The joints are
probabilities and the signs alternate, so the rounding stays around 1e-15.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from deckkit.hands.conditions import Condition, Not, _evaluator
from deckkit.hands.odds_blocks import BlockOdds
from deckkit.hands.odds_clauses import _compile, _groups

__all__ = ["negation", "polarised", "block_odds"]

Slot = tuple[str, tuple[int, ...]]


def negation(cond: Condition) -> Condition:
    """``not (cond)``: the same queries, the opposite verdict."""
    node = Not(cond.node)
    return Condition(f"not ({cond.text})", node, cond.queries, cond.predicates, _evaluator(node))


def polarised(counts: Sequence[int], sigs: Sequence[Sequence[bool]], preds: dict[str, Condition],
              union: Sequence[str]) -> BlockOdds:
    """A block engine over each predicate or its negation: the choice whose widest clause groups are narrowest.

    Groups are compared widest first (atoms per group, then the next widest …); a tie keeps the
    predicate as asked.
    """
    names = list(preds)
    best: tuple[list[int], tuple[bool, ...]] | None = None
    for flips in product((False, True), repeat=len(names)):
        chosen = {n: negation(preds[n]) if f else preds[n] for n, f in zip(names, flips)}
        groups, _ = _groups(sigs, counts, {n: _compile(c, union) for n, c in chosen.items()})
        widths = sorted((len(g.atoms) for g in groups), reverse=True)
        if best is None or widths < best[0]:
            best = (widths, flips)
    assert best is not None
    flips = best[1]
    engine = BlockOdds(counts, sigs, {n: negation(preds[n]) if f else preds[n] for n, f in zip(names, flips)},
                       union)
    engine.negated = dict(zip(names, flips))
    engine.positive = dict(preds)
    return engine


def _factor(engine: BlockOdds, name: str, holds: bool) -> list[tuple[int, str | None]]:
    """"``name`` holds" (or fails) on one block, as signed terms of the engine's predicate (None: no predicate)."""
    if holds != engine.negated.get(name, False):  # the engine's predicate is the event itself
        return [(1, name)]
    return [(1, None), (-1, name)]


def _tail(s: int, d: int, keep: bool, cond: bool) -> tuple[list[int], list[Slot]]:
    """Blocks and slots of the kept hand (``s`` cards) and the draws (``d``) when keep / cond are asked."""
    if keep and cond:
        return ([s, d], [("keep", (0,)), ("cond", (0, 1))]) if d else ([s], [("keep", (0,)), ("cond", (0,))])
    if keep:
        return [s], [("keep", (0,))]
    if cond:
        return [s + d], [("cond", (0,))]
    return [], []


def block_odds(engine: BlockOdds, sizes: Sequence[int], draws: int, bottom: bool) -> tuple[float, list[float], bool]:
    """(P(condition), P(keep after m mulligans) for m = 0 … K, whether any block satisfies the condition).

    ``engine`` knows the predicates "keep" and "cond" (each possibly negated, ``engine.negated``).
    The last hand is kept whatever it holds.
    """
    K, d = len(sizes) - 1, draws
    total, by_depth = 0.0, []
    for m in range(K + 1):
        s = sizes[m]
        for with_cond in (True, False):
            kept = _factor(engine, "keep", True) if m < K else [(1, None)]
            cond = _factor(engine, "cond", True) if with_cond else [(1, None)]
            rejected = _factor(engine, "keep", False)
            acc = 0.0
            if bottom:
                for parts in product(*([rejected] * m), kept, cond):
                    sign = 1
                    blocks: list[int] = []
                    slots: list[Slot] = []
                    for j, (sg, name) in enumerate(parts[:m]):
                        sign *= sg
                        if name:
                            slots.append((name, (len(blocks),)))
                            blocks.append(sizes[j])
                    (sk, pk), (sc, pc) = parts[m:]
                    tail, tail_slots = _tail(s, d, pk is not None, pc is not None)
                    off = len(blocks)
                    blocks += tail
                    slots += [(name, tuple(off + i for i in idx)) for name, idx in tail_slots]
                    acc += sign * sk * sc * (engine.joint(tuple(blocks), tuple(slots)) if blocks else 1.0)
            else:  # reshuffle: every hand a fresh draw from the whole deck, the rejections independent
                for (sk, pk), (sc, pc) in product(kept, cond):
                    tail, tail_slots = _tail(s, d, pk is not None, pc is not None)
                    acc += sk * sc * (engine.joint(tuple(tail), tuple(tail_slots)) if tail else 1.0)
                for j in range(m):
                    acc *= sum(sg * (engine.joint((sizes[j],), (("keep", (0,)),)) if name else 1.0)
                               for sg, name in rejected)
            if with_cond:
                total += acc
            else:
                by_depth.append(acc)
    seen = _seen(engine, sizes, d)
    # never satisfied: exactly 0 (1 minus the negation's terms would leave rounding)
    return (min(1.0, max(0.0, total)) if seen else 0.0), by_depth, seen


def _seen(engine: BlockOdds, sizes: Sequence[int], d: int) -> bool:
    """Whether some block of a kept hand and its draws satisfies the condition (told apart from "unlikely")."""
    blocks = set(s + d for s in sizes)
    if not engine.negated.get("cond", False):
        return any(engine.joint((t,), (("cond", (0,)),)) > 0.0 for t in blocks)
    # the engine asks the negation: a pass over the condition as asked, for one block, says it exactly
    asked = BlockOdds(engine.counts, engine.sigs, {"cond": engine.positive["cond"]}, engine.union)
    return any(asked.joint((t,), (("cond", (0,)),)) > 0.0 for t in blocks)
