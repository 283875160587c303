"""`check -j N`: a run's walks spread over N processes, its verdicts and stores exactly what one process gives.

A cold run spends most of its time walking claims, and a walk depends only on the claim and the project (a
verdict is the same whichever claims are judged with it, `engine.Run`). So the claims still to walk are split
into N groups by package (`partition`: the claims of one module, on every target, stay together, so the walks
of a group share what they resolve and the cross-target reuse of `analysis.claims` is kept); this process walks
the first group inside its own `Run.finish`, while a worker process per other group walks its own.

A worker is a fresh `python -I -c` that imports only pytest_claims (never the analysed code: the analysis reads
files, it imports nothing of them). It opens the same run (configuration, targets, selection, cache) from a task
pickled on its stdin -- with no cache directory, the facts this process already has go with it, so the files
holding directives are not parsed again -- judges its group (`Run.judge`) and writes its `Share` back: the
results, and what the verdict and summary stores would keep of its walks. This process adopts the shares into
its own stores (`_adopt`) before saving them, and the results are sorted as always, so reports, verdicts and
the cache a later run reads are those of a run with `-j 1`. A worker that fails in any way (it cannot start, dies,
raises) is a `JobsError` naming it: the run stops, and no verdict is made up for its claims.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from pytest_claims.analysis.claims import Share
from pytest_claims.analysis.failures import AnalysisError
from pytest_claims.codec import decode, encode
from pytest_claims.config import Config
from pytest_claims.config.environment import env_flag
from pytest_claims.engine import Result, Run, open_run
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import ClaimResult, FileFacts
from pytest_claims.vocabulary import TRACEBACK_ENV

Key = tuple[str, int, str]
MIN_WALKS = 32
"""Below this many claims to walk (a warm run, a small project) a worker's start-up would eat the gain: one
process judges them all."""
UNIT_DEPTH = 3
"""A module's package down to this many names is the unit the groups are made of (`django.db.models`)."""
WORKER_CODE = "import pytest_claims.jobs as j; j.serve()"
"""What a worker runs, after putting this package first on its path."""
HELPERS_ENV = "PYTEST_CLAIMS_HELPERS"
"""A worker parses with no helper processes of its own (`analysis.extraction`): the cores are taken."""


class JobsError(Exception):
    """A worker process failed: its claims have no verdict (the run stops; `-j 1` judges them all here). `defect`:
    it met a defect of the analysis (`failures.AnalysisError`), whose message this one ends with."""

    def __init__(self, message: str, defect: bool = False) -> None:
        super().__init__(message)
        self.defect = defect


def default_jobs() -> int:
    """All cores this process may use."""
    affinity = getattr(os, "sched_getaffinity", None)  # not on every platform
    if affinity is not None:
        with contextlib.suppress(OSError):
            return len(affinity(0))
    return os.cpu_count() or 1


def finish(run: Run, wanted: Collection[Key] | None, jobs: int, *, rules: bool = True, details: bool = False) -> Result:
    """`run.finish(wanted, ...)`, the claims to walk spread over `jobs` processes (this one included)."""
    groups = partition(to_walk(run, wanted), jobs) if jobs > 1 and not run.every else []
    if len(groups) < 2:
        return run.finish(wanted, rules=rules, details=details)
    workers: list[_Worker] = []
    try:
        task = _task(run)
        for group in groups[1:]:
            workers.append(_Worker(task, group))  # one by one: those started are stopped if a later one fails
        elsewhere = frozenset().union(*groups[1:])
        return run.finish(wanted, rules=rules, details=details, elsewhere=(elsewhere, _gathering(run, workers)))
    finally:
        for worker in workers:
            worker.stop()


def to_walk(run: Run, wanted: Collection[Key] | None) -> list[Key]:
    """The claims `wanted` names (None: all) that no valid stored verdict answers, in the run's order."""
    keys = []
    for platform in run.targets:
        for item in run.claimed:
            key = (item.module, item.function_index, platform)
            if (wanted is None or key in wanted) and run.valid.verdict(key) is None:
                keys.append(key)
    return keys


def partition(keys: Sequence[Key], jobs: int) -> list[frozenset[Key]]:
    """At most `jobs` groups of about equal size, each whole packages (`UNIT_DEPTH`), the largest first; the
    same keys always give the same groups. Nothing to split (too few claims): no group."""
    if len(keys) < MIN_WALKS or jobs < 2:
        return []
    units: dict[str, list[Key]] = {}
    for key in keys:
        units.setdefault(".".join(key[0].split(".")[:UNIT_DEPTH]), []).append(key)
    groups: list[list[Key]] = [[] for _ in range(jobs)]
    for unit in sorted(units, key=lambda u: (-len(units[u]), u)):
        least = min(range(jobs), key=lambda g: (len(groups[g]), g))
        groups[least] += units[unit]
    return [frozenset(group) for group in groups if group]


class _Task(NamedTuple):
    """What a worker needs to open the same run."""

    root: Path
    targets: tuple[str, ...]
    config: Config
    cache: Path | None
    """The cache directory (the facts cache's parent), None for `--no-cache`."""
    select: Callable[[str], bool] | None
    limit: int
    """The recursion limit: facts (and the facts cache's key) depend on it."""
    seed: dict[str, Any]
    """Facts this process has, by content digest, encoded (`codec.encode`): only when there is no cache."""


def _task(run: Run) -> _Task:
    cache = run.cache.directory.parent if run.cache.directory is not None else None
    seed: dict[str, Any] = {}
    if cache is None:
        modules = run.project.modules
        for name in sorted(modules.loaded()):
            module = modules[name]
            if module.digest:
                with contextlib.suppress(RecursionError):  # facts too deep to send are extracted by the worker
                    seed[module.digest] = encode(module.facts)
    limit = sys.getrecursionlimit()
    return _Task(run.config.root, run.targets, run.config, cache, run.select, limit, seed)


class _Seeded(FactsCache):
    """The facts cache, with the facts the parent process sent read first."""

    def __init__(self, directory: Path | None, seed: dict[str, Any]) -> None:
        super().__init__(directory)
        self._seed = seed

    def get(self, digest: str) -> FileFacts | None:
        raw = self._seed.pop(digest, None)
        return decode(self.record, raw) if raw is not None else super().get(digest)


class _Worker:
    """One worker process, fed and drained by a thread (this process walks its own group meanwhile)."""

    def __init__(self, task: _Task, group: frozenset[Key]) -> None:
        self.count = len(group)
        self._answer: bytes | None = None
        package_parent = str(Path(__file__).resolve().parents[1])
        code = f"import sys; sys.path.insert(0, {package_parent!r}); {WORKER_CODE}"
        env = {**os.environ, HELPERS_ENV: "0"}
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-I", "-c", code],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=None if env_flag(TRACEBACK_ENV) else subprocess.DEVNULL,  # a traceback asked for: shown
                env=env,
            )
        except OSError as error:
            raise JobsError(f"a worker process of `-j` could not start: {error}") from None
        payload = pickle.dumps((task, sorted(group)), protocol=pickle.HIGHEST_PROTOCOL)
        self._thread = threading.Thread(target=self._talk, args=(payload,), name="pytest-claims-job", daemon=True)
        self._thread.start()

    def _talk(self, payload: bytes) -> None:
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        try:
            with process.stdin:
                process.stdin.write(payload)
            self._answer = process.stdout.read()
        except (OSError, ValueError):
            process.kill()
        finally:
            process.stdout.close()
            process.wait()

    def stop(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()

    def share(self) -> Share:
        """The worker's share, once it is done; a `JobsError` when it failed."""
        self._thread.join()
        code = self._process.returncode
        what = f"a worker process of `-j` (judging {self.count} claims)"
        if code != 0 or not self._answer:
            raise JobsError(f"{what} stopped with exit status {code} before it answered")
        kind, value = pickle.loads(self._answer)  # our own child's answer
        if kind == "defect":
            raise JobsError(f"{what} stopped: {value}", defect=True)
        if kind != "share":
            raise JobsError(f"{what} failed: {value}")
        return Share(*value)


def _gathering(run: Run, workers: list[_Worker]) -> Callable[[], tuple[list[ClaimResult], int]]:
    """What `Run.finish` calls once its own walks are done: the workers' shares, adopted by the run's stores."""
    return lambda: _adopt(run, [worker.share() for worker in workers])


def _adopt(run: Run, shares: list[Share]) -> tuple[list[ClaimResult], int]:
    """Other processes' shares of the run, kept in its stores as its own walks are: their results and how many
    of them came from the verdict store."""
    results: list[ClaimResult] = []
    reused = 0
    store = run.store
    for share in shares:
        results += share.results
        reused += share.reused
        store.verdicts.update(share.verdicts)
        store.words.update(share.words)
        store.shapes.update(share.shapes)
        parsed, hits, computed, loaded = share.counts  # files parsed and from cache; summaries computed and loaded
        run.summaries.adopt(share.summaries, share.subclasses, (computed, loaded))
        run.cache.parsed += parsed
        run.cache.hits += hits
    return results, reused


def serve() -> None:
    """A worker's whole life: (task, claims) on stdin; ("share", its fields) or ("error", why) on stdout."""
    task, keys = pickle.loads(sys.stdin.buffer.read())  # from the parent process
    sys.setrecursionlimit(task.limit)
    try:
        cache = _Seeded(task.cache, task.seed)
        run = open_run(task.root, task.targets, task.config, cache=cache, select=task.select)
        share = run.judge(frozenset(keys))
        answer: tuple[str, object] = ("share", tuple(share))
    except Exception as error:  # told to the parent, which stops the run with it
        if env_flag(TRACEBACK_ENV):
            traceback.print_exc()  # to the parent's stderr, which the worker then shares (`_Worker`)
        told = str(error) if isinstance(error, AnalysisError) else f"{type(error).__name__}: {error}"
        answer = ("defect" if isinstance(error, AnalysisError) else "error", told)
    sys.stdout.buffer.write(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))
    sys.stdout.flush()
