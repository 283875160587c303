"""What Python runs without a call written: an implicit special-method call (`x + y`, `with`, `o.x = v`) enters
the project method it lands on, following `specials.FALLBACKS`; a class statement runs each statement of its body
that runs something (its `part` uses) and reads the bases and metaclass it names (its `base` uses).
"""

from __future__ import annotations

from pytest_claims.analysis.arguments import Passed
from pytest_claims.analysis.catalog import Entry
from pytest_claims.analysis.computed import name_fits
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Call, Found, Outcome, Reads, closed
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.leads import conditional, operand_kind, unknown_call
from pytest_claims.analysis.resolution.properties import accessor
from pytest_claims.analysis.resolution.symbols import (
    HOLDS_METHODS,
    Missing,
    ProjectClass,
    ProjectClosure,
    ProjectFunction,
    ProjectInstance,
    StdInstance,
    StdMethod,
    StdName,
    Sym,
    Unknown,
    as_written,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.specials import (
    ABC_INTERFACES,
    CALLED_ON_THE_CLASS,
    CLASS_STATEMENT,
    FALLBACKS,
    ITERATOR_NEXT,
    NOT_ON_UNKNOWN,
    ON_UNKNOWN,
    READS_ITS_ZONE,
    RUNS_STORED_CALLABLES,
    SHOWN_BY_REPR,
    ZONE_HOOKS,
)
from pytest_claims.records import HIERARCHY, Edge, FunctionFacts


class Hooks:
    """The implicit calls and class statements of the bodies one target's summaries resolve."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        outcome: Outcome,
        reads: Reads,
    ) -> None:
        self.view, self.evaluator, self.hierarchy, self.dispatch, self.bodies, self.tracker = parts
        self._outcome, self._reads = outcome, reads

    def close(self) -> None:
        """Drop the references back to the summary (`found.closed`)."""
        self._outcome = self._reads = closed

    def implicit(
        self,
        module: Module,
        func: FunctionFacts,
        chain: tuple[str, ...],
        line: int,
        found: Found,
        unless: str,
        call: Call | None = None,
    ) -> None:
        """An implicit special-method call enters the project method it lands on, and nothing else: on a value of
        unknown or stdlib class it is not a blind spot. A method the class does not define falls back as Python
        does (`FALLBACKS`); a reflected call (`y.__radd__` of `x + y`) happens only when the forward one it
        names (`unless`: `x.__add__`) enters no project method. `call`: what the implicit call passes, where the
        facts know it (`o.x = v` passes `__setattr__` the name "x"), deciding the method's tests of it."""
        if chain[-1] in ("__set__", "__delete__"):
            self._accessors(module, func, chain, line, found)
        if chain[-1] in ("__exit__", "__aexit__") and self._runs_stored(module, func, chain):
            text = f"with {as_written(chain[:-1])}"
            found.blind_spot(line, text, text)
        entered = self._lands(module, func, chain)
        then = ITERATOR_NEXT.get(chain[-1])
        if then is not None:  # iteration: the iterator's `__next__` too
            entered += [sym for sym in self._lands(module, func, (*chain[:-1], then)) if sym not in entered]
        forward = tuple(unless.split(".")) if unless else ()
        if (
            not entered
            and chain[-1] in ZONE_HOOKS
            and self._reads_zone(module, func, chain)
            and not (forward and self._reads_zone(module, func, forward))  # one blind spot for `a < b`
        ):
            text = as_written(chain)
            found.blind_spot(line, text, text)
        if not (forward and self._lands(module, func, forward)):  # the value may be of unknown class too
            self._unknown(module, func, chain, (line, found), call.passed if call is not None else None)
        if not entered:
            unseen, capable = self._unseen(module, func, chain)
            if unseen:
                text = as_written(chain)
                found.blind_spot(line, text, text)
            for method in capable:  # judged as a call of the method written out is (`Future.__repr__(fut)`)
                self._outcome(method, "call", line, found, "", how="implicit")
        if entered and unless and self._lands(module, func, tuple(unless.split("."))):
            return
        if (
            call is not None
            and chain[-1] not in CLASS_STATEMENT  # a class statement passes its metaclass's hooks its bases
            and (
                chain[0].startswith("<super")
                or any(
                    isinstance(sym, HOLDS_METHODS) and not isinstance(sym, ProjectInstance)
                    for sym in self.bodies.use(module, func, chain[:-1])[0]
                )
            )
        ):
            call = None  # passed after `self` only where the value is an instance (any other value enters nothing)
        for sym in entered:
            self._outcome(sym, "call", line, found, "", call, how="implicit")

    def _accessors(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: Found) -> None:
        """`o.x = v` on an instance runs the setter of the property a read of `o.x` finds (`del o.x`, its deleter):
        each def of the getter's qualified name decorated `@x.setter` (`@x.deleter`), entered for the class the
        getter is entered for. A read that finds no getter finds the setter itself (`properties.read_defs`), which
        is then entered too. Not passed the value: its tests of it stay open."""
        if len(chain) < 3 or chain[0].startswith("<super"):
            return  # `super().x = v` sets nothing through the base's property
        if not any(isinstance(sym, ProjectInstance) for sym in self.bodies.use(module, func, chain[:-2])[0]):
            return  # a store on a class (`C.x = v`) rebinds the name, running no setter
        wanted = "setter" if chain[-1] == "__set__" else "deleter"
        for sym in self.bodies.use(module, func, chain[:-1])[0]:
            if not isinstance(sym, ProjectFunction):
                continue
            home = self.view.module(sym.module)
            getter = home.facts.functions[sym.idx]
            if getter.kind != "property":
                continue
            for index in self.view.functions_named(home, getter.qualname):
                if accessor(home.facts.functions[index]) == wanted:
                    entered = ProjectFunction(sym.module, index, sym.receiver)
                    self._outcome(entered, "call", line, found, "", how=wanted)

    def by_name(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], at: tuple[int, Found], code: str, store: bool
    ) -> None:
        """`setattr(o, name, v)` (`store`) or `delattr(o, name)` with a name computed at run time, of the `shape`
        the chain ends with (`*`: any name): on a project instance, what `o.x = v` (`del o.x`) runs for each name
        of that shape some class of its MRO binds as a property or in its body (its setter, a descriptor's
        `__set__`); on a value of unknown class, which may have any, a blind spot. The class's own `__setattr__`
        is the call's `implicit` use."""
        line, found = at
        receiver, fits = chain[:-1], name_fits(chain[-1])
        syms = self.bodies.use(module, func, receiver)[0]
        if any(isinstance(sym, Unknown) for sym in syms):
            found.blind_spot(line, code, code)
        names: list[str] = []
        for sym in syms:
            if not isinstance(sym, ProjectInstance):
                continue
            for key in self.hierarchy.mro(sym.module, sym.idx):
                functions = self.view.module(key[0]).facts.functions
                for name, (methods, _, attributes) in self.hierarchy.members(*key).items():
                    if fits(name) and (attributes or any(functions[i].kind == "property" for i in methods)):
                        names.append(name)
        dunder = "__set__" if store else "__delete__"
        for name in dict.fromkeys(names):
            self.implicit(module, func, (*receiver, name, dunder), line, found, "")

    def part(self, module: Module, qualname: str, line: int, found: Found) -> None:
        """A class statement runs each statement of its body: an edge to that statement's `state` function when
        it runs something (a call, an implicit call, a nested class statement). One that only names values
        (`run = _run`, `now = time.time`, `limit = LIMIT`) is reached for the module state it reads, never for the
        functions it names: only a reader of the attribute may call them."""
        index = self.view.state_functions(module).get((qualname, line))
        if index is None:
            return
        part = module.facts.functions[index]
        if any(use[1] not in ("ref", "identity", "type") for use in part.uses):
            name = self.view.function_name(module.name, index)
            found.edge(Edge((module.name, index), name, line, name, how="class"))
            found.name(name)
            return
        for chain, ctx, _, guard, _ in part.uses:
            if ctx in ("ref", "identity") and (not guard or self.view.alive(module, guard)):
                self._reads(self.bodies.use(module, part, chain)[1], line, found)

    def base(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: Found) -> None:
        """A base (or the metaclass) a class statement names: reading the name reads what its binding evaluated
        (a project class: its own class statement), and a name that resolves to nothing is a frontier entry. The
        hooks of a project class are `implicit` uses of their own; a stdlib or third-party class is not entered
        (what its metaclass and `__init_subclass__` run is outside the walk, as an import's side effects are)."""
        syms, reads = self.bodies.use(module, func, chain)
        self._reads(reads, line, found)
        for sym in syms:
            if isinstance(sym, Missing):
                self._outcome(sym, "ref", line, found, "")

    def untyped(
        self,
        module: Module,
        func: FunctionFacts,
        chain: tuple[str, ...],
        at: tuple[int, Found],
        unless: str,
        passed: Passed | None,
    ) -> None:
        """An implicit call on a parameter whose class is unknown where it is used (`UNTYPED`):
        it enters no project method, so it is a blind spot where a project method for it leads somewhere, passed
        what the call passes it (`passed`); a reflected one only where the forward call (`unless`) lands on no
        project method."""
        dunder = chain[-1]
        if dunder in NOT_ON_UNKNOWN or (unless and self._lands(module, func, tuple(unless.split(".")))):
            return
        line, found = at
        text = unknown_call(chain)
        names = ON_UNKNOWN.get(dunder) or FALLBACKS.get(dunder, (dunder,))
        found.blind_spot(line, text, conditional(names, text, operand_kind(passed)))

    def _unknown(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], at: tuple[int, Found], passed: Passed | None
    ) -> None:
        """An implicit call on a value the walk cannot name (a parameter, a field of unknown class): a blind spot
        where a project class's method for it leads somewhere, which the walk decides (`leads.conditional`)."""
        dunder = chain[-1]
        if chain[0].startswith("<super") or dunder in NOT_ON_UNKNOWN:
            return
        if not any(isinstance(sym, Unknown) for sym in self.bodies.use(module, func, chain[:-1])[0]):
            return
        line, found = at
        text = unknown_call(chain)
        names = ON_UNKNOWN.get(dunder) or FALLBACKS.get(dunder, (dunder,))
        found.blind_spot(line, text, conditional(names, text, operand_kind(passed)))

    def _runs_stored(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> bool:
        """Whether the end of a `with` block runs callables stored earlier (`with ExitStack() as stack:`)."""
        if chain[0].startswith("<super"):
            return False
        syms, _ = self.bodies.use(module, func, chain[:-1])
        return any(
            isinstance(sym, StdInstance) and f"{sym.module}.{sym.qualname}.{chain[-1]}" in RUNS_STORED_CALLABLES
            for sym in syms
        )

    def _reads_zone(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> bool:
        """Whether an implicit call on a `datetime` or `time` (`a < b`, `hash(dt)`) asks the zone it carries, which
        may be a project `tzinfo`: one is defined (a question of the whole hierarchy, recorded as `HIERARCHY`)."""
        if chain[0].startswith("<super"):
            return False
        receivers, _ = self.bodies.use(module, func, chain[:-1])
        if not any(isinstance(sym, (StdInstance, ProjectInstance)) for sym in receivers):
            return False
        syms, _ = self.bodies.use(module, func, (*chain[:-1], ZONE_HOOKS[chain[-1]]))
        if not any(
            isinstance(sym, StdMethod) and (sym.dotted in READS_ITS_ZONE or ".".join(sym.looked_up) in READS_ITS_ZONE)
            for sym in syms
        ):
            return False
        self.tracker.module(HIERARCHY)
        return bool(self.hierarchy.std_subclasses("datetime", "tzinfo"))

    def _lands(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]:
        """The project methods an implicit call `chain` (ending in its dunder) lands on, fallbacks included. Only
        a project class, instance or module can give one: for any other value (most: locals of unknown or stdlib
        type) the receiver's answer, memoised with the function's other uses, is the whole cost."""
        receiver = chain[:-1]
        if not receiver[0].startswith("<super"):
            syms, _ = self.bodies.use(module, func, receiver)
            if not any(isinstance(sym, HOLDS_METHODS) for sym in syms):
                return []
            if chain[-1] == "__set_name__" and not any(isinstance(sym, ProjectInstance) for sym in syms):
                return []  # a class (or module) bound in a class body: its type's `__set_name__`, not its own
            if chain[-1] == "__class_getitem__" and not any(isinstance(sym, ProjectClass) for sym in syms):
                return []  # `C[int]` on a class; an instance's subscript runs `__getitem__` only
            if chain[-1] == "__missing__" and not any(isinstance(sym, ProjectInstance) for sym in syms):
                return []  # a `dict` subclass's instance looks a missing key up; its class does not
            if chain[-1] in ("__set__", "__delete__") and not self._class_bound(module, func, receiver):
                return []  # `o.x = v` runs a descriptor's `__set__` only where a class body binds x
            classes = [sym for sym in syms if isinstance(sym, ProjectClass)]
            if classes and chain[-1] not in CALLED_ON_THE_CLASS:
                on_types = self._on_metaclasses(classes, chain[-1])
                if len(classes) == len([sym for sym in syms if isinstance(sym, HOLDS_METHODS)]):
                    return on_types  # `{C: 1}` hashes the class: its metaclass's `__hash__`, never C's own
                return on_types + [sym for sym in self._own(module, func, chain) if sym not in on_types]
        return self._own(module, func, chain)

    def mixin(
        self,
        module: Module,
        func: FunctionFacts,
        chain: tuple[str, ...],
        syms: list[Sym],
        at: tuple[int, Found] | None,
    ) -> None:
        """A `collections.abc` mixin method called on a project instance (`self.update(x)` on a `MutableMapping`,
        or through a class-body alias, `_update = MutableMapping.update`) runs the instance's own methods of its
        class's interface (`self[key] = value`): each the instance's class (or a subclass) defines is entered where
        the mixin is called, as an implicit call is (`specials.ABC_INTERFACES`). `at`: None for a use that calls
        no method looked up on a value."""
        if at is None:
            return
        names: set[str] = set()
        for sym in syms:
            if isinstance(sym, (StdName, StdMethod)) and sym.symbol.where[0] in ("typing", "_collections_abc"):
                names.update(ABC_INTERFACES.get(sym.symbol.where[1].partition(".")[0], ()))
        if not names or chain[0].startswith("<super"):
            return
        line, found = at
        for receiver in self.bodies.use(module, func, chain[:-1])[0]:
            if not isinstance(receiver, ProjectInstance):
                continue
            for name in sorted(names):
                for method in self.dispatch.class_member(receiver, name, 1, dispatch=True):
                    if isinstance(method, (ProjectFunction, ProjectClosure)):
                        self._outcome(method, "call", line, found, "", how="implicit")

    def _own(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]:
        """The project methods the receiver's lookup of the dunder gives, the first of its fallbacks that gives
        one: a def, or what a factory's call bound in a class body returned (`__eq__ = _make_compare(op.eq)`)."""
        for dunder in FALLBACKS.get(chain[-1], (chain[-1],)):
            syms, _ = self.bodies.use(module, func, (*chain[:-1], dunder))
            entered: list[Sym] = [sym for sym in syms if isinstance(sym, (ProjectFunction, ProjectClosure))]
            if entered:
                return entered
        return []

    def _on_metaclasses(self, classes: list[ProjectClass], name: str) -> list[Sym]:
        """What a special method Python calls on a class value lands on: its project metaclass's (with the
        fallbacks), as on any instance; a class whose metaclass is `type` or the stdlib's lands on none."""
        entered: list[Sym] = []
        for cls in classes:
            for meta in self.dispatch.metaclasses(cls):
                for dunder in FALLBACKS.get(name, (name,)):
                    found = self.dispatch.class_member(meta, dunder, 1, dispatch=meta.dispatch)
                    mine = [sym for sym in found if isinstance(sym, ProjectFunction)]
                    entered += [sym for sym in mine if sym not in entered]
                    if mine:
                        break
        return entered

    def _unseen(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> tuple[bool, list[StdName]]:
        """What an implicit call that lands on no project method may still run, on an instance of a project
        class: code the walk does not see (True: a base the walk cannot name may define the method, `class
        F(make_base())`, or a capable stdlib base may, `self.x = v` on a `Future`), and the methods of capable
        stdlib bases a conversion lands on (`f"{fut}"` runs `Future.__repr__`, which takes its lock: judged by the
        class's key, as a call of it written out is; `specials.SHOWN_BY_REPR`)."""
        receiver = chain[:-1]
        if receiver[0].startswith("<super") or chain[-1] in _BOUND_ONLY:
            return False, []
        instances = [s for s in self.bodies.use(module, func, receiver)[0] if isinstance(s, ProjectInstance)]
        catalogue = self.evaluator.catalogue
        unseen = False
        capable: list[StdName] = []
        for sym in instances:
            for dunder in FALLBACKS.get(chain[-1], (chain[-1],)):
                got = self.evaluator.step(sym, dunder, 1)
                unseen = unseen or any(isinstance(g, Unknown) for g in got)
                mine = [g for g in got if isinstance(g, StdName) and _capable(catalogue.lookup(g.dotted))]
                if mine and chain[-1] not in SHOWN_BY_REPR:
                    unseen = True  # may be `object`'s own (`__setattr__`): not known to be the class's
                    continue
                capable.extend(g for g in mine if g not in capable)
                if mine:  # the first fallback the base has is the one called: `__format__` of `Future`
                    break
        return unseen, capable

    def _class_bound(self, module: Module, func: FunctionFacts, receiver: tuple[str, ...]) -> bool:
        """Whether a class body of the owner's MRO binds the attribute `receiver` names (`o.x`: some class of
        o's binds x in its body), as a descriptor must be bound to be called. Only on an instance: a store on a
        class (`C.x = v`, `setattr(C, "x", v)`) asks its metaclass, and rebinds what C's body bound."""
        if len(receiver) < 2:
            return False
        owners, _ = self.bodies.use(module, func, receiver[:-1])
        for owner in owners:
            if isinstance(owner, ProjectInstance):
                for key in self.hierarchy.mro(owner.module, owner.idx):
                    members = self.hierarchy.members(*key).get(receiver[-1])
                    if members is not None and members[2]:
                        return True
        return False


def _capable(entry: Entry | None) -> bool:
    """A catalogued stdlib member that does more than narrate (`stdout`)."""
    return entry is not None and bool(entry.categories - {"stdout"})


_BOUND_ONLY = frozenset({"__get__", "__set__", "__delete__", "__set_name__", "__class_getitem__"})
"""Special methods Python calls only on a value a class body binds (a descriptor, a class subscripted): `_lands`
decides those where the walk sees the binding."""
