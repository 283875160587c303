"""`pytest-claims check` fails closed as the plugin does: claims in excluded files named once, reports written
through links and refused on what is not a regular file, a FIFO pyproject refused and not waited on."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from pytest_claims.cli import main
from tests.helpers import HOLDS, claiming_project, file_kind, posix_only, write


def test_check_names_claims_in_excluded_files_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m pytest_claims check` says it as the plugin does: one line, and the exit status is unchanged."""
    root = write(
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


def _one_line(text: str) -> str:
    assert "Traceback" not in text
    lines = text.splitlines()
    assert len(lines) == 1, text
    return lines[0]


@posix_only
def test_check_report_follows_the_same_rules(tmp_path: Path) -> None:
    """`pytest-claims check --report`: through a link to its target; a FIFO refused in one line, exit 4."""
    root = claiming_project(tmp_path / "p")
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "real.json")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "--root", str(root), "--no-cache", "--report", str(link)], out, err) == 0
    assert file_kind(link) == "link" and (tmp_path / "real.json").read_text().startswith("{")
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "--root", str(root), "--no-cache", "--report", str(fifo)], out, err) == 4
    assert _one_line(err.getvalue()) == (
        f"pytest-claims check: could not write the report {fifo}: not a regular file: a FIFO (named pipe)"
    )
    assert file_kind(fifo) == "fifo"


def test_a_fifo_pyproject_is_refused_by_check_not_waited_on(tmp_path: Path) -> None:
    """Item 19's FIFO, met by the configuration reader (`check`, the plugin): one line, no wait for a writer."""
    from pytest_claims.config import ConfigError, load_config

    os.mkfifo(tmp_path / "pyproject.toml")
    with pytest.raises(ConfigError, match=r"pyproject.toml: cannot read the file: not a regular file: a FIFO"):
        load_config(tmp_path)
