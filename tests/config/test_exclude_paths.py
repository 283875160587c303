"""`exclude` path patterns work (relative to pyproject.toml's directory, or to the directory holding a package;
fnmatch-style with `**/` for any directories), and a pattern that matches nothing is a one-line usage warning."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pytest_claims.cli import main
from pytest_claims.config import is_excluded, load_config
from pytest_claims.engine import check
from pytest_claims.excludes import exclusion, unmatched
from tests.helpers import write

MAIN = "import time\n\n\n# claims: deterministic\ndef f():\n    return time.time()\n"
CLEAN = "# claims: deterministic\ndef g():\n    return 1\n"


def project(root: Path, exclude: list[str]) -> Path:
    listed = ", ".join(f'"{p}"' for p in exclude)
    return write(
        root,
        {
            "pyproject.toml": f'[tool.claims]\npackages = ["src/dotenv"]\nexclude = [{listed}]\n',
            "src/dotenv/__init__.py": "",
            "src/dotenv/main.py": MAIN,
            "src/dotenv/cli.py": CLEAN,
        },
    )


@pytest.mark.parametrize("pattern", ["src/dotenv/main.py", "dotenv/main.py", "*/main.py", "**/main.py", "main.py"])
def test_a_path_pattern_leaves_the_file_out(tmp_path: Path, pattern: str) -> None:
    root = project(tmp_path, [pattern])
    result = check(root, ["linux"], load_config(root))
    assert {c.function for c in result.claims} == {"dotenv.cli.g"}
    assert result.excluded == ("src/dotenv/main.py",)


def test_double_star_matches_no_directory_too() -> None:
    match = exclusion(("**/main.py", "src/**/gen/*.py"))
    assert match("main.py", ["main.py"])
    assert match("main.py", ["a/b/main.py"])
    assert match("x.py", ["src/gen/x.py"]) and match("x.py", ["src/a/b/gen/x.py"])
    assert not match("x.py", ["src/a/x.py"])
    assert is_excluded("src/dotenv/main.py", ["./src/dotenv/"])


def test_name_patterns_keep_matching_any_component() -> None:
    assert is_excluded("src/pkg/tests/test_x.py", ["tests"])
    assert not is_excluded("src/pkg/x.py", ["tests", "pkg/y.py"])


def test_unmatched_patterns_are_named(tmp_path: Path) -> None:
    root = project(tmp_path, [])
    patterns = ["dotenv/main.py", "src/dotenv/nope.py", "zzz", "*.py"]
    assert unmatched(root, patterns, ["src/dotenv"]) == ["src/dotenv/nope.py", "zzz"]


def test_check_warns_for_a_pattern_that_matches_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project(tmp_path, ["src/dotenv/mian.py", "src/dotenv/main.py"]))
    out, err = io.StringIO(), io.StringIO()
    assert main(["check"], out, err) == 0, out.getvalue() + err.getvalue()
    [warning] = err.getvalue().splitlines()
    assert warning.startswith("warning: pyproject.toml [tool.claims] exclude: 'src/dotenv/mian.py' matches no file")
