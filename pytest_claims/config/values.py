"""Reading one value of `[tool.claims]`: each reader checks its value's type and shape and returns it normalised
(sets deduplicated and sorted, ordered lists deduplicated in their order), or fails with the one-line message that
names the file and the key (`Reader.fail`)."""

from __future__ import annotations

import posixpath
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from pytest_claims.config.messages import ConfigError, describe, suggest, unknown_platform
from pytest_claims.config.pyproject import PYPROJECT
from pytest_claims.vocabulary import platform_name


class Reader:
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
                self.fail(where, f"unknown key {key!r}{suggest(key, valid)}", line)


def is_dotted(name: str) -> bool:
    return bool(name) and all(part.isidentifier() for part in name.split("."))


def string_list(reader: Reader, where: str, key: str, value: object, what: str) -> list[str]:
    """An array of strings, else a usage error saying what was expected."""
    if not isinstance(value, list):
        reader.fail(where, f"{key}: expected an array of {what}, got {describe(value)}")
    for item in value:
        if not isinstance(item, str):
            reader.fail(where, f"{key}: expected an array of {what}, got an item that is {describe(item)}")
    return list(value)


def dotted_list(reader: Reader, where: str, key: str, value: object) -> tuple[str, ...]:
    """An array of dotted names (`pkg.mod.func`), deduplicated and sorted."""
    names = string_list(reader, where, key, value, "dotted names")
    for name in names:
        if not is_dotted(name):
            reader.fail(where, f"{key}: {name!r} is not a dotted name (expected names like 'pkg.module.func')")
    return tuple(sorted(set(names)))


def followed(reader: Reader, where: str, value: object) -> tuple[str, ...]:
    """`follow`: third-party packages only. A stdlib name there would walk the stdlib as project code (and
    `follow = ["os"]` would hold `os.getenv`): the catalogue is what judges the stdlib, so it is refused."""
    names = dotted_list(reader, where, "follow", value)
    for name in names:
        if name.split(".")[0] in sys.stdlib_module_names:
            reader.fail(where, f"follow: {name!r} is a standard-library module; the catalogue judges those")
    return names


def unique(items: Iterable[str]) -> tuple[str, ...]:
    """Deduplicate, keeping the first occurrence's position."""
    return tuple(dict.fromkeys(items))


def platforms(reader: Reader, key: str, value: object) -> tuple[str, ...]:
    """`"win32"`, `"linux,win32"` or `["linux", "win32"]`: known platforms, configured order, deduplicated."""
    where = "[tool.claims]"
    expected = 'a platform string ("win32" or "linux,win32") or an array of platform strings'
    if isinstance(value, str):
        names = [part.strip() for part in value.split(",")]
    elif isinstance(value, list):
        for item in value:
            if not isinstance(item, str):
                reader.fail(where, f"{key}: expected {expected}, got an item that is {describe(item)}")
        names = [item.strip() for item in value]
    else:
        reader.fail(where, f"{key}: expected {expected}, got {describe(value)}")
    if not names:
        reader.fail(where, f"{key}: expected at least one platform")
    canonical = []
    for name in names:
        known = platform_name(name)
        if known is None:
            reader.fail(where, f"{key}: {unknown_platform(name)}")
        canonical.append(known)
    return unique(canonical)


def choice(reader: Reader, key: str, value: object, choices: Sequence[str]) -> str:
    shown = " or ".join(f'"{choice}"' for choice in choices)
    if not isinstance(value, str) or value not in choices:
        reader.fail("[tool.claims]", f"{key}: expected {shown}, got {describe(value)}")
    return value


def package_paths(reader: Reader, value: object) -> tuple[str, ...]:
    """Configured source paths: relative, inside the root, existing directories or .py files."""
    where, key = "[tool.claims]", "packages"
    raw = string_list(reader, where, key, value, "paths relative to pyproject.toml")
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


def exclude_patterns(reader: Reader, value: object) -> tuple[str, ...]:
    patterns = string_list(reader, "[tool.claims]", "exclude", value, "glob patterns")
    for pattern in patterns:
        if not pattern or "\x00" in pattern:
            reader.fail("[tool.claims]", f"exclude: {pattern!r} is not a glob pattern")
    return unique(patterns)


def max_walk(reader: Reader, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        reader.fail("[tool.claims]", f"max-walk: expected a positive integer, got {describe(value)}")
    return value


def boolean(reader: Reader, key: str, value: object) -> bool:
    if not isinstance(value, bool):
        reader.fail("[tool.claims]", f"{key}: expected true or false, got {describe(value)}")
    return value
