"""What a dotted name or an expression's value denotes: module names, imports, star imports, attribute chains;
the value a call gives, the values an annotation types, one element of an iteration; and the module state a
name's binding reads.

Members of project classes are looked up through a port (`Members`, which `dispatch` provides) and the names of
a function body through another (`Locals`, which `bodies` provides), so this module imports neither.
"""

from __future__ import annotations

import functools
import importlib.machinery
import sys
from collections.abc import Container
from typing import Protocol

from pytest_claims.analysis.catalog import Catalogue
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.displays import before_elements, elements
from pytest_claims.analysis.resolution.iteration import Iteration
from pytest_claims.analysis.resolution.properties import Properties
from pytest_claims.analysis.resolution.stdvalues import StdValues
from pytest_claims.analysis.resolution.symbols import (
    OPAQUE,
    TYPE_INSTANCE,
    UNKNOWN,
    ClassKey,
    ContainerMethod,
    Elements,
    External,
    MapOf,
    Missing,
    Opaque,
    ProjectClass,
    ProjectClosure,
    ProjectFunction,
    ProjectInstance,
    ProjectModule,
    StdInstance,
    StdMethod,
    StdName,
    Sym,
    Unknown,
    instance_of,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.specials import reserved
from pytest_claims.records import CONSTRUCTS, MAX_ALIAS_DEPTH, Binding, FunctionFacts, StubSymbol, holds_elements

_LITERAL_CLASSES = {
    "<str>": "str",
    "<bytes>": "bytes",
    "<list>": "list",
    "<dict>": "dict",
    "<set>": "set",
    "<tuple>": "tuple",
}
_MODULE_DUNDERS = frozenset(
    {"__name__", "__file__", "__doc__", "__spec__", "__package__", "__path__", "__builtins__", "__debug__"}
)


class Members(Protocol):
    """Member lookup on project classes and instances (provided by `dispatch.Dispatch`)."""

    def class_member(
        self, sym: ProjectClass | ProjectInstance, attr: str, depth: int, dispatch: bool = False
    ) -> list[Sym]: ...

    def metaclasses(self, sym: ProjectClass) -> list[ProjectClass]: ...


class Exact(Protocol):
    """Values of exactly one class (provided by `exact.Exactness`)."""

    def module_value(self, module: Module, name: str, syms: list[Sym]) -> list[Sym]: ...

    def constructed(self, sym: ProjectClass) -> tuple[ClassKey, ...] | None: ...

    def made(self, module: Module, sym: ProjectClass) -> ProjectInstance: ...

    def escaped(self, syms: list[Sym]) -> list[Sym]: ...


class _Inexact:
    """No value is known to be of exactly one class (before the `Resolver` wires `exact.Exactness`)."""

    def module_value(self, module: Module, name: str, syms: list[Sym]) -> list[Sym]:
        return syms

    def constructed(self, sym: ProjectClass) -> tuple[ClassKey, ...] | None:
        return None

    def made(self, module: Module, sym: ProjectClass) -> ProjectInstance:
        return ProjectInstance(sym.module, sym.idx)

    def escaped(self, syms: list[Sym]) -> list[Sym]:
        return syms


class Locals(Protocol):
    """What names mean inside a function body (provided by `bodies.Bodies`)."""

    def local_syms(self, module: Module, func: FunctionFacts, name: str) -> list[Sym] | None: ...

    def uncached_use(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]: ...

    def use_apart(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], receiver: ClassKey | None = None
    ) -> list[Sym]: ...


class Evaluator:
    """Names and values for one target."""

    def __init__(self, view: TargetView, catalogue: Catalogue, tracker: Tracker) -> None:
        self.view = view
        self.catalogue = catalogue
        self.tracker = tracker
        self.members: Members
        """Set by the `Resolver` that wires the collaborators."""
        self.locals: Locals
        self.exact: Exact = _Inexact()
        """What a module-level name bound once to a project class's call holds: an instance of exactly it."""
        self.stdlib = StdValues(view, catalogue)
        self.properties = Properties(view, tracker)
        self.iteration = Iteration(view)
        self._members: dict[tuple[str, str], tuple[list[Sym], frozenset[str], frozenset[tuple[str, int]]]] = {}

    # -- modules ------------------------------------------------------------------------------------------

    def absolute(self, module: Module, target: str) -> str:
        """Resolve a relative import target (leading dots) against the importing module."""
        if not target.startswith("."):
            return target
        level = len(target) - len(target.lstrip("."))
        rest = target[level:]
        parts = module.name.split(".")
        if not module.file.is_package:
            parts = parts[:-1]
        base = parts[: len(parts) - (level - 1)] if level > 1 else parts
        return ".".join([*base, rest] if rest else base)

    def module_sym(self, name: str) -> Sym:
        if self.view.has(name) and not _unshadowable(name.split(".")[0]):
            return ProjectModule(name)
        if self.view.stub_member(name, ()).kind == "module":
            return StdName(name, StubSymbol("module", (name, "")))
        top = name.split(".")[0]
        if top in self.view.project.index.top_levels():
            return Missing(name, "no such module in the project")
        return External(name)

    def module_member(self, name: str, attr: str, depth: int) -> list[Sym]:
        """`attr` looked up in module `name` (project: its bindings, submodules, star imports)."""
        return self.step(self.module_sym(name), attr, depth)

    def project_member(self, module: Module, attr: str, depth: int) -> list[Sym]:
        """Memoised per (module, attr) with the modules and the state it read; a lookup already under way (an
        import or star-import cycle) finds nothing instead of looping."""
        key = (module.name, attr)
        cached = self._members.get(key)
        tracker = self.tracker
        if cached is not None:
            tracker.modules(cached[1])
            tracker.state(cached[2])
            return cached[0]
        if ("member", *key) in tracker.busy:
            # A cycle contributes nothing; what is computed inside it is not memoised (it saw a partial answer).
            tracker.cycles += 1
            return []
        tracker.busy.add(("member", *key))
        cycles = tracker.cycles
        try:
            with tracker.scope() as read:  # the state is kept with the answer: every later use of it reads it too
                result = self._project_member_uncached(module, attr, depth)
        finally:
            tracker.busy.discard(("member", *key))
        deps = frozenset(read.modules)
        reads = tracker.frozen(read.state or ())
        tracker.modules(deps)
        tracker.state(reads)
        if not result:
            result = [Missing(f"{module.name}.{attr}", f"{module.name}.{attr} is only defined through an import cycle")]
        if tracker.cycles == cycles:
            self._members[key] = (result, deps, reads)
        return result

    def _project_member_uncached(self, module: Module, attr: str, depth: int) -> list[Sym]:
        bindings = self.view.bound(module, attr)
        if bindings:
            return self.exact.module_value(module, attr, self.resolve_bindings(module, bindings, depth + 1))
        sub = f"{module.name}.{attr}"
        if self.view.has(sub):
            return [ProjectModule(sub)]
        found = self._through_stars(module, attr, depth)
        if found:
            return found
        if module.facts.problems:
            line, message = module.facts.problems[0]
            return [Missing(f"{module.name}.{attr}", where(module.rel, line, message))]
        if reserved(attr):
            return [OPAQUE]
        return [Missing(f"{module.name}.{attr}", f"{module.name} defines no {attr}")]

    def _through_stars(self, module: Module, name: str, depth: int, at: Live | None = None) -> list[Sym]:
        """What `name` is in the modules this one star-imports (`from x import *`), when any defines it; `at` a
        statement, through the star imports it may see the name from (`live`)."""
        found: list[Sym] = []
        stars = self.view.bound(module, "*")
        for binding in stars if at is None else [b for b in stars if at[1] <= b.line < at[0]]:
            source = self.absolute(module, binding.target)
            if not self.view.has(source) and name not in _plugin_exports(source):
                continue  # `from pytest_claims import *` binds its `__all__`, not `open` (silently dropped there)
            for sym in self.module_member(source, name, depth + 1):
                if not isinstance(sym, Missing):
                    found.append(sym)
        return found

    # -- bindings -----------------------------------------------------------------------------------------

    def resolve_bindings(self, module: Module, bindings: list[Binding], depth: int) -> list[Sym]:
        out: list[Sym] = []
        for binding in bindings:
            out.extend(self.resolve_binding(module, binding, depth))
        return out

    def resolve_binding(self, module: Module, binding: Binding, depth: int) -> list[Sym]:
        if depth > MAX_ALIAS_DEPTH:
            return [Missing(binding.name, "alias chain too deep")]
        kind = binding.kind
        if kind == "import":
            return [self.module_sym(binding.target)]
        if kind == "from":
            source = self.absolute(module, binding.target)
            sub = f"{source}.{binding.member}"
            if self.view.has(sub) and not self._binds_otherwise(source, binding.member, sub):
                # `from pkg import sub` names the submodule (what Python imports when pkg lacks the attribute)
                return [ProjectModule(sub)]
            return self.module_member(source, binding.member, depth)
        if kind == "def":
            return [ProjectFunction(module.name, i) for i in self.view.functions_named(module, binding.target)] or [
                OPAQUE
            ]
        if kind == "class":  # using the class reaches what its class statement ran (its `state` function)
            self.read_state(module, "", binding)
            return [ProjectClass(module.name, i) for i in self.view.classes_named(module, binding.target)] or [OPAQUE]
        if kind in ("alias", "instance", "var", "typevar"):
            self.read_state(module, "", binding)
        if kind == "typevar":
            return [OPAQUE]  # the TypeVar object itself: what it types is `_typed`'s
        if holds_elements(binding):  # a display or a copy of one: what it gave before, and its elements
            shown = elements(binding, lambda c: self.resolve_chain_in_module(module, c, depth + 1), self.tracker)
            return [*self.resolve_binding(module, before_elements(binding), depth), *shown]
        if kind == "alias":
            chain = tuple(binding.target.split("."))
            if chain[0] == binding.name:  # `EndToken = EndToken()`: the name as it was bound before this line
                earlier = [b for b in self.view.bound(module, binding.name) if b.line < binding.line]
                syms: list[Sym] = self.resolve_bindings(module, earlier, depth + 1) if earlier else [UNKNOWN]
                for attr in chain[1:]:
                    syms = [s for sym in syms for s in self.step(sym, attr, depth + 1)]
                return self.annotated(module, None, binding, syms)
            return self.annotated(module, None, binding, self.resolve_chain_in_module(module, chain, depth + 1))
        if kind == "instance":
            return self.typed(module, None, binding.target)
        return [UNKNOWN]

    def _binds_otherwise(self, source: str, name: str, sub: str) -> bool:
        """Whether package `source` binds `name` to something other than its submodule `sub`: Python looks the
        attribute up first, so `from pkg import helper` is `pkg`'s own `helper` then. The package importing that
        very submodule (`from . import sub`) is no other binding, which keeps the self-import cycles the
        submodule rule breaks broken."""
        if not self.view.has(source):
            return False
        package = self.view.module(source)
        return not all(
            (b.kind == "from" and b.member == name and self.absolute(package, b.target) == source)
            or (b.kind == "import" and b.target == sub)
            for b in self.view.bound(package, name)
        )

    def annotated(self, module: Module, func: FunctionFacts | None, binding: Binding, syms: list[Sym]) -> list[Sym]:
        """An annotated alias (`x: T = y`) is y's value, and any value of type T too (a dataclass field's default,
        a global some other code may rebind): the annotation's type joins it, and replaces what y leaves unknown,
        as it types `x: T = make()`. An annotation that says no more than the alias (`type`, `TypeAlias`, a name
        that types nothing) adds nothing, so `Root: type = Base` is `Base` as `Root = Base` is."""
        if not binding.member:
            return syms
        typed = [s for s in self.typed(module, func, binding.member) if s not in (UNKNOWN, TYPE_INSTANCE)]
        if not typed:
            return syms
        return list(dict.fromkeys([*(s for s in syms if s != UNKNOWN), *typed]))

    def read_state(self, module: Module, cls: str, binding: Binding) -> None:
        """Reading a name bound by an assignment reaches what the assignment evaluated (a pure alias such as
        `g = os.getenv` is seen through instead: its uses reach the function itself); a name bound by a `class`
        statement, what that statement ran."""
        if not self.tracker.collects_state:
            return
        if binding.kind == "alias" and "(" not in binding.target and not binding.target.startswith("<"):
            return
        qualname = f"{cls}.{binding.name}" if cls else binding.name
        index = self.view.state_functions(module).get((qualname, binding.line))
        if index is not None and self.view.alive(module, module.facts.functions[index].guard):
            self.tracker.state(((module.name, index),))

    def resolve_chain_in_module(
        self, module: Module, chain: tuple[str, ...], depth: int, at: Live | None = None
    ) -> list[Sym]:
        """The chain's value: its first name as the module binds it, or as a statement `at` reads it (`live`)."""
        syms = self.global_name(module, chain[0], depth, at)
        for attr in chain[1:]:
            syms = [s for sym in syms for s in self.step_in(module, None, sym, attr, depth)]
        return syms

    def step_in(self, module: Module, func: FunctionFacts | None, sym: Sym, attr: str, depth: int) -> list[Sym]:
        """`step`, where the chain is written: `typing.cast(C, v)` is an instance of the class C names there."""
        if attr[:2] == "(=" and isinstance(sym, StdName) and sym.symbol.where in _CASTS:
            return self.typed(module, func, attr[2:-1].replace("/", "."))
        return _made_by_new(self, module, func, sym, attr) or self.step(sym, attr, depth)

    def global_name(self, module: Module, name: str, depth: int, at: Live | None = None) -> list[Sym]:
        if name[0] == "<":
            literal = _LITERAL_CLASSES.get(name)
            if literal is not None:
                return [StdInstance("builtins", literal)]
            return [OPAQUE] if name == "<none>" else [UNKNOWN]
        bindings = self.view.bound(module, name) if at is None else live(self.view, module, name, at)
        stars = self._through_stars(module, name, depth, at) if at is not None and bindings else []
        if bindings:
            found = self.exact.module_value(module, name, self.resolve_bindings(module, bindings, depth + 1))
            return list(dict.fromkeys([*found, *stars])) if stars else found
        found = self._through_stars(module, name, depth, at)
        if found:
            return found
        builtin = self.view.stub_member("builtins", (name,))
        if builtin.kind != "missing":
            return [StdName(f"builtins.{name}", builtin)]
        if name in _MODULE_DUNDERS:
            return [OPAQUE]
        if module.facts.problems:
            line, message = module.facts.problems[0]
            return [Missing(name, where(module.rel, line, message))]
        return [Missing(name, f"name {name!r} is not defined in {module.name}")]

    # -- values and their classes -------------------------------------------------------------------------

    def called(self, sym: Sym, args: str = "()") -> Sym:
        """The value a call of `sym` gives: an instance of a class, a function's annotated result, ...; `args`
        is the call's step (`chains.call_step`): what it passes, which an overloaded stub's result may depend on."""
        match sym:
            case ProjectClass(class_module, class_index):
                return ProjectInstance(class_module, class_index)
            case ProjectFunction(module_name, index, receiver):
                home = self.view.module(module_name)
                func = home.facts.functions[index]
                if func.closes and not func.decorated:  # one of its nested defs or lambdas, whatever it is annotated
                    return ProjectClosure(module_name, index, receiver)
                if func.result == CONSTRUCTS:  # `return cls(...)`: an instance of the class it is called on
                    named = self.view.classes_named(home, func.cls)
                    classes = [receiver] if receiver else [(home.name, i) for i in named]
                    return ProjectInstance(*classes[0]) if len(classes) == 1 else UNKNOWN
                found = self.typed(home, func, func.result) if func.result else []
                return found[0] if len(found) == 1 else UNKNOWN
            case ProjectInstance():
                calls = self.members.class_member(sym, "__call__", 1)
                results = [self.called(s) for s in calls if isinstance(s, ProjectFunction)]
                return results[0] if len(set(results)) == 1 else UNKNOWN
            case StdName(_, symbol) if symbol.kind == "class":
                return instance_of(symbol)
            case StdName(_, symbol) if symbol.kind == "function":
                return self.stdlib.stub_result(symbol, args)
            case StdMethod(_, _, looked_up):  # a method of a value, typed through the value's class (`Self`)
                return self.stdlib.stub_result(StubSymbol("function", looked_up), args)
            case ContainerMethod(result):
                return result
            case External() | Missing():
                return sym
        return UNKNOWN

    def typed(self, module: Module, func: FunctionFacts | None, target: str) -> list[Sym]:
        """The values an annotation's type target denotes (see `Binding`): instances, collections, mappings. An
        annotation names a class; it reads no module state (semantics §4: `attrs: list[Attribute]` is no read of the
        binding of `Attribute`)."""
        with self.tracker.scope(modules="outer", state="off"):
            return self._typed(module, func, target)

    def _typed(self, module: Module, func: FunctionFacts | None, target: str) -> list[Sym]:
        if not target:
            return [UNKNOWN]
        if target[0] == "*":
            return [Elements(s) for s in self._typed(module, func, target[1:])]
        if target[0] == "^":  # `type[C]`: the class itself, or any subclass of it
            classes = self._typed(module, func, target[1:])
            return [ProjectClass(s.module, s.idx, True) if isinstance(s, ProjectInstance) else UNKNOWN for s in classes]
        if target[0] == "(":  # a tuple of known length: its positions matter only where it is unpacked
            return [StdInstance("builtins", "tuple")]
        if target[0] == "{":
            key, _, value = target[1:].partition(",")
            return [MapOf(self._typed(module, func, key)[0], self._typed(module, func, value)[0])]
        chain = tuple(target.split("."))
        local = func is not None and self.locals.local_syms(module, func, chain[0]) is not None
        if local and func is not None:
            syms = self.locals.uncached_use(module, func, chain)
        elif len(chain) == 1 and (bounds := self._typevar(module, chain[0], 0)) is not None:
            return bounds
        else:
            syms = self.resolve_chain_in_module(module, chain, 1)
        protocols = [self.stdlib.stub_protocol(sym) for sym in syms]
        typed = [UNKNOWN if protocol else _instance(sym) for sym, protocol in zip(syms, protocols, strict=True)]
        if not local and not any(protocols) and UNKNOWN in typed and any(sym is not UNKNOWN for sym in typed):
            # an annotation names a class: a binding of its name that names none (`except ImportError: mod = None`
            # beside `import mod`) is no class the annotation can mean, as a type checker reads it
            typed = [sym for sym in typed if sym is not UNKNOWN]
        typed = typed or [UNKNOWN]
        if typed == [UNKNOWN] and not local:
            # a name that types nothing at run time (unbound, or `else: Loader = None`): a type checker's import
            checking = self._checking_only(module, chain)
            if checking:
                return [UNKNOWN if self.stdlib.stub_protocol(sym) else _instance(sym) for sym in checking]
        return typed

    def _typevar(self, module: Module, name: str, depth: int) -> list[Sym] | None:
        """What an annotation naming a TypeVar types: an instance of its bound or of any of its constraints (through
        `from m import T` too); None when the name is no TypeVar with either."""
        bindings = self.view.bound(module, name) or self.view.checking_bound(module, name)
        if not bindings or depth > MAX_ALIAS_DEPTH:
            return None
        if all(b.kind == "typevar" for b in bindings):
            return [s for b in bindings for part in b.target.split(";") for s in self._typed(module, None, part)]
        if len(bindings) == 1 and bindings[0].kind == "from":
            source = self.absolute(module, bindings[0].target)
            if self.view.has(source):
                return self._typevar(self.view.module(source), bindings[0].member, depth + 1)
        return None

    def called_field(self, module: Module, binding: Binding, receiver: ClassKey | None = None) -> list[Sym]:
        """What `self.b = maker.make()` stores: the call's value as the assigning method's body types it (a call
        with an annotated return names its class), like a local bound the same way; reads no module state. For an
        instance of `receiver` (its `self` that class's), whatever body is being summarised: the lookup asking
        memoises the answer for every context."""
        key = ("field", module.name, binding.member, binding.line, binding.name)
        methods = [f for f in module.facts.functions if f.qualname == binding.member]
        if len(methods) != 1:
            return [UNKNOWN]
        if key in self.tracker.busy:  # a field built from itself (`self.b = self.b()`): what is computed inside
            self.tracker.cycles += 1  # the cycle saw a partial answer, not memoised (it depends on who asked first)
            return [UNKNOWN]
        self.tracker.busy.add(key)
        try:
            with self.tracker.scope(modules="outer", state="off"):
                found = self.locals.use_apart(module, methods[0], tuple(binding.target.split(".")), receiver)
                return self.exact.escaped(found) or [UNKNOWN]  # a field: any other store may hold a subclass's
        finally:
            self.tracker.busy.discard(key)

    def _checking_only(self, module: Module, chain: tuple[str, ...]) -> list[Sym]:
        """What an annotation's name denotes through an import made only for a type checker (`if TYPE_CHECKING:`);
        the import itself is never reached, so it reads no module state."""
        bindings = self.view.checking_bound(module, chain[0])
        if not bindings:
            return []
        with self.tracker.scope(modules="outer", state="off"):
            syms = self.resolve_bindings(module, bindings, 2)
            for attr in chain[1:]:
                syms = [s for sym in syms for s in self.step(sym, attr, 2)]
        return syms

    # -- attribute steps ----------------------------------------------------------------------------------

    def step(self, sym: Sym, attr: str, depth: int) -> list[Sym]:
        """`sym.attr`, or with attr `()` the result of calling sym."""
        if depth > MAX_ALIAS_DEPTH:
            return [Missing(attr, "alias chain too deep")]
        if attr[:1] == "(":
            return [self.called(sym, attr)]
        match sym:
            case ProjectModule(name):
                return self.project_member(self.view.module(name), attr, depth)
            case ProjectInstance() | ProjectClass():
                return self._class_step(sym, attr, depth)
            case StdName():
                return [self.stdlib.std_member(sym, attr)]
            case StdInstance(module, qualname):
                return [self.stdlib.value_member(module, qualname, attr)]
            case MapOf():
                return [_map_member(sym, attr)]
            case External(dotted):
                return [External(f"{dotted}.{attr}")]
            case ProjectFunction() | ProjectClosure() | Unknown():
                # an attribute of a project function (`cached.cache_clear`) is set at run time: unknown, as is
                # that of an unknown value
                return [UNKNOWN]
            case Missing():
                return [sym]
        return [OPAQUE]  # methods of known containers and of stdlib values: nothing to follow

    def _class_step(self, sym: ProjectInstance | ProjectClass, attr: str, depth: int) -> list[Sym]:
        """A member of a project instance or class; a method call on an instance (or on `cls`) may land in any
        subclass's override."""
        if isinstance(sym, ProjectInstance):
            if attr == "__class__":
                return [ProjectClass(sym.module, sym.idx, True)]  # `self.__class__()`: the class, or a subclass
            found = self.members.class_member(sym, attr, depth, dispatch=True)
            self.properties.entered(found)
            values = [v for s in found if isinstance(s, ProjectFunction) for v in self.properties.value(s, self)]
            return list(dict.fromkeys([*found, *values])) if values else found
        if attr == "__class__":  # a class's class is its metaclass: a project one when it or a base names one
            metaclasses = self.members.metaclasses(sym)
            if metaclasses:
                return list(metaclasses)
        return self.members.class_member(sym, attr, depth, dispatch=sym.dispatch)


Live = tuple[int, int]
"""Where a statement of a module's own code reads a module-level name: (its line, the line from which bindings of
the name may still be live there; `live`)."""


def live(view: TargetView, module: Module, name: str, at: Live) -> list[Binding]:
    """The module's bindings of `name` a statement at line `at[0]` may read: made before that line, and at or after
    `at[1]`, the line of the last statement of the module's body above it that certainly bound the name
    (`ClassFacts.settled`; 0: none did). A function's `global` store is among them where its def is above; a
    later binding never is, as the module's code runs once, top to bottom."""
    line, since = at
    bound = view.bound(module, name)
    found = [b for b in bound if since <= b.line < line]
    if since and not found:  # the settling statement recorded no binding of it: as if nothing had settled it
        found = [b for b in bound if b.line < line]
    return found


_CASTS = frozenset({("typing", "cast"), ("typing_extensions", "cast")})

_SAYS_NOTHING = frozenset({("typing", "Any"), ("typing_extensions", "Any"), ("builtins", "object")})
"""Classes whose annotation says nothing of a value's class (`value: Any` may be a project instance)."""


def _instance(sym: Sym) -> Sym:
    """An instance of the class `sym` names (an annotation); a name that is no class, or a class that says
    nothing of the value (`Any`, `object`), gives an unknown value."""
    match sym:
        case ProjectClass(module, index):
            return ProjectInstance(module, index)
        case StdName(_, symbol) if symbol.kind == "class" and symbol.where not in _SAYS_NOTHING:
            return instance_of(symbol)
        case External():
            return sym
    return UNKNOWN  # a missing name in an annotation (a TYPE_CHECKING import) types nothing: unknown


def _made_by_new(evaluator: Evaluator, module: Module, func: FunctionFacts | None, sym: Sym, attr: str) -> list[Sym]:
    """What a builtin `__new__` (`_builtin_new`) passed a class makes, where the chain is written (`cls.__new__(cls)`,
    `object.__new__(cls)`, `super().__new__(cls)`: the step `(=cls)`, `facts.call_step`): an instance of each class
    the argument may be (C's `tp_new` allocates an instance of the type it is given; `cls` may be a subclass), unknown
    for any other value; [] for any other step. The argument's own use reads its state."""
    if attr[:2] != "(=" or not _builtin_new(sym):
        return []
    chain = tuple(attr[2:-1].split("/"))
    with evaluator.tracker.scope(modules="outer", state="off"):
        if func is not None and evaluator.locals.local_syms(module, func, chain[0]) is not None:
            classes = evaluator.locals.uncached_use(module, func, chain)
        else:
            classes = evaluator.resolve_chain_in_module(module, chain, 1)
    return list(dict.fromkeys(_instance(sym) for sym in classes)) or [UNKNOWN]


def _builtin_new(sym: Sym) -> bool:
    """Whether `sym` is a `__new__` of a builtin class (written in C: it makes an instance of the class it is given),
    or the `Opaque` a project class's `__new__` is when no class of its order but `object` defines one."""
    if isinstance(sym, (StdName, StdMethod)):
        module, qualname = sym.symbol.where
        return module == "builtins" and qualname.endswith(".__new__")
    return isinstance(sym, Opaque)


def _map_member(sym: MapOf, attr: str) -> Sym:
    if attr == "values":
        return ContainerMethod(Elements(sym.value))
    if attr == "keys":
        return ContainerMethod(Elements(sym.key))
    if attr in ("get", "pop", "setdefault", "__getitem__"):
        return ContainerMethod(sym.value)
    return OPAQUE


def where(rel: str, line: int, message: str) -> str:
    """`file:line: message`, or `file: message` for a problem with no line (a file that cannot be read)."""
    return f"{rel}:{line}: {message}" if line else f"{rel}: {message}"


_STARTUP: frozenset[str] = frozenset(
    {"encodings", "importlib", "linecache" if sys.version_info >= (3, 13) else "warnings"}
)
"""Modules in `sys.modules` before any user code runs, beyond the built-in and frozen ones (measured on CPython
3.10 to 3.13; `python -S` and what `.pth` files import aside)."""
if sys.version_info < (3, 11):  # not frozen yet: the interpreter (abc, codecs, io) and `site` (the rest) import them
    _STARTUP |= {"abc", "codecs", "io", "os", "stat", "posixpath", "ntpath", "genericpath", "_collections_abc"}
    _STARTUP |= {"site", "_sitebuiltins"}


@functools.cache
def _unshadowable(top: str) -> bool:
    """A built-in or frozen module (`sys`, `time`, and `os` since 3.11), or one the interpreter imports before
    user code runs: Python finds it before looking at any path, so a project package of that name is never what
    `import` finds (the analysis follows Python)."""
    return (
        top in sys.builtin_module_names
        or top in _STARTUP
        or importlib.machinery.FrozenImporter.find_spec(top) is not None
    )


def _plugin_exports(module: str) -> Container[str]:
    """The names `from <module> import *` binds when `module` is this plugin's own (not analysed as project code):
    its `__all__`, which is known exactly. Any name for any other module (third-party: not analysed)."""
    if module.split(".")[0] != "pytest_claims":
        return _EVERYTHING
    exports = getattr(sys.modules.get(module), "__all__", None)
    return frozenset(exports) if isinstance(exports, (list, tuple)) else _EVERYTHING


class _Everything:
    def __contains__(self, name: object) -> bool:
        return True


_EVERYTHING = _Everything()
