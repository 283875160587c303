"""The file-system snapshot: a warm run lists no directory and reads no file, and nothing stale is served."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from pytest_claims.engine import Result, check
from pytest_claims.files import stat_key
from pytest_claims.persist import snapshot as snapshot_module
from pytest_claims.persist.cache import FactsCache
from pytest_claims.persist.snapshot import WRITEBACK_NS, Snapshot

FIXTURE = Path(__file__).resolve().parents[2] / "testdata" / "violations"
HOUR_AGO = time.time() - 3600


def settle(root: Path) -> None:
    """Date every file and directory an hour back, as on any checkout older than the racy window."""
    for path in sorted(root.rglob("*"), key=lambda p: -len(p.parts)):
        os.utime(path, (HOUR_AGO, HOUR_AGO))
    os.utime(root, (HOUR_AGO, HOUR_AGO))


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "project")
    settle(tmp_path / "project")
    # change times cannot be set back: the runs happen, as far as the snapshot knows, ten minutes later
    monkeypatch.setattr(snapshot_module, "clock", lambda: time.time_ns() + 600 * 10**9)
    return tmp_path / "project"


class Probe:
    """Counts the directories the engine lists and the modules it reads in the project (not its config)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, project: Path) -> None:
        self.listed: list[str] = []
        self.read: list[str] = []
        inside = str(project)
        scandir, read_bytes = os.scandir, Path.read_bytes

        def counting_scandir(path: str) -> object:
            if str(path).startswith(inside):
                self.listed.append(str(path))
            return scandir(path)

        def counting_read(path: Path) -> bytes:
            if str(path).startswith(inside) and path.suffix == ".py":
                self.read.append(str(path))
            return read_bytes(path)

        monkeypatch.setattr(os, "scandir", counting_scandir)
        monkeypatch.setattr(Path, "read_bytes", counting_read)


def run(project: Path, cache: Path) -> Result:
    return check(project, ["linux", "win32"], cache=FactsCache(cache))


def test_warm_run_lists_no_directory_and_reads_no_file(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cold = run(project, tmp_path / "cache")
    probe = Probe(monkeypatch, project)
    warm = run(project, tmp_path / "cache")
    assert probe.listed == []
    assert probe.read == []
    assert warm.claims == cold.claims
    assert warm.reused == len(warm.claims)


def test_without_a_snapshot_the_same_run_lists_and_reads(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The probe can fail: with the snapshot gone, the warm run must scan and hash again."""
    run(project, tmp_path / "cache")
    for snapshot in tmp_path.glob("cache/files-*"):
        snapshot.unlink()
    probe = Probe(monkeypatch, project)
    run(project, tmp_path / "cache")
    assert probe.listed
    assert len(probe.read) >= len(list(project.rglob("*.py")))


def test_a_module_added_to_a_known_directory_is_indexed(project: Path, tmp_path: Path) -> None:
    run(project, tmp_path / "cache")
    (project / "src" / "vio" / "late.py").write_text(
        "import time\n\n\n# claims: deterministic\ndef stamp():\n    return time.time()\n"
    )
    warm = run(project, tmp_path / "cache")
    assert "vio.late" in warm.project.index.modules
    assert {c.status for c in warm.claims if c.module == "vio.late"} == {"violated"}


def test_a_removed_module_leaves_the_index(project: Path, tmp_path: Path) -> None:
    run(project, tmp_path / "cache")
    (project / "src" / "vio" / "receipts.py").unlink()
    warm = run(project, tmp_path / "cache")
    assert "vio.receipts" not in warm.project.index.modules
    assert warm.claims == check(project, ["linux", "win32"]).claims


def test_an_edit_that_keeps_size_and_mtime_is_still_seen(project: Path, tmp_path: Path) -> None:
    """Same size, mtime put back: the inode's change time still moves, so the file is hashed again."""
    run(project, tmp_path / "cache")
    helpers = project / "src" / "vio" / "helpers.py"
    text = helpers.read_text()
    edited = text.replace("return time.time()  #", "return time.ctime() #", 1)  # in stamp, before its want comment
    assert len(edited) == len(text) and edited != text
    helpers.write_text(edited)
    os.utime(helpers, (HOUR_AGO, HOUR_AGO))
    warm = run(project, tmp_path / "cache")
    assert warm.claims == check(project, ["linux", "win32"]).claims
    assert any(v.reach == "time.ctime" for c in warm.claims for v in c.violations)


def test_files_changed_within_the_writeback_window_are_hashed_again(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.py"
    fresh.write_text("x = 1\n")
    old = tmp_path / "old.py"
    old.write_text("x = 2\n")
    os.utime(old, (HOUR_AGO, HOUR_AGO))
    snapshot = Snapshot(tmp_path / "snap")
    snapshot.record_file(str(fresh), stat_key(os.stat(fresh)), "d1", False)
    snapshot.record_file(str(old), stat_key(os.stat(old)), "d2", True)
    snapshot.save()
    again = Snapshot(tmp_path / "snap")
    # the change time of `old` is recent too (utime sets it): only a file settled on both counts is vouched for
    assert again.vouch([str(fresh), str(old)]) == {}
    assert not again.edited  # recorded and unchanged: young, not edited


def test_a_settled_file_is_known_until_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.py"
    path.write_text("x = 1\n")
    monkeypatch.setattr(snapshot_module, "clock", lambda: time.time_ns() + 2 * WRITEBACK_NS)
    snapshot = Snapshot(tmp_path / "snap")  # as if hashed well after its last change
    snapshot.record_file(str(path), stat_key(os.stat(path)), "digest", True)
    snapshot.save()
    assert Snapshot(tmp_path / "snap").vouch([str(path)]) == {str(path): ("digest", True)}
    path.write_text("x = 22\n")
    again = Snapshot(tmp_path / "snap")
    assert again.vouch([str(path)]) == {}
    assert again.edited


def test_a_damaged_snapshot_is_ignored(project: Path, tmp_path: Path) -> None:
    cold = run(project, tmp_path / "cache")
    (snapshot,) = tmp_path.glob("cache/files-*")
    snapshot.write_bytes(snapshot.read_bytes()[:-7])
    warm = run(project, tmp_path / "cache")
    assert warm.claims == cold.claims
