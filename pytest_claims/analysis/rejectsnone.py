"""Where a test certainly does to a value what `None` cannot take: `x in p` raises TypeError when `p` is None.

Django's `Query.split_exclude(filter_expr, can_reuse, ...)` tests `if alias in can_reuse:`; reached with
`can_reuse=None`, the test raises before either branch runs, and so do the statements after the `if`. The compiler
turns each such operand that reads a parameter into `p is not None` (`ConditionCompiler.rejecting`), which the
branches and the rest of the block are guarded by, so a call passing `None` drops them as any decided test does.

Only what runs before the test can give a value counts: the first operand of `and` / `or`, the operand of `not`,
the first comparison of a chain. Only `in` / `not in` with the value on the right: `NoneType` has no `__contains__`,
`__iter__` or `__getitem__`, and Python asks the right operand alone. Other operations `None` lacks (`p[i]`,
`p.name`, `p(...)`, in a test or in a statement before others) were measured on W and decided nothing more.
"""

from __future__ import annotations

import ast


# claims: deterministic
def none_rejected(test: ast.expr) -> list[ast.expr]:
    """The operands `test` certainly applies `in` / `not in` to, as the right-hand side, before its value is known
    (a raise there skips whatever the test guards)."""
    found: list[ast.expr] = []
    pending = [test]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.BoolOp):
            pending.append(node.values[0])  # the others run only as the first one's value says
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            pending.append(node.operand)
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            found.append(node.comparators[0])  # later comparisons run only where the earlier held
    return found
