"""Context summaries replay the uses another context of the function resolved without asking anything of its
context (`resolution.found.Tape`): every summary must equal the one a fresh resolver computes for that context
alone, deps included, whatever contexts came before it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.analysis.resolution.symbols import ClassKey
from pytest_claims.records import Decided, Node
from tests.analysis.test_resolution_units import class_key, function_key, resolver_for

MODES = """
import os, time

def fast_impl(): return os.getcwd()
def slow_impl(): return time.time()

def run(mode):
    os.getpid()                 # asks nothing: replayed in later contexts
    if mode == "fast":
        impl = fast_impl
    else:
        impl = slow_impl
    impl()                      # its binding is guarded: asks the arguments
    impl()                      # the same chain again (a memo hit): asks them too
    if mode == "slow":
        time.sleep(1)           # replayed only where the arguments leave it in
    return os.getenv("X")
"""

CLASSES = """
import time

class Base:
    def get(self):
        time.monotonic()        # asks nothing: replayed for every receiver
        return self.create()    # asks the receiver
    def create(self): return 0

class Left(Base):
    def create(self): return 1

class Right(Base):
    def create(self): return time.time()

class Both(Left, Right): ...
"""


@pytest.mark.parametrize(
    "order",
    [("fast", "slow", "other"), ("slow", "other", "fast"), ("other", "fast", "slow")],
)
def test_a_replayed_use_never_carries_what_a_literal_argument_rules_out(tmp_path: Path, order: tuple[str, ...]) -> None:
    resolver = resolver_for(tmp_path / "run", {"pkg/m.py": MODES})
    key = function_key(resolver, "pkg.m", "run")
    for mode in order:
        args: Decided = (("mode", "str", mode),)
        fresh = resolver_for(tmp_path / mode, {"pkg/m.py": MODES})
        assert resolver.summary_for(Node(*key, None, args)) == fresh.summary_for(Node(*key, None, args))
    calls = {mode: resolver.summary_for(Node(*key, None, (("mode", "str", mode),))) for mode in order}
    assert {e.name for e in calls["fast"].edges} == {"pkg.m.fast_impl"}
    assert {e.name for e in calls["slow"].edges} == {"pkg.m.slow_impl"}
    assert "time.sleep" in {r.reach for r in calls["slow"].reaches}
    assert "time.sleep" not in {r.reach for r in calls["fast"].reaches}
    assert resolver.summary(key) == resolver_for(tmp_path / "plain", {"pkg/m.py": MODES}).summary(key)


def test_a_replayed_use_serves_every_receiver(tmp_path: Path) -> None:
    files = {"pkg/c.py": CLASSES}
    resolver = resolver_for(tmp_path / "all", files)
    get = function_key(resolver, "pkg.c", "Base.get")
    receivers: list[ClassKey | None] = [class_key(resolver, "pkg.c", n) for n in ("Left", "Right", "Both")]
    for receiver in [*receivers, None]:
        fresh = resolver_for(tmp_path / f"{receiver}", files)
        assert resolver.summary_for(Node(*get, receiver, ())) == fresh.summary_for(Node(*get, receiver, ()))
