"""What the commands share: exit statuses, the usage error, the project root, the configuration, the targets, the
cache directory, source lines and the path selection."""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_claims.files import read_file
from pytest_claims.vocabulary import SWEEP_ENVS, platform_name
from pytest_claims.vocabulary import TRACEBACK_ENV as TRACEBACK_ENV  # re-exported: the commands read it

if TYPE_CHECKING:
    from pytest_claims.config import Config
    from pytest_claims.persist.cache import FactsCache

EXIT_OK = 0
EXIT_FAILED = 1
"""A claim or rule violated or unevaluable (unless `on-unevaluable = "skip"`), or a source file unreadable."""
EXIT_REFUSED = 2
"""A refused directive (the plugin's collection error)."""
EXIT_INTERNAL = 3
"""A bug in pytest-claims (pytest's INTERNALERROR status): one line, and PYTEST_CLAIMS_TRACEBACK=1 shows it."""
EXIT_USAGE = 4
"""Bad command line, unknown name or platform, bad configuration (pytest's usage-error status)."""
EXIT_NOTHING = 5
"""`check` found no claiming function and no rule to check (pytest's "no tests ran")."""

PROG = "pytest-claims"


class UsageError(Exception):
    """A usage error: the message is the whole line the user sees (exit status 4)."""


def project_root(paths: Sequence[Path], root: Path | None) -> Path:
    """`--root`, else the project as the plugin finds it (`config.find_project_root`, semantics §9): the nearest
    pyproject.toml with a `[tool.claims]` table at or above the paths (or the current directory), else where
    pytest would find its rootdir."""
    for path in paths:
        if not os.path.lexists(path):
            raise UsageError(f"{PROG}: no such file or directory: {path}")
    if root is not None:
        if not root.is_dir():
            raise UsageError(f"{PROG}: --root {root}: not a directory")
        return Path(os.path.abspath(root))
    from pytest_claims.config import find_project_root

    return find_project_root(paths, Path(os.getcwd()))


def projects(paths: Sequence[Path], root: Path | None) -> list[tuple[Path, list[Path]]]:
    """Each project the command checks, with the paths that select its files: `--root` alone, else every project
    the paths cover, found as the plugin finds them (`config.find_project_roots`). A path belongs to the nearest
    project holding it; a path above a project (found below it) selects the whole project."""
    first = project_root(paths, root)
    if root is not None:
        return [(first, list(paths))]
    from pytest_claims.config import find_project_roots

    here = Path(os.getcwd())
    roots = find_project_roots(paths, here)
    if len(roots) == 1:
        return [(roots[0], list(paths))]
    chosen: dict[Path, list[Path]] = {r: [] for r in roots}
    for path in [Path(os.path.abspath(p)) for p in paths] or [here]:
        holding = [r for r in roots if r == path or r in path.parents]
        if holding:
            chosen[max(holding, key=lambda r: len(r.parts))].append(path)
        for below in (r for r in roots if path in r.parents):
            chosen[below].append(below)
    return [(r, chosen[r]) for r in roots if chosen[r]]


def load(root: Path) -> Config:
    """The project's `[tool.claims]`, with a configuration error as a usage error."""
    from pytest_claims.config import ConfigError, load_config

    try:
        return load_config(root)
    except ConfigError as error:
        raise UsageError(str(error)) from None


def boolean_env(name: str) -> bool:
    """semantics §8: 1/true/yes/on turn it on, unset/empty/0/false/no/off leave it off, anything else is refused."""
    value = os.environ.get(name, "").strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("", "0", "false", "no", "off"):
        return False
    raise UsageError(f"{PROG}: {name}={os.environ[name]!r} is not a boolean (use 1/true/yes/on or 0/false/no/off)")


def requested_platforms(args: argparse.Namespace) -> tuple[list[str] | None, bool]:
    """`--platform` (validated) and whether the full sweep was asked (`--all-platforms` or the environment)."""
    from pytest_claims.config import unknown_platform

    requested: list[str] | None = None
    if args.platform:
        named = [p.strip() for option in args.platform for p in option.split(",") if p.strip()]
        requested = []
        for name in named:
            platform = platform_name(name)
            if platform is None:
                raise UsageError(f"{PROG}: --platform: {unknown_platform(name)}")
            requested.append(platform)
        if not requested:
            raise UsageError(f"{PROG}: --platform: name at least one platform")
    sweep = bool(args.all_platforms) or any([boolean_env(name) for name in SWEEP_ENVS])  # each one validated
    return requested, sweep


_CACHEDIR_TAG = b"""\
Signature: 8a477f597d28d172789f06886806bc55
# This file is a cache directory tag created by pytest.
# For information about cache directory tags, see:
#	https://bford.info/cachedir/spec.html
"""


def cache_for(root: Path, enabled: bool) -> FactsCache:
    """The plugin's cache (pytest's `<cache_dir>/d/claims`, `cache_dir` read from pyproject.toml's
    `[tool.pytest.ini_options]`, default `.pytest_cache`, under tox `$TOX_ENV_DIR/.pytest_cache`), so the CLI and
    `pytest -p claims` reuse each other's work. A cache directory that cannot be made costs speed, never
    correctness: the run goes on without one."""
    from pytest_claims.persist.cache import FactsCache

    if not enabled:
        return FactsCache(None)
    base = root / _pytest_cache_dir(root)
    try:
        if not base.exists():
            base.mkdir(parents=True)
            # as pytest makes it: never committed, skipped by backup tools
            (base / ".gitignore").write_bytes(b"# Created by pytest automatically.\n*\n")
            (base / "CACHEDIR.TAG").write_bytes(_CACHEDIR_TAG)
        directory = base / "d" / "claims"
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return FactsCache(None)
    return FactsCache(directory)


def _pytest_cache_dir(root: Path) -> str:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - 3.10 only
        import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]
    # pytest's own default: under tox, the env's directory (`TOX_ENV_DIR`), so each env keeps its cache
    tox = os.environ.get("TOX_ENV_DIR")
    default = os.path.join(tox, ".pytest_cache") if tox is not None else ".pytest_cache"
    try:
        document = tomllib.loads(read_file(root / "pyproject.toml").decode("utf-8"))
        value = document["tool"]["pytest"]["ini_options"]["cache_dir"]
    except (OSError, ValueError, KeyError, TypeError):
        return default
    return os.path.expanduser(os.path.expandvars(value)) if isinstance(value, str) and value else default


# claims: deterministic
def plural(count: int, word: str) -> str:
    """`1 function`, `2 functions`."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def shown_path(root: Path) -> Callable[[str], str]:
    """How a project-relative path is shown: relative to the current directory (posix; absolute when it is on
    another drive), so a path printed can be opened from where the command ran."""
    base = root.resolve()
    here = Path(os.getcwd()).resolve()
    if base == here:
        return lambda rel: rel

    def shown(rel: str) -> str:
        try:
            return Path(os.path.relpath(base / rel, here)).as_posix()
        except ValueError:  # another drive (Windows)
            return (base / rel).as_posix()

    return functools.cache(shown)  # a file is shown once per step of every chain through it


def shown_here(path: Path) -> str:
    """A path the user named, as the command line shows it: relative to the current directory (posix), absolute
    when it is on another drive."""
    try:
        return Path(os.path.relpath(os.path.abspath(path), os.getcwd())).as_posix()
    except ValueError:  # another drive (Windows)
        return Path(os.path.abspath(path)).as_posix()


class Sources:
    """Source lines for failure texts, each file read once (as the plugin reads them)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._lines: dict[str, list[str]] = {}

    def __call__(self, rel: str, line: int) -> str:
        lines = self._lines.get(rel)
        if lines is None:
            try:
                # read_text turns \r\n and \r into \n; splitlines() would also split at form feeds
                lines = (self.root / rel).read_text(encoding="utf-8", errors="replace").split("\n")
            except OSError:
                lines = []
            self._lines[rel] = lines
        return lines[line - 1] if 0 < line <= len(lines) else ""


class Selection:
    """Which of the project's files the command line selected: all of them, or those under the given paths."""

    def __init__(self, root: Path, paths: Sequence[Path], config_file: Path | None) -> None:
        self.root = root
        absolute = [Path(os.path.abspath(p)) for p in paths]
        self.everything = not absolute or any(p == root for p in absolute)
        self.paths = absolute
        self.rules = self.everything or (
            config_file is not None and any(p == Path(os.path.abspath(config_file)) for p in absolute)
        )

    def __call__(self, rel: str) -> bool:
        if self.everything:
            return True
        file = self.root / rel
        return any(file == p or p in file.parents for p in self.paths)


def where_it_looked(paths: Sequence[Path], config: Config, display: Callable[[str], str]) -> str:
    """Where a command that found nothing looked: `under` the paths selected, else `in` the packages loaded, and
    what chose those packages (semantics §9: nothing is silently green)."""
    if paths:
        where = f"under {', '.join(shown_here(p) for p in paths)}"
    elif config.packages:
        where = f"in {', '.join(display(p) for p in config.packages)}"
    else:
        where = f"in {display('.')}, where no package was found"
    if config.present:
        source = f"the packages of [tool.claims] in {display(config.file_rel())}"
    elif config.file is not None:
        source = f"packages detected: {display(config.file_rel())} has no [tool.claims] table"
    else:
        source = f"packages detected: no pyproject.toml in {display('.')}"
    return f"{where} ({source})"
