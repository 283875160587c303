"""`pytest-claims check --changed [REV]`: only the claims whose stored dependencies a change since REV touches are
checked, the rest counted as deselected; a name a new file binds reaches the claims that asked about it."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest

from pytest_claims.cli import main
from tests.engine.test_engine_paths import LEADS
from tests.helpers import write


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


def _check(*args: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    status = main(["check", "-v", "--platform", "linux", *args], out=out, err=io.StringIO())
    return status, out.getvalue().splitlines()


def _items(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("pkg/")]


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write(tmp_path, {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n', **LEADS})
    (tmp_path / ".gitignore").write_text(".pytest_cache/\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_check_changed_checks_what_a_change_can_affect(project: Path) -> None:
    status, lines = _check("--changed")
    assert "changed-only: no stored verdicts (a cold cache): every claim is checked; 0 deselected" in lines
    whole = _items(lines)
    assert len(whole) == 2 and status == 0
    status, lines = _check("--changed")
    assert any(line.startswith("changed-only: git ") and "every claim is checked" in line for line in lines)
    assert _items(lines) == whole

    _git(project, "init", "-q")
    _git(project, "add", ".")
    _git(project, "commit", "-q", "-m", "start")
    status, lines = _check("--changed")
    assert "changed-only since HEAD: 0 changed files, 0 of 2 claims affected; 2 deselected" in lines
    assert _items(lines) == [] and status == 0

    # a new file, not yet tracked, binds `gaze` in a class: `stare`'s call `x.gaze()` may now lead somewhere
    write(project, {"pkg/far/eyes.py": "class Eyes:\n    def gaze(self) -> int:\n        return 0\n"})
    status, lines = _check("--changed")
    assert "changed-only since HEAD: 1 changed file, 1 of 2 claims affected; 1 deselected" in lines
    assert _items(lines) == ["pkg/core/api.py::stare[linux] HELD (1 blind spot)"]

    _git(project, "add", ".")
    _git(project, "commit", "-q", "-m", "eyes")
    status, lines = _check("--changed", "HEAD~1")
    assert _items(lines) == ["pkg/core/api.py::stare[linux] HELD (1 blind spot)"]
    # a file that names neither method leaves both claims alone
    write(project, {"pkg/far/plain.py": "def other() -> int:\n    return 1\n"})
    status, lines = _check("--changed")
    assert "changed-only since HEAD: 1 changed file, 0 of 2 claims affected; 2 deselected" in lines
