"""A helper process that stops answering costs bounded time: it is killed (with any descendant holding its
pipes), its share is extracted here, and the verdicts are those of one process."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from pytest_claims.analysis import extraction
from pytest_claims.analysis.extraction import ENV_HELPERS, extract_fresh, extract_many, helper_patience
from pytest_claims.engine import check

T = TypeVar("T")

FIXTURE = Path(__file__).resolve().parents[2] / "testdata" / "violations"

JOBS = [
    ("pkg/plain.py", b"import os\n\n\ndef f():\n    return os.getcwd()\n"),
    ("pkg/broken.py", b"def f(:\n    pass\n"),
    *[(f"pkg/m{i}.py", b"# claims: deterministic\ndef f%d():\n    return %d\n" % (i, i)) for i in range(12)],
    ("pkg/big.py", b"x = 1\n" * 40_000),  # more than a pipe holds: a helper that never reads blocks the write
]


class Helpers:
    """What replaces the helper processes: a wrapper noting each one's pid, then running a shell line."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.log = tmp_path / "helpers.log"
        self.wrapper = tmp_path / "python-wrapper"
        self.monkeypatch = monkeypatch

    def run(self, then: str) -> None:
        """Every helper started from now on notes its pid, then runs the shell line `then`."""
        self.wrapper.write_text(f"#!/bin/sh\necho $$ >> {shlex.quote(str(self.log))}\n{then}\n")
        self.wrapper.chmod(0o755)
        self.monkeypatch.setattr(sys, "executable", str(self.wrapper))

    def pids(self) -> list[int]:
        """The pids noted so far."""
        return [int(pid) for pid in self.log.read_text().split()] if self.log.exists() else []


@pytest.fixture
def helpers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Helpers]:
    """Helpers take a share of any batch and are waited for a fraction of a second (the product's bound, made
    short enough to test); whatever they left running is killed at the end."""
    if sys.platform == "win32":
        pytest.skip("helpers are replaced through a /bin/sh wrapper")
    monkeypatch.setattr(extraction, "MIN_SHARED_BYTES", 0)
    monkeypatch.setattr(extraction, "HELPER_HANDICAP_BYTES", 0)
    monkeypatch.setattr(extraction, "HELPER_GRACE_SECONDS", 0.2)
    monkeypatch.setattr(extraction, "HELPER_MIN_BYTES_PER_SECOND", 10**12)
    replaced = Helpers(tmp_path, monkeypatch)
    yield replaced
    for pid in replaced.pids():
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def finishes(call: Callable[[], T], seconds: float = 120.0) -> T:
    """`call()`'s value, computed in a thread; a test failure (not a session that never ends) when it has not
    returned after `seconds`, far more than the bounded run needs: the bug was a wait with no end at all."""
    out: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(call())
        except BaseException as error:  # handed to the test's thread
            errors.append(error)

    thread = threading.Thread(target=run, name="test-bounded-run", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"still waiting after {seconds:.0f} s: a wait on a helper has no bound")
    if errors:
        raise errors[0]
    return out[0]


def gone(pid: int) -> bool:
    """Whether the process has ended and been reaped (by whoever started it); waits for that, within reason."""
    for _ in range(600):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        threading.Event().wait(0.05)
    return False


def test_a_hung_helper_is_killed_and_its_share_extracted_here(helpers: Helpers) -> None:
    helpers.run("exec sleep 3600")  # takes the helper's pid, reads nothing, answers never
    alone = [extract_fresh(data, rel) for rel, data in JOBS]
    assert finishes(lambda: extract_many(JOBS, 2)) == alone
    started = helpers.pids()
    assert len(started) == 2  # both helpers took a share, and hung
    assert all(gone(pid) for pid in started)  # killed, not left running


def test_a_helper_whose_descendant_holds_the_pipes_does_not_hold_the_run(
    helpers: Helpers, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killing the helper does not close its pipes when a process it started keeps them: the wait after the
    kill is bounded too (the descendant, noted in the log, is killed by the fixture)."""
    monkeypatch.setattr(extraction, "KILL_WAIT_SECONDS", 0.2)
    helpers.run(f"sleep 3600 &\necho $! >> {shlex.quote(str(helpers.log))}\nwait")
    alone = [extract_fresh(data, rel) for rel, data in JOBS]
    assert finishes(lambda: extract_many(JOBS, 1)) == alone
    assert len(helpers.pids()) == 2  # the helper and the process it started


def test_a_run_with_hung_helpers_gives_the_verdicts_of_one_process(
    helpers: Helpers, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    project = tmp_path / "project"
    shutil.copytree(FIXTURE, project)
    serial = check(project, ["linux", "win32"])
    helpers.run("exec sleep 3600")
    monkeypatch.setenv(ENV_HELPERS, "2")
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)  # cores to spare
    shared = finishes(lambda: check(project, ["linux", "win32"]))
    assert helpers.pids()  # helpers were asked, and never answered
    assert shared.claims == serial.claims
    assert shared.errors == serial.errors
    assert shared.problems == serial.problems


def test_patience_grows_with_the_share_and_spares_a_slow_machine() -> None:
    """All of Django's source (5.5 MB, about a second of parsing on one loaded core) handed to one helper on a
    machine twenty times slower still finishes well within the bound; an empty share gets the grace alone."""
    assert helper_patience(0) == extraction.HELPER_GRACE_SECONDS
    django, rate = 5_500_000, 5_000_000 / 20
    assert helper_patience(django) > 2 * django / rate
    assert helper_patience(2 * django) > helper_patience(django)
