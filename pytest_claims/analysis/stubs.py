"""What the stdlib's names are, per target platform, from the typeshed stubs shipped with typeshed-client.

The checker needs to tell functions, classes, exception classes, variables and modules apart, and to know
which modules and names exist on a target (`os.startfile` only on win32, `os.path` is `ntpath` there).
typeshed-client locates the stub of a module for a Python version (its VERSIONS table); each stub file is
then read once per process into platform-independent definitions that keep their `sys.platform` /
`sys.version_info` guards as conditions, the way the project's own facts do, and every target evaluates the
same definitions. So a three-platform sweep reads each stub once, not three times.

The definitions also keep their annotations, reduced to plain data, for the types of values (SPEC §5).
"""

from __future__ import annotations

import ast
from ast import Attribute, BinOp, BitOr, Constant, Name, Subscript, Tuple
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import typeshed_client

from pytest_claims.analysis.conditions import ConditionCompiler, Target, evaluate, is_known
from pytest_claims.analysis.facts import chain_of
from pytest_claims.persist.cache import derived
from pytest_claims.records import Cond, StubSymbol

Ann = str | tuple[object, ...]
"""An annotation as written, reduced to plain data by `_annotation`: a name (`"str"`, `"os.PathLike"`, `"None"`,
`"..."`, `"?"` for a form it does not keep), `("[]", base, *args)` for a subscript, `("|", *members)` for a
union written with `|`, `("s", text)` for a string constant (a forward reference, or a `Literal` value) and
`("lit", type name)` for any other constant."""


@dataclass(frozen=True, slots=True)
class _Def:
    """One definition of a name in a stub namespace, under its guard (None: unconditional).

    kind: function | class | variable | module (`import x as y`: target x) | from (`from target import name`)
    | alias (`y = x`: target x) | bound (`y = x.attr`: a re-exported bound method) | star (`from target import *`)

    `annotation`: a function's return annotation, a variable's declared type, or (role `type`) the type a type
    alias stands for. `role`: a function's `property` (a getter) or `accessor` (`@x.setter` / `@x.deleter`);
    a variable's `type` (a type alias: `X: TypeAlias = ...`, `X = A | B`, `X = A[B]`).
    """

    kind: str
    cond: Cond | None
    target: str = ""
    name: str = ""
    members: dict[str, list[_Def]] | None = None
    bases: tuple[str, ...] = ()
    annotation: Ann | None = None
    role: str = ""


@dataclass
class _StubModule:
    names: dict[str, list[_Def]] = field(default_factory=dict)
    stars: list[_Def] = field(default_factory=list)
    is_package: bool = False


def _dotted(node: ast.expr) -> str | None:
    chain = chain_of(node)
    return ".".join(chain) if chain is not None else None


_PROPERTY_DECORATORS = frozenset(
    {"property", "cached_property", "abstractproperty", "DynamicClassAttribute", "_magic_enum_attr"}
)
"""Decorators (by their last name) that make a stub method an attribute; `enum` spells property
`_magic_enum_attr`."""

_ANNOTATION_DEPTH = 6
"""Subscripts nested deeper than this are kept as `"?"`: enough for `Generator[tuple[str, list[str]], ...]`."""


def _annotation(node: ast.expr | None) -> Ann | None:
    """An annotation reduced to plain data (`Ann`). Iterative, and cheap: it runs on every def of every stub
    parsed (the common plain forms are answered before the loop)."""
    if isinstance(node, Name):
        return node.id
    if node is None:
        return None
    if isinstance(node, Constant) and node.value is None:
        return "None"
    out: list[Ann] = []
    emit = out.append
    # an expression and its depth to reduce, or a head and a count: build `(*head, *the last count results)`
    todo: list[tuple[ast.expr, int] | tuple[tuple[str, ...], int]] = [(node, 0)]
    pop, push = todo.pop, todo.append
    while todo:
        expr, depth = pop()
        if isinstance(expr, Name):
            emit(expr.id)
        elif isinstance(expr, tuple):
            args = out[-depth:]
            del out[-depth:]
            if expr[0] == "|":
                members: list[object] = []
                for arg in args:
                    if isinstance(arg, tuple) and arg[0] == "|":
                        members.extend(arg[1:])
                    else:
                        members.append(arg)
                emit(("|", *members))
            else:
                emit((*expr, *args))
        elif isinstance(expr, Subscript) and depth < _ANNOTATION_DEPTH:
            base = expr.value.id if isinstance(expr.value, Name) else _dotted(expr.value)
            if base is None:
                emit("?")
                continue
            index = expr.slice
            elements = index.elts if isinstance(index, Tuple) else (index,)
            push((("[]", base), len(elements)))
            for element in reversed(elements):
                push((element, depth + 1))
        elif isinstance(expr, BinOp) and isinstance(expr.op, BitOr):
            # a long `a | b | c` chain is left-nested: not counted as depth, flattened when built
            push((("|",), 2))
            push((expr.right, depth))
            push((expr.left, depth))
        elif isinstance(expr, Constant):
            value = expr.value
            if value is None:
                emit("None")
            elif value is Ellipsis:
                emit("...")
            else:
                emit(("s", value) if isinstance(value, str) else ("lit", type(value).__name__))
        elif isinstance(expr, Attribute):
            emit(_dotted(expr) or "?")
        else:
            emit("?")
    return out[0]


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


def _read_stub(path: Path, module: str) -> _StubModule:
    """A stub's definitions: parsed, or read back from an earlier process's parse of the same bytes."""
    try:
        data = path.read_bytes()
    except OSError:
        return _StubModule(is_package=path.name == "__init__.pyi")
    key = b"%s\0%s\0%s" % (module.encode(), path.name.encode(), data)
    return derived("stub", key, lambda: _parse_stub(data, path, module), _StubModule)


def _parse_stub(data: bytes, path: Path, module: str) -> _StubModule:
    """One parse of one stub file; iterative over nested `if` and class bodies."""
    stub = _StubModule(is_package=path.name == "__init__.pyi")
    try:
        tree = ast.parse(data, filename=str(path))
    except (SyntaxError, ValueError):
        return stub
    package = module if stub.is_package else module.rpartition(".")[0]
    compiler = ConditionCompiler()
    # (statements, namespace, guard conditions)
    todo: list[tuple[list[ast.stmt], dict[str, list[_Def]], tuple[Cond, ...]]] = [(tree.body, stub.names, ())]
    while todo:
        body, namespace, guards = todo.pop()
        cond: Cond | None = ("and", guards) if guards else None
        for stmt in body:
            if isinstance(stmt, ast.If):
                test = compiler.compile(stmt.test)
                if is_known(test):
                    todo.append((stmt.body, namespace, (*guards, test)))
                    todo.append((stmt.orelse, namespace, (*guards, ("not", test))))
                else:
                    todo.append((stmt.body, namespace, guards))
                    todo.append((stmt.orelse, namespace, guards))
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                role = _role(stmt) if stmt.decorator_list else ""
                namespace.setdefault(stmt.name, []).append(
                    _Def("function", cond, annotation=_annotation(stmt.returns), role=role)
                )
            elif isinstance(stmt, ast.ClassDef):
                members: dict[str, list[_Def]] = {}
                bases = tuple(
                    b
                    for b in (_dotted(base.value if isinstance(base, ast.Subscript) else base) for base in stmt.bases)
                    if b
                )
                namespace.setdefault(stmt.name, []).append(_Def("class", cond, members=members, bases=bases))
                todo.append((stmt.body, members, ()))
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    local = alias.asname or alias.name.split(".")[0]
                    imported = alias.name if alias.asname else local
                    namespace.setdefault(local, []).append(_Def("module", cond, imported))
                    compiler.bind_import(local, imported)
            elif isinstance(stmt, ast.ImportFrom):
                source = stmt.module or ""
                if stmt.level:
                    base = package.split(".")[: len(package.split(".")) - (stmt.level - 1)] if package else []
                    source = ".".join([*base, source] if source else base)
                for alias in stmt.names:
                    if alias.name == "*":
                        stub.stars.append(_Def("star", cond, source))
                    else:
                        local = alias.asname or alias.name
                        namespace.setdefault(local, []).append(_Def("from", cond, source, alias.name))
                        compiler.bind_import(local, f"{source}.{alias.name}")
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                value = stmt.value
                for assigned in targets:
                    if not isinstance(assigned, ast.Name):
                        continue
                    if isinstance(stmt, ast.AnnAssign):
                        annotation = stmt.annotation
                        if _is_type_alias(annotation):
                            definition = _Def("variable", cond, annotation=_annotation(value), role="type")
                        elif isinstance(annotation, ast.Name) and annotation.id == "Final":
                            # `X: Final = "/"`: the constant's own type
                            constant = value.value if isinstance(value, ast.Constant) else None
                            kept = type(constant).__name__ if isinstance(constant, (str, int, float, bytes)) else None
                            definition = _Def("variable", cond, annotation=kept)
                        else:
                            definition = _Def("variable", cond, annotation=_annotation(annotation))
                    elif isinstance(value, ast.Name):
                        definition = _Def("alias", cond, value.id)
                    elif isinstance(value, ast.Attribute):
                        definition = _Def("bound", cond, _dotted(value) or "")
                    elif isinstance(value, (ast.Subscript, ast.BinOp)):
                        # an old-style type alias: `_Path = Union[str, bytes]`, `_Path = str | bytes`
                        definition = _Def("variable", cond, annotation=_annotation(value), role="type")
                    elif isinstance(value, ast.Call) and len(value.args) == 2 and _dotted(value.func) == "NewType":
                        # `UserId = NewType("UserId", int)`: its values are instances of the base
                        definition = _Def("variable", cond, annotation=_annotation(value.args[1]), role="type")
                    else:
                        definition = _Def("variable", cond)
                    namespace.setdefault(assigned.id, []).append(definition)
    return stub


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
    return _read_stub(path, module) if path is not None else None


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
                head, _, rest = base.partition(".")
                symbol = self._module_member(current[0], head, 0)
                if symbol.kind == "missing":
                    symbol = self._module_member("builtins", head, 0)
                for part in rest.split(".") if rest else []:
                    if symbol.kind != "module":
                        break
                    symbol = self._module_member(symbol.where[0], part, 0)
                if symbol.kind == "class":
                    todo.append(symbol.where)
        return order

    def _is_exception(self, module: str, qual: str) -> bool:
        return ("builtins", "BaseException") in self._mro(module, qual)


@cache
def stubs_for(platform: str, version: tuple[int, int]) -> Stubs:
    """One memoised stub view per target, shared by every check in the process."""
    return Stubs(platform, version)


def typeshed_version() -> str:
    """Identifies the stub data, for cache keys and report revisions."""
    return str(getattr(typeshed_client, "__version__", "unknown"))
