"""Structural dispatch on a protocol receiver, beyond the fixture tree: a candidate whose own binding goes back
through a protocol-typed value (a cycle) is an unknown value, not a recursion without end."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.engine import check

SOURCE = """\
import time
from typing import Protocol


class Clock(Protocol):
    def read_clock(self) -> float: ...


clock: Clock = None  # type: ignore


class Alias:
    read_clock = clock.read_clock


class Wall:
    def read_clock(self) -> float:
        return time.time()


# claims: deterministic
def use(c: Clock) -> float:
    return c.read_clock()
"""


def test_a_candidate_bound_through_a_protocol_value_is_unknown(tmp_path: Path) -> None:
    (tmp_path / "cc").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["cc"]\n')
    (tmp_path / "cc" / "__init__.py").write_text("")
    (tmp_path / "cc" / "m.py").write_text(SOURCE)
    (claim,) = check(tmp_path, ["linux"]).claims
    assert claim.status == "violated"
    assert {(v.reach, v.via) for v in claim.violations} == {("time.time", ("cc.m.Wall.read_clock",))}
    assert [b.code for b in claim.blind_spots] == ["c.read_clock()"]  # Alias.read_clock: not known
