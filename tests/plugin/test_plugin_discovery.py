"""One project, found one way (semantics §9): the plugin finds the project as the command line does, the nearest
pyproject.toml holding `[tool.claims]` at or above the paths given (or where pytest runs), else the rootdir.
The monorepo: `[tool.claims]` in pkgs/a/pyproject.toml, pytest.ini (hence the rootdir) at the top."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import write

MONOREPO: dict[str, str | bytes] = {
    "pytest.ini": "[pytest]\n",
    "pkgs/a/pyproject.toml": '[project]\nname = "a"\n\n[tool.claims]\npackages = ["src/alib"]\n',
    "pkgs/a/src/alib/__init__.py": "",
    "pkgs/a/src/alib/core.py": (
        "import os\n\n\n"
        "# claims: deterministic\ndef held(x: int) -> int:\n    return x + 1\n\n\n"
        '# claims: deterministic\ndef broken() -> str | None:\n    return os.getenv("HOME")\n'
    ),
    "pkgs/a/tests/test_a.py": "def test_plain() -> None:\n    pass\n",
    # a second package without a table: nothing of it is claimed, nothing of it is checked
    "pkgs/b/pyproject.toml": '[project]\nname = "b"\n',
    "pkgs/b/blib/__init__.py": "",
}

NOW = "import time\n\n\n# claims: deterministic\ndef now() -> float:\n    return time.time()\n"

HELD = "pkgs/a/src/alib/core.py::held?linux?"
BROKEN = "pkgs/a/src/alib/core.py::broken?linux?"


def _monorepo(root: Path) -> Path:
    write(root, MONOREPO)
    return root


def test_a_path_holding_the_project_checks_its_claims(pytester: pytest.Pytester) -> None:
    """`pytest -p claims pkgs/a` at the top: the table in pkgs/a is the project, though the rootdir is the top
    (before: the rootdir's pyproject.toml was read, there is none, nothing was collected, exit 5)."""
    _monorepo(pytester.path)
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v", "pkgs/a")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([f"{HELD} PASSED*", f"{BROKEN} FAILED*"], consecutive=False)
    result.stdout.fnmatch_lines(["*alib.core.broken claims deterministic but calls os.getenv at *core.py:11"])


def test_run_inside_the_project_checks_its_claims(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """`cd pkgs/a && pytest -p claims`: pytest's rootdir is still the top (its pytest.ini), the project is
    pkgs/a; node ids stay relative to the rootdir, failure paths to where pytest ran."""
    _monorepo(pytester.path)
    monkeypatch.chdir(pytester.path / "pkgs" / "a")
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([f"*rootdir: {pytester.path}*"])
    result.stdout.fnmatch_lines(["*alib.core.broken claims deterministic but calls os.getenv at src/alib/core.py:11"])


def test_run_inside_the_project_under_xdist(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers check the controller's project, not one of their own finding."""
    _monorepo(pytester.path)
    monkeypatch.chdir(pytester.path / "pkgs" / "a")
    result = pytester.runpytest_subprocess("-p", "claims", "-p", "no:cacheprovider", "-n", "2")
    result.assert_outcomes(passed=2, failed=1)


def test_a_test_file_in_the_project_collects_no_claim(pytester: pytest.Pytester) -> None:
    """`pytest pkgs/a/tests/test_a.py` names a path that neither is the project nor holds its packages: the
    test runs, no claim item is collected (semantics §9: it stays fast)."""
    _monorepo(pytester.path)
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "pkgs/a/tests/test_a.py")
    result.assert_outcomes(passed=1)
    assert "claims checked" not in result.stdout.str()


def test_a_path_without_a_table_above_it_stays_with_the_rootdir(pytester: pytest.Pytester) -> None:
    """pkgs/b has no table and none is above it: the rootdir (the top, no table, nothing claimed) is the
    project, and pkgs/a's claims are not checked from there."""
    _monorepo(pytester.path)
    write(pytester.path, {"pkgs/b/tests/test_b.py": "def test_b() -> None:\n    pass\n"})
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "pkgs/b")
    result.assert_outcomes(passed=1)
    assert "claims checked" not in result.stdout.str()


def test_the_table_above_a_subproject_without_one_is_the_project(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pyproject.toml without the table is passed over: from tools/ (pytest's rootdir: its pyproject.toml is
    the nearest) the project is the directory above, whose pyproject.toml holds `[tool.claims]`."""
    write(
        pytester.path,
        {
            "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
            "pkg/__init__.py": NOW,
            "tools/pyproject.toml": '[project]\nname = "tools"\n',
        },
    )
    monkeypatch.chdir(pytester.path / "tools")
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*rootdir: {pytester.path / 'tools'}*"])
    # named from the rootdir, as the failure text names the file, and counted in the summary
    result.stdout.fnmatch_lines(["*pkg.now claims deterministic but calls time.time at ../pkg/__init__.py:6"])
    result.stdout.fnmatch_lines(["claims checked: 1", "FAILED ../pkg/__init__.py::now?linux? - *"], consecutive=False)
