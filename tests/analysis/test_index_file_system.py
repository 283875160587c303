"""The module index against the file system: a directory the OS will not list, an `__init__.py` it cannot
read, package detection that keeps what it cannot rule out, a symlinked package named by its configured path,
and project modules that cannot replace what the interpreter imports first."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache
from tests.helpers import GETENV, HOLDS, USES_H, table_project, write


@pytest.fixture
def locked_scandir(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """Listing a directory whose path is in the yielded set raises PermissionError, as `chmod 000` does for a
    user without root's CAP_DAC_READ_SEARCH. A seam: the suite runs as root, which ignores mode bits."""
    locked: set[str] = set()
    real = os.scandir

    def scandir(path: str | os.PathLike[str] = ".") -> Iterator[os.DirEntry[str]]:
        if os.path.abspath(os.fspath(path)) in locked:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    yield locked


def test_a_directory_the_os_will_not_list_is_reported(tmp_path: Path, locked_scandir: set[str]) -> None:
    """Seam: `os.scandir` patched to raise PermissionError for `pkg/locked` (the suite runs as root).
    The claim inside it cannot be seen and one reaching into it must not hold, cold or warm."""
    root = write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/use.py": "from pkg.locked.x import h\n\n\n# claims: deterministic\ndef f():\n    return h()\n",
            "pkg/locked/__init__.py": "",
            "pkg/locked/x.py": GETENV.replace("def h", "# claims: deterministic\ndef h"),
        },
    )
    locked_scandir.add(str(root / "pkg" / "locked"))
    for cache in (FactsCache(None), FactsCache(tmp_path / "cache"), FactsCache(tmp_path / "cache")):
        result = check(root, ["linux"], cache=cache)
        assert [str(p) for p in result.problems] == ["pkg/locked: cannot list: Permission denied"]
        assert [(c.function, c.status) for c in result.claims] == [("pkg.use.f", "unevaluable")]


def test_an_init_file_that_cannot_be_read_is_not_a_namespace_package(tmp_path: Path) -> None:
    """A real condition: `pkg/__init__.py -> __init__.py` (a loop). It used to make `pkg` a namespace package
    without a word; it is the package's module, unreadable, and says so."""
    root = write(tmp_path, {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n', "pkg/ok.py": HOLDS})
    (root / "pkg" / "__init__.py").symlink_to("__init__.py")
    result = check(root, ["linux"])
    assert [str(p) for p in result.problems] == ["pkg/__init__.py: cannot read: Too many levels of symbolic links"]


def test_detection_keeps_a_package_it_cannot_look_into(tmp_path: Path) -> None:
    """No `packages` configured: a top-level `pkg/` whose `__init__.py` is a loop (a real condition) used to be no
    package at all, its claims never seen, exit 0. Detection keeps what it cannot rule out; the index reports it."""
    root = write(
        tmp_path, {"pyproject.toml": "[tool.claims]\n", "pkg/x.py": GETENV.replace("def h", HOLDS[:24] + "def h")}
    )
    (root / "pkg" / "__init__.py").symlink_to("__init__.py")
    result = check(root, ["linux"])
    assert result.config.packages == ("pkg",)
    assert [str(p) for p in result.problems] == ["pkg/__init__.py: cannot read: Too many levels of symbolic links"]
    assert [(c.function, c.status) for c in result.claims] == [("pkg.x.h", "violated")]


def test_detection_keeps_a_src_directory_it_cannot_list(tmp_path: Path, locked_scandir: set[str]) -> None:
    """Seam: `os.scandir` patched to raise PermissionError for `src/` and `src/ns/sub` (the suite runs as root).
    Detection used to find nothing in them and fall back silently; they are kept, and reported as unlistable."""
    root = write(
        tmp_path,
        {
            "pyproject.toml": "[tool.claims]\n",
            "src/ns/sub/x.py": HOLDS,
            "src/app/__init__.py": "",
            "src/app/x.py": HOLDS,
        },
    )
    locked_scandir.add(str(root / "src" / "ns" / "sub"))
    result = check(root, ["linux"])
    assert result.config.packages == ("src/app", "src/ns")
    assert [str(p) for p in result.problems] == ["src/ns/sub: cannot list: Permission denied"]
    assert [(c.function, c.status) for c in result.claims] == [("app.x.ok", "held")]
    locked_scandir.add(str(root / "src"))
    result = check(root, ["linux"])
    assert result.config.packages == ("src",)
    assert [str(p) for p in result.problems] == ["src: cannot list: Permission denied"]


@pytest.mark.parametrize("target", ["vendor/evil", "../outside/evil"])
def test_a_symlinked_package_is_named_by_its_configured_path(tmp_path: Path, target: str) -> None:
    """`shop -> <target>`: the project's own `from shop.x import h` stays project code (the package used to be
    indexed as `evil`, so `shop` was third party, held under `external = "trust"`); paths are the configured ones."""
    root = tmp_path / "project"
    real = (root / target).resolve()
    write(real, {"__init__.py": "", "x.py": GETENV, "use.py": USES_H})
    write(root, {"pyproject.toml": '[tool.claims]\npackages = ["shop"]\nexternal = "trust"\n'})
    (root / "shop").symlink_to(real, target_is_directory=True)
    result = check(root, ["linux"])
    assert sorted(result.project.index.modules) == ["shop", "shop.use", "shop.x"]
    assert {m.rel for m in result.project.index.modules.values()} == {"shop/__init__.py", "shop/use.py", "shop/x.py"}
    (claim,) = result.claims
    assert (claim.function, claim.file, claim.status) == ("shop.use.f", "shop/use.py", "violated")
    assert [v.reach for v in claim.violations] == ["os.getenv"]


@pytest.mark.parametrize(
    ("rel", "body", "call", "reach"),
    [
        (
            "importlib/__init__.py",
            "def import_module(name):\n    return None\n",
            "importlib.import_module('x')",
            "importlib.import_module",
        ),
        ("os.py", "def getenv(name):\n    return ''\n", "os.getenv('X')", "os.getenv"),
    ],
    ids=["importlib", "os"],
)
def test_a_module_imported_at_startup_cannot_be_replaced(
    tmp_path: Path, rel: str, body: str, call: str, reach: str
) -> None:
    """`importlib` (and on 3.10 `os`, which is frozen only since 3.11) is in `sys.modules` before user code
    runs, so `import` finds the stdlib's whatever the project holds. Both used to be held."""
    top = rel.split("/")[0]
    use = f"import {top.removesuffix('.py')}\n\n\n# claims: deterministic\ndef f():\n    return {call}\n"
    root = write(
        tmp_path,
        {
            "pyproject.toml": f'[tool.claims]\npackages = ["pkg", "{top}"]\n',
            "pkg/__init__.py": "",
            "pkg/use.py": use,
            rel: body,
        },
    )
    (claim,) = check(root, ["linux"]).claims
    assert (claim.status, [v.reach for v in claim.violations]) == ("violated", [reach])


def test_a_project_package_cannot_replace_a_built_in_module(tmp_path: Path) -> None:
    """Python imports `time` (built in) before any path: a project package named so is never what it finds."""
    root = table_project(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/use.py": """
                import time

                # claims: deterministic
                def stamp():
                    return time.time()
            """,
            "time/__init__.py": "def time():\n    return 0\n",
        },
        '[tool.claims]\npackages = ["pkg", "time"]\n',
    )
    (claim,) = check(root, ["linux"]).claims
    assert claim.status == "violated"
    assert [v.reach for v in claim.violations] == ["time.time"]
