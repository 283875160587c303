"""A run given paths (`select`) judges only the claims under them, each with the whole run's verdict: overrides,
protocol implementers, method leads and renamed decorators outside the paths are still found."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pytest_claims.cli import main
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache

PROJECT = {
    "pkg/__init__.py": "",
    "pkg/core/__init__.py": "",
    "pkg/core/base.py": "class Base:\n    def run(self) -> int:\n        return 1\n",
    "pkg/core/api.py": (
        "from typing import Protocol\n\nfrom pkg.core.base import Base\nfrom pkg.ext.deco import vow\n\n\n"
        "class Clock(Protocol):\n    def now(self) -> float: ...\n\n\n"
        "# claims: deterministic\ndef use(b: Base) -> int:\n    return b.run()\n\n\n"
        "# claims: deterministic\ndef stamp(c: Clock) -> float:\n    return c.now()\n\n\n"
        "# claims: deterministic\ndef lead(x):\n    return x.tick()\n\n\n"
        "# claims: deterministic\ndef quiet(x):\n    return x.untold()\n\n\n"
        "# claims: deterministic\ndef probe(x):\n    return x.zap()\n\n\n"
        "class Zapper:\n    def zap(self) -> int:\n        return 0\n"
    ),
    "pkg/aaa.py": "class Zap:\n    def zap(self) -> int:\n        return 1\n",
    "pkg/core/named.py": "from pkg.ext.deco import vow\n\n\n@vow('deterministic')\ndef vowed() -> int:\n    return 1\n",
    "pkg/ext/__init__.py": "",
    "pkg/ext/impl.py": (
        "import time\n\nfrom pkg.core.base import Base as Root\n\n\n"
        "class Impl(Root):\n    def run(self) -> int:\n        return int(time.time())\n"
    ),
    "pkg/ext/wall.py": "import time\n\n\nclass Wall:\n    def now(self) -> float:\n        return time.time()\n",
    "pkg/ext/ticker.py": (
        "import os\n\n\nclass Ticker:\n    def __init__(self) -> None:\n        self.tick = os.getenv\n"
    ),
    "pkg/ext/ticker2.py": "class Ticker2:\n    def tick(self) -> int:\n        return 0\n",
    "pkg/ext/deco.py": "from pytest_claims import claims as vow\n\n__all__ = ['vow']\n",
    "pkg/ext/other.py": "import os\n\n\n# claims: deterministic\ndef env() -> str | None:\n    return os.getenv('X')\n",
}


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    for rel, text in PROJECT.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    return tmp_path


def _core(rel: str) -> bool:
    return rel.startswith("pkg/core/")


def test_a_path_run_gives_the_whole_runs_verdicts(project: Path) -> None:
    whole = check(project, ["linux", "win32"])
    part = check(project, ["linux", "win32"], select=_core)
    assert list(part.claims) == [c for c in whole.claims if _core(c.file)]
    assert [e for e in whole.errors if _core(e.file)] == list(part.errors)
    status = {(c.qualname, c.platform): c.status for c in part.claims}
    assert status["use", "linux"] == "violated"  # the override in pkg/ext/impl.py, outside the path
    assert status["stamp", "linux"] == "violated"  # the protocol's implementer in pkg/ext/wall.py
    assert status["vowed", "linux"] == "held"  # the decorator renamed in pkg/ext/deco.py is still read
    (lead,) = [c for c in part.claims if c.qualname == "lead" and c.platform == "linux"]
    assert lead.blind_spots  # a project class (outside the path) binds `tick`: the call may lead somewhere
    (quiet,) = [c for c in part.claims if c.qualname == "quiet" and c.platform == "linux"]
    assert not quiet.blind_spots


def test_a_path_run_reads_only_what_its_claims_reach(project: Path) -> None:
    part = check(project, ["linux"], select=_core)
    loaded = part.project.modules.loaded()
    assert "pkg.ext.other" not in loaded  # a claim outside the path, reaching nothing the path's claims reach
    assert {"pkg.ext.impl", "pkg.ext.wall", "pkg.ext.ticker", "pkg.ext.deco"} <= loaded
    assert all(_core(c.file) for c in part.claims)


def test_the_search_for_a_class_binding_a_name_stops_at_the_first_unguarded_one(project: Path) -> None:
    """`x.tick()`: pkg/ext/ticker.py binds `tick` on every target, so pkg/ext/ticker2.py is not read; `x.zap()`:
    the path's own pkg/core/api.py binds `zap` and is at hand, so pkg/aaa.py is not read, though it comes first."""
    part = check(project, ["linux"], select=_core)
    loaded = part.project.modules.loaded()
    assert "pkg.ext.ticker" in loaded and "pkg.ext.ticker2" not in loaded
    assert "pkg.aaa" not in loaded
    whole = check(project, ["linux"])
    assert list(part.claims) == [c for c in whole.claims if _core(c.file)]
    (probe,) = [c for c in part.claims if c.qualname == "probe"]
    assert probe.blind_spots  # a class binds `zap`: the call may lead somewhere


def test_a_path_run_keeps_the_other_stored_verdicts(project: Path) -> None:
    """A path run's store keeps the last run's verdicts that still hold: the next whole run reuses them."""
    cache = FactsCache(project / ".cache" / "facts")
    whole = check(project, ["linux"], cache=cache)
    check(project, ["linux"], cache=FactsCache(project / ".cache" / "facts"), select=_core)
    again = check(project, ["linux"], cache=FactsCache(project / ".cache" / "facts"))
    assert again.reused == len(whole.claims) and again.claims == whole.claims


def test_check_given_a_path_shows_the_whole_runs_items(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    outputs = []
    for args in (["check", "--no-cache"], ["check", "--no-cache", "pkg/core"]):
        out = io.StringIO()
        main(args, out=out, err=io.StringIO())
        outputs.append([line for line in out.getvalue().splitlines() if line.startswith("pkg/")])
    whole, part = outputs
    assert part and part == [line for line in whole if line.startswith("pkg/core/")]


LEADS = {
    "pkg/__init__.py": "",
    "pkg/core/__init__.py": "",
    "pkg/core/api.py": (
        "# claims: deterministic\ndef glance(x):\n    return x.blink()\n\n\n"
        "# claims: deterministic\ndef stare(x):\n    return x.gaze()\n"
    ),
    "pkg/far/__init__.py": "",
    # a method after a backslash-continued blank line, at column 0: still the class's
    "pkg/far/hidden.py": "class Hidden:\n    \\\ndef blink(self) -> int:\n        return 0\n",
    # `gaze` in a comment, as a module-level def and read on an object: no class binds it
    "pkg/far/mentions.py": (
        "# see #gaze\n\n\ndef gaze() -> int:\n    return 0\n\n\n"
        "class Eye:\n    def look(self, other):\n        return other.gaze, self.gaze\n"
    ),
}


def test_a_path_run_parses_only_the_files_whose_classes_may_bind_a_method_name(tmp_path: Path) -> None:
    """Whether a class binds the name a call leads to is read from the files whose text may bind it in a class:
    an unusual binding is still found, and a file that only mentions the name is not parsed."""
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    for rel, text in LEADS.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    part = check(tmp_path, ["linux"], select=_core)
    assert list(part.claims) == [c for c in check(tmp_path, ["linux"]).claims if _core(c.file)]
    spots = {c.qualname: bool(c.blind_spots) for c in part.claims}
    assert spots == {"glance": True, "stare": False}  # Hidden binds `blink`: the call may lead there
    loaded = part.project.modules.loaded()
    assert "pkg.far.hidden" in loaded and "pkg.far.mentions" not in loaded
