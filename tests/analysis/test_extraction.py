"""Extraction spread over helper processes gives exactly what one process gives, and a failing helper costs
only time.

Helpers are `sys.executable` processes, so the tests watch them from outside: `sys.executable` becomes a
wrapper that notes each helper's pid before it turns into the interpreter (or into something else)."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pytest_claims.analysis import extraction
from pytest_claims.analysis.extraction import ENV_HELPERS, MIN_SHARED_BYTES, extract_fresh, extract_many
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache

FIXTURE = Path(__file__).resolve().parents[2] / "testdata" / "violations"

JOBS = [
    ("pkg/plain.py", b"import os\n\n\ndef f():\n    return os.getcwd()\n"),
    ("pkg/broken.py", b"def f(:\n    pass\n"),
    ("pkg/deep.py", b"x = " + b"(" * 5000 + b"1" + b")" * 5000 + b"\n"),
    ("pkg/latin.py", b"# -*- coding: latin-1 -*-\ns = '\xe9'\n"),
    ("pkg/guarded.py", b"import sys\nif sys.platform == 'win32':\n    def g():\n        pass\n"),
    *[(f"pkg/m{i}.py", b"# claims: deterministic\ndef f%d():\n    return %d\n" % (i, i)) for i in range(12)],
]


def watch_helpers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, then: str = "") -> Callable[[], list[int]]:
    """Every helper started from now on notes its pid, then runs the shell line `then` (by default it becomes
    the real interpreter: `exec` keeps the pid). Returns what reads the pids noted so far."""
    if sys.platform == "win32":
        pytest.skip("helpers are watched through a /bin/sh wrapper")
    then = then or f'exec {shlex.quote(sys.executable)} "$@"'
    log = tmp_path / "helpers.log"
    wrapper = tmp_path / "python-wrapper"
    wrapper.write_text(f"#!/bin/sh\necho $$ >> {shlex.quote(str(log))}\n{then}\n")
    wrapper.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(wrapper))
    return lambda: [int(pid) for pid in log.read_text().split()] if log.exists() else []


def share_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    """Helpers take a share of any batch, however small (the documented thresholds set to nothing)."""
    monkeypatch.setattr(extraction, "MIN_SHARED_BYTES", 0)
    monkeypatch.setattr(extraction, "HELPER_HANDICAP_BYTES", 0)


@pytest.mark.parametrize("helpers", [1, 2])
def test_helpers_give_exactly_the_facts_of_one_process(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, helpers: int
) -> None:
    started = watch_helpers(tmp_path, monkeypatch)
    share_everything(monkeypatch)
    alone = [extract_fresh(data, rel) for rel, data in JOBS]
    assert extract_many(JOBS, helpers) == alone
    assert len(started()) == helpers  # each took a share


def test_a_failing_helper_costs_only_time(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    liar = tmp_path / "liar"
    liar.write_text("#!/bin/sh\ncat > /dev/null\necho garbage\n")
    liar.chmod(0o755)
    share_everything(monkeypatch)
    alone = [extract_fresh(data, rel) for rel, data in JOBS]
    for executable in (str(liar), str(tmp_path / "missing-python")):
        monkeypatch.setattr(sys, "executable", executable)
        assert extract_many(JOBS, 1) == alone


def test_small_batches_stay_in_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    started = watch_helpers(tmp_path, monkeypatch)
    # three files just under the threshold together (one comment line each: parsed in no time)
    below = [(f"pkg/c{i}.py", b"# " + b"x" * (MIN_SHARED_BYTES // 3 - 4) + b"\n") for i in range(3)]
    assert sum(len(data) for _, data in below) < MIN_SHARED_BYTES
    extract_many(below, 2)
    assert started() == []
    extract_many([*below, ("pkg/more.py", b"x = 1\n")], 2)  # the probe can fail: past the threshold, they start
    assert started()


def test_shares_cover_every_job_once() -> None:
    jobs = [(f"m{i}.py", b"x" * (i * 100_000)) for i in range(40)]
    shares = extraction._share(jobs, 3)
    assert sorted(i for share in shares for i in share) == list(range(40))
    assert all(shares)
    sizes = [sum(len(jobs[i][1]) for i in share) for share in shares]
    assert sizes[0] > max(sizes[1:])  # helpers start late: this process takes the most


def test_helper_count_follows_the_cores_and_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)
    monkeypatch.delenv(ENV_HELPERS, raising=False)
    assert extraction.helpers_available() == 3  # spare cores, capped
    monkeypatch.setenv(ENV_HELPERS, "1")
    assert extraction.helpers_available() == 1
    monkeypatch.setenv(ENV_HELPERS, "0")
    assert extraction.helpers_available() == 0
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    monkeypatch.setenv(ENV_HELPERS, "3")
    assert extraction.helpers_available() == 0  # one core: nothing spare, whatever the environment says


def test_engine_with_helpers_gives_the_same_verdicts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(FIXTURE, project)
    serial = check(project, ["linux", "win32"])
    started = watch_helpers(tmp_path, monkeypatch)
    share_everything(monkeypatch)
    monkeypatch.setenv(ENV_HELPERS, "2")
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)  # cores to spare
    cache = FactsCache(tmp_path / "cache")
    shared = check(project, ["linux", "win32"], cache=cache)
    assert 1 <= len(started()) <= 2  # helpers took shares
    assert shared.claims == serial.claims
    assert shared.errors == serial.errors
    warm_cache = FactsCache(tmp_path / "cache")
    assert check(project, ["linux", "win32"], cache=warm_cache).claims == serial.claims
    assert warm_cache.parsed == 0


def test_an_interrupted_batch_leaves_no_helper_running(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    started = watch_helpers(tmp_path, monkeypatch, then="exec sleep 120")  # a helper that never finishes
    share_everything(monkeypatch)

    def interrupted(data: bytes, rel: str) -> object:
        deadline = time.monotonic() + 30
        while not started() and time.monotonic() < deadline:  # the helper is up (and has noted its pid)
            time.sleep(0.01)
        raise KeyboardInterrupt

    monkeypatch.setattr(extraction, "extract_fresh", interrupted)  # Ctrl-C while this process does its share
    with pytest.raises(KeyboardInterrupt):
        extract_many([("pkg/a.py", b"x = 1\n"), ("pkg/b.py", b"x = 2\n")], 1)
    (pid,) = started()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)  # still there (or not yet reaped)
        except ProcessLookupError:
            return  # killed and reaped, long before it could have finished
        time.sleep(0.05)
    pytest.fail(f"helper {pid} outlived the interrupted batch")
