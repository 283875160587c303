"""`pytest-claims suggest` says how many functions it suggests no claim for, and why: blind spots in the way (with
a function to `explain`), code the walk cannot see into, a `mutating-returns` type, reaches every claim forbids."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pytest_claims.cli import main
from tests.helpers import write

MODULE = """\
import os

import requests


class Box:
    pass


class Thing:
    def go(self):
        return 1

    def stop(self):
        return 2


def a_two_blind_spots(x):  # before one_blind_spot by name, after it by sites
    return x.go(), x.stop()


def one_blind_spot(x):
    return x.go()


def removes(path):
    os.remove(path)


def external(url):
    return requests.get(url)


def make() -> Box:
    return Box()


# claims: sandboxed
def declared(x):
    return x.go()
"""


def project(root: Path, extra: str = "") -> Path:
    config = '[tool.claims]\npackages = ["pkg"]\nmutating-returns = ["pkg.m.Box"]\n' + extra
    return write(root, {"pyproject.toml": config, "pkg/__init__.py": "", "pkg/m.py": MODULE})


def suggest(root: Path, monkeypatch: pytest.MonkeyPatch, *argv: str) -> list[str]:
    monkeypatch.chdir(root)
    out, err = io.StringIO(), io.StringIO()
    assert main(["suggest", "--no-cache", *argv], out, err) == 0, err.getvalue()
    return out.getvalue().splitlines()


EXPLAIN = "  `pytest-claims explain pkg.m.one_blind_spot` shows the blind spots of one of them (the one with fewest)"


def test_skipped_functions_and_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = suggest(project(tmp_path), monkeypatch)
    assert lines[0].endswith(
        "(3 functions of 8 judged on darwin, linux, win32, held on each with no blind spot; 1 already carry a"
        " directive and are left alone)"
    )
    assert lines[2:4] == [
        "skipped: 4 functions without a directive, a candidate for no claim: 1 unevaluable (the walk met code it"
        " cannot see into), 2 with blind spots in the way (calls the walk cannot follow), 1 reach what every asked"
        " claim forbids",
        EXPLAIN,
    ]


def test_a_claim_whose_walk_has_a_blind_spot_is_never_proposed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both would hold, yet each walk meets a call it cannot follow: neither is a candidate, nor a near miss."""
    lines = suggest(project(tmp_path), monkeypatch)
    assert "held on each with no blind spot" in lines[0]
    assert not [line for line in lines if "one_blind_spot (" in line or "a_two_blind_spots" in line]
    assert not [line for line in lines if "blind_spot" in line and line.startswith("    pkg.m.")]


def test_a_mutating_return_is_a_reason_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = suggest(project(tmp_path), monkeypatch, "--claim", "deterministic", "-q")
    assert lines[2:4] == [
        "skipped: 5 functions without a directive, a candidate for no claim: 1 unevaluable (the walk met code it"
        " cannot see into), 2 with blind spots in the way (calls the walk cannot follow), 1 return a"
        " `mutating-returns` type, 1 reach what every asked claim forbids",
        EXPLAIN,
    ]


def test_blind_spots_stay_blind_spots_when_they_make_claims_unevaluable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under `dynamic-calls = "unevaluable"` blind spots are frontier entries too: still counted as blind spots."""
    lines = suggest(project(tmp_path, 'dynamic-calls = "unevaluable"\n'), monkeypatch)
    assert "1 unevaluable (the walk met code it cannot see into), 2 with blind spots in the way" in lines[2]
    assert lines[3] == EXPLAIN


def test_nothing_skipped_no_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files: dict[str, str | bytes] = {
        "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
        "pkg/__init__.py": "def f():\n    return 1\n",
    }
    write(tmp_path, files)
    lines = suggest(tmp_path, monkeypatch)
    assert not any(line.startswith(("skipped", "  `pytest-claims explain")) for line in lines)
