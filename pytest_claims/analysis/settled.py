"""Which module-level names the statements above a class statement have certainly bound, and where.

A `class` statement evaluates its bases and metaclass when its line runs: a name the module binds more than once
is then what the last statement to bind it left (`from m import Transform` ... `class IsEmpty(Transform)` ...
`class Transform(...)`: the imported class), not every binding the module makes. A statement at the top of the
module that completes has made its plain bindings (had it raised, the import, and the class statement with it,
would have stopped), so it settles the names it binds: what a later class statement reads is that binding or one
made after it. Nothing else settles a name: a binding under `if` / `try` / a loop / `with` or in a walrus may not
have run, a star import may or may not bind it, and a name some function declares `global` may be stored by a
call made in between (a regular expression over the text finds those, as `facts.rebound_names` does).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator

GLOBAL_STATEMENT = re.compile(r"^[ \t]*global[ \t]+([\w \t,]+)", re.MULTILINE)
"""A `global` statement (in a function: the name may be rebound whenever it runs). Text, not syntax: a
string holding such a line only keeps more bindings."""


def declared_global(source: str) -> frozenset[str]:
    """The names a `global` statement anywhere in the text declares."""
    if "global" not in source:
        return frozenset()
    return frozenset(n for found in GLOBAL_STATEMENT.findall(source) for n in found.replace(",", " ").split())


class Settled:
    """The line of the last top-level statement certainly binding each name, kept as the module's statements are
    walked in order (`after` each one)."""

    __slots__ = ("_declared", "_lines", "_source")

    def __init__(self, source: str) -> None:
        self._source = source
        self._lines: dict[str, int] = {}
        self._declared: frozenset[str] | None = None

    def after(self, stmt: ast.stmt) -> None:
        """`stmt`, a statement of the module's own body, has run: the names it binds are settled at its line
        (every binding it makes has that line or a later one: a target, a value, a def's `def` line)."""
        for name in _bound(stmt):
            self._lines[name] = stmt.lineno

    def floors(self, names: Iterable[str]) -> tuple[tuple[str, int], ...]:
        """(name, line of the statement that settled it) for each of `names` settled so far and never declared
        `global`, in the order given."""
        if self._declared is None:
            self._declared = declared_global(self._source)
        found: dict[str, int] = {}
        for name in names:
            line = self._lines.get(name)
            if line is not None and name not in self._declared:
                found[name] = line
        return tuple(found.items())


def _bound(stmt: ast.stmt) -> Iterator[str]:
    """The names a statement that completes has certainly bound (a walrus inside it may not have run)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield stmt.name
    elif isinstance(stmt, ast.Import):
        for alias in stmt.names:
            yield alias.asname or alias.name.split(".")[0]
    elif isinstance(stmt, ast.ImportFrom):
        yield from (alias.asname or alias.name for alias in stmt.names if alias.name != "*")
    elif isinstance(stmt, ast.Assign):
        for target in stmt.targets:
            yield from _targets(target)
    elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
        yield stmt.target.id
    elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        yield stmt.target.id  # `name: T` alone binds nothing


def _targets(target: ast.expr) -> Iterator[str]:
    """The names an assignment target binds (`a, (b, *c) = ...`); an attribute or a subscript binds none."""
    stack = [target]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, (ast.Tuple, ast.List)):
            stack.extend(node.elts)
        elif isinstance(node, ast.Starred):
            stack.append(node.value)
