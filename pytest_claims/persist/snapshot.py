"""What the file system looked like on the last run, so a warm run neither scans directories nor reads files.

Two records, both trusted only while the stat data they were taken under still holds (git's index does the
same): a package walk is reused while every directory it listed keeps its mtime (adding, removing or renaming
an entry changes it), and a file's digest while its size, mtimes and inode are unchanged. Stat data is taken
*before* the listing or the read, so a change made during the run shows up as a mismatch next time. A walk
whose directories changed within `RACY_NS` of the moment it was taken is not recorded: a second change in the
same clock tick would leave the stat data unchanged.

Stat data says less about a file's bytes than about a directory's entries: a write through a shared mapping
stamps the file's times only when it dirties a clean page, and writes to that page until the kernel writes it
back change bytes and nothing else. So a digest is trusted only when it was taken `WRITEBACK_NS` after the
file's last change (a younger file is hashed again on every run until then), and once a run finds any module
edited (a file's or a directory's stat data changed), it trusts no digest of the snapshot: every file is
hashed again. A silent change that outlasts the writeback bound (a file system that never stamps such writes)
is therefore served at most until the next edit of any module of the project.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from time import time_ns
from typing import Any

from pytest_claims.codekey import code_digest
from pytest_claims.files import stat_key
from pytest_claims.persist.cache import PLUGIN_VERSION, namespace, read_document, write_entry

SNAPSHOT_MAKERS = (
    "pytest_claims.persist.snapshot",
    "pytest_claims.analysis.index",
    "pytest_claims.analysis.project",
    "pytest_claims.excludes",
    "pytest_claims.sourcetext",
)
"""The code that writes and reads the snapshot (module entries and their paths, excluded files, files no import
can name, when a digest was taken), decides what its `mentions` flag means (the word as Python reads the file)
and what an `exclude` pattern matches in a walk: the digest of its source names the snapshot's file
(`snapshot_for`)."""
RACY_NS = 2_000_000_000
"""Two seconds: coarser than the timestamp granularity of every common file system (FAT's is two)."""
WRITEBACK_NS = 60_000_000_000
"""A minute: how long after a file's last change its digest is still taken again. Linux writes a dirty page
back 30 s after it was dirtied (`vm.dirty_expire_centisecs`), its flusher wakes every 5 s; after that, the
next write through a mapping faults and stamps the file's times again."""
clock: Callable[[], int] = time_ns
"""The moment a snapshot is taken, in ns since the epoch: the windows are measured back from it. (Tests move
it forward instead of waiting: a file's change time cannot be set back.)"""

StatKey = tuple[int, int, int, int]
SHAPE: dict[str, object] = {
    # (package directory, name, root, exclude, followed) -> (each directory listed with its mtime, (the modules
    # found: (name, path or None for a namespace package, path from the root, is a package), the files `exclude`
    # left out: (path from the root, path), the files no import can name: (path from the root, path, why)))
    "walks": dict[
        tuple[str, str, str, tuple[str, ...], bool],
        tuple[
            tuple[tuple[str, int], ...],
            tuple[
                tuple[tuple[str, str | None, str, bool], ...],
                tuple[tuple[str, str], ...],
                tuple[tuple[str, str, str], ...],
            ],
        ],
    ],
    # path -> (stat key, sha256 of the bytes, mentions `claims`, taken WRITEBACK_NS after the last change)
    "files": dict[str, tuple[StatKey, str, bool, bool]],
}
"""What the snapshot holds (`read_document` checks a stored one against it)."""


class Snapshot:
    """Package walks and file digests of the last run; `save` keeps what this run used or recorded."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        old = read_document(path, SHAPE)
        self._old_walks: dict[Any, Any] = old.get("walks", {})
        self._old_files: dict[Any, Any] = old.get("files", {})
        self._walks: dict[Any, Any] = {}
        self._files: dict[Any, Any] = {}
        self._now = clock()
        self.edited = False
        """Some recorded directory or file changed since the last run: no digest of it is trusted."""

    def _settled(self, mtime_ns: int, window: int = RACY_NS) -> bool:
        return mtime_ns < self._now - window

    # -- directory walks -----------------------------------------------------------------------------------

    def walk(self, key: tuple[object, ...]) -> Any | None:
        """The recorded result of a walk, or None when any directory it listed has changed since."""
        entry = self._old_walks.get(key)
        if entry is None:
            return None
        dirs, result = entry
        for directory, mtime_ns in dirs:
            try:
                if os.stat(directory).st_mtime_ns != mtime_ns:
                    self.edited = True
                    return None
            except OSError:
                self.edited = True
                return None
        self._walks[key] = entry
        return result

    def record_walk(self, key: tuple[object, ...], dirs: tuple[tuple[str, int], ...], result: Any) -> None:
        if all(self._settled(mtime_ns) for _, mtime_ns in dirs):
            self._walks[key] = (dirs, result)

    # -- file digests ----------------------------------------------------------------------------------------

    def vouch(self, paths: Iterable[str]) -> dict[str, tuple[str, bool]]:
        """(digest, mentions) of each file the snapshot vouches for: recorded, its stat data unchanged, and
        hashed `WRITEBACK_NS` after its last change; the caller reads the others. Nothing at all once any
        module was edited (see the module's doc): that run hashes every file again."""
        vouched: dict[str, Any] = {}
        for path in paths:
            if self.edited:
                return {}
            entry = self._old_files.get(path)
            if entry is None:
                continue
            key, _, _, final = entry
            try:
                self.edited = key != stat_key(os.stat(path))
            except OSError:
                self.edited = True
            if final:
                vouched[path] = entry
        if self.edited:
            return {}
        self._files.update(vouched)
        return {path: (digest, mentions) for path, (_, digest, mentions, _) in vouched.items()}

    def record_file(self, path: str, key: StatKey, digest: str, mentions: bool) -> None:
        """`digest` of the bytes read after `key` was taken; trusted next time only if they were read long
        enough after the file's last change, but recorded either way (a file first seen is no edit)."""
        _, mtime_ns, ctime_ns, _ = key
        final = self._settled(mtime_ns, WRITEBACK_NS) and self._settled(ctime_ns, WRITEBACK_NS)
        self._files[path] = (key, digest, mentions, final)

    def save(self) -> None:
        """Write the records this run used, unless they are exactly the ones read (a warm run writes nothing)."""
        if self.path is None or (self._walks == self._old_walks and self._files == self._old_files):
            return
        with contextlib.suppress(OSError):
            write_entry(self.path, self.path.name, {"walks": self._walks, "files": self._files})


def snapshot_for(facts_directory: Path | None) -> Snapshot:
    """The snapshot kept beside a facts cache directory (None: none kept), named by the code that makes it and
    the plugin version."""
    if facts_directory is None:
        return Snapshot(None)
    versions = (code_digest(*SNAPSHOT_MAKERS), PLUGIN_VERSION)
    return Snapshot(facts_directory.parent / f"files-{namespace(*versions)}")
