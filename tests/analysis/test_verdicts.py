"""The three verdicts (semantics §7): every path to held, violated and unevaluable, and what decides between them."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pytest_claims.engine import check
from pytest_claims.records import ClaimResult

APP = """
import os

import extlib


# claims: deterministic
def uses_external():
    return extlib.compute()


# claims: deterministic
def external_and_env():
    return extlib.compute(), os.getenv("X")


def a(n):
    return b(n) if n else 0


def b(n):
    return c(n)


def c(n):
    return a(n - 1) + d()


def d():
    return os.getcwd()


# claims: deterministic
def long_walk():
    return a(3)
"""

EXTLIB = """
import time


def compute():
    return time.time()
"""


def project(tmp_path: Path, config: str = "") -> Path:
    (tmp_path / "app").mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "m.py").write_text(textwrap.dedent(APP))
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["app"]\n' + config)
    return tmp_path


def verdicts(root: Path) -> dict[str, ClaimResult]:
    return {c.qualname: c for c in check(root, ["linux"]).claims}


def test_third_party_is_unevaluable_by_default(tmp_path: Path) -> None:
    claim = verdicts(project(tmp_path))["uses_external"]
    assert claim.status == "unevaluable"
    assert [(f.reach, f.line) for f in claim.frontier] == [("extlib.compute", 9)]


def test_a_definite_violation_wins_over_unevaluable(tmp_path: Path) -> None:
    claim = verdicts(project(tmp_path))["external_and_env"]
    assert claim.status == "violated"
    assert [v.reach for v in claim.violations] == ["os.getenv"]
    assert [f.reach for f in claim.frontier] == ["extlib.compute"]  # still reported, in the JSON report


def test_external_trust_passes_third_party(tmp_path: Path) -> None:
    claim = verdicts(project(tmp_path, 'external = "trust"\n'))["uses_external"]
    assert claim.status == "held"


def test_trusted_entry_covers_a_third_party_name(tmp_path: Path) -> None:
    claim = verdicts(project(tmp_path, 'trusted = ["extlib"]\n'))["uses_external"]
    assert claim.status == "held"


def test_deny_entry_makes_a_third_party_name_a_violation(tmp_path: Path) -> None:
    claim = verdicts(project(tmp_path, '[tool.claims.deny]\ndeterministic = ["extlib.compute"]\n'))["uses_external"]
    assert claim.status == "violated"
    assert [(v.kind, v.reach) for v in claim.violations] == [("call", "extlib.compute")]


def test_follow_walks_a_third_party_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    (site / "extlib").mkdir(parents=True)
    (site / "extlib" / "__init__.py").write_text(textwrap.dedent(EXTLIB))
    monkeypatch.syspath_prepend(str(site))
    claim = verdicts(project(tmp_path / "p", 'follow = ["extlib"]\n'))["uses_external"]
    assert claim.status == "violated"
    (violation,) = claim.violations
    assert (violation.reach, violation.via) == ("time.time", ("extlib.compute",))


def test_the_capacity_bound_makes_a_real_walk_unevaluable_never_held(tmp_path: Path) -> None:
    claim = verdicts(project(tmp_path, "max-walk = 2\n"))["long_walk"]
    assert claim.status == "unevaluable"
    assert claim.frontier[0].reason == "the walk visited more than max-walk = 2 functions"
    roomy = verdicts(project(tmp_path / "roomy", "max-walk = 100\n"))["long_walk"]
    assert roomy.status == "violated"
    assert roomy.violations[0].via == ("app.m.a", "app.m.b", "app.m.c", "app.m.d")
