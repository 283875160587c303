"""What the stdlib's values are, per target: the class of what a stdlib call or attribute produces, from the
typeshed stubs shipped with typeshed-client. This module is also the door to the stub rooms behind it:

- `stubfiles`: which stubs typeshed has for a Python version, each read once per process (and cached on the
  machine) into platform-independent definitions, `stubdefs`, that keep their `sys.platform` /
  `sys.version_info` guards as conditions, the way the project's own facts do;
- `stubnames`: what a name is on one target (a module, function, class, exception class or variable, or
  missing: `os.startfile` only on win32, `os.path` is `ntpath` there), each target evaluating the same
  definitions, so a three-platform sweep reads each stub once, not three times;
- here, `Stubs`: those answers plus the types of values. The definitions keep their annotations (reduced to
  plain data), so `Stubs.returns` and `Stubs.attribute` can tell the class of a value a stdlib call or attribute
  produces (semantics §5: `Path.name` is a `str`, `str.split` returns `list[str]`), per target, as a
  `records.TypeRef`. What the names in a stub denote is resolved here; what an annotation means once its names
  are resolved is `stubtypes`' job.
"""

from __future__ import annotations

from functools import cache

from pytest_claims.analysis.stubdefs import StubDef, StubModule
from pytest_claims.analysis.stubfiles import is_stub_module, stdlib_tops, stub_names, typeshed_version
from pytest_claims.analysis.stubnames import PROTOCOL_BASES, StubNames
from pytest_claims.analysis.stubtypes import (
    NOTHING,
    SPECIAL_FORMS,
    TYPING_ALIASES,
    Ann,
    AnnotationTypes,
    Arguments,
    Overloads,
    Resolved,
    call_arguments,
)
from pytest_claims.records import TypeRef

__all__ = [
    "PROTOCOL_BASES",
    "Stubs",
    "is_stub_module",
    "stdlib_tops",
    "stub_names",
    "stubs_for",
    "typeshed_version",
]


class Stubs(StubNames):
    """Stub lookups for one platform and Python version, memoised: what a name is (`StubNames`) and the class of
    the value a stdlib call or attribute produces."""

    def __init__(self, platform: str, version: tuple[int, int]) -> None:
        super().__init__(platform, version)
        self._types: dict[tuple[str, str, bool, str], TypeRef | None] = {}
        self._names: dict[tuple[str, str], Resolved | None] = {}
        self._annotations = AnnotationTypes(self._resolve_type)
        self._overloads = Overloads(self._resolve_type, self._mro, self._protocol, self._defines)

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
        (`("re", "sub(s,s,?)")`, see `chains.call_step`). Overloads the arguments rule out are left out, and a
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
        self, where: str, candidates: list[StubDef], args: Arguments, looked_up: tuple[str, str] | None
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

    def _defs_at(self, module: str, qual: str) -> list[StubDef] | None:
        """Every definition (under any guard) of the last part of `qual`, its enclosing classes as the target
        sees them."""
        stub = self._stub(module)
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
        stub = self._stub(module)
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

    def _resolve_undefined(self, stub: StubModule, module: str, name: str, depth: int) -> Resolved | None:
        """A name `module`'s stub does not define (live): a submodule, a star import's, or a builtin."""
        if self.is_stdlib(f"{module}.{name}"):
            return Resolved("module", f"{module}.{name}")
        for star in stub.stars:
            if self._live([star]) is not None and not name.startswith("_"):
                found = self._resolve_name(star.target, name, depth + 1)
                if found is not None:
                    return found
        return self._resolve_name("builtins", name, depth + 1) if module != "builtins" else None


def _resolve_variable(module: str, name: str, definition: StubDef) -> Resolved | None:
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


_NOT_ONE_CLASS = frozenset({"None", "?", "...", "Any", "object", "typing.Any"})


def _one_class(annotation: Ann | None) -> str | None:
    """The name an annotation gives, bare or as `ClassVar[C]` / `Final[C]`; None for a union, None, `Any`."""
    wrapped = isinstance(annotation, tuple) and len(annotation) == 3 and annotation[0] == "[]"
    if wrapped and isinstance(annotation, tuple) and str(annotation[1]).rpartition(".")[2] in ("ClassVar", "Final"):
        annotation = annotation[2] if isinstance(annotation[2], str) else None
    return annotation if isinstance(annotation, str) and annotation not in _NOT_ONE_CLASS else None
