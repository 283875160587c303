"""Where a test reads whether any element of a parameter is an instance of a class: a metaclass's `__new__` asks
which of the class statement's bases are its own instances.

Django's `ModelBase.__new__` runs `parents = [b for b in bases if isinstance(b, ModelBase)]`, then
`if not parents: return super_new(...)`: the test is true exactly when no base is an instance of `ModelBase`, which
the bases the class statement passes decide (`arguments.ELEMENTS`). So is `any(isinstance(b, C) for b in bases)`,
and a list filtered so written in the test itself.

A local holds the filter only where the def's own block binds it, by an assignment of that value, and no statement
after it in the block names the local before the `if` whose test reads it. The local is bound nowhere else in the def
(no other store, no `del`, no `global` / `nonlocal`) and no nested scope names it: the list is fresh and only the local
refers to it, so no code run in between (a call, a `__bool__`) can reach it to change it. Whether the parameter
still holds what was passed, the tests' usual rule says (`FunctionFacts.tests`: never bound again).
"""

from __future__ import annotations

import ast
from collections.abc import Collection

from pytest_claims.analysis.arguments import dotted

Filter = tuple[str, tuple[str, ...]]
"""The name iterated (a parameter, where the compiler keeps it) and the class names `isinstance` tests, as written."""

FilterReads = dict[ast.AST, Filter]
"""Per read of a local that holds a filter, what it filters."""

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


# claims: deterministic
def filter_of(node: ast.expr) -> Filter | None:
    """What `[b for b in P if isinstance(b, C)]` or `any(isinstance(b, C) for b in P)` filters (`C` a dotted name
    or a tuple of them); None for anything else. Which names the def binds, the compiler checks."""
    if isinstance(node, ast.ListComp) and isinstance(node.elt, ast.Name):
        generator = _single(node.generators)
        if generator is None or len(generator.ifs) != 1 or node.elt.id != _target(generator):
            return None
        return _tested(generator, generator.ifs[0])
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "any"):
        return None
    if len(node.args) != 1 or node.keywords or not isinstance(node.args[0], ast.GeneratorExp):
        return None
    generator = _single(node.args[0].generators)
    if generator is None or generator.ifs:
        return None
    return _tested(generator, node.args[0].elt)


def _single(generators: list[ast.comprehension]) -> ast.comprehension | None:
    """The one synchronous generator over a plain name, into a plain name."""
    if len(generators) != 1:
        return None
    generator = generators[0]
    if generator.is_async or not isinstance(generator.iter, ast.Name) or _target(generator) is None:
        return None
    return generator


def _target(generator: ast.comprehension) -> str | None:
    return generator.target.id if isinstance(generator.target, ast.Name) else None


def _tested(generator: ast.comprehension, test: ast.expr) -> Filter | None:
    """`isinstance(b, C)` of the generator's own target: the iterated name and the classes."""
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"):
        return None
    if len(test.args) != 2 or test.keywords:
        return None
    subject, classes = test.args
    if not (isinstance(subject, ast.Name) and subject.id == _target(generator)):
        return None
    names = [dotted(n) for n in (classes.elts if isinstance(classes, ast.Tuple) else [classes])]
    if not names or any(n is None for n in names):
        return None
    assert isinstance(generator.iter, ast.Name)
    return generator.iter.id, tuple(str(n) for n in names)


# claims: deterministic
def filter_tests(node: ast.FunctionDef | ast.AsyncFunctionDef, params: Collection[str]) -> FilterReads:
    """The reads in an `if` test of a local that holds a filter of a parameter of `params` (see the module)."""
    candidates: dict[str, list[tuple[list[ast.stmt], int, Filter]]] = {}
    for block in _blocks(node.body):
        for index, stmt in enumerate(block):
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                found = filter_of(stmt.value)
                if found is not None and found[0] in params:
                    candidates.setdefault(stmt.targets[0].id, []).append((block, index, found))
    if not candidates:
        return {}
    arguments = {sub.arg for sub in ast.walk(node.args) if isinstance(sub, ast.arg)}
    reads: FilterReads = {}
    for name, places in candidates.items():
        if len(places) != 1 or name in arguments or not _bound_once(node, name):
            continue
        block, index, found = places[0]
        for stmt in block[index + 1 :]:
            if not _names(stmt, name):
                continue
            if isinstance(stmt, ast.If):
                reads.update((sub, found) for sub in ast.walk(stmt.test) if _is_load(sub, name))
            break
    return reads


def _blocks(body: list[ast.stmt]) -> list[list[ast.stmt]]:
    """The def's own statement blocks (nested defs and classes left out)."""
    out: list[list[ast.stmt]] = []
    todo = [body]
    while todo:
        block = todo.pop()
        out.append(block)
        for stmt in block:
            if isinstance(stmt, _SCOPES):
                continue
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(stmt, field, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    todo.append(inner)
            for handler in getattr(stmt, "handlers", ()):
                todo.append(handler.body)
            for case in getattr(stmt, "cases", ()):
                todo.append(case.body)
    return out


def _bound_once(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """Whether the def stores `name` once, declares it neither global nor nonlocal, and no nested scope names it."""
    stores = 0
    todo: list[tuple[ast.AST, bool]] = [(stmt, False) for stmt in node.body]
    while todo:
        sub, nested = todo.pop()
        if isinstance(sub, (ast.Global, ast.Nonlocal)) and name in sub.names:
            return False
        if isinstance(sub, ast.Name) and sub.id == name:
            if nested:
                return False
            stores += not isinstance(sub.ctx, ast.Load)
        elif any(getattr(sub, attr, None) == name for attr in ("arg", "name", "asname", "rest")):
            return False  # bound some other way: a parameter, an import, `except ... as`, a `match` capture, a def
        inner = nested or isinstance(sub, _SCOPES)  # a comprehension runs where it is written: not nested
        todo.extend((child, inner) for child in ast.iter_child_nodes(sub))
    return stores == 1


def _names(stmt: ast.stmt, name: str) -> bool:
    return any(isinstance(sub, ast.Name) and sub.id == name for sub in ast.walk(stmt))


def _is_load(sub: ast.AST, name: str) -> bool:
    return isinstance(sub, ast.Name) and sub.id == name and isinstance(sub.ctx, ast.Load)
