"""What a function puts in the lists, tuples and sets it builds: the element values a loop over them gives.

A local bound to a display or a comprehension (`ret = []`, `out = [Point(p) for p in ps]`) holds what the displays
list and what the body adds (`ret.append(item)`, `ret.insert(0, x)`, `ret.extend([a, b])`, `ret += [a]`), each as
the chain of the value added (`FunctionFacts.holds`). Anything the body does with the name that could put something
else in it (passing it to a call, storing it, binding the name otherwise, `ret.extend(xs)`, a nested def or lambda
naming it) adds an unknown element, so a loop over it is exact only where the function alone fills it.

A method's `self.items.append(x)` (and `self.items = [a, b]`) is recorded under `self.items`: what the class's
methods put in a field, which code anywhere may fill too, so it is only ever added beside what the field gives.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

Holds = tuple[tuple[str, str, int], ...]
"""(name, chain of an element put in it, "" for an unknown one, line): a local's, or `self.attr` for a field."""

ValueChain = Callable[[ast.expr], tuple[str, ...] | None]

_DISPLAYS = (ast.List, ast.Tuple, ast.Set, ast.ListComp, ast.SetComp)
_ADDS = {"append": 0, "add": 0, "insert": 1}
"""Methods adding one element, by the position of the element among the call's arguments."""
_EXTENDS = frozenset({"extend", "update"})
FILLS = frozenset(_ADDS) | _EXTENDS
"""The methods that put something in the list they are called on."""
DISPLAYS = frozenset({"<list>", "<tuple>", "<set>"})
"""The chain roots of the displays a local or a field may be bound to (`facts`' literal roots)."""
_COPIERS = frozenset({"list", "tuple", "set", "frozenset", "sorted"})
"""Builtins whose result holds the elements of their one argument (`tuple(Shard() for n in range(k))`)."""
COPYING_CALLS = frozenset(f"{name}.()" for name in _COPIERS)
"""The chains of a field bound to such a call (`facts`' value chains), whose argument may be a comprehension."""
_KEEPS = frozenset({"sort", "reverse", "pop", "clear", "copy", "index", "count", "remove", "discard"})
"""Methods that add nothing and hand the list to no one (`copy` gives a new list of the same elements)."""
_READERS = frozenset(
    {
        "len", "sorted", "reversed", "list", "tuple", "set", "frozenset", "enumerate", "zip", "iter", "sum", "any",
        "all", "min", "max", "bool", "str", "repr", "isinstance", "id", "print", "hash",
    }
)  # fmt: skip
"""Builtins that read their argument and keep no reference to it in the project's hands (what they return is a
new container, or an iterator the list outlives unchanged)."""
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_SCOPE_TYPES: frozenset[type] = frozenset(_SCOPES)
_LOOKED_UP: frozenset[type] = frozenset({ast.Attribute, ast.BoolOp})
"""The nodes whose parent a use of a list is judged by, besides the names themselves."""
_MATCHES = tuple(getattr(ast, name) for name in ("MatchAs", "MatchStar", "MatchMapping"))
_BINDERS: frozenset[type] = frozenset(
    {ast.arg, ast.ExceptHandler, ast.alias, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, *_MATCHES}
)
"""The nodes that bind a name other than by an `ast.Name` target (`_binds`)."""
_TESTS = (ast.If, ast.While, ast.Assert, ast.IfExp)


# claims: deterministic
def contents(
    node: ast.FunctionDef | ast.AsyncFunctionDef, first: str, chain: ValueChain, wanted: frozenset[str] | None = None
) -> Holds:
    """`FunctionFacts.holds` of a def: for each local bound to a display (of `wanted` only, when given), the elements
    put in it; for a method (`first` its `self`), the elements its body puts in fields of `self`."""
    candidates = _candidates(node) if wanted is None else _candidates(node) & wanted
    if not candidates and not first:
        return ()
    parents, names, nested, spelled = _walk(node, candidates, first)
    found: list[tuple[str, str, int]] = []
    for name in sorted(candidates):
        for use in names:
            if use.id == name and use in nested:  # a nested def, lambda or class may run at any time, rebind it
                found.append((name, "", use.lineno))
            elif use.id == name:
                found.extend((name, value, line) for value, line in _use(use, parents, chain))
        if name in spelled:  # `except E as ret`, `import x as ret`, a `match` capture, a nested def: another value
            found.append((name, "", spelled[name]))
    if first:
        found.extend(_fields(node, first, names, parents, chain))
    return tuple(sorted(set(found), key=lambda entry: (entry[0], entry[2], entry[1])))


_Walked = tuple[dict[ast.AST, ast.AST], list[ast.Name], set[ast.Name], dict[str, int]]


def _walk(node: ast.AST, candidates: set[str], first: str) -> _Walked:
    """One pass over the def: the parent of each name and of each node a use is judged by, the occurrences of the
    candidates and of `first` (and which of them sit in a nested scope), and the names bound otherwise than by a
    name target, with a line."""
    parents: dict[ast.AST, ast.AST] = {}
    names: list[ast.Name] = []
    nested: set[ast.Name] = set()
    spelled: dict[str, int] = {}
    stack: list[tuple[ast.AST, bool]] = [(node, False)]
    while stack:
        current, inside = stack.pop()
        for child in ast.iter_child_nodes(current):
            kind = type(child)
            stack.append((child, inside or kind in _SCOPE_TYPES))
            if kind is ast.Name:
                assert isinstance(child, ast.Name)
                parents[child] = current
                if child.id in candidates or child.id == first:
                    names.append(child)
                    if inside:
                        nested.add(child)
            elif kind in _LOOKED_UP:
                parents[child] = current
            elif kind in _BINDERS:
                for bound in _binds(child):
                    spelled.setdefault(bound, getattr(child, "lineno", getattr(node, "lineno", 0)))
    return parents, names, nested, spelled


def _candidates(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names the def's own body binds to a display by a plain assignment, and declares nowhere (`global`,
    `nonlocal`, an annotation: a declared name is typed by its declaration)."""
    out: set[str] = set()
    declared: set[str] = set()
    stack: list[ast.AST] = list(node.body)
    while stack:
        current = stack.pop()
        if isinstance(current, (ast.Global, ast.Nonlocal)):
            declared.update(current.names)
        elif isinstance(current, ast.AnnAssign) and isinstance(current.target, ast.Name):
            declared.add(current.target.id)
        elif _displayed(current) is not None:
            assert isinstance(current, ast.Assign)
            target = current.targets[0]
            assert isinstance(target, ast.Name)
            out.add(target.id)
        stack.extend(child for child in ast.iter_child_nodes(current) if not isinstance(child, _SCOPES))
    return out - declared


def _displayed(node: ast.AST) -> ast.expr | None:
    """The display of `name = [...]` (one plain target), None for any other statement."""
    if (
        isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, _DISPLAYS)
    ):
        return node.value
    return None


def _binds(node: ast.AST) -> list[str]:
    """The names a node binds other than by an `ast.Name` target: a parameter, `except ... as`, an import, a
    `match` capture, a def or class statement."""
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, (ast.ExceptHandler, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name] if node.name else []
    if isinstance(node, ast.alias):
        return [node.asname or node.name.partition(".")[0]]
    name = getattr(node, "name", None) if type(node).__name__ in ("MatchAs", "MatchStar") else None
    rest = getattr(node, "rest", None) if type(node).__name__ == "MatchMapping" else None
    return [bound for bound in (name, rest) if isinstance(bound, str)]


def _use(use: ast.Name, parents: dict[ast.AST, ast.AST], chain: ValueChain) -> list[tuple[str, int]]:
    """What one occurrence of a candidate name in the def's own scope puts in it: elements added (chains), "" for
    anything that could add what the facts cannot see; nothing for a use that only reads it."""
    parent = parents[use]
    unknown = [("", use.lineno)]
    if isinstance(use.ctx, ast.Del):
        return []
    if isinstance(use.ctx, ast.Store):
        if _displayed(parent) is not None:
            return _elements(_displayed(parent), chain)
        if isinstance(parent, ast.AugAssign) and isinstance(parent.value, _DISPLAYS):
            return _elements(parent.value, chain)
        return unknown
    return _load(use, parent, parents, chain)


def _load(use: ast.Name, parent: ast.AST, parents: dict[ast.AST, ast.AST], chain: ValueChain) -> list[tuple[str, int]]:
    """A read of the name: what it may add, as `_use` says."""
    unknown = [("", use.lineno)]
    if isinstance(parent, ast.Attribute):
        call = parents.get(parent)
        if not (isinstance(call, ast.Call) and call.func is parent):
            return unknown  # `add = ret.append`: called where the facts do not look
        return _method(parent.attr, call, chain)
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)):
        return [] if parent.iter is use else unknown
    if isinstance(parent, ast.Call) and use in parent.args:
        callee = parent.func
        if isinstance(callee, ast.Name) and callee.id in _READERS:
            return []
        if isinstance(callee, ast.Attribute) and callee.attr == "join" and isinstance(callee.value, ast.Constant):
            return []
        return unknown
    if isinstance(parent, ast.Subscript):
        return [] if parent.value is use and not isinstance(parent.ctx, ast.Store) else unknown
    if isinstance(parent, (ast.Compare, ast.FormattedValue, ast.Return, ast.Starred)):
        return []
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return []
    if isinstance(parent, _TESTS) and getattr(parent, "test", None) is use:
        return []
    if isinstance(parent, ast.BoolOp) and isinstance(parents.get(parent), _TESTS):
        return []
    return unknown


def _method(name: str, call: ast.Call, chain: ValueChain) -> list[tuple[str, int]]:
    """`ret.append(x)`, `ret.extend([...])`, `ret.sort()`: what a call of a method of the list puts in it."""
    position = _ADDS.get(name)
    if position is not None:
        if len(call.args) > position and not any(isinstance(a, ast.Starred) for a in call.args):
            return [_element(call.args[position], chain)]
        return [("", call.lineno)]
    if name in _EXTENDS:
        if len(call.args) == 1 and isinstance(call.args[0], (ast.List, ast.Tuple, ast.Set)):
            return _elements(call.args[0], chain)
        return [("", call.lineno)]
    return [] if name in _KEEPS else [("", call.lineno)]


def _display(value: ast.expr) -> ast.expr | None:
    """The display or comprehension whose elements a field's assigned value holds: the value itself, or the one
    argument of a builtin that copies it (`tuple(Shard(n) for n in range(k))`, `list([a, b])`); None for any other
    value."""
    if isinstance(value, _DISPLAYS):
        return value
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in _COPIERS
        and len(value.args) == 1
        and isinstance(value.args[0], (*_DISPLAYS, ast.GeneratorExp))
    ):
        return value.args[0]
    return None


def _elements(display: ast.expr | None, chain: ValueChain) -> list[tuple[str, int]]:
    """The elements a display lists (a comprehension's one element expression)."""
    if isinstance(display, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
        return [_element(display.elt, chain)]
    if isinstance(display, (ast.List, ast.Tuple, ast.Set)):
        return [_element(elt, chain) for elt in display.elts]
    return []


def _element(value: ast.expr, chain: ValueChain) -> tuple[str, int]:
    """The chain of one element put in a container, "" when it has none (a starred one: unknown elements)."""
    found = None if isinstance(value, ast.Starred) else chain(value)
    if found is None or found[0] in ("<?>", "<none>"):
        return ("", value.lineno)
    return (".".join(found), value.lineno)


def _fields(
    node: ast.AST, first: str, names: list[ast.Name], parents: dict[ast.AST, ast.AST], chain: ValueChain
) -> list[tuple[str, str, int]]:
    """`self.items.append(x)`, `self.items.extend([...])`, `self.items = [a, b]` in a method: what its body puts
    in a field of `self` (never the whole of what the field holds: any code may fill it)."""
    found: list[tuple[str, str, int]] = []
    for use in names:
        if use.id != first or not isinstance(use.ctx, ast.Load):
            continue
        attribute = parents[use]
        if not isinstance(attribute, ast.Attribute) or attribute.value is not use:
            continue
        field = f"{first}.{attribute.attr}"
        outer = parents.get(attribute)
        if isinstance(attribute.ctx, ast.Store):
            display = _display(outer.value) if isinstance(outer, ast.Assign) and len(outer.targets) == 1 else None
            if display is not None:
                found.extend((field, value, line) for value, line in _elements(display, chain) if value)
            continue
        call = parents.get(outer) if isinstance(outer, ast.Attribute) else None
        adds = isinstance(outer, ast.Attribute) and (outer.attr in _ADDS or outer.attr in _EXTENDS)
        if adds and isinstance(outer, ast.Attribute) and isinstance(call, ast.Call) and call.func is outer:
            found.extend((field, value, line) for value, line in _method(outer.attr, call, chain) if value)
    return found
