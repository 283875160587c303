"""Where an expression certainly does to a value what `None` cannot take: `x in p` raises TypeError when `p` is None.

Django's `Query.split_exclude(filter_expr, can_reuse, ...)` tests `if alias in can_reuse:`; reached with
`can_reuse=None`, the test raises before either branch runs, and so do the statements after the `if`. The compiler
turns each such operand that reads a parameter into `p is not None` (`ConditionCompiler.rejecting`), which the
branches and the rest of the block are guarded by, so a call passing `None` drops them as any decided test does.

Only what runs before the expression can give a value counts: the first operand of `and` / `or`, the test of
`a if t else b`, the first comparison of a chain, a call's callee and arguments, both operands of an arithmetic
operator; never a lambda's or a comprehension's body. The operations `NoneType` lacks, whatever the other operand
is: `in` / `not in` with the value on the right (no `__contains__`, `__iter__` or `__getitem__`, and Python asks
the right operand alone), `v[i]`, `v(...)`, and `v.name` for a name that is no dunder (`None` has no other
attribute). A builtin's call (`len(v)`) is left out: the module may bind the name.
"""

from __future__ import annotations

import ast


# claims: deterministic
def none_rejected(expr: ast.expr) -> list[ast.expr]:
    """The operands `expr` certainly applies an operation `NoneType` lacks to, before its value is known (a raise
    there skips whatever it guards)."""
    found: list[ast.expr] = []
    pending = [expr]
    while pending:
        node = pending.pop()
        subject = _rejected(node)
        if subject is not None:
            found.append(subject)
        pending.extend(_certain(node))
    return found


def _rejected(node: ast.expr) -> ast.expr | None:
    """The operand `node` itself applies an operation `NoneType` lacks to, if any."""
    if isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)):
        return node.comparators[0]
    if isinstance(node, ast.Subscript):
        return node.value
    if isinstance(node, ast.Attribute) and not (node.attr.startswith("__") and node.attr.endswith("__")):
        return node.value
    if isinstance(node, ast.Call):
        return node.func
    return None


def _certain(node: ast.expr) -> list[ast.expr]:
    """The parts of `node` evaluated whenever `node` is, before it gives its value."""
    if isinstance(node, ast.BoolOp):
        return [node.values[0]]  # the others run only as the first one's value says
    if isinstance(node, ast.Compare):
        return [node.left, node.comparators[0]]  # later comparisons run only where the earlier held
    if isinstance(node, ast.IfExp):
        return [node.test]
    if isinstance(node, ast.Call):
        return [node.func, *node.args, *(k.value for k in node.keywords)]
    if isinstance(node, ast.Attribute):
        return [node.value]
    if isinstance(node, ast.Subscript):
        return [node.value, node.slice]
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.UnaryOp):
        return [node.operand]
    if isinstance(node, ast.Starred):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return list(node.elts)
    return []


# claims: deterministic
def stmt_rejected(stmt: ast.stmt) -> list[ast.expr]:
    """The operands a statement certainly applies an operation `NoneType` lacks to before the statements after it
    (and an `if`'s branches) can run: in an `if` or `while` test, an expression statement, an assignment's value
    and targets (`p.x = v`, `p[k] = v`), an assertion's test; a `for` loop's operand, and a `with` statement's first
    one, besides (`iter(None)` and `with None:` raise)."""
    if isinstance(stmt, (ast.If, ast.While, ast.Assert)):
        return none_rejected(stmt.test)
    if isinstance(stmt, ast.Expr):
        return none_rejected(stmt.value)
    if isinstance(stmt, ast.Assign):
        return [*none_rejected(stmt.value), *(n for t in stmt.targets for n in _stored(t))]
    if isinstance(stmt, (ast.AugAssign, ast.AnnAssign)) and stmt.value is not None:
        return [*none_rejected(stmt.value), *_stored(stmt.target)]
    if isinstance(stmt, ast.For):
        return [stmt.iter, *none_rejected(stmt.iter)]
    if isinstance(stmt, ast.With):  # a later item's raise may be swallowed by an earlier one's `__exit__`
        first = stmt.items[0].context_expr
        return [first, *none_rejected(first)]
    return []


def _stored(target: ast.expr) -> list[ast.expr]:
    """What storing into a target certainly applies an operation `NoneType` lacks to: `p.x = v` and `p[k] = v`
    store into `p`, after evaluating it (a plain name stores into nothing)."""
    if isinstance(target, (ast.Attribute, ast.Subscript)):
        return none_rejected(target)
    return []
