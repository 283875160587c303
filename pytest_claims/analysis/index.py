"""The static module index: module name -> file, from the configured source paths.

Only the file system is consulted: nothing is imported, no `find_spec` is called (importlab's resolver
calls it, which imports the analysed packages; that is why it is not used here).
"""

from __future__ import annotations

import os
import sys
import sysconfig
from dataclasses import dataclass, field
from pathlib import Path

from pytest_claims.analysis.ports import SnapshotSource
from pytest_claims.excludes import exclusion


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
    """(path, message) for configured paths that do not exist and directories the OS would not list."""
    excluded: tuple[tuple[str, str], ...] = ()
    """(rel, path) of the `.py` files an `exclude` pattern left out of listed package directories (the files
    only: an excluded directory is not listed)."""
    unnamable: tuple[tuple[str, str, str], ...] = ()
    """(rel, path, why) of the `.py` files in the configured packages that no import can name: a name or a
    directory name that is not an identifier, a module hidden by a package or a module of the same name."""
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


@dataclass
class _Scan:
    """What walking the configured paths found: modules, directories it could not list, files it left out."""

    modules: dict[str, ModuleFile] = field(default_factory=dict)
    problems: list[tuple[str, str]] = field(default_factory=list)
    excluded: list[tuple[str, str]] = field(default_factory=list)
    unnamable: list[tuple[str, str, str]] = field(default_factory=list)


def _walk_package(
    pkg_dir: Path,
    name: str,
    root: Path,
    exclude: tuple[str, ...],
    followed: bool,
    out: _Scan,
    snapshot: SnapshotSource | None = None,
) -> None:
    """Every module under a package directory (reused from the snapshot while no directory in it changed)."""
    key = (str(pkg_dir), name, str(root), exclude, followed)
    recorded = snapshot.walk(key) if snapshot is not None else None
    if recorded is not None:
        modules, excluded, unnamable = recorded
        for module, path, rel, is_package in modules:
            out.modules[module] = ModuleFile(
                module, Path(path) if path is not None else None, rel, is_package, followed
            )
        out.excluded.extend(excluded)
        out.unnamable.extend(unnamable)
        return
    scan, dirs = _scan_package(pkg_dir, name, root, exclude, followed)
    if snapshot is not None and not scan.problems:  # a directory it could not list is listed again next time
        encoded = tuple(
            (m.name, None if m.path is None else str(m.path), m.rel, m.is_package) for m in scan.modules.values()
        )
        snapshot.record_walk(key, dirs, (encoded, tuple(scan.excluded), tuple(scan.unnamable)))
    out.modules.update(scan.modules)
    out.problems.extend(scan.problems)
    out.excluded.extend(scan.excluded)
    out.unnamable.extend(scan.unnamable)


def _scan_package(
    pkg_dir: Path, name: str, root: Path, exclude: tuple[str, ...], followed: bool
) -> tuple[_Scan, tuple[tuple[str, int], ...]]:
    """Every module under a package directory, and each directory listed with its mtime (taken before the
    listing, so a change during the scan shows next time); iterative, symlinked directories are not followed.

    A directory without `__init__.py` is a namespace package only if some module lies beneath it, so data
    directories (locale, templates, static) cost a scan and leave nothing in the index. A directory the OS
    will not list is a problem, like a file it will not read: what lies below it cannot be seen. The `.py`
    files no import can name (`dash-name.py`, anything below `sub-dir/`, a module a package or a module of the
    same name hides) are kept apart with the reason (not for a followed package), so claims in them are told.
    """
    skip = exclusion(exclude) if not followed and exclude else None
    base = str(root)
    bases = (base, str(pkg_dir.parent)) if skip is not None and skip.paths is not None else ()
    scan = _Scan()
    found = scan.modules
    namespaces: dict[str, str] = {}
    dirs: list[tuple[str, int]] = []
    stack: list[tuple[str, str, str]] = [(str(pkg_dir), name, "")]
    while stack:
        directory, dotted, unnamable = stack.pop()  # `unnamable`: why nothing below can be imported ("": it can)
        init = os.path.join(directory, "__init__.py")
        entries: list[os.DirEntry[str]] | None = None
        try:
            dirs.append((directory, os.stat(directory).st_mtime_ns))
            with os.scandir(directory) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            scan.problems.append((_rel(directory, base), f"cannot list: {exc.strerror or exc}"))
        if unnamable:
            pass
        elif _has_init(directory, entries):
            hidden = found.get(dotted)
            if hidden is not None and hidden.path is not None and not followed:  # `pkg/b.py` beside `pkg/b/`
                why = f"`{dotted}` is the package {_rel(directory, base)}/"
                scan.unnamable.append((hidden.rel, str(hidden.path), why))
            found[dotted] = ModuleFile(dotted, Path(init), _rel(init, base), True, followed)
        else:
            namespaces[dotted] = directory
        for entry in entries or ():
            if skip is not None and skip(entry.name, [_rel(entry.path, b) for b in bases]):
                if entry.name.endswith(".py") and _is_file(entry):  # not a FIFO: reading one would block
                    scan.excluded.append((_rel(entry.path, base), entry.path))
            elif entry.is_dir(follow_symlinks=False):
                listed = _subdirectory(entry.name, dotted, unnamable, followed)
                if listed is not None:
                    stack.append((entry.path, *listed))
            elif entry.name.endswith(".py") and _is_file(entry):
                _source_file(entry.path, entry.name[:-3], dotted, unnamable, followed, base, scan)
    _settle_namespaces(scan, namespaces, name, base, followed)
    return scan, tuple(dirs)


def _subdirectory(name: str, dotted: str, unnamable: str, followed: bool) -> tuple[str, str] | None:
    """(its module name, why no import can name what is below it) for a directory to list; None to leave it."""
    if name == "__pycache__":
        return None
    if not unnamable and name.isidentifier():
        return f"{dotted}.{name}", ""
    if followed or name.startswith("."):  # .git, .tox: tool state, never code
        return None
    return "", unnamable or f"the directory name `{name}` is not a Python identifier"


def _source_file(path: str, stem: str, dotted: str, unnamable: str, followed: bool, base: str, scan: _Scan) -> None:
    """A `.py` file: a module of the package, or one no import can name (kept apart with the reason)."""
    if unnamable or not stem.isidentifier():
        if not followed:
            scan.unnamable.append((_rel(path, base), path, unnamable or f"`{stem}` is not a Python identifier"))
    elif stem != "__init__":
        module = f"{dotted}.{stem}"
        scan.modules[module] = ModuleFile(module, Path(path), _rel(path, base), False, followed)


def _settle_namespaces(scan: _Scan, namespaces: dict[str, str], top: str, base: str, followed: bool) -> None:
    """Python's finder order for one name: a directory with `__init__.py` (already in `found`, listed after the
    `.py` beside it), then the module file `x.py`, then a directory without `__init__.py` (a namespace portion).
    A portion beside a module is hidden with everything below it (`import pkg.b.c` fails when `pkg/b.py` is
    what `pkg.b` names); one beside nothing is a namespace package when some module lies beneath it."""
    found = scan.modules
    hidden = sorted(dotted for dotted in namespaces if dotted in found)
    if hidden:
        prefixes = tuple(f"{dotted}." for dotted in hidden)
        for module in [m for m in found if m.startswith(prefixes)]:
            gone = found.pop(module)
            if gone.path is not None and not followed:
                owner = next(dotted for dotted in hidden if module.startswith(f"{dotted}."))
                why = f"`{owner}` is the module {found[owner].rel}, which hides the directory beside it"
                scan.unnamable.append((gone.rel, str(gone.path), why))
    holding = {prefix for module in found for prefix in _ancestors(module)}
    for dotted, directory in namespaces.items():
        if dotted not in found and (dotted in holding or dotted == top):
            found[dotted] = ModuleFile(dotted, None, _rel(directory, base), True, followed)


def _ancestors(dotted: str) -> list[str]:
    parts = dotted.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _rel(path: str, base: str) -> str:
    if path.startswith(base + os.sep):
        path = path[len(base) + 1 :]
    return path.replace(os.sep, "/")


def _has_init(directory: str, entries: list[os.DirEntry[str]] | None) -> bool:
    """Is the directory a regular package? From its listing when there is one, where an `__init__.py` that cannot
    be stat'ed (a symlink loop) is kept, so reading it reports the problem instead of a silent namespace package."""
    if entries is None:
        return os.path.isfile(os.path.join(directory, "__init__.py"))
    return any(entry.name == "__init__.py" and _is_file(entry) for entry in entries)


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
    snapshot: SnapshotSource | None = None,
) -> Index:
    """Map every module under the configured paths (and followed third-party packages) to its file.

    A module is named by its configured path, never by where a symlink on that path leads: `shop -> vendor/evil`
    holds `shop.x` (as Python imports it), at `shop/x.py`."""
    scan = _Scan()
    modules = scan.modules
    for entry in packages:
        path = root / entry
        if path.is_dir():
            _walk_package(path, path.name, root, exclude, False, scan, snapshot)
        elif path.is_file() and path.suffix == ".py":
            modules[path.stem] = ModuleFile(path.stem, path, _relative(path, root), False)
        else:
            scan.problems.append((entry, "configured package path does not exist"))
    for name in follow:
        found = _find_installed(name)
        if found is None:
            scan.problems.append((name, "followed package not found on sys.path"))
        elif found.is_dir():
            _walk_package(found, name, root, (), True, scan, snapshot)
        else:
            modules[name] = ModuleFile(name, found, found.as_posix(), False, True)
    return Index(modules, tuple(scan.problems), tuple(sorted(scan.excluded)), tuple(sorted(scan.unnamable)))


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
