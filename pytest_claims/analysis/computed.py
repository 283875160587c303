"""The names a `getattr(obj, name)` with a computed name can read, where the function's own syntax shows them all.

Django's `Field.deconstruct` reads `getattr(self, attr_overrides.get(name, name))` for each key of a local dict
literal, with `attr_overrides` a local dict literal of strings: the names read are those keys, each mapped through
the overrides, and none is `validators` or `db_tablespace`, which are properties. A `getattr` whose name the syntax
does not pin down this way may read any attribute (`probes.Probes.dynamic_getattr`), unless its syntax fixes the
name's letters around what is computed: `"_m2m_reverse_%s_cache" % attr` (Django's `_get_m2m_reverse_attr`) reads
only names of that shape (`name_pattern`), never the `db_tablespace` property. It reads syntax only and imports
nothing of the project.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

_VIEWS = frozenset({"items", "keys"})
"""The methods of a dict that iterate its keys first (a `for` target's first element is then a key)."""
_READS = frozenset({"items", "keys", "values", "get"})
"""The methods a dict may be called with and still hold only its literal's keys and values."""


# claims: deterministic
def computed_names(
    func: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, position: int = 1
) -> tuple[str, ...] | None:
    """The attribute names `call` (a `getattr` in `func`'s own body, not in a nested scope; a `setattr`, or a
    `super().__setattr__` whose name is its argument at `position`) can read or store, sorted; None
    when its syntax does not show them all: the name is a `for` loop's target (or the first of its targets) over
    a local dict literal's keys (`d`, `d.keys()`, `d.items()`), maybe mapped through `overrides.get(name, name)`
    of another, each dict bound once and only ever called with a method that reads it, the target bound nowhere
    else in the loop."""
    if len(call.args) <= position:
        return None
    name, overrides = _looked_up(call.args[position])
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


_PERCENT = re.compile(r"%[sd]")
"""The `%` conversions a computed name's template may hold: `%s` and `%d` write letters (`%r` quotes)."""
_BRACES = re.compile(r"\{[A-Za-z0-9_]*\}")
"""The `str.format` fields a template may hold: `{}`, `{0}`, `{name}` (no conversion, no format spec)."""
_LETTERS = re.compile(r"[A-Za-z0-9_]*")


# claims: deterministic
def name_pattern(func: ast.FunctionDef | ast.AsyncFunctionDef | None, node: ast.expr) -> str | None:
    """The shape of the names `node` (a `getattr` / `hasattr` name argument) can compute, as the fixed letters
    with `*` for each computed part (`"_m2m_reverse_*_cache"`); None when no letter is fixed or the syntax does
    not show the shape: an f-string, `"..." % x`, `"...".format(x)`, `+` of strings, or a local of `func` bound
    once, by a plain assignment of one of those, and never otherwise."""
    if isinstance(node, ast.Name) and func is not None:
        node = _bound_once(func, node.id) or node
    pattern = _template(node)
    if pattern is None or not pattern.replace("*", ""):
        return None
    return pattern if all(_LETTERS.fullmatch(part) for part in pattern.split("*")) else None


# claims: deterministic
def name_fits(shape: str) -> Callable[[str], bool]:
    """Whether a name has the `shape` `name_pattern` made (`*` stands for any letters, none included)."""
    pattern = re.compile(".*".join(re.escape(part) for part in shape.split("*")))
    return lambda name: pattern.fullmatch(name) is not None


def _template(node: ast.expr) -> str | None:
    """`node`'s text with `*` for each part computed at run time; None for a shape it does not know."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = [_template(v) if isinstance(v, ast.Constant) else "*" for v in node.values]
        return None if None in parts else "".join(p for p in parts if p is not None)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _template(node.left), _template(node.right)
        if left is None and right is None:
            return None
        return (left if left is not None else "*") + (right if right is not None else "*")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        text = _PERCENT.sub("*", _text(node.left).replace("*", "%"))
        return None if "%" in text else text
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        text = _BRACES.sub("*", _text(node.func.value).replace("*", "{"))
        return None if "{" in text or "}" in text else text
    return None


def _text(node: ast.expr) -> str:
    """A string literal's text; `%{}` (no template) for anything else."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else "%{}"


def _bound_once(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The value of `func`'s one plain assignment `name = value`, when nothing else in `func` binds `name` (not a
    parameter, a loop target, a nested scope's declaration); None otherwise."""
    assigned = [
        node
        for node in ast.walk(func)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id == name
    ]
    if len(assigned) != 1 or _binds_parameter(func, name):
        return None
    target = assigned[0].targets[0]
    if any(_binds(node, name) for node in ast.walk(func) if node is not target and node is not func):
        return None
    return assigned[0].value


def _binds_parameter(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    args = func.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return any(a is not None and a.arg == name for a in every)
