"""Run from a directory inside the project (`cd src/dotenv && pytest -p claims`), failure texts and blind-spot
sites name files as the node ids do: `main.py`, never `../../src/dotenv/main.py`."""

from __future__ import annotations

import pytest

MAIN = """\
import os


# claims: deterministic
def f(x):
    return x.read()


# claims: deterministic
def g():
    return os.getenv("A")
"""


def test_paths_from_inside_the_project_are_plain(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["src/dotenv"]\n')
    package = pytester.path / "src" / "dotenv"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "main.py").write_text(MAIN)
    monkeypatch.chdir(package)
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "--claims-platform=linux")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "dotenv.main.g claims deterministic but calls os.getenv at main.py:11",
            "  main.py:6: x.read() hides 1 claim, in a claiming function's own body; *",
        ]
    )
    assert "../" not in result.stdout.str()
