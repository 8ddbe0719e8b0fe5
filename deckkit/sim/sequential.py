"""Play games in batches until a sequential test decides (or a cap is reached), on any backend.

The test looks after every ``batch`` games — and once many games are played, after every tenth of
them (rounded down to whole batches), so that a long run does not spend its time recomputing the
LLR. Both depend on the games played alone, never on the worker count, so a seed gives the same
games, the same LLR path and the same decision on one worker or many, locally or on a cluster.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deckkit.sim.runner import AnyJob, Backend, Interrupted, record_index
from deckkit.sim.sprt import Sprt


@dataclass
class SequentialResult:
    """Records per job (index order), whether Ctrl-C cut the run short, the backend's workers."""

    records: list[list[Any]]
    interrupted: bool
    workers: int


def play_until_decided(jobs: Sequence[AnyJob], test: Sprt, llr: Callable[[list[list[Any]]], float], *, batch: int,
                       cap: int, backend: Backend, progress: Callable[[int, int], None] | None = None
                       ) -> SequentialResult:
    """Play games ``0, 1, …`` of every job in batches of ``batch`` until ``test`` decides on
    ``llr(records)`` or ``cap`` games per job are played."""
    records: list[list[Any]] = [[] for _ in jobs]
    backend.prepare(jobs)
    done = 0

    def tick(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(done, cap * len(jobs))

    lo = 0
    k = 0
    try:
        while lo < cap and test.decision is None:
            hi = min(cap, lo + max(batch, lo // 10 // batch * batch))
            for k, job in enumerate(jobs):
                records[k].extend(backend.play(job, lo, hi, tick))
            test.update(hi, llr(records))
            lo = hi
    except Interrupted as stop:
        records[k].extend(stop.records[0])
        records[k].sort(key=record_index)
        common = set.intersection(*({record_index(r) for r in recs} for recs in records))
        return SequentialResult([[r for r in recs if record_index(r) in common] for recs in records], True,
                                backend.workers)
    return SequentialResult(records, False, backend.workers)
