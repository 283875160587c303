"""Issue 16, fail closed: items whose wrong answer would be a silent `held` or a passing run."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pytest_claims.config import ConfigError, load_config
from pytest_claims.engine import check


def _project(root: Path, files: dict[str, str], table: str = '[tool.claims]\npackages = ["pkg"]\n') -> Path:
    (root / "pyproject.toml").write_text(table)
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def test_a_stdlib_name_in_follow_is_a_usage_error(tmp_path: Path) -> None:
    """`follow = ["os"]` would walk the stdlib's os.py as project code and hold `os.getenv`."""
    root = _project(tmp_path, {"pkg/__init__.py": ""}, '[tool.claims]\npackages = ["pkg"]\nfollow = ["os"]\n')
    with pytest.raises(ConfigError, match=r"follow: 'os' is a standard-library module"):
        load_config(root)


def test_a_project_package_cannot_replace_a_built_in_module(tmp_path: Path) -> None:
    """Python imports `time` (built in) before any path: a project package named so is never what it finds."""
    root = _project(
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


def test_a_run_whose_every_claiming_file_is_unreadable_fails(pytester: pytest.Pytester) -> None:
    """No item can be collected (pytest's "no tests ran", 5, which CI setups accept): the run fails instead."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    (pytester.path / "pkg").mkdir()
    (pytester.path / "pkg" / "__init__.py").write_text("")
    (pytester.path / "pkg" / "bad.py").write_text("# claims: deterministic\ndef f(:\n    pass\n")
    result = pytester.runpytest("-p", "claims")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*pkg/bad.py*syntax error*"])
