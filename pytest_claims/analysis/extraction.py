"""File bytes -> facts: one file in this process, or many at once spread over helper processes.

Parsing dominates a cold run and every file parses independently, so when a run has many files to parse
(the files holding directives, found by the pre-scan) and the machine has spare cores, helper processes take
a share each. A helper is a fresh `python -c` that imports only the extractor: it reads its share from
stdin and writes the facts back as the same plain, checksummed tuples the facts cache stores, read back with
the same class-refusing unpickler. Nothing is imported from the analysed project, in a helper or here. Any
failure of a helper (it cannot start, dies, answers garbage, or does not answer in time) costs only time: its
share is extracted here. Every wait on a helper is bounded (`helper_patience`): one that hangs is killed.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from pytest_claims.analysis.facts import TOO_DEEP, extract
from pytest_claims.analysis.failures import AnalysisError
from pytest_claims.codec import decode, encode, pack, unpack
from pytest_claims.records import FileFacts

MIN_SHARED_BYTES = 1_500_000
"""Below this much source (about a quarter second of parsing) a helper's start-up would eat the gain."""
HELPER_HANDICAP_BYTES = 400_000
"""A helper's start-up (interpreter, imports, transfer) counted as this much source when sharing out work."""
ENV_HELPERS = "PYTEST_CLAIMS_HELPERS"
"""How many helper processes to use at most (0 turns them off); default: one per spare core, at most 3."""
HELPER_GRACE_SECONDS = 30.0
"""What any helper is granted besides its share's parsing: a fresh interpreter on a loaded machine, the transfer."""
HELPER_MIN_BYTES_PER_SECOND = 100_000
"""The slowest parsing rate a helper may show before it counts as hung: about fifty times below what one loaded
core does (megabytes per second), so a slow CI machine never falls back needlessly, while a hang still ends."""
KILL_WAIT_SECONDS = 5.0
"""After a hung helper is killed, how long its feeding thread is given to see the pipes close."""


def extract_fresh(data: bytes, rel: str) -> FileFacts:
    """`extract`, with an outcome that does not depend on how deep the caller's stack is.

    CPython's parser turns nesting deeper than the *remaining* recursion budget into an error, so the same
    file could parse when the engine is called from a shallow stack and not from a deep one, and the cache
    would keep whichever came first. A file that fails that way is parsed again from a new thread (the
    shallowest stack there is, with a large C stack): its facts then depend on its bytes and the recursion
    limit alone, and the limit is part of the facts cache's key. Other files never pay for the thread.
    """
    facts = extract(data, rel)
    if not any(message == TOO_DEEP for _, message in facts.problems):
        return facts
    out: list[FileFacts | AnalysisError] = []

    def again() -> None:
        try:
            out.append(extract(data, rel))
        except AnalysisError as error:  # told in the caller's thread, as from the first parse
            out.append(error)

    previous = threading.stack_size(64 * 1024 * 1024)
    try:
        thread = threading.Thread(target=again, name="pytest-claims-parse")
        thread.start()
    finally:
        threading.stack_size(previous)
    thread.join()
    again_facts = out[0] if out else facts
    if isinstance(again_facts, AnalysisError):
        raise again_facts
    return again_facts


def helpers_available() -> int:
    """Spare cores this process may use (its CPU affinity, not the machine's count), capped by the env."""
    try:
        cores = len(os.sched_getaffinity(0))  # type: ignore[attr-defined,unused-ignore]
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    spare = max(0, min(cores - 1, 3))
    configured = os.environ.get(ENV_HELPERS, "").strip()
    return min(spare, int(configured)) if configured.isdigit() else spare


def helper_patience(size: int) -> float:
    """Seconds a helper handed `size` bytes of source is waited for, from its start: scaled with the work, so a
    big project on a slow machine is not taken from its helpers, yet never unbounded."""
    return HELPER_GRACE_SECONDS + size / HELPER_MIN_BYTES_PER_SECOND


def extract_many(jobs: Sequence[tuple[str, bytes]], helpers: int | None = None) -> list[FileFacts]:
    """Facts for every (rel, bytes), in order; helper processes take shares when the work is worth it."""
    helpers = helpers_available() if helpers is None else helpers
    if helpers <= 0 or len(jobs) < 2 or sum(len(data) for _, data in jobs) < MIN_SHARED_BYTES:
        return [extract_fresh(data, rel) for rel, data in jobs]
    shares = _share(jobs, helpers)
    running = [_Helper([jobs[i] for i in share]) for share in shares[1:] if share]
    try:
        out: dict[int, FileFacts] = {i: extract_fresh(jobs[i][1], jobs[i][0]) for i in shares[0]}
        for helper, share in zip(running, [s for s in shares[1:] if s], strict=True):
            facts = helper.result()
            if facts is None:
                facts = [extract_fresh(jobs[i][1], jobs[i][0]) for i in share]
            out.update(zip(share, facts, strict=True))
    except BaseException:  # interrupted: no helper outlives the batch
        for helper in running:
            helper.stop()
        raise
    return [out[i] for i in range(len(jobs))]


def _share(jobs: Sequence[tuple[str, bytes]], helpers: int) -> list[list[int]]:
    """Largest file first to whoever has least so far; share 0 stays here, helpers start handicapped."""
    loads = [0] + [HELPER_HANDICAP_BYTES] * helpers
    shares: list[list[int]] = [[] for _ in loads]
    for index in sorted(range(len(jobs)), key=lambda i: (-len(jobs[i][1]), i)):
        least = min(range(len(loads)), key=lambda k: (loads[k], k))
        shares[least].append(index)
        loads[least] += len(jobs[index][1])
    return [sorted(share) for share in shares]


class _Helper:
    """One helper process, fed and drained by a thread so this process extracts its own share meanwhile."""

    def __init__(self, jobs: list[tuple[str, bytes]]) -> None:
        self._count = len(jobs)
        self._deadline = time.monotonic() + helper_patience(sum(len(data) for _, data in jobs))
        self._answer: bytes | None = None
        self._thread: threading.Thread | None = None
        package_parent = str(Path(__file__).resolve().parents[2])
        code = (
            f"import sys; sys.path.insert(0, {package_parent!r}); "
            "import pytest_claims.analysis.extraction as e; e.serve()"
        )
        try:
            self._process: subprocess.Popen[bytes] | None = subprocess.Popen(
                [sys.executable, "-I", "-c", code],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            self._process = None
            return
        payload = pack((sys.getrecursionlimit(), jobs))
        self._thread = threading.Thread(target=self._talk, args=(payload,), name="pytest-claims-helper", daemon=True)
        self._thread.start()

    def _talk(self, payload: bytes) -> None:
        """Plain blocking writes and reads, which release the GIL while they wait. (`communicate` feeds
        stdin 512 bytes per Python-level loop turn; with this process busy extracting, each turn waits
        for the GIL, and the helper starved for input: it ran slower than no helper at all.)"""
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        try:
            with process.stdin:
                process.stdin.write(payload)
            answer = process.stdout.read()
        except (OSError, ValueError):
            process.kill()
            answer = None
        finally:
            process.stdout.close()
            process.wait()
        if answer is not None and process.returncode == 0:
            self._answer = answer

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()

    def result(self) -> list[FileFacts] | None:
        """The helper's facts in job order, or None when it failed in any way, a hang past its patience included
        (it is killed then; a thread still blocked after that, on a pipe some descendant of it holds open, is
        left behind: it is a daemon and holds nothing this process needs)."""
        if self._thread is None:
            return None
        self._thread.join(max(0.0, self._deadline - time.monotonic()))
        if self._thread.is_alive():
            self.stop()
            self._thread.join(KILL_WAIT_SECONDS)
            return None
        if self._answer is None:
            return None
        try:
            raw = unpack(self._answer)
            if not isinstance(raw, tuple) or len(raw) != self._count:
                return None
            return [decode(FileFacts, item) for item in raw]
        except (TypeError, ValueError, RecursionError):
            return None


def serve() -> None:
    """A helper's whole life: (recursion limit, [(rel, bytes)]) on stdin, their facts on stdout."""
    limit, jobs = cast(tuple[int, list[tuple[str, bytes]]], unpack(sys.stdin.buffer.read()))
    sys.setrecursionlimit(limit)
    gc.set_threshold(200_000, 10, 100)  # as in the engine: millions of small tuples, almost none freed
    facts = tuple(encode(extract_fresh(data, rel)) for rel, data in jobs)
    sys.stdout.buffer.write(pack(facts))
    sys.stdout.flush()
