"""The names a `getattr(obj, name)` with a computed name can read, where the function's own syntax shows them all.

Django's `Field.deconstruct` reads `getattr(self, attr_overrides.get(name, name))` for each key of a local dict
literal, with `attr_overrides` a local dict literal of strings: the names read are those keys, each mapped through
the overrides, and none is `validators` or `db_tablespace`, which are properties. A `getattr` whose name the syntax
does not pin down this way may read any attribute (`probes.Probes.dynamic_getattr`). It reads syntax only and
imports nothing of the project.
"""

from __future__ import annotations

import ast

_VIEWS = frozenset({"items", "keys"})
"""The methods of a dict that iterate its keys first (a `for` target's first element is then a key)."""
_READS = frozenset({"items", "keys", "values", "get"})
"""The methods a dict may be called with and still hold only its literal's keys and values."""


# claims: deterministic
def computed_names(func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> tuple[str, ...] | None:
    """The attribute names `call` (a `getattr` in `func`'s own body, not in a nested scope) can read, sorted; None
    when its syntax does not show them all: the name is a `for` loop's target (or the first of its targets) over
    a local dict literal's keys (`d`, `d.keys()`, `d.items()`), maybe mapped through `overrides.get(name, name)`
    of another, each dict bound once and only ever called with a method that reads it, the target bound nowhere
    else in the loop."""
    if len(call.args) < 2:
        return None
    name, overrides = _looked_up(call.args[1])
    if name is None:
        return None
    loop = _loop_over(func, call, name)
    if loop is None:
        return None
    keys = _keys(func, loop)
    mapping = _literal(func, overrides) if overrides is not None else {}
    if keys is None or mapping is None:
        return None
    names = {str(mapping.get(key, key)) for key in keys}
    return tuple(sorted(names)) if all(n.isidentifier() for n in names) else None


def _looked_up(node: ast.expr) -> tuple[str | None, str | None]:
    """`name` -> ("name", None); `overrides.get(name, name)` -> ("name", "overrides"); else (None, None)."""
    if isinstance(node, ast.Name):
        return node.id, None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"):
        return None, None
    owner, args = node.func.value, node.args
    if not isinstance(owner, ast.Name) or node.keywords or len(args) != 2:
        return None, None
    key, default = args
    if isinstance(key, ast.Name) and isinstance(default, ast.Name) and key.id == default.id:
        return key.id, owner.id
    return None, None


def _loop_over(func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, name: str) -> ast.expr | None:
    """The iterable of the one `for` of `func` whose body holds `call` and whose target binds `name` (alone, or
    first of a tuple over `d.items()`), when nothing else in that loop binds it; None otherwise."""
    loops: list[ast.For] = []
    for node in ast.walk(func):
        if not isinstance(node, ast.For) or not any(_binds(inner, name) for inner in ast.walk(node.target)):
            continue
        if any(inner is call for stmt in node.body for inner in ast.walk(stmt)):
            loops.append(node)
    if len(loops) != 1:
        return None
    loop = loops[0]
    target = loop.target
    if isinstance(target, ast.Tuple) and _is_items(loop.iter) and target.elts:
        first = target.elts[0]
        if not (isinstance(first, ast.Name) and first.id == name):
            return None
        if any(_binds(inner, name) for elt in target.elts[1:] for inner in ast.walk(elt)):
            return None
    elif not (isinstance(target, ast.Name) and target.id == name) or _is_items(loop.iter):
        return None
    if any(_binds(inner, name) for stmt in (*loop.body, *loop.orelse) for inner in ast.walk(stmt)):
        return None
    return loop.iter


def _binds(node: ast.AST, name: str) -> bool:
    """Whether `node` binds `name` (an assignment or deletion target, a nested scope's parameter, a
    `global` / `nonlocal` declaration, a def, class or import of that name, an `except` or `match` capture)."""
    if isinstance(node, ast.Name):
        return node.id == name and not isinstance(node.ctx, ast.Load)
    if isinstance(node, ast.arg):
        return node.arg == name
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return name in node.names
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name == name
    if isinstance(node, ast.alias):
        return (node.asname or node.name.split(".")[0]) == name
    if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)):
        return node.name == name
    return isinstance(node, ast.MatchMapping) and node.rest == name


def _is_items(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "items"


def _keys(func: ast.FunctionDef | ast.AsyncFunctionDef, iterable: ast.expr) -> list[str] | None:
    """The keys a loop over `d`, `d.keys()` or `d.items()` takes, `d` a local dict literal (`_literal`)."""
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute):
        if iterable.func.attr not in _VIEWS or iterable.args or iterable.keywords:
            return None
        iterable = iterable.func.value
    if not isinstance(iterable, ast.Name):
        return None
    found = _literal(func, iterable.id, keys_only=True)
    return None if found is None else list(found)


def _literal(
    func: ast.FunctionDef | ast.AsyncFunctionDef, name: str, keys_only: bool = False
) -> dict[str, object] | None:
    """The dict literal `name` holds in `func`: bound once, by a plain assignment of a display whose keys are
    strings (and, unless `keys_only`, whose values are strings too), and otherwise only ever iterated by a `for`
    or the object of a method call that reads it (`d.items()`, `d.get(k, k)`); None when anything else may
    change or replace it."""
    bound: list[ast.Assign] = []
    called: list[ast.AST] = []  # by identity: an address (`id`) would make the facts depend on the process
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            bound.append(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _READS:
            if isinstance(node.func.value, ast.Name) and node.func.value.id == name:
                called.append(node.func.value)
        elif isinstance(node, ast.For) and isinstance(node.iter, ast.Name) and node.iter.id == name:
            called.append(node.iter)  # iterated: its keys
    if len(bound) != 1 or len(bound[0].targets) != 1 or not isinstance(bound[0].value, ast.Dict):
        return None
    display = bound[0].value
    target = bound[0].targets[0]
    for node in ast.walk(func):
        if node is target or any(node is seen for seen in called):
            continue
        if node.id == name if isinstance(node, ast.Name) else _binds(node, name):
            return None  # read some other way (passed on, subscripted, stored to) or bound again
    values: dict[str, object] = {}
    for key, value in zip(display.keys, display.values, strict=True):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return None  # `**other` or a computed key
        if not keys_only and not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            return None
        values[key.value] = value.value if isinstance(value, ast.Constant) else None
    return values
