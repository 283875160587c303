"""One project, found one way (semantics §9): `pytest-claims check` finds the project as the plugin does (one
function, `config.find_project_root`), the nearest pyproject.toml holding `[tool.claims]` at or above the paths
(or the current directory), else where pytest finds its rootdir (`config/rootdir.py`, checked against
pytest's own)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pytest_claims.cli import main
from pytest_claims.config import find_project_root, pytest_rootdir
from tests.helpers import write
from tests.plugin.test_plugin_discovery import MONOREPO

VIOLATION = "alib.core.broken claims deterministic but calls os.getenv at"


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("where", [".", "pkgs", "pkgs/a", "pkgs/a/src/alib"])
def test_check_finds_the_monorepo_project_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """`pytest-claims check <path to pkgs/a>` from the top, from pkgs, from inside the project: the same claims."""
    write(tmp_path, MONOREPO)
    monkeypatch.chdir(tmp_path / where)
    target = str((tmp_path / "pkgs" / "a").relative_to(Path.cwd())) if where != "pkgs/a/src/alib" else "../.."
    status, output = run("check", "--no-cache", target)
    assert status == 1, output
    assert VIOLATION in output
    assert "1 claim held, 1 claim violated" in output


def test_check_inside_a_project_with_a_subproject_above(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """From pkgs/a/tests (a pytest.ini at the top), no path: the table of pkgs/a, not the top (before: the top's
    missing pyproject.toml left the run at pkgs/a/tests, with nothing to check)."""
    write(tmp_path, {**MONOREPO, "pkgs/a/tests/pytest.ini": "[pytest]\n"})
    monkeypatch.chdir(tmp_path / "pkgs" / "a" / "tests")
    status, output = run("check", "--no-cache")
    assert status == 1, output
    assert VIOLATION in output


@pytest.mark.parametrize("where", ["pkgs/a", "pkgs/a/src"])
def test_a_workspace_member_without_the_table_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """A workspace: `[tool.claims]` at the top (for win32 only), pkgs/a/pyproject.toml without it. From inside the
    member the top's table is the project (before: the nearest pyproject.toml, whatever it held, was the project:
    the member's claims checked for the host, without the top's configuration)."""
    files = {name: text for name, text in MONOREPO.items() if name != "pkgs/a/pyproject.toml"}
    files["pyproject.toml"] = '[tool.claims]\npackages = ["pkgs/a/src/alib"]\nplatform = "win32"\n'
    files["pkgs/a/pyproject.toml"] = '[project]\nname = "a"\n'
    write(tmp_path, files)
    monkeypatch.chdir(tmp_path / where)
    status, output = run("check", "--no-cache")
    assert status == 1, output
    shown = (tmp_path / "pkgs/a/src/alib/core.py").relative_to(tmp_path / where).as_posix()  # from the cwd
    assert f"{shown}::broken[win32] VIOLATED" in output
    assert "win32: 1 claim held, 1 claim violated" in output


def test_an_unreadable_toml_with_the_header_is_the_project(tmp_path: Path) -> None:
    """A pyproject.toml that does not parse but shows `[tool.claims]` is the project, so its error is named."""
    write(tmp_path, {"pyproject.toml": "[tool.claims]\npackages = [\n", "sub/x.py": ""})
    assert find_project_root([tmp_path / "sub" / "x.py"], tmp_path) == tmp_path
    status, output = run("check", "--no-cache", str(tmp_path / "sub"))
    assert status == 4
    assert "pyproject.toml: invalid TOML" in output


LAYOUTS: dict[str, tuple[dict[str, str | bytes], str]] = {
    "pytest.ini above a bare pyproject.toml": ({"pytest.ini": "[pytest]\n", "a/pyproject.toml": ""}, "a"),
    "tox.ini without [pytest] is not pytest's": ({"tox.ini": "[tox]\n", "a/pyproject.toml": ""}, "a"),
    "tox.ini with [pytest]": ({"tox.ini": "[pytest]\n", "a/pyproject.toml": "[project]\n"}, "a"),
    "setup.cfg with [tool:pytest]": ({"setup.cfg": "[tool:pytest]\n", "a/b/setup.py": ""}, "a/b"),
    "pyproject.toml with the pytest table": (
        {"pyproject.toml": "[tool.pytest.ini_options]\n", "a/pyproject.toml": '[project]\nname = "a"\n'},
        "a",
    ),
    "setup.py alone": ({"a/setup.py": ""}, "a/b"),
    "nothing at all": ({}, "a/b"),
    "nothing, and a path beside": ({"a/b/c/d.txt": ""}, "a/b/c"),
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_rootdir_without_a_table_is_pytests(pytester: pytest.Pytester, layout: str) -> None:
    """With no table anywhere, the command line takes the rootdir pytest itself finds from the same start."""
    files, start = LAYOUTS[layout]
    write(pytester.path, {**files, f"{start}/test_here.py": "def test_x() -> None:\n    pass\n"})
    ours = pytest_rootdir(pytester.path / start, pytester.path)
    pytests = pytester.runpytest(start, "-p", "no:cacheprovider", "--co").stdout.str()
    assert f"rootdir: {ours}\n" in pytests, (layout, ours, pytests)
