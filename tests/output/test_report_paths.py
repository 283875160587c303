"""Where the report writer writes: a character device stays a device, a directory is refused in one line, and a
path through a symlink loop is a path, not an error."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pytest_claims import files
from pytest_claims.engine import check
from pytest_claims.output.report import write_report
from tests.helpers import claiming_project, file_kind, posix_only


def test_a_report_path_through_a_symlink_loop_is_no_error(tmp_path: Path) -> None:
    """Item 16 in the report writer: an absolute path through a symlink loop is a path in the report, not a
    RuntimeError (Path.resolve raises one on a loop before Python 3.13; from 3.13 it resolves what it can, and
    the path is made relative to the root)."""
    from pytest_claims.output.common import posix

    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    looped = str(tmp_path / "a" / "x.py")
    assert posix(looped, tmp_path) in (Path(looped).as_posix(), "a/x.py")


@posix_only
def test_a_character_device_named_as_the_report_stays_a_device(tmp_path: Path) -> None:
    """As root, a rename over `/dev/null` made it a regular file; a clone of it here shows the same, harmlessly."""
    device = tmp_path / "null.json"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        os.close(os.open(device, os.O_WRONLY))
    except (OSError, AttributeError) as error:  # not root, or a file system mounted nodev
        pytest.skip(f"cannot make a usable character device here: {error}")
    root = claiming_project(tmp_path / "p")
    write_report(device, check(root, ["linux"], details=True), (), "0")
    assert file_kind(device) == "chr"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".null.json")] == []


def test_a_directory_report_path_is_refused_not_a_value_error(tmp_path: Path) -> None:
    """`/` has no name to put a temporary beside: it used to end in `ValueError` from `Path.with_name`."""
    result = check(claiming_project(tmp_path), ["linux"], details=True)
    for target in (Path("/"), Path(tmp_path)):
        with pytest.raises(OSError, match=r"^not a regular file: a directory$"):
            files.write_file(target, b"{}")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(OSError, match=r"^not a regular file: a directory$"):
        write_report(tmp_path / "dir.json", result, (), "0")
