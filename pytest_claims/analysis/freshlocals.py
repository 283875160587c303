"""Locals whose one read is a method call on what their one binding gave: `x = D(None)` then `x.m()`.

Where the def binds `x` only there, and reads it only as `x.m(...)`, that call runs on the value the call of D
gave, and no other code of the def (nor a nested scope, nor `locals()`) can have had it in between: what D's
constructor left in its fields is what `m` reads, as for `D(None).m()` (`resolution/freshfields.py`). Any other
binding of the name anywhere in the def (a parameter, `global`, `del`, `for`, `with ... as`, a nested scope's own
`x`) or any other read of it (`f(x)`, `y = x`, `x.f = v`) leaves the name out.
"""

from __future__ import annotations

import ast

_REACHING = frozenset({"locals", "vars", "eval", "exec"})
"""Names whose call may read or bind a local without naming it."""


class _Names:
    """How often the def binds and reads each name (nested scopes included), and the names read as `x.m(...)`.
    Walked iteratively (`ast.walk`): a body may nest deeper than the interpreter's stack."""

    def __init__(self) -> None:
        self.binds: dict[str, int] = {}
        self.reads: dict[str, int] = {}
        self.called: dict[str, int] = {}
        self.reaching = False

    def _bind(self, name: str | None, times: int = 1) -> None:
        if name is not None:
            self.binds[name] = self.binds.get(name, 0) + times

    def visit(self, root: ast.AST) -> None:
        for node in ast.walk(root):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                self.reads[node.id] = self.reads.get(node.id, 0) + 1
                self.reaching = self.reaching or node.id in _REACHING
            elif isinstance(node, ast.Name):
                self._bind(node.id)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if isinstance(node.func.value, ast.Name):
                    self.called[node.func.value.id] = self.called.get(node.func.value.id, 0) + 1
            elif isinstance(node, ast.arg):
                self._bind(node.arg)
            elif isinstance(node, ast.alias):
                self._bind((node.asname or node.name).partition(".")[0])
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler)):
                self._bind(node.name)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                for name in node.names:
                    self._bind(name, 2)  # never one binding: the name is another scope's
            elif isinstance(node, (ast.MatchAs, ast.MatchStar)):
                self._bind(node.name)
            elif isinstance(node, ast.MatchMapping):
                self._bind(node.rest)


# claims: deterministic
def fresh_locals(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None) -> tuple[str, ...]:
    """`FunctionFacts.fresh`: the names the def binds once, by a statement `x = f(...)` of its own scope, and reads
    once, as the object of a method call `x.m(...)`; () when it may reach its locals without naming them."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return ()
    names = _Names()
    names.visit(node.args)
    for stmt in node.body:
        names.visit(stmt)
    if names.reaching:
        return ()
    assigned = {
        stmt.targets[0].id
        for stmt in _own_statements(node.body)
        if isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Call)
    }
    return tuple(
        sorted(
            name
            for name in assigned
            if names.binds.get(name) == 1 and names.reads.get(name) == 1 and names.called.get(name) == 1
        )
    )


def _own_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a block and of the blocks nested in it, but not of a nested def or class."""
    found: list[ast.stmt] = []
    todo = list(body)
    while todo:
        stmt = todo.pop()
        found.append(stmt)
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody"):
            todo.extend(getattr(stmt, field, ()))
        todo.extend(inner for handler in getattr(stmt, "handlers", ()) for inner in handler.body)
        todo.extend(inner for case in getattr(stmt, "cases", ()) for inner in case.body)
    return found
