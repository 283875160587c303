"""What one typeshed stub file defines: its names, each under the `sys.platform` / `sys.version_info` guard it
sits in, parsed once into platform-independent records.

Every target evaluates the same definitions (`stubnames.StubNames`), so a three-platform sweep parses each stub
once, not three times. The definitions keep their annotations reduced to plain data (`stubtypes.plain_annotation`)
for the type answers (`stubs.Stubs.returns`), and, for a def whose result a call's arguments may choose (an
overload, a TypeVar), its parameters. Nothing here finds a file or caches one: `stubfiles` does.

The records here are read back from the cache by their type hints (`codec`), so this module stays
interpreted in a compiled build (setup.py).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from pytest_claims.analysis.conditions import ConditionCompiler, is_known
from pytest_claims.analysis.stubtypes import Ann, Param, dotted, plain_annotation
from pytest_claims.records import Cond, CondAnd, CondNot


@dataclass(frozen=True, slots=True)
class StubDef:
    """One definition of a name in a stub namespace, under its guard (None: unconditional).

    kind: function | class | variable | module (`import x as y`: target x) | from (`from target import name`)
    | alias (`y = x`: target x) | bound (`y = x.attr`: a re-exported bound method) | star (`from target import *`)

    `annotation`: a function's return annotation, a variable's declared type, (role `type`) the type a type
    alias stands for, or (role `typevar`) `("tv", *constraints)`. `role`: a function's `property` (a getter) or
    `accessor` (`@x.setter` / `@x.deleter`); a variable's `type` (a type alias: `X: TypeAlias = ...`,
    `X = A | B`, `X = A[B]`) or `typevar` (`T = TypeVar("T", str, bytes)`). `params`: what a caller of a
    function passes (`stubtypes.Param`), kept where what it passes may decide what it returns (`_chooses`).
    """

    kind: str
    cond: Cond | None
    target: str = ""
    name: str = ""
    members: dict[str, list[StubDef]] | None = None
    bases: tuple[str, ...] = ()
    annotation: Ann | None = None
    role: str = ""
    params: tuple[Param, ...] | None = None


@dataclass
class StubModule:
    """One stub file's definitions: its namespace, its star imports (each under its guard), and whether it is a
    package's `__init__.pyi` (relative imports are made absolute against it)."""

    names: dict[str, list[StubDef]] = field(default_factory=dict)
    stars: list[StubDef] = field(default_factory=list)
    is_package: bool = False


_PROPERTY_DECORATORS = frozenset(
    {"property", "cached_property", "abstractproperty", "DynamicClassAttribute", "_magic_enum_attr"}
)
"""Decorators (by their last name) that make a stub method an attribute; `enum` spells property
`_magic_enum_attr`."""


def _role(stmt: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    role = ""
    for decorator in stmt.decorator_list:
        if isinstance(decorator, ast.Name):
            name = decorator.id
        elif isinstance(decorator, ast.Attribute):
            if decorator.attr in ("setter", "deleter"):
                return "accessor"
            name = decorator.attr
        else:
            continue
        if name in _PROPERTY_DECORATORS:
            role = "property"
    return role


def _is_type_alias(annotation: ast.expr) -> bool:
    return (isinstance(annotation, ast.Name) and annotation.id == "TypeAlias") or (
        isinstance(annotation, ast.Attribute) and annotation.attr == "TypeAlias"
    )


def parse_stub(data: bytes, path: Path, module: str) -> StubModule:
    """One parse of one stub file; iterative over nested `if` and class bodies."""
    stub = StubModule(is_package=path.name == "__init__.pyi")
    try:
        tree = ast.parse(data, filename=str(path))
    except (SyntaxError, ValueError):
        return stub
    package = module if stub.is_package else module.rpartition(".")[0]
    compiler = ConditionCompiler()
    # (statements, namespace, guard conditions, whether a class body)
    todo: list[tuple[list[ast.stmt], dict[str, list[StubDef]], tuple[Cond, ...], bool]] = [
        (tree.body, stub.names, (), False)
    ]
    while todo:
        body, namespace, guards, in_class = todo.pop()
        cond: Cond | None = CondAnd(guards) if guards else None
        for stmt in body:
            if isinstance(stmt, ast.If):
                test = compiler.compile(stmt.test)
                if is_known(test):
                    todo.append((stmt.body, namespace, (*guards, test), in_class))
                    todo.append((stmt.orelse, namespace, (*guards, CondNot(test)), in_class))
                else:
                    todo.append((stmt.body, namespace, guards, in_class))
                    todo.append((stmt.orelse, namespace, guards, in_class))
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                role = _role(stmt) if stmt.decorator_list else ""
                params = _params(stmt.args, in_class and not _is_static(stmt)) if _chooses(stmt) else None
                namespace.setdefault(stmt.name, []).append(
                    StubDef("function", cond, annotation=plain_annotation(stmt.returns), role=role, params=params)
                )
            elif isinstance(stmt, ast.ClassDef):
                members: dict[str, list[StubDef]] = {}
                namespace.setdefault(stmt.name, []).append(StubDef("class", cond, members=members, bases=_bases(stmt)))
                todo.append((stmt.body, members, (), True))
            elif isinstance(stmt, ast.Import):
                _bind_import(stmt, namespace, cond, compiler)
            elif isinstance(stmt, ast.ImportFrom):
                _bind_from(stmt, package, namespace, cond, compiler, stub.stars)
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                for assigned in targets:
                    if isinstance(assigned, ast.Name):
                        namespace.setdefault(assigned.id, []).append(_assigned(stmt, cond))
    return stub


def _params(args: ast.arguments, method: bool) -> tuple[Param, ...]:
    """The parameters a caller passes: a method's first (`self`, `cls`) left out."""
    positional = [*args.posonlyargs, *args.args]
    required = len(positional) - len(args.defaults)
    params: list[Param] = [
        ("p" if i < len(args.posonlyargs) else "a", a.arg, plain_annotation(a.annotation), i < required)
        for i, a in enumerate(positional)
    ]
    if method:
        params = params[1:]
    if args.vararg is not None:
        params.append(("*", args.vararg.arg, plain_annotation(args.vararg.annotation), False))
    params.extend(
        ("k", a.arg, plain_annotation(a.annotation), default is None)
        for a, default in zip(args.kwonlyargs, args.kw_defaults, strict=True)
    )
    if args.kwarg is not None:
        params.append(("**", args.kwarg.arg, plain_annotation(args.kwarg.annotation), False))
    return tuple(params)


_NEVER_TYPEVARS = frozenset({"str", "bytes", "int", "float", "bool", "object", "None", "list", "dict", "tuple", "set"})


def _chooses(stmt: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether what a call passes may decide what the def returns: an overload, or a result naming a name (a
    TypeVar, maybe) that a parameter's annotation names too. Only then are its parameters kept (cheaper stubs)."""
    if stmt.returns is None:
        return False
    if stmt.decorator_list and any(dotted(d) in ("overload", "typing.overload") for d in stmt.decorator_list):
        return True
    returned = _names(stmt.returns) - _NEVER_TYPEVARS
    if not returned:
        return False
    args = stmt.args
    for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
        if arg is not None and arg.annotation is not None and not returned.isdisjoint(_names(arg.annotation)):
            return True
    return False


def _names(node: ast.expr) -> set[str]:
    """Every name an annotation mentions (as `ast.walk` would find them): the forms annotations are made of are
    taken apart by hand, anything else walked (`_chooses` runs on every def of every stub parsed)."""
    names: set[str] = set()
    todo = [node]
    while todo:
        expr = todo.pop()
        if isinstance(expr, ast.Name):
            names.add(expr.id)
        elif isinstance(expr, ast.Subscript):
            todo.append(expr.value)
            todo.append(expr.slice)
        elif isinstance(expr, ast.Attribute):
            todo.append(expr.value)
        elif isinstance(expr, ast.BinOp):
            todo.append(expr.left)
            todo.append(expr.right)
        elif isinstance(expr, (ast.Tuple, ast.List)):
            todo.extend(expr.elts)
        elif not isinstance(expr, ast.Constant):
            names.update(n.id for n in ast.walk(expr) if isinstance(n, ast.Name))
    return names


def _is_static(stmt: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in stmt.decorator_list)


def _bases(stmt: ast.ClassDef) -> tuple[str, ...]:
    """A class's bases as dotted names (`Generic[T]` as `Generic`); a base that is no dotted name is left out."""
    return tuple(
        b for b in (dotted(base.value if isinstance(base, ast.Subscript) else base) for base in stmt.bases) if b
    )


def _bind_import(
    stmt: ast.Import, namespace: dict[str, list[StubDef]], cond: Cond | None, compiler: ConditionCompiler
) -> None:
    """`import a.b` binds `a` to module a; `import a.b as c` binds `c` to module a.b."""
    for alias in stmt.names:
        local = alias.asname or alias.name.split(".")[0]
        imported = alias.name if alias.asname else local
        namespace.setdefault(local, []).append(StubDef("module", cond, imported))
        compiler.bind_import(local, imported)


def _bind_from(
    stmt: ast.ImportFrom,
    package: str,
    namespace: dict[str, list[StubDef]],
    cond: Cond | None,
    compiler: ConditionCompiler,
    stars: list[StubDef],
) -> None:
    """`from source import name [as local]` (relative sources made absolute against `package`); a star import
    goes to `stars`."""
    source = stmt.module or ""
    if stmt.level:
        base = package.split(".")[: len(package.split(".")) - (stmt.level - 1)] if package else []
        source = ".".join([*base, source] if source else base)
    for alias in stmt.names:
        if alias.name == "*":
            stars.append(StubDef("star", cond, source))
        else:
            local = alias.asname or alias.name
            namespace.setdefault(local, []).append(StubDef("from", cond, source, alias.name))
            compiler.bind_import(local, f"{source}.{alias.name}")


def _assigned(stmt: ast.Assign | ast.AnnAssign, cond: Cond | None) -> StubDef:
    """What an assignment to a name defines: a variable (maybe a type alias), an alias of another name, or a
    re-exported bound method."""
    value = stmt.value
    if isinstance(stmt, ast.AnnAssign):
        return _annotated(stmt.annotation, value, cond)
    if isinstance(value, ast.Name):
        return StubDef("alias", cond, value.id)
    if isinstance(value, ast.Attribute):
        return StubDef("bound", cond, dotted(value) or "")
    if isinstance(value, (ast.Subscript, ast.BinOp)):
        # an old-style type alias: `_Path = Union[str, bytes]`, `_Path = str | bytes`
        return StubDef("variable", cond, annotation=plain_annotation(value), role="type")
    if isinstance(value, ast.Call) and len(value.args) == 2 and dotted(value.func) == "NewType":
        # `UserId = NewType("UserId", int)`: its values are instances of the base
        return StubDef("variable", cond, annotation=plain_annotation(value.args[1]), role="type")
    if isinstance(value, ast.Call) and value.args and dotted(value.func) in ("TypeVar", "typing.TypeVar"):
        # `AnyStr = TypeVar("AnyStr", str, bytes)`: its constraints (a bound or none: no constraint)
        constraints = [plain_annotation(arg) for arg in value.args[1:]]
        return StubDef("variable", cond, annotation=("tv", *(c for c in constraints if c is not None)), role="typevar")
    return StubDef("variable", cond)


def _annotated(annotation: ast.expr, value: ast.expr | None, cond: Cond | None) -> StubDef:
    """A variable declared with an annotation: a type alias, a `Final` constant, or a value of the declared type."""
    if _is_type_alias(annotation):
        return StubDef("variable", cond, annotation=plain_annotation(value), role="type")
    if isinstance(annotation, ast.Name) and annotation.id == "Final":
        # `X: Final = "/"`: the constant's own type
        constant = value.value if isinstance(value, ast.Constant) else None
        kept = type(constant).__name__ if isinstance(constant, (str, int, float, bytes)) else None
        return StubDef("variable", cond, annotation=kept)
    return StubDef("variable", cond, annotation=plain_annotation(annotation))
