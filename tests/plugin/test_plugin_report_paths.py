"""`--claims-report` paths: written through a symlink to its target, a device linked to stays a device, and a
FIFO or a directory is refused in one line."""

from __future__ import annotations

import os
import stat

import pytest

from tests.helpers import claiming_project, file_kind, posix_only


@posix_only
def test_a_report_through_a_symlink_is_written_to_its_target(pytester: pytest.Pytester) -> None:
    """The link stays a link and its target gets the report (the rename used to replace the link)."""
    claiming_project(pytester.path)
    (pytester.path / "out").mkdir()
    link = pytester.path / "report.json"
    link.symlink_to(pytester.path / "out" / "real.json")
    result = pytester.runpytest("-p", "claims", "--claims-report=report.json")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["claims report written to report.json"])
    assert file_kind(link) == "link"
    assert '"schema": "pytest-claims.report.v2"' in (pytester.path / "out" / "real.json").read_text()


@posix_only
def test_a_report_linked_to_dev_null_leaves_the_device_alone(pytester: pytest.Pytester) -> None:
    """`report.json -> /dev/null` discards the report: the character device is written, nothing replaced."""
    claiming_project(pytester.path)
    link = pytester.path / "report.json"
    link.symlink_to("/dev/null")
    result = pytester.runpytest("-p", "claims", "--claims-report=report.json")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["claims report written to report.json"])
    assert file_kind(link) == "link" and stat.S_ISCHR(os.stat("/dev/null").st_mode)


@posix_only
def test_a_fifo_report_is_refused_in_one_line(pytester: pytest.Pytester) -> None:
    """A FIFO would block the run until a reader came: refused, and left a FIFO."""
    claiming_project(pytester.path)
    fifo = pytester.path / "report.json"
    os.mkfifo(fifo)
    result = pytester.runpytest("-p", "claims", "--claims-report=report.json")
    result.stdout.fnmatch_lines(["could not write the claims report report.json: not a regular file: a FIFO*"])
    assert file_kind(fifo) == "fifo"


def test_a_directory_report_in_the_plugin_is_one_line(pytester: pytest.Pytester) -> None:
    claiming_project(pytester.path)
    (pytester.path / "dir.json").mkdir()
    result = pytester.runpytest("-p", "claims", "--claims-report=dir.json")
    result.stdout.fnmatch_lines(["could not write the claims report dir.json: not a regular file: a directory"])
    result = pytester.runpytest("-p", "claims", "--claims-report=/")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "Traceback" not in result.stderr.str()
