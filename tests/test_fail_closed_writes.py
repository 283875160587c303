"""Issue 16, writes (items 11, 12, 13, 17, 19): every path a user names is written through its links, a character
device is written directly, and anything else that is not a regular file, or is read-only by its bits, is
refused in one line; nothing waits on a FIFO, and no temporary is created through a link someone left there."""

from __future__ import annotations

import io
import os
import stat
import sys
import threading
from pathlib import Path

import pytest

from pytest_claims import files
from pytest_claims.cli import main
from pytest_claims.engine import check
from pytest_claims.init import InitError, init_config, run_init
from pytest_claims.output.report import write_report

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links, FIFOs and devices are POSIX here")

CLAIMING = "# claims: deterministic\ndef f():\n    return 1\n"


def _project(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (root / "pkg" / "m.py").write_text(CLAIMING, encoding="utf-8")
    return root


def _one_line(text: str) -> str:
    assert "Traceback" not in text
    lines = text.splitlines()
    assert len(lines) == 1, text
    return lines[0]


def _kind(path: Path) -> str:
    mode = os.lstat(path).st_mode
    return "link" if stat.S_ISLNK(mode) else "fifo" if stat.S_ISFIFO(mode) else "chr" if stat.S_ISCHR(mode) else "file"


# ----------------------------------------------------------------------------------------------------
# Item 11: reports through links and onto devices


@posix_only
def test_a_report_through_a_symlink_is_written_to_its_target(pytester: pytest.Pytester) -> None:
    """The link stays a link and its target gets the report (the rename used to replace the link)."""
    _project(pytester.path)
    (pytester.path / "out").mkdir()
    link = pytester.path / "report.json"
    link.symlink_to(pytester.path / "out" / "real.json")
    result = pytester.runpytest("-p", "claims", "--claims-report=report.json")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["claims report written to report.json"])
    assert _kind(link) == "link"
    assert '"schema": "pytest-claims.report.v2"' in (pytester.path / "out" / "real.json").read_text()


@posix_only
def test_a_report_linked_to_dev_null_leaves_the_device_alone(pytester: pytest.Pytester) -> None:
    """`report.json -> /dev/null` discards the report: the character device is written, nothing replaced."""
    _project(pytester.path)
    link = pytester.path / "report.json"
    link.symlink_to("/dev/null")
    result = pytester.runpytest("-p", "claims", "--claims-report=report.json")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["claims report written to report.json"])
    assert _kind(link) == "link" and stat.S_ISCHR(os.stat("/dev/null").st_mode)


@posix_only
def test_a_character_device_named_as_the_report_stays_a_device(tmp_path: Path) -> None:
    """As root, a rename over `/dev/null` made it a regular file; a clone of it here shows the same, harmlessly."""
    device = tmp_path / "null.json"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        os.close(os.open(device, os.O_WRONLY))
    except (OSError, AttributeError) as error:  # not root, or a file system mounted nodev
        pytest.skip(f"cannot make a usable character device here: {error}")
    root = _project(tmp_path / "p")
    write_report(device, check(root, ["linux"], details=True), (), "0")
    assert _kind(device) == "chr"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".null.json")] == []


@posix_only
def test_a_fifo_report_is_refused_in_one_line(pytester: pytest.Pytester) -> None:
    """A FIFO would block the run until a reader came: refused, and left a FIFO."""
    _project(pytester.path)
    fifo = pytester.path / "report.json"
    os.mkfifo(fifo)
    result = pytester.runpytest("-p", "claims", "--claims-report=report.json")
    result.stdout.fnmatch_lines(["could not write the claims report report.json: not a regular file: a FIFO*"])
    assert _kind(fifo) == "fifo"


@posix_only
def test_check_report_follows_the_same_rules(tmp_path: Path) -> None:
    """`pytest-claims check --report`: through a link to its target; a FIFO refused in one line, exit 4."""
    root = _project(tmp_path / "p")
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "real.json")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "--root", str(root), "--no-cache", "--report", str(link)], out, err) == 0
    assert _kind(link) == "link" and (tmp_path / "real.json").read_text().startswith("{")
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "--root", str(root), "--no-cache", "--report", str(fifo)], out, err) == 4
    assert _one_line(err.getvalue()) == (
        f"pytest-claims check: could not write the report {fifo}: not a regular file: a FIFO (named pipe)"
    )
    assert _kind(fifo) == "fifo"


# ----------------------------------------------------------------------------------------------------
# Item 17: a directory is refused like any unwritable path


def test_a_directory_report_path_is_refused_not_a_value_error(tmp_path: Path) -> None:
    """`/` has no name to put a temporary beside: it used to end in `ValueError` from `Path.with_name`."""
    result = check(_project(tmp_path), ["linux"], details=True)
    for target in (Path("/"), Path(tmp_path)):
        with pytest.raises(OSError, match=r"^not a regular file: a directory$"):
            files.write_file(target, b"{}")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(OSError, match=r"^not a regular file: a directory$"):
        write_report(tmp_path / "dir.json", result, (), "0")


def test_a_directory_report_in_the_plugin_is_one_line(pytester: pytest.Pytester) -> None:
    _project(pytester.path)
    (pytester.path / "dir.json").mkdir()
    result = pytester.runpytest("-p", "claims", "--claims-report=dir.json")
    result.stdout.fnmatch_lines(["could not write the claims report dir.json: not a regular file: a directory"])
    result = pytester.runpytest("-p", "claims", "--claims-report=/")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "Traceback" not in result.stderr.str()


# ----------------------------------------------------------------------------------------------------
# Item 12: temporaries are exclusive, random, and never through a link


PLAUSIBLE_TEMPORARIES = (
    ".pyproject.toml.claims-init.tmp",  # the fixed name init used to write through
    "pyproject.toml.tmp",
    ".pyproject.toml.tmp",
    "pyproject.toml~",
    ".pyproject.toml.swp",
)


@posix_only
@pytest.mark.parametrize("existing", [False, True], ids=["created", "edited"])
def test_init_never_follows_a_planted_temporary(tmp_path: Path, existing: bool) -> None:
    root = tmp_path / "p"
    root.mkdir()
    if existing:
        (root / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    outside = tmp_path / "outside.txt"
    outside.write_text("precious\n", encoding="utf-8")
    for name in PLAUSIBLE_TEMPORARIES:
        (root / name).symlink_to(outside)
    init_config(root)
    assert outside.read_text(encoding="utf-8") == "precious\n"
    assert all(_kind(root / name) == "link" for name in PLAUSIBLE_TEMPORARIES)
    assert "[tool.claims]" in (root / "pyproject.toml").read_text(encoding="utf-8")


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


# ----------------------------------------------------------------------------------------------------
# Item 13: a symlinked or read-only pyproject.toml


@posix_only
def test_init_writes_a_symlinked_pyproject_through_to_its_target(tmp_path: Path) -> None:
    root = tmp_path / "p"
    root.mkdir()
    real = tmp_path / "shared" / "pyproject.toml"
    real.parent.mkdir()
    real.write_text('[project]\nname = "x"\n', encoding="utf-8")
    (root / "pyproject.toml").symlink_to(real)
    out, err = io.StringIO(), io.StringIO()
    assert run_init(root, out=out, err=err) == 0
    assert _kind(root / "pyproject.toml") == "link"
    assert real.read_text(encoding="utf-8").startswith('[project]\nname = "x"\n\n[tool.claims]\n')
    assert out.getvalue().splitlines()[0] == (
        f"pytest-claims init: added to {root / 'pyproject.toml'} (a symbolic link: written to {real}):"
    )


def test_init_refuses_a_read_only_pyproject_by_its_mode_bits(tmp_path: Path) -> None:
    """Root writes through mode bits (and a rename needs only the directory): the bits are checked, not tried."""
    path = tmp_path / "pyproject.toml"
    path.write_text('[project]\nname = "x"\n', encoding="utf-8")
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    try:
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            assert os.access(path, os.W_OK)  # as root, only the bits say read-only
        with pytest.raises(InitError) as refused:
            init_config(tmp_path)
        assert str(refused.value) == f"{path}: read-only; nothing written"
        assert path.read_text(encoding="utf-8") == '[project]\nname = "x"\n'
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


# ----------------------------------------------------------------------------------------------------
# Item 19: a FIFO pyproject.toml is refused, never opened


@posix_only
def test_init_refuses_a_fifo_pyproject_without_opening_it(tmp_path: Path) -> None:
    """A writer waits on the FIFO: if init opened it for reading (it used to, and then hung with no writer), the
    writer would be let through, init would read nothing and replace the FIFO. Refused, it stays untouched."""
    fifo = tmp_path / "pyproject.toml"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: os.close(os.open(fifo, os.O_WRONLY)), daemon=True)
    writer.start()
    try:
        with pytest.raises(InitError) as refused:
            init_config(tmp_path)
        assert str(refused.value) == f"{fifo}: not a regular file: a FIFO (named pipe); nothing written"
        assert _kind(fifo) == "fifo"
    finally:
        if _kind(fifo) == "fifo":  # let the writer through, whenever it gets to its open
            reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            writer.join()
            os.close(reader)
        writer.join()


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
    assert regular.read_bytes() == b"y" and _kind(link) == "link"
    assert stat.S_IMODE(regular.stat().st_mode) == stat.S_IRUSR | stat.S_IWUSR  # its bits kept


def test_a_fifo_pyproject_is_refused_by_check_not_waited_on(tmp_path: Path) -> None:
    """Item 19's FIFO, met by the configuration reader (`check`, the plugin): one line, no wait for a writer."""
    from pytest_claims.config import ConfigError, load_config

    os.mkfifo(tmp_path / "pyproject.toml")
    with pytest.raises(ConfigError, match=r"pyproject.toml: cannot read the file: not a regular file: a FIFO"):
        load_config(tmp_path)
