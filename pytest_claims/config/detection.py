"""Which source paths to load when `packages` is not configured: only directory entries are looked at, nothing
is imported or executed."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path

from pytest_claims.config.defaults import DEFAULT_EXCLUDE
from pytest_claims.excludes import is_excluded


def _entries(directory: Path) -> list[os.DirEntry[str]] | None:
    """Directory entries sorted by name; None for a directory the OS will not list (detection must not crash,
    and must not take it for an empty one: what it cannot look into is kept, and the index reports it)."""
    try:
        with os.scandir(directory) as scan:
            return sorted(scan, key=lambda entry: entry.name)
    except OSError:
        return None


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _is_file(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def _may_be_package(directory: Path) -> bool:
    """True unless `directory` surely has no `__init__.py` file: one the OS will not stat (a symlink loop, a
    directory it will not search) may be one, and the index then reports it as unreadable."""
    try:
        return stat.S_ISREG(os.stat(directory / "__init__.py").st_mode)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError:
        return True


def _holds_python(directory: Path, rel: str, patterns: Sequence[str]) -> bool:
    """True when a .py file lies anywhere below `directory` outside excluded paths, or a directory there cannot
    be listed (it may hold one); an iterative walk."""
    pending = [(directory, rel)]
    seen: set[str] = set()
    while pending:
        current, current_rel = pending.pop()
        try:
            real = os.path.realpath(current)
        except (OSError, ValueError):
            continue
        if real in seen:  # symlink loops
            continue
        seen.add(real)
        entries = _entries(current)
        if entries is None:
            return True
        for entry in entries:
            entry_rel = f"{current_rel}/{entry.name}"
            if is_excluded(entry_rel, patterns):
                continue
            if _is_dir(entry):
                pending.append((Path(entry.path), entry_rel))
            elif entry.name.endswith(".py") and _is_file(entry):
                return True
    return False


def detect_packages(root: Path, exclude: Iterable[str] = ()) -> tuple[str, ...]:
    """The source paths to load when `packages` is not configured, sorted posix paths relative to `root`.

    With a `src/` directory: every directory directly under it that is a package (has `__init__.py`) or
    a namespace package (holds .py files somewhere below), plus the top-level `src/*.py` modules. If
    `src/` yields nothing (say a JavaScript `src/` beside a flat Python package), or there is no `src/`:
    the top-level package directories (with `__init__.py`) of the root. Names must be identifiers; paths
    matching `DEFAULT_EXCLUDE` or the extra `exclude` patterns are skipped. Only directory entries are
    read; nothing is imported. What cannot be ruled out is kept (a `src/` the OS will not list is itself
    the path, a directory whose `__init__.py` cannot be stat'ed is a package): the index reports it.
    """
    patterns = (*DEFAULT_EXCLUDE, *exclude)
    root = Path(root)
    found: list[str] = []
    src = root / "src"
    if src.is_dir():
        listed = _entries(src)
        if listed is None:
            found.append("src")
        for entry in listed or ():
            rel = f"src/{entry.name}"
            if is_excluded(rel, patterns):
                continue
            if _is_dir(entry):
                if not entry.name.isidentifier():
                    continue
                directory = Path(entry.path)
                if _may_be_package(directory) or _holds_python(directory, rel, patterns):
                    found.append(rel)
            elif entry.name.endswith(".py") and entry.name[:-3].isidentifier() and _is_file(entry):
                found.append(rel)
    if not found:
        for entry in _entries(root) or ():
            if (
                entry.name.isidentifier()
                and not is_excluded(entry.name, patterns)
                and _is_dir(entry)
                and _may_be_package(Path(entry.path))
            ):
                found.append(entry.name)
    return tuple(sorted(found))


# ----------------------------------------------------------------------------------------------------
# Boolean environment variables (semantics §8)
