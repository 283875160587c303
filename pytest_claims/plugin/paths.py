"""Paths as pytest names them: real paths (links resolved, cheaply for many files), node-id paths from the
rootdir, pytest's `python_files` matching, and how failure texts reach the project from where pytest ran."""

from __future__ import annotations

import fnmatch
import os
import posixpath
import sys
from pathlib import Path, PurePath

import pytest


def real_path(path: Path) -> Path:
    """The path with every symlink resolved, as far as they resolve: a symlink loop is left as it is (it is
    reported as an unreadable file), where `Path.resolve` raises RuntimeError before Python 3.13."""
    return Path(os.path.realpath(path))


class RealPaths:
    """`os.path.realpath` of many files sharing directories: each directory is resolved once, then a file costs
    one `lstat` (a link among the files themselves is resolved in full). `realpath(d/f)` is
    `realpath(realpath(d)/f)`, and a plain name that is not a link adds nothing to it. On Windows, where
    `realpath` also gives each name the case it has on disk, every path is resolved in full."""

    def __init__(self) -> None:
        self._dirs: dict[str, str] = {}

    def __call__(self, path: str) -> str:
        head, name = os.path.split(path)
        if (
            sys.platform == "win32"
            or not os.path.isabs(path)
            or name in ("", os.curdir, os.pardir)
            or os.path.islink(path)
        ):
            return os.path.realpath(path)
        real_head = self._dirs.get(head)
        if real_head is None:
            real_head = self._dirs[head] = os.path.realpath(head)
        return os.path.join(real_head, name)


def is_under(path: Path, rootdir: Path) -> bool:
    """Whether pytest names a collector at `path` by itself: below the rootdir, as written or where links lead."""
    return is_relative_to(path, rootdir) or is_relative_to(real_path(path), real_path(rootdir))


def nodeid_path(path: Path, rootdir: Path) -> str:
    """As pytest names a collector at `path`: relative to the rootdir as written, not where links lead. A project
    above or beside the rootdir (its table found from where pytest ran, semantics §9) has its files named from the
    rootdir (`../pkg/x.py`), which pytest would not name at all."""
    try:
        return path.relative_to(rootdir).as_posix()
    except ValueError:
        pass
    try:
        return real_path(path).relative_to(real_path(rootdir)).as_posix()
    except ValueError:
        pass
    try:
        return Path(os.path.relpath(path, rootdir)).as_posix()
    except ValueError:  # another drive (Windows)
        return path.as_posix()


def is_test_file(config: pytest.Config, path: Path) -> bool:
    """A file pytest collects as tests (`python_files`): left to pytest even inside a configured package."""
    return any(python_files_match(pattern, path) for pattern in config.getini("python_files"))


def python_files_match(pattern: str, path: Path | PurePath) -> bool:
    """pytest's own matching of a `python_files` pattern (`_pytest.pathlib.fnmatch_ex`, which is private, so
    copied rather than imported: a pytest upgrade may move it). A pattern without a path separator matches the
    file name; one with a separator matches the whole path, a relative pattern anywhere below the root (so
    `tests/**/test_*.py` works). tests/plugin/test_plugin.py checks it against pytest's when pytest still has it."""
    path = PurePath(path)
    if sys.platform.startswith("win") and os.sep not in pattern and "/" in pattern:
        pattern = pattern.replace("/", os.sep)
    if os.sep not in pattern:
        name = path.name
    else:
        name = str(path)
        if path.is_absolute() and not os.path.isabs(pattern):
            pattern = f"*{os.sep}{pattern}"
    return fnmatch.fnmatch(name, pattern)


def is_relative_to(path: Path, other: Path) -> bool:
    try:
        path.relative_to(other)
    except ValueError:
        return False
    return True


# claims: deterministic
def relative_inside(path: str, start: str) -> str:
    """`posixpath.relpath(path, start)` for two paths relative to one root, `start` a directory inside it (no
    `..`): string work, where `relpath` would make both absolute against the working directory first."""
    parts = [part for part in posixpath.normpath(path).split("/") if part not in ("", ".")]
    base = [part for part in posixpath.normpath(start).split("/") if part not in ("", ".")]
    common = 0
    while common < min(len(parts), len(base)) and parts[common] == base[common]:
        common += 1
    return "/".join([".."] * (len(base) - common) + parts[common:]) or "."


def display_inside_of(root: Path, invoked: Path) -> str:
    try:
        inside = invoked.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return ""
    return "" if inside == "." else inside


def display_prefix_of(root: Path, invoked: Path) -> str:
    try:
        prefix = Path(os.path.relpath(root.resolve(), invoked.resolve())).as_posix()
    except ValueError:  # another drive (Windows): absolute, as pytest's bestrelpath gives
        return root.resolve().as_posix()
    return "" if prefix == "." else prefix
