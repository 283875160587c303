"""Where a test of `self.f` reads a parameter: the def stored the parameter there just before, and nothing in between
may have stored the field again.

`ArrayField.__init__` runs `self.size = size`, then `if self.size:`: the test reads what the call passed for `size`,
so the call's literal argument (or the literal default) decides it, as it decides `if size:` (`arguments.field_test`).

Only the def's own block is read, statement by statement. After the store, a statement that runs no code keeps what
the fields hold: a single assignment whose targets are locals (not `self`) or fields of `self`, and whose value is a
name, a literal, a field of `self` or a tuple of those (`self.a, self.b = a, b`); storing a field from a parameter is
one. Anything else (a call, an operator, a subscript, an `if`, a loop, a `with`, a nested def, `yield`, ...) may run
code that stores the field again, and forgets every field held. Of a statement that tests, only the read it evaluates
first is of the field as stored: an `if`'s test, or the value of an expression statement, an assignment or a
`return`, through the left operand of `and` / `or`, the operand of `not`, the test of `a if c else b`, a comparison
with a literal (what runs after that first read, its `__bool__` or `__eq__` included, may store the field again).

Storing and reading a field is plain only when no class `self` may be an instance of defines `__setattr__` or
`__getattribute__` or binds the name in its body (a property, a descriptor): the walk checks that for the names
returned here (`FunctionFacts.plain`) before such a test is decided (`resolution/plainfields.py`).
"""

from __future__ import annotations

import ast
from collections.abc import Collection

from pytest_claims.analysis.arguments import field_test, literal

FieldReads = dict[ast.AST, str]
"""Per `self.f` node a test reads first after the store, the name its test is kept under (`arguments.field_test`)."""


# claims: deterministic
def field_tests(
    node: ast.FunctionDef | ast.AsyncFunctionDef, first: str, params: Collection[str]
) -> tuple[FieldReads, frozenset[str]]:
    """The reads of a field of `first` (`self`) that read what a parameter of `params` held when the def stored it
    there, and the field names storing and reading which must run no code for that to hold (empty when none)."""
    if not first:
        return {}, frozenset()
    reads: FieldReads = {}
    plain: set[str] = set()
    held: dict[str, str] = {}
    for stmt in node.body:
        read = _first_read(stmt, first)
        if read is not None and read.attr in held:
            reads[read] = field_test(held[read.attr], read.attr)
            plain.add(read.attr)
        pairs = _plain_assignment(stmt, first)
        if pairs is None:
            held.clear()
            continue
        for target, value in pairs:
            plain.update(_fields(value, first))
            if isinstance(target, ast.Name):
                continue
            field = target.attr
            plain.add(field)
            if isinstance(value, ast.Name) and value.id in params:
                held[field] = value.id
            else:
                held.pop(field, None)
    return (reads, frozenset(plain)) if reads else ({}, frozenset())


def _is_field(node: ast.expr, first: str) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == first


def _fields(node: ast.expr, first: str) -> list[str]:
    """The fields of `self` an inert value reads."""
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.Tuple):
        return [field for elt in node.elts for field in _fields(elt, first)]
    return []


def _inert(node: ast.expr, first: str) -> bool:
    """A value whose evaluation runs no code: a name, a literal, a field of `self` (checked plain by the walk), a
    tuple of these."""
    if isinstance(node, ast.Name) or literal(node) is not None or isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Tuple):
        return all(_inert(elt, first) for elt in node.elts)
    return _is_field(node, first)


def _plain_assignment(stmt: ast.stmt, first: str) -> list[tuple[ast.Name | ast.Attribute, ast.expr]] | None:
    """(target, value) pairs of a statement that runs no code, or None. `pass` and a docstring are none."""
    if isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
        return []
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1 or not _inert(stmt.value, first):
        return None
    target, value = stmt.targets[0], stmt.value
    if isinstance(target, ast.Tuple):
        if not isinstance(value, ast.Tuple) or len(value.elts) != len(target.elts):
            return None  # unpacking anything but a display of as many values iterates it
        pairs = list(zip(target.elts, value.elts, strict=True))
    else:
        pairs = [(target, value)]
    out: list[tuple[ast.Name | ast.Attribute, ast.expr]] = []
    for one, given in pairs:
        if not (
            (isinstance(one, ast.Name) and one.id != first)
            or (isinstance(one, ast.Attribute) and _is_field(one, first))
        ):
            return None  # `self` bound again, a subscript, a starred target, an attribute of another object
        out.append((one, given))
    return out


def _first_read(stmt: ast.stmt, first: str) -> ast.Attribute | None:
    """The field of `self` a statement reads before it runs any code, when its test is of that read."""
    if isinstance(stmt, ast.If):
        node: ast.expr | None = stmt.test
    elif isinstance(stmt, (ast.Expr, ast.Return, ast.Assign)):
        node = stmt.value
    else:
        return None
    while node is not None:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            node = node.operand
        elif isinstance(node, ast.BoolOp):
            node = node.values[0]
        elif isinstance(node, ast.IfExp):
            node = node.test
        elif isinstance(node, ast.Compare):
            if len(node.ops) != 1:
                return None
            left, right = node.left, node.comparators[0]
            if _is_field(left, first) and literal(right) is not None:
                node = left
            elif literal(left) is not None and _is_field(right, first):
                node = right
            else:
                return None
        elif isinstance(node, ast.Attribute) and _is_field(node, first):
            return node
        else:
            return None
    return None
