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

from pytest_claims.analysis.arguments import FIELD_MARK, Signature, field_test, literal, signature

SUPER = "<super>"
"""What stands for the parameter in the name of a test of a field the base constructor left (`super_test`): the walk
decides it by the base's own store of that field (`resolution/basefields.py`)."""

CLASS = "<class>"
"""What stands for the parameter in the name of a test of a field nothing in the method stored (`class_reads`): the
walk decides it by the literal the class body binds (`resolution/classliterals.py`)."""

_ESCAPES = frozenset({"super", "locals", "vars", "eval", "exec", "__class__"})
"""Names whose use may hand `self` to other code without naming it."""

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
    based: set[str] | None = None  # after a call of the base constructor: the fields stored since
    prefix = True  # no statement so far ran code or bound what the def forwards
    changed: set[str] = set()  # the keywords the def set or removed in its `**kwargs` before passing it on
    for stmt in node.body:
        read = _first_read(stmt, first)
        if read is not None and read.attr in held:
            reads[read] = field_test(held[read.attr], read.attr)
            plain.add(read.attr)
        elif read is not None and based is not None and read.attr not in based:
            reads[read] = super_test(read.attr, changed)
            plain.add(read.attr)
        if prefix and node.name == "__init__" and _forwards(stmt, node.args):
            held.clear()
            based, prefix = set(), False
            continue
        key = _keyword_changed(stmt, node.args, first) if prefix else None
        if key is not None:
            changed.add(key)
            continue
        pairs = _plain_assignment(stmt, first)
        if pairs is None:
            held.clear()
            based, prefix = None, False
            continue
        for target, value in pairs:
            plain.update(_fields(value, first))
            if isinstance(target, ast.Name):
                prefix = prefix and target.id not in _packed(node.args)
                continue
            field = target.attr
            plain.add(field)
            if based is not None:
                based.add(field)
            if isinstance(value, ast.Name) and value.id in params:
                held[field] = value.id
            else:
                held.pop(field, None)
    return (reads, frozenset(plain)) if reads else ({}, frozenset())


# claims: deterministic
def super_test(field: str, changed: Collection[str] = ()) -> str:
    """The name a test of a field the base constructor left is kept under: `<super>>self.f`, with the keywords the
    constructor changed in what it passed on (`<super>:editable>self.f`), which the walk leaves open."""
    return field_test(SUPER + "".join(f":{key}" for key in sorted(changed)), field)


# claims: deterministic
def super_changed(name: str) -> tuple[str, frozenset[str]] | None:
    """The field and the changed keywords of a `super_test` name; None for any other name."""
    param, mark, field = name.partition(FIELD_MARK)
    if not mark or not param.startswith(SUPER):
        return None
    return field, frozenset(param[len(SUPER) :].split(":")[1:])


# claims: deterministic
def class_field(name: str) -> str | None:
    """The field of a `class_reads` test name (`<class>>self.f`); None for any other name."""
    param, mark, field = name.partition(FIELD_MARK)
    return field if mark and param == CLASS else None


# claims: deterministic
def class_reads(node: ast.FunctionDef | ast.AsyncFunctionDef, first: str) -> FieldReads:
    """Every read of a field of `first` (`self`) in the def's own scope, each kept under `<class>>self.f`: where
    nothing stores the field on the instance or its class, it reads what the class body binds. None where the def
    (or a scope in it) binds `first` again, and none of a special or private name (`self.__x` is mangled per class)."""
    if not first:
        return {}
    reads: FieldReads = {}
    todo: list[ast.AST] = list(node.body)
    while todo:
        sub = todo.pop()
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            if any(isinstance(n, ast.Nonlocal) and first in n.names for n in ast.walk(sub)):
                return {}
            continue  # its own scope: `self` there may be its own parameter
        if isinstance(sub, ast.Name) and sub.id == first and not isinstance(sub.ctx, ast.Load):
            return {}
        if isinstance(sub, ast.Global) and first in sub.names:
            return {}
        if (
            isinstance(sub, ast.Attribute)
            and isinstance(sub.value, ast.Name)
            and sub.value.id == first
            and isinstance(sub.ctx, ast.Load)
            and not sub.attr.startswith("__")
        ):
            reads[sub] = field_test(CLASS, sub.attr)
        todo.extend(ast.iter_child_nodes(sub))
    return reads


def _keyword_changed(stmt: ast.stmt, args: ast.arguments, first: str) -> str | None:
    """The keyword a statement sets or removes in the def's `**kwargs` (a dict the call built, whose methods run no
    code of the project's) without running code: `kwargs.setdefault("k", v)`, `kwargs.pop("k"[, v])` (its value
    dropped or put in a local), `kwargs["k"] = v`, with `v` a name, a literal or a field of `self`."""
    if args.kwarg is None:
        return None
    packed = args.kwarg.arg
    value: ast.expr | None = None
    if isinstance(stmt, ast.Expr):
        value = stmt.value
    elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == packed:
            return _key(target.slice) if _inert(stmt.value, first) else None
        if isinstance(target, ast.Name) and target.id != first and target.id not in _packed(args):
            value = stmt.value
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and not value.keywords):
        return None
    method, owner = value.func.attr, value.func.value
    if not (isinstance(owner, ast.Name) and owner.id == packed and method in ("setdefault", "pop")):
        return None
    if not value.args or len(value.args) > 2 or not all(_inert(a, first) for a in value.args[1:]):
        return None
    return _key(value.args[0])


def _key(node: ast.expr) -> str | None:
    """A keyword written as a string literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
        return node.value
    return None


def _packed(args: ast.arguments) -> tuple[str, ...]:
    """The names a def's `*args` and `**kwargs` bind."""
    return tuple(a.arg for a in (args.vararg, args.kwarg) if a is not None)


def _forwards(stmt: ast.stmt, args: ast.arguments) -> bool:
    """Whether a statement is `super().__init__(*args, **kwargs)` passing on exactly what the def packed: the
    arguments the call gave beyond the def's named parameters."""
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return False
    call = stmt.value
    func = call.func
    if not (
        isinstance(func, ast.Attribute)
        and func.attr == "__init__"
        and isinstance(func.value, ast.Call)
        and isinstance(func.value.func, ast.Name)
        and func.value.func.id == "super"
        and not func.value.args
        and not func.value.keywords
    ):
        return False
    star = tuple(a.value.id for a in call.args if isinstance(a, ast.Starred) and isinstance(a.value, ast.Name))
    double = tuple(k.value.id for k in call.keywords if k.arg is None and isinstance(k.value, ast.Name))
    wanted_star = (args.vararg.arg,) if args.vararg is not None else ()
    wanted_double = (args.kwarg.arg,) if args.kwarg is not None else ()
    return (
        len(star) == len(call.args)
        and len(double) == len(call.keywords)
        and star == wanted_star
        and double == wanted_double
        and bool(star or double)
    )


Leaves = tuple[tuple[tuple[str, str], ...], tuple[str, ...], Signature] | tuple[()]
"""`FunctionFacts.leaves`: (field, parameter) pairs, the field names read or stored on `self`, the signature."""


# claims: deterministic
def constructor_leaves(
    node: ast.FunctionDef | ast.AsyncFunctionDef | None, kind: str, first: str, tests: Collection[str] = ()
) -> Leaves:
    """`FunctionFacts.leaves`: of an undecorated `__init__` that leaves a field holding a parameter, of a
    property's getter, setter or deleter (no pairs), of an undecorated `__enter__` (`entered_reads`), and of any
    other undecorated method some of whose `tests` (`<class>>self.f`) read a field it never stores, where it never
    hands `self` out; () for any other def."""
    if node is None or kind not in ("method", "property") or (kind == "method" and node.decorator_list):
        return ()
    if kind == "method" and node.name == "__init__":
        found = leaves(node, first)
        return (found[0], tuple(sorted(found[1])), signature(node.args)) if found and found[0] else ()
    if kind == "method" and node.name == "__enter__":
        return entered_reads(node, first)
    if kind == "method":
        read = entered_reads(node, first)
        tested = {class_field(name) for name in tests}
        return read if read and any(field in tested for field, _ in read[0]) else ()
    if len(node.decorator_list) == 1 and _accessor(node.decorator_list[0], node.name):
        found = leaves(node, first, accessor=True)
        return ((), tuple(sorted(found[1])), signature(node.args)) if found is not None else ()
    return ()


# claims: deterministic
def entered_reads(node: ast.FunctionDef | ast.AsyncFunctionDef, first: str) -> Leaves:
    """Of a method that never hands `self` out: a `(field, "")` pair per field it reads and never stores or
    deletes (none: an empty tuple), every field name it touches, its signature. On an instance nothing else holds
    yet (`with D(...):`, `D(...).m()`), such a read reads what the constructor left, and code the method runs
    cannot store the field (`resolution/freshfields.py`)."""
    if not first or isinstance(node, ast.AsyncFunctionDef):
        return ()
    uses = _SelfUses(first)
    for stmt in node.body:
        uses.visit(stmt)
    if uses.escapes:
        return ()
    kept = sorted(name for name in uses.names - uses.stores.keys() if not name.startswith("__"))
    return (tuple((name, "") for name in kept), tuple(sorted(uses.names)), signature(node.args))


def _accessor(decorator: ast.expr, name: str) -> bool:
    """`@property`, `@name.setter`, `@name.deleter`."""
    if isinstance(decorator, ast.Name):
        return decorator.id == "property"
    return (
        isinstance(decorator, ast.Attribute)
        and decorator.attr in ("setter", "deleter")
        and isinstance(decorator.value, ast.Name)
        and decorator.value.id == name
    )


# claims: deterministic
def leaves(
    node: ast.FunctionDef | ast.AsyncFunctionDef, first: str, accessor: bool = False
) -> tuple[tuple[tuple[str, str], ...], frozenset[str]] | None:
    """For a constructor that never hands out `self`, the fields it leaves holding a parameter when it returns, and
    every field name it reads or stores on `self`; None when it may hand `self` out. An `accessor` (a property's)
    leaves none: only the names are kept.

    `self.f = p` at the top of the body, the only store or delete of `self.f` anywhere in it, with no `return`
    before it and `p` never bound again: when it returns, `self.f` holds what the call passed for `p`, provided no
    other code stored it in between. Other code can store it only through `self`; here `self` is only ever the
    object of a field read or store (never passed, called on, captured by a nested scope, reached by `super()`,
    `locals()` or `vars()`), so code the body runs cannot reach it unless it had it before the call: the walk
    asks that of the instance (a new one, its class's constructors plain: `resolution/basefields.py`), and that
    storing and reading those names runs no code."""
    if not first or isinstance(node, ast.AsyncFunctionDef):
        return None
    uses = _SelfUses(first)
    for stmt in node.body:
        uses.visit(stmt)
    if uses.escapes:
        return None
    if accessor:
        return (), frozenset(uses.names)
    positional = [*node.args.posonlyargs, *node.args.args][1:]
    params = {a.arg for a in (*positional, *node.args.kwonlyargs)} - uses.bound
    stores = uses.stores
    left: list[tuple[str, str]] = []
    for stmt in node.body:
        pairs = _plain_assignment(stmt, first)
        for target, value in pairs or ():
            field = target.attr if isinstance(target, ast.Attribute) else ""
            if stores.get(field) == 1 and isinstance(value, ast.Name) and value.id in params:
                left.append((field, value.id))
        if any(isinstance(sub, ast.Return) for sub in ast.walk(stmt)):
            break  # a `return` here or later: what follows may not run
    return tuple(sorted(left)), frozenset(uses.names)


_NESTED = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Lambda,
    ast.ClassDef,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)
"""The nodes whose insides are a scope of their own: `self` used there is captured."""


class _SelfUses:
    """How a body uses `self`: the field names it reads or stores, how often it stores or deletes each, the names it
    binds, and whether it may hand `self` out (`escapes`). Walked iteratively: a body may nest deeper than the
    interpreter's stack."""

    def __init__(self, first: str) -> None:
        self.first = first
        self.names: set[str] = set()
        self.stores: dict[str, int] = {}
        self.bound: set[str] = set()
        self.escapes = False

    def visit(self, root: ast.AST) -> None:
        todo: list[tuple[ast.AST, int]] = [(root, 0)]
        while todo:
            node, depth = todo.pop()
            if isinstance(node, ast.Attribute) and _is_field(node, self.first):
                self._field(node, depth)
                continue  # `self` itself is only the object of the field here
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is_field(node.func, self.first):
                self.escapes = True  # `self.m()`: a bound method is passed `self`
            elif isinstance(node, ast.Name):
                self.escapes = self.escapes or node.id == self.first or node.id in _ESCAPES  # `self` as a value
                if not isinstance(node.ctx, ast.Load):
                    self.bound.add(node.id)
            elif isinstance(node, ast.ExceptHandler):
                self.escapes = self.escapes or node.name == self.first
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                self.bound.update(node.names)
            inner = depth + 1 if isinstance(node, _NESTED) else depth
            todo.extend((child, inner) for child in ast.iter_child_nodes(node))

    def _field(self, node: ast.Attribute, depth: int) -> None:
        if depth or (node.attr.startswith("__") and node.attr.endswith("__")):
            self.escapes = True  # captured by a nested scope; `self.__dict__`, `self.__class__ = ...`
        self.names.add(node.attr)
        if not isinstance(node.ctx, ast.Load):
            self.stores[node.attr] = self.stores.get(node.attr, 0) + 1


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
