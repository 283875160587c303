"""Overrides written as class-body assignments are part of the class hierarchy a stored verdict depends on."""

from __future__ import annotations

from pathlib import Path

from pytest_claims.engine import Result, check
from pytest_claims.persist.cache import FactsCache


def _run(project: Path, cache_dir: Path) -> Result:
    return check(project, ["linux", "win32"], cache=FactsCache(cache_dir))


def _status(result: Result) -> str:
    (status,) = {claim.status for claim in result.claims}  # the same on linux and win32
    return status


def test_an_assignment_turned_override_invalidates_the_stored_verdict(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "shop").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["shop"]\n')
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "base.py").write_text(
        "class Step:\n"
        "    # claims: deterministic\n"
        "    def run(self):\n"
        "        return self.apply()\n\n"
        "    def apply(self):\n"
        "        return 1\n"
    )
    timed = root / "shop" / "timed.py"
    timed.write_text("import time\n\nfrom shop.base import Step\n\n\nclass Timed(Step):\n    other = time.time\n")
    assert _status(_run(root, tmp_path / "cache")) == "held"
    # the same class, the same methods (none): only what its body assigns changed, and that is an override now
    timed.write_text("import time\n\nfrom shop.base import Step\n\n\nclass Timed(Step):\n    apply = time.time\n")
    after = _run(root, tmp_path / "cache")
    assert _status(after) == "violated"
    assert after.claims == check(root, ["linux", "win32"]).claims
