"""An edit that only moves lines (a comment line, blank lines, a longer docstring) changes no walk: the stored
verdicts that read the moved module are served with their lines where they lie now, never walked again, and
they equal a cold run's. An edit that changes anything else of the facts is no move."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest

from pytest_claims.analysis.facts import extract
from pytest_claims.analysis.lines import line_numbers, lines_ranked
from pytest_claims.engine import Result, check
from pytest_claims.persist.cache import FactsCache
from pytest_claims.persist.store import _moved_lines, encode_verdict
from pytest_claims.records import BlindCalls, ChainStep, FrontierEntry, Verdict, Violation
from tests.persist.helpers import outcome, package, traced

TARGETS = ["linux", "win32"]
CORE = """\
import os
import time


def clock():
    return time.time()


def helper():
    value = clock()
    return value


class Config:
    def read(self):
        return os.environ.get("X")


class Timer:
    def __init__(self, timer=time.monotonic):  # a default's line is a fact too
        self.timer = timer
"""
USERS = """\
from pkg.core import Config, helper


# claims: deterministic
def uses_helper():
    return helper()


# claims: deterministic
def uses_config():
    return Config().read()


# claims: deterministic
def pure(x):
    return x + 1
"""


def _project(root: Path) -> Path:
    return package(root, {"core": CORE, "users": USERS})


MOVES: dict[str, Callable[[str], str]] = {
    "a comment line on top": lambda text: "# moved\n" + text,
    "blank lines inside a body": lambda text: text.replace("    value = clock()\n", "\n\n    value = clock()\n"),
    "a docstring grown": lambda text: text.replace("def clock():\n", 'def clock():\n    """A\n    clock."""\n'),
    "lines taken away": lambda text: text.replace("\n\n\ndef helper", "\n\ndef helper"),
}


@pytest.mark.parametrize("move", sorted(MOVES))
def test_a_move_is_served_from_the_store_with_its_lines_where_they_are_now(tmp_path: Path, move: str) -> None:
    root, cache = _project(tmp_path / "project"), tmp_path / "cache"
    before = check(root, TARGETS, cache=FactsCache(cache))
    core = root / "pkg" / "core.py"
    core.write_text(MOVES[move](core.read_text()))
    warm = check(root, TARGETS, cache=FactsCache(cache))
    assert outcome(warm) == outcome(check(root, TARGETS))
    assert warm.reused == len(warm.claims) == 6  # nothing walked again
    assert _lines(warm) != _lines(before)  # a violation in core.py lies elsewhere now


def _lines(result: Result) -> list[int]:
    return sorted(v.line for c in result.claims for v in c.violations)


def test_an_edit_that_reorders_or_adds_code_is_no_move(tmp_path: Path) -> None:
    """The cutoff can fail: code added, or two defs swapped, is walked again (and still equals a cold run)."""
    root, cache = _project(tmp_path / "project"), tmp_path / "cache"
    check(root, TARGETS, cache=FactsCache(cache))
    core = root / "pkg" / "core.py"
    swapped = core.read_text().replace(
        "def clock():\n    return time.time()\n\n\ndef helper():\n    value = clock()\n    return value\n",
        "def helper():\n    value = clock()\n    return value\n\n\ndef clock():\n    return time.time()\n",
    )
    for text in (swapped, swapped.replace("    return value\n", "    print(value)\n    return value\n")):
        core.write_text(text)
        warm = check(root, TARGETS, cache=FactsCache(cache))
        assert outcome(warm) == outcome(check(root, TARGETS))
        assert warm.reused < len(warm.claims)


def test_facts_equal_but_for_their_lines_rank_equal() -> None:
    facts = extract(CORE, "pkg/core.py")
    for move in MOVES.values():
        moved = extract(move(CORE), "pkg/core.py")
        assert moved != facts
        assert lines_ranked(moved) == lines_ranked(facts)
        assert len(line_numbers(moved)) == len(line_numbers(facts))
    changed = extract(CORE.replace("os.environ.get", "os.getenv"), "pkg/core.py")
    assert lines_ranked(changed) != lines_ranked(facts)


def _plain(value: object) -> bool:
    """No record anywhere inside: the store's unpickler refuses every class."""
    if isinstance(value, tuple):
        return type(value) is tuple and all(_plain(v) for v in value)
    return True


def test_a_stored_verdict_has_its_lines_moved_in_the_moved_file_only() -> None:
    violation = Violation("deterministic", "call", "time.time", "pkg/core.py", 6, ("f", "clock"))
    elsewhere = Violation("deterministic", "call", "os.getcwd", "pkg/other.py", 6, ("f",))
    entry = FrontierEntry("x.y", "pkg/core.py", 10, ("f",), "reason", "hint")
    blind = BlindCalls("pkg/core.py", ("f",), ((11, "g()"),))
    raw = encode_verdict(Verdict("violated", (violation, elsewhere), (entry,), (blind,)))
    moved = _moved_lines(raw, {"pkg/core.py": {6: 7, 10: 12, 11: 13}}, {})
    assert moved == encode_verdict(
        Verdict(
            "violated",
            (violation._replace(line=7), elsewhere),
            (entry._replace(line=12),),
            (blind._replace(calls=((13, "g()"),)),),
        )
    )
    assert _plain(moved)
    assert moved[1][1] is cast(tuple[object, ...], raw[1])[1]  # a part in no moved file stays the object read back
    assert _moved_lines(raw, {"pkg/core.py": {6: 7}}, {}) is None  # a line the map lacks: walked again


MID = """\
from pkg.core import Stamp, clock


def mid():
    return clock()


def make():
    return Stamp()
"""
STAMP = """

@dataclass
class Stamp:
    at: float = field(default_factory=time.time)
"""
CALLERS = """\
from pkg.mid import make, mid


# claims: deterministic
def via_mid():
    return mid()


# claims: deterministic
def via_make():
    return make()
"""


def test_after_a_move_the_summaries_of_other_modules_stand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """core.py moves, then callers.py is edited: the walks redone reuse mid()'s stored summary (it read core.py
    but holds none of its lines); make()'s (its reach lies in core.py, where the dataclass field's factory is
    written) and core.py's own are summarised again. Every run equals a cold one."""
    trace = tmp_path / "trace"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    root, cache = _project(tmp_path / "project"), tmp_path / "cache"
    core, callers = root / "pkg" / "core.py", root / "pkg" / "callers.py"
    core.write_text("from dataclasses import dataclass, field\n" + CORE + STAMP)
    (root / "pkg" / "mid.py").write_text(MID)
    callers.write_text(CALLERS)
    check(root, TARGETS, cache=FactsCache(cache))
    core.write_text("# moved\n" + core.read_text())
    moved = check(root, TARGETS, cache=FactsCache(cache))
    assert moved.reused == len(moved.claims) and outcome(moved) == outcome(check(root, TARGETS))
    callers.write_text(callers.read_text().replace("return mid()", "value = mid()\n    return value"))
    edited = check(root, TARGETS, cache=FactsCache(cache))
    summarized, reused = int(traced(trace)["summarized"]), int(traced(trace)["summaries-reused"])
    assert outcome(edited) == outcome(check(root, TARGETS))
    assert reused == 1  # mid(): read core.py, holds none of its lines
    assert summarized >= 3  # via_mid (its module changed), make (a line in core.py), clock (its module moved)
    (via_make,) = [c for c in edited.claims if c.qualname == "via_make" and c.platform == "linux"]
    assert [(v.file, v.reach) for v in via_make.violations] == [("pkg/core.py", "time.time")]


def test_a_stored_violation_has_the_lines_of_its_steps_moved_in_the_moved_file_only() -> None:
    steps = (ChainStep("pkg.other.f", "pkg/other.py", 3, "call"), ChainStep("time.time", "pkg/core.py", 6, "stored"))
    violation = Violation("deterministic", "call", "time.time", "pkg/core.py", 5, ("pkg.other.f",), steps)
    raw = encode_verdict(Verdict("violated", (violation,), (), ()))
    moved = _moved_lines(raw, {"pkg/core.py": {5: 6, 6: 8}}, {})
    moved_steps = (steps[0], steps[1]._replace(line=8))
    assert moved == encode_verdict(Verdict("violated", (violation._replace(line=6, steps=moved_steps),), (), ()))
    assert _plain(moved)
    assert _moved_lines(raw, {"pkg/other.py": {1: 2}}, {}) is None  # a step's line the map lacks: walked again
