"""What an `exclude` pattern matches, in one place: package detection, the index's walk, the search for unused
`[tool.claims]` tables and the warning for a pattern that matches nothing all ask here.

A pattern without a `/` (`tests`, `*_pb2.py`, `.*`) matches an entry's name, at any depth. A pattern with a `/`
is a path pattern, fnmatch-style (`*` and `?` may cross a `/`), matched against the whole path relative to the
directory of pyproject.toml (`src/dotenv/main.py`, `*/main.py`) or relative to the directory holding a
configured package (`dotenv/main.py` when `packages = ["src/dotenv"]`); `**/` stands for any number of
directories, none included (`**/main.py` matches a top-level `main.py` too); a leading `./` or `/` and a
trailing `/` are ignored. Matching is case-sensitive on every OS. A directory that matches is left out with
everything below it.
"""

from __future__ import annotations

import fnmatch
import functools
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

_NEVER_ENTERED = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__"})
"""Directories the search for unmatched patterns does not go into (tool state, vendored JavaScript)."""

_SEARCH_LIMIT = 200_000
"""Entries the search for unmatched patterns looks at, at most: past it, no pattern is called unmatched."""


def is_path_pattern(pattern: str) -> bool:
    return "/" in pattern.rstrip("/")


def _path_text(pattern: str) -> str:
    text = pattern.rstrip("/")
    while text.startswith("./"):
        text = text[2:]
    return text.lstrip("/")


def _variants(pattern: str) -> list[str]:
    """The pattern with each `**/` kept or dropped (at most eight of them are expanded: `**/` is rare)."""
    pieces = _path_text(pattern).split("**/")
    variants = [pieces[0]]
    for index, piece in enumerate(pieces[1:]):
        keep = index < 8
        variants = [v + "**/" + piece for v in variants] + ([v + piece for v in variants] if keep else [])
    return variants


def _compiled(patterns: Iterable[str]) -> re.Pattern[str] | None:
    translated = [f"(?:{fnmatch.translate(p)})" for p in patterns]
    return re.compile("|".join(translated)) if translated else None


@dataclass(frozen=True)
class Exclusion:
    """Compiled `exclude` patterns: `names` for the name patterns, `paths` for the path patterns."""

    names: re.Pattern[str] | None
    paths: re.Pattern[str] | None

    def __call__(self, name: str, paths: Sequence[str] = ()) -> bool:
        """Is an entry with this name, at these relative paths (posix), left out?"""
        if self.names is not None and self.names.match(name) is not None:
            return True
        return self.paths is not None and any(self.paths.match(path) is not None for path in paths)


@functools.lru_cache(maxsize=32)
def exclusion(patterns: tuple[str, ...]) -> Exclusion:
    names = _compiled(p for p in patterns if not is_path_pattern(p))
    paths = _compiled(v for p in patterns if is_path_pattern(p) for v in _variants(p))
    return Exclusion(names, paths)


def package_bases(packages: Iterable[str]) -> tuple[str, ...]:
    """The directories holding the configured packages, relative to the root ("" for the root itself)."""
    bases = {posix_parent(p) for p in packages}
    bases.discard("")
    return tuple(sorted(bases))


def posix_parent(path: str) -> str:
    parent = path.replace("\\", "/").rstrip("/").rpartition("/")[0]
    return "" if parent in (".", "") else parent


def relative_paths(rel: str, bases: Sequence[str]) -> list[str]:
    """`rel` (relative to the root) and, for each base it lies under, relative to that base."""
    out = [rel]
    out += [rel[len(base) + 1 :] for base in bases if rel.startswith(base + "/")]
    return out


def unmatched(root: Path, patterns: Sequence[str], packages: Sequence[str]) -> list[str]:
    """The patterns that match nothing below `root` (no file or directory, by name or path), in their order.
    Links, virtual environments and tool state are not entered."""
    compiled = {p: exclusion((p,)) for p in patterns}
    remaining = list(compiled)
    bases = package_bases(packages)
    pending: list[tuple[str, str]] = [(str(root), "")]
    seen = 0
    while pending and remaining:
        directory, rel = pending.pop()
        try:
            with os.scandir(directory) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            seen += 1
            if seen > _SEARCH_LIMIT:
                return []
            entry_rel = f"{rel}{entry.name}"
            paths = relative_paths(entry_rel, bases)
            remaining = [p for p in remaining if not compiled[p](entry.name, paths)]
            if entry.name not in _NEVER_ENTERED and _enterable(entry):
                pending.append((entry.path, entry_rel + "/"))
    return remaining


def _enterable(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False) and not os.path.lexists(os.path.join(entry.path, "pyvenv.cfg"))
    except OSError:
        return False


def is_excluded(path: str, patterns: Iterable[str]) -> bool:
    """True when a posix path relative to the root matches one of the glob patterns (as the module says: a name
    pattern matches the whole relative path or any single component of it, so `tests` leaves out every
    `tests` directory at any depth and `.*` every hidden one; a path pattern matches the whole path or the path
    of a directory above it)."""
    parts = [part for part in path.split("/") if part not in ("", ".")]
    whole = "/".join(parts)
    match = exclusion(tuple(patterns))
    ancestors = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]  # a directory left out holds what is below
    return match(whole, ancestors) or any(match(part) for part in parts)
