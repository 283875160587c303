"""Read and validate `[tool.claims]` from the project's pyproject.toml (semantics §10).

Everything downstream (collection, the walk, reports, caches) trusts the `Config` this module returns,
so every key and value is checked here, once, and any problem is a one-line `ConfigError` that names the
file and the key (the plugin turns it into pytest's usage error, exit status 4). The result is plain
frozen data: no reference to the TOML document survives, mappings are read-only, and
`Config.fingerprint()` gives a checkout-independent key for caches and report revisions.

Ordering: lists that are sets by meaning (`packages`, `trusted`, `follow`, `mutating-returns`, the values
of `deny` / `allow` and of a custom claim's `deny`) are deduplicated and sorted, so two spellings of the
same set give the same `Config`. Lists whose order a user may care about (`exclude`, `platform`,
`platforms`, the `forbid-reaches` rules) keep their configured order, deduplicated. Mappings are sorted
by key.

Nothing here imports or executes project code: package detection only looks at directory entries.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import posixpath
import re
import stat
import sys
import types
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, NoReturn

from pytest_claims.excludes import exclusion
from pytest_claims.files import read_file
from pytest_claims.vocabulary import (
    BUILTIN_CLAIMS,
    CATEGORIES,
    DEFAULT_PLATFORMS,
    KNOWN_PLATFORMS,
    PLATFORM_ALIASES,
    SWEEP_ENVS,
    UNCHECKED_CLAIMS,
    platform_name,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = [
    "DEFAULT_EXCLUDE",
    "DEFAULT_MAX_WALK",
    "DYNAMIC_CALLS",
    "PYPROJECT",
    "Config",
    "ConfigError",
    "CustomClaim",
    "ForbidRule",
    "detect_packages",
    "env_flag",
    "find_project_root",
    "find_project_roots",
    "holds_claims_table",
    "is_excluded",
    "load_config",
    "nearest",
    "pytest_rootdir",
    "sweep_env",
    "tables_below",
    "unknown_hint",
    "unknown_platform",
]

PYPROJECT = "pyproject.toml"
"""The only file the configuration is read from, at the project root."""

DEFAULT_MAX_WALK = 65536
"""Default capacity bound on one walk (visited nodes), semantics §10."""

DYNAMIC_CALLS: tuple[str, ...] = ("ignore", "unevaluable")
"""The values of `dynamic-calls` (semantics §5), the default first."""

DEFAULT_EXCLUDE: tuple[str, ...] = (
    ".*",
    "*.egg-info",
    "__pycache__",
    "benchmarks",
    "build",
    "conftest.py",
    "dist",
    "docs",
    "examples",
    "node_modules",
    "test",
    "test_*.py",
    "testdata",
    "tests",
    "venv",
    "*_test.py",
)
"""Glob patterns left out when `exclude` is not configured.

Test code (`tests`, `test`, `testdata`, `conftest.py`, pytest's default test-file names `test_*.py` and
`*_test.py`), build and packaging output (`build`, `dist`, `*.egg-info`, `__pycache__`), environments and tool
state (`venv`, and `.*`, which covers `.venv`, `.tox`, `.git`, ...), vendored JavaScript (`node_modules`) and
prose or sample code (`docs`, `examples`, `benchmarks`). A configured `exclude` replaces this list (as ruff's
`exclude` does); package detection always honours both. See `is_excluded` for how a pattern matches.
"""

_TOP_KEYS: tuple[str, ...] = (
    "packages",
    "exclude",
    "platform",
    "platforms",
    "trusted",
    "trusted-for",
    "deny",
    "allow",
    "external",
    "follow",
    "on-unevaluable",
    "mutating-returns",
    "max-walk",
    "dynamic-calls",
    "claims-observe",
    "define",
    "forbid-reaches",
)
_DEFINE_KEYS: tuple[str, ...] = ("categories", "deny")
_RULE_KEYS: tuple[str, ...] = ("id", "from", "to")
_EXTERNAL_VALUES: tuple[str, ...] = ("unevaluable", "trust")
_ON_UNEVALUABLE_VALUES: tuple[str, ...] = ("fail", "skip")

_CLAIM_NAME = re.compile(r"[a-z][a-z0-9_-]*")
_RULE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
_TOML_KEY = r"""(?:[A-Za-z0-9_-]+|"[^"\\]*"|'[^']*')"""
_ARRAY_HEADER = re.compile(rf"^\s*\[\[\s*({_TOML_KEY}(?:\s*\.\s*{_TOML_KEY})*)\s*\]\]\s*(?:#.*)?$")
_FORBID_HEADER_PARTS = ("tool", "claims", "forbid-reaches")


class ConfigError(Exception):
    """A usage error: message names the file and the key, one line, no traceback needed."""


@dataclass(frozen=True)
class ForbidRule:
    """One `[[tool.claims.forbid-reaches]]` rule: `source` must never reach `target` (semantics §12)."""

    id: str
    source: str
    target: str
    line: int
    """1-based line of the rule's header in pyproject.toml, 0 when it cannot be located textually."""


@dataclass(frozen=True)
class CustomClaim:
    """A claim defined in `[tool.claims.define.NAME]`: the categories and dotted names it forbids."""

    name: str
    categories: frozenset[str]
    deny: tuple[str, ...]


def _frozen_map(items: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only mapping sorted by key, so iteration order never depends on the file's order."""
    return types.MappingProxyType({key: items[key] for key in sorted(items)})


@dataclass(frozen=True)
class Config:
    """The effective `[tool.claims]` configuration of one project, validated and immutable."""

    root: Path
    file: Path | None
    present: bool
    packages: tuple[str, ...]
    exclude: tuple[str, ...]
    platform: tuple[str, ...] | None
    platforms: tuple[str, ...]
    trusted: tuple[str, ...]
    trusted_for: Mapping[str, tuple[str, ...]]
    """claim -> dotted names trusted for that claim only (semantics §5)."""
    deny: Mapping[str, tuple[str, ...]]
    allow: Mapping[str, tuple[str, ...]]
    external: str
    follow: tuple[str, ...]
    on_unevaluable: str
    mutating_returns: tuple[str, ...]
    max_walk: int
    dynamic_calls: str
    """`"ignore"` or `"unevaluable"`: what a blind spot does to a claim or rule that would hold (semantics §5)."""
    claims_observe: bool
    """`claims-observe = true`: observe the test run (semantics §13a), as `--claims-observe` does."""
    define: Mapping[str, CustomClaim]
    forbid_reaches: tuple[ForbidRule, ...]

    def file_rel(self) -> str:
        """The config file as reports and node ids name it: relative to the root, posix."""
        if self.file is None:
            return "pyproject.toml"
        try:
            return self.file.relative_to(self.root).as_posix()
        except ValueError:
            return self.file.name

    def claim_categories(self) -> dict[str, frozenset[str]]:
        """Every known claim (built-in and custom) -> the categories it forbids, sorted by name."""
        merged: dict[str, frozenset[str]] = dict(BUILTIN_CLAIMS)
        for name, claim in self.define.items():
            merged[name] = claim.categories
        return {name: merged[name] for name in sorted(merged)}

    def trusted_for_claim(self, claim: str) -> tuple[str, ...]:
        """The names trusted for `claim`: `trusted` plus its `trusted-for` entry, sorted and deduplicated."""
        extra = self.trusted_for.get(claim, ())
        return tuple(sorted({*self.trusted, *extra})) if extra else self.trusted

    def fingerprint(self) -> str:
        """A sha256 hex digest over the effective values, independent of where the project is checked out.

        `root`, `file` and rule line numbers are left out (they move with the checkout or with edits that
        change nothing), and order-insensitive values are sorted, so only a change in meaning changes it.
        """
        payload = {
            "schema": "pytest-claims.config.v1",
            "present": self.present,
            "packages": sorted(self.packages),
            "exclude": sorted(self.exclude),
            "platform": None if self.platform is None else sorted(self.platform),
            "platforms": sorted(self.platforms),
            "trusted": sorted(self.trusted),
            "trusted-for": {claim: sorted(names) for claim, names in self.trusted_for.items()},
            "deny": {claim: sorted(names) for claim, names in self.deny.items()},
            "allow": {claim: sorted(names) for claim, names in self.allow.items()},
            "external": self.external,
            "follow": sorted(self.follow),
            "on-unevaluable": self.on_unevaluable,
            "mutating-returns": sorted(self.mutating_returns),
            "max-walk": self.max_walk,
            "dynamic-calls": self.dynamic_calls,
            "claims-observe": self.claims_observe,
            "define": {
                name: {"categories": sorted(claim.categories), "deny": sorted(claim.deny)}
                for name, claim in self.define.items()
            },
            "forbid-reaches": sorted(
                [{"id": rule.id, "from": rule.source, "to": rule.target} for rule in self.forbid_reaches],
                key=lambda rule: rule["id"],
            ),
        }
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    def __hash__(self) -> int:
        """Hash by value: the read-only mappings are not hashable themselves, the fingerprint is."""
        return hash((self.root, self.file, self.fingerprint()))

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickle support (xdist workers): mapping proxies cannot be pickled, their dict copies can."""
        state: dict[str, Any] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            state[field.name] = dict(value) if isinstance(value, types.MappingProxyType) else value
        return (_config_from_state, (state,))


def _config_from_state(state: dict[str, Any]) -> Config:
    """Rebuild a pickled `Config`, restoring the read-only mappings."""
    for name in ("trusted_for", "deny", "allow", "define"):
        state[name] = _frozen_map(state[name])
    return Config(**state)


# ----------------------------------------------------------------------------------------------------
# Package detection


def is_excluded(path: str, patterns: Iterable[str]) -> bool:
    """True when a posix path relative to the root matches one of the glob patterns (`excludes` says how: a
    name pattern matches the whole relative path or any single component of it, so `tests` leaves out every
    `tests` directory at any depth and `.*` every hidden one; a path pattern matches the whole path or the path
    of a directory above it)."""
    parts = [part for part in path.split("/") if part not in ("", ".")]
    whole = "/".join(parts)
    match = exclusion(tuple(patterns))
    ancestors = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]  # a directory left out holds what is below
    return match(whole, ancestors) or any(match(part) for part in parts)


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
            if not matched(d, [prefix + d])
            and not os.path.lexists(os.path.join(directory, d, "pyvenv.cfg"))
        )
        # a table that does not parse counts (`holds_claims_table`): its project's run names the error
        if prefix and PYPROJECT in files and holds_claims_table(Path(directory) / PYPROJECT):
            found.append(prefix + PYPROJECT)
    return sorted(found)


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


def unknown_platform(name: str) -> str:
    """`unknown platform 'x' (did you mean 'y'? known: ...; also: windows, ...)`: the aliases count as near."""
    close = nearest(name.strip().lower(), [*KNOWN_PLATFORMS, *PLATFORM_ALIASES])
    did = f"did you mean {close!r}? " if close is not None else ""
    known = ", ".join(sorted(KNOWN_PLATFORMS))
    return f"unknown platform {name!r} ({did}known: {known}; also: {', '.join(PLATFORM_ALIASES)})"


def sweep_env(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the environment asks for the full sweep: every name in `SWEEP_ENVS` is read (`env_flag`), so a bad
    value in either is refused even when the other is on."""
    return any([env_flag(name, environ) for name in SWEEP_ENVS])  # a list: every variable is validated


_ENV_TRUE: frozenset[str] = frozenset({"1", "true", "yes", "on"})
_ENV_FALSE: frozenset[str] = frozenset({"", "0", "false", "no", "off"})


def env_flag(name: str, environ: Mapping[str, str] | None = None) -> bool:
    """A boolean environment variable of the plugin: `1`, `true`, `yes`, `on` (any case, surrounding spaces
    ignored) turn it on; unset, empty, `0`, `false`, `no`, `off` leave it off; anything else is a `ConfigError`
    naming the variable (the plugin's usage error), never a silent guess."""
    raw = (os.environ if environ is None else environ).get(name)
    if raw is None:
        return False
    value = raw.strip().lower()
    if value in _ENV_TRUE:
        return True
    if value in _ENV_FALSE:
        return False
    shown = repr(raw) if len(raw) <= 40 else repr(raw[:37] + "...")
    raise ConfigError(
        f"environment variable {name}={shown}: expected 1, true, yes or on (to turn it on) or 0, false, no, off "
        "or empty (to leave it off), in any case"
    )


# ----------------------------------------------------------------------------------------------------
# Validation


class _Reader:
    """Validation context: the file as shown in messages and where each forbid-reaches rule starts."""

    def __init__(self, root: Path, display: str, text: str) -> None:
        self.root = root
        self.display = display
        self.text = text

    def fail(self, where: str, detail: str, line: int = 0) -> NoReturn:
        """Raise the one-line usage error: `<file>[:line]: <table> <detail>`."""
        location = f"{self.display}:{line}" if line > 0 else self.display
        message = f"{location}: {where} {detail}"
        raise ConfigError(" ".join(message.splitlines()))

    def check_keys(self, table: Mapping[str, Any], valid: Sequence[str], where: str, line: int = 0) -> None:
        """Refuse the first unknown key (in file order), suggesting the nearest valid one."""
        for key in table:
            if key not in valid:
                self.fail(where, f"unknown key {key!r}{_suggest(key, valid)}", line)


def nearest(word: str, valid: Iterable[str]) -> str | None:
    """The valid word nearest to a misspelt one (difflib's ratio of at least 0.6), else None: the one rule behind
    every "did you mean" (config keys, claim names, platforms; the command line's options too)."""
    close = difflib.get_close_matches(word, sorted(set(valid)), n=1, cutoff=0.6)
    return close[0] if close else None


def unknown_hint(word: str, valid: Iterable[str], listed: str = "known") -> str:
    """`(did you mean 'x'? known: a, b)` for an unknown claim or platform name: the nearest valid one when some
    is close, and always the list (`listed` names it: "known", "known claims")."""
    options = sorted(set(valid))
    close = nearest(word, options)
    did = f"did you mean {close!r}? " if close is not None else ""
    return f"({did}{listed}: {', '.join(options)})"


def _suggest(word: str, valid: Iterable[str]) -> str:
    """` (did you mean 'x'?)` for the nearest valid key, else the list of valid ones."""
    close = nearest(word, valid)
    if close is not None:
        return f" (did you mean {close!r}?)"
    return f" (valid: {', '.join(sorted(valid))})"


def _describe(value: object) -> str:
    """A TOML-flavoured description of a value for error messages, kept short and on one line."""
    if isinstance(value, bool):
        return f"a boolean ({'true' if value else 'false'})"
    if isinstance(value, int):
        return f"an integer ({value})"
    if isinstance(value, float):
        return f"a float ({value})"
    if isinstance(value, str):
        shown = repr(value)
        return f"a string ({shown if len(shown) <= 60 else shown[:57] + '...'})"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def _is_dotted(name: str) -> bool:
    return bool(name) and all(part.isidentifier() for part in name.split("."))


def _string_list(reader: _Reader, where: str, key: str, value: object, what: str) -> list[str]:
    """An array of strings, else a usage error saying what was expected."""
    if not isinstance(value, list):
        reader.fail(where, f"{key}: expected an array of {what}, got {_describe(value)}")
    for item in value:
        if not isinstance(item, str):
            reader.fail(where, f"{key}: expected an array of {what}, got an item that is {_describe(item)}")
    return list(value)


def _dotted_list(reader: _Reader, where: str, key: str, value: object) -> tuple[str, ...]:
    """An array of dotted names (`pkg.mod.func`), deduplicated and sorted."""
    names = _string_list(reader, where, key, value, "dotted names")
    for name in names:
        if not _is_dotted(name):
            reader.fail(where, f"{key}: {name!r} is not a dotted name (expected names like 'pkg.module.func')")
    return tuple(sorted(set(names)))


def _follow(reader: _Reader, where: str, value: object) -> tuple[str, ...]:
    """`follow`: third-party packages only. A stdlib name there would walk the stdlib as project code (and
    `follow = ["os"]` would hold `os.getenv`): the catalogue is what judges the stdlib, so it is refused."""
    names = _dotted_list(reader, where, "follow", value)
    for name in names:
        if name.split(".")[0] in sys.stdlib_module_names:
            reader.fail(where, f"follow: {name!r} is a standard-library module; the catalogue judges those")
    return names


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    """Deduplicate, keeping the first occurrence's position."""
    return tuple(dict.fromkeys(items))


def _platforms(reader: _Reader, key: str, value: object) -> tuple[str, ...]:
    """`"win32"`, `"linux,win32"` or `["linux", "win32"]`: known platforms, configured order, deduplicated."""
    where = "[tool.claims]"
    expected = 'a platform string ("win32" or "linux,win32") or an array of platform strings'
    if isinstance(value, str):
        names = [part.strip() for part in value.split(",")]
    elif isinstance(value, list):
        for item in value:
            if not isinstance(item, str):
                reader.fail(where, f"{key}: expected {expected}, got an item that is {_describe(item)}")
        names = [item.strip() for item in value]
    else:
        reader.fail(where, f"{key}: expected {expected}, got {_describe(value)}")
    if not names:
        reader.fail(where, f"{key}: expected at least one platform")
    canonical = []
    for name in names:
        known = platform_name(name)
        if known is None:
            reader.fail(where, f"{key}: {unknown_platform(name)}")
        canonical.append(known)
    return _unique(canonical)


def _choice(reader: _Reader, key: str, value: object, choices: Sequence[str]) -> str:
    shown = " or ".join(f'"{choice}"' for choice in choices)
    if not isinstance(value, str) or value not in choices:
        reader.fail("[tool.claims]", f"{key}: expected {shown}, got {_describe(value)}")
    return value


def _packages(reader: _Reader, value: object) -> tuple[str, ...]:
    """Configured source paths: relative, inside the root, existing directories or .py files."""
    where, key = "[tool.claims]", "packages"
    raw = _string_list(reader, where, key, value, "paths relative to pyproject.toml")
    if not raw:
        reader.fail(where, f"{key}: expected at least one path (leave the key out to detect packages)")
    result: set[str] = set()
    for item in raw:
        if not item.strip() or "\x00" in item:
            reader.fail(where, f"{key}: {item!r} is not a path")
        if item.startswith(("/", "\\")) or re.match(r"[A-Za-z]:", item):
            reader.fail(where, f"{key}: {item!r} must be relative to the directory of {PYPROJECT}")
        rel = posixpath.normpath(item.replace("\\", "/"))
        if rel == ".." or rel.startswith("../"):
            reader.fail(where, f"{key}: {item!r} points outside the project root")
        path = reader.root / rel
        try:
            is_dir, is_file = path.is_dir(), path.is_file()
        except (OSError, ValueError):
            is_dir = is_file = False
        if not is_dir and not (is_file and rel.endswith(".py")):
            reader.fail(where, f"{key}: {item!r} is neither a directory nor a .py file under the project root")
        result.add(rel)
    return tuple(sorted(result))


def _exclude(reader: _Reader, value: object) -> tuple[str, ...]:
    patterns = _string_list(reader, "[tool.claims]", "exclude", value, "glob patterns")
    for pattern in patterns:
        if not pattern or "\x00" in pattern:
            reader.fail("[tool.claims]", f"exclude: {pattern!r} is not a glob pattern")
    return _unique(patterns)


def _max_walk(reader: _Reader, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        reader.fail("[tool.claims]", f"max-walk: expected a positive integer, got {_describe(value)}")
    return value


def _boolean(reader: _Reader, key: str, value: object) -> bool:
    if not isinstance(value, bool):
        reader.fail("[tool.claims]", f"{key}: expected true or false, got {_describe(value)}")
    return value


def _refuse_trusted_and_denied(
    reader: _Reader,
    trusted: tuple[str, ...],
    trusted_for: Mapping[str, tuple[str, ...]],
    deny: Mapping[str, tuple[str, ...]],
    define: Mapping[str, CustomClaim],
) -> None:
    """A name trusted for a claim (`trusted`, or `trusted-for.<claim>`) that `deny` (or the custom claim's own
    `deny`) lists for the same claim is a contradiction (semantics §5): trusted names are never flagged, so the deny
    entry could never apply. A denied name lying under a trusted one (`deny = ["a.b.c"]`, `trusted = ["a.b"]`)
    is the same contradiction; the reverse (deny a module, trust one function in it) is an exception carved
    out of a deny, and stands."""
    denied: list[tuple[str, str, str]] = []  # (claim, name, where it is listed)
    for claim, names in deny.items():
        denied.extend((claim, name, f"deny.{claim}") for name in names)
    for claim, custom in define.items():
        denied.extend((claim, name, f"define.{claim}.deny") for name in custom.deny)
    for claim, name, listed in sorted(denied):
        sources = [(prefix, "trusted") for prefix in trusted]
        sources += [(prefix, f"trusted-for.{claim}") for prefix in trusted_for.get(claim, ())]
        for prefix, trusted_in in sorted(sources, key=lambda source: (source[1] != "trusted", source)):
            if prefix == name:
                reader.fail(
                    "[tool.claims]",
                    f"{name!r} is both in {trusted_in} and in {listed}: a name trusted for {claim} cannot be denied "
                    f"for it (remove one of the two)",
                )
            if name.startswith(prefix + "."):
                reader.fail(
                    "[tool.claims]",
                    f"{name!r} in {listed} lies under {prefix!r} in {trusted_in}: a name trusted for {claim} cannot "
                    f"be denied for it (remove one of the two)",
                )


def _define(reader: _Reader, value: object) -> dict[str, CustomClaim]:
    """`[tool.claims.define.NAME]` tables: custom claims forbidding categories and/or dotted names."""
    if not isinstance(value, dict):
        reader.fail("[tool.claims]", f"define: expected a table of custom claims, got {_describe(value)}")
    claims: dict[str, CustomClaim] = {}
    for name, body in value.items():
        if name in BUILTIN_CLAIMS:
            reader.fail("[tool.claims.define]", f"{name!r} collides with the built-in claim of that name")
        if not _CLAIM_NAME.fullmatch(name):
            reader.fail(
                "[tool.claims.define]",
                f"{name!r} is not a valid claim name (expected lowercase letters, digits, '_' or '-', "
                "starting with a letter)",
            )
        where = f"[tool.claims.define.{name}]"
        if not isinstance(body, dict):
            reader.fail(where, f"expected a table with 'categories' and/or 'deny', got {_describe(body)}")
        reader.check_keys(body, _DEFINE_KEYS, where)
        categories = _string_list(reader, where, "categories", body.get("categories", []), "category names")
        for category in categories:
            if category not in CATEGORIES:
                known = ", ".join(sorted(CATEGORIES))
                reader.fail(where, f"categories: unknown category {category!r} (known: {known})")
        deny = _dotted_list(reader, where, "deny", body.get("deny", []))
        if not categories and not deny:
            reader.fail(where, "forbids nothing: give 'categories' and/or 'deny'")
        claims[name] = CustomClaim(name=name, categories=frozenset(categories), deny=deny)
    return claims


def _claim_table(reader: _Reader, key: str, value: object, known: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """`deny` / `allow`: a table of claim -> dotted names; every claim must exist and be checkable."""
    if not isinstance(value, dict):
        reader.fail("[tool.claims]", f"{key}: expected a table of claim = [dotted names], got {_describe(value)}")
    where = f"[tool.claims.{key}]"
    known_claims = sorted(set(known))
    table: dict[str, tuple[str, ...]] = {}
    for claim, names in value.items():
        if claim not in known_claims:
            reader.fail(where, f"unknown claim {claim!r} {unknown_hint(claim, known_claims)}")
        if claim in UNCHECKED_CLAIMS:
            reader.fail(where, f"{claim!r} is asserted, never checked, so {key} entries cannot apply to it")
        table[claim] = _dotted_list(reader, where, claim, names)
    return table


def _header_lines(text: str) -> list[int]:
    """1-based lines of every `[[tool.claims.forbid-reaches]]` header, found textually."""
    lines: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = _ARRAY_HEADER.match(line)
        if match is None:
            continue
        parts = tuple(part.strip("\"'") for part in re.findall(_TOML_KEY, match.group(1)))
        if parts == _FORBID_HEADER_PARTS:
            lines.append(number)
    return lines


def _forbid_reaches(reader: _Reader, value: object) -> tuple[ForbidRule, ...]:
    """`[[tool.claims.forbid-reaches]]` rules: id, from, to; no reflexive rule, no duplicate id."""
    where = "[[tool.claims.forbid-reaches]]"
    if not isinstance(value, list):
        reader.fail(
            "[tool.claims]",
            f"forbid-reaches: expected an array of tables ({where} with id, from, to), got {_describe(value)}",
        )
    headers = _header_lines(reader.text)
    lines = headers if len(headers) == len(value) else [0] * len(value)
    rules: list[ForbidRule] = []
    first_line: dict[str, int] = {}
    for index, (rule, line) in enumerate(zip(value, lines, strict=True), start=1):
        at = where if line else f"{where} #{index}"
        if not isinstance(rule, dict):
            reader.fail(at, f"expected a table with id, from, to, got {_describe(rule)}", line)
        reader.check_keys(rule, _RULE_KEYS, at, line)
        for key in _RULE_KEYS:
            if key not in rule:
                reader.fail(at, f"missing key {key!r} (a rule needs id, from, to)", line)
            if not isinstance(rule[key], str):
                reader.fail(at, f"{key}: expected a string, got {_describe(rule[key])}", line)
        rule_id, source, target = rule["id"], rule["from"], rule["to"]
        if not _RULE_ID.fullmatch(rule_id):
            reader.fail(
                at,
                f"id: {rule_id!r} is not a valid rule id (expected letters, digits, '_', '.' or '-', "
                "starting with a letter or digit)",
                line,
            )
        at = f"{where} id {rule_id!r}"
        for key, name in (("from", source), ("to", target)):
            if not _is_dotted(name):
                reader.fail(at, f"{key}: {name!r} is not a dotted name (expected e.g. 'pkg.module.func')", line)
        if source == target:
            reader.fail(at, f"is reflexive: from and to are both {source!r}", line)
        if rule_id in first_line:
            previous = first_line[rule_id]
            seen = f" (first at line {previous})" if previous else ""
            reader.fail(where, f"duplicate id {rule_id!r}{seen}", line)
        first_line[rule_id] = line
        rules.append(ForbidRule(id=rule_id, source=source, target=target, line=line))
    return tuple(rules)


def _defaults(root: Path, file: Path | None, present: bool, packages: tuple[str, ...]) -> Config:
    return Config(
        root=root,
        file=file,
        present=present,
        packages=packages,
        exclude=DEFAULT_EXCLUDE,
        platform=None,
        platforms=DEFAULT_PLATFORMS,
        trusted=(),
        trusted_for=_frozen_map({}),
        deny=_frozen_map({}),
        allow=_frozen_map({}),
        external="unevaluable",
        follow=(),
        on_unevaluable="fail",
        mutating_returns=(),
        max_walk=DEFAULT_MAX_WALK,
        dynamic_calls=DYNAMIC_CALLS[0],
        claims_observe=False,
        define=_frozen_map({}),
        forbid_reaches=(),
    )


def _read(root: Path, file: Path, display: str) -> tuple[str, dict[str, Any]]:
    """The file's text and parsed document; unreadable or malformed TOML is a usage error."""
    try:
        data = read_file(file)  # never opens a FIFO or a device: a read from one may never end
    except OSError as error:
        raise ConfigError(f"{display}: cannot read the file: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(f"{display}: invalid TOML: not UTF-8 ({error.reason} at byte {error.start})") from None
    try:
        document: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        detail = " ".join(str(error).split())
        raise ConfigError(f"{display}: invalid TOML: {detail}") from None
    return text, document


def load_config(root: Path) -> Config:
    """Read, validate and freeze `[tool.claims]` from `<root>/pyproject.toml`.

    A missing file or a file without the table gives the defaults with `present=False`; anything malformed is
    a `ConfigError` whose one-line message starts with the file's path.
    """
    root = Path(os.path.abspath(root))
    file = root / PYPROJECT
    display = PYPROJECT
    if not file.exists():
        return _defaults(root, None, False, detect_packages(root))
    text, document = _read(root, file, display)
    tool = document.get("tool")
    if tool is None:
        return _defaults(root, file, False, detect_packages(root))
    if not isinstance(tool, dict):
        raise ConfigError(f"{display}: [tool] expected a table, got {_describe(tool)}")
    if "claims" not in tool:
        return _defaults(root, file, False, detect_packages(root))
    table = tool["claims"]
    reader = _Reader(root, display, text)
    if not isinstance(table, dict):
        reader.fail("[tool.claims]", f"expected a table, got {_describe(table)}")
    reader.check_keys(table, _TOP_KEYS, "[tool.claims]")

    define = _define(reader, table["define"]) if "define" in table else {}
    known_claims = [*BUILTIN_CLAIMS, *define]
    deny = _claim_table(reader, "deny", table["deny"], known_claims) if "deny" in table else {}
    allow = _claim_table(reader, "allow", table["allow"], known_claims) if "allow" in table else {}
    for claim in sorted(set(deny) & set(allow)):
        both = sorted(set(deny[claim]) & set(allow[claim]))
        if both:
            reader.fail("[tool.claims]", f"{both[0]!r} is both in deny.{claim} and in allow.{claim}")
    where = "[tool.claims]"
    trusted = _dotted_list(reader, where, "trusted", table.get("trusted", []))
    trusted_for = (
        _claim_table(reader, "trusted-for", table["trusted-for"], known_claims) if "trusted-for" in table else {}
    )
    _refuse_trusted_and_denied(reader, trusted, trusted_for, deny, define)

    exclude = _exclude(reader, table["exclude"]) if "exclude" in table else DEFAULT_EXCLUDE
    detected = "packages" not in table
    packages = detect_packages(root, exclude) if detected else _packages(reader, table["packages"])

    return Config(
        root=root,
        file=file,
        present=True,
        packages=packages,
        exclude=exclude,
        platform=_platforms(reader, "platform", table["platform"]) if "platform" in table else None,
        platforms=_platforms(reader, "platforms", table["platforms"]) if "platforms" in table else DEFAULT_PLATFORMS,
        trusted=trusted,
        trusted_for=_frozen_map(trusted_for),
        deny=_frozen_map(deny),
        allow=_frozen_map(allow),
        external=_choice(reader, "external", table.get("external", "unevaluable"), _EXTERNAL_VALUES),
        follow=_follow(reader, where, table.get("follow", [])),
        on_unevaluable=_choice(reader, "on-unevaluable", table.get("on-unevaluable", "fail"), _ON_UNEVALUABLE_VALUES),
        mutating_returns=_dotted_list(reader, where, "mutating-returns", table.get("mutating-returns", [])),
        max_walk=_max_walk(reader, table.get("max-walk", DEFAULT_MAX_WALK)),
        dynamic_calls=_choice(reader, "dynamic-calls", table.get("dynamic-calls", DYNAMIC_CALLS[0]), DYNAMIC_CALLS),
        claims_observe=_boolean(reader, "claims-observe", table.get("claims-observe", False)),
        define=_frozen_map(define),
        forbid_reaches=_forbid_reaches(reader, table["forbid-reaches"]) if "forbid-reaches" in table else (),
    )


# ----------------------------------------------------------------------------------------------------
# Where the project is (semantics §9, "One project, found one way"): the plugin and the command line both ask
# `find_project_root`, so `pytest -p claims pkgs/a`, `cd pkgs/a && pytest -p claims` and
# `pytest-claims check pkgs/a` check the same claims.

_CLAIMS_HEADER = re.compile(
    r"^[ \t]*\[{1,2}[ \t]*[\"']?tool[\"']?[ \t]*\.[ \t]*[\"']?claims[\"']?[ \t]*[\].]", re.MULTILINE
)
"""A `[tool.claims...]` header, for a file that does not parse: its errors are the project's to report."""


def holds_claims_table(file: Path) -> bool:
    """Whether `file` is a pyproject.toml that configures pytest-claims. A file that cannot be read as TOML holds
    the table when its text shows the header, so `load_config` then names the error; one that cannot be read at
    all (or is not a file) holds nothing."""
    try:
        if not file.is_file():
            return False
        text = read_file(file).decode("utf-8", errors="replace")
    except OSError:
        return False
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return _CLAIMS_HEADER.search(text) is not None
    tool = document.get("tool")
    return isinstance(tool, dict) and "claims" in tool


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


_PYTEST_FILES: tuple[tuple[str, re.Pattern[str] | None], ...] = (
    ("pytest.toml", None),
    (".pytest.toml", None),
    ("pytest.ini", None),
    (".pytest.ini", None),
    (PYPROJECT, re.compile(r"^[ \t]*\[[ \t]*tool[ \t]*\.[ \t]*pytest[ \t]*[\].]", re.MULTILINE)),
    ("tox.ini", re.compile(r"^[ \t]*\[pytest\]", re.MULTILINE)),
    ("setup.cfg", re.compile(r"^[ \t]*\[tool:pytest\]", re.MULTILINE)),
)
"""pytest's configuration files in its order of precedence, each with what makes it pytest's (None: always)."""


def _configures_pytest(file: Path, section: re.Pattern[str] | None) -> bool:
    try:
        if not file.is_file():
            return False
        return section is None or section.search(read_file(file).decode("utf-8", errors="replace")) is not None
    except OSError:
        return False


def pytest_rootdir(start: Path, invocation_dir: Path) -> Path:
    """The rootdir pytest finds from `start` (the common ancestor of its arguments) without `--rootdir` or `-c`,
    for the command line, which runs without pytest: the nearest directory holding one of pytest's
    configuration files, else the nearest holding a pyproject.toml, else one holding setup.py, else the common
    ancestor of `start` and the invocation directory (`start` when that is the file system's root)."""
    directories = (start, *start.parents)
    for directory in directories:
        if any(_configures_pytest(directory / name, section) for name, section in _PYTEST_FILES):
            return directory
    for marker in (PYPROJECT, "setup.py"):
        for directory in directories:
            if (directory / marker).is_file():
                return directory
    try:
        common = Path(os.path.commonpath([os.path.abspath(start), os.path.abspath(invocation_dir)]))
    except ValueError:  # another drive (Windows)
        return start
    return start if common == Path(common.anchor) else common
