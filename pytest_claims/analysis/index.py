"""The static module index: module name -> file, from the configured source paths.

Only the file system is consulted: nothing is imported, no `find_spec` is called (importlab's resolver
calls it, which imports the analysed packages; that is why it is not used here).
"""

from __future__ import annotations

import fnmatch
import functools
import os
import re
import sys
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pytest_claims.persist.snapshot import Snapshot


@dataclass(frozen=True)
class ModuleFile:
    """One module of the project. `path` is None for a namespace package (a directory with no __init__)."""

    name: str
    path: Path | None
    rel: str
    """posix path of the file relative to the project root (`pkg/__init__.py` for a package; the directory
    for a namespace package)."""
    is_package: bool
    followed: bool = False
    """True for a third-party package walked because of `follow`."""


@dataclass(frozen=True)
class Index:
    modules: dict[str, ModuleFile]
    problems: tuple[tuple[str, str], ...]
    """(path, message) for configured paths that could not be read."""
    _tops: frozenset[str] = field(init=False, repr=False, compare=False, default=frozenset())

    def top_levels(self) -> frozenset[str]:
        return self._tops

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tops", frozenset(name.split(".")[0] for name in self.modules))


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _walk_package(
    pkg_dir: Path,
    name: str,
    root: Path,
    exclude: tuple[str, ...],
    followed: bool,
    out: dict[str, ModuleFile],
    snapshot: Snapshot | None = None,
) -> None:
    """Every module under a package directory (reused from the snapshot while no directory in it changed)."""
    key = (str(pkg_dir), name, str(root), exclude, followed)
    recorded = snapshot.walk(key) if snapshot is not None else None
    if recorded is not None:
        for module, path, rel, is_package in recorded:
            out[module] = ModuleFile(module, Path(path) if path is not None else None, rel, is_package, followed)
        return
    found, dirs = _scan_package(pkg_dir, name, root, exclude, followed)
    if snapshot is not None:
        encoded = tuple((m.name, None if m.path is None else str(m.path), m.rel, m.is_package) for m in found.values())
        snapshot.record_walk(key, dirs, encoded)
    out.update(found)


def _scan_package(
    pkg_dir: Path, name: str, root: Path, exclude: tuple[str, ...], followed: bool
) -> tuple[dict[str, ModuleFile], tuple[tuple[str, int], ...]]:
    """Every module under a package directory, and each directory listed with its mtime (taken before the
    listing, so a change during the scan shows next time); iterative, symlinked directories are not followed.

    A directory without `__init__.py` is a namespace package only if some module lies beneath it, so data
    directories (locale, templates, static) cost a scan and leave nothing in the index.
    """
    skip = _name_matcher(exclude) if not followed else None
    base = str(root)
    found: dict[str, ModuleFile] = {}
    namespaces: dict[str, str] = {}
    dirs: list[tuple[str, int]] = []
    stack: list[tuple[str, str]] = [(str(pkg_dir), name)]
    while stack:
        directory, dotted = stack.pop()
        init = os.path.join(directory, "__init__.py")
        if os.path.isfile(init):
            found[dotted] = ModuleFile(dotted, Path(init), _rel(init, base), True, followed)
        else:
            namespaces[dotted] = directory
        try:
            dirs.append((directory, os.stat(directory).st_mtime_ns))
            with os.scandir(directory) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError:
            dirs.append((directory, -1))  # never matches: an unreadable directory is scanned again
            continue
        for entry in entries:
            if skip is not None and skip(entry.name):
                continue
            if entry.is_dir(follow_symlinks=False):
                if entry.name.isidentifier() and entry.name != "__pycache__":
                    stack.append((entry.path, f"{dotted}.{entry.name}"))
            elif entry.name.endswith(".py") and entry.name != "__init__.py":
                stem = entry.name[:-3]
                if stem.isidentifier() and _is_file(entry):
                    module = f"{dotted}.{stem}"
                    found[module] = ModuleFile(module, Path(entry.path), _rel(entry.path, base), False, followed)
    holding = {prefix for module in found for prefix in _ancestors(module)}
    for dotted, directory in namespaces.items():
        if dotted in holding or dotted == name:
            found[dotted] = ModuleFile(dotted, None, _rel(directory, base), True, followed)
    return found, tuple(dirs)


def _ancestors(dotted: str) -> list[str]:
    parts = dotted.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _rel(path: str, base: str) -> str:
    if path.startswith(base + os.sep):
        path = path[len(base) + 1 :]
    return path.replace(os.sep, "/")


@functools.lru_cache(maxsize=16)
def _name_matcher(patterns: tuple[str, ...]) -> Callable[[str], bool]:
    """One compiled regex for all exclude globs, matched against a directory entry's name."""
    if not patterns:
        return lambda name: False
    regex = re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns))
    return lambda name: regex.match(name) is not None


def _is_file(entry: os.DirEntry[str]) -> bool:
    """A symlink loop or an entry that cannot be stat'ed is kept: reading it then reports the problem."""
    try:
        return entry.is_file()
    except OSError:
        return True


def build_index(
    root: Path,
    packages: tuple[str, ...],
    exclude: tuple[str, ...],
    follow: tuple[str, ...] = (),
    snapshot: Snapshot | None = None,
) -> Index:
    """Map every module under the configured paths (and followed third-party packages) to its file."""
    modules: dict[str, ModuleFile] = {}
    problems: list[tuple[str, str]] = []
    for entry in packages:
        path = (root / entry).resolve() if not Path(entry).is_absolute() else Path(entry)
        if path.is_dir():
            _walk_package(path, path.name, root, exclude, False, modules, snapshot)
        elif path.is_file() and path.suffix == ".py":
            modules[path.stem] = ModuleFile(path.stem, path, _relative(path, root), False)
        else:
            problems.append((entry, "configured package path does not exist"))
    for name in follow:
        found = _find_installed(name)
        if found is None:
            problems.append((name, "followed package not found on sys.path"))
        elif found.is_dir():
            _walk_package(found, name, root, (), True, modules, snapshot)
        else:
            modules[name] = ModuleFile(name, found, found.as_posix(), False, True)
    return Index(modules, tuple(problems))


def _find_installed(name: str) -> Path | None:
    """Locate an installed top-level package's source by looking at the directories, never importing it."""
    seen: list[str] = []
    for key in ("purelib", "platlib"):
        location = sysconfig.get_paths().get(key)
        if location and location not in seen:
            seen.append(location)
    seen.extend(p for p in sys.path if p and p not in seen)
    for base in seen:
        candidate = Path(base) / name
        if (candidate / "__init__.py").is_file():
            return candidate
        if candidate.with_suffix(".py").is_file():
            return candidate.with_suffix(".py")
    return None
