"""How user-named paths are read and written (`pytest_claims.files`): temporaries created exclusively under
random names, FIFOs and devices refused without opening, and editing refusing what it would not write."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pytest_claims import files
from tests.helpers import file_kind, posix_only


def test_temporaries_are_created_exclusively_under_random_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every file the writer creates is opened O_CREAT | O_EXCL (a link or file already there makes it fail,
    never followed), beside the target, under a name that differs from one write to the next."""
    created: list[tuple[str, int]] = []
    real_open = os.open

    def spy(path: str | os.PathLike[str], flags: int, *args: int, **kwargs: int) -> int:
        if flags & os.O_CREAT:
            created.append((os.fspath(path), flags))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", spy)
    target = tmp_path / "pyproject.toml"
    files.write_file(target, b"a = 1\n")
    files.write_file(target, b"a = 2\n")
    monkeypatch.undo()
    for name, flags in created:
        assert flags & os.O_EXCL and Path(name).parent == tmp_path and Path(name).name != target.name
    names = [name for name, _ in created]
    assert len(names) == 2 and names[0] != names[1]
    assert target.read_bytes() == b"a = 2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pyproject.toml"]


@posix_only
def test_reading_a_fifo_or_a_device_is_refused_without_opening(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match=r"^not a regular file: a FIFO \(named pipe\)$"):
        files.read_file(fifo)
    with pytest.raises(OSError, match=r"^not a regular file: a character device$"):
        files.read_file(Path("/dev/zero"))
    with pytest.raises(OSError, match=r"^not a regular file: a directory$"):
        files.read_file(tmp_path)
    regular = tmp_path / "regular"
    regular.write_bytes(b"x")
    link = tmp_path / "link"
    link.symlink_to(regular)
    assert files.read_file(link) == b"x"


@posix_only
def test_editing_refuses_what_it_would_not_write(tmp_path: Path) -> None:
    """`editable` names the file an edit may replace: the target of a link, a regular file with a write bit."""
    regular = tmp_path / "a.py"
    regular.write_bytes(b"x")
    link = tmp_path / "b.py"
    link.symlink_to(regular)
    assert files.editable(link) == regular
    regular.chmod(stat.S_IRUSR)
    try:
        with pytest.raises(OSError, match=r"^read-only$"):
            files.editable(link)
        with pytest.raises(OSError, match=r"^read-only$"):
            files.write_file(link, b"y")
        assert regular.read_bytes() == b"x"
    finally:
        regular.chmod(stat.S_IRUSR | stat.S_IWUSR)
    files.write_file(link, b"y")
    assert regular.read_bytes() == b"y" and file_kind(link) == "link"
    assert stat.S_IMODE(regular.stat().st_mode) == stat.S_IRUSR | stat.S_IWUSR  # its bits kept
