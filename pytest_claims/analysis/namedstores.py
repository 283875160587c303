"""Where code may store or delete an attribute under a name computed at run time: `setattr(o, name, v)`,
`delattr(o, name)`, `o.__setattr__(name, v)`, `o.__dict__[k] = v`, `vars(o).update(d)`, or an object's `__dict__`
(or `vars(o)`, `locals()`) handed to other code, which may then write into it; and where it may give an object another
class (`o.__class__ = C`, `setattr(o, "__class__", C)`), whose attributes a read then finds instead.

A class-body literal is what a read of its name on an instance gives only where nothing stores the name on the
instance or the class (`resolution/classliterals.py`). A store of a name written in the code (`o.x = v`,
`setattr(o, "x", v)`) is found by the word (`Modules.may_store`); these are the stores no word shows. Reading a
`__dict__` in place (`o.__dict__.get(k)`, `k in o.__dict__`, `o.__dict__[k]`, `.copy()`) stores nothing.

Syntax alone, a superset: the builtins are taken as such even where a module shadows them.
"""

from __future__ import annotations

import ast
import bisect
import re

_NAMES = ("setattr", "delattr", "__dict__", "vars", "locals", "__class__")
"""A source holding none of these stores no attribute under a computed name and no `__class__` (most files)."""

_WORDS = re.compile(r"(?:setattr|delattr|__dict__|vars|locals|__class__(?!\s*[.(\[]))")
"""What every line that may store an attribute under a computed name or store `__class__` holds (`__setattr__` holds
`setattr`; a `__class__` read on, called or indexed stores nothing): only the nodes spanning such a line are looked
at."""

_READS = frozenset({"get", "copy", "items", "keys", "values", "__contains__", "__getitem__", "__len__", "__iter__"})
"""What a `__dict__` may be asked without anything written into it."""


# claims: deterministic
def named_stores(tree: ast.Module, text: str) -> tuple[int, ...]:
    """`FileFacts.named_stores`: the lines of the module's code that may store or delete an attribute under a
    computed name, or store `__class__`, in order. Only the nodes spanning a line that holds one of `_WORDS` are
    looked at."""
    marked = _marked_lines(text)
    if not marked:
        return ()
    parents: dict[ast.AST, ast.AST] = {}
    lines: set[int] = set()
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            start, end = getattr(child, "lineno", None), getattr(child, "end_lineno", None)
            if start is not None and end is not None:
                at = bisect.bisect_left(marked, start)
                if at == len(marked) or marked[at] > end:
                    continue  # no line of it holds one of the words
            parents[child] = node
            todo.append(child)
        if isinstance(node, (ast.Call, ast.Attribute)) and _stores(node, parents):
            lines.add(node.lineno)
    return tuple(sorted(lines))


def _marked_lines(text: str) -> list[int]:
    """The lines (1-based, ascending) holding one of `_WORDS`: only the nodes spanning one are looked at."""
    if not any(name in text for name in _NAMES):
        return []
    if "\r" in text:  # Python reads `\r\n` and a lone `\r` as a line's end too
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    found: list[int] = []
    line, position = 1, 0
    for match in _WORDS.finditer(text):
        line += text.count("\n", position, match.start())
        position = match.start()
        if not found or found[-1] != line:
            found.append(line)
    return found


def _stores(node: ast.Call | ast.Attribute, parents: dict[ast.AST, ast.AST]) -> bool:
    if isinstance(node, ast.Call) and _named_call(node):
        return True
    if _namespace(node):
        return not _read_in_place(node, parents)
    return _hook_value(node, parents) or _reclassed(node)


def _named_call(node: ast.Call) -> bool:
    """`setattr` / `delattr` / a `__setattr__` or `__delattr__` called with no string literal for the name, or with
    `"__class__"`."""
    func = node.func
    if isinstance(func, ast.Name) and func.id in ("setattr", "delattr"):
        return len(node.args) < 2 or _computed(node.args[1]) or any(k.arg is None for k in node.keywords)
    if isinstance(func, ast.Attribute) and func.attr in ("__setattr__", "__delattr__"):
        return all(_computed(arg) for arg in node.args) or any(_string(arg, "__class__") for arg in node.args)
    return False


def _computed(node: ast.expr) -> bool:
    """A name given otherwise than as a string literal, or as `"__class__"`."""
    return not _string(node) or _string(node, "__class__")


def _reclassed(node: ast.AST) -> bool:
    """`o.__class__ = C` or `del o.__class__`."""
    return isinstance(node, ast.Attribute) and node.attr == "__class__" and not isinstance(node.ctx, ast.Load)


def _hook_value(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """A `__setattr__` / `__delattr__` taken as a value rather than called (`put = object.__setattr__`)."""
    if not (isinstance(node, ast.Attribute) and node.attr in ("__setattr__", "__delattr__")):
        return False
    parent = parents.get(node)
    return not (isinstance(parent, ast.Call) and parent.func is node)


def _namespace(node: ast.AST) -> bool:
    """An object's attribute namespace as a value: `o.__dict__`, `vars(o)`, `vars()`, `locals()`."""
    if isinstance(node, ast.Attribute):
        return node.attr == "__dict__"
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("vars", "locals")


def _read_in_place(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether a namespace is only read where it stands: asked a reading method, indexed to read, tested with
    `in`, or unpacked into a call's keywords (`f(**vars(o))`, a copy)."""
    if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
        return False  # `o.__dict__ = d`, `del o.__dict__`
    parent = parents.get(node)
    if isinstance(parent, ast.Attribute) and parent.value is node:
        grand = parents.get(parent)
        return parent.attr in _READS and isinstance(grand, ast.Call) and grand.func is parent
    if isinstance(parent, ast.Subscript) and parent.value is node:
        return isinstance(parent.ctx, ast.Load)
    if isinstance(parent, ast.Compare) and node in parent.comparators:
        index = parent.comparators.index(node)
        return isinstance(parent.ops[index], (ast.In, ast.NotIn))
    return isinstance(parent, ast.keyword) and parent.arg is None


def _string(node: ast.expr, value: str | None = None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and value in (None, node.value)
