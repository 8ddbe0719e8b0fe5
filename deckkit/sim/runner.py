"""Run many goldfish games: in this process, on local worker processes, or on a Dask cluster.

Game ``i`` always uses the seed :func:`deckkit.sim.seeding.game_seed` ``(seed, i)`` for chance and
:func:`deckkit.sim.seeding.policy_rng` ``(seed, i)`` for the players' choices; chunks of
consecutive games are played wherever there is room and merged back in index order, so a run's
records are identical for every worker count, chunking and backend.
"""

from __future__ import annotations

import ctypes
import dataclasses
import hashlib
import json
import math
import multiprocessing
import os
import pickle
import random
import signal
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Any, Protocol
from collections.abc import Callable, Iterator, Sequence

from deckkit.errors import DeckkitError, UsageError
from deckkit.sim.seeding import game_seed, policy_rng
from deckkit.sim.stats import widest_half_width

Progress = Callable[[int], None]  # called with the number of games just finished


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play games of one deck: plain, picklable data only."""

    game: str
    deck: tuple[dict, ...]
    seed: int | str = 0
    policy: str | None = None  # None: the game's default
    opponent: str | None = None
    keep: str | None = None
    settings: tuple[tuple[str, Any], ...] = ()
    max_turns: int = 60
    # Card lists per game cost memory and pickling; only impact and --games-out need them.
    keep_seen: bool = True
    strategy: Any = None  # a deckkit.sim.strategy.Strategy flying the deck instead of ``policy``
    key: str = field(default="", compare=False)

    @classmethod
    def make(cls, game: str, deck: Sequence[dict], **options: Any) -> Job:
        """A job with its cache key (a digest of everything that changes the games)."""
        settings = tuple(sorted(dict(options.pop("settings", None) or {}).items()))
        job = cls(game, tuple(deck), settings=settings, **options)
        blob = json.dumps([game, list(deck), settings, job.policy, job.opponent, job.keep, job.max_turns,
                           job.keep_seen, repr(job.strategy)],
                          sort_keys=True, ensure_ascii=False, default=str)
        object.__setattr__(job, "key", hashlib.sha256(blob.encode()).hexdigest())
        return job


class OwnGamesJob(Protocol):
    """A job of another kind (a match): it plays its own games, by index, as records."""

    @property
    def key(self) -> str: ...

    @property
    def seed(self) -> int | str: ...

    def play_game(self, index: int, trace: list[str] | None = None) -> dict: ...


#: What the runner plays: deck jobs, or jobs that play their own games.
AnyJob = Job | OwnGamesJob


class Interrupted(DeckkitError):
    """Ctrl-C during a run; ``records`` holds the games finished before it (exit 130)."""

    exit_code = 130

    def __init__(self, records: list[list[Any]]) -> None:
        super().__init__("interrupted")
        self.records = records


# -- playing games (runs in workers) ----------------------------------------------------------------

_PREPARED: dict[str, tuple[Any, list[dict], Any, Any]] = {}

MAX_GAMES = 100_000_000  # games per deck in one run: hours of play, gigabytes of records


def build_game(game: str, cards: Sequence[dict], settings: dict[str, Any]) -> Any:
    """The rules object of ``game`` over ``cards`` with the given rule settings."""
    from deckkit.engine.registry import load_game

    return load_game(game, list(cards), **settings)


def compile_keep(condition: str | None, deck: Sequence[dict] = ()) -> Callable[[list[dict]], bool] | None:
    """A keep rule (opening hand of card dicts -> keep it?) from a condition string."""
    if not condition:
        return None
    from deckkit.hands.conditions import compile_condition

    return compile_condition(condition).keep_callback(deck)


def _prepare(job: Job) -> tuple[Any, list[dict], Any, Any]:
    prepared = _PREPARED.get(job.key)
    if prepared is None:
        if len(_PREPARED) > 16:  # a long-lived Dask worker may see many decks
            _PREPARED.clear()
        game = build_game(job.game, job.deck, dict(job.settings))
        keep = job.keep or (job.strategy.keep if job.strategy else None)
        pilot = None
        if job.strategy is not None:
            from deckkit.sim.strategy import Pilot

            pilot = Pilot(job.strategy, game)
        prepared = (game, list(job.deck), compile_keep(keep, job.deck), pilot)
        _PREPARED[job.key] = prepared
    return prepared


def record_index(record: Any) -> int:
    """The game number of a record: a deck job's typed record, or another job's (a match's) dict."""
    return record["index"] if isinstance(record, dict) else record.index


def play_one(job: AnyJob, index: int, trace: list[str] | None = None) -> Any:
    """Game ``index`` of a job: its record (:mod:`deckkit.engine.results`) with ``index`` and ``seed``."""
    if not isinstance(job, Job):  # another kind of job (a match) plays its own games
        return job.play_game(index, trace)
    game, deck, keep, pilot = _prepare(job)
    choices = {k: v for k, v in (("policy", pilot or job.policy), ("opponent", job.opponent)) if v}
    seed = game_seed(job.seed, index)  # the chance generator's seed (game_rng), worked out once
    record = game.play_goldfish(deck, random.Random(seed), keep=keep, trace=trace,
                                max_turns=job.max_turns, policy_rng=policy_rng(job.seed, index), **choices)
    if not job.keep_seen:
        record.drop_cards()
    record.index = index
    record.seed = seed
    return record


class WorkerError(DeckkitError):
    """A library error raised in a worker, carried back whole (message, hint, exit code).

    Exceptions cross process boundaries by pickling their ``args`` only, which would drop the
    hint and the exit code of a DeckkitError.
    """

    def __init__(self, message: str, *, path: str | None = None, hint: str | None = None, exit_code: int = 1) -> None:
        super().__init__(message, path=path, hint=hint)
        self.exit_code = exit_code

    def __reduce__(self):
        return (_rebuild_worker_error, (self.message, self.path, self.hint, self.exit_code))


def _rebuild_worker_error(message: str, path: str | None, hint: str | None, exit_code: int) -> WorkerError:
    return WorkerError(message, path=path, hint=hint, exit_code=exit_code)


def play_chunk(job: AnyJob, start: int, stop: int) -> list[Any]:
    """Games ``start`` .. ``stop - 1`` of a job, in order."""
    records = []
    index = start
    try:
        for index in range(start, stop):
            records.append(play_one(job, index))
    except DeckkitError as exc:
        raise WorkerError(f"game {index} (seed {game_seed(job.seed, index)}): {exc.message}", path=exc.path,
                          hint=exc.hint, exit_code=exc.exit_code) from None
    return records


#: Per record class, the getter of its fields in the order its constructor takes them (see :func:`pack`).
_FIELDS: dict[type, Callable[[Any], tuple] | None] = {}


def _fields_of(cls: type) -> Callable[[Any], tuple] | None:
    if cls not in _FIELDS:
        names = [f.name for f in dataclasses.fields(cls) if f.init] if dataclasses.is_dataclass(cls) else []
        whole = len(names) > 1 and len(names) == len(dataclasses.fields(cls))
        _FIELDS[cls] = attrgetter(*names) if whole else None
    return _FIELDS[cls]


def pack(records: list[Any]) -> tuple[type | None, list[Any]]:
    """Records of one chunk as they cross to the parent: a record class and one tuple of fields per
    record (a third of the pickling of the objects), or None and the records as they are (mixed kinds,
    a match's dicts)."""
    if records:
        cls = type(records[0])
        if dataclasses.is_dataclass(cls) and all(type(r) is cls for r in records):
            fields = _fields_of(cls)
            if fields is not None:
                return cls, [fields(r) for r in records]
    return None, records


def unpack(packed: tuple[type | None, list[Any]]) -> list[Any]:
    """The records :func:`pack` packed, equal to the originals."""
    cls, rows = packed
    return rows if cls is None else [cls(*row) for row in rows]


def play_chunk_packed(job: AnyJob, start: int, stop: int, seed: int | str | None = None) -> bytes:
    """:func:`play_chunk` as one pickled blob: Dask would otherwise walk every record dict to serialise it.

    ``seed`` (a deck job's run seed) travels with the chunk, so a deck sent to the workers once
    serves every seed it is played on (an optimiser plays each list on several).
    """
    if seed is not None and isinstance(job, Job):
        job = replace(job, seed=seed)
    return pickle.dumps(pack(play_chunk(job, start, stop)), protocol=pickle.HIGHEST_PROTOCOL)


#: Seconds a Ctrl-C waits for the chunks already running before it stops the workers.
INTERRUPT_GRACE = 10.0

#: Jobs the local workers were forked with, by key: a chunk of one of them names it instead of
#: carrying it (a deck's cards, pickled and unpickled for every chunk, cost as much as a few games).
_INHERITED: dict[str, AnyJob] = {}


def play_inherited(key: str, seed: int | str, start: int, stop: int) -> tuple[type | None, list[Any]]:
    """:func:`play_chunk` of an inherited job on run seed ``seed``, packed (:func:`pack`)."""
    job = _INHERITED[key]
    if job.seed != seed:
        job = replace(job, seed=seed)  # type: ignore[type-var]  # a dataclass job: a deck's or a match's
    return pack(play_chunk(job, start, stop))


def play_sent(job: AnyJob, start: int, stop: int) -> tuple[type | None, list[Any]]:
    """:func:`play_chunk` of a job sent with the chunk, packed (:func:`pack`)."""
    return pack(play_chunk(job, start, stop))


@contextmanager
def _sigint_deferred() -> Iterator[None]:
    """Hold back Ctrl-C (SIGINT) in this thread while the block runs; it arrives as soon as the block ends."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _ignore_sigint() -> None:
    # Ctrl-C reaches the whole process group; only the parent should react, so that it can
    # collect what the workers finished instead of every worker printing a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        # If the parent is killed outright (SIGKILL/SIGTERM), idle workers would wait on the task
        # queue forever; ask the kernel to end them with their parent (PR_SET_PDEATHSIG = 1).
        try:
            ctypes.CDLL(None).prctl(1, signal.SIGTERM)
        except (OSError, AttributeError):
            pass


def chunks(start: int, stop: int, workers: int, smallest: int = 16, largest: int = 2000) -> list[tuple[int, int]]:
    """Split games ``start`` .. ``stop - 1`` into ranges that shrink towards the end of the run.

    Each range is half a worker's share of what is left (guided scheduling): few, large ranges
    while there is much to do (each range costs a round trip to a worker, about as much as a few
    games), small ones at the end so that no worker sits idle waiting for a straggler. ``largest``
    (~0.3 s of games) keeps Ctrl-C and progress prompt.
    """
    out = []
    a = start
    while a < stop:
        size = max(smallest, min(largest, math.ceil((stop - a) / (workers * 2))))
        out.append((a, min(a + size, stop)))
        a += size
    return out


def default_workers() -> int:
    """The machine's usable cores."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# -- backends ------------------------------------------------------------------------------------------

class Backend:
    """Plays ranges of games of a job and returns their records in index order."""

    workers = 1

    def play(self, job: AnyJob, start: int, stop: int, progress: Progress | None = None) -> list[Any]:
        """Records of games ``start`` .. ``stop - 1``; on Ctrl-C raises Interrupted with those finished."""
        records: list[Any] = []
        try:
            for i in range(start, stop):
                records.append(play_one(job, i))
                if progress and len(records) % 64 == 0:
                    progress(64)
            if progress and len(records) % 64:
                progress(len(records) % 64)
        except KeyboardInterrupt:
            raise Interrupted([records]) from None
        return records

    def prepare(self, jobs: Sequence[AnyJob]) -> None:
        """The jobs a run is about to play (a pool of forked workers starts with them in memory)."""

    def close(self) -> None:
        """Release workers or connections."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _fork_context() -> Any:
    """The fork start method where it is safe (Linux), else None (the platform's default, spawn)."""
    return multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None


class ProcessBackend(Backend):
    """Chunks of games on a pool of local worker processes.

    Where workers are forked (Linux), they start as copies of this process: the modules, the games
    built here and the jobs named by :meth:`prepare` (or the first one played) are theirs at no cost,
    and a chunk of such a job carries its key instead of the deck. Records come back packed (:func:`pack`).
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._coming: list[AnyJob] = []
        self._inherited: set[str] = set()  # keys of the jobs the workers were forked with

    def prepare(self, jobs: Sequence[AnyJob]) -> None:
        if self._pool is None:
            self._coming.extend(jobs)

    def _start(self, job: AnyJob) -> ProcessPoolExecutor:
        # A game built here first (its cards compiled) is the forked workers' at no cost, where each
        # would otherwise build its own (as long as tens of games).
        jobs = [*self._coming, job]
        for each in jobs:
            if isinstance(each, Job):
                _prepare(each)
            elif hasattr(each, "_prepare"):  # a match job keeps its own
                each._prepare()
        context = _fork_context()
        if context is not None:
            for each in jobs:
                if each.key:
                    _INHERITED[each.key] = each
                    self._inherited.add(each.key)
        self._coming = []
        # Forked workers are all started at the first submit, after the jobs above are in place.
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=context, initializer=_ignore_sigint)

    def _submit(self, job: AnyJob, start: int, stop: int) -> list[Future]:
        if self._pool is None:
            self._pool = self._start(job)
        pool = self._pool
        smallest = getattr(job, "smallest_chunk", 16)  # long games (matches) want finer chunks at the end
        spans = chunks(start, stop, self.workers, smallest)
        if job.key in self._inherited:
            return [pool.submit(play_inherited, job.key, job.seed, a, b) for a, b in spans]
        return [pool.submit(play_sent, job, a, b) for a, b in spans]

    def play(self, job: AnyJob, start: int, stop: int, progress: Progress | None = None) -> list[Any]:
        futures: list[Future] = []
        results: dict[Future, list[Any]] = {}
        try:
            with _sigint_deferred():  # a Ctrl-C while the pool starts must not leave its locks held
                futures = self._submit(job, start, stop)
            pending = set(futures)
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    results[f] = unpack(f.result())
                if progress:
                    progress(sum(len(results[f]) for f in done))
        except KeyboardInterrupt:
            for f in futures:
                f.cancel()
            # Chunks already running are short; wait for them so their games count — but only so long:
            # a pool that stops answering (a worker stuck writing its result) must not hold Ctrl-C.
            running = [f for f in futures if not f.cancelled() and f not in results]
            done, stuck = wait(running, timeout=INTERRUPT_GRACE)
            for f in done:
                results[f] = unpack(f.result())
            if stuck:
                self._abandon()
            finished = [r for f in futures if f in results for r in results[f]]
            raise Interrupted([sorted(finished, key=record_index)]) from None
        return [r for f in futures for r in results[f]]

    def _abandon(self) -> None:
        """Stop the workers at once (their unfinished chunks are lost) and let the pool go."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # The executor keeps its processes private; terminating them is the only way not to wait.
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        for key in self._inherited:
            _INHERITED.pop(key, None)
        self._inherited = set()


class DaskBackend(Backend):
    """Chunks of games submitted to an existing Dask distributed scheduler.

    Every Dask worker needs deckkit installed (same version) — ``pip install 'deckkit[cluster]'``.
    """

    def __init__(self, address: str, timeout: str = "10s") -> None:
        try:
            import dask.distributed  # noqa: F401 - the cluster extra is installed
        except ImportError:
            raise UsageError("--scheduler needs Dask distributed",
                             hint="pip install 'deckkit[cluster]'") from None
        from deckkit.sim.scheduler import connect

        self._client = connect(address, timeout)
        from dask.utils import parse_timedelta

        try:  # a scheduler without workers would take the chunks and never answer
            self._client.wait_for_workers(1, timeout=parse_timedelta(timeout))
        except (OSError, TimeoutError) as exc:
            self._client.close()
            # Dask's own timeout message gives the seconds without a unit: say it with the user's.
            why = f"none arrived within {timeout}" if isinstance(exc, TimeoutError) else str(exc)
            raise UsageError(f"the Dask scheduler at {address} has no workers ({why})",
                             hint="start some with `dask worker ADDRESS` on the machines that should play") from None
        self.workers = max(1, sum(self._client.nthreads().values()))
        self._shared: dict[str, Any] = {}

    def play(self, job: AnyJob, start: int, stop: int, progress: Progress | None = None) -> list[Any]:
        from dask.distributed import as_completed

        # The job (deck and all) goes to every worker once and stays there; chunks refer to it.
        # ``key`` leaves the seed out (it names what a worker prepares): a deck job is sent once
        # for all its seeds, each chunk carrying its own; another kind of job once per seed.
        deck_job = isinstance(job, Job)
        name = job.key if deck_job else f"{job.key}:{job.seed!r}"
        shared = self._shared.get(name)
        if shared is None:
            if len(self._shared) > 32:  # an optimiser plays many lists; let the workers drop old ones
                self._shared.clear()
            shared = self._shared[name] = self._client.scatter(job, broadcast=True, hash=False)
        # A task costs a few milliseconds of scheduling here against well under one in a local
        # pool: chunks of at least 32 games (a match, with its long games, says its own smallest).
        spans = chunks(start, stop, self.workers, getattr(job, "smallest_chunk", 32))
        seed = job.seed if deck_job else None
        futures = {self._client.submit(play_chunk_packed, shared, a, b, seed, pure=False): a for a, b in spans}
        results: dict[int, list[Any]] = {}
        try:
            # with_results: finished chunks come back in batches, not one round trip each
            for future, blob in as_completed(list(futures), with_results=True):
                chunk = unpack(pickle.loads(blob))
                results[futures[future]] = chunk
                if progress:
                    progress(len(chunk))
        except KeyboardInterrupt:
            self._client.cancel(list(futures))
            raise Interrupted([[r for k in sorted(results) for r in results[k]]]) from None
        return [r for k in sorted(results) for r in results[k]]

    def close(self) -> None:
        self._client.close()


MAX_WORKERS_PER_CORE = 8


def open_backend(workers: int | None = None, scheduler: str | None = None) -> Backend:
    """A Dask backend for ``scheduler``, else local processes (or this process for one worker)."""
    if scheduler:
        return DaskBackend(scheduler)
    cores = default_workers()
    workers = cores if workers is None else workers
    if workers < 1:
        raise UsageError(f"--workers must be at least 1, not {workers}")
    if workers > MAX_WORKERS_PER_CORE * cores:
        # Each worker is a whole Python process; thousands of them only exhaust memory.
        raise UsageError(f"--workers {workers} is more than {MAX_WORKERS_PER_CORE} per core ({cores} cores here)",
                         hint=f"the default, {cores}, keeps every core busy; use --scheduler for more machines")
    return Backend() if workers == 1 else ProcessBackend(workers)


# -- runs ------------------------------------------------------------------------------------------------

# Games per deck and worker in one round of a comparison (~0.2-1 s): a Ctrl-C loses at most a round.
ROUND_GAMES_PER_WORKER = 10_000


@dataclass
class RunResult:
    """Records per job (index order), time per job, whether Ctrl-C cut the run short, and for a
    ``precision`` run whether every interval got that narrow (False: the cap stopped it first)."""

    records: list[list[Any]]
    elapsed: list[float]
    interrupted: bool = False
    workers: int = 1
    precision_reached: bool | None = None


def next_target(played: int, half_width: float, precision: float, step: int, cap: int) -> int:
    """How many games to have after this round for the interval to shrink to ``precision``.

    The half-width falls like 1/sqrt(n), so n * (w / x)^2 games should suffice; aim 10% beyond it,
    grow by at least ``step`` and never past ``cap``.
    """
    if math.isinf(half_width):
        wanted = played + step
    else:
        wanted = math.ceil(played * (half_width / precision) ** 2 * 1.1 - 1e-9)  # float noise
    return min(cap, max(played + step, wanted))


def run(jobs: Sequence[AnyJob], games: int, *, workers: int | None = None, scheduler: str | None = None,
        precision: float | None = None, max_games: int | None = None, confidence: float = 0.95,
        progress: Callable[[int, int], None] | None = None, backend: Backend | None = None,
        round_games: int | None = None) -> RunResult:
    """Play ``games`` games of every job on the same seeds (more, up to ``max_games``, for ``precision``).

    ``progress(done, total)`` is called as games finish (total may grow with ``precision``).
    Stopping for precision is decided from the records alone, so it too is the same everywhere.
    Several jobs take turns in rounds of ``round_games`` games each, so that Ctrl-C leaves every
    deck with games on common seeds to compare, not the first deck with all of them.
    """
    check_counts(games, max_games, precision)
    cap = games * 100 if max_games is None else max_games
    reached: bool | None = None
    records: list[list[Any]] = [[] for _ in jobs]
    elapsed = [0.0 for _ in jobs]
    own = backend is None
    backend = backend or open_backend(workers, scheduler)
    backend.prepare(jobs)
    target = games
    done = 0
    step = round_games or (games if len(jobs) == 1 else ROUND_GAMES_PER_WORKER * max(1, backend.workers))

    def tick(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(done, target * len(jobs))

    try:
        while True:
            for lo in range(len(records[0]), target, step if len(jobs) > 1 else target):
                hi = min(target, lo + step) if len(jobs) > 1 else target
                for k, job in enumerate(jobs):
                    began = time.perf_counter()
                    try:
                        records[k].extend(backend.play(job, lo, hi, tick))
                    finally:
                        elapsed[k] += time.perf_counter() - began
            if precision is None:
                break
            widest = widest_half_width(records, confidence)
            reached = widest <= precision
            if reached or target >= cap:
                break
            target = next_target(target, widest, precision, games, cap)
    except Interrupted as stop:
        records[k].extend(stop.records[0])
        records[k].sort(key=record_index)
        # Decks are compared seed by seed: keep only the seeds every deck finished.
        common = set.intersection(*({record_index(r) for r in recs} for recs in records))
        kept = [[r for r in recs if record_index(r) in common] for recs in records]
        return RunResult(kept, elapsed, True, backend.workers)
    finally:
        if own:
            backend.close()
    return RunResult(records, elapsed, False, backend.workers, reached)


def check_counts(games: int, max_games: int | None, precision: float | None) -> None:
    """Refuse game counts out of range, and a --max-games without --precision (exit 2)."""
    if games < 1:
        raise UsageError(f"--games must be at least 1, not {games}")
    for option, value in (("--games", games), ("--max-games", max_games)):
        if value is not None and value > MAX_GAMES:  # every game keeps a record: 10^30 would eat all memory first
            raise UsageError(f"{option} {value if value < 10**20 else f'{value:.3g}'} is out of range",
                             hint=f"play at most {MAX_GAMES:,} games per deck in one run")
    if precision is not None and not precision > 0:  # also refuses NaN
        raise UsageError(f"--precision must be positive, not {precision}")
    if max_games is not None:
        if precision is None:
            raise UsageError("--max-games only limits a --precision run", hint="add --precision X, or use --games N")
        if max_games < games:
            raise UsageError(f"--max-games {max_games} is below --games {games}",
                             hint="--games is where a --precision run starts, --max-games where it must stop")

