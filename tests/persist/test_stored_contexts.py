"""Summaries in a context (a method entered for a subclass, literal arguments deciding a function's tests) are
kept in the summary store as plain ones are: a walk redone after an edit elsewhere reads them back, and a run on
the cache still equals a cold run."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache
from tests.persist.helpers import outcome, package, traced

TARGETS = ["linux", "win32"]
CORE = """\
import os


def fetch(mode):
    if mode == "env":
        return os.environ.get("X")
    return 1


class Base:
    def run(self):
        return self.step()

    def step(self):
        return 0


class Loud(Base):
    def step(self):
        return os.getcwd()
"""
USERS = """\
from pkg.core import Loud, fetch


# claims: deterministic
def quiet():
    return fetch("plain")


# claims: deterministic
def noisy():
    return fetch("env")


# claims: deterministic
def entered(loud: Loud):
    return loud.run()
"""


def test_a_walk_redone_reads_its_contexts_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`fetch("plain")`, `fetch("env")` and `Base.run` entered for `Loud` are summarised in their contexts once;
    after an edit to users.py, its three claims are walked again, and only their own summaries are made."""
    trace = tmp_path / "trace"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    root = package(tmp_path / "project", {"core": CORE, "users": USERS})
    users = root / "pkg" / "users.py"
    cold = check(root, TARGETS, cache=FactsCache(tmp_path / "cache"))
    status = {c.qualname: c.status for c in cold.claims if c.platform == "linux"}
    assert status == {"quiet": "held", "noisy": "violated", "entered": "violated"}  # the contexts decide
    users.write_text(USERS.replace('return fetch("plain")', 'value = 0\n    return fetch("plain")'))
    warm = check(root, TARGETS, cache=FactsCache(tmp_path / "cache"))
    summarized, reused = int(traced(trace)["summarized"]), int(traced(trace)["summaries-reused"])
    assert outcome(warm) == outcome(check(root, TARGETS))
    assert summarized == 3  # quiet, noisy, entered: their module changed (each shared by both targets)
    assert reused == 4  # fetch in two contexts, Base.run for Loud, Loud.step


FEATURES = """\
import time


class Features:
    def version(self):
        return (1,)

    def prepare(self):
        return 0


class FastFeatures(Features):
    def version(self):
        return (2,)


class SlowFeatures(Features):
    def version(self):
        return time.time()
"""
WRAPPER = """\
from pkg.features import Features


class Wrapper:
    features_class = Features

    def __init__(self):
        self.features = self.features_class()
        self.features.prepare()

    def check(self):
        return self.features.version()
"""
FAST = """\
from pkg.features import FastFeatures
from pkg.wrapper import Wrapper


class FastWrapper(Wrapper):
    features_class = FastFeatures
"""
FIELD_USERS = """\
from pkg.fast import FastWrapper


# claims: deterministic
def given(wrapper: FastWrapper):
    return wrapper.check()


# claims: deterministic
def constructed():
    return FastWrapper().check()
"""


def test_a_field_read_for_a_subclass_is_judged_again_when_its_class_changes(tmp_path: Path) -> None:
    """`self.features` read in `Wrapper.check` for `FastWrapper` holds what `FastWrapper.features_class` makes,
    whichever body read it first (`given` walks `check` before any `__init__` is summarised for the class): both
    verdicts depend on fast.py, and after an edit there the warm run judges them again and equals a cold run."""
    root = package(tmp_path / "project", {"features": FEATURES, "wrapper": WRAPPER, "fast": FAST, "users": FIELD_USERS})
    cold = check(root, TARGETS, cache=FactsCache(tmp_path / "cache"))
    assert {c.status for c in cold.claims} == {"held"}
    (root / "pkg" / "fast.py").write_text(FAST.replace("FastFeatures", "SlowFeatures"))
    warm = check(root, TARGETS, cache=FactsCache(tmp_path / "cache"))
    assert {c.status for c in warm.claims} == {"violated"}
    assert outcome(warm) == outcome(check(root, TARGETS))
