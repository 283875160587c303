"""Claims whose walks meet the same helpers each keep the verdict of their own walk: the shortest chain from the
claiming function, ties broken by name, their own blind spots and modules read, and their own capacity bound.
What any sharing of work between walks (a cycle walked once, reach sets composed per function) must keep."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from pytest_claims.analysis import claims
from pytest_claims.analysis.check import walk
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import ClaimResult
from tests.helpers import patches_internals

APP = """
import time

from app import far_helpers, near_helpers


def a(n):
    return b(n - 1) if n else c()


def b(n):
    return a(n)


def c():
    return time.time()


def z_route():
    return c()


def a_route():
    return c()


def run(f):
    return f()


def h1():
    return h2()


def h2():
    return h3()


def h3():
    return h4()


def h4():
    return 1


# claims: deterministic
def enters_at_a():
    return a(2)


# claims: deterministic
def enters_at_b():
    return b(2)


# claims: deterministic
def two_routes():
    z_route()
    return a_route()


# claims: deterministic
def blind_near():
    return run(len)


# claims: deterministic
def blind_far():
    return enters_blind()


def enters_blind():
    return run(len)


# claims: deterministic
def short_walk():
    return h3()


# claims: deterministic
def long_walk():
    return h1()


# claims: deterministic
def reads_far():
    return far_helpers.one()


# claims: deterministic
def reads_near():
    return near_helpers.one()
"""

NEAR = """
def one():
    return 1
"""

FAR = """
from app import near_helpers


def one():
    return near_helpers.one()
"""


def project(tmp_path: Path, config: str = "") -> Path:
    (tmp_path / "app").mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "m.py").write_text(textwrap.dedent(APP))
    (tmp_path / "app" / "near_helpers.py").write_text(textwrap.dedent(NEAR))
    (tmp_path / "app" / "far_helpers.py").write_text(textwrap.dedent(FAR))
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["app"]\n' + config)
    return tmp_path


def verdicts(root: Path) -> dict[str, ClaimResult]:
    return {c.qualname: c for c in check(root, ["linux"]).claims}


def test_claims_entering_one_cycle_each_get_their_own_shortest_witness(tmp_path: Path) -> None:
    found = verdicts(project(tmp_path))
    assert [v.via for v in found["enters_at_a"].violations] == [("app.m.a", "app.m.b", "app.m.a", "app.m.c")]
    # `b(2)` passes its decided `n` on to `a(n)`, where `if n` is then true: `c()` is reached only once `n - 1` (not
    # a literal) has gone round the cycle
    want = [("app.m.b", "app.m.a", "app.m.b", "app.m.a", "app.m.c")]
    assert [v.via for v in found["enters_at_b"].violations] == want


def test_between_equally_short_chains_the_one_first_by_name_is_the_witness(tmp_path: Path) -> None:
    (violation,) = verdicts(project(tmp_path))["two_routes"].violations
    assert violation.via == ("app.m.a_route", "app.m.c")  # not the route called first in the source


def test_a_helper_met_at_different_depths_keeps_each_claims_chain_to_its_blind_spots(tmp_path: Path) -> None:
    found = verdicts(project(tmp_path))
    assert [(s.code, s.via) for s in found["blind_near"].blind_spots] == [("f()", ("app.m.run",))]
    assert [(s.code, s.via) for s in found["blind_far"].blind_spots] == [("f()", ("app.m.enters_blind", "app.m.run"))]


def test_a_bounded_walk_stays_unevaluable_beside_a_walk_of_the_same_helpers_that_fits(tmp_path: Path) -> None:
    """`short_walk` (3 functions) walks first and sees all of h3 and h4; `long_walk` (5) passes max-walk."""
    found = verdicts(project(tmp_path, "max-walk = 3\n"))
    assert found["short_walk"].status == "held"
    long_walk = found["long_walk"]
    assert long_walk.status == "unevaluable"
    ((reach, via, reason),) = [(f.reach, f.via, f.reason) for f in long_walk.frontier]
    assert (reach, via) == ("<capacity>", ("app.m.h1", "app.m.h2", "app.m.h3"))
    assert reason == "the walk visited more than max-walk = 3 functions"


@patches_internals
def test_each_verdict_depends_on_the_modules_its_own_walk_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`reads_far` walks first, through both helper modules; `reads_near` then meets one of them again."""
    read: dict[str, frozenset[str]] = {}

    def recorded(resolver: Any, policy: Any, node: tuple[str, int], *args: Any, **kwargs: Any) -> Any:
        verdict, deps = walk(resolver, policy, node, *args, **kwargs)
        read[resolver.function_name(node[0], node[1])] = deps
        return verdict, deps

    monkeypatch.setattr(claims, "walk", recorded)
    check(project(tmp_path), ["linux"], cache=FactsCache(tmp_path / "cache"))  # a run that stores what it read
    assert "app.far_helpers" in read["app.m.reads_far"] and "app.near_helpers" in read["app.m.reads_far"]
    assert "app.near_helpers" in read["app.m.reads_near"]
    assert "app.far_helpers" not in read["app.m.reads_near"]
