"""A module that moves keeps its name and its bytes, yet what it means changes: a package's `__init__` reads its
relative imports from itself, a plain module from its parent, and the reports name its file. A warm run after
such a move must give what a run without a cache gives (semantics §15: a stale cached fact must be impossible)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.analysis.project import Project, load
from pytest_claims.analysis.validity import Validity, hierarchy_changed
from pytest_claims.config import load_config
from pytest_claims.engine import Result, check
from pytest_claims.persist.cache import FactsCache
from pytest_claims.persist.store import VerdictStore

TARGETS = ["linux"]
PURE = "def helper():\n    return 1\n"
GETENV = "import os\n\n\ndef helper():\n    return os.getenv('X')\n"
RELAY = "from .x import helper\n"
"""`pkg.b`: `.x` is `pkg.x` (pure) in the module `pkg/b.py`, `pkg.b.x` (reads the environment) in the package."""
CLAIMING = "from pkg.b import helper\n\n\n# claims: deterministic\ndef f():\n    return helper()\n"
RELAY_CLAIMING = RELAY + "\n\n# claims: deterministic\ndef f():\n    return helper()\n"
BASE = {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n', "pkg/__init__.py": "", "pkg/x.py": PURE}

Layout = dict[str, str]
MOVES: dict[str, tuple[Layout, Layout]] = {
    # (before, after): every file of the project besides BASE
    "module-into-package": (
        {"pkg/b.py": RELAY, "pkg/c.py": CLAIMING},
        {"pkg/b/__init__.py": RELAY, "pkg/b/x.py": GETENV, "pkg/c.py": CLAIMING},
    ),
    "module-into-package-beside-its-folder": (
        {"pkg/b.py": RELAY, "pkg/b/x.py": GETENV, "pkg/c.py": CLAIMING},
        {"pkg/b/__init__.py": RELAY, "pkg/b/x.py": GETENV, "pkg/c.py": CLAIMING},
    ),
    "package-out-to-module-beside-its-folder": (
        {"pkg/b/__init__.py": RELAY, "pkg/b/x.py": GETENV, "pkg/c.py": CLAIMING},
        {"pkg/b.py": RELAY, "pkg/b/x.py": GETENV, "pkg/c.py": CLAIMING},
    ),
    "claiming-module-into-package": (
        {"pkg/b.py": RELAY_CLAIMING},
        {"pkg/b/__init__.py": RELAY_CLAIMING, "pkg/b/x.py": GETENV},
    ),
}


def _lay_out(root: Path, files: Layout) -> None:
    """The project holds exactly BASE and `files` (anything else under pkg/ removed, empty folders too)."""
    wanted = {root / rel for rel in {**BASE, **files}}
    for path in sorted((root / "pkg").rglob("*") if (root / "pkg").exists() else (), key=lambda p: -len(p.parts)):
        if path.is_file() and path not in wanted:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    for rel, text in {**BASE, **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)


def _outcome(result: Result) -> tuple[object, ...]:
    return result.claims, result.errors, result.problems


@pytest.mark.parametrize("move", sorted(MOVES))
def test_a_warm_run_after_a_move_equals_a_cold_one(tmp_path: Path, move: str) -> None:
    root, cache = tmp_path / "project", tmp_path / "cache"
    before, after = MOVES[move]
    _lay_out(root, before)
    assert _outcome(check(root, TARGETS, cache=FactsCache(cache))) == _outcome(check(root, TARGETS))
    _lay_out(root, after)
    warm = check(root, TARGETS, cache=FactsCache(cache))
    assert _outcome(warm) == _outcome(check(root, TARGETS))


def test_each_move_changes_what_a_cold_run_says(tmp_path: Path) -> None:
    """The test above can fail: the same bytes of `pkg.b`, moved, turn `f` from held to violated (or back), and
    the claim moved with its module is reported at its new file."""
    for move, (before, after) in MOVES.items():
        root = tmp_path / move
        _lay_out(root, before)
        old = {(c.function, c.file, c.status) for c in check(root, TARGETS).claims}
        _lay_out(root, after)
        new = {(c.function, c.file, c.status) for c in check(root, TARGETS).claims}
        assert old != new, move
    _lay_out(tmp_path / "plain", MOVES["module-into-package"][0])
    assert {c.status for c in check(tmp_path / "plain", TARGETS).claims} == {"held"}


def _recorded_shapes(root: Path) -> tuple[Project, dict[str, str]]:
    """The project at `root`, every module's facts loaded, and the class shapes a run would record for it."""
    project = load(load_config(root))
    project.modules.preload(project.index.modules)
    store = VerdictStore(FactsCache(None), ())
    Validity(project, FactsCache(None), store).record_shapes()
    return project, store.shapes


def test_a_module_moved_with_its_classes_changes_the_hierarchy(tmp_path: Path) -> None:
    """`class Sub(Base)` under `from .base import Base` subclasses `pkg.base.Base` in `pkg/s.py` and `pkg.s.base.Base`
    in `pkg/s/__init__.py`: the same bytes moved are a change of the class hierarchy (the walks that looked for
    overrides are redone), though the classes, bases and imports as written are the same."""
    subclass = "from .base import Base\n\n\nclass Sub(Base):\n    def run(self):\n        return 2\n"
    base = "class Base:\n    def run(self):\n        return 1\n"
    _lay_out(tmp_path, {"pkg/base.py": base, "pkg/s.py": subclass})
    _, before = _recorded_shapes(tmp_path)
    _lay_out(tmp_path, {"pkg/base.py": base, "pkg/s/__init__.py": subclass, "pkg/s/base.py": base})
    project, after = _recorded_shapes(tmp_path)
    assert hierarchy_changed(project, frozenset({"pkg.s"}), before)
    assert not hierarchy_changed(project, frozenset({"pkg.s"}), after)
    assert not hierarchy_changed(project, frozenset({"pkg.base"}), before)
