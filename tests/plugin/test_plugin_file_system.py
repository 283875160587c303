"""What the file system hides, under the plugin: an unlistable directory fails the run, symlinked packages and
modules keep their node ids and items, a `.py` symlink loop is one line, and claims in excluded files are named
once in the summary."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import GETENV, HOLDS, USES_H, write


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
    write(
        pytester.path, {"pkg/__init__.py": "", "pkg/ok.py": HOLDS, "tests/test_unit.py": "def test_unit():\n    pass\n"}
    )
    deep, part = _too_long_directory(pytester.path / "pkg")
    with pytest.raises(OSError):
        os.listdir(deep)
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([f"unreadable: pkg/{part}/*: cannot list: File name too long"])
    result.assert_outcomes(passed=2)


def test_a_symlinked_package_keeps_node_ids_inside_the_root(pytester: pytest.Pytester) -> None:
    """The item's node id is the configured path (it was `::use.py::f[linux]`, outside the root), and the summary
    counts it (it did not recognise the item)."""
    real = pytester.path.parent / f"{pytester.path.name}-outside" / "evil"
    write(real, {"__init__.py": "", "x.py": GETENV, "use.py": USES_H})
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["shop"]\nexternal = "trust"\n')
    (pytester.path / "shop").symlink_to(real, target_is_directory=True)
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v")
    result.stdout.fnmatch_lines(
        ["shop/use.py::f[[]*[]] FAILED*", "claims checked: 1", "*: 0 claims held, 1 claim violated, *"]
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_a_module_symlinked_to_another_keeps_its_own_items(pytester: pytest.Pytester) -> None:
    """`pkg/a.py -> b.py`: two modules, one file. Each keeps its items (one used to hide the other's)."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    write(pytester.path, {"pkg/__init__.py": "", "pkg/b.py": HOLDS})
    (pytester.path / "pkg" / "a.py").symlink_to("b.py")
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v")
    result.stdout.fnmatch_lines(["pkg/a.py::ok[[]*[]] PASSED*", "pkg/b.py::ok[[]*[]] PASSED*", "claims checked: 2"])
    named = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v", "pkg/a.py")
    named.stdout.fnmatch_lines(["pkg/a.py::ok[[]*[]] PASSED*"])
    named.assert_outcomes(passed=1)


def test_a_symlink_loop_is_one_unreadable_line(pytester: pytest.Pytester) -> None:
    """`pkg/loop.py -> loop.py` used to end in INTERNALERROR (`RuntimeError: Symlink loop` from Path.resolve)."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    write(pytester.path, {"pkg/__init__.py": "", "pkg/ok.py": HOLDS})
    (pytester.path / "pkg" / "loop.py").symlink_to("loop.py")
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["unreadable: pkg/loop.py: cannot read: *symbolic links*"])
    result.stdout.no_fnmatch_line("*INTERNALERROR*")
    result.assert_outcomes(passed=1)


def test_claims_in_excluded_files_are_named_once_in_the_summary(pytester: pytest.Pytester) -> None:
    """The default `exclude` leaves out `test_*.py`: its claims are not checked, and the summary says so once.
    A file that only mentions the word, or holds no directive, is not counted."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    write(
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
