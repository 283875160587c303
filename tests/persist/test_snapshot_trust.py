"""How far the file-system snapshot trusts stat data: a snapshot of the wrong shape is ignored, a write through
a shared mapping is seen, and a stale digest does not outlive the next edit."""

from __future__ import annotations

import mmap
import os
import time
from pathlib import Path

import pytest

from pytest_claims.engine import Result, check
from pytest_claims.persist import snapshot as snapshot_module
from tests.persist.helpers import PLATFORMS, Mutation, each_item, forge, run_cached, store_entry, stored

SNAPSHOT_SHAPES: dict[str, Mutation] = {
    "not-a-dict": lambda document: (document,),
    "files-a-list": lambda document: {**document, "files": list(document["files"])},
    "file-too-short": each_item("files", lambda path, entry: entry[:2]),
    "file-digest-not-text": each_item("files", lambda path, entry: (entry[0], 7, *entry[2:])),
    "file-key-not-stat": each_item("files", lambda path, entry: ("stat", *entry[1:])),
    "walk-result-not-modules": each_item("walks", lambda key, entry: (entry[0], ((1, 2),))),
    "walk-directories-not-paths": each_item("walks", lambda key, entry: (((1, 0),), entry[1])),
    "walk-not-a-pair": each_item("walks", lambda key, entry: entry[0]),
}


@pytest.mark.parametrize("mutation", SNAPSHOT_SHAPES.values(), ids=SNAPSHOT_SHAPES.keys())
def test_a_snapshot_of_the_wrong_shape_is_ignored(settled: Path, tmp_path: Path, mutation: Mutation) -> None:
    """The snapshot only spares reads: one of the wrong shape is not trusted, and the run lists and hashes."""
    project = settled
    cold = run_cached(project, tmp_path / "cache")
    snapshot = store_entry(tmp_path / "cache", "files")
    document = stored(snapshot)
    assert document["files"] and document["walks"]  # the fixture is old enough to be recorded
    forge(snapshot, mutation(document))
    warm = run_cached(project, tmp_path / "cache")
    assert warm.claims == cold.claims
    assert warm.errors == cold.errors and warm.problems == cold.problems
    assert sorted(warm.project.index.modules) == sorted(cold.project.index.modules)


STAMP = b"return time.time()  #"
CTIME = b"return time.ctime() #"  # the same length: a write through a mapping cannot change a file's size


def _reaches(result: Result) -> set[str]:
    return {v.reach for c in result.claims for v in c.violations}


def test_a_write_through_a_shared_mapping_is_seen(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first write through a shared mapping dirties the page and stamps the file's times; later writes to
    that dirty page change bytes and nothing else. Five seconds on, the file looked settled (two seconds was the
    whole racy window): its old digest was trusted while it said `time.ctime()`."""
    hour_ago = time.time() - 3600
    for path in sorted([project, *project.rglob("*")], key=lambda p: -len(p.parts)):
        os.utime(path, (hour_ago, hour_ago))
    helpers = project / "src" / "vio" / "helpers.py"
    at = helpers.read_bytes().index(STAMP)
    with helpers.open("r+b") as handle, mmap.mmap(handle.fileno(), 0) as mapped:
        mapped[at : at + len(STAMP)] = STAMP  # the page is dirty, the times stamped
        monkeypatch.setattr(snapshot_module, "clock", lambda: time.time_ns() + 5 * 10**9)
        before = run_cached(project, tmp_path / "cache")
        assert "time.time" in _reaches(before)
        mapped[at : at + len(CTIME)] = CTIME  # the same dirty page: stat data unchanged on Linux
        after = run_cached(project, tmp_path / "cache")
    assert after.claims == check(project, PLATFORMS).claims
    assert "time.ctime" in _reaches(after)


def test_a_stale_digest_does_not_outlive_the_next_edit(settled: Path, tmp_path: Path) -> None:
    """A file whose bytes changed while its stat data did not (a write through a mapping on a file system that
    never stamps those, like tmpfs): the first run that sees any module edited hashes every file again."""
    project = settled
    cache = tmp_path / "cache"
    run_cached(project, cache)
    helpers = project / "src" / "vio" / "helpers.py"
    helpers.write_bytes(helpers.read_bytes().replace(STAMP, CTIME, 1))
    snapshot = store_entry(cache, "files")
    document = stored(snapshot)
    entry = document["files"][str(helpers)]
    stat = os.stat(helpers)
    document["files"][str(helpers)] = ((stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino), *entry[1:])
    forge(snapshot, document)  # as if the snapshot had hashed the old bytes under today's stat data
    clean = project / "src" / "vio" / "clean.py"
    clean.write_text(clean.read_text() + "\n# an ordinary edit\n")
    after = run_cached(project, cache)
    assert after.claims == check(project, PLATFORMS).claims
    assert "time.ctime" in _reaches(after)
