"""A Dask cluster gives the same records as a local run for the same seed."""

from __future__ import annotations

import pytest

from deckkit.sim.runner import Job, run


def test_sim_dask_matches_local(starter):
    distributed = pytest.importorskip("distributed")
    deck = starter("kotlik-standard.deck")
    job = Job.make(deck.game, deck.cards, seed=5)
    local = run([job], 120, workers=2)
    # Worker processes (not threads), so jobs and records really cross process boundaries.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = run([job], 120, scheduler=cluster.scheduler_address)
    assert remote.workers == 2
    assert remote.records == local.records


def test_sim_unreachable_scheduler_is_a_usage_error():
    pytest.importorskip("distributed")
    from deckkit.errors import UsageError

    from deckkit.sim.runner import DaskBackend

    with pytest.raises(UsageError, match="cannot reach"):
        DaskBackend("tcp://127.0.0.1:9", timeout="1s")
