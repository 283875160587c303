"""Inserting `# claims:` lines into source files: the bytes, and the file on disk.

The edit is an insertion of whole lines and nothing else: every byte of the file stays as it was (encoding,
byte-order mark, line endings, indentation, trailing whitespace), and each new line takes the indentation and
the line ending of the line it goes above. The file itself is written by `files.write_file`: atomically (a temporary
file beside it and a rename, its permission bits kept), through a symbolic link to its target.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Mapping

_LINE_END = re.compile(rb"\r\n|\r|\n")
"""What ends a line for Python's tokenizer (a form feed or a vertical tab does not; `bytes.splitlines` would split
at them)."""

_BOM = b"\xef\xbb\xbf"


# claims: deterministic
def insert_lines(data: bytes, inserts: Mapping[int, bytes]) -> bytes:
    """`data` with `inserts[n]` on a line of its own directly above line `n` (1-based), indented as line `n` and
    ended as it is (as the file's first line when `n` is the unterminated last line). Nothing else changes.

    A form feed in line `n`'s indentation (a `^L` page break at the start of a `def` line) stays there and is
    not copied, nor what comes before it (the tokenizer counts the indentation from the last one): the
    directive reader takes only spaces and tabs before the `#`, so `\f# claims:` above the def would be a
    comment attached to nothing."""
    bom = _BOM if data.startswith(_BOM) else b""
    body = data[len(bom) :]
    ends = list(_LINE_END.finditer(body))
    default = ends[0].group() if ends else b"\n"
    out = [bom]
    start = 0
    for number in range(1, len(ends) + 2):
        end = ends[number - 1].end() if number <= len(ends) else len(body)
        line = body[start:end]
        if number in inserts:
            indent = line[: len(line) - len(line.lstrip(b" \t\f"))].rpartition(b"\f")[2]
            ending = ends[number - 1].group() if number <= len(ends) else default
            out.append(indent + inserts[number] + ending)
        out.append(line)
        start = end
    return b"".join(out)


# claims: deterministic
def directive_line(claims: tuple[str, ...]) -> bytes:
    """The comment `--write` inserts (claim names are ASCII by construction: `[a-z][a-z0-9_-]*`)."""
    return f"# claims: {', '.join(sorted(claims))}".encode("ascii")


def def_starts(data: bytes) -> dict[int, int] | None:
    """def line -> the line a directive goes above (its first decorator's, else its own), for every def that
    starts its line (a def after `if x:` or `;` on the same line cannot take a comment above it); None when
    the file does not parse."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the analysed code's SyntaxWarnings are not ours to show
            tree = ast.parse(data)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    lines = _LINE_END.split(data)
    starts: dict[int, int] = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
        text = _physical_line(lines, first)
        opener = (b"@",) if node.decorator_list else (b"def", b"async")
        if text.lstrip(b" \t\f").startswith(opener):
            starts[node.lineno] = first
    return starts


def _physical_line(lines: list[bytes], number: int) -> bytes:
    """Line `number` as the tokenizer counts lines (\\r, \\r\\n and \\n each end one), without a byte-order mark."""
    if not 0 < number <= len(lines):
        return b""
    line = lines[number - 1]
    return line[len(_BOM) :] if number == 1 and line.startswith(_BOM) else line
