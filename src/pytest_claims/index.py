"""The static module index: module name -> file, from the configured source paths.

Only the file system is consulted: nothing is imported, no `find_spec` is called (importlab's resolver
calls it, which imports the analysed packages; that is why it is not used here).
"""

from __future__ import annotations

import fnmatch
import os
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class ModuleFile:
    """One module of the project. `path` is None for a namespace package (a directory with no __init__)."""

    name: str
    path: Path | None
    rel: str
    """posix path relative to the project root (the directory for a namespace package)."""
    is_package: bool
    followed: bool = False
    """True for a third-party package walked because of `follow`."""


@dataclass(frozen=True)
class Index:
    modules: dict[str, ModuleFile]
    problems: tuple[tuple[str, str], ...]
    """(path, message) for configured paths that could not be read."""
    _tops: frozenset[str] = field(init=False, repr=False, compare=False, default=frozenset())

    def get(self, name: str) -> ModuleFile | None:
        return self.modules.get(name)

    def top_levels(self) -> frozenset[str]:
        return self._tops

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tops", frozenset(name.split(".")[0] for name in self.modules))


def _excluded(rel_parts: Iterable[str], patterns: tuple[str, ...]) -> bool:
    parts = list(rel_parts)
    joined = "/".join(parts)
    for pattern in patterns:
        if fnmatch.fnmatchcase(joined, pattern):
            return True
        if any(fnmatch.fnmatchcase(part, pattern) for part in parts):
            return True
    return False


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _walk_package(
    pkg_dir: Path, name: str, root: Path, exclude: tuple[str, ...], followed: bool, out: dict[str, ModuleFile]
) -> None:
    """Every module under a package directory; iterative, symlinked directories are not followed."""
    stack: list[tuple[Path, str]] = [(pkg_dir, name)]
    while stack:
        directory, dotted = stack.pop()
        init = directory / "__init__.py"
        has_init = init.is_file()
        out[dotted] = ModuleFile(dotted, init if has_init else None, _relative(directory, root), True, followed)
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            rel_parts = _relative(Path(entry.path), root).split("/")
            if _excluded(rel_parts[-1:], exclude) and not followed:
                continue
            if entry.is_dir(follow_symlinks=False):
                if entry.name.isidentifier() and entry.name != "__pycache__":
                    stack.append((Path(entry.path), f"{dotted}.{entry.name}"))
            elif entry.name.endswith(".py") and entry.name != "__init__.py":
                stem = entry.name[:-3]
                if stem.isidentifier() and _is_file(entry):
                    out[f"{dotted}.{stem}"] = ModuleFile(
                        f"{dotted}.{stem}",
                        Path(entry.path),
                        _relative(Path(entry.path), root),
                        False,
                        followed,
                    )


def _is_file(entry: os.DirEntry[str]) -> bool:
    """A symlink loop or an entry that cannot be stat'ed is kept: reading it then reports the problem."""
    try:
        return entry.is_file()
    except OSError:
        return True


def build_index(root: Path, packages: tuple[str, ...], exclude: tuple[str, ...], follow: tuple[str, ...] = ()) -> Index:
    """Map every module under the configured paths (and followed third-party packages) to its file."""
    modules: dict[str, ModuleFile] = {}
    problems: list[tuple[str, str]] = []
    for entry in packages:
        path = (root / entry).resolve() if not Path(entry).is_absolute() else Path(entry)
        if path.is_dir():
            _walk_package(path, path.name, root, exclude, False, modules)
        elif path.is_file() and path.suffix == ".py":
            modules[path.stem] = ModuleFile(path.stem, path, _relative(path, root), False)
        else:
            problems.append((entry, "configured package path does not exist"))
    for name in follow:
        found = _find_installed(name)
        if found is None:
            problems.append((name, "followed package not found on sys.path"))
        elif found.is_dir():
            _walk_package(found, name, root, (), True, modules)
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
