"""Tell a `platform.system()` call the static pass evaluates per target from one it reaches (semantics §4.3).

Inside an `if` / `elif` or conditional-expression test, compared with string literals (`== "Windows"`,
`in ("Linux", "Darwin")`, `.startswith("CYGWIN")`), or as a `match` subject, the call is the target's own
constant: the static pass evaluates the guard and reaches nothing, so on one host it reads the same answer every
time and is no touch. Anywhere else (`mode = platform.system()`) it is a reach, and a touch. The test is read
from the caller's source: the call being made (its span from `co_positions` on 3.11+, its line before) must be
one of the guard calls found there. What this module cannot tell stays a touch, so it never hides a miss the
static pass made. The callee's identity is the wrapper's (the call did reach `platform.system`); the source
only says where it stood, and it must be spelled as the static pass names it (`platform.system()` through
`import platform`, or a `from platform import system` name).

Like every module of the recorder, this one deliberately does not use `from __future__ import annotations`
(see `observe.recorder`). It calls nothing the recorder wraps while recording: the source is read with the
recorder's per-thread flag set, so its own `open` is no touch.
"""

import ast
import functools
import sys
import types
from collections.abc import Callable

__all__ = ["PER_TARGET", "decided_guard", "guard_spans"]

PER_TARGET = frozenset({"platform.system"})
"""Catalogue entries whose call the static pass evaluates per target inside a platform guard."""

Span = tuple[int, int, int, int]
"""(line, end line, column, end column) of a call expression."""


def decided_guard(frame: types.FrameType) -> bool:
    """Whether the call `frame` is making is a `platform.system()` guard the static pass evaluates."""
    decided, other = guard_spans(frame.f_code.co_filename)
    if not decided:
        return False
    span = _current_span(frame)
    if span is not None:
        return span in decided
    line = frame.f_lineno  # no positions (3.10): every such call on the line must be a guard
    return any(s[0] == line for s in decided) and not any(s[0] == line for s in other)


def _current_span(frame: types.FrameType) -> "Span | None":
    if sys.version_info < (3, 11):  # pragma: no cover - 3.10 has no co_positions
        return None
    positions = _positions(frame.f_code)
    index = frame.f_lasti // 2
    if not 0 <= index < len(positions):
        return None
    line, end, column, end_column = positions[index]
    if line is None or end is None or column is None or end_column is None:
        return None
    return (line, end, column, end_column)


@functools.lru_cache(maxsize=4096)
def _positions(code: types.CodeType) -> "tuple[tuple[int | None, int | None, int | None, int | None], ...]":
    return tuple(code.co_positions())  # type: ignore[attr-defined]  # 3.11+, checked by the caller


@functools.lru_cache(maxsize=1024)
def guard_spans(filename: str) -> tuple[frozenset[Span], frozenset[Span]]:
    """The spans of the file's `platform.system()` calls: (evaluated guards, all the others)."""
    try:
        with open(filename, "rb") as handle:
            tree = ast.parse(handle.read())
    except (OSError, SyntaxError, ValueError):
        return frozenset(), frozenset()
    modules, functions = _import_names(tree)

    def is_system(node: ast.AST) -> bool:
        if not isinstance(node, ast.Call) or node.args or node.keywords:
            return False
        func = node.func
        if isinstance(func, ast.Name):
            return func.id in functions
        return (
            isinstance(func, ast.Attribute)
            and func.attr == "system"
            and isinstance(func.value, ast.Name)
            and func.value.id in modules
        )

    decided: set[ast.Call] = set()
    calls: list[ast.Call] = []
    for node in ast.walk(tree):
        if is_system(node):
            assert isinstance(node, ast.Call)
            calls.append(node)
        if isinstance(node, (ast.If, ast.IfExp)):
            test = node.test
            parts = test.values if isinstance(test, ast.BoolOp) else [test]
            for part in parts:
                found = _decided_part(part, is_system)
                if found is not None:
                    decided.update(found)
        elif isinstance(node, ast.Match) and is_system(node.subject):
            assert isinstance(node.subject, ast.Call)
            decided.add(node.subject)
    spans = {call: _span(call) for call in calls}
    return (
        frozenset(spans[c] for c in calls if c in decided),
        frozenset(spans[c] for c in calls if c not in decided),
    )


def _span(node: ast.expr) -> Span:
    return (node.lineno, node.end_lineno or node.lineno, node.col_offset, node.end_col_offset or node.col_offset)


def _import_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """Names bound to the `platform` module and to `platform.system` by the file's imports."""
    modules: set[str] = set()
    functions: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.asname or alias.name for alias in node.names if alias.name == "platform")
        elif isinstance(node, ast.ImportFrom) and node.module == "platform" and not node.level:
            functions.update(alias.asname or alias.name for alias in node.names if alias.name == "system")
    return modules, functions


def _decided_part(part: ast.expr, is_system: Callable[[ast.AST], bool]) -> "list[ast.Call] | None":
    """The system calls of one part of a test when every comparison in it is one the static pass evaluates
    (`and` / `or` / `not` over them); None when any is not."""
    found: list[ast.Call] = []
    stack = [part]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BoolOp):
            stack.extend(node.values)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            stack.append(node.operand)
        else:
            call = _compared_call(node, is_system)
            if call is None:
                return None
            found.append(call)
    return found


def _compared_call(node: ast.expr, is_system: Callable[[ast.AST], bool]) -> "ast.Call | None":
    """The system call of `platform.system() == "X"` (either side), `... in ("X", "Y")`, `.startswith("X")`."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "startswith":
        receiver = node.func.value
        if is_system(receiver) and len(node.args) == 1 and not node.keywords and _is_str(node.args[0]):
            assert isinstance(receiver, ast.Call)
            return receiver
        return None
    if not isinstance(node, ast.Compare) or len(node.ops) != 1:
        return None
    op, left, right = node.ops[0], node.left, node.comparators[0]
    if isinstance(op, (ast.Eq, ast.NotEq)):
        for subject, other in ((left, right), (right, left)):
            if is_system(subject) and _is_str(other):
                assert isinstance(subject, ast.Call)
                return subject
        return None
    if (
        isinstance(op, (ast.In, ast.NotIn))
        and is_system(left)
        and isinstance(right, (ast.Tuple, ast.List, ast.Set))
        and all(_is_str(e) for e in right.elts)
    ):
        assert isinstance(left, ast.Call)
        return left
    return None


def _is_str(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)
