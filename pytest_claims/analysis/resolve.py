"""Names -> what they denote, for one target platform.

Every use in a function body is resolved through the module's real import structure (project modules from
the index, stdlib members from the typeshed stubs of the target, anything else third-party) and turned into
outcomes: a capability reach, an edge to a project function, or a frontier entry (code we cannot see into).
Resolution results are memoised per function, so each function is resolved once per target, whatever the
number of claims that reach it.
"""

from __future__ import annotations

import functools
import importlib.machinery
import sys
from collections.abc import Callable, Container, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from pytest_claims.analysis.catalog import Catalogue
from pytest_claims.analysis.conditions import Target, evaluate
from pytest_claims.analysis.project import Module, Project
from pytest_claims.analysis.stubs import Stubs
from pytest_claims.config import Config
from pytest_claims.dotted import under_any
from pytest_claims.records import (
    HIERARCHY,
    MAX_ALIAS_DEPTH,
    PLATFORM,
    THIRD_PARTY,
    Binding,
    Blind,
    ClassFacts,
    Edge,
    Frontier,
    FunctionFacts,
    Reach,
    StubSymbol,
    Summary,
    TypeRef,
)

if TYPE_CHECKING:
    from pytest_claims.persist.store import SummaryStore  # the store decodes into this module's classes

# Symbols: small tuples, cheap to build and compare.
#   ("pmod", module)                ("pfunc", module, index)       ("pclass", module, index[, "dispatch"])
#   ("pinst", module, index)        ("std", dotted, StubSymbol)    ("ext", dotted)
#   ("pstate", module, index)       module or class state: reading it reaches what its binding evaluated
#   ("sinst", module, qualname)     an instance of a stdlib class   ("vstd", dotted, StubSymbol, (module, qual))
#                                   its method, and where it was looked up (the value's class: what `Self` means)
#   ("elems", sym)                  a collection of sym             ("map", key sym, value sym)
#   ("bound", sym)                  a method of a known container whose call gives sym
#   ("opaque",)                     known, and nothing to follow   ("unknown",) a value of unknown type
#   ("missing", dotted, reason)
# A `pclass` with "dispatch" is a class reached through `cls`: a call on it may land in a subclass override.
Sym = tuple[object, ...]
OPAQUE: Sym = ("opaque",)
UNKNOWN: Sym = ("unknown",)
_TYPE_INSTANCE: Sym = ("sinst", "builtins", "type")
"""What `x: type` types: some class, which an annotated alias (`x: type = Base`) knows exactly."""
"""A value whose class is not known statically: a call on it is a blind spot (SPEC §5)."""
_LITERAL_CLASSES = {
    "<str>": "str",
    "<bytes>": "bytes",
    "<list>": "list",
    "<dict>": "dict",
    "<set>": "set",
    "<tuple>": "tuple",
}
_CONSTRUCTORS = ("__init__", "__new__", "__post_init__")
_HOLDS_METHODS = frozenset({"pclass", "pinst", "pmod"})
"""What an attribute lookup can find a project function in (`Resolver.step`): every other kind of value gives a
stdlib, third-party, unknown or container answer."""
_FALLBACKS: dict[str, tuple[str, ...]] = {
    "__format__": ("__format__", "__str__", "__repr__"),
    "__str__": ("__str__", "__repr__"),
    "__bool__": ("__bool__", "__len__"),  # a truth test: `if x:`, `not x`, `bool(x)`
    "__ne__": ("__ne__", "__eq__"),  # object's `__ne__` calls `__eq__`
    **{  # `x += y`: `__iadd__`, else `__add__`
        f"__i{op}__": (f"__i{op}__", f"__{op}__")
        for op in (
            "add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift", "or", "and", "xor"
        )
    },
}  # fmt: skip
"""The special methods Python calls, in order, where a class does not define the first (SPEC §5 implicit calls)."""


class Resolver:
    """Resolution for one target over one loaded project."""

    def __init__(
        self,
        project: Project,
        config: Config,
        catalogue: Catalogue,
        stubs: Stubs,
        target: Target,
        peers: Sequence[tuple[Stubs, Target]] = (),
        shared: dict[tuple[str, int], Summary] | None = None,
        persisted: SummaryStore | None = None,
    ) -> None:
        self.project = project
        self.peers = [(s, t) for s, t in peers if t.platform != target.platform]
        """The other targets of this run: an answer that differs on any of them is platform-sensitive."""
        self.shared = shared if shared is not None else {}
        """Summaries that consulted nothing platform-specific, shared by the resolvers of every target."""
        self.persisted = persisted
        """Summaries of earlier runs, valid while the modules they were computed from are unchanged."""
        self._sensitive_modules: dict[str, bool] = {}
        self._sensitive_stubs: dict[tuple[str, tuple[str, ...]], bool] = {}
        self._sensitive_types: dict[tuple[str, str, str], bool] = {}
        self.config = config
        self.catalogue = catalogue
        self.stubs = stubs
        self.target = target
        self._alive: dict[tuple[str, int], bool] = {}
        self._scopes: dict[str, dict[str, list[Binding]]] = {}
        self._summaries: dict[tuple[str, int], Summary] = {}
        self._mro: dict[tuple[str, int], tuple[list[tuple[str, int]], frozenset[str], bool]] = {}
        self._touched: set[str] = set()
        self._members: dict[tuple[str, str], tuple[list[Sym], frozenset[str], frozenset[tuple[str, int]]]] = {}
        self._busy: set[tuple[object, ...]] = set()
        self._cycles = 0
        self._uses: dict[tuple[object, ...], tuple[list[Sym], frozenset[str], frozenset[tuple[str, int]]]] = {}
        self._by_name: dict[tuple[str, str], dict[str, list[int]]] = {}
        self._last_lines: dict[str, dict[str, int]] = {}
        self._sets: dict[frozenset[Any], frozenset[Any]] = {}
        self._class_names: dict[tuple[str, int], frozenset[str]] = {}
        self._states: dict[str, dict[tuple[str, int], int]] = {}
        self._reads: set[tuple[str, int]] | None = None
        """Module and class state read while resolving the current use (collected by `resolve_use`)."""
        self._direct: dict[tuple[str, int], list[tuple[str, int]]] = {}
        self._direct_platform: dict[tuple[str, int], bool] = {}
        self._own_direct: dict[tuple[str, int], list[tuple[str, int]]] = {}
        self._base_memo: dict[tuple[str, int], list[tuple[str, int]]] = {}
        self._local_uses: dict[tuple[object, ...], tuple[list[Sym], frozenset[str], frozenset[tuple[str, int]]]] = {}
        """What the names of the function being summarised denote (only while its summary is computed)."""
        self._subclasses: dict[tuple[str, int], tuple[list[tuple[str, int]], bool]] = {}
        self._overrides: dict[tuple[str, int, str], tuple[list[Sym], bool]] = {}
        self.peer_resolvers: Callable[[], list[Resolver]] = lambda: []
        """The resolvers of the run's other targets (the engine sets it): the class hierarchy is compared with
        theirs, so that a summary is kept per platform only when the subclasses really differ."""
        self.keep_names = bool(config.forbid_reaches)
        """Rules may name any dotted name (`to = "json"`), so their runs keep every name a body uses."""
        self._deny_any = tuple(
            sorted(
                {n for names in config.deny.values() for n in names}
                | {n for claim in config.define.values() for n in claim.deny}
            )
        )

    # -- the project, with dependency tracking ------------------------------------------------------------

    def module(self, name: str) -> Module:
        self._touched.add(name)
        return self.project.modules[name]

    def has(self, name: str) -> bool:
        self._touched.add(name)
        return name in self.project.modules

    # -- platform evaluation ------------------------------------------------------------------------------

    def platform_sensitive(self, module: Module) -> bool:
        """Does any condition of this file evaluate differently on some target of the run?"""
        known = self._sensitive_modules.get(module.name)
        if known is None:
            conds = module.facts.conds
            known = any(evaluate(cond, peer) != evaluate(cond, self.target) for cond in conds for _, peer in self.peers)
            self._sensitive_modules[module.name] = known
        if known:
            self._touched.add(PLATFORM)
        return known

    def stub_member(self, module: str, path: tuple[str, ...]) -> StubSymbol:
        """A stub lookup; marks the current computation platform-sensitive when another target disagrees."""
        symbol = _stub_lookup(self.stubs, module, path)
        key = (module, path)
        sensitive = self._sensitive_stubs.get(key)
        if sensitive is None:
            sensitive = any(_stub_lookup(stubs, module, path) != symbol for stubs, _ in self.peers)
            self._sensitive_stubs[key] = sensitive
        if sensitive:
            self._touched.add(PLATFORM)
        return symbol

    def alive(self, module: Module, guard: int) -> bool:
        """A guard holds unless some condition in it is definitely false on this target."""
        if guard == 0:
            return True
        self.platform_sensitive(module)
        key = (module.name, guard)
        known = self._alive.get(key)
        if known is None:
            facts = module.facts
            known = True
            for cond_index, polarity in facts.guards[guard]:
                value = evaluate(facts.conds[cond_index], self.target)
                if value is not None and value != polarity:
                    known = False
                    break
            self._alive[key] = known
        return known

    def scope(self, module: Module) -> dict[str, list[Binding]]:
        self.platform_sensitive(module)
        table = self._scopes.get(module.name)
        if table is None:
            table = {}
            for binding in module.facts.bindings:
                if self.alive(module, binding.guard):
                    table.setdefault(binding.name, []).append(binding)
            self._scopes[module.name] = table
        return table

    def functions_named(self, module: Module, qualname: str) -> list[int]:
        """Indexes of the functions of that qualname alive on this target (a guarded def may have several)."""
        return self._named(module, "functions", module.facts.functions).get(qualname, [])

    def classes_named(self, module: Module, qualname: str) -> list[int]:
        return self._named(module, "classes", module.facts.classes).get(qualname, [])

    def _named(self, module: Module, kind: str, defs: Sequence[FunctionFacts | ClassFacts]) -> dict[str, list[int]]:
        self.platform_sensitive(module)
        table = self._by_name.get((module.name, kind))
        if table is None:
            table = {}
            for index, definition in enumerate(defs):
                if self.alive(module, definition.guard):
                    table.setdefault(definition.qualname, []).append(index)
            self._by_name[module.name, kind] = table
        return table

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
        if self.has(name) and not _unshadowable(name.split(".")[0]):
            return ("pmod", name)
        if self.stub_member(name, ()).kind == "module":
            return ("std", name, StubSymbol("module", (name, "")))
        top = name.split(".")[0]
        if top in self.project.index.top_levels():
            return ("missing", name, "no such module in the project")
        return ("ext", name)

    def module_member(self, name: str, attr: str, depth: int) -> list[Sym]:
        """`attr` looked up in module `name` (project: its bindings, submodules, star imports)."""
        sym = self.module_sym(name)
        return self.step(sym, attr, depth)

    def _project_member(self, module: Module, attr: str, depth: int) -> list[Sym]:
        """Memoised per (module, attr) with the modules it read; a lookup already under way (an import or
        star-import cycle) finds nothing instead of looping."""
        key = (module.name, attr)
        cached = self._members.get(key)
        if cached is not None:
            self._touched.update(cached[1])
            if self._reads is not None:
                self._reads.update(cached[2])
            return cached[0]
        if key in self._busy:
            # A cycle contributes nothing; what is computed inside it is not memoised (it saw a partial answer).
            self._cycles += 1
            return []
        self._busy.add(key)
        outer, self._touched = self._touched, set()
        outer_reads, self._reads = self._reads, set()  # kept with the answer: every later use of it reads them too
        cycles = self._cycles
        try:
            result = self._project_member_uncached(module, attr, depth)
        finally:
            self._busy.discard(key)
            deps = frozenset(self._touched)
            outer.update(deps)
            reads = self._one(frozenset(self._reads))
            if outer_reads is not None:
                outer_reads.update(reads)
            self._touched, self._reads = outer, outer_reads
        if not result:
            result = [
                ("missing", f"{module.name}.{attr}", f"{module.name}.{attr} is only defined through an import cycle")
            ]
        if self._cycles == cycles:
            self._members[key] = (result, deps, reads)
        return result

    def _project_member_uncached(self, module: Module, attr: str, depth: int) -> list[Sym]:
        bindings = self.scope(module).get(attr)
        if bindings:
            return self.resolve_bindings(module, bindings, depth + 1)
        sub = f"{module.name}.{attr}"
        if self.has(sub):
            return [("pmod", sub)]
        found = self._through_stars(module, attr, depth)
        if found:
            return found
        if module.facts.problems:
            line, message = module.facts.problems[0]
            return [("missing", f"{module.name}.{attr}", _where(module.rel, line, message))]
        if attr.startswith("__") and attr.endswith("__"):
            return [OPAQUE]
        return [("missing", f"{module.name}.{attr}", f"{module.name} defines no {attr}")]

    # -- bindings -----------------------------------------------------------------------------------------

    def resolve_bindings(self, module: Module, bindings: list[Binding], depth: int) -> list[Sym]:
        out: list[Sym] = []
        for binding in bindings:
            out.extend(self.resolve_binding(module, binding, depth))
        return out

    def resolve_binding(self, module: Module, binding: Binding, depth: int) -> list[Sym]:
        if depth > MAX_ALIAS_DEPTH:
            return [("missing", binding.name, "alias chain too deep")]
        kind = binding.kind
        if kind == "import":
            return [self.module_sym(binding.target)]
        if kind == "from":
            source = self.absolute(module, binding.target)
            sub = f"{source}.{binding.member}"
            if self.has(sub):
                # `from pkg import sub` names the submodule (what Python imports when pkg lacks the attribute),
                # unless pkg's own scope binds the name to something else (Python looks the attribute up first);
                # pkg importing that very submodule (`from . import sub`) is no other binding, so no cycle
                package = self.module(source)
                own = self.scope(package).get(binding.member, [])
                if all(
                    (b.kind == "from" and b.member == binding.member and self.absolute(package, b.target) == source)
                    or (b.kind == "import" and b.target == sub)
                    for b in own
                ):
                    return [("pmod", sub)]
            return self.module_member(source, binding.member, depth)
        if kind == "def":
            return [("pfunc", module.name, i) for i in self.functions_named(module, binding.target)] or [OPAQUE]
        if kind == "class":
            return [("pclass", module.name, i) for i in self.classes_named(module, binding.target)] or [OPAQUE]
        if kind in ("alias", "instance", "var"):
            self.read_state(module, "", binding)
        if kind == "alias":
            chain = tuple(binding.target.split("."))
            if chain[0] == binding.name:  # `EndToken = EndToken()`: the name as it was bound before this line
                earlier = [b for b in self.scope(module).get(binding.name, ()) if b.line < binding.line]
                syms = self.resolve_bindings(module, earlier, depth + 1) if earlier else [UNKNOWN]
                for attr in chain[1:]:
                    syms = [s for sym in syms for s in self.step(sym, attr, depth + 1)]
                return self._annotated(module, None, binding, syms)
            return self._annotated(module, None, binding, self.resolve_chain_in_module(module, chain, depth + 1))
        if kind == "instance":
            return self.typed(module, None, binding.target)
        return [UNKNOWN]

    def _annotated(self, module: Module, func: FunctionFacts | None, binding: Binding, syms: list[Sym]) -> list[Sym]:
        """An annotated alias (`x: T = y`) is y's value, and any value of type T too (a dataclass field's default,
        a global some other code may rebind): the annotation's type joins it, and replaces what y leaves unknown,
        as it types `x: T = make()`. An annotation that says no more than the alias (`type`, `TypeAlias`, a name
        that types nothing) adds nothing, so `Root: type = Base` is `Base` as `Root = Base` is."""
        if not binding.member:
            return syms
        typed = [s for s in self.typed(module, func, binding.member) if s not in (UNKNOWN, _TYPE_INSTANCE)]
        if not typed:
            return syms
        return list(dict.fromkeys([*(s for s in syms if s != UNKNOWN), *typed]))

    # -- values and their classes -------------------------------------------------------------------------

    def called(self, sym: Sym) -> Sym:
        """The value a call of `sym` gives: an instance of a class, a function's annotated result, ..."""
        tag = sym[0]
        if tag == "pclass":
            return ("pinst", sym[1], sym[2])
        if tag == "pfunc":
            module = self.module(str(sym[1]))
            func = module.facts.functions[int(sym[2])]  # type: ignore[call-overload]
            found = self.typed(module, func, func.result) if func.result else []
            return found[0] if len(found) == 1 else UNKNOWN
        if tag == "pinst":
            results = [self.called(s) for s in self.class_member(sym, "__call__", 1) if s[0] == "pfunc"]
            return results[0] if len(set(results)) == 1 else UNKNOWN
        if tag in ("std", "vstd"):
            symbol = sym[2]
            assert isinstance(symbol, StubSymbol)
            if symbol.kind == "class":
                return ("sinst", *symbol.where)
            if symbol.kind != "function":
                return UNKNOWN
            if len(sym) > 3:  # a method of a value, typed through the value's class (`Self`)
                looked_up = sym[3]
                assert isinstance(looked_up, tuple)
                ref = self.stub_type(self.stubs.returns, looked_up)
                return _from_ref(ref) if ref is not None else UNKNOWN
            return self.stub_result(symbol)
        if tag == "bound":
            result = sym[1]
            assert isinstance(result, tuple)
            return result
        if tag in ("ext", "missing"):
            return sym
        return UNKNOWN

    def stub_result(self, symbol: StubSymbol) -> Sym:
        """The class a stdlib function's annotated return names, when the stubs say (`os.getcwd` -> str)."""
        ref = self.stub_type(self.stubs.returns, symbol.where)
        return _from_ref(ref) if ref is not None else UNKNOWN

    def stub_type(self, lookup: Callable[[str, str], TypeRef | None], where: tuple[str, str]) -> TypeRef | None:
        """A stub type lookup; platform-sensitive when another target of the run disagrees (as `stub_member`)."""
        ref = lookup(*where)
        key = (lookup.__name__, *where)
        sensitive = self._sensitive_types.get(key)
        if sensitive is None:
            name = lookup.__name__
            sensitive = any(getattr(stubs, name)(*where) != ref for stubs, _ in self.peers)
            self._sensitive_types[key] = sensitive
        if sensitive:
            self._touched.add(PLATFORM)
        return ref

    def typed(self, module: Module, func: FunctionFacts | None, target: str) -> list[Sym]:
        """The values an annotation's type target denotes (see `Binding`): instances, collections, mappings."""
        if not target:
            return [UNKNOWN]
        if target[0] == "*":
            return [("elems", s) for s in self.typed(module, func, target[1:])]
        if target[0] == "^":  # `type[C]`: the class itself, or any subclass of it
            classes = self.typed(module, func, target[1:])
            return [("pclass", s[1], s[2], "dispatch") if s[0] == "pinst" else UNKNOWN for s in classes]
        if target[0] == "{":
            key, _, value = target[1:].partition(",")
            return [("map", self.typed(module, func, key)[0], self.typed(module, func, value)[0])]
        chain = tuple(target.split("."))
        if func is not None and self.local_syms(module, func, chain[0]) is not None:
            syms = self._resolve_use(module, func, chain)
        else:
            syms = self.resolve_chain_in_module(module, chain, 1)
        return [self._instance(sym) for sym in syms] or [UNKNOWN]

    def _instance(self, sym: Sym) -> Sym:
        """An instance of the class `sym` names (an annotation); a name that is no class gives an unknown value."""
        tag = sym[0]
        if tag == "pclass":
            return ("pinst", sym[1], sym[2])
        if tag == "std" and isinstance(sym[2], StubSymbol) and sym[2].kind == "class":
            return ("sinst", *sym[2].where)
        if tag == "ext":
            return sym
        return UNKNOWN  # a missing name in an annotation (a TYPE_CHECKING import) types nothing: unknown

    def element(self, sym: Sym) -> Sym:
        """One element of iterating over `sym`."""
        tag = sym[0]
        if tag == "elems":
            inner = sym[1]
            assert isinstance(inner, tuple)
            return inner
        if tag == "map":
            key = sym[1]
            assert isinstance(key, tuple)
            return key
        if tag == "sinst" and sym[1:] in (("builtins", "str"), ("builtins", "bytes")):
            return sym
        if tag == "pinst":
            for method in self.class_member(sym, "__iter__", 1):
                if method[0] == "pfunc":
                    result = self.called(method)
                    if result[0] == "elems":
                        return self.element(result)
        if tag == "ext":
            return sym
        return UNKNOWN

    # -- module and class state ---------------------------------------------------------------------------

    def state_functions(self, module: Module) -> dict[tuple[str, int], int]:
        """(qualname of the bound name, line of the binding statement) -> index of the `state` function holding what
        the value bound to that name evaluates (each name of `a, b = x, y` or `a = b = x` has its own)."""
        table = self._states.get(module.name)
        if table is None:
            table = {}
            for index, func in enumerate(module.facts.functions):
                if func.kind == "state" and func.uses:
                    table[func.qualname, func.line] = index
            self._states[module.name] = table
        return table

    def read_state(self, module: Module, cls: str, binding: Binding) -> None:
        """Reading a name bound by an assignment reaches what the assignment evaluated (a pure alias such as
        `g = os.getenv` is seen through instead: its uses reach the function itself)."""
        if self._reads is None:
            return
        if binding.kind == "alias" and "()" not in binding.target and not binding.target.startswith("<"):
            return
        index = self.state_functions(module).get((f"{cls}.{binding.name}" if cls else binding.name, binding.line))
        if index is not None and self.alive(module, module.facts.functions[index].guard):
            self._reads.add((module.name, index))

    def resolve_chain_in_module(self, module: Module, chain: tuple[str, ...], depth: int) -> list[Sym]:
        syms = self.global_name(module, chain[0], depth)
        for attr in chain[1:]:
            syms = [s for sym in syms for s in self.step(sym, attr, depth)]
        return syms

    def _through_stars(self, module: Module, name: str, depth: int) -> list[Sym]:
        """What `name` is in the modules this one star-imports (`from x import *`), when any defines it."""
        found: list[Sym] = []
        for binding in self.scope(module).get("*", ()):
            source = self.absolute(module, binding.target)
            if not self.has(source) and name not in _plugin_exports(source):
                continue  # `from pytest_claims import *` binds its `__all__`, not `open` (silently dropped there)
            for sym in self.module_member(source, name, depth + 1):
                if sym[0] != "missing":
                    found.append(sym)
        return found

    def global_name(self, module: Module, name: str, depth: int) -> list[Sym]:
        if name[0] == "<":
            literal = _LITERAL_CLASSES.get(name)
            if literal is not None:
                return [("sinst", "builtins", literal)]
            return [OPAQUE] if name == "<none>" else [UNKNOWN]
        bindings = self.scope(module).get(name)
        if bindings:
            return self.resolve_bindings(module, bindings, depth + 1)
        found = self._through_stars(module, name, depth)
        if found:
            return found
        builtin = self.stub_member("builtins", (name,))
        if builtin.kind != "missing":
            return [("std", f"builtins.{name}", builtin)]
        if name in (
            "__name__",
            "__file__",
            "__doc__",
            "__spec__",
            "__package__",
            "__path__",
            "__builtins__",
            "__debug__",
        ):
            return [OPAQUE]
        if module.facts.problems:
            line, message = module.facts.problems[0]
            return [("missing", name, _where(module.rel, line, message))]
        return [("missing", name, f"name {name!r} is not defined in {module.name}")]

    # -- attribute steps ----------------------------------------------------------------------------------

    def step(self, sym: Sym, attr: str, depth: int) -> list[Sym]:
        """`sym.attr`, or with attr `()` the result of calling sym."""
        tag = sym[0]
        if depth > MAX_ALIAS_DEPTH:
            return [("missing", attr, "alias chain too deep")]
        if attr == "()":
            return [self.called(sym)]
        if tag == "pmod":
            module = self.module(str(sym[1]))
            return self._project_member(module, attr, depth)
        if tag == "pinst" or (tag == "pclass" and len(sym) > 3):
            return self.class_member(sym, attr, depth, dispatch=True)
        if tag == "pclass":
            return self.class_member(sym, attr, depth)
        if tag == "std":
            symbol = sym[2]
            assert isinstance(symbol, StubSymbol)
            if symbol.kind in ("module", "class"):
                inner = self.stub_member(symbol.where[0], (*(p for p in symbol.where[1].split(".") if p), attr))
                return [("std", f"{sym[1]}.{attr}", inner)]
            return [OPAQUE]
        if tag == "sinst":
            return [self._value_member(str(sym[1]), str(sym[2]), attr)]
        if tag == "map":
            return [self._map_member(sym, attr)]
        if tag in ("elems", "bound", "vstd", "opaque"):
            return [OPAQUE]  # methods of known containers and of stdlib values: nothing to follow
        if tag == "ext":
            return [("ext", f"{sym[1]}.{attr}")]
        # an attribute of a project function (`cached.cache_clear`) is set at run time: unknown, as is that of
        # an unknown value; a missing name stays missing
        return [UNKNOWN] if tag in ("pfunc", "unknown") else [sym]

    def _value_member(self, module: str, qualname: str, attr: str) -> Sym:
        """A member of a stdlib value: a method (judged by the catalogue's `Class.member` entries alone), or an
        attribute or property whose annotated type the stubs give (`Path.name` is a str).

        Types are looked up through the value's own class, not the class that defines the member: a stub's
        `Self` is the receiver's class (`Path.parent` is a `Path` although `PurePath` defines it)."""
        symbol = self.stub_member(module, (*qualname.split("."), attr))
        looked_up = (module, f"{qualname}.{attr}")
        if symbol.kind == "function":
            ref = self.stub_type(self.stubs.attribute, looked_up)
            if ref is not None and self.catalogue.exact(self.catalogue.normalize(".".join(symbol.where))) is None:
                return _from_ref(ref)  # a property: its value (a catalogued one stays a reach when read)
            # named by the class that defines it (`PosixPath.read_text` is `pathlib.Path.read_text`); calling it
            # gives what the stubs say through the value's class
            return ("vstd", ".".join(symbol.where), symbol, looked_up)
        if symbol.kind == "variable":
            ref = self.stub_type(self.stubs.attribute, looked_up)
            return _from_ref(ref) if ref is not None else UNKNOWN
        if symbol.kind == "class":
            return ("std", f"{module}.{qualname}.{attr}", symbol)
        return UNKNOWN

    def _map_member(self, sym: Sym, attr: str) -> Sym:
        key, value = sym[1], sym[2]
        assert isinstance(key, tuple) and isinstance(value, tuple)
        if attr == "values":
            return ("bound", ("elems", value))
        if attr == "keys":
            return ("bound", ("elems", key))
        if attr in ("get", "pop", "setdefault", "__getitem__"):
            return ("bound", value)
        return OPAQUE

    def mro(self, module_name: str, index: int) -> list[tuple[str, int]]:
        """Project classes in Python's lookup order (C3 linearisation), then nothing else."""
        return self.linearised(module_name, index)[0]

    def linearised(self, module_name: str, index: int) -> tuple[list[tuple[str, int]], bool]:
        """The class's MRO over its project classes (C3: SPEC §5 says "in Python's MRO order"), and whether that
        order is exact. It is not when the merge fails (an inconsistent hierarchy, or a base name that resolves
        to several classes): every class is still there, and a lookup then keeps every definition it finds.
        Stdlib and third-party bases are left out (`foreign_bases` looks in them last), as are bases that
        resolve to no class. Memoised: every method lookup on a project class asks."""
        key = (module_name, index)
        cached = self._mro.get(key)
        if cached is None:
            if ("mro", *key) in self._busy:  # `class A(A.B)`: a base that can only be found through A itself
                return [key], True
            self._linearise(key)
            cached = self._mro[key]
        self._touched.update(cached[1])
        return cached[0], cached[2]

    def _linearise(self, key: tuple[str, int]) -> None:
        """Linearise the class and every base not yet done, bases first, without recursing (a hierarchy can be
        600 deep). A base whose order is still being computed (a base cycle, or a class asked for while its
        bases are resolved) counts as itself alone, and the order as inexact."""
        bases_of: dict[tuple[str, int], tuple[list[tuple[str, int]], frozenset[str]]] = {}
        stack = [key]
        self._busy.add(("mro", *key))
        try:
            while stack:
                current = stack[-1]
                if current not in bases_of:
                    bases_of[current] = self._direct_bases(current)
                    pending = [b for b in bases_of[current][0] if b not in self._mro and ("mro", *b) not in self._busy]
                    if pending:
                        self._busy.update(("mro", *b) for b in pending)
                        stack.extend(pending)
                        continue
                stack.pop()
                bases, deps = bases_of[current]
                exact = True
                sequences: list[list[tuple[str, int]]] = []
                for base in bases:
                    known = self._mro.get(base)
                    if known is None:  # its order is not known yet: the merge may miss its bases
                        sequences.append([base])
                        exact = False
                        continue
                    sequences.append([c for c in known[0] if c != current])
                    deps = deps | known[1]
                    exact = exact and known[2]
                merged, merged_exact = _c3_merge([*sequences, bases])
                self._mro[current] = ([current, *merged], self._one(deps), exact and merged_exact)
                self._busy.discard(("mro", *current))
        finally:
            self._busy.difference_update(("mro", *c) for c in stack)

    def _direct_bases(self, key: tuple[str, int]) -> tuple[list[tuple[str, int]], frozenset[str]]:
        """The project classes a class names as its bases, each once, and what resolving them read."""
        outer, self._touched = self._touched, set()
        try:
            module = self.module(key[0])
            bases: list[tuple[str, int]] = []
            for base in module.facts.classes[key[1]].bases:
                for sym in self._base_syms(module, base):
                    if sym[0] == "pclass":
                        bases.append((str(sym[1]), int(sym[2])))  # type: ignore[call-overload]
            return [b for b in dict.fromkeys(bases) if b != key], frozenset(self._touched)
        finally:
            self._touched = outer

    def _base_syms(self, module: Module, base: str) -> list[Sym]:
        """What a class's base expression names. Not a read of module state by whoever asks: the class object
        holds its bases, so a method lookup or a construction never reads the name again at run time (and a
        read recorded here would go to whichever use first asked for the class's MRO)."""
        outer_reads, self._reads = self._reads, None
        try:
            return self.resolve_chain_in_module(module, tuple(base.split(".")), 1)
        finally:
            self._reads = outer_reads

    def foreign_bases(self, module_name: str, index: int) -> list[Sym]:
        """Stdlib and third-party bases anywhere in a project class's hierarchy."""
        out: list[Sym] = []
        for mod_name, cls_index in self.mro(module_name, index):
            module = self.module(mod_name)
            cls = module.facts.classes[cls_index]
            for base in cls.bases:
                for sym in self._base_syms(module, base):
                    if sym[0] in ("std", "ext") and sym not in out:
                        out.append(sym)
        return out

    def class_member(
        self,
        sym: Sym,
        attr: str,
        depth: int,
        after: tuple[str, int] | None = None,
        dispatch: bool = False,
    ) -> list[Sym]:
        """`attr` looked up on a project class or instance as Python's MRO finds it (from the class after `after`
        in it, as `super()` does); with `dispatch` (a method call on a value of known class), every override in
        the project's subclasses too (SPEC §5)."""
        if depth > MAX_ALIAS_DEPTH:
            return [("missing", attr, "alias chain too deep")]
        module_name, index = str(sym[1]), int(sym[2])  # type: ignore[call-overload]
        found = self._class_member(sym, module_name, index, attr, depth, after)
        if dispatch:
            overrides = self.overrides(module_name, index, attr)
            if overrides:
                found = [s for s in found if s[0] not in ("opaque", "unknown")] + overrides
        return found

    def _class_member(
        self, sym: Sym, module_name: str, index: int, attr: str, depth: int, after: tuple[str, int] | None
    ) -> list[Sym]:
        if depth > MAX_ALIAS_DEPTH:
            return [("missing", attr, "alias chain too deep")]
        order, exact = self.linearised(module_name, index)
        if after is not None:
            if after not in order:
                return [UNKNOWN]  # `super(X, self)` with X no base of the class: a TypeError, or X is not what we think
            # an inexact order keeps every class but the one whose method this is and X itself
            order = order[order.index(after) + 1 :] if exact else [c for c in order[1:] if c != after]
        union: list[Sym] = []
        for position, (mod_name, cls_index) in enumerate(order):
            own = self._own_member(sym[0] == "pinst", mod_name, cls_index, attr, depth)
            if own is not None:
                if exact:
                    return own if position == 0 or not self._unnamable(order) else [*own, UNKNOWN]
                union.extend(s for s in own if s not in union)
        if union:
            return union if not self._unnamable(order) else [*union, UNKNOWN]
        for base in self.foreign_bases(module_name, index):
            stepped = self.step(base, attr, depth + 1)
            if (
                stepped
                and stepped[0][0] == "std"
                and isinstance(stepped[0][2], StubSymbol)
                and stepped[0][2].kind == "missing"
            ):
                continue
            return stepped
        if sym[0] == "pinst" and not attr.startswith("__") and self._reads is not None:
            # Python calls `__getattr__` for a name the class does not define (SPEC §5): the read enters it, as a
            # read of module state enters what the binding evaluates; its result is a value of unknown type
            self._reads.update(self._getattr_hooks(order))
        return [OPAQUE] if attr.startswith("__") else [UNKNOWN]

    def _getattr_hooks(self, order: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """The project `__getattr__` an instance of the first class of `order` falls back to: the one of the first
        class of the order that defines it (each of its defs when guards leave several)."""
        for mod_name, cls_index in order:
            if "__getattr__" in self._bound_names(mod_name, cls_index):
                own = self._own_member(True, mod_name, cls_index, "__getattr__", 1) or []
                return [(str(s[1]), int(s[2])) for s in own if s[0] == "pfunc"]  # type: ignore[call-overload]
        return []

    def _unnamable(self, order: list[tuple[str, int]]) -> bool:
        """Whether a class of the MRO has a base the walk cannot name (`class X(make_base())`): that base may
        come before the class a lookup found the name in, and define it too (an unknown value, fail closed)."""
        return any("<?>" in self.project.modules[m].facts.classes[i].bases for m, i in order)  # the MRO read them

    def _own_member(self, instance: bool, mod_name: str, cls_index: int, attr: str, depth: int) -> list[Sym] | None:
        """What one class of an MRO gives for `attr`, or None when it does not bind the name. Its defs, and the
        class-body assignments of the name that no unconditional later def replaces: a name bound several times
        is every value its bindings may give (`def m` then `m = now`: both)."""
        module = self.module(mod_name)
        if attr not in self._bound_names(mod_name, cls_index):
            return None  # the common answer down an MRO: one set lookup
        cls: ClassFacts = module.facts.classes[cls_index]
        functions = module.facts.functions
        defs = [fi for name, fi in cls.methods if name == attr and self.alive(module, functions[fi].guard)]
        found: list[Sym] = [("pfunc", mod_name, fi) for fi in defs]
        if not defs and instance:
            fields = [b for b in cls.fields if b.name == attr and self.alive(module, b.guard)]
            if fields:
                return [s for b in fields for s in self._field(module, mod_name, cls_index, b, depth)]
        last = max((functions[fi].line for fi in defs if not functions[fi].guard), default=0)
        attrs = [b for b in cls.attributes if b.name == attr and b.line > last and self.alive(module, b.guard)]
        for binding in attrs:
            found.extend(self._class_attribute(module, mod_name, cls_index, binding, depth))
        return found if defs or attrs else None

    def _bound_names(self, mod_name: str, cls_index: int) -> frozenset[str]:
        """Every name a class binds (methods, class-body assignments, fields set on `self`), kept per class. Asked
        of the classes of an MRO, whose modules the MRO's answer depends on already: no dependency recorded."""
        key = (mod_name, cls_index)
        names = self._class_names.get(key)
        if names is None:
            cls = self.project.modules[mod_name].facts.classes[cls_index]
            names = frozenset([*(n for n, _ in cls.methods), *(b.name for b in (*cls.attributes, *cls.fields))])
            self._class_names[key] = names
        return names

    def _field(self, module: Module, mod_name: str, cls_index: int, binding: Binding, depth: int) -> list[Sym]:
        """What `self.x` holds when a method assigns it."""
        if binding.kind == "instance":
            return self.typed(module, None, binding.target)
        if binding.kind == "alias":
            return self.resolve_chain_in_module(module, tuple(binding.target.split(".")), depth + 1)
        return [UNKNOWN]

    def _class_attribute(
        self, module: Module, mod_name: str, cls_index: int, binding: Binding, depth: int
    ) -> list[Sym]:
        if binding.kind == "class":
            return [("pclass", mod_name, i) for i in self.classes_named(module, binding.target)]
        cls = module.facts.classes[cls_index]
        self.read_state(module, cls.qualname, binding)
        if binding.kind == "alias":
            syms = self._class_body_chain(module, mod_name, cls_index, binding, depth)
            return self._annotated(module, None, binding, syms)
        if binding.kind == "instance":
            return self.typed(module, None, binding.target)
        return [UNKNOWN]

    def _class_body_chain(
        self, module: Module, mod_name: str, cls_index: int, binding: Binding, depth: int
    ) -> list[Sym]:
        """A class-body assignment's value, resolved as Python does there: names the class body bound earlier
        first (`__call__ = run`, `sql_delete_check = sql_delete_constraint`, `db_for_read = _router_func("x")`),
        then the module's."""
        chain = tuple(binding.target.split("."))
        cls = module.facts.classes[cls_index]
        root = chain[0]
        in_body = any(name == root for name, _ in cls.methods) or any(
            b.name == root and b.line < binding.line for b in cls.attributes
        )
        if in_body and root != binding.name:
            syms = self._class_member(("pclass", mod_name, cls_index), mod_name, cls_index, root, depth + 1, None)
            for attr in chain[1:]:
                syms = [s for sym in syms for s in self.step(sym, attr, depth + 1)]
            return syms
        return self.resolve_chain_in_module(module, chain, depth + 1)

    # -- the class hierarchy ------------------------------------------------------------------------------

    def overrides(self, module_name: str, index: int, attr: str) -> list[Sym]:
        """What `attr` may be in the project's subclasses of the class (transitively), sorted."""
        self._touched.add(HIERARCHY)
        key = (module_name, index, attr)
        found: list[Sym] = self._apart(self._overrides, key, lambda: self._overrides_uncached(*key))
        return found

    def _apart(self, memo: dict[Any, tuple[Any, bool]], key: Any, compute: Callable[[], Any]) -> Any:
        """`compute()`, memoised apart from the dependencies of what asks (the hierarchy is HIERARCHY's): only
        whether it consulted something platform-specific is passed on, every time it is asked."""
        known = memo.get(key)
        if known is None:
            outer, self._touched = self._touched, set()
            try:
                value = compute()
            finally:
                platform = PLATFORM in self._touched
                self._touched = outer
            known = memo[key] = (value, platform)
        if known[1]:
            self._touched.add(PLATFORM)
        return known[0]

    def _overrides_uncached(self, module_name: str, index: int, attr: str) -> list[Sym]:
        """For each project subclass, what its own MRO finds first for `attr`, unless that is the class's own
        member: a def, a class-body assignment (`run = _run`; `run = lambda self: ...` enters the assignment's
        `state` function, which holds the lambda's body), or a sibling base's member (`class Both(Other, Base)`:
        `self.helper` in Base's code may be `Other.helper`, though Other is no subclass of Base)."""
        found: list[Sym] = []
        for sub in self.subclasses(module_name, index):
            for mod_name, cls_index in self.mro(*sub):
                if attr not in self._bound_names(mod_name, cls_index):
                    continue  # the common answer, down every subclass's MRO: one set lookup (mro read the module)
                outer_reads, self._reads = self._reads, set()
                try:
                    own = self._own_member(False, mod_name, cls_index, attr, 1)
                    reads = self._reads
                finally:
                    self._reads = outer_reads
                if own is None:
                    continue
                if (mod_name, cls_index) != (module_name, index):
                    found.extend(s for s in own if s != UNKNOWN or not self._constant(mod_name, cls_index, attr))
                    found.extend(("pfunc", m, i) for m, i in reads)
                break
        return sorted(set(found), key=repr)

    def _constant(self, mod_name: str, cls_index: int, attr: str) -> bool:
        """Whether the class binds `attr` only by assignments that evaluate nothing (`run = 3`): no function to
        call, so no override to enter and no blind spot."""
        module = self.module(mod_name)
        cls = module.facts.classes[cls_index]
        states = self.state_functions(module)
        return all(
            b.kind == "var" and (f"{cls.qualname}.{attr}", b.line) not in states
            for b in cls.attributes
            if b.name == attr
        )

    def subclasses(self, module_name: str, index: int) -> list[tuple[str, int]]:
        """Every project subclass of the class, transitively, each once (sorted)."""
        key = (module_name, index)
        found: list[tuple[str, int]] = self._apart(self._subclasses, key, lambda: self._subclasses_uncached(*key))
        return found

    def _subclasses_uncached(self, module_name: str, index: int) -> list[tuple[str, int]]:
        seen: list[tuple[str, int]] = []
        todo = list(self.direct_subclasses((module_name, index)))
        while todo:
            current = todo.pop()
            if current in seen or current == (module_name, index):
                continue
            seen.append(current)
            todo.extend(self.direct_subclasses(current))
        seen.sort()
        return seen

    def direct_subclasses(self, key: tuple[str, int]) -> list[tuple[str, int]]:
        """The project classes alive on this target that name the class among their bases. Only modules whose
        text names the class are parsed (`Modules.mentioning`). Not a dependency of what asks: that is
        HIERARCHY, which changes whenever a module changes its classes."""
        known = self._direct.get(key)
        if known is None:
            known = self._direct[key] = self.own_direct_subclasses(key)
            # platform-specific only when another target of the run really finds other subclasses
            self._direct_platform[key] = any(peer.own_direct_subclasses(key) != known for peer in self.peer_resolvers())
        if self._direct_platform[key]:
            self._touched.add(PLATFORM)
        return known

    def own_direct_subclasses(self, key: tuple[str, int]) -> list[tuple[str, int]]:
        """`direct_subclasses` on this target alone, memoised, with no dependency recorded."""
        known = self._own_direct.get(key)
        if known is None and self.persisted is not None:
            known = self.persisted.subclasses(self.target.platform, key)
            if known is not None:
                self._own_direct[key] = known
        if known is None:
            outer, self._touched = self._touched, set()
            known = []
            try:
                for module_name in self._naming(key):
                    module = self.module(module_name)
                    for cls_index, cls in enumerate(module.facts.classes):
                        if cls.bases and self.alive(module, cls.guard) and key in self._bases(module, cls_index):
                            known.append((module_name, cls_index))
            finally:
                self._touched = outer
            self._own_direct[key] = known
            if self.persisted is not None:
                self.persisted.put_subclasses(self.target.platform, key, known)
        return known

    def _naming(self, key: tuple[str, int]) -> list[str]:
        """The modules whose text names the class under any name a subclass could write (`Modules.naming`: the
        same for every target, so asked once per run)."""
        return self.project.modules.naming(self.module(key[0]).facts.classes[key[1]].qualname.rpartition(".")[2])

    def _bases(self, module: Module, cls_index: int) -> list[tuple[str, int]]:
        """The project classes a class names as its bases (memoised: the hierarchy search asks for every class of
        every module that names a searched class)."""
        key = (module.name, cls_index)
        out = self._base_memo.get(key)
        if out is None:
            out = []
            for base in module.facts.classes[cls_index].bases:
                for sym in self._base_syms(module, base):
                    if sym[0] == "pclass":
                        out.append((str(sym[1]), int(sym[2])))  # type: ignore[call-overload]
            self._base_memo[key] = out
        return out

    # -- uses ---------------------------------------------------------------------------------------------

    def local_syms(self, module: Module, func: FunctionFacts, name: str) -> list[Sym] | None:
        """What a name means inside a function body; None when it is not local (look in the module)."""
        if func.first and name == func.first and func.cls:
            classes = self.classes_named(module, func.cls)
            if func.kind == "classmethod":
                return [("pclass", module.name, i, "dispatch") for i in classes]
            return [("pinst", module.name, i) for i in classes]
        bound = [b for b in func.bindings if b.name == name and self.alive(module, b.guard)]
        if bound:
            key = (module.name, func.qualname, func.line, name)
            if key in self._busy:  # `node = node.parent`: the name's own earlier value, unknown
                return [UNKNOWN]
            self._busy.add(key)
            try:
                out: list[Sym] = []
                for binding in bound:
                    out.extend(self._local_binding(module, func, binding))
            finally:
                self._busy.discard(key)
            if name in func.locals and any(b.kind in ("alias", "element") for b in bound) and len(out) > 1:
                out = list(dict.fromkeys(out))
            return out
        if name in func.locals:
            return [UNKNOWN]
        return None

    def _local_binding(self, module: Module, func: FunctionFacts, binding: Binding) -> list[Sym]:
        kind, target = binding.kind, binding.target
        if kind == "instance":
            return self.typed(module, func, target)
        if kind == "alias":
            return self._annotated(module, func, binding, self._resolve_use(module, func, tuple(target.split("."))))
        if kind == "element":
            return [self.element(sym) for sym in self._resolve_use(module, func, tuple(target.split(".")))]
        return self.resolve_binding(module, binding, 1)  # an import inside the function

    def decorator(self, module: Module, func: FunctionFacts, callee: str) -> tuple[list[Sym], frozenset[str]]:
        """What a def's decorator denotes where Python evaluates it, before the def binds its name: a method's in
        its class body (names bound there earlier), then the module's; and the modules that answer depended on."""
        outer, self._touched = self._touched, set()
        try:
            chain = tuple(callee.split("."))
            classes = self.classes_named(module, func.cls) if func.cls else []
            functions = module.facts.functions
            earlier = [
                i
                for i in classes
                if any(functions[f].line < func.line for n, f in module.facts.classes[i].methods if n == chain[0])
                or any(b.name == chain[0] and b.line < func.line for b in module.facts.classes[i].attributes)
            ]
            if earlier:
                syms = [s for i in earlier for s in self.class_member(("pclass", module.name, i), chain[0], 1)]
                for attr in chain[1:]:
                    syms = [s for sym in syms for s in self.step(sym, attr, 1)]
            else:
                syms = self.resolve_chain_in_module(module, chain, 1)
        finally:
            deps = frozenset(self._touched)
            outer.update(deps)
            self._touched = outer
        return syms, deps

    def replacements(self, key: tuple[str, int]) -> tuple[list[tuple[str, int]], bool]:
        """What may replace a def under its name on this target, so that Python binds it instead: a later def of
        the same qualname (an `@overload` stub's implementation, a redefinition, one under a platform guard) or a
        later module- or class-level binding of the name that evaluates something (its `state` function). A
        property's setter and deleter extend its getter rather than replace it. With whether the answer may
        differ between targets (the module has platform conditions)."""
        module = self.module(key[0])
        func = module.facts.functions[key[1]]
        if func.kind == "state":
            return [], False
        named = self.functions_named(module, func.qualname)
        found = [
            (module.name, i)
            for i in named
            if module.facts.functions[i].line > func.line
            and not (func.kind == "property" and module.facts.functions[i].kind == "property")
        ]
        later = func.line < self._last_def_line(module).get(func.qualname, 0)
        return found, later and self.platform_sensitive(module)

    def _last_def_line(self, module: Module) -> dict[str, int]:
        """qualname -> the line of its last def in the module, on any target (kept per module)."""
        lines = self._last_lines.get(module.name)
        if lines is None:
            lines = self._last_lines[module.name] = {}
            for f in module.facts.functions:
                lines[f.qualname] = max(lines.get(f.qualname, 0), f.line)
        return lines

    def _in_class_body(self, module: Module, func: FunctionFacts, name: str) -> bool:
        for index in self.classes_named(module, func.cls):
            cls = module.facts.classes[index]
            if any(m == name for m, _ in cls.methods) or any(b.name == name for b in cls.attributes):
                return True
        return False

    def resolve_use(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...]
    ) -> tuple[list[Sym], frozenset[tuple[str, int]]]:
        """What a use denotes, and the module or class state read on the way. Memoised where the answer depends
        on the module (and class) alone, not on the function's locals: the same `models.CharField` or
        `self.clean` is resolved once per module, not once per use."""
        root = chain[0]
        if root == "<super>" or (func.first and root == func.first and func.cls):
            key: tuple[object, ...] = (module.name, func.cls, func.kind == "classmethod", chain)
        elif root.startswith("<super:") or root in func.locals or any(b.name == root for b in func.bindings):
            key = ("<local>", func.qualname, func.line, chain)  # kept only while its summary is computed
        else:
            key = (module.name, "", func.cls, chain)
        memo = self._local_uses if key[0] == "<local>" else self._uses
        cached = memo.get(key)
        if cached is not None:
            self._touched.update(cached[1])
            return cached[0], cached[2]
        outer, self._touched = self._touched, set()
        outer_reads, self._reads = self._reads, set()
        cycles = self._cycles
        try:
            syms = self._resolve_use(module, func, chain)
        finally:
            deps = self._one(frozenset(self._touched))
            reads = self._one(frozenset(self._reads))
            outer.update(deps)
            self._touched, self._reads = outer, outer_reads
        if self._cycles == cycles:  # an answer that met an import cycle under way is partial: not kept
            memo[key] = (syms, deps, reads)
        return syms, reads

    def _one(self, names: frozenset[Any]) -> frozenset[Any]:
        """One object for equal sets: tens of thousands of memoised uses read the same few modules."""
        known: frozenset[Any] = self._sets.setdefault(names, names)
        return known

    def _resolve_use(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]:
        root = chain[0]
        rest = chain[1:]
        if root.startswith("<super"):
            if not rest:
                return [OPAQUE]
            syms = self._super(module, func, root, rest[0])
            rest = rest[1:]
        else:
            local = self.local_syms(module, func, root)
            syms = local if local is not None else self.global_name(module, root, 0)
            if func.cls and syms and all(s[0] == "missing" for s in syms) and self._in_class_body(module, func, root):
                # A method's decorators and defaults run in the class body: `@value.setter` names the property.
                syms = [OPAQUE]
        for attr in rest:
            next_syms: list[Sym] = []
            for sym in syms:
                if (
                    attr != "()"
                    and sym[0] == "std"
                    and isinstance(sym[2], StubSymbol)
                    and sym[2].kind in ("function", "variable")
                ):
                    next_syms.append(sym)  # attributes of a value: the reach is the value itself
                    continue
                next_syms.extend(self.step(sym, attr, 1))
            syms = list(dict.fromkeys(next_syms)) if len(next_syms) > 1 else next_syms
        return syms

    def _super(self, module: Module, func: FunctionFacts, root: str, attr: str) -> list[Sym]:
        """`super().attr` and `super(X, obj).attr`: `attr` after the enclosing class (or X) in the MRO of
        `type(obj)`. That is the enclosing class or any project subclass of it when `obj` is the method's own
        `self`/`cls` (a subclass's MRO can put a sibling between them: `class D(B, C)` makes `super()` in B find
        C), else X or any project subclass of X (Python requires `obj` to be one). X that names no project
        class, or not a plain or dotted name, is an unknown value: a blind spot, never the wrong class."""
        classes = self.classes_named(module, func.cls) if func.cls else []
        if root == "<super>":
            if not classes:
                return [OPAQUE]
            pairs = [((module.name, i), (module.name, i)) for i in classes]  # (whose subclasses, after what)
        else:
            if root == "<super:?>":
                return [UNKNOWN]
            _, start, first = root[1:-1].split(":")
            name = start.split(".")[0]
            if name in func.locals or any(b.name == name for b in func.bindings):
                return [UNKNOWN]
            targets = self.resolve_chain_in_module(module, tuple(start.split(".")), 1)
            if not targets or any(t[0] != "pclass" for t in targets):
                return [UNKNOWN]
            starts = [(str(t[1]), int(t[2])) for t in targets]  # type: ignore[call-overload]
            own = classes if first and first == func.first and func.kind != "staticmethod" else []
            pairs = [((module.name, i), x) for i in own for x in starts] or [(x, x) for x in starts]
        found: list[Sym] = []
        self._touched.add(HIERARCHY)
        for base, after in pairs:
            for owner in [base, *self.subclasses(*base)]:
                for sym in self.class_member(("pclass", *owner), attr, 1, after=after):
                    if sym not in found:
                        found.append(sym)
        return found

    # -- summaries ----------------------------------------------------------------------------------------

    def summary(self, key: tuple[str, int]) -> Summary:
        """What one function's body touches on this target, before any policy: every capability (with the name
        whose trust would cover it), every project function it enters (trusted ones too), every name it cannot
        see into, and, when rules are configured, every dotted name it calls or uses as a value."""
        cached = self._summaries.get(key) or self.shared.get(key)
        if cached is None and self.persisted is not None:
            cached = self.persisted.get(key, self.target.platform)
            if cached is not None and PLATFORM not in cached.deps:
                self.shared[key] = cached
        if cached is not None:
            self._summaries[key] = cached
            return cached
        outer, self._touched = self._touched, set()
        outer_locals, self._local_uses = self._local_uses, {}
        module = self.module(key[0])
        func = module.facts.functions[key[1]]
        found = _Found(self.keep_names)
        for chain, ctx, line, guard, code in func.uses:
            if ctx == "type" or (guard and not self.alive(module, guard)):
                continue
            if ctx == "implicit":
                self._implicit(module, func, chain, line, found, code)
                continue
            syms, reads = self.resolve_use(module, func, chain)
            for state in sorted(reads) if reads else ():
                name = self.function_name(*state)
                found.edge(Edge(state, name, line, name))
                found.name(name)
            for sym in syms:
                self._outcome(sym, ctx, line, found, "")
            if ctx == "call" and any(sym[0] == "unknown" for sym in syms):
                found.blind.setdefault((line, code), (line, code or f"{'.'.join(chain)}(...)"))
        result = found.summary(self._one(frozenset(self._touched)))
        outer.update(result.deps)
        self._touched, self._local_uses = outer, outer_locals
        self._summaries[key] = result
        if PLATFORM not in result.deps:
            self.shared[key] = result
        if self.persisted is not None:
            self.persisted.put(key, self.target.platform, result)
        return result

    def _implicit(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: _Found, unless: str
    ) -> None:
        """An implicit special-method call enters the project method it lands on, and nothing else: on a value of
        unknown or stdlib class it is not a blind spot. A method the class does not define falls back as Python
        does (`_FALLBACKS`); a reflected call (`y.__radd__` of `x + y`) happens only when the forward one it
        names (`unless`: `x.__add__`) enters no project method."""
        entered = self._lands(module, func, chain)
        if entered and unless and self._lands(module, func, tuple(unless.split("."))):
            return
        for sym in entered:
            self._outcome(sym, "call", line, found, "")

    def _lands(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]:
        """The project methods an implicit call `chain` (ending in its dunder) lands on, fallbacks included. Only
        a project class, instance or module can give one: for any other value (most: locals of unknown or stdlib
        type) the receiver's answer, memoised with the function's other uses, is the whole cost."""
        receiver = chain[:-1]
        if not receiver[0].startswith("<super"):
            syms, _ = self.resolve_use(module, func, receiver)
            if not any(sym[0] in _HOLDS_METHODS for sym in syms):
                return []
        for dunder in _FALLBACKS.get(chain[-1], (chain[-1],)):
            syms, _ = self.resolve_use(module, func, (*receiver, dunder))
            entered = [sym for sym in syms if sym[0] == "pfunc"]
            if entered:
                return entered
        return []

    def function_name(self, module_name: str, index: int) -> str:
        return f"{module_name}.{self.module(module_name).facts.functions[index].qualname}"

    def class_name(self, module_name: str, index: int) -> str:
        return f"{module_name}.{self.module(module_name).facts.classes[index].qualname}"

    def _outcome(self, sym: Sym, ctx: str, line: int, found: _Found, subject: str) -> None:
        """One resolved use, recorded as it is; `subject` is the project class whose construction led here
        (its trust covers what its constructor does). Values, modules and unknowns record nothing."""
        record = _OUTCOMES.get(str(sym[0]))
        if record is not None:
            record(self, sym, ctx, line, found, subject)

    def _function_outcome(self, sym: Sym, ctx: str, line: int, found: _Found, subject: str) -> None:
        if ctx in ("getattr", "identity"):
            return
        key = (str(sym[1]), int(sym[2]))  # type: ignore[call-overload]
        name = self.function_name(*key)
        if under_any(name, self._deny_any):
            kind = "call" if ctx == "call" else "reference"
            found.reach(Reach(name, kind, line, frozenset(), subject or name))
        found.edge(Edge(key, name, line, subject or name))
        found.name(name)

    def _construct_outcome(self, sym: Sym, ctx: str, line: int, found: _Found, subject: str) -> None:
        """Calling a project class enters its constructors (calling an instance, its `__call__`)."""
        if ctx != "call":
            return
        tag = sym[0]
        module_name, index = str(sym[1]), int(sym[2])  # type: ignore[call-overload]
        cls_name = self.class_name(module_name, index)
        attrs = _CONSTRUCTORS if tag == "pclass" else ("__call__",)
        dispatch = tag == "pinst" or len(sym) > 3  # a class reached through `cls` or `type[C]`: any subclass
        entered = False
        for attr in attrs:
            for target in self.class_member(sym, attr, 1, dispatch=dispatch):
                if target[0] == "pfunc":
                    entered = True
                    self._outcome(target, "call", line, found, subject or cls_name)
        if tag != "pclass":
            return
        self._factories(module_name, index, line, found, subject or cls_name)
        if not entered:
            found.name(cls_name)
            for base in self.foreign_bases(module_name, index):
                self._outcome(base, ctx, line, found, subject or cls_name)

    def _stdlib_outcome(self, sym: Sym, ctx: str, line: int, found: _Found, subject: str) -> None:
        symbol = sym[2]
        assert isinstance(symbol, StubSymbol)
        self._std_outcome(str(sym[1]), symbol, ctx, line, found, subject)

    def _value_method_outcome(self, sym: Sym, ctx: str, line: int, found: _Found, subject: str) -> None:
        """A method of a stdlib value: only the catalogue's explicit `Class.member` entries are reaches."""
        if ctx not in ("call", "ref"):
            return
        name = self.catalogue.normalize(str(sym[1]))
        found.name(name)
        entry = self.catalogue.exact(name)
        if entry is not None:
            kind = "call" if ctx == "call" else "reference"
            found.reach(Reach(name, kind, line, entry.categories, subject or name))

    def _third_party_outcome(self, sym: Sym, ctx: str, line: int, found: _Found, subject: str) -> None:
        dotted = str(sym[1])
        if ctx not in ("call", "ref") or dotted.split(".")[0] == "pytest_claims":
            return
        found.name(dotted)
        if under_any(dotted, self._deny_any):
            kind = "call" if ctx == "call" else "reference"
            found.reach(Reach(dotted, kind, line, frozenset(), subject or dotted))
            return
        top = dotted.split(".")[0]
        reason = f"{THIRD_PARTY}{top}) is not analysed"
        found.frontier(Frontier(dotted, line, reason, _hint(dotted, top), subject or dotted))

    def _missing_outcome(self, sym: Sym, ctx: str, line: int, found: _Found, subject: str) -> None:
        if ctx in ("call", "ref", "getattr"):
            dotted = str(sym[1])
            found.frontier(Frontier(dotted, line, str(sym[2]), f'trusted = ["{dotted}"]', subject or dotted))

    def _factories(self, module_name: str, index: int, line: int, found: _Found, subject: str) -> None:
        """Constructing a dataclass or attrs class calls its fields' factories (SPEC §4)."""
        for mod_name, cls_index in self.mro(module_name, index):
            module = self.module(mod_name)
            for chain, _ in module.facts.classes[cls_index].factories:
                for sym in self.resolve_chain_in_module(module, tuple(chain.split(".")), 1):
                    self._outcome(sym, "call", line, found, subject)

    def _std_outcome(self, dotted: str, symbol: StubSymbol, ctx: str, line: int, found: _Found, subject: str) -> None:
        name = self.catalogue.normalize(dotted)
        if ctx == "getattr":
            if symbol.kind in ("module", "class") and self.catalogue.touches(name):
                found.reach(Reach("builtins.getattr", "call", line, frozenset({"dynamic"}), subject or name))
            return
        if symbol.kind == "module":
            return
        if symbol.kind == "class":
            if ctx != "call" or symbol.is_exception or self.stubs.is_enum(*symbol.where):  # conversions pass
                return
            found.name(name)
            entry = self.catalogue.lookup(name)
            kind = "call"
        elif symbol.kind == "variable":
            entry = self.catalogue.exact(name)
            kind = "read"
        else:  # function, or a member the target's stubs do not have
            if ctx == "identity":
                return
            if ctx in ("call", "ref"):
                found.name(name)
            entry = self.catalogue.lookup(name)
            kind = "call" if ctx == "call" else "reference"
        if entry is not None:
            categories = entry.categories
        elif under_any(name, self._deny_any):
            categories = frozenset()
        else:
            return
        found.reach(Reach(name, kind, line, categories, subject or name))


_OUTCOMES: dict[str, Callable[[Resolver, Sym, str, int, _Found, str], None]] = {
    "pfunc": Resolver._function_outcome,
    "pclass": Resolver._construct_outcome,
    "pinst": Resolver._construct_outcome,
    "std": Resolver._stdlib_outcome,
    "vstd": Resolver._value_method_outcome,
    "ext": Resolver._third_party_outcome,
    "missing": Resolver._missing_outcome,
}
"""What each kind of symbol records when a body uses it (see `Resolver._outcome`)."""


class _Found:
    """What one body touches, deduplicated, then sorted into a Summary (the same input, the same bytes)."""

    __slots__ = ("blind", "edges", "entries", "keep_names", "names", "reaches")

    def __init__(self, keep_names: bool) -> None:
        self.reaches: dict[tuple[str, str, int, str], Reach] = {}
        self.edges: dict[tuple[tuple[str, int], int, str], Edge] = {}
        self.entries: dict[tuple[str, int, str, str], Frontier] = {}
        self.blind: dict[tuple[int, str], Blind] = {}
        self.names: set[str] = set()
        self.keep_names = keep_names

    def reach(self, reach: Reach) -> None:
        self.reaches.setdefault((reach.reach, reach.kind, reach.line, reach.subject), reach)

    def edge(self, edge: Edge) -> None:
        self.edges.setdefault((edge.target, edge.line, edge.subject), edge)

    def frontier(self, entry: Frontier) -> None:
        self.entries.setdefault((entry.reach, entry.line, entry.reason, entry.subject), entry)

    def name(self, name: str) -> None:
        if self.keep_names:
            self.names.add(name)

    def summary(self, deps: frozenset[str]) -> Summary:
        return Summary(
            tuple(sorted(self.reaches.values(), key=lambda r: (r.line, r.reach, r.kind, r.subject))),
            tuple(sorted(self.edges.values(), key=lambda e: (e.name, e.line, e.subject))),
            tuple(sorted(self.entries.values(), key=lambda f: (f.line, f.reach, f.reason, f.subject))),
            tuple(sorted(self.blind.values())),
            tuple(sorted(self.names)),
            deps,
        )


def _from_ref(ref: TypeRef) -> Sym:
    inner: Sym = ("sinst", ref.module, ref.qualname)
    return ("elems", inner) if ref.kind == "elements" else inner


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


def _stub_lookup(stubs: Stubs, module: str, path: tuple[str, ...]) -> StubSymbol:
    if not path:
        return StubSymbol("module", (module, "")) if stubs.is_stdlib(module) else StubSymbol("missing", (module, ""))
    return stubs.member(module, path)


def _where(rel: str, line: int, message: str) -> str:
    """`file:line: message`, or `file: message` for a problem with no line (a file that cannot be read)."""
    return f"{rel}:{line}: {message}" if line else f"{rel}: {message}"


def _hint(dotted: str, top: str) -> str:
    return f'follow = ["{top}"]  or  trusted = ["{dotted}"]  or  external = "trust"'


def live_functions(resolver: Resolver, module: Module) -> Iterable[tuple[int, FunctionFacts]]:
    for index, func in enumerate(module.facts.functions):
        if resolver.alive(module, func.guard):
            yield index, func


def _c3_merge(sequences: list[list[tuple[str, int]]]) -> tuple[list[tuple[str, int]], bool]:
    """C3's merge of the bases' linearisations and the list of bases, and whether it succeeded. Where Python would
    raise TypeError (no head is in no tail), every class left is appended in the order first seen: a lookup on an
    inexact order keeps every candidate, so none is dropped."""
    merged: list[tuple[str, int]] = []
    todo = [list(seq) for seq in sequences if seq]
    while todo:
        for seq in todo:
            head = seq[0]
            if not any(head in other[1:] for other in todo):
                break
        else:
            for seq in todo:
                merged.extend(c for c in seq if c not in merged)
            return merged, False
        merged.append(head)
        todo = [rest for rest in (seq[1:] if seq[0] == head else seq for seq in todo) if rest]
    return merged, True
