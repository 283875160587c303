"""What every report format shares: the one JSON serialisation, report paths, the details and finding order.

Kept apart from `report` so that the SARIF builder (`output.sarif`) and the JSON and Markdown reports read the
same paths and order the same findings without importing each other.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from json.encoder import encode_basestring
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING

from pytest_claims.records import FrontierEntry, Violation
from pytest_claims.reportdetails import Details

if TYPE_CHECKING:
    from pytest_claims.engine import Result

__all__ = ["analysis_line", "details_of", "dump_chunks", "dumps", "frontier_sort_key", "posix", "violation_sort_key"]


# claims: deterministic
def dumps(document: object) -> str:
    """The one serialisation of every JSON-shaped report: sorted keys, two-space indent, final newline."""
    return _encoded(document, "") + "\n"


_ENCODER = json.JSONEncoder(sort_keys=True, indent=2, ensure_ascii=False)
_STRING = encode_basestring


# claims: deterministic
def _encoded(value: object, indent: str) -> str:
    """`json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False)` at the depth `indent` stands for, the
    same text, told apart by the same tests `json` makes: given an indent, `json` encodes in Python one small piece
    at a time; a report is mostly lists, string-keyed dicts, strings and integers, joined here whole (about 1.6x
    faster). Anything else (a float, a dict with other keys) is left to `json`."""
    if isinstance(value, str):
        return _STRING(value)
    if value is None or value is True or value is False:
        return "null" if value is None else "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]"
        inner = indent + "  "
        return f"[\n{inner}" + f",\n{inner}".join([_encoded(item, inner) for item in value]) + f"\n{indent}]"
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        if not value:
            return "{}"
        inner = indent + "  "
        pairs = [f"{_STRING(key)}: {_encoded(value[key], inner)}" for key in sorted(value)]
        return f"{{\n{inner}" + f",\n{inner}".join(pairs) + f"\n{indent}}}"
    return _ENCODER.encode(value).replace("\n", "\n" + indent)


def dump_chunks(document: Mapping[str, object]) -> Iterator[str]:
    """`dumps(document)` in pieces, for a report too large to hold twice: a top-level value that is an iterator is
    a list whose items are made and encoded one at a time, so neither the whole document nor its text is ever in
    memory. The pieces join to exactly `dumps`' text (with the iterators as lists): each value is encoded at
    depth 0 and indented after, which is the same since a JSON string never holds a raw line break."""
    if not document:
        yield "{}\n"
        return
    lead = "{\n  "
    for key in sorted(document):
        value = document[key]
        yield f"{lead}{_STRING(key)}: "
        lead = ",\n  "
        if isinstance(value, Iterator):
            yield from _list_chunks(value)
        else:
            yield _encoded(value, "  ")
    yield "\n}\n"


def _list_chunks(items: Iterator[object]) -> Iterator[str]:
    """A list at depth 1 of `dump_chunks`' document, one item per piece."""
    lead = "[\n    "
    for item in items:
        yield lead + _encoded(item, "    ")
        lead = ",\n    "
    yield "[]" if lead.startswith("[") else "\n  ]"


def posix(path: str, root: Path) -> str:
    """A report path: posix, relative to the project root when it lies under it (followed code may not)."""
    if PureWindowsPath(path).drive or PurePosixPath(path).is_absolute():
        try:
            return Path(path).resolve().relative_to(root.resolve()).as_posix()
        except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop before Python 3.13
            return Path(path).as_posix()
    return path.replace("\\", "/")


def details_of(result: Result) -> Details:
    """The engine's report details: every report is built from them and the verdicts, never from the project."""
    if result.details is None:
        raise ValueError("a report needs the analysis details: run check(..., details=True)")
    return result.details


def violation_sort_key(v: Violation) -> tuple[str, int, str, str, str, tuple[str, ...]]:
    return (v.file, v.line, v.reach, v.claim, v.kind, v.via)


def frontier_sort_key(f: FrontierEntry) -> tuple[str, int, str, str, tuple[str, ...]]:
    return (f.file, f.line, f.reach, f.reason, f.via)


# claims: deterministic
def analysis_line(seconds: float, parsed: int, cached: int, reused: int) -> str:
    """How long the analysis took and what it did not redo, in the words the plugin's summary uses: `analysis:
    0.42 s, 3 files parsed, 12 read from cache, 40 verdicts reused` (the last part only when some were)."""
    line = f"analysis: {seconds:.2f} s, {parsed} file{'' if parsed == 1 else 's'} parsed, {cached} read from cache"
    if reused:
        line += f", {reused} verdict{'' if reused == 1 else 's'} reused"
    return line
