"""Where the projects are (semantics §9, "One project, found one way"): the plugin and the command line both ask
here, so `pytest -p claims pkgs/a`, `cd pkgs/a && pytest -p claims` and `pytest-claims check pkgs/a` check the
same claims, and a run over a directory holding several projects checks each."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from pytest_claims.config.defaults import DEFAULT_EXCLUDE
from pytest_claims.config.pyproject import PYPROJECT, holds_claims_table
from pytest_claims.config.rootdir import pytest_rootdir
from pytest_claims.excludes import exclusion


def tables_below(root: Path, exclude: Iterable[str]) -> list[str]:
    """The pyproject.toml files strictly below `root` that hold a `[tool.claims]` table, posix paths relative to
    `root`, sorted: a run whose project is `root` does not use them, and says so (semantics §9, nothing is silently
    green). Not searched: what `exclude` leaves out, links, virtual environments, and Python packages (a
    directory holding `__init__.py` is code, not a project: this keeps the search to the few directories
    above the code)."""
    matched = exclusion(tuple(exclude))
    found: list[str] = []
    for directory, dirs, files in os.walk(root):
        if "__init__.py" in files:
            dirs[:] = []
            continue
        rel = os.path.relpath(directory, root).replace(os.sep, "/")
        prefix = "" if rel == "." else f"{rel}/"
        dirs[:] = sorted(
            d
            for d in dirs
            # a parent left out is never entered: the name and the whole path are all that is left to match
            if not matched(d, [prefix + d]) and not os.path.lexists(os.path.join(directory, d, "pyvenv.cfg"))
        )
        # a table that does not parse counts (`holds_claims_table`): its project's run names the error
        if prefix and PYPROJECT in files and holds_claims_table(Path(directory) / PYPROJECT):
            found.append(prefix + PYPROJECT)
    return sorted(found)


def _start(paths: Sequence[Path], invocation_dir: Path) -> Path:
    """Where the search starts: the paths' common ancestor (a file's directory), else the invocation dir."""
    if not paths:
        return Path(os.path.abspath(invocation_dir))
    absolute = [os.path.abspath(os.path.join(invocation_dir, p)) for p in paths]
    start = Path(os.path.commonpath(absolute))
    return start if start.is_dir() else start.parent


def find_project_root(paths: Sequence[Path], invocation_dir: Path, rootdir: Path | None = None) -> Path:
    """The project root: the nearest directory at or above the paths' common ancestor (or `invocation_dir` when
    no path is given) whose pyproject.toml holds a `[tool.claims]` table; else pytest's rootdir, `rootdir` when
    the caller is pytest, found as pytest finds it otherwise (`pytest_rootdir`). Paths are relative to
    `invocation_dir`; the caller keeps only those that exist."""
    start = _start(paths, invocation_dir)
    for directory in (start, *start.parents):
        if holds_claims_table(directory / PYPROJECT):
            return directory
    return Path(os.path.abspath(rootdir)) if rootdir is not None else pytest_rootdir(start, invocation_dir)


def find_project_roots(paths: Sequence[Path], invocation_dir: Path, rootdir: Path | None = None) -> tuple[Path, ...]:
    """Every project a run covers, sorted: each path (or `invocation_dir` when none is given) belongs to the
    project of its nearest `[tool.claims]` table at or above it; a path with none above it holds the projects of
    the tables below it (`tables_below`, with the default `exclude`: what a run searches). A file given, or a
    directory given that the search would not enter (`tests`, `docs`, a hidden one: the default `exclude` names
    it), holds none: `pytest tests` runs the tests, not the projects kept among their data. None at all: the one project
    `find_project_root` finds. A directory whose own pyproject.toml holds the table is one project, whatever
    tables lie below it."""
    given = [Path(os.path.abspath(os.path.join(invocation_dir, path))) for path in paths]
    searched = exclusion(DEFAULT_EXCLUDE)
    roots: list[Path] = []
    for path in dict.fromkeys(given or [Path(os.path.abspath(invocation_dir))]):
        start = path if path.is_dir() else path.parent
        above = next((d for d in (start, *start.parents) if holds_claims_table(d / PYPROJECT)), None)
        if above is not None:
            roots.append(above)
        elif path.is_dir() and not (given and searched(path.name, [path.name])):
            roots.extend(start / table.rpartition("/")[0] for table in tables_below(start, DEFAULT_EXCLUDE))
    if not roots:
        return (find_project_root(paths, invocation_dir, rootdir),)
    return tuple(sorted(set(roots)))
