"""What the stdlib's names are, per target platform, from the typeshed stubs shipped with typeshed-client.

The checker needs to tell functions, classes, exception classes, variables and modules apart, and to know
which modules and names exist on a target (`os.startfile` only on win32, `os.path` is `ntpath` there).
typeshed-client locates the stub of a module for a Python version (its VERSIONS table); each stub file is
then read once per process into platform-independent definitions that keep their `sys.platform` /
`sys.version_info` guards as conditions, the way the project's own facts do, and every target evaluates the
same definitions. So a three-platform sweep reads each stub once, not three times.

The definitions also keep their annotations (reduced to plain data), so `Stubs.returns` and `Stubs.attribute`
can tell the class of a value a stdlib call or attribute produces (semantics §5: `Path.name` is a `str`,
`str.split` returns `list[str]`), per target, as a `records.TypeRef`. What the names in a stub denote is
resolved here; what an annotation means once its names are resolved is `stubtypes`' job.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import typeshed_client

from pytest_claims import __version__
from pytest_claims.analysis.conditions import ConditionCompiler, Target, evaluate, is_known
from pytest_claims.analysis.ports import derived
from pytest_claims.analysis.stubtypes import (
    NOTHING,
    SPECIAL_FORMS,
    TYPING_ALIASES,
    Ann,
    AnnotationTypes,
    Arguments,
    Overloads,
    Param,
    Resolved,
    call_arguments,
    dotted,
    plain_annotation,
)
from pytest_claims.codekey import code_digest
from pytest_claims.records import Cond, StubSymbol, TypeRef


@dataclass(frozen=True, slots=True)
class _Def:
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
    members: dict[str, list[_Def]] | None = None
    bases: tuple[str, ...] = ()
    annotation: Ann | None = None
    role: str = ""
    params: tuple[Param, ...] | None = None


@dataclass
class _StubModule:
    names: dict[str, list[_Def]] = field(default_factory=dict)
    stars: list[_Def] = field(default_factory=list)
    is_package: bool = False


PROTOCOL_BASES = frozenset({("typing", "Protocol"), ("typing_extensions", "Protocol")})
"""Where the stubs define `Protocol`: a class listing it among its bases (`Protocol[T]` too) is a protocol."""

_PROPERTY_DECORATORS = frozenset(
    {"property", "cached_property", "abstractproperty", "DynamicClassAttribute", "_magic_enum_attr"}
)
"""Decorators (by their last name) that make a stub method an attribute; `enum` spells property
`_magic_enum_attr`."""


_PATH_CLASSES = frozenset({("builtins", "str"), ("builtins", "bytes"), ("os", "PathLike")})
"""What a file is named by: a path argument of one of these classes (or a subclass) opens a file."""

_PATH_LEAVES = (("builtins", "str"), ("builtins", "bytes"), ("pathlib", "PosixPath"), ("pathlib", "WindowsPath"))
"""The path classes whose bases are all the classes a path may be typed as."""


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


def read_stub(path: Path, module: str) -> _StubModule:
    """A stub's definitions: parsed, or read back from an earlier process's parse of the same bytes."""
    try:
        data = path.read_bytes()
    except OSError:
        return _StubModule(is_package=path.name == "__init__.pyi")
    key = b"%s\0%s\0%s\0%s" % (_maker(), module.encode(), path.name.encode(), data)
    return derived("stub", key, lambda: _parse_stub(data, path, module), _StubModule, shared=True)


_MAKERS = (
    __name__,
    "pytest_claims.analysis.stubtypes",
    "pytest_claims.analysis.conditions",
    "pytest_claims.analysis.facts",
    "pytest_claims.records",
    "pytest_claims.codec",
)
"""The modules whose code decides a stub's definitions and their stored form (all imported by this one)."""


@cache
def _maker() -> bytes:
    """What makes a stub's definitions: the plugin version and a digest of the source of the modules that parse
    and encode them (`codekey.code_digest`). Part of every stub entry's key, so the per-machine cache, shared by
    every checkout and version of the plugin on the machine, never serves definitions another parser made (a
    plugin version alone would not tell two checkouts of one version apart)."""
    return f"{__version__}:{code_digest(*_MAKERS)}".encode()


def _parse_stub(data: bytes, path: Path, module: str) -> _StubModule:
    """One parse of one stub file; iterative over nested `if` and class bodies."""
    stub = _StubModule(is_package=path.name == "__init__.pyi")
    try:
        tree = ast.parse(data, filename=str(path))
    except (SyntaxError, ValueError):
        return stub
    package = module if stub.is_package else module.rpartition(".")[0]
    compiler = ConditionCompiler()
    # (statements, namespace, guard conditions, whether a class body)
    todo: list[tuple[list[ast.stmt], dict[str, list[_Def]], tuple[Cond, ...], bool]] = [
        (tree.body, stub.names, (), False)
    ]
    while todo:
        body, namespace, guards, in_class = todo.pop()
        cond: Cond | None = ("and", guards) if guards else None
        for stmt in body:
            if isinstance(stmt, ast.If):
                test = compiler.compile(stmt.test)
                if is_known(test):
                    todo.append((stmt.body, namespace, (*guards, test), in_class))
                    todo.append((stmt.orelse, namespace, (*guards, ("not", test)), in_class))
                else:
                    todo.append((stmt.body, namespace, guards, in_class))
                    todo.append((stmt.orelse, namespace, guards, in_class))
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                role = _role(stmt) if stmt.decorator_list else ""
                params = _params(stmt.args, in_class and not _is_static(stmt)) if _chooses(stmt) else None
                namespace.setdefault(stmt.name, []).append(
                    _Def("function", cond, annotation=plain_annotation(stmt.returns), role=role, params=params)
                )
            elif isinstance(stmt, ast.ClassDef):
                members: dict[str, list[_Def]] = {}
                namespace.setdefault(stmt.name, []).append(_Def("class", cond, members=members, bases=_bases(stmt)))
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
    stmt: ast.Import, namespace: dict[str, list[_Def]], cond: Cond | None, compiler: ConditionCompiler
) -> None:
    """`import a.b` binds `a` to module a; `import a.b as c` binds `c` to module a.b."""
    for alias in stmt.names:
        local = alias.asname or alias.name.split(".")[0]
        imported = alias.name if alias.asname else local
        namespace.setdefault(local, []).append(_Def("module", cond, imported))
        compiler.bind_import(local, imported)


def _bind_from(
    stmt: ast.ImportFrom,
    package: str,
    namespace: dict[str, list[_Def]],
    cond: Cond | None,
    compiler: ConditionCompiler,
    stars: list[_Def],
) -> None:
    """`from source import name [as local]` (relative sources made absolute against `package`); a star import
    goes to `stars`."""
    source = stmt.module or ""
    if stmt.level:
        base = package.split(".")[: len(package.split(".")) - (stmt.level - 1)] if package else []
        source = ".".join([*base, source] if source else base)
    for alias in stmt.names:
        if alias.name == "*":
            stars.append(_Def("star", cond, source))
        else:
            local = alias.asname or alias.name
            namespace.setdefault(local, []).append(_Def("from", cond, source, alias.name))
            compiler.bind_import(local, f"{source}.{alias.name}")


def _assigned(stmt: ast.Assign | ast.AnnAssign, cond: Cond | None) -> _Def:
    """What an assignment to a name defines: a variable (maybe a type alias), an alias of another name, or a
    re-exported bound method."""
    value = stmt.value
    if isinstance(stmt, ast.AnnAssign):
        return _annotated(stmt.annotation, value, cond)
    if isinstance(value, ast.Name):
        return _Def("alias", cond, value.id)
    if isinstance(value, ast.Attribute):
        return _Def("bound", cond, dotted(value) or "")
    if isinstance(value, (ast.Subscript, ast.BinOp)):
        # an old-style type alias: `_Path = Union[str, bytes]`, `_Path = str | bytes`
        return _Def("variable", cond, annotation=plain_annotation(value), role="type")
    if isinstance(value, ast.Call) and len(value.args) == 2 and dotted(value.func) == "NewType":
        # `UserId = NewType("UserId", int)`: its values are instances of the base
        return _Def("variable", cond, annotation=plain_annotation(value.args[1]), role="type")
    if isinstance(value, ast.Call) and value.args and dotted(value.func) in ("TypeVar", "typing.TypeVar"):
        # `AnyStr = TypeVar("AnyStr", str, bytes)`: its constraints (a bound or none: no constraint)
        constraints = [plain_annotation(arg) for arg in value.args[1:]]
        return _Def("variable", cond, annotation=("tv", *(c for c in constraints if c is not None)), role="typevar")
    return _Def("variable", cond)


def _annotated(annotation: ast.expr, value: ast.expr | None, cond: Cond | None) -> _Def:
    """A variable declared with an annotation: a type alias, a `Final` constant, or a value of the declared type."""
    if _is_type_alias(annotation):
        return _Def("variable", cond, annotation=plain_annotation(value), role="type")
    if isinstance(annotation, ast.Name) and annotation.id == "Final":
        # `X: Final = "/"`: the constant's own type
        constant = value.value if isinstance(value, ast.Constant) else None
        kept = type(constant).__name__ if isinstance(constant, (str, int, float, bytes)) else None
        return _Def("variable", cond, annotation=kept)
    return _Def("variable", cond, annotation=plain_annotation(annotation))


@cache
def _stub(module: str, version: tuple[int, int]) -> _StubModule | None:
    """The parsed stub of a stdlib module for a Python version: shared by every platform."""
    if module.split(".")[0] not in _stdlib_tops(version):
        return None
    context = typeshed_client.get_search_context(version=version, search_path=[])
    try:
        path = typeshed_client.get_stub_file(module, search_context=context)
    except (ValueError, OSError):
        return None
    return read_stub(path, module) if path is not None else None


@cache
def _function_defaults(module: str, name: str, version: tuple[int, int]) -> tuple[tuple[Cond, dict[str, object]], ...]:
    """Each def of the module-level function `name` in its stub, under its guard (as a condition, `("const",
    True)` when none), with its parameters' number defaults. Read from the stub's text when a conditional
    catalogue entry asks (rare): the parsed stubs keep no defaults."""
    if module.split(".")[0] not in _stdlib_tops(version):
        return ()
    context = typeshed_client.get_search_context(version=version, search_path=[])
    try:
        path = typeshed_client.get_stub_file(module, search_context=context)
        tree = ast.parse(path.read_bytes()) if path is not None else None
    except (ValueError, OSError, SyntaxError):
        return ()
    if tree is None:
        return ()
    compiler = ConditionCompiler()
    compiler.bind_import("sys", "sys")
    found: list[tuple[Cond, dict[str, object]]] = []
    todo: list[tuple[list[ast.stmt], Cond]] = [(tree.body, ("const", True))]
    while todo:
        body, guard = todo.pop()
        for stmt in body:
            if isinstance(stmt, ast.If):
                test = compiler.compile(stmt.test)
                todo.append((stmt.body, ("and", (guard, test))))
                todo.append((stmt.orelse, ("and", (guard, ("not", test)))))
            elif isinstance(stmt, ast.FunctionDef) and stmt.name == name:
                found.append((guard, _number_defaults(stmt.args)))
    return tuple(found)


def _number_defaults(args: ast.arguments) -> dict[str, object]:
    positional = [*args.posonlyargs, *args.args]
    pairs = [
        *zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True),
        *zip(args.kwonlyargs, args.kw_defaults, strict=True),
    ]
    return {
        param.arg: default.value
        for param, default in pairs
        if isinstance(default, ast.Constant)
        and isinstance(default.value, (int, float))
        and not isinstance(default.value, bool)
    }


@cache
def is_stub_module(module: str, version: tuple[int, int]) -> bool | None:
    """Whether typeshed has a stub module of that dotted name for this Python version (found, not parsed); None
    when its top-level package is no stdlib module of that version at all."""
    if module.split(".")[0] not in _stdlib_tops(version):
        return None
    context = typeshed_client.get_search_context(version=version, search_path=[])
    try:
        return typeshed_client.get_stub_file(module, search_context=context) is not None
    except (ValueError, OSError):
        return False


@cache
def _stdlib_tops(version: tuple[int, int]) -> frozenset[str]:
    """Top-level stdlib module names typeshed knows for this version: most project names fail here, cheaply."""
    versions = typeshed_client.finder.get_typeshed_versions(typeshed_client.finder.find_typeshed())
    tops = set()
    for name, data in versions.items():
        if data.min <= version and (data.max is None or version <= data.max):
            tops.add(name.split(".")[0])
    return frozenset(tops)


class Stubs:
    """Stub lookups for one platform and Python version, memoised."""

    def __init__(self, platform: str, version: tuple[int, int]) -> None:
        self.platform = platform
        self.version = version
        self.target = Target(platform, version, lambda module, name: None)
        self._members: dict[tuple[str, str], StubSymbol] = {}
        self._alive: dict[Cond, bool] = {}
        self._types: dict[tuple[str, str, bool, str], TypeRef | None] = {}
        self._names: dict[tuple[str, str], Resolved | None] = {}
        self._protocols: dict[tuple[str, str], bool] = {}
        self._annotations = AnnotationTypes(self._resolve_type)
        self._overloads = Overloads(self._resolve_type, self._mro, self._protocol, self._defines)

    # -- modules -----------------------------------------------------------------------------------------

    def is_stdlib(self, module: str) -> bool:
        return _stub(module, self.version) is not None

    def _live(self, defs: list[_Def] | None) -> _Def | None:
        """The definition a target sees: the last one whose guard is not false there."""
        if not defs:
            return None
        for definition in reversed(defs):
            if definition.cond is None:
                return definition
            # keyed by the condition's value: an id could be reused once a stub's objects are gone
            alive = self._alive.get(definition.cond)
            if alive is None:
                alive = self._alive[definition.cond] = evaluate(definition.cond, self.target) is not False
            if alive:
                return definition
        return None

    def module_has(self, module: str, name: str | None) -> bool | None:
        """Does `import module` (and `from module import name`) succeed on this target? None: not stdlib."""
        stub = _stub(module, self.version)
        if stub is None:
            return None
        if name is None:
            # typeshed wraps a platform-only module in one big guard: nothing it defines is alive elsewhere
            for name_, defs in stub.names.items():
                definition = self._live(defs)
                if definition is not None and definition.kind not in ("module", "from") and not name_.startswith("_"):
                    return True
            return stub.is_package or not stub.names
        return self.member(module, (name,)).kind != "missing"

    # -- members -----------------------------------------------------------------------------------------

    def member(self, module: str, path: tuple[str, ...]) -> StubSymbol:
        """What `module.a.b` is: walks classes and follows imports and aliases inside the stubs."""
        symbol = StubSymbol("module", (module, "")) if self.is_stdlib(module) else StubSymbol("missing", (module, ""))
        for attr in path:
            if symbol.kind == "module":
                symbol = self._module_member(symbol.where[0], attr, 0)
            elif symbol.kind == "class":
                symbol = self._class_member(symbol.where[0], symbol.where[1], attr)
            else:
                # attributes of a function or variable are methods on a value: the symbol stays what it was
                return symbol
        return symbol

    def _module_member(self, module: str, attr: str, depth: int) -> StubSymbol:
        key = (module, attr)
        cached = self._members.get(key)
        if cached is not None:
            return cached
        result = self._module_member_uncached(module, attr, depth)
        self._members[key] = result
        return result

    def _module_member_uncached(self, module: str, attr: str, depth: int) -> StubSymbol:
        missing = StubSymbol("missing", (module, attr))
        stub = _stub(module, self.version)
        if stub is None or depth > 20:
            return missing
        definition = self._live(stub.names.get(attr))
        if definition is None:
            if self.is_stdlib(f"{module}.{attr}"):
                return StubSymbol("module", (f"{module}.{attr}", ""))
            for star in stub.stars:
                if self._live([star]) is not None and not attr.startswith("_"):
                    found = self._module_member(star.target, attr, depth + 1)
                    if found.kind != "missing":
                        return found
            return missing
        kind = definition.kind
        if kind == "function":
            return StubSymbol("function", (module, attr))
        if kind == "class":
            return StubSymbol("class", (module, attr), self._is_exception(module, attr))
        if kind == "module":
            return StubSymbol("module", (definition.target, ""))
        if kind == "from":
            if self.is_stdlib(f"{definition.target}.{definition.name}"):
                # `from . import path as _path` in os: a submodule, not a member
                return StubSymbol("module", (f"{definition.target}.{definition.name}", ""))
            return self._module_member(definition.target, definition.name, depth + 1)
        if kind == "alias" and definition.target != attr:
            return self._module_member(module, definition.target, depth + 1)
        if kind == "bound":
            # `random = _inst.random`: a bound method re-exported as a module function
            return StubSymbol("function", (module, attr))
        return StubSymbol("variable", (module, attr))

    def _class_defs(self, module: str, qual: str) -> _Def | None:
        stub = _stub(module, self.version)
        if stub is None:
            return None
        parts = qual.split(".")
        definition = self._live(stub.names.get(parts[0]))
        for part in parts[1:]:
            if definition is None or definition.members is None:
                return None
            definition = self._live(definition.members.get(part))
        return definition if definition is not None and definition.kind == "class" else None

    def _class_member(self, module: str, qual: str, attr: str) -> StubSymbol:
        key = (module, f"{qual}.{attr}")
        cached = self._members.get(key)
        if cached is not None:
            return cached
        result = StubSymbol("missing", (module, f"{qual}.{attr}"))
        for cls_module, cls_qual in self._mro(module, qual):
            definition = self._class_defs(cls_module, cls_qual)
            member = self._live((definition.members or {}).get(attr)) if definition is not None else None
            if member is None:
                continue
            where = (cls_module, f"{cls_qual}.{attr}")
            if member.kind == "class":
                result = StubSymbol("class", where, self._is_exception(*where))
            elif member.kind == "function":
                result = StubSymbol("function", where)
            else:
                result = StubSymbol("variable", where)
            break
        self._members[key] = result
        return result

    def derives(self, module: str, qual: str, base: tuple[str, str]) -> bool:
        """Whether the stub class `module.qual` is `base` or lists it among its stub bases, however far up."""
        return base in self._mro(module, qual)

    def _mro(self, module: str, qual: str) -> list[tuple[str, str]]:
        """The class and its stub bases, breadth-first, each once."""
        order: list[tuple[str, str]] = []
        todo = [(module, qual)]
        while todo and len(order) < 64:
            current = todo.pop(0)
            if current in order:
                continue
            order.append(current)
            definition = self._class_defs(*current)
            if definition is None:
                continue
            for base in definition.bases:
                symbol = self._base(current[0], base)
                if symbol.kind == "class":
                    todo.append(symbol.where)
        return order

    def _base(self, module: str, base: str) -> StubSymbol:
        """What a base written in a stub names (a dotted name, looked up in the stub's module, then builtins)."""
        head, _, rest = base.partition(".")
        symbol = self._module_member(module, head, 0)
        if symbol.kind == "missing":
            symbol = self._module_member("builtins", head, 0)
        for part in rest.split(".") if rest else []:
            if symbol.kind != "module":
                break
            symbol = self._module_member(symbol.where[0], part, 0)
        return symbol

    def is_protocol(self, module: str, qual: str) -> bool:
        """A stub class that lists `Protocol` among its own bases (`SupportsInt`, `Iterable`, `os.PathLike`): a
        value annotated with it may be of any class that has its methods. Python's rule: a class deriving from a
        protocol is one only when it says so (`typing.IO` is no protocol, though `Iterator` is among its bases)."""
        key = (module, qual)
        known = self._protocols.get(key)
        if known is None:
            definition = self._class_defs(module, qual)
            bases = definition.bases if definition is not None else ()
            known = self._protocols[key] = any(self._base(module, b).where in PROTOCOL_BASES for b in bases)
        return known

    def _protocol(self, module: str, qual: str) -> list[str] | None:
        """The members a stub protocol class declares itself (`Buffer`: `__buffer__`); None: no protocol."""
        definition = self._class_defs(module, qual)
        if definition is None or not self.is_protocol(module, qual):
            return None
        return [name for name, defs in (definition.members or {}).items() if self._live(defs) is not None]

    def may_be_path(self, module: str, qual: str) -> bool:
        """Whether a value of the stub class, or of a subclass, may name a file: it is a path class (`is_path`), a
        protocol, or a base of one (`Sequence`: a `str` is one)."""
        if self.is_path(module, qual) or self.is_protocol(module, qual):
            return True
        return any((module, qual) in self._mro(*path) for path in _PATH_LEAVES)

    def defaults_to_number(self, module: str, name: str, param: str) -> bool:
        """Whether every def of the module-level function `name` this target may see defaults `param` to a number
        (`gzip.compress`'s `mtime` from Python 3.14 on): False when there is none, or one does not."""
        defs = [
            d
            for guard, d in _function_defaults(module, name, self.version)
            if evaluate(guard, self.target) is not False
        ]
        return bool(defs) and all(param in d for d in defs)

    def is_path(self, module: str, qual: str) -> bool:
        """Whether an instance of the stub class may name a file: a str, bytes or `os.PathLike` (by its bases, or a
        `__fspath__` of its own). A class the stubs do not have may: True."""
        if self._class_defs(module, qual) is None:
            return True
        if any(where in _PATH_CLASSES for where in self._mro(module, qual)):
            return True
        return self._defines(module, qual, "__fspath__")

    def _defines(self, module: str, qual: str, name: str) -> bool:
        return self._class_member(module, qual, name).kind != "missing"

    def _is_exception(self, module: str, qual: str) -> bool:
        return ("builtins", "BaseException") in self._mro(module, qual)

    def is_enum(self, module: str, qual: str) -> bool:
        """An `enum.Enum` subclass: calling it converts a value to a member (`signal.Signals(2)`), no acquisition."""
        return ("enum", "Enum") in self._mro(module, qual)

    # -- types of values ---------------------------------------------------------------------------------

    def returns(self, module: str, qual: str) -> TypeRef | None:
        """The class of what calling the stdlib function, method or class `qual` of `module` returns.

        `("os", "getcwd")` -> instance of builtins.str; `("pathlib", "Path.iterdir")` -> elements of
        pathlib.Path; `("subprocess", "Popen")` (a class) -> instance of subprocess.Popen. Methods are found
        through the class's stub bases, functions through re-exports (`os.path` -> posixpath / ntpath on the
        target). None: not known (a TypeVar, `Any`, a union of classes, overloads that disagree, a property).
        """
        return self._typed(module, qual, True)

    def call_returns(self, module: str, call: str) -> TypeRef | None:
        """`returns`, for a call that passes values of known classes: `call` is the qualname and the call's step
        (`("re", "sub(s,s,?)")`, see `facts.call_step`). Overloads the arguments rule out are left out, and a
        constrained TypeVar (`AnyStr`) stands for the class of the first argument that binds it: `re.sub` given
        a str literal returns a str, `Pattern.sub` too."""
        qual, paren, step = call.partition("(")
        return self._typed(module, qual, True, paren + step)

    def attribute(self, module: str, qual: str) -> TypeRef | None:
        """The class of a stdlib class attribute or property (`("pathlib", "PurePath.name")` -> instance of
        builtins.str) or module-level variable (`("sys", "argv")` -> elements of builtins.str). None: not known,
        or not a value's attribute (a method, a class, a type alias)."""
        return self._typed(module, qual, False)

    def never_none(self, module: str, qual: str) -> bool:
        """Whether the stdlib class attribute or module variable `qual` of `module` is declared, by every live
        definition, with one plain class (`utc: ClassVar[timezone]`): never None, as far as the stubs say."""
        symbol = self.member(module, tuple(qual.split(".")))
        if symbol.kind != "variable":
            return False
        where, name = symbol.where
        defs = self._defs_at(where, name) or []
        live = [d for d in defs if self._live([d])]
        for definition in live:
            named = _one_class(definition.annotation) if definition.kind == "variable" and not definition.role else None
            if named is None or self._base(where, named).kind != "class":
                return False  # a union, an alias of one, a TypeVar, `Any`: may be None
        return bool(live)

    def _typed(self, module: str, qual: str, call: bool, step: str = "") -> TypeRef | None:
        key = (module, qual, call, step)
        if key in self._types:
            return self._types[key]
        self._types[key] = None  # a cycle of re-exports has no type
        result = self._types[key] = self._typed_uncached(module, qual, call, step)
        return result

    def _typed_uncached(self, module: str, qual: str, call: bool, step: str) -> TypeRef | None:
        parts = tuple(qual.split("."))
        owner = self.member(module, parts[:-1])
        if owner.kind == "class":
            looked_up: tuple[str, str] | None = owner.where
        elif owner.kind == "module":
            looked_up = None
        else:
            return None  # an attribute of a function or variable: a method on a value of unknown class
        symbol = self.member(module, parts)
        if symbol.kind == "class":
            return TypeRef("instance", *symbol.where) if call and symbol.where != ("typing", "Any") else None
        if symbol.kind not in ("function", "variable"):
            return None
        where, name = symbol.where
        defs = self._defs_at(where, name)
        definition = self._live(defs)
        if definition is None or defs is None:
            return None
        if definition.kind == "bound":
            return self._typed_bound(where, definition.target, call, step)
        if definition.kind == "alias" and looked_up is not None:
            # `__ror__ = __or__` in a class body
            return self._typed(looked_up[0], f"{looked_up[1]}.{definition.target}", call, step)
        if definition.kind == "function":
            # every live overload (and, under a guard the target cannot decide, every branch) must agree
            candidates = [d for d in defs if d.kind == "function" and d.role != "accessor" and self._live([d])]
            if any((d.role == "property") == call for d in candidates):
                return None  # calling a property's value, or a method read as a value
        elif definition.kind == "variable" and not call and definition.role != "type":
            candidates = [d for d in defs if d.kind == "variable" and self._live([d])]
        else:
            return None
        if step:
            return self._agree(self._chosen(where, candidates, call_arguments(step), looked_up))
        types = [self._annotations.evaluate(where, d.annotation, looked_up, 0) for d in candidates]
        return self._agree(types)

    def _chosen(
        self, where: str, candidates: list[_Def], args: Arguments, looked_up: tuple[str, str] | None
    ) -> list[TypeRef | None]:
        """What the overloads a call's arguments do not rule out return, their TypeVars bound; none left: not
        known."""
        types: list[TypeRef | None] = []
        for definition in candidates:
            bound = self._overloads.bind(where, definition.params, args)
            if bound is not None:
                types.append(self._annotations.evaluate_bound(where, definition.annotation, looked_up, bound))
        return types or [None]

    def _typed_bound(self, where: str, target: str, call: bool, step: str = "") -> TypeRef | None:
        """The type through a re-exported bound method `y = holder.rest` in `where`'s stub (`open = builtins.open`
        in _io, `random = _inst.random`): a module's function, a class's method, or the method of a module
        variable's class."""
        holder, _, rest = target.partition(".")
        if not rest:
            return None
        head = self.member(where, (holder,))
        if head.kind == "module":
            return self._typed(head.where[0], rest, call, step)
        if head.kind == "class":
            return self._typed(head.where[0], f"{head.where[1]}.{rest}", call, step)
        value = self._typed(where, holder, False)
        if value is None or value.kind != "instance":
            return None
        return self._typed(value.module, f"{value.qualname}.{rest}", call, step)

    def _defs_at(self, module: str, qual: str) -> list[_Def] | None:
        """Every definition (under any guard) of the last part of `qual`, its enclosing classes as the target
        sees them."""
        stub = _stub(module, self.version)
        if stub is None:
            return None
        parts = qual.split(".")
        namespace = stub.names
        for part in parts[:-1]:
            definition = self._live(namespace.get(part))
            if definition is None or definition.members is None:
                return None
            namespace = definition.members
        return namespace.get(parts[-1])

    def _agree(self, types: list[TypeRef | None]) -> TypeRef | None:
        """One type for a set of overloads: all alike; else the one whose class every other result's class
        derives from (`open()`'s last overload `-> IO[Any]`). Overloads that return nothing are left out."""
        known = [t for t in types if t != NOTHING]
        if not known or None in known:
            return None
        results = [t for t in known if t is not None]
        first = results[0]
        if all(t == first for t in results):
            return first
        if any(t.kind != first.kind for t in results):
            return None
        for candidate in results:
            base = (candidate.module, candidate.qualname)
            if all(base in self._mro(t.module, t.qualname) for t in results):
                return candidate
        return None

    def _resolve_type(self, module: str, dotted: str) -> Resolved | None:
        """What a (dotted) type name in `module`'s stub is: a class, a special form, a type alias
        ("alias", module, annotation) or a module, imports and aliases followed; names a stub does not define
        are builtins."""
        key = (module, dotted)
        if key in self._names:
            return self._names[key]
        self._names[key] = None  # a cycle of aliases resolves to nothing
        head, _, rest = dotted.partition(".")
        found = self._resolve_name(module, head, 0)
        for part in rest.split(".") if rest else []:
            if found is None:
                break
            if found.kind == "module":
                found = self._resolve_name(found.module, part, 0)
            elif found.kind == "class":
                nested = f"{found.name}.{part}"
                found = Resolved("class", found.module, nested) if self._class_defs(found.module, nested) else None
            else:
                found = None
        self._names[key] = found
        return found

    def _resolve_name(self, module: str, name: str, depth: int) -> Resolved | None:
        stub = _stub(module, self.version)
        if stub is None or depth > 20:
            return None
        definition = self._live(stub.names.get(name))
        if definition is None:
            return self._resolve_undefined(stub, module, name, depth)
        kind = definition.kind
        if kind == "class":
            return Resolved("class", module, name)
        if kind == "module":
            return Resolved("module", definition.target)
        if kind == "from":
            if self.is_stdlib(f"{definition.target}.{definition.name}"):
                return Resolved("module", f"{definition.target}.{definition.name}")
            return self._resolve_name(definition.target, definition.name, depth + 1)
        if kind == "alias":
            if definition.target == name:
                return self._resolve_name("builtins", name, depth + 1) if module != "builtins" else None
            return self._resolve_name(module, definition.target, depth + 1)
        if kind == "variable":
            return _resolve_variable(module, name, definition)
        if kind == "bound":
            # `Lock = _thread.LockType`
            return self._resolve_type(module, definition.target)
        return None

    def _resolve_undefined(self, stub: _StubModule, module: str, name: str, depth: int) -> Resolved | None:
        """A name `module`'s stub does not define (live): a submodule, a star import's, or a builtin."""
        if self.is_stdlib(f"{module}.{name}"):
            return Resolved("module", f"{module}.{name}")
        for star in stub.stars:
            if self._live([star]) is not None and not name.startswith("_"):
                found = self._resolve_name(star.target, name, depth + 1)
                if found is not None:
                    return found
        return self._resolve_name("builtins", name, depth + 1) if module != "builtins" else None


def _resolve_variable(module: str, name: str, definition: _Def) -> Resolved | None:
    """A stub variable as a type: typing's special forms and capitalised aliases, or a type alias."""
    form = SPECIAL_FORMS.get((module, name))
    if form is not None:
        return Resolved("special", name=form)
    alias = TYPING_ALIASES.get((module, name))
    if alias is not None:
        return Resolved("class", *alias)
    if definition.role == "type":
        return Resolved("alias", module, annotation=definition.annotation)
    if definition.role == "typevar":
        return Resolved("typevar", module, name, definition.annotation)
    return None


@cache
def stubs_for(platform: str, version: tuple[int, int]) -> Stubs:
    """One memoised stub view per target, shared by every check in the process."""
    return Stubs(platform, version)


def typeshed_version() -> str:
    """Identifies the stub data, for cache keys and report revisions."""
    return str(getattr(typeshed_client, "__version__", "unknown"))


def stub_names(module: str, version: tuple[int, int]) -> frozenset[str]:
    """The public names a stdlib module's stub binds (on any platform): what a misspelt name is compared with."""
    stub = _stub(module, version)
    return frozenset(n for n in stub.names if not n.startswith("_")) if stub is not None else frozenset()


def stdlib_tops(version: tuple[int, int]) -> frozenset[str]:
    """Top-level stdlib module names typeshed knows for this version."""
    return _stdlib_tops(version)


_NOT_ONE_CLASS = frozenset({"None", "?", "...", "Any", "object", "typing.Any"})


def _one_class(annotation: Ann | None) -> str | None:
    """The name an annotation gives, bare or as `ClassVar[C]` / `Final[C]`; None for a union, None, `Any`."""
    wrapped = isinstance(annotation, tuple) and len(annotation) == 3 and annotation[0] == "[]"
    if wrapped and isinstance(annotation, tuple) and str(annotation[1]).rpartition(".")[2] in ("ClassVar", "Final"):
        annotation = annotation[2] if isinstance(annotation[2], str) else None
    return annotation if isinstance(annotation, str) and annotation not in _NOT_ONE_CLASS else None
