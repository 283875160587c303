"""`init` writes pyproject.toml safely: never through a planted temporary, through a symlink to its target,
and a read-only or FIFO pyproject is refused without being opened."""

from __future__ import annotations

import io
import os
import stat
import threading
from pathlib import Path

import pytest

from pytest_claims.init import InitError, init_config, run_init
from tests.helpers import file_kind, posix_only

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
    assert all(file_kind(root / name) == "link" for name in PLAUSIBLE_TEMPORARIES)
    assert "[tool.claims]" in (root / "pyproject.toml").read_text(encoding="utf-8")


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
    assert file_kind(root / "pyproject.toml") == "link"
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
        assert file_kind(fifo) == "fifo"
    finally:
        if file_kind(fifo) == "fifo":  # let the writer through, whenever it gets to its open
            reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            writer.join()
            os.close(reader)
        writer.join()
