"""Extraction spread over helper processes gives exactly what one process gives, and a failing helper costs
only time."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from pytest_claims.analysis import extraction
from pytest_claims.analysis.extraction import extract_fresh, extract_many
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache

FIXTURE = Path(__file__).resolve().parent.parent / "testdata" / "violations"

JOBS = [
    ("pkg/plain.py", b"import os\n\n\ndef f():\n    return os.getcwd()\n"),
    ("pkg/broken.py", b"def f(:\n    pass\n"),
    ("pkg/deep.py", b"x = " + b"(" * 5000 + b"1" + b")" * 5000 + b"\n"),
    ("pkg/latin.py", b"# -*- coding: latin-1 -*-\ns = '\xe9'\n"),
    ("pkg/guarded.py", b"import sys\nif sys.platform == 'win32':\n    def g():\n        pass\n"),
    *[(f"pkg/m{i}.py", b"# claims: deterministic\ndef f%d():\n    return %d\n" % (i, i)) for i in range(12)],
]


@pytest.mark.parametrize("helpers", [1, 2])
def test_helpers_give_exactly_the_facts_of_one_process(monkeypatch: pytest.MonkeyPatch, helpers: int) -> None:
    monkeypatch.setattr(extraction, "MIN_SHARED_BYTES", 0)
    monkeypatch.setattr(extraction, "HELPER_HANDICAP_BYTES", 0)
    alone = [extract_fresh(data, rel) for rel, data in JOBS]
    assert extract_many(JOBS, helpers) == alone


def test_a_failing_helper_costs_only_time(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    liar = tmp_path / "liar"
    liar.write_text("#!/bin/sh\ncat > /dev/null\necho garbage\n")
    liar.chmod(0o755)
    monkeypatch.setattr(extraction, "MIN_SHARED_BYTES", 0)
    monkeypatch.setattr(extraction, "HELPER_HANDICAP_BYTES", 0)
    alone = [extract_fresh(data, rel) for rel, data in JOBS]
    for executable in (str(liar), str(tmp_path / "missing-python")):
        monkeypatch.setattr(sys, "executable", executable)
        assert extract_many(JOBS, 1) == alone


def test_small_batches_stay_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[object] = []
    monkeypatch.setattr(extraction, "_Helper", lambda jobs: started.append(jobs))
    extract_many(JOBS, 2)
    assert started == []


def test_shares_cover_every_job_once() -> None:
    jobs = [(f"m{i}.py", b"x" * (i * 100_000)) for i in range(40)]
    shares = extraction._share(jobs, 3)
    assert sorted(i for share in shares for i in share) == list(range(40))
    assert all(shares)
    sizes = [sum(len(jobs[i][1]) for i in share) for share in shares]
    assert sizes[0] > max(sizes[1:])  # helpers start late: this process takes the most


def test_helper_count_follows_the_cores_and_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extraction.os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)
    monkeypatch.delenv(extraction.ENV_HELPERS, raising=False)
    assert extraction.helpers_available() == 3  # spare cores, capped
    monkeypatch.setenv(extraction.ENV_HELPERS, "1")
    assert extraction.helpers_available() == 1
    monkeypatch.setenv(extraction.ENV_HELPERS, "0")
    assert extraction.helpers_available() == 0
    monkeypatch.setattr(extraction.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    monkeypatch.setenv(extraction.ENV_HELPERS, "3")
    assert extraction.helpers_available() == 0  # one core: nothing spare, whatever the environment says


def test_engine_with_helpers_gives_the_same_verdicts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(FIXTURE, project)
    serial = check(project, ["linux", "win32"])
    monkeypatch.setattr(extraction, "MIN_SHARED_BYTES", 0)
    monkeypatch.setattr(extraction, "HELPER_HANDICAP_BYTES", 0)
    monkeypatch.setattr(extraction, "helpers_available", lambda: 2)
    spawned: list[int] = []
    real = extraction._Helper

    def counting(jobs: list[tuple[str, bytes]]) -> object:
        spawned.append(len(jobs))
        return real(jobs)

    monkeypatch.setattr(extraction, "_Helper", counting)
    cache = FactsCache(tmp_path / "cache")
    shared = check(project, ["linux", "win32"], cache=cache)
    assert spawned and sum(spawned) < cache.parsed  # helpers took shares, this process kept one
    assert shared.claims == serial.claims
    assert shared.errors == serial.errors
    warm_cache = FactsCache(tmp_path / "cache")
    assert check(project, ["linux", "win32"], cache=warm_cache).claims == serial.claims
    assert warm_cache.parsed == 0


def test_an_interrupted_batch_leaves_no_helper_running(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extraction, "MIN_SHARED_BYTES", 0)
    monkeypatch.setattr(extraction, "HELPER_HANDICAP_BYTES", 0)
    started: list[extraction._Helper] = []
    real = extraction._Helper

    def keeping(jobs: list[tuple[str, bytes]]) -> extraction._Helper:
        helper = real(jobs)
        started.append(helper)
        return helper

    def interrupted(data: bytes, rel: str) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(extraction, "_Helper", keeping)
    monkeypatch.setattr(extraction, "extract_fresh", interrupted)
    heavy = [(f"pkg/big{i}.py", b"x = 1\n" * 300_000) for i in range(2)]  # seconds of work for a helper
    with pytest.raises(KeyboardInterrupt):
        extract_many(heavy, 1)
    (helper,) = started
    assert helper._thread is not None
    helper._thread.join(timeout=60)
    assert helper._process is not None
    assert helper._process.returncode not in (None, 0)  # killed, not left to finish its share
