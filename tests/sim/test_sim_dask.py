"""A Dask cluster gives the same records as a local run for the same seed."""

from __future__ import annotations

import threading

import pytest

from deckkit.sim.runner import Job, run


def within(seconds: float, fn):
    """``fn()``'s result, or a failed test if it has not returned after ``seconds`` (never a hang)."""
    box: dict = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # handed to the test below
            box["error"] = exc

    # A daemon thread: if the cluster hangs, the test fails and the interpreter can still exit.
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"the local Dask cluster did not answer within {seconds} s")
    if "error" in box:
        raise box["error"]
    return box["value"]


def on_local_cluster(distributed, jobs, games: int):
    """``run(jobs, games)`` on a local cluster of two worker processes (not threads), so jobs and
    records really cross process boundaries."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  timeout="20s", death_timeout="20s") as cluster:
        return run(jobs, games, scheduler=cluster.scheduler_address)


def test_sim_dask_matches_local(starter):
    distributed = pytest.importorskip("distributed")
    deck = starter("kotlik-standard.deck")
    job = Job.make(deck.game, deck.cards, seed=5)
    local = run([job], 120, workers=2)

    remote = within(60, lambda: on_local_cluster(distributed, [job], 120))
    assert remote.workers == 2
    assert remote.records == local.records


def test_sim_unreachable_scheduler_is_a_usage_error():
    pytest.importorskip("distributed")
    from deckkit.errors import UsageError

    from deckkit.sim.runner import DaskBackend

    with pytest.raises(UsageError, match="cannot reach"):
        within(30, lambda: DaskBackend("tcp://127.0.0.1:9", timeout="1s"))


def test_sim_scheduler_without_workers_is_a_usage_error():
    distributed = pytest.importorskip("distributed")
    from deckkit.errors import UsageError

    from deckkit.sim.runner import DaskBackend

    def check():
        with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
            with pytest.raises(UsageError, match="has no workers") as info:
                DaskBackend(cluster.scheduler_address, timeout="1s")
            return info.value

    assert "dask worker" in within(30, check).hint


def test_sim_dask_jobs_that_differ_only_by_seed_stay_apart(starter):
    """A deck is sent to the workers once for all its seeds, each chunk carrying its own seed:
    two seeds of one deck share that copy and still play their own games."""
    distributed = pytest.importorskip("distributed")
    from deckkit.sim.runner import DaskBackend

    deck = starter("obludarium-standard.deck")
    jobs = [Job.make(deck.game, deck.cards, seed=s, keep_seen=False) for s in (1, 2)]
    local = run(jobs, 80, workers=2)

    def on_cluster():
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                      timeout="20s", death_timeout="20s") as cluster:
            with DaskBackend(cluster.scheduler_address) as backend:
                return run(jobs, 80, backend=backend), len(backend._shared)

    result, sent = within(60, on_cluster)
    assert result.records == local.records
    assert local.records[0] != local.records[1]
    assert sent == 1


def test_match_on_dask_matches_the_process_pool(starter):
    """Match games (a search AI against a strategy file) give the same records on a Dask cluster as
    on the process pool for one seed: the AIs' generators come from the seed and the game's index."""
    distributed = pytest.importorskip("distributed")
    from deckkit.match.ai import pilot_spec
    from deckkit.match.game import MatchJob

    deck = starter("obludarium-standard.deck")
    pilots = [pilot_spec("mcts", 6, deck.game), pilot_spec("strategy:obludarium-greedy", 6, deck.game)]
    job = MatchJob.make(deck.game, [deck.cards, deck.cards], pilots, seed=4)
    local = run([job], 10, workers=2)

    remote = within(90, lambda: on_local_cluster(distributed, [job], 10))
    assert remote.workers == 2
    assert remote.records == local.records
    assert {r["winner"] for r in local.records[0]} - {None}  # games were played to an end
