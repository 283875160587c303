"""`python -m pytest_claims init`: write a starting `[tool.claims]` table into pyproject.toml.

The file belongs to the user, so the edit is an insertion of new text at one place (or, with `force`, the
replacement of the old `[tool.claims]` text): every byte outside the table stays as it was, comments and
odd spacing included. tomlkit renders the values and parses the file before and after; the result is
checked to mean exactly the old document plus the new table before anything is written.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import tomlkit
from tomlkit.exceptions import TOMLKitError

from pytest_claims.config import DEFAULT_EXCLUDE, DEFAULT_MAX_WALK, DYNAMIC_CALLS, PYPROJECT, detect_packages
from pytest_claims.files import Refused, editable, read_file, write_file
from pytest_claims.vocabulary import DEFAULT_PLATFORMS

__all__ = ["InitError", "InitResult", "init_config", "render_table", "run_init"]

_TABLE_PATH = ("tool", "claims")

_COMMENT_COLUMN = 44
"""Where the explanation of each commented default starts, so the block reads as a table."""


class InitError(Exception):
    """`init` cannot write the table; the message says why and what to do (exit status 1)."""


@dataclass(frozen=True)
class InitResult:
    """What `init` did: the file, whether it was created or replaced a table, and the table written."""

    path: Path
    created: bool
    replaced: bool
    table: str
    target: Path | None = None
    """The file written, when `path` is a symbolic link (its target is written, the link stays)."""
    legacy: str = ""
    """The setup.py or setup.cfg of a project that had no pyproject.toml before `init` created one: its builds
    change (see `LEGACY_BUILD`)."""


LEGACY_BUILD = (
    "warning: {name} builds this project and it had no pyproject.toml: with one, pip builds it the PEP 517 way,"
    " in an isolated environment holding only setuptools (no [build-system] table means setuptools'"
    " `setuptools.build_meta:__legacy__` backend, which still runs {name}), so whatever {name} imports at build"
    " time besides setuptools must be listed under [build-system] requires. To undo: delete {path}."
)
"""What `init` says when it creates pyproject.toml beside a setup.py or setup.cfg."""


def render_table(packages: tuple[str, ...] | list[str], newline: str = "\n") -> str:
    """The `[tool.claims]` text: `packages` live, every other key of semantics §10 commented at its default.

    Commented rather than written so the file states only what the user chose: a default that changes
    in a later version reaches them, and uncommenting a line is the whole edit when they want another value.
    """

    def toml(value: object) -> str:
        return str(tomlkit.item(value).as_string())

    def row(assignment: str, why: str) -> str:
        return f"{assignment.ljust(_COMMENT_COLUMN - 2)}  # {why}"

    found = "was detected" if packages else "could not be detected"
    lines = [
        "[tool.claims]",
        f"# Written by the pytest-claims init command. `packages` {found}; every other key shows",
        "# its default, commented out: uncomment a line to change it.",
    ]
    if packages:
        lines.append(row(f"packages = {toml(list(packages))}", "source paths, relative to this file"))
    else:
        lines.append(row('# packages = ["src/yourpackage"]', "nothing detected: list your source paths here"))
    lines += [
        row("# exclude = [", "glob patterns left out (a list here replaces this one)"),
        *_wrapped_items([toml(pattern) for pattern in DEFAULT_EXCLUDE]),
        "# ]",
        row('# platform = "linux"', "unset: the host's; set: only these (a name or a list) are checked"),
        row(f"# platforms = {toml(list(DEFAULT_PLATFORMS))}", "the --claims-all-platforms sweep"),
        row("# trusted = []", "dotted names asserted by hand: never walked, never flagged"),
        row("# trusted-for = {}", 'claim -> names trusted for it only: { sandboxed = ["a.fsroot"] }'),
        row("# deny = {}", 'claim -> extra names that break it: { deterministic = ["a.b"] }'),
        row("# allow = {}", "claim -> names exempted from the built-in catalogue"),
        row('# external = "unevaluable"', 'or "trust": third-party reaches'),
        row("# follow = []", "third-party packages to walk like project code"),
        row('# on-unevaluable = "fail"', 'or "skip"'),
        row("# mutating-returns = []", 'dotted type names whose return means "mutates"'),
        row(f"# max-walk = {DEFAULT_MAX_WALK}", "capacity bound on one walk; past it: unevaluable"),
        row(f"# dynamic-calls = {toml(DYNAMIC_CALLS[0])}", 'or "unevaluable": a blind spot makes a claim unevaluable'),
        row("# claims-observe = false", "true: also observe the test run, at run time"),
        "#",
        "# A custom claim, and an architecture rule (`from` must never reach `to`):",
        "# [tool.claims.define.offline]",
        '# categories = ["network"]',
        "# [[tool.claims.forbid-reaches]]",
        '# id = "core-stays-pure"',
        '# from = "yourpackage.core"',
        '# to = "yourpackage.db"',
    ]
    return "".join(line + newline for line in lines)


def _wrapped_items(items: list[str], width: int = 100) -> list[str]:
    """Commented array items, several to a line, each line within `width` characters."""
    lines: list[str] = []
    current = "#    "
    for item in items:
        if len(current) + len(item) + 2 > width and current != "#    ":
            lines.append(current)
            current = "#    "
        current += f" {item},"
    lines.append(current)
    return lines


# ----------------------------------------------------------------------------------------------------
# Locating tables in the text


@dataclass(frozen=True)
class _Header:
    start: int
    """Offset of the first character of the header's line."""
    path: tuple[str, ...]


def _scan_headers(text: str) -> list[_Header]:
    """Every table header (`[a.b]`, `[[a.b]]`) with its line offset, skipping strings, comments and arrays.

    A character-level scan (not a line regex) so a `[x]` inside a multi-line string or a nested array line
    is never taken for a header. The text is valid TOML (tomlkit parsed it first).
    """
    headers: list[_Header] = []
    i, n = 0, len(text)
    depth = 0  # open [ and { of values
    line_start = 0
    at_line_start = True  # only whitespace so far on this line
    while i < n:
        ch = text[i]
        if ch == "\n":
            i += 1
            line_start, at_line_start = i, True
            continue
        if ch in " \t\r":
            i += 1
            continue
        if ch == "#":
            newline = text.find("\n", i)
            i = n if newline < 0 else newline
            continue
        if ch == "[" and at_line_start and depth == 0:
            end = text.find("\n", i)
            end = n if end < 0 else end
            headers.append(_Header(line_start, _header_path(text[i:end].rstrip("\r"))))
            i = end
            continue
        at_line_start = False
        if text.startswith(('"""', "'''"), i):
            close = text.find(text[i : i + 3], i + 3)
            while text[i] == '"' and close > 0 and _escaped(text, close):
                close = text.find('"""', close + 1)
            close = n if close < 0 else close + 3
            while close < n and text[close] == text[i]:  # up to two quotes may end the content
                close += 1
            i = close
            continue
        if ch in "\"'":
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if ch == '"' and text[j] == "\\" else 1
            i = j + 1
            continue
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return headers


def _escaped(text: str, index: int) -> bool:
    """True when the quote at `index` is escaped by an odd run of backslashes."""
    count = 0
    while index - count - 1 >= 0 and text[index - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def _header_path(line: str) -> tuple[str, ...]:
    """The dotted key of a header line, decoded by tomlkit (quoted keys included)."""
    node: Any = tomlkit.parse(line).unwrap()
    path: list[str] = []
    while isinstance(node, dict) and len(node) == 1:
        key = next(iter(node))
        path.append(key)
        node = node[key]
    return tuple(path)


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts += [i + 1 for i, ch in enumerate(text) if ch == "\n" and i + 1 < len(text)]
    return starts


def _content_end(text: str, start: int, stop: int) -> int:
    """Where the content of the table that starts at `start` ends, when the next header starts at `stop`.

    Trailing blank lines, and a comment block directly above the next header (which introduces that
    header), stay with what follows.
    """
    lines = [offset for offset in _line_starts(text) if start < offset < stop]
    end = stop
    attached = stop < len(text)  # at the end of the file, trailing comments have no header to introduce
    for offset in reversed(lines):
        stripped = text[offset:end].strip()
        if attached and stripped.startswith("#"):
            end = offset
            continue
        attached = False
        if stripped:
            break
        end = offset
    return max(end, _next_line(text, start))


def _next_line(text: str, offset: int) -> int:
    newline = text.find("\n", offset)
    return len(text) if newline < 0 else newline + 1


def _is_claims(header: _Header) -> bool:
    return header.path[:2] == _TABLE_PATH


# ----------------------------------------------------------------------------------------------------
# Editing


def _insert(text: str, table: str, newline: str) -> str:
    """The text with `table` added after the last `[tool.*]` table, or at the end of the file."""
    headers = _scan_headers(text)
    tool_indices = [index for index, header in enumerate(headers) if header.path[:1] == ("tool",)]
    if tool_indices:
        last = tool_indices[-1]
        stop = headers[last + 1].start if last + 1 < len(headers) else len(text)
        at = _content_end(text, headers[last].start, stop)
        candidate = _splice(text, at, at, table, newline)
        if _means(candidate, text, table):
            return candidate
    return _splice(text, len(text), len(text), table, newline)


def _replace(text: str, table: str, newline: str) -> str:
    """The text with every `[tool.claims...]` table removed and `table` put where the first one was."""
    headers = _scan_headers(text)
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(headers):
        if not _is_claims(headers[index]):
            index += 1
            continue
        first = index
        while index + 1 < len(headers) and _is_claims(headers[index + 1]):
            index += 1
        stop = headers[index + 1].start if index + 1 < len(headers) else len(text)
        spans.append((headers[first].start, _content_end(text, headers[index].start, stop)))
        index += 1
    if not spans:
        raise InitError(
            f"the existing [tool.claims] in {PYPROJECT} is written as dotted keys or an inline table, "
            "which init does not rewrite: remove it by hand, then run init again"
        )
    result = text
    for start, end in reversed(spans[1:]):
        result = result[:start] + result[end:]
    start, end = spans[0]
    return _splice(result, start, end, table, newline)


def _splice(text: str, start: int, end: int, table: str, newline: str) -> str:
    """Put `table` in place of text[start:end], adding only the line breaks that set it apart.

    Inserting (start == end) after content adds a blank line before the table; whatever follows gets a
    blank line after it unless one is already there. Replacing keeps what separated the old table.
    """
    before, after = text[:start], text[end:]
    lead = ""
    if start == end and before.strip():
        if not before.endswith("\n"):
            lead = newline
        if not (before + lead).endswith(newline * 2):
            lead += newline
    trail = newline if after.strip() and not after.startswith(("\n", "\r\n")) else ""
    return before + lead + table + trail + after


def _data(text: str) -> dict[str, Any]:
    data: dict[str, Any] = tomlkit.parse(text).unwrap()
    return data


def _without_claims(data: dict[str, Any]) -> dict[str, Any]:
    tool = data.get("tool")
    if isinstance(tool, dict):
        tool.pop("claims", None)
        if not tool:
            data.pop("tool")
    return data


def _means(candidate: str, original: str, table: str) -> bool:
    """True when `candidate` parses to the original document, minus its old table, plus `table`."""
    try:
        new = _data(candidate)
        wanted = _data(table)
        old = _data(original) if original.strip() else {}
    except TOMLKitError:
        return False
    claims = new.get("tool", {}).get("claims") if isinstance(new.get("tool"), dict) else None
    return claims == wanted["tool"]["claims"] and _without_claims(new) == _without_claims(old)


def init_config(root: Path, *, force: bool = False) -> InitResult:
    """Write `[tool.claims]` into `<root>/pyproject.toml` (created when absent) and say what was done.

    Refuses (InitError) when the table exists and `force` is false, when the file is not valid TOML, and
    when the edit would change the meaning of anything else in the file.
    """
    root = Path(root)
    if root.is_file():
        path, root = root, root.parent
    else:
        path = root / PYPROJECT
    if not root.is_dir():
        raise InitError(f"{root}: no such directory")
    packages = detect_packages(root)
    if not path.exists():
        table = render_table(packages)
        legacy = next((n for n in ("setup.py", "setup.cfg") if (root / n).is_file()), "")
        return InitResult(path, True, False, table, _write(path, table), legacy)

    try:
        text = read_file(editable(path)).decode("utf-8")
    except Refused as refused:
        raise InitError(f"{path}: {refused}; nothing written") from None
    except OSError as error:
        raise InitError(f"{path}: cannot read the file: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        detail = f"{error.reason} at byte {error.start}"
        raise InitError(f"{path}: not UTF-8 ({detail}); nothing written") from None
    try:
        data = _data(text)
    except TOMLKitError as error:
        raise InitError(f"{path}: invalid TOML ({error}); nothing written") from None
    newline = "\r\n" if "\n" in text and text.split("\n", 1)[0].endswith("\r") else "\n"
    table = render_table(packages, newline)
    tool = data.get("tool")
    if tool is not None and not isinstance(tool, dict):
        raise InitError(f"{path}: `tool` is not a table; nothing written")
    exists = isinstance(tool, dict) and "claims" in tool
    if exists and not force:
        raise InitError(
            f"{path} already has a [tool.claims] table; nothing written. Use --force to replace it (its sub-tables too)"
        )
    result = _replace(text, table, newline) if exists else _insert(text, table, newline)
    if not _means(result, text, table):
        raise InitError(
            f"{path}: could not add [tool.claims] without changing the rest of the file; nothing written. "
            "Paste this table in by hand:\n" + table
        )
    return InitResult(path, created=False, replaced=exists, table=table, target=_write(path, result))


def _write(path: Path, text: str) -> Path | None:
    """Write by the policy for user-named files (atomic, through a link to its target, permission bits kept);
    the target written when `path` is a link."""
    try:
        target = write_file(path, text.encode("utf-8"))
    except OSError as error:
        raise InitError(f"{path}: cannot write the file: {error.strerror or error}") from None
    return target if path.is_symlink() else None


def run_init(root: Path, *, force: bool = False, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """The `init` command: do it, print what was written, and return the exit status (0 done, 1 refused)."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        result = init_config(root, force=force)
    except InitError as error:
        print(f"pytest-claims init: {error}", file=err)
        return 1
    verb = "created" if result.created else "replaced [tool.claims] in" if result.replaced else "added to"
    through = f" (a symbolic link: written to {result.target})" if result.target is not None else ""
    print(f"pytest-claims init: {verb} {result.path}{through}:", file=out)
    print(file=out)
    out.write(result.table.replace("\r\n", "\n"))
    print(file=out)
    print("Check the claims with: pytest-claims check (or pytest, which runs each as a test item)", file=out)
    if result.legacy:
        print(LEGACY_BUILD.format(name=result.legacy, path=result.path), file=err)
    return 0
