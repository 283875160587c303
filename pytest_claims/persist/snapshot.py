"""What the file system looked like on the last run, so a warm run neither scans directories nor reads files.

Two records, both trusted only while the stat data they were taken under still holds (git's index does the
same): a package walk is reused while every directory it listed keeps its mtime (adding, removing or renaming
an entry changes it), and a file's digest while its size, mtimes and inode are unchanged. Stat data is taken
*before* the listing or the read, so a change made during the run shows up as a mismatch next time. An entry
whose mtime lies within `RACY_NS` of the moment it was taken is not recorded: a second change in the same
clock tick would leave the stat data unchanged.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from time import time_ns
from typing import Any

from pytest_claims.persist.cache import read_document, write_entry

SNAPSHOT_VERSION = 2
"""The layout of the snapshot (module entries and their paths); part of its name."""
RACY_NS = 2_000_000_000
"""Two seconds: coarser than the timestamp granularity of every common file system (FAT's is two)."""
clock: Callable[[], int] = time_ns
"""The moment a snapshot is taken, in ns since the epoch: the racy window is measured back from it. (Tests move
it forward instead of waiting two seconds: a file's change time cannot be set back.)"""

StatKey = tuple[int, int, int, int]
SHAPE: dict[str, object] = {
    # (package directory, name, root, exclude, followed) -> (each directory listed with its mtime, the modules
    # found: (name, path or None for a namespace package, path from the root, is a package))
    "walks": dict[
        tuple[str, str, str, tuple[str, ...], bool],
        tuple[tuple[tuple[str, int], ...], tuple[tuple[str, str | None, str, bool], ...]],
    ],
    # path -> (stat key, sha256 of the bytes, mentions `claims`)
    "files": dict[str, tuple[StatKey, str, bool]],
}
"""What the snapshot holds (`read_document` checks a stored one against it)."""


def stat_key(st: os.stat_result) -> StatKey:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


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

    def _settled(self, mtime_ns: int) -> bool:
        return mtime_ns < self._now - RACY_NS

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
                    return None
            except OSError:
                return None
        self._walks[key] = entry
        return result

    def record_walk(self, key: tuple[object, ...], dirs: tuple[tuple[str, int], ...], result: Any) -> None:
        if all(self._settled(mtime_ns) for _, mtime_ns in dirs):
            self._walks[key] = (dirs, result)

    # -- file digests ----------------------------------------------------------------------------------------

    def known(self, path: str) -> tuple[str, bool] | None:
        """(digest, mentions) recorded for an unchanged file, else None (and the caller reads it)."""
        entry = self._old_files.get(path)
        if entry is None:
            return None
        try:
            key = stat_key(os.stat(path))
        except OSError:
            return None
        if entry[0] != key:
            return None
        self._files[path] = entry
        return entry[1], entry[2]

    def record_file(self, path: str, key: StatKey, digest: str, mentions: bool) -> None:
        if self._settled(key[1]) and self._settled(key[2]):
            self._files[path] = (key, digest, mentions)

    def save(self) -> None:
        """Write the records this run used, unless they are exactly the ones read (a warm run writes nothing)."""
        if self.path is None or (self._walks == self._old_walks and self._files == self._old_files):
            return
        with contextlib.suppress(OSError):
            write_entry(self.path, self.path.name, {"walks": self._walks, "files": self._files})
