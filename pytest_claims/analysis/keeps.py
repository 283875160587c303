"""Where a parameter the def binds again still answers its decided truth test: every binding keeps the decision.

`_iter_column_sql(..., include_default)` runs `include_default = False` in one branch and `include_default =
(include_default and not self.skip_default(field) and ...)` always, then tests `if include_default:`. A call that
passes `False` decides that test all the same: each binding gives the name a value of the argument's truthiness,
whatever ran before it, so the name is false wherever it is read (`context.settled` reads what is returned here).

A binding keeps the decision when it is a plain assignment statement (`p = v`, `p: T = v`, `a = p = v`) of the def's
own scope whose value is a literal (`arguments.literal`) or `p and ...` (its value is `p`'s while `p` is false) or
`p or ...` (`p`'s while `p` is true). Which literals and which of `and` / `or` keep it depends on the argument, so
each binding's shape is returned and the walk judges them per call. Flow-insensitive: every binding counts,
wherever it sits and however often it runs; any other binding of the name (a call's result, `+=`, a loop target,
`with ... as`, a walrus, `del`, an import, a nested scope's own or `nonlocal` binding) leaves it out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from pytest_claims.analysis.arguments import Lit, literal
from pytest_claims.analysis.early import odd_names

AND = ("and", None)
"""The shape of a binding `p = p and ...`."""

OR = ("or", None)
"""The shape of a binding `p = p or ...`."""

Kept = tuple[tuple[str, tuple[Lit, ...]], ...]
"""Per parameter, the shapes of its bindings: a literal's `Lit`, `AND` or `OR` (`FunctionFacts.keeps`)."""

_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.GeneratorExp)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp)


# claims: deterministic
def kept(node: ast.FunctionDef | ast.AsyncFunctionDef, names: Iterable[str]) -> Kept:
    """Of `names` (parameters the def binds again), those whose every binding keeps the decision, with the shapes
    of those bindings; a name bound in any other way, or not found bound, is left out."""
    wanted = set(names)
    shapes: dict[str, list[Lit]] = {}
    plain: set[ast.AST] = set()  # the `Name` targets of the keeping assignments
    refused: set[str] = set()
    stack: list[tuple[ast.AST, bool]] = [(stmt, False) for stmt in reversed(node.body)]  # in the text's order
    while stack:
        current, nested = stack.pop()
        if not nested and isinstance(current, (ast.Assign, ast.AnnAssign)):
            for target in current.targets if isinstance(current, ast.Assign) else [current.target]:
                shape = _shape(target, current.value) if isinstance(target, ast.Name) else None
                if isinstance(target, ast.Name) and target.id in wanted and shape is not None:
                    shapes.setdefault(target.id, []).append(shape)
                    plain.add(target)
        elif isinstance(current, ast.Name) and not isinstance(current.ctx, ast.Load) and current not in plain:
            refused.add(current.id)
        elif isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            refused.add(current.name)
        elif isinstance(current, (ast.Import, ast.ImportFrom)):
            refused.update((alias.asname or alias.name).split(".")[0] for alias in current.names)
        else:
            refused.update(odd_names(current))
        inner = nested or isinstance(current, (*_NESTED, *_COMPREHENSIONS))
        stack.extend((child, inner) for child in reversed(list(ast.iter_child_nodes(current))))
    return tuple((name, tuple(shapes[name])) for name in sorted(wanted & shapes.keys() - refused))


def _shape(target: ast.Name, value: ast.expr | None) -> Lit | None:
    """What a plain assignment to `target` binds, as far as keeping a decision goes: a literal, `AND`, `OR`, or
    None (anything else)."""
    if value is None:
        return None
    if isinstance(value, ast.BoolOp) and isinstance(value.values[0], ast.Name) and value.values[0].id == target.id:
        return AND if isinstance(value.op, ast.And) else OR
    return literal(value)
