"""A call on a parameter of the function a claim's walk starts from enters what the project's own calls pass for
it (argument values, semantics §4.7), found in the modules whose text names the function under any of its names.
A verdict built on that depends on those modules and on no other module's text naming it: an edit that names it
nowhere keeps the verdict, one that may call it (directly, through a module, or under an alias another module binds)
redoes it, and a run on the cache always equals a cold run."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.engine import Result, check
from pytest_claims.persist.cache import FactsCache
from tests.persist.helpers import package

TARGETS = ["linux", "win32"]

USES = """\
# claims: deterministic
def runs(fn):
    return fn()


# claims: deterministic
def plain(x):
    return x
"""

ALIAS = """\
from pkg.uses import runs as go
"""

OTHER = """\
import time

import pkg.alias
import pkg.uses


class Thing:
    def upper(self):
        return 1
"""

SHOUT = OTHER + "\n    def shout(self):\n        return time.monotonic\n"
UNRELATED = OTHER + "\n\ndef later():\n    return Thing().upper()\n"
CALLS = OTHER + "\n\ndef later():\n    return pkg.uses.runs(time.time)\n"
CALLS_ALIAS = OTHER + "\n\ndef later():\n    return pkg.alias.go(time.time)\n"
CALLS_PURE = OTHER + "\n\ndef later():\n    return pkg.uses.runs(str)\n"


def _project(root: Path) -> Path:
    return package(root, {"uses": USES, "alias": ALIAS, "other": OTHER})


def _warm_equals_cold(root: Path, cache: Path) -> Result:
    warm = check(root, TARGETS, cache=FactsCache(cache))
    cold = check(root, TARGETS)
    assert (warm.claims, warm.errors, warm.problems) == (cold.claims, cold.errors, cold.problems)
    return warm


def _status(result: Result) -> dict[str, str]:
    found = {c.qualname: c.status for c in result.claims if c.platform == "linux"}
    assert found == {c.qualname: c.status for c in result.claims if c.platform == "win32"}
    return found


def _reused(result: Result, qualname: str) -> bool:
    """Whether the run reused every verdict but `qualname`'s (whose reuse the counts alone cannot tell apart)."""
    return result.reused == len([c for c in result.claims if c.qualname != qualname])


def test_an_edit_naming_the_function_nowhere_keeps_the_verdicts(tmp_path: Path) -> None:
    root, cache = _project(tmp_path / "p"), tmp_path / "cache"
    assert _status(check(root, TARGETS, cache=FactsCache(cache))) == {"runs": "held", "plain": "held"}
    for text in (SHOUT, UNRELATED):
        (root / "pkg" / "other.py").write_text(text)
        warm = _warm_equals_cold(root, cache)
        assert warm.reused == len(warm.claims), text
        assert _status(warm) == {"runs": "held", "plain": "held"}


def test_a_new_call_site_in_another_module_redoes_the_claim(tmp_path: Path) -> None:
    """`other` imported `pkg.uses` before and its class shape stays: only its text naming `runs` tells."""
    root, cache = _project(tmp_path / "p"), tmp_path / "cache"
    other = root / "pkg" / "other.py"
    check(root, TARGETS, cache=FactsCache(cache))
    for text, status in ((CALLS, "violated"), (OTHER, "held"), (CALLS_PURE, "held"), (CALLS, "violated")):
        other.write_text(text)
        warm = _warm_equals_cold(root, cache)
        assert _status(warm) == {"runs": status, "plain": "held"}, text
        assert _reused(warm, "runs"), text


def test_a_call_under_an_alias_another_module_binds_redoes_the_claim(tmp_path: Path) -> None:
    """`pkg.alias.go(...)` names `runs` only through `alias`'s import: `go` is one of the names searched."""
    root, cache = _project(tmp_path / "p"), tmp_path / "cache"
    other = root / "pkg" / "other.py"
    check(root, TARGETS, cache=FactsCache(cache))
    other.write_text(CALLS_ALIAS)
    warm = _warm_equals_cold(root, cache)
    assert _status(warm) == {"runs": "violated", "plain": "held"}
    violation = next(c for c in warm.claims if c.qualname == "runs").violations[0]
    assert violation.file == "pkg/other.py"
    other.write_text(OTHER)
    assert _status(_warm_equals_cold(root, cache)) == {"runs": "held", "plain": "held"}


def test_a_new_constructor_call_in_another_module_redoes_the_claim(tmp_path: Path) -> None:
    """The same for a callable stored from a constructor's parameter: `pkg.clocks.Clock(time.time)` names the
    class in a module that imported its module before and whose class shape stays."""
    clocks = "class Clock:\n    def __init__(self, timer):\n        self._timer = timer\n\n"
    clocks += "    # claims: deterministic\n    def now(self):\n        return self._timer()\n"
    base = "import time\n\nimport pkg.clocks\n\n\ndef later():\n    return 1\n"
    root, cache = package(tmp_path / "p", {"clocks": clocks, "user": base}), tmp_path / "cache"
    user = root / "pkg" / "user.py"
    check(root, TARGETS, cache=FactsCache(cache))
    user.write_text(base.replace("return 1", "return pkg.clocks.Clock(time.time)"))
    warm = _warm_equals_cold(root, cache)
    assert {c.status for c in warm.claims} == {"violated"}
    user.write_text(base.replace("return 1", "return 2"))
    warm = _warm_equals_cold(root, cache)
    assert {c.status for c in warm.claims} == {"held"}
    assert warm.reused == 0
