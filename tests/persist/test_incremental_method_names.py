"""A method call on a value of unknown class is a blind spot only when some project class binds its name
(semantics §5), so a verdict and a summary that asked depend on the names every class binds: a run on the cache
must equal a cold run after a class in another file gains or loses the name, and a change that binds no name
asked about keeps the verdicts."""

from __future__ import annotations

import hashlib
from pathlib import Path

from pytest_claims.engine import Result, check
from pytest_claims.persist.cache import FactsCache
from tests.persist.helpers import package

TARGETS = ["linux", "win32"]

USES = """\
# claims: deterministic
def lowers(x):
    return x.lower()


# claims: deterministic
def plain(x):
    return x
"""

OTHER = """\
import sys


class Thing:
    def upper(self):
        return 1
"""

WITH_LOWER = OTHER + "\n    def lower(self):\n        return 2\n"
ON_WINDOWS = OTHER + '\n    if sys.platform == "win32":\n        def lower(self):\n            return 2\n'
ON_SELF = OTHER + "\n    def __init__(self, f):\n        self.lower = f\n"


def _project(root: Path) -> Path:
    return package(root, {"uses": USES, "other": OTHER})


def _blind(result: Result) -> dict[tuple[str, str], tuple[str, ...]]:
    return {(c.qualname, c.platform): tuple(b.code for b in c.blind_spots) for c in result.claims}


def _warm_equals_cold(root: Path, cache: Path) -> Result:
    warm = check(root, TARGETS, cache=FactsCache(cache))
    cold = check(root, TARGETS)
    assert (warm.claims, warm.errors, warm.problems) == (cold.claims, cold.errors, cold.problems)
    return warm


def test_a_class_gaining_and_losing_the_name_turns_the_blind_spot_on_and_off(tmp_path: Path) -> None:
    root, cache = _project(tmp_path / "p"), tmp_path / "cache"
    other = root / "pkg" / "other.py"
    first = _warm_equals_cold(root, cache)
    assert _blind(first)["lowers", "linux"] == ()
    for text, linux, win32 in (
        (WITH_LOWER, True, True),
        (OTHER, False, False),
        (ON_WINDOWS, False, True),
        (ON_SELF, True, True),
        (OTHER, False, False),
    ):
        other.write_text(text)
        result = _warm_equals_cold(root, cache)
        spots = _blind(result)
        assert (spots["lowers", "linux"], spots["lowers", "win32"]) == (
            ("x.lower()",) * linux,
            ("x.lower()",) * win32,
        ), text
        assert spots["plain", "linux"] == ()


def test_a_change_that_binds_no_name_asked_about_keeps_the_verdicts(tmp_path: Path) -> None:
    root, cache = _project(tmp_path / "p"), tmp_path / "cache"
    check(root, TARGETS, cache=FactsCache(cache))
    (root / "pkg" / "other.py").write_text(OTHER + "\n    def shout(self):\n        return 3\n")
    warm = _warm_equals_cold(root, cache)
    assert warm.reused == len(warm.claims)


def test_old_facts_gone_from_the_cache_fail_closed(tmp_path: Path) -> None:
    """What a changed module bound before is read from its old facts; without them every asker is redone."""
    root, cache = _project(tmp_path / "p"), tmp_path / "cache"
    other = root / "pkg" / "other.py"
    other.write_text(WITH_LOWER)
    assert _blind(check(root, TARGETS, cache=FactsCache(cache)))["lowers", "linux"] == ("x.lower()",)
    facts = FactsCache(cache)
    assert facts.directory is not None
    digest = hashlib.sha256(other.read_bytes()).hexdigest()
    (facts.directory / digest[:2] / digest).unlink()
    other.write_text(OTHER)
    assert _blind(_warm_equals_cold(root, cache))["lowers", "linux"] == ()
