"""The plugin's own determinism: neither the hash seed nor the order the file system lists entries in changes a
byte of its output."""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_claims.engine import check
from pytest_claims.output.report import json_report
from tests.helpers import TESTDATA, VIOLATIONS, finish, pytest_run, subprocess_env

RULES = TESTDATA / "rules"


@pytest.mark.slow
def test_output_does_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(VIOLATIONS, project)
    runs = []
    for seed in ("0", "12345"):
        report = f"report-{seed}.json"
        process = pytest_run(
            project,
            "-p",
            "no:cacheprovider",
            "--claims-all-platforms",
            f"--claims-report={report}",
            env=subprocess_env(PYTHONHASHSEED=seed),
        )
        code, text = finish(process)
        runs.append((code, text.replace(report, "report.json"), (project / report).read_bytes()))
    assert runs[0][0] == pytest.ExitCode.TESTS_FAILED
    assert "claims deterministic but" in runs[0][1]
    assert runs[0] == runs[1]


class _Listing:
    def __init__(self, entries: list[os.DirEntry[str]]) -> None:
        self.entries = entries

    def __iter__(self) -> Iterator[os.DirEntry[str]]:
        return iter(self.entries)

    def __enter__(self) -> _Listing:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def close(self) -> None:
        return None


@pytest.mark.parametrize("fixture", [VIOLATIONS, RULES], ids=["violations", "rules"])
def test_results_do_not_depend_on_file_system_order(monkeypatch: pytest.MonkeyPatch, fixture: Path) -> None:
    def run() -> tuple[object, ...]:
        result = check(fixture, ["darwin", "linux", "win32"], details=True)
        return (result.claims, result.errors, result.problems, result.rules, json_report(result, result.rules, "0"))

    baseline = run()
    real = os.scandir

    def backwards(path: Any = ".") -> _Listing:
        with real(path) as listing:
            entries = list(listing)
        entries.sort(key=lambda entry: hashlib.sha256(entry.name.encode()).hexdigest(), reverse=True)
        return _Listing(entries)

    monkeypatch.setattr(os, "scandir", backwards)
    assert run() == baseline


_FACTS = """
import pickle, sys
from pathlib import Path
from pytest_claims.analysis.facts import extract
from pytest_claims.codec import encode
facts = [encode(extract(p.read_bytes(), p.name)) for p in sorted(Path(sys.argv[1]).rglob("*.py"))]
Path(sys.argv[2]).write_bytes(pickle.dumps(facts))
"""


def test_facts_do_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    """The facts are the caches' content and what an edit is compared by (equal facts: nothing to redo), so no
    set's order may leak into their sequences: a local class's names once did, and every run saw its module
    changed. (Sets in them compare equal in any order; their pickles need not be equal bytes.)"""
    found = []
    for seed in ("0", "12345", "777"):
        out = tmp_path / f"facts-{seed}.pickle"
        subprocess.run(
            [sys.executable, "-c", _FACTS, str(VIOLATIONS / "src"), str(out)],
            env=subprocess_env(PYTHONHASHSEED=seed),
            check=True,
        )
        found.append(pickle.loads(out.read_bytes()))
    assert found[0] == found[1] == found[2]
