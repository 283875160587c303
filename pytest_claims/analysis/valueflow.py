"""Two assignments that hand on a value the project shows elsewhere (semantics §4.7), read from a def's own body:

- `CONFIG.field = param` (`kept_params`): a def storing a parameter on an object it reaches by a name it does not
  bind (a module-level instance), or a method on `self`, makes that field hold what the def's callers pass;
- `cls = a or b` (`either`): a local bound to a dotted name, or to `a or b`, `a and b`, `b if c else d` of
  them, holds one of those; a call of it constructs each class one may be.

Syntax alone (the def's own statements, not those of a nested def, lambda or class): what the names resolve to is
the resolution's (`resolution/stored.py`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from pytest_claims.analysis.arguments import dotted

Def = ast.FunctionDef | ast.AsyncFunctionDef


def _own_nodes(node: Def) -> Iterator[ast.AST]:
    """The def's own nodes, a nested scope's left out; iterative (a body may nest deeper than the stack)."""
    stack: list[ast.AST] = list(reversed(node.body))
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(current))))


def operands(value: ast.expr | None) -> list[ast.expr | None]:
    """The expressions whose value `value` may be: each operand of `a or b` / `a and b` (either may be the result),
    the two branches of `b if c else d`, nested ones flattened; `value` itself otherwise. Iterative."""
    found: list[ast.expr | None] = []
    stack = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, ast.BoolOp):
            stack.extend(reversed(current.values))
        elif isinstance(current, ast.IfExp):
            stack.extend((current.orelse, current.body))
        else:
            found.append(current)
    return found


def kept_params(node: Def, first: str = "") -> tuple[tuple[str, str, str], ...]:
    """`X.field = p` with `p` a parameter the def never binds again and `X` a dotted name whose root is no
    parameter (but a method's `first`, `self.field = p`) and not assigned in the def: (X, field, p)."""
    args = node.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a}
    own = list(_own_nodes(node))
    stored = {n.id for n in own if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    found: list[tuple[str, str, str]] = []
    for sub in own:
        if not (isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Name) and sub.value.id in params):
            continue
        if sub.value.id in stored:
            continue
        for target in sub.targets:
            if not isinstance(target, ast.Attribute):
                continue
            owner = dotted(target.value)
            root = owner.partition(".")[0] if owner else ""
            if owner and (root == first or root not in params) and root not in stored:
                found.append((owner, target.attr, sub.value.id))
    return tuple(dict.fromkeys(found))


def either(node: Def) -> tuple[tuple[str, str], ...]:
    """`n = a.b`, `n = a or b`, `n = b if c else d` for a local the def calls (`n(...)`): (n, operand) for
    each operand that is a dotted name (one that is not stays unknown)."""
    own = list(_own_nodes(node))
    called = {n.func.id for n in own if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    found: list[tuple[str, str]] = []
    for sub in own:
        if not (isinstance(sub, ast.Assign) and len(sub.targets) == 1 and isinstance(sub.targets[0], ast.Name)):
            continue
        if sub.targets[0].id not in called:
            continue
        for operand in operands(sub.value):
            text = dotted(operand) if operand is not None else None
            if text is not None:
                found.append((sub.targets[0].id, text))
    return tuple(dict.fromkeys(found))
