"""What a call of a def gives back, where its arguments and the module's constants say (semantics §5.6), read from
syntax only.

Django's `get_complete_version(version=None)` returns its argument, or, given None, `from django import VERSION as
version`, a module-level tuple of literals. `get_version(version=None)` opens with `version = get_complete_version(
version)` and then tests `version[3] == "alpha"`: with the callee's returns known as a small list of sources, each
with the tests on its path, the walk knows what the rebinding holds (`resolution/returned.py`).

Three facts, each small and bounded:

- `constants`: the module-level names a statement of the module's top level binds to a literal tuple (`VERSION = (5,
  1, 15, "final", 0)`); the walk takes one as that literal only where nothing else binds or stores the name;
- `returned`: for a plain def whose one `return p` ends its body, where `p` comes from: its parameter, unchanged; a
  function-local `from m import N as p`; a module-level name assigned to it (`p = N`), each with the tests of the
  `if` statements on its path (a platform test, or a test of a parameter the body never binds again: that still
  reads the argument). A path that raises gives nothing; any other statement that binds `p`, any other `return`, a
  `yield`, or `global` / `nonlocal` leaves the def without one;
- `through`: a parameter the def binds only once, by its first statement, `p = f(a, ...)` (plain names and
  literals as arguments): the call's value is what every later read of `p` holds.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from pytest_claims.analysis import arguments
from pytest_claims.records import Cond, CondAnd, CondNot, CondOr, CondParam

Source = tuple[str, str, int, tuple[tuple[int, bool], ...]]
"""Where a returned value comes from: (kind, name, line, the tests on its path as (condition index, polarity)); kind
"param" (the parameter `name` unchanged), "global" (the module-level `name`) or "import" (the function-local import
binding `name` at `line`)."""

MAX_SOURCES = 8
"""More paths than this and the def gives nothing known (real ones have two)."""

_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


# claims: deterministic
def constants(tree: ast.Module) -> tuple[tuple[str, arguments.Lit], ...]:
    """The module's top-level `NAME = (literal, ...)` statements, as (name, literal tuple)."""
    found: list[tuple[str, arguments.Lit]] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            value = arguments.literal(stmt.value) if isinstance(stmt.value, ast.Tuple) and stmt.value.elts else None
            if value is not None:
                found.append((stmt.targets[0].id, value))
    return tuple(found)


def _own(nodes: list[ast.stmt]) -> list[ast.AST]:
    """Every node of these statements outside nested defs, lambdas and classes (their headers' defaults aside)."""
    out: list[ast.AST] = []
    stack: list[ast.AST] = list(nodes)
    while stack:
        node = stack.pop()
        out.append(node)
        if not isinstance(node, _NESTED):
            stack.extend(ast.iter_child_nodes(node))
    return out


def _binders(nodes: list[ast.stmt]) -> dict[str, int]:
    """How many times each name is bound anywhere in these statements, nested scopes included (a walrus, an import,
    an `except ... as`, a capture, a nested def's parameter, `global` / `nonlocal`: each counts)."""
    counts: dict[str, int] = {}
    for stmt in nodes:
        for node in ast.walk(stmt):
            names: list[str] = []
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                names.append(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.extend((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.append(node.name)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                names.extend(node.names * 2)  # never once
            elif isinstance(node, ast.arg):
                names.append(node.arg)
            elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
                names.append(node.name)
            elif isinstance(node, ast.MatchMapping) and node.rest:
                names.append(node.rest)
            for name in names:
                counts[name] = counts.get(name, 0) + 1
    return counts


def _params(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    args = node.args
    return {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}


def _body(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
    """The def's statements, its docstring aside."""
    body = node.body
    first = body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return body[1:]
    return body


# claims: deterministic
def through(
    node: ast.FunctionDef | ast.AsyncFunctionDef, call_nodes: dict[int, ast.Call]
) -> tuple[tuple[str, int], ...]:
    """`FunctionFacts.through`: (parameter, `call` use) when the def's first statement is `p = f(...)`, passing plain
    names and literals only, and nothing else in the def binds `p`."""
    body = _body(node)
    if not body:
        return ()
    first = body[0]
    if not (isinstance(first, ast.Assign) and len(first.targets) == 1 and isinstance(first.targets[0], ast.Name)):
        return ()
    name, call = first.targets[0].id, first.value
    if name not in _params(node) or not isinstance(call, ast.Call):
        return ()
    if any(not isinstance(a, (ast.Name, ast.Constant)) for a in (*call.args, *(k.value for k in call.keywords))):
        return ()
    if any(k.arg is None for k in call.keywords) or _binders(body).get(name) != 1:
        return ()
    index = next((i for i, n in call_nodes.items() if n is call), None)
    return ((name, index),) if index is not None else ()


class _Paths:
    """The forward walk of `returned`: per path through the def's top statements, where `p` comes from and the
    tests on the way. `conds` gives an `if` its condition's index (None: unknown)."""

    def __init__(self, name: str, conds: Callable[[ast.If], int | None], fixed: Callable[[int], bool]) -> None:
        self.name, self.conds, self.fixed = name, conds, fixed

    def walk(self, stmts: list[ast.stmt], state: list[Source]) -> list[Source] | None:
        for stmt in stmts:
            if not state:
                return state
            if isinstance(stmt, ast.Raise):
                return []
            if any(isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom, ast.Await)) for n in _own([stmt])):
                return None
            if isinstance(stmt, ast.If) and not _binders([ast.Expr(stmt.test)]).get(self.name):
                cond = self.conds(stmt) if all(s[0] == "param" for s in state) else None
                if cond is not None and not self.fixed(cond):
                    cond = None
                body = self.walk(stmt.body, _with(state, cond, True))
                orelse = self.walk(stmt.orelse, _with(state, cond, False))
                if body is None or orelse is None:
                    return None
                state = body + orelse
            elif _binders([stmt]).get(self.name):
                made = self._bound(stmt)
                if made is None:
                    return None
                state = [(made[0], made[1], made[2], conds) for *_, conds in state]
            if len(state) > MAX_SOURCES:
                return None
        return state

    def _bound(self, stmt: ast.stmt) -> tuple[str, str, int] | None:
        """What a statement binding `p` gives it: a function-local `from m import N as p`, or `p = N`."""
        if isinstance(stmt, ast.ImportFrom) and len(stmt.names) == 1:
            alias = stmt.names[0]
            if alias.name != "*" and (alias.asname or alias.name) == self.name:
                return ("import", self.name, stmt.lineno)
        single = isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        if single and isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Name):
            return ("global", stmt.value.id, stmt.lineno)
        return None


def _with(state: list[Source], cond: int | None, polarity: bool) -> list[Source]:
    if cond is None:
        return list(state)
    return [(kind, name, line, (*conds, (cond, polarity))) for kind, name, line, conds in state]


# claims: deterministic
def returned(
    node: ast.FunctionDef | ast.AsyncFunctionDef, conds: Callable[[ast.If], int | None], cond_of: Callable[[int], Cond]
) -> tuple[Source, ...]:
    """`FunctionFacts.returned`: where the value of the def's one `return p` (its last statement) comes from, per
    path; () when it is not that simple. `conds` gives an `if`'s condition index, `cond_of` the condition."""
    body = _body(node)
    if isinstance(node, ast.AsyncFunctionDef) or not body:
        return ()
    last = body[-1]
    if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name)):
        return ()
    name = last.value.id
    binders = _binders(body)
    params = _params(node)
    if any(isinstance(n, (ast.Global, ast.Nonlocal)) for n in ast.walk(node)):
        return ()
    if name not in params:
        return () if binders.get(name) else (("global", name, last.lineno, ()),)
    for stmt in body[:-1]:  # what `p = N` reads must be the module's: never bound in the def
        for sub in ast.walk(stmt):
            read = sub.value.id if isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Name) else None
            if read is not None and (read in params or binders.get(read)):
                return ()
    unbound = params - set(binders)

    def fixed(index: int) -> bool:  # a test reads only parameters still holding their arguments
        return all(p == name or p in unbound for p in _tested(cond_of(index)))

    paths = _Paths(name, conds, fixed).walk(body[:-1], [("param", name, 0, ())])
    return tuple(paths) if paths else ()


def _tested(cond: Cond) -> set[str]:
    """The parameters a condition tests."""
    names: set[str] = set()
    stack = [cond]
    while stack:
        node = stack.pop()
        if isinstance(node, CondParam):
            names.add(arguments.tested_param(node.name))
        elif isinstance(node, CondNot):
            stack.append(node.operand)
        elif isinstance(node, (CondAnd, CondOr)):
            stack.extend(node.parts)
    return names
