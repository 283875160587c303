"""`check -j N`: the walks spread over N processes give what one process gives -- the text, the JSON report, the
SARIF log, and the cache a later warm run reads -- and a worker that fails stops the run with a clear error,
never with a verdict made up for its claims."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from pytest_claims import jobs
from pytest_claims.cli import main
from tests.helpers import patches_internals, write

PACKAGES = ("alpha", "beta", "gamma")


def _project(root: Path) -> Path:
    """Three packages of claiming functions (more than `jobs.MIN_WALKS`), held and violated, calling across."""
    files: dict[str, str | bytes] = {"pyproject.toml": '[tool.claims]\npackages = ["alpha", "beta", "gamma"]\n'}
    for package in PACKAGES:
        files[f"{package}/__init__.py"] = ""
        body = ["import time", "import os", "from alpha.core import base", ""]
        for n in range(14):
            body.append("# claims: deterministic")
            if n % 3 == 0:
                body += [f"def f{n}():", "    return time.time()", ""]
            elif n % 3 == 1:
                body += [f"def f{n}(x):", "    return base(x) + 1", ""]
            else:
                body += [f"def f{n}():", "    return os.environ.get('A')", ""]
        files[f"{package}/mod.py"] = "\n".join(body) + "\n"
    files["alpha/core.py"] = "import random\n\ndef base(x):\n    return x if x else random.random()\n"
    return write(root, files)


def _check(root: Path, *args: str) -> tuple[int, str, str]:
    """A check of `root` from `root` (the paths shown are the same for any two projects)."""
    here = os.getcwd()
    os.chdir(root)
    try:
        return _check_here(root, *args)
    finally:
        os.chdir(here)


def _check_here(root: Path, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["check", "--root", str(root), "--platform", "linux,win32,darwin", *args], out, err)
    return status, re.sub(r"^analysis: .*$", "", out.getvalue(), flags=re.MULTILINE), err.getvalue()


def _reports(root: Path, tag: str) -> list[str]:
    json_report, sarif = root / f"{tag}.json", root / f"{tag}.sarif"
    _check(root, "--report", str(json_report), "--report", str(sarif), "-q", *tag.split("_")[0].split())
    return [
        re.sub(r'"(seconds|elapsed|duration)": [0-9.e-]+', "", json_report.read_text()),
        sarif.read_text(),
    ]


def test_two_processes_give_what_one_gives(tmp_path: Path) -> None:
    one, two = _project(tmp_path / "one"), _project(tmp_path / "two")
    first = _check(one, "-j", "1")
    second = _check(two, "-j", "2")
    assert first[0] == second[0] == 1
    assert first[1] == second[1]
    assert "VIOLATED" in first[1]
    # warm: each reads the cache its cold run wrote, and the two agree again
    assert _check(one, "-j", "1")[1] == first[1]
    assert _check(two, "-j", "1")[1] == second[1]


def test_reports_are_the_same_for_every_job_count(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _reports(root, "-j 1_--no-cache") == _reports(root, "-j 2_--no-cache")


def test_the_claims_are_split_by_package_the_same_way_each_time() -> None:
    keys = [(f"p{n % 5}.m{n % 3}", n, platform) for n in range(60) for platform in ("linux", "win32")]
    groups = jobs.partition(keys, 2)
    assert groups == jobs.partition(list(reversed(keys)), 2)
    assert len(groups) == 2 and set().union(*groups) == set(keys)
    for group in groups:  # a function's claims on every target are walked together
        assert {(m, i, "win32") for m, i, _ in group} <= group
    assert jobs.partition(keys[:10], 2) == []  # too few to be worth a worker


def test_auto_is_one_process_per_core() -> None:
    from pytest_claims.cli import build_parser

    assert build_parser().parse_args(["check", "-j", "auto"]).jobs == 0  # `check` asks `jobs.default_jobs()`
    assert build_parser().parse_args(["check"]).jobs == 1
    assert jobs.default_jobs() >= 1


@pytest.mark.parametrize("value", ["0", "-1", "two", ""])
def test_jobs_must_be_a_positive_number(tmp_path: Path, value: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "--root", str(tmp_path), f"-j{value}" if value else "-j="], out, err) == 4
    assert "-j/--jobs" in err.getvalue() or "expected one argument" in err.getvalue()


@patches_internals
def test_a_worker_that_dies_stops_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path)
    monkeypatch.setattr(jobs, "WORKER_CODE", "import os; os._exit(9)")
    report = root / "r.json"
    status, out, err = _check(root, "-j", "2", "--no-cache", "--report", str(report))
    assert status == 3
    assert "a worker process of `-j` (judging" in err and "exit status 9" in err
    assert "HELD" not in out and "claims checked" not in out
    assert not report.exists()


@patches_internals
def test_a_worker_that_fails_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path)
    code = "import sys, pickle; sys.stdin.buffer.read(); sys.stdout.buffer.write(pickle.dumps(('error', 'boom')))"
    monkeypatch.setattr(jobs, "WORKER_CODE", code)
    status, _, err = _check(root, "-j", "2", "--no-cache")
    assert status == 3
    assert "failed: boom" in err
