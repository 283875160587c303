"""Local defs a function installs on a class it defines (`setattr(Proxy, name, wrapper)`): such a def is a method of
that class, reached where the class's methods are, not part of the function that defines it.

Django's `lazy()` defines `class __proxy__` and, in a loop, a `def __wrapper__(self, ...)` calling `func` that it
installs with `setattr(__proxy__, method_name, __wrapper__)`. Counted as part of `lazy`, its call of `func` ran
whenever a proxy was built; as a method of `__proxy__` it runs where a method of the proxy runs, and is one of the
methods whose reaches are blind spots where the class leaves the function. This module reads syntax only.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

Installs = dict[ast.AST, tuple[str, str]]
"""An installed def node (by identity: an address, `id`, would make the facts depend on the process) -> (the local
class's name, the name it is installed under: the literal given to
`setattr`, else the def's own name)."""


def installed(func: ast.FunctionDef | ast.AsyncFunctionDef, shadowed: frozenset[str]) -> Installs:
    """The local defs of `func` that are methods of one of its local classes: each (undecorated) def named `N`
    whose value leaves only through `setattr(C, name, N)`, where `C` is a class statement of `func` that nothing
    else binds, and every other read of `N` follows, in the function's own block, a later top-level `def N` (so
    it reads that def, never this one). `shadowed`: names the module binds (`setattr` is then not the builtin)."""
    seen = _Seen(func)
    if "setattr" in shadowed or "setattr" in seen.stores or "setattr" in seen.declared:
        return {}
    owners = {name for name in seen.classes if seen.stores.get(name) == 1 and name not in seen.declared}
    found: Installs = {}
    for top, node in seen.defs:
        if node.decorator_list or node.name in seen.declared or top < 0:
            continue
        reads = [(at, load) for at, load in seen.loads if load.id == node.name]
        targets = {seen.sites[load] for _, load in reads if load in seen.sites}
        if len(targets) != 1 or next(iter(targets))[0] not in owners:
            continue
        later = [t for t, d in seen.defs if d.name == node.name and t > top and func.body[t] is d]
        if all(load in seen.sites or any(t < at for t in later) for at, load in reads):
            found[node] = next(iter(targets))
    return found


class _Seen:
    """What a function's body binds and reads, each with the index of the top-level statement holding it."""

    def __init__(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.stores: dict[str, int] = {}
        self.classes: set[str] = set()
        self.defs: list[tuple[int, ast.FunctionDef | ast.AsyncFunctionDef]] = []
        self.loads: list[tuple[int, ast.Name]] = []
        self.sites: dict[ast.AST, tuple[str, str]] = {}
        """`id` of the `N` argument of an install -> (class, installed name)."""
        self.declared: set[str] = set()
        for top, node in _nodes(func):
            self._see(top, node)

    def _store(self, name: str) -> None:
        self.stores[name] = self.stores.get(name, 0) + 1

    def _see(self, top: int, node: ast.AST) -> None:
        if isinstance(node, ast.ClassDef):
            self.classes.add(node.name)
            self._store(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.defs.append((top, node))
            self._store(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            self.declared.update(node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            self.loads.append((top, node))
        elif isinstance(node, ast.Name):
            self._store(node.id)
        elif isinstance(node, ast.arg):
            self._store(node.arg)
        elif isinstance(node, ast.alias):
            self._store(node.asname or node.name.split(".")[0])
        elif isinstance(node, ast.Call):
            site = _install(node)
            if site is not None:
                self.sites[node.args[2]] = site


def _install(call: ast.Call) -> tuple[str, str] | None:
    """`setattr(C, name, N)` with plain names for `C` and `N`: (C, the literal name given, else N)."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "setattr") or call.keywords or len(call.args) != 3:
        return None
    owner, name, value = call.args
    if not (isinstance(owner, ast.Name) and isinstance(value, ast.Name)):
        return None
    if isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value.isidentifier():
        return owner.id, name.value
    return owner.id, value.id


def _nodes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[int, ast.AST]]:
    """Every node of the function's body with the index of the top-level statement holding it (a class body's
    names are the class's: only the class statement itself, its bases and decorators count here). A read inside a
    nested def or lambda may run later, whenever it is called: it counts as standing before every statement
    (-1), so it never follows a rebinding."""
    for arg in ast.walk(func.args):
        yield -1, arg
    for index, stmt in enumerate(func.body):
        stack: list[tuple[ast.AST, bool]] = [(stmt, False)]
        while stack:
            node, deferred = stack.pop()
            yield (-1 if deferred else index), node
            if isinstance(node, ast.ClassDef):
                stack.extend((child, deferred) for child in (*node.bases, *node.keywords, *node.decorator_list))
                stack.extend((child, True) for child in node.body)
                continue
            inner = deferred or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            stack.extend((child, inner) for child in ast.iter_child_nodes(node))
