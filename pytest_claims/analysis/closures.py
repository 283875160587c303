"""Which lines of a factory run when what it returns is called (`FunctionFacts.closes`).

A function whose every `return` hands back one of its own nested defs or a lambda (`_make_stamper` returning
`stamper_fmt`) gives, when called, those function values: calling one runs its body, in the factory's scope, and
not the factory's own statements. A nested def is part of the function holding it (its uses are the function's),
so what a call of the returned value runs is the factory's uses on the lines of those bodies: the returned defs'
and lambdas', and, since a body may call another local def by its name (`now()`), the bodies of every local def or
lambda a reached body names, and of every one the factory's own code hands out other than by calling it (stored in
a local, passed to a call), which a reached body may then reach through that value.

A returned def must be bound once (no other binding of its name anywhere in the factory, not a parameter) and have
no decorator but `functools.wraps(...)` (which hands the def back), by a name the module binds to it and to nothing
else (`wraps_names`): anything else may make the name another value, and the factory is then no such factory (`()`:
the value of its call stays what its annotation says).
"""

from __future__ import annotations

import ast
from typing import NamedTuple

Span = tuple[int, int]
"""The first and last line of a body (a def's statements; a lambda's expression)."""


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def wraps_names(tree: ast.Module) -> frozenset[tuple[str, ...]]:
    """The decorators that mean `functools.wraps` in a module: a name (`wraps`, or its `as` name) every binding of
    which, anywhere in the module, is `from functools import wraps`, and `functools.wraps` where every binding of
    `functools` is `import functools`. A project's own `wraps` may hand back another function."""
    bound: dict[str, list[bool]] = {}  # per name: whether each binding of it is the import meant
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                name = (alias.asname or alias.name).split(".")[0]
                meant = (
                    alias.name == "wraps" and node.module == "functools" and not node.level
                    if isinstance(node, ast.ImportFrom)
                    else alias.name == "functools" and alias.asname is None
                )
                bound.setdefault(name, []).append(meant)
        else:
            for name in _stored_names(node):
                bound.setdefault(name, []).append(False)
    names = {name for name, meant in bound.items() if all(meant)}
    return frozenset((name,) if name != "functools" else ("functools", "wraps") for name in names)


def _stored_names(node: ast.AST) -> list[str]:
    """The names a node binds other than by an import (a store, a def, a class, a parameter, `global`...)."""
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    return _bound_names(node) if not isinstance(node, ast.alias) else []


class Closure(NamedTuple):
    """What a call of a factory's value runs (`spans`), and the first parameter of each def or lambda it returns
    (`selves`): where a class body binds the factory's value (`__eq__ = _make_compare(...)`), that def is a method
    of the class, and the parameter the instance it is called on."""

    spans: tuple[Span, ...] = ()
    selves: tuple[str, ...] = ()


def closes(node: ast.FunctionDef | ast.AsyncFunctionDef, wraps: frozenset[tuple[str, ...]]) -> tuple[Span, ...]:
    """The lines a call of what the def returns runs (sorted spans), or () when it is no closure factory: async,
    a generator, no `return`, or a `return` of anything but a local def bound once or a lambda. `wraps`: the
    decorators that mean `functools.wraps` there (`wraps_names`)."""
    return closure(node, wraps).spans


def closure(node: ast.FunctionDef | ast.AsyncFunctionDef, wraps: frozenset[tuple[str, ...]]) -> Closure:
    """`closes`'s spans, with the returned defs' and lambdas' first parameters; empty for no closure factory."""
    if isinstance(node, ast.AsyncFunctionDef):
        return Closure()
    own = _Own(node)
    if own.generator or not own.returns:
        return Closure()
    params = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    params.update(a.arg for a in (node.args.vararg, node.args.kwarg) if a is not None)
    todo: list[ast.AST] = []
    for value in own.returns:
        if isinstance(value, ast.Lambda):
            todo.append(value)
        elif (
            isinstance(value, ast.Name)
            and value.id not in params
            and own.stores.get(value.id, 0) == 1
            and len(own.locals.get(value.id, [])) == 1
            and _plain(own.locals[value.id][0], wraps)
        ):
            todo.append(own.locals[value.id][0])
        else:
            return Closure()
    selves = sorted({_first(scope) for scope in todo} - {""})
    todo.extend(scope for name in own.handed for scope in own.locals.get(name, []))
    reached: dict[tuple[int, int, int, int], ast.AST] = {}
    while todo:
        scope = todo.pop()
        if _place(scope) in reached:
            continue
        reached[_place(scope)] = scope
        todo.extend(s for name in _names(scope) for s in own.locals.get(name, []))
    return Closure(tuple(sorted({_span(scope) for scope in reached.values()})), tuple(selves))


def _first(scope: ast.AST) -> str:
    """A def's or lambda's first positional parameter ("" when it has none)."""
    args = getattr(scope, "args", None)
    positional = [*args.posonlyargs, *args.args] if isinstance(args, ast.arguments) else []
    return positional[0].arg if positional else ""


class _Own:
    """What a factory's own body (not its nested scopes) returns and binds: its `return` values, whether it yields,
    how often each name is bound anywhere in it, its local defs and lambdas by the name they are bound to, and the
    names of those its own code loads other than as a callee."""

    def __init__(self, node: ast.FunctionDef) -> None:
        self.returns: list[ast.expr | None] = []
        self.generator = False
        self.stores: dict[str, int] = {}
        self.locals: dict[str, list[ast.AST]] = {}
        self._loaded: set[str] = set()
        self._callees: set[tuple[int, int, int, int]] = set()
        todo: list[tuple[ast.AST, bool, bool]] = [(child, True, True) for child in node.body]
        while todo:  # (node, in the factory's own body, run by the factory's own code: a local class's too)
            current, own, direct = todo.pop()
            todo.extend(self._visit(current, own, direct))
        returned = {value.id for value in self.returns if isinstance(value, ast.Name)}
        self.handed = sorted(name for name in self._loaded - returned if name in self.locals)
        """Local defs and lambdas the factory's own code hands out (stores, passes), not only calls."""

    def _visit(self, current: ast.AST, own: bool, direct: bool) -> list[tuple[ast.AST, bool, bool]]:
        """Record one node; the nodes below it to visit, each with whether it is in the factory's own body and
        whether the factory's own code runs it."""
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self._bind(current.name, current)
            outer = [*current.decorator_list, *current.args.defaults, *(d for d in current.args.kw_defaults if d)]
            return [*((child, own, direct) for child in outer), *((child, False, False) for child in current.body)]
        if isinstance(current, ast.ClassDef):
            self.stores[current.name] = self.stores.get(current.name, 0) + 1
            return [(child, False, direct) for child in ast.iter_child_nodes(current)]
        if isinstance(current, ast.Lambda):
            own = direct = False
        elif isinstance(current, ast.Assign) and isinstance(current.value, ast.Lambda):
            for target in current.targets:
                if isinstance(target, ast.Name):
                    self.locals.setdefault(target.id, []).append(current.value)
        elif isinstance(current, ast.Return) and own:
            self.returns.append(current.value)
        elif isinstance(current, (ast.Yield, ast.YieldFrom, ast.Await)) and own:
            self.generator = True
        elif isinstance(current, ast.Call) and isinstance(current.func, ast.Name):
            self._callees.add(_place(current.func))
        elif isinstance(current, ast.Name):
            if not isinstance(current.ctx, ast.Load):
                self.stores[current.id] = self.stores.get(current.id, 0) + 1
            elif direct and _place(current) not in self._callees:
                self._loaded.add(current.id)
        elif isinstance(current, (ast.Nonlocal, ast.Global, ast.alias, ast.ExceptHandler, ast.MatchAs)):
            for name in _bound_names(current):
                self.stores[name] = self.stores.get(name, 0) + 2
        return [(child, own, direct) for child in ast.iter_child_nodes(current)]

    def _bind(self, name: str, scope: ast.AST) -> None:
        self.stores[name] = self.stores.get(name, 0) + 1
        if not isinstance(scope, ast.ClassDef):
            self.locals.setdefault(name, []).append(scope)


def _plain(scope: ast.AST, wraps: frozenset[tuple[str, ...]]) -> bool:
    """A lambda, or a def (not async) with no decorator but `functools.wraps(...)`: its name is the function value."""
    if isinstance(scope, ast.Lambda):
        return True
    return isinstance(scope, ast.FunctionDef) and all(_chain(d) in wraps for d in scope.decorator_list)


def _bound_names(node: ast.AST) -> list[str]:
    if isinstance(node, (ast.Nonlocal, ast.Global)):
        return list(node.names)
    if isinstance(node, ast.alias):
        return [(node.asname or node.name).split(".")[0]]
    name = getattr(node, "name", None)
    return [name] if isinstance(name, str) else []


def _names(scope: ast.AST) -> set[str]:
    """Every name a body loads (nested scopes included: a def inside it may run when it does)."""
    body = scope.body if isinstance(scope, ast.Lambda) else scope
    nodes = [body] if isinstance(body, ast.AST) else []
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        nodes = list(scope.body)
    return {n.id for root in nodes for n in ast.walk(root) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _span(scope: ast.AST) -> Span:
    if isinstance(scope, ast.Lambda):
        return scope.body.lineno, scope.body.end_lineno or scope.body.lineno
    assert isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef))
    last = scope.body[-1]
    return scope.body[0].lineno, last.end_lineno or last.lineno


def _chain(node: ast.expr) -> tuple[str, ...]:
    """The dotted name a decorator calls or names (`functools.wraps(f)`: functools.wraps); () for anything else."""
    target = node.func if isinstance(node, ast.Call) else node
    parts: list[str] = []
    while isinstance(target, ast.Attribute):
        parts.append(target.attr)
        target = target.value
    if not isinstance(target, ast.Name):
        return ()
    return (target.id, *reversed(parts))


def _place(node: ast.AST) -> tuple[int, int, int, int]:
    """Where a node stands: two nodes of one kind never share it (a key that, unlike `id`, is the same every run)."""
    return (
        getattr(node, "lineno", 0),
        getattr(node, "col_offset", 0),
        getattr(node, "end_lineno", 0) or 0,
        getattr(node, "end_col_offset", 0) or 0,
    )
