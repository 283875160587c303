"""How a method call `obj.m(...)` enters what it may land on: on a value typed by a project protocol, only the
conforming classes' members that accept its arguments (`fitting`, `protocol_calls`); `override` or `protocol` where
the method's class is in no MRO of the receiver's classes (`dispatch_how`); the subclasses overriding `m`, which
never run it for this call (`outside`); whether a call the walk cannot follow could lead anywhere at all
(`may_lead`: a method name no project class binds and no catalogue entry bears leads nowhere); and what a call of a
project class or instance enters (`Constructions`: its constructors, its metaclass's `__call__`, its fields' factories).
"""

from __future__ import annotations

from pytest_claims.analysis.arguments import OUTSIDE, Passed
from pytest_claims.analysis.catalog import Catalogue
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.exclusion import Exclusion
from pytest_claims.analysis.resolution.found import Call, Found, Outcome, closed
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import (
    UNKNOWN,
    ClassKey,
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    Sym,
    Unknown,
    as_written,
)
from pytest_claims.analysis.resolution.target import TargetView, catalogue_members
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.specials import CONSTRUCTORS, METACLASS_CALL, reserved
from pytest_claims.records import HIERARCHY, METHOD_NAMES, PLATFORM, Decided, FunctionFacts, method_name


class MethodCalls:
    """The method calls of the bodies one target's summaries resolve (the catalogue's member names memoised)."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        catalogue: Catalogue,
    ) -> None:
        self.view, _, self.hierarchy, self.dispatch, self.bodies, self.tracker = parts
        self.catalogue = catalogue
        self._members: frozenset[str] | None = None
        self.exclusion = Exclusion(self.view, self.hierarchy, self.tracker)

    def fitting(
        self,
        module: Module,
        func: FunctionFacts,
        chain: tuple[str, ...],
        syms: list[Sym],
        passed: Passed | None,
        line: int,
        found: Found,
        code: str,
    ) -> list[Sym]:
        """A call on a value typed by a project protocol enters only the conforming classes' members that accept
        its arguments (docs/decisions.md); with none left, the call is a blind spot. Calling the value itself runs its
        class's `__call__` (`Constructions.construct` enters those that fit)."""
        shape = (len(passed[0]), tuple(k for k, _ in passed[1])) if passed is not None else None
        for sym in syms:
            protocol = isinstance(sym, ProjectInstance) and self.hierarchy.is_protocol(sym.module, sym.idx)
            if protocol and isinstance(sym, ProjectInstance) and not self.protocol_calls(sym, shape):
                found.blind_spot(line, code, code or f"{as_written(chain)}(...)")
        if shape is None or len(chain) < 2 or chain[-1][:1] == "(":
            return syms
        if not any(s in self.dispatch.protocols.dispatched for s in syms):
            return syms  # no def structural dispatch found: no protocol member among them
        dropped: set[Sym] = set()
        for receiver in self.bodies.use(module, func, chain[:-1])[0]:
            if isinstance(receiver, ProjectInstance) and self.hierarchy.is_protocol(receiver.module, receiver.idx):
                dropped.update(self.dispatch.protocols.misfits((receiver.module, receiver.idx), chain[-1], *shape))
        if not dropped:
            return syms
        return [s for s in syms if s not in dropped] or [UNKNOWN]

    def explicit_self(self, module: Module, func: FunctionFacts, index: int, syms: list[Sym]) -> list[Sym]:
        """`Base.m(self, ...)` in a method passes the method's own `self`, so `m` is entered for the class the
        caller stands for (its receiver, else its own class), as `super().m(...)` is: `Field.__init__(self, ...)` in
        `ModelChoiceField.__init__` reads a `ModelChoiceField`'s class attributes, never a sibling's. Only where
        that class derives from `Base` and the method never rebinds `self`."""
        chain = func.uses[index][0]
        if index not in func.self_calls or len(chain) != 2:
            return syms
        owners = self.bodies.use(module, func, chain[:1])[0]
        classes = self.view.classes_named(module, func.cls)
        if len(owners) != 1 or not isinstance(owners[0], ProjectClass) or len(classes) != 1:
            return syms
        if any(b.name == func.first for b in func.bindings):
            return syms
        receiver = self.bodies.receiver(func) or (module.name, classes[0])
        self.tracker.module(HIERARCHY)
        mro = self.hierarchy.mro(*receiver)
        if (owners[0].module, owners[0].idx) not in mro:
            return syms
        found: list[Sym] = []
        for sym in syms:
            if isinstance(sym, ProjectFunction) and sym.receiver is None:
                callee = self.view.module(sym.module).facts.functions[sym.idx]
                defined = self.view.classes_named(self.view.module(sym.module), callee.cls) if callee.cls else []
                own = len(defined) == 1 and (sym.module, defined[0]) == receiver
                if callee.kind == "method" and callee.first and len(defined) == 1 and not own:
                    sym = sym._replace(receiver=receiver)
            found.append(sym)
        return found

    def dispatch_how(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], sym: Sym) -> str:
        """How a method call `obj.m()` enters a method it may land on: `override` when the method's class is in
        no MRO of the receiver's classes (a subclass's override), `protocol` when the receiver is typed by a
        protocol (a structural implementer); "" (a plain call) otherwise."""
        if not isinstance(sym, ProjectFunction):
            return ""
        home = self.view.module(sym.module)
        owner_name = home.facts.functions[sym.idx].cls
        if not owner_name:
            return ""
        owners = {(sym.module, index) for index in self.view.classes_named(home, owner_name)}
        classes = [
            (r.module, r.idx)
            for r in self.bodies.use(module, func, chain[:-1])[0]
            if isinstance(r, (ProjectInstance, ProjectClass))
        ]
        if not classes or any(owners.intersection(self.hierarchy.mro(*key)) for key in classes):
            return ""
        return "protocol" if any(self.hierarchy.is_protocol(*key) for key in classes) else "override"

    def outside(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], sym: Sym) -> Decided:
        """A method `obj.m()` enters by looking `m` up on instances (and only so: every receiver an instance whose
        class's lookup gives it, no field of that name), as `Decided`'s `OUTSIDE` entry: the subclasses overriding
        `m`, which never run it for this call (`Exclusion.outside`), and those every receiver is known to be no
        instance of (`ProjectInstance.without`: a value of exactly one class). Empty: none, or not entered so."""
        if not isinstance(sym, ProjectFunction):
            return ()
        attr = chain[-1]
        receivers = self.bodies.use(module, func, chain[:-1])[0]
        if not receivers or not all(isinstance(r, ProjectInstance) for r in receivers):
            return ()
        looked_up = False
        for receiver in receivers:
            assert isinstance(receiver, ProjectInstance)
            if self.dispatch.is_instance_state(receiver.module, receiver.idx, attr):
                return ()
            looked_up = looked_up or sym in self.dispatch.class_member(receiver, attr, 1, dispatch=True)
        if not looked_up:
            return ()
        known = set.intersection(*(set(r.without) for r in receivers if isinstance(r, ProjectInstance)))
        outside = tuple(sorted(known.union(self.exclusion.outside(sym, attr))))
        return outside_entry(outside)

    def protocol_calls(self, sym: ProjectInstance, shape: tuple[int, tuple[str, ...]] | None) -> list[Sym]:
        """The `__call__` methods calling a protocol-typed value may enter (those accepting `shape`, when known)."""
        targets = self.dispatch.class_member(sym, "__call__", 1, dispatch=True)
        dropped = self.dispatch.protocols.misfits((sym.module, sym.idx), "__call__", *shape) if shape else frozenset()
        return [t for t in targets if isinstance(t, ProjectFunction) and t not in dropped]

    def may_lead(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> bool:
        """Whether a call the walk cannot follow could lead somewhere. A method called by name on a value of
        unknown class leads somewhere only when a project class binds the name, a catalogue entry bears it (a
        class member's, a module function's: the value may be a module), or it is a special method; every other
        such call (a callable called, one fetched from a function or a class attribute, a stdlib object calling
        stored callables) may. The names asked about are recorded (`METHOD_NAMES`): the answer changes when a
        class gains or loses one."""
        name = chain[-1]
        if len(chain) < 2 or name == "()" or reserved(name):
            return True
        receivers = self.bodies.use(module, func, chain[:-1])[0]
        if not receivers or not all(isinstance(sym, Unknown) for sym in receivers):
            return True
        members = self._members
        if members is None:
            catalogue, version = self.catalogue, self.view.stubs.version
            members = self._members = catalogue_members(catalogue.fingerprint, catalogue.entries, version)
        if name in members:
            return True
        bound, varies = self.view.binds(name)
        self.tracker.modules((METHOD_NAMES, method_name(name)))
        if varies:
            self.tracker.module(PLATFORM)
        return bound


class Constructions:
    """Calls of project classes and instances, one job kept apart from `Summaries`, which records what they enter."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        calls: MethodCalls,
        outcome: Outcome,
    ) -> None:
        self.view, self.evaluator, self.hierarchy, self.dispatch, _, _ = parts
        self.calls = calls
        self._outcome = outcome

    def close(self) -> None:
        """Drop the reference back to the summary (`found.closed`)."""
        self._outcome = closed

    def construct(
        self,
        sym: ProjectClass | ProjectInstance,
        ctx: str,
        line: int,
        found: Found,
        subject: str,
        call: Call | None,
        how: str = "",
    ) -> None:
        """Calling a project class enters its constructors (calling an instance, its `__call__`)."""
        if ctx != "call":
            return
        is_class = isinstance(sym, ProjectClass)
        entering = how or ("constructor" if is_class else "implicit")
        cls_name = self.view.class_name(sym.module, sym.idx)
        attrs = CONSTRUCTORS if is_class else ("__call__",)
        # an instance's class, or a class reached through `cls` or `type[C]`: any subclass
        dispatch = not isinstance(sym, ProjectClass) or sym.dispatch
        entered = False
        # a project metaclass's `__call__` may call `__new__` and `__init__` with other arguments: the call's
        # literal arguments decide their tests only where no such hook stands between
        hooked = is_class and isinstance(sym, ProjectClass) and any(
            isinstance(target, ProjectFunction)
            for meta in self.dispatch.metaclasses(sym)
            for target in self.dispatch.class_member(meta, METACLASS_CALL, 1, dispatch=meta.dispatch)
        )
        # a call of the class by its name makes an instance of it, no subclass's: its `__init__` chain says so
        exact = self.evaluator.exact.constructed(sym) if isinstance(sym, ProjectClass) else None
        outside = outside_entry(exact) if exact else ()
        for attr in attrs:
            # `__init__` and `__new__` (and `__call__`) are passed the call's arguments after `self` / `cls`
            passing = attr in ("__init__", "__new__", "__call__") and call is not None and not hooked
            bound = call._replace(chain=("<constructed>",)) if passing and call is not None else None
            # `C()` runs the constructors on an instance of C: an inherited `__init__` is entered for C (its `self`
            # stands for C and C's subclasses, never a sibling of C)
            targets = self.dispatch.class_member(sym, attr, 1, dispatch=dispatch, made=is_class)
            entry_how = entering
            if isinstance(sym, ProjectInstance) and call is not None and self.hierarchy.is_protocol(*sym[:2]):
                given, keywords = call.passed
                targets = self.calls.protocol_calls(sym, (len(given), tuple(k for k, _ in keywords)))
                entry_how = how or "protocol"
            for target in targets:
                if isinstance(target, ProjectFunction):
                    entered = True
                    self._outcome(target, "call", line, found, subject or cls_name, bound, entry_how, outside)
        if not is_class:
            return
        assert isinstance(sym, ProjectClass)
        bound = call._replace(chain=("<constructed>",)) if call is not None else None
        for meta in self.dispatch.metaclasses(sym):  # calling a class calls its metaclass's `__call__` first
            for target in self.dispatch.class_member(meta, METACLASS_CALL, 1, dispatch=meta.dispatch):
                if isinstance(target, ProjectFunction):
                    self._outcome(target, "call", line, found, subject or cls_name, bound, entering)
        self._factories(sym.module, sym.idx, line, found, subject or cls_name)
        if not entered:
            found.name(cls_name)
            for base in self.hierarchy.foreign_bases(sym.module, sym.idx):
                self._outcome(base, ctx, line, found, subject or cls_name)

    def _factories(self, module_name: str, index: int, line: int, found: Found, subject: str) -> None:
        """Constructing a dataclass or attrs class calls its fields' factories (semantics §4)."""
        for mod_name, cls_index in self.hierarchy.mro(module_name, index):
            module = self.view.module(mod_name)
            for chain, written in module.facts.classes[cls_index].factories:
                # a capability called as a factory is reported where the factory is written (semantics §5), in the
                # class's module; a project factory is a hop from the constructing call, as any call is
                factory = Found(found.keep_names)
                for sym in self.evaluator.resolve_chain_in_module(module, tuple(chain.split(".")), 1):
                    self._outcome(sym, "call", line, factory, subject, how="constructor")
                found.absorb(factory, (written, line, "constructor"), mod_name)


def outside_entry(classes: tuple[ClassKey, ...]) -> Decided:
    """The `Decided` entry saying a method's `self` is no instance of `classes` (`arguments.OUTSIDE`)."""
    return ((OUTSIDE, "outside", classes),) if classes else ()
