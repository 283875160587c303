"""Helpers shared by the persist tests: a run over the fixture tree with a cache, a small project of modules, what
a run concluded and what the engine traced of it, and forging store entries that are whole and checksum-valid but
of the wrong shape."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pytest_claims.engine import Result, check
from pytest_claims.persist.cache import FactsCache, read_entry, write_entry

FIXTURE = Path(__file__).resolve().parents[2] / "testdata" / "violations"
PLATFORMS = ["linux", "win32"]


def run_cached(project: Path, cache: Path) -> Result:
    return check(project, PLATFORMS, cache=FactsCache(cache))


def package(root: Path, modules: dict[str, str]) -> Path:
    """A project at `root` whose one package `pkg` holds `modules` (name -> text) beside an empty `__init__`."""
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    (root / "pkg" / "__init__.py").write_text("")
    for name, text in modules.items():
        (root / "pkg" / f"{name}.py").write_text(text)
    return root


def outcome(result: Result) -> tuple[object, ...]:
    """What a run concluded: a run on the cache must give a cold run's."""
    return result.claims, result.errors, result.problems


def traced(trace: Path) -> dict[str, str]:
    """The fields of the last engine run written to `PYTEST_CLAIMS_TRACE` (`parsed`, `summarized`, ...)."""
    last = trace.read_text().splitlines()[-1]
    return dict(part.split("=", 1) for part in last.split()[1:])


def store_entry(cache: Path, kind: str) -> Path:
    (path,) = cache.glob(f"{kind}-*")
    return path


def stored(path: Path) -> Any:
    """The document a store entry holds (its checksum and key checked; a store's key is its name)."""
    document = read_entry(path, path.name)
    assert document is not None
    return document


def forge(path: Path, document: object, key: str | None = None) -> None:
    """Write `document` as a whole, checksum-valid entry under `path`, for the key it is read with there: only
    its shape is wrong."""
    write_entry(path, key or path.name, document)


Mutation = Callable[[Any], Any]


def each_item(part: str, change: Callable[[Any, Any], Any]) -> Mutation:
    """Every item of one part of the document changed by `change(key, value)`."""

    def mutate(document: Any) -> Any:
        document[part] = {key: change(key, value) for key, value in document[part].items()}
        return document

    return mutate


def two_modules(root: Path, table: str) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pyproject.toml").write_text(f'[tool.claims]\npackages = ["pkg"]\n{table}')
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "helpers.py").write_text("import os\n\n\ndef env():\n    return os.getenv('X')\n")
    (root / "pkg" / "pure.py").write_text("# claims: deterministic\ndef same(x):\n    return x\n")
    (root / "pkg" / "uses.py").write_text(
        "from pkg.helpers import env\n\n\n# claims: deterministic\ndef reads():\n    return env()\n"
    )
    return root
