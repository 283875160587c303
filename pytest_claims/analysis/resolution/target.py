"""The project and the stdlib stubs as one target platform sees them.

Which defs, classes and bindings are alive (their guards evaluated for the target), a module's scope, the stub
lookups, and which of these answers another target of the run would give otherwise: such an answer marks what
asked `PLATFORM`-sensitive, so a summary that met none is shared by every target. The answer is judged, not the
module: a name bound outside every guard that some target evaluates otherwise is the same everywhere, even in a
module with platform branches elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from pytest_claims.analysis.conditions import TYPE_CHECKING, Target, evaluate
from pytest_claims.analysis.project import Module, Project
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.stubs import Stubs, is_stub_module
from pytest_claims.records import PLATFORM, Binding, ClassFacts, FunctionFacts, StubSymbol, TypeRef

T = TypeVar("T")

LiveTable = tuple[dict[str, list[T]], frozenset[str]]
"""name -> the live values of a module's entries of that name, and the names whose liveness another target may
judge otherwise (`TargetView._live_by_name`)."""


def class_bound(functions: Sequence[FunctionFacts], cls: ClassFacts) -> Iterator[tuple[str, int]]:
    """(name, guard) for every name a class binds (`TargetView.binds`), with the guard of its binding."""
    for name, index in cls.methods:
        yield name, functions[index].guard
    for binding in (*cls.attributes, *cls.fields):
        yield binding.name, binding.guard


_CATALOGUE_MEMBERS: dict[tuple[str, tuple[int, int]], frozenset[str]] = {}


def catalogue_members(fingerprint: str, keys: Iterable[str], version: tuple[int, int]) -> frozenset[str]:
    """The last names of the catalogue's entries that have a parent: `read_text` of `pathlib.Path.read_text`, a
    module function's `current_process` of `multiprocessing.current_process`, a stateful object's or a class's
    member. A value of unknown type may be any of them (a module fetched from `sys.modules`, a capability
    object), so a method of such a name called on it could lead somewhere. Only keys under a top-level module
    this Python has count (an entry for another version's module names nothing here). Kept per catalogue and
    version for the process."""
    known = _CATALOGUE_MEMBERS.get((fingerprint, version)) if fingerprint else None
    if known is None:
        parents: dict[str, list[str]] = {}
        for key in keys:
            parent, _, member = key.rpartition(".")
            if parent:
                parents.setdefault(parent, []).append(member)
        known = frozenset(m for p, ms in parents.items() if is_stub_module(p, version) is not None for m in ms)
        _CATALOGUE_MEMBERS[fingerprint, version] = known
    return known


class TargetView:
    """Live definitions, scopes and stub answers for one target, with dependency tracking."""

    def __init__(
        self,
        project: Project,
        stubs: Stubs,
        target: Target,
        peers: Sequence[tuple[Stubs, Target]],
        tracker: Tracker,
    ) -> None:
        self.project = project
        self.stubs = stubs
        self.target = target
        self.peers = [(s, t) for s, t in peers if t.platform != target.platform]
        """The other targets of this run: an answer that differs on any of them is platform-sensitive."""
        self.tracker = tracker
        self._differing: dict[str, frozenset[int]] = {}
        self._sensitive_stubs: dict[tuple[str, tuple[str, ...]], bool] = {}
        self._sensitive_types: dict[tuple[str, str, str], bool] = {}
        self._alive: dict[tuple[str, int], tuple[bool, bool]] = {}
        self._scopes: dict[str, LiveTable[Binding]] = {}
        self._checking: dict[str, LiveTable[Binding]] = {}
        """Per module, the bindings only a type checker sees (`checking_bound`)."""
        self._by_name: dict[tuple[str, str], LiveTable[int]] = {}
        self._last_lines: dict[str, dict[str, int]] = {}
        self._states: dict[str, dict[tuple[str, int], int]] = {}
        self._binds: dict[str, tuple[bool, bool]] = {}
        self._bound_names: dict[str, dict[str, list[tuple[int, int]]]] = {}
        self._function_names: dict[tuple[str, int], tuple[tuple[str, int], str]] = {}

    # -- modules, with dependency tracking ----------------------------------------------------------------

    def module(self, name: str) -> Module:
        self.tracker.module(name)
        return self.project.modules[name]

    def has(self, name: str) -> bool:
        self.tracker.module(name)
        return name in self.project.modules

    def function_name(self, module_name: str, index: int) -> str:
        return self.named_function(module_name, index)[1]

    def named_function(self, module_name: str, index: int) -> tuple[tuple[str, int], str]:
        """(module, index) and the function's dotted name, each one object per function: every edge and reach
        naming it holds them for the run (tens of thousands); the module is recorded as read each time, as
        `module` does."""
        self.tracker.module(module_name)
        key = (module_name, index)
        known = self._function_names.get(key)
        if known is None:
            qualname = self.project.modules[module_name].facts.functions[index].qualname
            known = self._function_names[key] = (key, f"{module_name}.{qualname}")
        return known

    def class_name(self, module_name: str, index: int) -> str:
        return f"{module_name}.{self.module(module_name).facts.classes[index].qualname}"

    # -- platform evaluation ------------------------------------------------------------------------------

    def _conds_differing(self, module: Module) -> frozenset[int]:
        """The indexes of the file's conditions that some other target of the run evaluates otherwise."""
        known = self._differing.get(module.name)
        if known is None:
            target, peers = self.target, [peer for _, peer in self.peers]
            known = frozenset(
                index
                for index, cond in enumerate(module.facts.conds)
                if any(evaluate(cond, peer) != evaluate(cond, target) for peer in peers)
            )
            self._differing[module.name] = known
        return known

    def _guard_differs(self, module: Module, guard: int) -> bool:
        """Whether some condition of the guard is one another target evaluates otherwise (then so may the
        guard, with or without a call's literal arguments)."""
        if guard == 0:
            return False
        differing = self._conds_differing(module)
        return bool(differing) and any(index in differing for index, _ in module.facts.guards[guard])

    def platform_sensitive(self, module: Module) -> bool:
        """Does any condition of this file evaluate differently on some target of the run?"""
        known = bool(self._conds_differing(module))
        if known:
            self.tracker.module(PLATFORM)
        return known

    def alive(self, module: Module, guard: int) -> bool:
        """A guard holds unless some condition in it is definitely false on this target; platform-sensitive when
        one of its conditions is (`_guard_differs`)."""
        if guard == 0:
            return True
        known = self._liveness(module, guard)
        if known[1]:
            self.tracker.module(PLATFORM)
        return known[0]

    def _liveness(self, module: Module, guard: int) -> tuple[bool, bool]:
        """(whether the guard holds on this target, whether another target may say otherwise), recording nothing."""
        if guard == 0:
            return _LIVE
        key = (module.name, guard)
        known = self._alive.get(key)
        if known is None:
            facts = module.facts
            value = True
            for cond_index, polarity in facts.guards[guard]:
                cond_value = evaluate(facts.conds[cond_index], self.target)
                if cond_value is not None and cond_value != polarity:
                    value = False
                    break
            known = self._alive[key] = _LIVENESS[value, self._guard_differs(module, guard)]
        return known

    def bound(self, module: Module, name: str) -> list[Binding]:
        """The module's live bindings of `name`; platform-sensitive when one of the name's bindings is under a
        guard another target may evaluate otherwise (a name no target binds is the same answer everywhere)."""
        known = self._scopes.get(module.name)
        if known is None:
            entries = ((b.name, b.guard, b) for b in module.facts.bindings)
            known = self._scopes[module.name] = self._live_by_name(module, entries)
        return self._live(known, name, _NO_BINDINGS)

    def checking_bound(self, module: Module, name: str) -> list[Binding]:
        """The module's bindings of `name` that exist only for a type checker (an import under `if TYPE_CHECKING:`):
        they type annotations, and are never reached. Platform-sensitive as `bound` is, when another of their
        conditions may be."""
        known = self._checking.get(module.name)
        if known is None:
            facts = module.facts
            checked = facts.guards and TYPE_CHECKING in facts.conds
            entries = (b for b in facts.bindings if b.guard and checked and self._checking_guard(module, b.guard))
            known = self._checking[module.name] = self._live_by_name(module, ((b.name, 0, b) for b in entries))
        found = self._live(known, name, _NO_BINDINGS)
        if any(self._guard_differs(module, b.guard) for b in found):
            self.tracker.module(PLATFORM)
        return found

    def _checking_guard(self, module: Module, guard: int) -> bool:
        """Whether a guard holds for a type checker (`TYPE_CHECKING` true) and not at run time."""
        facts = module.facts
        checking = False
        for cond_index, polarity in facts.guards[guard]:
            cond = facts.conds[cond_index]
            if cond == TYPE_CHECKING:
                if not polarity:
                    return False
                checking = True
                continue
            value = evaluate(cond, self.target)
            if value is not None and value != polarity:
                return False
        return checking

    def functions_named(self, module: Module, qualname: str) -> list[int]:
        """Indexes of the functions of that qualname alive on this target (a guarded def may have several)."""
        return self._named(module, "functions", module.facts.functions, qualname)

    def classes_named(self, module: Module, qualname: str) -> list[int]:
        return self._named(module, "classes", module.facts.classes, qualname)

    def _named(self, module: Module, kind: str, defs: Sequence[FunctionFacts | ClassFacts], qualname: str) -> list[int]:
        """The live defs of that qualname; platform-sensitive as `bound` is, by the guards of that name's defs."""
        known = self._by_name.get((module.name, kind))
        if known is None:
            entries = ((d.qualname, d.guard, index) for index, d in enumerate(defs))
            known = self._by_name[module.name, kind] = self._live_by_name(module, entries)
        return self._live(known, qualname, _NO_INDEXES)

    def _live_by_name(self, module: Module, entries: Iterable[tuple[str, int, T]]) -> LiveTable[T]:
        """name -> the values of its live (name, guard, value) entries, and the names one of whose entries another
        target may judge otherwise (`_liveness`)."""
        table: dict[str, list[T]] = {}
        sensitive: set[str] = set()
        for name, guard, value in entries:
            holds, differs = self._liveness(module, guard)
            if holds:
                table.setdefault(name, []).append(value)
            if differs:
                sensitive.add(name)
        return table, frozenset(sensitive) if sensitive else _NO_NAMES

    def _live(self, known: LiveTable[T], name: str, none: list[T]) -> list[T]:
        """`name`'s live values in a `_live_by_name` table (`none` when it has none), recording `PLATFORM` when
        another target may see others."""
        if name in known[1]:
            self.tracker.module(PLATFORM)
        return known[0].get(name, none)

    def live_functions(self, module: Module) -> Iterator[tuple[int, FunctionFacts]]:
        for index, func in enumerate(module.facts.functions):
            if self.alive(module, func.guard):
                yield index, func

    def binds_only_constants(self, mod_name: str, cls_index: int, attr: str) -> bool:
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

    def state_functions(self, module: Module) -> dict[tuple[str, int], int]:
        """(qualname of the bound name, line of the binding statement) -> index of the `state` function holding what
        the value bound to that name evaluates (each name of `a, b = x, y` or `a = b = x` has its own)."""
        table = self._states.get(module.name)
        if table is None:
            table = {}
            for index, func in enumerate(module.facts.functions):
                if func.kind == "state":  # a class statement's may have no uses of its own, only its body's
                    table[func.qualname, func.line] = index
            self._states[module.name] = table
        return table

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

    def binds(self, name: str) -> tuple[bool, bool]:
        """Whether some project (or followed) class alive on this target binds `name`, and whether another target
        of the run may answer otherwise. A class binds every name it defines: its methods (properties too), its
        class-body assignments whatever their value (`run = _run`, `handler = None`: fail closed), and the
        attributes its methods set on `self` (a callable stored there is called by name). Only the modules whose
        classes may bind the name are read (`Modules.mentioning`), those at hand first, and only until one binds it
        unguarded; kept per target. Nothing of it is recorded as read: who asks records the name."""
        known = self._binds.get(name)
        if known is None:
            bound = guarded = False
            modules = self.project.modules
            # the modules at hand first: one of them may end the search before any other is parsed
            candidates = sorted(modules.mentioning(name), key=lambda m: not modules.is_loaded(m))
            with self.tracker.scope(state="off"):
                for module_name in candidates:
                    module = modules[module_name]
                    for cls_guard, guard in self._class_bound(module).get(name, ()):
                        if cls_guard == 0 and guard == 0:
                            # bound on every target: the answer, whatever the modules not read yet bind
                            self._binds[name] = (True, False)
                            return (True, False)
                        differs = self._guard_differs(module, cls_guard) or self._guard_differs(module, guard)
                        guarded = guarded or differs
                        bound = bound or (self.alive(module, cls_guard) and self.alive(module, guard))
            known = self._binds[name] = (bound, guarded)
        return known

    def _class_bound(self, module: Module) -> dict[str, list[tuple[int, int]]]:
        """name -> (the class's guard, the binding's guard) for every name the module's classes bind."""
        table = self._bound_names.get(module.name)
        if table is None:
            table = self._bound_names[module.name] = {}
            functions = module.facts.functions
            for cls in module.facts.classes:
                for member, guard in class_bound(functions, cls):
                    table.setdefault(member, []).append((cls.guard, guard))
            for member, guard in module.facts.local_bound:  # a class defined inside a function
                table.setdefault(member, []).append((0, guard))
        return table

    # -- the stubs ----------------------------------------------------------------------------------------

    def stub_member(self, module: str, path: tuple[str, ...]) -> StubSymbol:
        """A stub lookup; marks the current computation platform-sensitive when another target disagrees."""
        symbol = _stub_lookup(self.stubs, module, path)
        key = (module, path)
        sensitive = self._sensitive_stubs.get(key)
        if sensitive is None:
            sensitive = any(_stub_lookup(stubs, module, path) != symbol for stubs, _ in self.peers)
            self._sensitive_stubs[key] = sensitive
        if sensitive:
            self.tracker.module(PLATFORM)
        return symbol

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
            self.tracker.module(PLATFORM)
        return ref


_LIVE = (True, False)
_LIVENESS = {(v, d): (v, d) for v in (True, False) for d in (True, False)}
"""One tuple per (holds, differs): the `_alive` memo holds one per guard of every module read."""
_NO_BINDINGS: list[Binding] = []
"""What `bound` gives for a name no binding of the module has (never appended to)."""
_NO_INDEXES: list[int] = []
_NO_NAMES: frozenset[str] = frozenset()


def _stub_lookup(stubs: Stubs, module: str, path: tuple[str, ...]) -> StubSymbol:
    if not path:
        return StubSymbol("module", (module, "")) if stubs.is_stdlib(module) else StubSymbol("missing", (module, ""))
    return stubs.member(module, path)
