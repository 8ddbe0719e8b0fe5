"""How a predicate splits into clauses, and the deck's atoms into groups that share a clause.

The block pass (:mod:`deckkit.hands.odds_blocks`) checks a predicate clause by clause: its
top-level ``and`` clauses (``not (a or b)`` counting as ``not a and not b``), each over the few
queries it compares, with each query's count clipped where no comparison tells counts apart. Atoms
that share a clause form a *group*, dealt together; groups are independent but for the block fills.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from deckkit.hands.conditions import BoolOp, Cmp, CondNode, Condition, Not, _evaluator

__all__ = ["clauses"]


def clauses(node: CondNode) -> list[CondNode]:
    """The top-level ``and`` clauses of a condition (``not (a or b)`` counts as ``not a and not b``)."""
    if isinstance(node, BoolOp) and node.op == "and":
        return [c for child in node.nodes for c in clauses(child)]
    if isinstance(node, Not) and isinstance(node.node, BoolOp) and node.node.op == "or":
        return [c for child in node.node.nodes for c in clauses(Not(child))]
    if isinstance(node, Not) and isinstance(node.node, Not):
        return clauses(node.node.node)
    return [node]


def _cmp_indices(node: CondNode) -> set[int]:
    if isinstance(node, Cmp):
        return {node.index}
    if isinstance(node, Not):
        return _cmp_indices(node.node)
    return set().union(*(_cmp_indices(child) for child in node.nodes))


def _caps(node: CondNode, caps: dict[int, int]) -> None:
    """Per query, the count past which no comparison of the clause tells counts apart."""
    if isinstance(node, Cmp):
        # ``>= n`` and ``< n`` only ask whether n is reached; the others also tell n from n + 1
        need = node.n if node.op in (">=", "<") else node.n + 1
        caps[node.index] = max(caps.get(node.index, 0), need, 1)
    elif isinstance(node, Not):
        _caps(node.node, caps)
    else:
        for child in node.nodes:
            _caps(child, caps)


@dataclass
class _Clause:
    """One clause of one predicate, over union-query slots ``queries`` clipped at ``caps``."""

    queries: tuple[int, ...]  # indices into the union of both predicates' queries
    caps: tuple[int, ...]
    test: Callable[[Sequence[int]], bool]  # over the predicate's own query indices
    local: tuple[int, ...]  # the same queries as indices of the predicate
    width: int  # how many queries the predicate has

    def holds(self, counts: Sequence[int]) -> bool:
        full = [0] * self.width
        for i, c in zip(self.local, counts):
            full[i] = c
        return self.test(full)


def _compile(cond: Condition, union: Sequence[str]) -> list[_Clause]:
    out = []
    for node in clauses(cond.node):
        local = tuple(sorted(_cmp_indices(node)))
        caps: dict[int, int] = {}
        _caps(node, caps)
        out.append(_Clause(tuple(union.index(cond.queries[i]) for i in local), tuple(caps[i] for i in local),
                           _evaluator(node), local, len(cond.queries)))
    return out


@dataclass
class _Group:
    atoms: list[int]
    clauses: dict[str, list[_Clause]]  # predicate name ("keep" / "cond") -> its clauses in this group
    queries: tuple[int, ...]  # union-query indices the group's clauses count
    caps: tuple[int, ...]
    # one slot's fields before -> after a step, shared by every joint (see _GroupDeal.move)
    moves: dict[tuple[str, int, int, bool, bool, int], int] = field(default_factory=dict)


def _groups(sigs: Sequence[Sequence[bool]], counts: Sequence[int],
            preds: dict[str, list[_Clause]]) -> tuple[list[_Group], list[int]]:
    """Atoms linked by a shared clause, each group with its clauses; and the atoms no clause sees."""
    A = len(sigs)
    parent = list(range(A))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    owners: list[tuple[str, _Clause, list[int]]] = []
    for name, cls in preds.items():
        for c in cls:
            members = [a for a in range(A) if any(sigs[a][q] for q in c.queries)]
            owners.append((name, c, members))
            for a in members[1:]:
                parent[find(a)] = find(members[0])
    seen = {a for _, _, members in owners for a in members}
    roots: dict[int, _Group] = {}
    for a in range(A):
        if a in seen:
            roots.setdefault(find(a), _Group([], {}, (), ())).atoms.append(a)
    for name, c, members in owners:
        if not members:
            continue  # a clause no card can move (count of nothing): checked on zero counts below
        g = roots[find(members[0])]
        g.clauses.setdefault(name, []).append(c)
    for g in roots.values():
        caps: dict[int, int] = {}
        for cls in g.clauses.values():
            for c in cls:
                for q, cap in zip(c.queries, c.caps):
                    caps[q] = max(caps.get(q, 0), cap)
        g.queries = tuple(sorted(caps))
        g.caps = tuple(caps[q] for q in g.queries)
    free = [a for a in range(A) if a not in seen]
    # The group of several atoms with the most cards first, while there are few fills to carry its
    # counts through; then the others with the most cards first (the small groups dealt last multiply
    # the fills little, and the fills they cannot complete are dropped after each group); among
    # equals, groups of several atoms, then the one-atom groups that allow the fewest counts in a
    # hand (they leave the fewest fills).
    def allowed(g: _Group) -> float:
        top = min(7, sum(counts[a] for a in g.atoms))
        ok = sum(all(c.holds([x] * len(c.queries)) for cls in g.clauses.values() for c in cls) for x in range(top + 1))
        return ok / (top + 1)

    def cards(g: _Group) -> int:
        return sum(counts[a] for a in g.atoms)

    several = [g for g in roots.values() if len(g.atoms) > 1]
    first = [max(several, key=cards)] if several else []
    groups = first + sorted((g for g in roots.values() if g not in first),
                            key=lambda g: (-cards(g), -len(g.atoms), allowed(g)))
    return groups, free
