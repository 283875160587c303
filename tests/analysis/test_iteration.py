"""Iteration runs `__next__` of what `__iter__` returns (semantics §5.7): a project iterator's `__next__` is entered
where its class is known, and makes the iteration of a value of unknown class a blind spot where it reaches a
capability; `itertools` consumers (`islice(c, n)`, `chain(a, b)`) iterate what they are given."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.engine import check
from tests.helpers import table_project

SOURCE = """\
import itertools
import time
from itertools import islice


class Ticker:
    def __iter__(self):
        return self

    def __next__(self):
        return NEXT


# claims: deterministic
def ticks():
    return list(Ticker())


# claims: deterministic
def take(n, iterable):
    return list(islice(iterable, n))


# claims: deterministic
def looped(iterable):
    for item in iterable:
        return item


# claims: deterministic
def chained(first):
    return list(itertools.chain([1], first))
"""


def _run(tmp_path: Path, after: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    source = SOURCE.replace("NEXT", after)
    result = check(table_project(tmp_path, {"pkg/__init__.py": "", "pkg/m.py": source}), ["linux"])
    status = {c.function: c.status for c in result.claims}
    blind = {c.function: [b.code for b in c.blind_spots] for c in result.claims}
    return status, blind


def test_a_capable_next_is_entered_and_makes_iterating_an_unknown_value_a_blind_spot(tmp_path: Path) -> None:
    status, blind = _run(tmp_path, "time.time()")
    assert status == {"pkg.m.ticks": "violated", "pkg.m.take": "held", "pkg.m.looped": "held", "pkg.m.chained": "held"}
    assert blind["pkg.m.take"] == ["iter(iterable)"]
    assert blind["pkg.m.looped"] == ["iter(iterable)"]
    assert blind["pkg.m.chained"] == ["iter(first)"]


def test_a_next_that_reaches_nothing_adds_nothing(tmp_path: Path) -> None:
    status, blind = _run(tmp_path, "0")
    assert set(status.values()) == {"held"}
    assert all(spots == [] for spots in blind.values())
