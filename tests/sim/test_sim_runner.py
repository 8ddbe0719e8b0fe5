"""The runner: same seed, same records — whatever the worker count, chunking or backend."""

from __future__ import annotations

import pytest

from deckkit.errors import UsageError
from deckkit.sim.runner import Backend, Job, ProcessBackend, next_target, run
from deckkit.sim.stats import precision_of


@pytest.fixture(scope="module")
def kotlik_job(starter):
    deck = starter("kotlik-standard.deck")
    return Job.make(deck.game, deck.cards, seed=11)


def test_sim_same_records_for_one_and_two_workers(kotlik_job):
    one = run([kotlik_job], 150, workers=1)
    two = run([kotlik_job], 150, workers=2)
    assert one.workers == 1 and two.workers == 2
    assert [r.index for r in two.records[0]] == list(range(150))
    assert one.records == two.records
    # Real games, not one game repeated: the seeds differ and so do the outcomes.
    assert len({tuple(r.scores) for r in one.records[0]}) > 20


def test_sim_prefix_of_a_longer_run_is_the_shorter_run(kotlik_job):
    short = run([kotlik_job], 40, workers=2).records[0]
    long = run([kotlik_job], 100, workers=2).records[0]
    assert long[:40] == short


def test_sim_other_seed_other_games(kotlik_job):
    other = Job.make(kotlik_job.game, kotlik_job.deck, seed=12)
    a, b = run([kotlik_job, other], 30, workers=1).records
    assert [r.scores for r in a] != [r.scores for r in b]


def test_sim_precision_keeps_playing_and_is_deterministic(kotlik_job):
    loose = run([kotlik_job], 50, workers=1, precision=1000.0)
    assert len(loose.records[0]) == 50  # already narrow enough
    tight1 = run([kotlik_job], 50, workers=1, precision=2.5, max_games=800)
    tight2 = run([kotlik_job], 50, workers=2, precision=2.5, max_games=800)
    n = len(tight1.records[0])
    assert 50 < n <= 800 and tight1.records == tight2.records
    assert n == 800 or precision_of(tight1.records[0]) <= 2.5


def test_sim_precision_capped(kotlik_job):
    capped = run([kotlik_job], 20, workers=1, precision=0.001, max_games=60)
    assert len(capped.records[0]) == 60


def test_sim_next_target_grows_toward_the_needed_games():
    assert next_target(100, 2.0, 1.0, 100, 10_000) == 440  # width halves with 4x the games, +10%
    assert next_target(100, float("inf"), 1.0, 100, 10_000) == 200
    assert next_target(100, 2.0, 1.0, 100, 300) == 300


@pytest.mark.parametrize("backend", [Backend, lambda: ProcessBackend(2)])
def test_sim_ctrl_c_keeps_finished_games(kotlik_job, backend):
    calls = []

    def progress(done, total):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt  # what Ctrl-C raises in the parent process

    with backend() as b:
        result = run([kotlik_job], 400, progress=progress, backend=b)
    assert result.interrupted
    finished = result.records[0]
    assert 0 < len(finished) < 400
    full = {r.index: r for r in run([kotlik_job], 400, workers=1).records[0]}
    assert all(full[r.index] == r for r in finished)


def test_sim_bad_counts_are_usage_errors(kotlik_job):
    with pytest.raises(UsageError):
        run([kotlik_job], 0)
    with pytest.raises(UsageError):
        run([kotlik_job], 10, workers=0)
    with pytest.raises(UsageError):
        run([kotlik_job], 10, precision=-1)


def test_sim_precision_covers_the_paired_difference(kotlik_job):
    from deckkit.sim.compare import difference

    other = Job.make(kotlik_job.game, kotlik_job.deck, seed=11, settings={"doubling": "both"})
    result = run([kotlik_job, other], 40, workers=1, precision=3.0, max_games=640)
    a, b = result.records
    assert len(a) == len(b) and [r.index for r in a] == [r.index for r in b]
    assert len(a) == 640 or difference(a, b).half_width <= 3.0


def test_sim_precision_run_says_whether_it_got_there(kotlik_job):
    assert run([kotlik_job], 20, workers=1).precision_reached is None  # no --precision: no claim
    assert run([kotlik_job], 50, workers=1, precision=1000.0).precision_reached is True
    capped = run([kotlik_job], 20, workers=1, precision=0.001, max_games=60)
    assert capped.precision_reached is False and len(capped.records[0]) == 60


@pytest.mark.parametrize("kwargs, message", [
    ({"max_games": 500}, "only limits a --precision run"),
    ({"precision": 1.0, "max_games": 10}, "below --games"),
    ({"precision": float("nan")}, "must be positive"),
])
def test_sim_precision_options_checked(kotlik_job, kwargs, message):
    with pytest.raises(UsageError, match=message):
        run([kotlik_job], 20, **kwargs)


def test_sim_ctrl_c_during_a_comparison_keeps_games_of_every_deck(kotlik_job):
    other = Job.make(kotlik_job.game, kotlik_job.deck, seed=11, settings={"doubling": "both"})
    calls = []

    def progress(done, total):
        calls.append(done)
        if done >= 300:  # in the third round: each deck has played 100 games on the same seeds
            raise KeyboardInterrupt

    result = run([kotlik_job, other], 1000, progress=progress, backend=Backend(), round_games=50)
    a, b = result.records
    assert result.interrupted and len(a) == len(b) >= 100
    assert [r.index for r in a] == [r.index for r in b] == list(range(len(a)))


def test_sim_rounds_do_not_change_the_records(kotlik_job):
    other = Job.make(kotlik_job.game, kotlik_job.deck, seed=11, settings={"doubling": "both"})
    whole = run([kotlik_job, other], 120, workers=1)
    rounds = run([kotlik_job, other], 120, workers=2, round_games=25)
    assert whole.records == rounds.records
