"""Stub bodies: defs whose body promises nothing about what runs, so a claim on them reads as a promise about
every implementation.

`suggest` proposes no claim for a def whose body is only a docstring, `...`, `pass` or `raise
NotImplementedError`, for a member of a `typing.Protocol` class, for an `@abstractmethod` or for an `@overload`
stub: each would hold trivially while saying nothing about the code that runs in its place. Read from the
source text alone (never imported), by the decorators' and bases' last dotted part as written.
"""

from __future__ import annotations

import ast
import warnings

_ABSTRACT = frozenset({"abstractmethod", "abstractproperty", "abstractclassmethod", "abstractstaticmethod"})
_OVERLOAD = frozenset({"overload"})
_PROTOCOL = frozenset({"Protocol"})

Def = ast.FunctionDef | ast.AsyncFunctionDef


def stub_defs(data: bytes) -> frozenset[int]:
    """The `def` lines of every stub in the file (empty when it does not parse)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the analysed code's SyntaxWarnings are not ours to show
            tree = ast.parse(data)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return frozenset()
    found: set[int] = set()
    protocol_members: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(_last_name(b) in _PROTOCOL for b in node.bases):
            protocol_members.update(id(n) for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
            id(node) in protocol_members or _stub(node)
        ):
            found.add(node.lineno)
    return frozenset(found)


def _stub(node: Def) -> bool:
    names = {_last_name(d) for d in node.decorator_list}
    return bool(names & (_ABSTRACT | _OVERLOAD)) or all(_empty(statement) for statement in node.body)


def _empty(statement: ast.stmt) -> bool:
    """A docstring, `...`, `pass` or `raise NotImplementedError[(...)]`."""
    if isinstance(statement, ast.Pass):
        return True
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return statement.value.value is Ellipsis or isinstance(statement.value.value, str)
    if isinstance(statement, ast.Raise) and statement.exc is not None:
        exc = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
        return _last_name(exc) == "NotImplementedError"
    return False


def _last_name(node: ast.expr) -> str:
    """`Protocol` for `Protocol`, `typing.Protocol` and `Protocol[T]`; "" for anything else."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""
