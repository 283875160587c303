"""Issue 16, fail closed, the module index: what the file system shows the analysis, and what it hides.

Items 6 (a directory the OS will not list), 9 (a symlinked package directory), 16 (a `.py` symlink loop), and
claims in files `exclude` leaves out, which used to be ignored without a word.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_claims.cli import main
from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache

GETENV = "import os\n\n\ndef h():\n    return os.getenv('X')\n"
USES_H = "from shop.x import h\n\n\n# claims: deterministic\ndef f():\n    return h()\n"
HOLDS = "# claims: deterministic\ndef ok():\n    return 1\n"


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


# ---------------------------------------------------------------------------------------------------------
# Item 6: a package directory the OS will not list


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
    root = _write(
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


def _too_long_directory(base: Path) -> tuple[Path, str]:
    """A real directory whose absolute path exceeds PATH_MAX, made through directory descriptors: the OS
    refuses to list it by its path (ENAMETOOLONG) whoever asks, root included. (path, its first component.)"""
    limit = os.pathconf(str(base), "PC_PATH_MAX") if hasattr(os, "pathconf") else 4096
    part = "d" * 200
    depth = (limit - len(str(base))) // (len(part) + 1) + 2
    fd = os.open(base, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir(part, dir_fd=fd)
            inner = os.open(part, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        handle = os.open("mod.py", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(handle, HOLDS.encode())
        os.close(handle)
    finally:
        os.close(fd)
    return base.joinpath(*[part] * depth), part


@pytest.mark.skipif(
    not {os.mkdir, os.open} <= os.supports_dir_fd, reason="needs directory descriptors to build the path"
)
def test_a_run_with_a_directory_the_os_will_not_list_does_not_pass(pytester: pytest.Pytester) -> None:
    """A real condition, no seam: a directory below the package whose path is too long for the OS to list.
    Its claim cannot be seen: the run is reported and does not pass (it used to exit 0, saying nothing)."""
    # pytest's own collection is kept away from the package: it would stop at the same directory
    pytester.makepyprojecttoml(
        '[tool.claims]\npackages = ["pkg"]\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'
    )
    _write(
        pytester.path, {"pkg/__init__.py": "", "pkg/ok.py": HOLDS, "tests/test_unit.py": "def test_unit():\n    pass\n"}
    )
    deep, part = _too_long_directory(pytester.path / "pkg")
    with pytest.raises(OSError):
        os.listdir(deep)
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([f"unreadable: pkg/{part}/*: cannot list: File name too long"])
    result.assert_outcomes(passed=2)


def test_an_init_file_that_cannot_be_read_is_not_a_namespace_package(tmp_path: Path) -> None:
    """A real condition: `pkg/__init__.py -> __init__.py` (a loop). It used to make `pkg` a namespace package
    without a word; it is the package's module, unreadable, and says so."""
    root = _write(tmp_path, {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n', "pkg/ok.py": HOLDS})
    (root / "pkg" / "__init__.py").symlink_to("__init__.py")
    result = check(root, ["linux"])
    assert [str(p) for p in result.problems] == ["pkg/__init__.py: cannot read: Too many levels of symbolic links"]


def test_detection_keeps_a_package_it_cannot_look_into(tmp_path: Path) -> None:
    """No `packages` configured: a top-level `pkg/` whose `__init__.py` is a loop (a real condition) used to be no
    package at all, its claims never seen, exit 0. Detection keeps what it cannot rule out; the index reports it."""
    root = _write(
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
    root = _write(
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


# ---------------------------------------------------------------------------------------------------------
# Item 9: a configured package directory that is a symlink


@pytest.mark.parametrize("target", ["vendor/evil", "../outside/evil"])
def test_a_symlinked_package_is_named_by_its_configured_path(tmp_path: Path, target: str) -> None:
    """`shop -> <target>`: the project's own `from shop.x import h` stays project code (the package used to be
    indexed as `evil`, so `shop` was third party, held under `external = "trust"`); paths are the configured ones."""
    root = tmp_path / "project"
    real = (root / target).resolve()
    _write(real, {"__init__.py": "", "x.py": GETENV, "use.py": USES_H})
    _write(root, {"pyproject.toml": '[tool.claims]\npackages = ["shop"]\nexternal = "trust"\n'})
    (root / "shop").symlink_to(real, target_is_directory=True)
    result = check(root, ["linux"])
    assert sorted(result.project.index.modules) == ["shop", "shop.use", "shop.x"]
    assert {m.rel for m in result.project.index.modules.values()} == {"shop/__init__.py", "shop/use.py", "shop/x.py"}
    (claim,) = result.claims
    assert (claim.function, claim.file, claim.status) == ("shop.use.f", "shop/use.py", "violated")
    assert [v.reach for v in claim.violations] == ["os.getenv"]


def test_a_symlinked_package_keeps_node_ids_inside_the_root(pytester: pytest.Pytester) -> None:
    """The item's node id is the configured path (it was `::use.py::f[linux]`, outside the root), and the summary
    counts it (it did not recognise the item)."""
    real = pytester.path.parent / f"{pytester.path.name}-outside" / "evil"
    _write(real, {"__init__.py": "", "x.py": GETENV, "use.py": USES_H})
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["shop"]\nexternal = "trust"\n')
    (pytester.path / "shop").symlink_to(real, target_is_directory=True)
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v")
    result.stdout.fnmatch_lines(["shop/use.py::f[[]*[]] FAILED*", "claims checked: 1", "*: 0 held, 1 violated, *"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_a_module_symlinked_to_another_keeps_its_own_items(pytester: pytest.Pytester) -> None:
    """`pkg/a.py -> b.py`: two modules, one file. Each keeps its items (one used to hide the other's)."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    _write(pytester.path, {"pkg/__init__.py": "", "pkg/b.py": HOLDS})
    (pytester.path / "pkg" / "a.py").symlink_to("b.py")
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v")
    result.stdout.fnmatch_lines(["pkg/a.py::ok[[]*[]] PASSED*", "pkg/b.py::ok[[]*[]] PASSED*", "claims checked: 2"])
    named = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v", "pkg/a.py")
    named.stdout.fnmatch_lines(["pkg/a.py::ok[[]*[]] PASSED*"])
    named.assert_outcomes(passed=1)


# ---------------------------------------------------------------------------------------------------------
# Item 16: a `.py` symlink loop


def test_a_symlink_loop_is_one_unreadable_line(pytester: pytest.Pytester) -> None:
    """`pkg/loop.py -> loop.py` used to end in INTERNALERROR (`RuntimeError: Symlink loop` from Path.resolve)."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    _write(pytester.path, {"pkg/__init__.py": "", "pkg/ok.py": HOLDS})
    (pytester.path / "pkg" / "loop.py").symlink_to("loop.py")
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["unreadable: pkg/loop.py: cannot read: *symbolic links*"])
    result.stdout.no_fnmatch_line("*INTERNALERROR*")
    result.assert_outcomes(passed=1)


# ---------------------------------------------------------------------------------------------------------
# Also measured: claims in excluded files


def test_claims_in_excluded_files_are_named_once_in_the_summary(pytester: pytest.Pytester) -> None:
    """The default `exclude` leaves out `test_*.py`: its claims are not checked, and the summary says so once.
    A file that only mentions the word, or holds no directive, is not counted."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    _write(
        pytester.path,
        {
            "pkg/__init__.py": "",
            "pkg/ok.py": HOLDS,
            "pkg/test_a.py": "# claims: deterministic\ndef test_a():\n    pass\n",
            "pkg/test_b.py": "def test_b():\n    pass\n",
            "pkg/test_c.py": "def test_c():\n    assert 'claims'\n",
        },
    )
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["claims checked: 1", "excluded, claims not checked: pkg/test_a.py"])
    assert result.stdout.str().count("excluded, claims not checked") == 1
    assert result.ret == pytest.ExitCode.OK
    result.assert_outcomes(passed=4)


def test_check_names_claims_in_excluded_files_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m pytest_claims check` says it as the plugin does: one line, and the exit status is unchanged."""
    root = _write(
        tmp_path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": "",
            "pkg/ok.py": HOLDS,
            **{f"pkg/test_{n}.py": "# claims: deterministic\ndef t():\n    pass\n" for n in "abcde"},
        },
    )
    assert main(["check", "--root", str(root), "--platform", "linux", "--no-cache"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("excluded")]
    assert lines == ["excluded, claims not checked: pkg/test_a.py, pkg/test_b.py, pkg/test_c.py and 2 more"]


# ---------------------------------------------------------------------------------------------------------
# Item 4, as the fuzz campaign found it: modules the interpreter imports at startup


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
    root = _write(
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


def test_a_report_path_through_a_symlink_loop_is_no_error(tmp_path: Path) -> None:
    """Item 16 in the report writer: an absolute path through a symlink loop is a path in the report, not a
    RuntimeError (Path.resolve raises one on a loop before Python 3.13; from 3.13 it resolves what it can, and
    the path is made relative to the root)."""
    from pytest_claims.output.report import _posix

    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    looped = str(tmp_path / "a" / "x.py")
    assert _posix(looped, tmp_path) in (Path(looped).as_posix(), "a/x.py")
