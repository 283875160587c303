"""`pytest-claims check` over several projects checks each (a monorepo is never silently green): a block per
project after a line naming it, the worst status of them, one report."""

from __future__ import annotations

import io
import json
from pathlib import Path

from pytest_claims.cli import main
from tests.helpers import write

CLOCK = "import time\n\n\n# claims: deterministic\ndef now() -> float:\n    return time.time()\n"
PLAIN = "def add(a: int, b: int) -> int:\n    return a + b\n"


def _check(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["check", "--no-cache", "--platform", "linux", *argv], out, err)
    assert err.getvalue() == ""
    return status, out.getvalue()


def test_each_project_is_checked_and_the_worst_status_wins(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "pyproject.toml": "[tool.pytest.ini_options]\n",
            "pkgs/a/pyproject.toml": "[tool.claims]\n",
            "pkgs/a/a/__init__.py": CLOCK,
            "pkgs/c/pyproject.toml": "[tool.claims]\n",
            "pkgs/c/c/__init__.py": PLAIN,
        },
    )
    status, out = _check("-q")
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == "project pkgs/a"
    assert "pkgs/a/a/__init__.py::now[linux] VIOLATED" in lines
    assert lines[lines.index("project pkgs/c") + 1].startswith("no claiming function and no forbid-reaches rule")
    status, out = _check("-q", "pkgs/c")
    assert status == 5  # nothing anywhere: pytest's "no tests ran"
    write(tmp_path, {"pkgs/a/a/__init__.py": PLAIN})
    status, out = _check("pkgs")
    assert status == 5
    assert out.count("nothing was checked") == 2


def test_one_json_report_of_two_projects_from_the_current_directory(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "pkgs/a/pyproject.toml": "[tool.claims]\n",
            "pkgs/a/a/__init__.py": CLOCK,
            "pkgs/b/pyproject.toml": '[tool.claims]\ntrusted = ["time.time"]\n',
            "pkgs/b/b/__init__.py": CLOCK,
        },
    )
    status, _ = _check("pkgs/a", "pkgs/b", "--report", "out/claims.json", "--report", "out/claims.sarif")
    assert status == 1
    document = json.loads((tmp_path / "out" / "claims.json").read_text())
    assert [(c["project"], c["file"], c["status"]) for c in document["claims"]] == [
        ("pkgs/a", "pkgs/a/a/__init__.py", "violated"),
        ("pkgs/b", "pkgs/b/b/__init__.py", "held"),
    ]
    runs = json.loads((tmp_path / "out" / "claims.sarif").read_text())["runs"]
    assert [run["automationDetails"]["id"] for run in runs] == [
        "pytest-claims/pkgs/a/linux/",
        "pytest-claims/pkgs/b/linux/",
    ]
