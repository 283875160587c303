"""Insert `# claims: deterministic` above the defs of an unpacked corpus (shared by the benchmark builders).

Line numbers come from `ast`, never from a regex; the corpus is only parsed, never imported. The directive goes
directly above the def (above its first decorator), at its indentation. `workload.py` annotates every def of a
wheel; `soundness.py` annotates the non-nested defs of an sdist's package (a directive on a def nested in
another def is refused by semantics §2, and the static walk treats a nested def as part of the def around it).
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

DIRECTIVE = "# claims: deterministic"


@dataclass
class Annotated:
    """What annotating a tree did."""

    files: int = 0
    lines: int = 0
    """Lines of the .py files before any directive was inserted."""
    claims: int = 0
    """Directives inserted."""
    nested_claims: int = 0
    """Of those, directives on defs nested in another def (semantics §2 refuses them: a collection error)."""
    nested_left: int = 0
    """Defs nested in another def left without a directive (when nested defs are not annotated)."""
    skipped: int = 0
    """Defs that do not start their line (e.g. `if x: def f(): ...`), left without a directive."""
    refused_files: int = 0
    """Files holding at least one nested-def directive: pytest reports them as collection errors."""


def decode(data: bytes) -> tuple[str, str]:
    """The text of a source file and its declared encoding."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return data.decode(encoding), encoding


def defs(tree: ast.Module) -> list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, bool]]:
    """Every def in the module with whether it is nested inside another def (classes do not count)."""
    found: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, bool]] = []
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, inside_def = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((child, inside_def))
                stack.append((child, True))
            else:
                stack.append((child, inside_def))
    return found


def annotate(source: str, *, nested: bool = True) -> tuple[str, Annotated]:
    """The source with a directive above every def (only the non-nested ones when `nested` is False)."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    newline = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    targets: dict[int, bool] = {}
    stats = Annotated(files=1, lines=source.count("\n"))
    for node, inside in defs(tree):
        if inside and not nested:
            stats.nested_left += 1
            continue
        first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
        text = lines[first - 1]
        stripped = text.lstrip()
        starts = stripped.startswith("@") if node.decorator_list else stripped.startswith(("def", "async"))
        if not starts or first in targets:
            stats.skipped += 1
            continue
        targets[first] = inside
    out: list[str] = []
    for number, text in enumerate(lines, start=1):
        if number in targets:
            indent = text[: len(text) - len(text.lstrip())]
            out.append(f"{indent}{DIRECTIVE}{newline}")
        out.append(text)
    stats.claims = len(targets)
    stats.nested_claims = sum(targets.values())
    stats.refused_files = int(stats.nested_claims > 0)
    return "".join(out), stats


def annotate_tree(directories: Iterable[Path], *, nested: bool = True) -> Annotated:
    """Annotate every .py file under the directories in place; the totals."""
    total = Annotated()
    for directory in directories:
        for path in sorted(directory.rglob("*.py")):
            source, encoding = decode(path.read_bytes())
            annotated, stats = annotate(source, nested=nested)
            ast.parse(annotated, filename=str(path))  # still valid Python
            path.write_bytes(annotated.encode(encoding))
            for name in vars(total):
                setattr(total, name, getattr(total, name) + getattr(stats, name))
    return total
