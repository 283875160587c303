"""One function's body on one target → its `Summary`: every capability it reaches (with the name whose trust
would cover it), every project function it enters, every name it cannot see into, every call the walk cannot
follow (a blind spot), and the module state it reads (as edges to the bindings' `state` functions).

Summaries come before any policy (trust, claims): one summary serves every claim and rule that reaches the
function. Those that consulted nothing platform-specific are shared by every target of the run and persisted.

A function entered in several contexts (receivers, literal arguments) is resolved once per context; the uses
whose resolution asked nothing of the context are replayed from the first context's record (`Tape`): they
record the same outcomes, in the same order, in every context that keeps them (their guard is tested first, in
each context: literal arguments may rule one out). Replaying in the order of the body's uses gives what resolving
would (`Found` keeps the first value under a key, so the order matters where two uses record one key).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from pytest_claims.analysis.arguments import FROM, MAX_HOPS, NAMED, OUTSIDE, START, SURE, Decided, Passed
from pytest_claims.analysis.catalog import Catalogue
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.conditional import Judge, Site
from pytest_claims.analysis.resolution.context import as_mapping, entered_with, forward, ruled_out, with_hops
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.instances import Instances
from pytest_claims.analysis.resolution.stored import Stored, private_owner
from pytest_claims.analysis.resolution.symbols import (
    HOLDS_METHODS,
    UNKNOWN,
    ClassKey,
    ContainerMethod,
    External,
    Missing,
    Opaque,
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    ProjectModule,
    StdInstance,
    StdMethod,
    StdName,
    Sym,
    Unknown,
)
from pytest_claims.analysis.resolution.target import TargetView, catalogue_members
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.specials import (
    CALLS_BACK,
    CALLS_BY_NAME,
    CALLS_WHAT_IT_HOLDS,
    CONSTRUCTORS,
    FALLBACKS,
    KEYED_BY_NAME,
    METACLASS_CALL,
    READS_ITS_ZONE,
    RUNS_STORED_CALLABLES,
    Callback,
    read_given,
)
from pytest_claims.config import Config
from pytest_claims.dotted import under_any
from pytest_claims.records import (
    HIERARCHY,
    METHOD_NAMES,
    PLATFORM,
    THIRD_PARTY,
    Blind,
    Edge,
    Frontier,
    FunctionFacts,
    Reach,
    StubSymbol,
    Summary,
    method_name,
)

if TYPE_CHECKING:
    from pytest_claims.analysis.ports import SummarySource

Key = tuple[str, int]


class _Call(NamedTuple):
    """A call being resolved, for the literal arguments it passes: what it passes, its callee's chain, and the
    body it is written in (to tell a bound method from one called on its class)."""

    passed: Passed
    chain: tuple[str, ...]
    module: Module
    func: FunctionFacts


class Summaries:
    """Summaries for one target, memoised, shared across targets where they may be, persisted."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        config: Config,
        catalogue: Catalogue,
        shared: dict[Key, Summary],
        persisted: SummarySource | None,
    ) -> None:
        self.view, self.evaluator, self.hierarchy, self.dispatch, self.bodies, self.tracker = parts
        self.stored = Stored(parts)
        self._current: Key | None = None
        """The function whose body is being summarised."""
        self.judge = Judge(self.view, self.bodies)
        self.instances = Instances(self.view, self.evaluator, self.hierarchy, self.judge)
        self.catalogue = catalogue
        self.shared = shared
        """Summaries that consulted nothing platform-specific, shared by the resolvers of every target."""
        self.persisted = persisted
        """Summaries of earlier runs, valid while the modules they were computed from are unchanged."""
        self._summaries: dict[Key, Summary] = {}
        self._receivers: dict[tuple[Key, ClassKey | None, Decided], Summary] = {}
        self.contexts: dict[tuple[Key, ClassKey | None, Decided], Summary] = {}
        """Summaries in a context that consulted nothing platform-specific: the engine gives every target's
        resolver the same dict (as `shared` is for plain ones)."""
        self._hooks: dict[str, tuple[bool, bool]] = {}
        self._members: frozenset[str] | None = None
        self._callbacks: dict[str, tuple[Callback, ...]] | None = None
        self._tapes: dict[Key, Tape] = {}
        self._decorators: dict[Key, tuple[bool, frozenset[str]]] = {}
        """Per decorated def, whether its decorators hand it back unchanged, and the modules that answer read."""
        """Per function, the uses any context of it resolves alike, with what they recorded (`Tape`)."""
        self.keep_names = bool(config.forbid_reaches)
        """Rules may name any dotted name (`to = "json"`), so their runs keep every name a body uses."""
        self._deny_any = tuple(
            sorted(
                {n for names in config.deny.values() for n in names}
                | {n for claim in config.define.values() for n in claim.deny}
            )
        )

    def summary(self, key: Key) -> Summary:
        """What one function's body touches on this target, before any policy: every capability (with the name
        whose trust would cover it), every project function it enters (trusted ones too), every name it cannot
        see into, and, when rules are configured, every dotted name it calls or uses as a value."""
        platform = self.view.target.platform
        cached = self._summaries.get(key) or self.shared.get(key)
        if cached is None and self.persisted is not None:
            cached = self.persisted.get(key, platform)
            if cached is not None and PLATFORM not in cached.deps:
                self.shared[key] = cached
        if cached is not None:
            self._summaries[key] = cached
            return cached
        result = self._summarise(key, None)
        self._summaries[key] = result
        if PLATFORM not in result.deps:
            self.shared[key] = result
        if self.persisted is not None:
            self.persisted.put(key, platform, result)
        return result

    def summary_in(self, key: Key, receiver: ClassKey | None, args: Decided = ()) -> Summary:
        """The summary of a function as a walk entered it (`context`): for a method entered for `receiver` (its
        `self` an instance of that class or a subclass), the uses rooted at `self`, `cls` and `super()` resolved
        for it, memoised per (class, use) by `Bodies`; under literal `args`, without the uses a test of them rules
        out. Persisted as plain ones are. Neither: the function's own summary."""
        if receiver is None and not args:
            return self.summary(key)
        context = (key, receiver, args)
        cached = self._receivers.get(context) or self.contexts.get(context)
        if cached is None and self.persisted is not None:
            cached = self.persisted.get(key, self.view.target.platform, receiver, args)
            if cached is not None and PLATFORM not in cached.deps:
                self.contexts[context] = cached
        if cached is not None:
            self._receivers[context] = cached
            return cached
        result = self._summarise(key, receiver, args)
        self._receivers[context] = result
        if PLATFORM not in result.deps:
            self.contexts[context] = result
        if self.persisted is not None:
            self.persisted.put(key, self.view.target.platform, result, receiver, args)
        return result

    def _summarise(self, key: Key, receiver: ClassKey | None, args: Decided = ()) -> Summary:
        """The body resolved in a scope of its own (its locals its own, `self` the receiver's when given); what it
        read is its `deps`, and passed on to whoever asked."""
        with self.tracker.scope(state="outer") as read:
            func = self.view.module(key[0]).facts.functions[key[1]]
            outer = self.bodies.begin(func, receiver, args)
            current, self._current = self._current, key
            try:
                found = self._body(key, args, receiver is not None or bool(args))
                result = found.summary(self.tracker.frozen(read.modules))
            finally:
                self.bodies.end(outer)
                self._current = current
        self.tracker.modules(result.deps)
        return result

    def receivers(self) -> dict[Key, int]:
        """How many contexts (receivers, literal arguments) each function was summarised for (besides its own
        summary), this run."""
        counts: dict[Key, int] = {}
        for key, _, _ in self._receivers:
            counts[key] = counts.get(key, 0) + 1
        return counts

    def _body(self, key: Key, args: Decided = (), contextual: bool = False) -> Found:
        """Every use of the body, resolved and recorded; under literal `args`, only those no test rules out. A use
        that another context of the function resolved without asking anything of its context is replayed from
        its `Tape` (once its guard is known to leave it in); the first `contextual` summary of the function
        makes that tape."""
        module = self.view.module(key[0])
        func = module.facts.functions[key[1]]
        found = Found(self.keep_names)
        given = as_mapping(args) if args else None
        calls = dict(func.calls) if func.calls else None
        tape = self._tapes.get(key)
        making: Tape | None = {} if tape is None and contextual else None
        for index, use in enumerate(func.uses):
            ctx, guard = use[1], use[3]
            if ctx == "type" or (guard and not self.view.alive(module, guard)):
                continue
            if given is not None and guard and ruled_out(module.facts, guard, self.view.target, given):
                continue
            replay = tape.get(index) if tape is not None else None
            if replay is not None:
                found.replay(replay[0])
                self.tracker.modules(replay[1])
            elif making is not None:
                replay = taped(found, self.tracker, self.bodies, partial(self._use, module, func, index, found, calls))
                if replay is not None:
                    making[index] = replay
            else:
                self._use(module, func, index, found, calls)
        if making is not None:
            self._tapes[key] = making
        return found

    def _escape(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: Found) -> None:
        """A class defined in the function (or an instance of it) may leave it here: each of its methods whose
        body reaches something is a blind spot, since a caller may run it (hash, copy or format what left).
        Defining the class runs none of them, so none is an edge."""
        for sym in self.bodies.use(module, func, chain)[0]:
            if not isinstance(sym, ProjectClass):
                continue
            home = self.view.module(sym.module)
            cls = home.facts.classes[sym.idx]
            short = cls.qualname.rpartition("<locals>.")[2]
            for name, index in cls.methods:
                if not self.view.alive(home, home.facts.functions[index].guard):
                    continue
                body = self.summary((sym.module, index))
                self.tracker.modules(body.deps)
                if body.reaches or body.edges or body.frontier or body.blind:
                    code = f"{short}.{name}"
                    found.blind_spot(line, code, f"{code} (its class leaves {func.qualname.rpartition('.')[2]})")

    def _part(self, module: Module, qualname: str, line: int, found: Found) -> None:
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

    def _use(
        self, module: Module, func: FunctionFacts, index: int, found: Found, calls: dict[int, Passed] | None
    ) -> None:
        """One use of the body (`func.uses[index]`), resolved and recorded."""
        chain, ctx, line, _, code = func.uses[index]
        if ctx == "implicit":
            named = calls.get(index) if calls is not None else None  # `o.x = v`: `__setattr__` is passed "x"
            self._implicit(module, func, chain, line, found, code, _Call(named, chain, module, func) if named else None)
            return
        if ctx == "probe":
            self._probe(module, func, chain, line, found)
            return
        if ctx == "escape":
            self._escape(module, func, chain, line, found)
            return
        if ctx == "given":
            self._given(module, func, chain, line, found, code)
            return
        if ctx == "base":
            self._base(module, func, chain, line, found)
            return
        if ctx == "part":
            self._part(module, chain[0], line, found)
            return
        if ctx == "passed":  # `map(fn, xs)`: what it references is recorded by its `ref` use
            if any(isinstance(sym, Unknown) for sym in self.bodies.use(module, func, chain)[0]):
                found.blind_spot(line, code, code)
            return
        syms, reads = self.bodies.use(module, func, chain)
        self._reads(reads, line, found)
        passed = calls.get(index) if calls is not None and ctx == "call" else None
        call = _Call(passed, chain, module, func) if passed is not None else None
        if ctx == "call":
            syms = self._fitting(module, func, chain, syms, passed, line, found, code)
        dispatched = ctx == "call" and len(chain) > 1 and chain[-1][:1] != "(" and not chain[0].startswith("<super")
        for sym in syms:
            how = self._dispatch_how(module, func, chain, sym) if dispatched else ""
            outside = self._outside(module, func, chain, sym) if dispatched else ()
            self._outcome(sym, ctx, line, found, "", call, how, outside)
        if any(isinstance(s, Unknown) for s in syms):
            self._held(module, func, chain, ctx, (line, found), passed)
        if ctx == "getattr":
            self._dynamic_getattr(syms, line, found, code)
        if ctx == "call" and any(_hidden(sym) for sym in syms) and self._may_lead(module, func, chain):
            found.blind_spot(line, code, code or f"{'.'.join(chain)}(...)")
        elif ctx == "call" and any(self._reads_zone(sym) for sym in syms):
            text = code or f"{'.'.join(chain)}(...)"
            found.blind_spot(line, text, text)

    def _fitting(
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
        class's `__call__` (`_construct_outcome` enters those that fit)."""
        shape = (len(passed[0]), tuple(k for k, _ in passed[1])) if passed is not None else None
        for sym in syms:
            protocol = isinstance(sym, ProjectInstance) and self.hierarchy.is_protocol(sym.module, sym.idx)
            if protocol and isinstance(sym, ProjectInstance) and not self._protocol_calls(sym, shape):
                found.blind_spot(line, code, code or f"{'.'.join(chain)}(...)")
        if shape is None or len(chain) < 2 or chain[-1][:1] == "(":
            return syms
        if not any(s in self.dispatch.dispatched for s in syms):
            return syms  # no def structural dispatch found: no protocol member among them
        dropped: set[Sym] = set()
        for receiver in self.bodies.use(module, func, chain[:-1])[0]:
            if isinstance(receiver, ProjectInstance) and self.hierarchy.is_protocol(receiver.module, receiver.idx):
                dropped.update(self.dispatch.misfits((receiver.module, receiver.idx), chain[-1], *shape))
        if not dropped:
            return syms
        return [s for s in syms if s not in dropped] or [UNKNOWN]

    def _dispatch_how(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], sym: Sym) -> str:
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

    def _outside(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], sym: Sym) -> Decided:
        """A method `obj.m()` enters by looking `m` up on instances (and only so: every receiver an instance whose
        class's lookup gives it, no field of that name), as `Decided`'s `OUTSIDE` entry: the subclasses overriding
        `m`, which never run it for this call (`Dispatch.outside`). Empty: none, or not entered so."""
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
        outside = self.dispatch.outside(sym, attr) if looked_up else ()
        return ((OUTSIDE, "outside", outside),) if outside else ()

    def _protocol_calls(self, sym: ProjectInstance, shape: tuple[int, tuple[str, ...]] | None) -> list[Sym]:
        """The `__call__` methods calling a protocol-typed value may enter (those accepting `shape`, when known)."""
        targets = self.dispatch.class_member(sym, "__call__", 1, dispatch=True)
        dropped = self.dispatch.misfits((sym.module, sym.idx), "__call__", *shape) if shape else frozenset()
        return [t for t in targets if isinstance(t, ProjectFunction) and t not in dropped]

    def _stored(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], at: tuple[int, Found], passed: Passed | None
    ) -> None:
        """`obj.x(...)` where the classes of `obj` store `x` from a parameter: the call enters what the
        project shows can be there (`stored.Stored`), each capability reported where it is written (the default,
        the argument); the blind spot stays beside it. The call's literal arguments decide the callable's tests
        as a direct call's do, where how it was stored says which parameters it binds (`Stored.bound`)."""
        line, found = at
        receivers = self.bodies.use(module, func, chain[:-1])[0]
        if not any(isinstance(sym, ProjectInstance) for sym in receivers):
            return
        owner = private_owner(self.view, module, func, chain)
        for sym, written, home in self.stored.origins(receivers, chain[-1], owner):
            inner = Found(found.keep_names)
            decided = self._stored_args(sym, self.stored.bound.get((sym, written, home), -1), passed)
            self._outcome(sym, "call", line, inner, "", how="stored", outside=decided)
            found.absorb(inner, (written, line, "stored"), "" if home == module.name else home)

    def _stored_args(self, sym: Sym, shift: int, passed: Passed | None) -> Decided:
        """The tests of a stored callable (`sym`) that a call of it passing `passed` decides: its literals only,
        for a project function of a plain kind whose bound leading parameters are known (`shift`)."""
        if not isinstance(sym, ProjectFunction) or passed is None or shift < 0:
            return ()
        callee = self.view.module(sym.module).facts.functions[sym.idx]
        if callee.decorated or callee.kind not in ("function", "method") or (callee.kind == "method") != (shift == 1):
            return ()
        return entered_with(callee, passed, shift)

    def _held(
        self,
        module: Module,
        func: FunctionFacts,
        chain: tuple[str, ...],
        ctx: str,
        at: tuple[int, Found],
        passed: Passed | None = None,
    ) -> None:
        """A use whose value is not known here: what the project shows it may hold, a callable stored in an
        attribute (`_stored`) or a value passed for a parameter (`_passed`)."""
        if ctx == "call" and len(chain) > 1 and chain[-1][:1] != "(":
            self._stored(module, func, chain, at, passed)
        if func.received and (ctx == "call" or (ctx == "ref" and len(chain) > 1)):
            self._passed(module, func, chain, ctx, at)

    def _passed(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], ctx: str, at: tuple[int, Found]
    ) -> None:
        """`p(...)`, `p.m(...)` or `p.prop` in the function a claim's walk starts from, `p` a parameter of that plain
        function its body never rebinds: the use enters what the project's own calls pass for `p`
        (`stored.Stored.passed`), each capability reported where the argument is written; any other caller may
        pass anything, so the blind spot stays beside it. Inside the walk `p` holds what the walk's own call
        passed, not every caller's value."""
        if any(step[:1] in ("(", "<") for step in chain) or not any(name == chain[0] for name, _ in func.received):
            return
        if func is self.bodies.current:
            self.bodies.asked += 1  # what it adds depends on how the walk entered the function
        sources = self._sources(func)
        source = sources[1].get(chain[0]) if sources is not None else None
        if source is None:
            return  # entered by a call of the walk: the parameter holds what that call passed
        line, found = at
        for sym, written, home in self.stored.passed(*source):
            inner = Found(found.keep_names)
            exact = (sym, written, home) in self.stored.made and (sym, written, home) not in self.stored.named
            for target in self.bodies.steps(module, func, [sym], chain[1:]):
                how = self._origin_how(sym, target)
                if not (exact and how == "override"):  # a constructed value is of its class exactly
                    self._outcome(target, ctx, line, inner, "", how=how)
            found.absorb(inner, (written, line, "argument"), "" if home == module.name else home)

    def _origin_how(self, origin: Sym, target: Sym) -> str:
        """How a use of a passed value enters a method: `override` when the method's class is in no MRO of the
        value's class (a subclass's override, as for any method call on a value of known class), else `argument`."""
        if isinstance(origin, ProjectInstance) and isinstance(target, ProjectFunction):
            home = self.view.module(target.module)
            owner = home.facts.functions[target.idx].cls
            owners = {(target.module, index) for index in self.view.classes_named(home, owner)} if owner else set()
            if owners and not owners.intersection(self.hierarchy.mro(origin.module, origin.idx)):
                return "override"
        return "argument"

    def _may_lead(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> bool:
        """Whether a call the walk cannot follow could lead somewhere. A method called by name on a value of
        unknown class leads somewhere only when a project class binds the name, a catalogue entry bears it (a
        class member's, a module function's: the value may be a module), or it is a special method; every other
        such call (a callable called, one fetched from a function or a class attribute, a stdlib object calling
        stored callables) may. The names asked about are recorded (`METHOD_NAMES`): the answer changes when a
        class gains or loses one."""
        name = chain[-1]
        if len(chain) < 2 or name == "()" or (name.startswith("__") and name.endswith("__")):
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

    def _reads(self, reads: Iterable[tuple[str, int]], line: int, found: Found, how: str = "state") -> None:
        """Module or class state read: an edge to the `state` function holding what its binding evaluates, or to
        a method the read runs — a property's getter (`getter`), a hook Python calls for it (`__getattr__`,
        `__getattribute__`, a descriptor's `__get__`: `implicit`)."""
        for state in sorted(reads) if reads else ():
            name = self.view.function_name(*state)
            found.edge(Edge(state, name, line, name, how=self._read_how(state, how)))
            found.name(name)

    def _read_how(self, key: Key, how: str) -> str:
        """How a read enters the function `key`: a `state` function as the read says (`how`), a property's getter
        as `getter`, any other method a read runs (a hook) as `implicit`."""
        kind = self.view.module(key[0]).facts.functions[key[1]].kind
        if kind == "state":
            return how
        return "getter" if kind == "property" else "implicit"

    def _base(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: Found) -> None:
        """A base (or the metaclass) a class statement names: reading the name reads what its binding evaluated
        (a project class: its own class statement), and a name that resolves to nothing is a frontier entry. The
        hooks of a project class are `implicit` uses of their own; a stdlib or third-party class is not entered
        (what its metaclass and `__init_subclass__` run is outside the walk, as an import's side effects are)."""
        syms, reads = self.bodies.use(module, func, chain)
        self._reads(reads, line, found)
        for sym in syms:
            if isinstance(sym, Missing):
                self._outcome(sym, "ref", line, found, "")

    def _probe(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: Found) -> None:
        """`hasattr(obj, "name")` reads `obj` and tests a name: it reaches nothing of what the name is bound to
        (semantics §4), and enters a project class's `__getattr__` when the class does not bind the name (§5)."""
        syms, reads = self.bodies.use(module, func, chain[:-1])
        self._reads(reads, line, found)
        for sym in syms:
            if isinstance(sym, ProjectInstance):
                self._reads(self.dispatch.probe(sym, chain[-1]), line, found, "implicit")
                self._reads(self.dispatch.probed_getters(sym, chain[-1]), line, found, "implicit")  # a getter runs
            elif isinstance(sym, ProjectModule) and not self.view.bound(self.view.module(sym.name), chain[-1]):
                self._reads(self._module_getattr(sym), line, found, "implicit")
        if any(isinstance(sym, Unknown) for sym in syms) and self._getattr_hooks():
            # on a value of unknown class, any project `__getattr__` may answer (semantics §5: a blind spot)
            code = f"hasattr({'.'.join(chain[:-1])}, {chain[-1]!r})"
            found.blind_spot(line, code, code)

    def _dynamic_getattr(self, syms: list[Sym], line: int, found: Found, code: str) -> None:
        """`getattr(obj, name)` with a name computed at run time may read any attribute: on a project instance it
        runs any property getter and the `__getattr__` / `__getattribute__` hooks of its class, on a project
        module its PEP 562 `__getattr__`. On a value of unknown type (which may be a capable module, or an instance
        with properties) it is a blind spot."""
        if any(isinstance(sym, Unknown) for sym in syms):
            text = code or "getattr(...)"
            found.blind_spot(line, text, text)
        for sym in syms:
            if isinstance(sym, ProjectInstance):
                self._reads(self.dispatch.probed_getters(sym, None), line, found, "implicit")
            elif isinstance(sym, ProjectModule):
                self._reads(self._module_getattr(sym), line, found, "implicit")

    def _module_getattr(self, sym: ProjectModule) -> list[tuple[str, int]]:
        """A project module's PEP 562 `__getattr__`, which Python calls for a name the module does not bind."""
        module = self.view.module(sym.name)
        return [(sym.name, index) for index in self.view.functions_named(module, "__getattr__")]

    def _getattr_hooks(self) -> bool:
        """Whether some project class alive on this target defines `__getattr__`. Depends on every module's
        classes: recorded as the hierarchy (`<hierarchy>`), which changes when a class gains or loses one."""
        self.tracker.module(HIERARCHY)
        return self.tracker.apart(self._hooks, "__getattr__", self._getattr_hooks_uncached)

    def _getattr_hooks_uncached(self) -> bool:
        view = self.view
        for name in view.project.modules.mentioning("__getattr__"):
            module = view.module(name)
            functions = module.facts.functions
            for cls in module.facts.classes:
                if any(
                    method == "__getattr__" and view.alive(module, functions[index].guard)
                    for method, index in cls.methods
                ):
                    return True
        return False

    def _implicit(
        self,
        module: Module,
        func: FunctionFacts,
        chain: tuple[str, ...],
        line: int,
        found: Found,
        unless: str,
        call: _Call | None = None,
    ) -> None:
        """An implicit special-method call enters the project method it lands on, and nothing else: on a value of
        unknown or stdlib class it is not a blind spot. A method the class does not define falls back as Python
        does (`FALLBACKS`); a reflected call (`y.__radd__` of `x + y`) happens only when the forward one it
        names (`unless`: `x.__add__`) enters no project method. `call`: what the implicit call passes, where the
        facts know it (`o.x = v` passes `__setattr__` the name "x"), deciding the method's tests of it."""
        if chain[-1] in ("__exit__", "__aexit__") and self._runs_stored(module, func, chain):
            text = f"with {'.'.join(chain[:-1])}"
            found.blind_spot(line, text, text)
        entered = self._lands(module, func, chain)
        if entered and unless and self._lands(module, func, tuple(unless.split("."))):
            return
        if call is not None and (
            chain[0].startswith("<super")
            or not all(isinstance(sym, ProjectInstance) for sym in self.bodies.use(module, func, chain[:-1])[0])
        ):
            call = None  # the name is passed after `self` only where the value is an instance
        for sym in entered:
            self._outcome(sym, "call", line, found, "", call, how="implicit")

    def _given(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: Found, code: str
    ) -> None:
        """A value handed to a call that may call back into it (`specials.CALLS_BACK`): where the callee is the
        stdlib's, the project methods the value's class gives for what the stdlib calls are entered here; a
        value of unknown class where a callable or a zone is handed over is a blind spot (semantics §5)."""
        slot, callee, text = read_given(code)
        entries = [
            entry
            for entry in self._calls_back(module, func, callee)
            if str(entry.position) == slot or entry.keyword == slot
        ]
        if not entries:
            return
        values, reads = self.bodies.use(module, func, chain)
        self._reads(reads, line, found)
        for entry in entries:
            if entry.blind and any(isinstance(sym, Unknown) for sym in values):
                found.blind_spot(line, text, text)
            self._called_back(module, func, chain, values, entry, line, found)

    def _calls_back(self, module: Module, func: FunctionFacts, callee: tuple[str, ...]) -> list[Callback]:
        """The table's entries for what `callee` denotes: a stdlib function, class or method by its name (and the
        name it was looked up by), a method of a container or of a value of unknown class by its name alone."""
        entries: list[Callback] = []
        table = self._callback_table()
        for sym in self.bodies.use(module, func, callee)[0] if callee[0] != "<?>" else (UNKNOWN,):
            match sym:
                case StdName(dotted, symbol) | StdMethod(dotted, symbol):
                    names = {dotted, ".".join(symbol.where)}
                    if isinstance(sym, StdMethod):
                        names.add(".".join(sym.looked_up))
                    entries += [entry for name in sorted(names) for entry in table.get(name, ())]
                case Unknown() | Opaque() | ContainerMethod() if len(callee) > 1:
                    entries += KEYED_BY_NAME.get(callee[-1], ())
        return entries

    def _callback_table(self) -> dict[str, tuple[Callback, ...]]:
        """`CALLS_BACK` by every name it is known by on this target: as written there, and where the stubs define
        it (`pickle.dumps` is `_pickle.dumps`, `builtins.dict.setdefault` is `typing.MutableMapping`'s), so any
        spelling that reaches the same stub definition finds it."""
        table = self._callbacks
        if table is None:
            table = {}
            for dotted, entries in CALLS_BACK.items():
                module, _, path = dotted.partition(".")
                symbol = self.view.stubs.member(module, tuple(path.split(".")))
                where = ".".join(symbol.where) if symbol.kind in ("function", "class") else dotted
                for name in {dotted, where}:
                    known = table.get(name, ())
                    table[name] = known + tuple(entry for entry in entries if entry not in known)
            self._callbacks = table
        return table

    def _called_back(
        self,
        module: Module,
        func: FunctionFacts,
        chain: tuple[str, ...],
        values: list[Sym],
        entry: Callback,
        line: int,
        found: Found,
    ) -> None:
        """Enter what the stdlib calls on `values` (the syms of `chain`): for each of the entry's tries, the first
        alternative the value's class gives. A project class is called back only where the stdlib makes
        instances of it (`entry.cls`); a function value is entered by its reference already."""
        if not any(isinstance(sym, (ProjectClass, ProjectInstance, StdInstance)) for sym in values):
            return
        # a class given where no instance of it is made: its methods are not called (`copy.copy(C)`)
        members = entry.cls or not all(isinstance(sym, ProjectClass) for sym in values)
        below = self._std_instances(values) if entry.blind else []
        for alternatives in entry.tries:
            for name in alternatives:
                entered: list[Sym] = []
                if name == "()":  # calling a class constructs it; an instance, its `__call__`
                    entered = [sym for sym in values if isinstance(sym, (ProjectClass, ProjectInstance))]
                    entered += below
                elif members:
                    found_below = [sym for inst in below for sym in self.dispatch.class_member(inst, name, 1)]
                    syms = [*self.bodies.use(module, func, (*chain, name))[0], *found_below]
                    entered = [sym for sym in syms if isinstance(sym, ProjectFunction)]
                for sym in entered:
                    self._outcome(sym, "call", line, found, "", how="callback")
                if entered:
                    break

    def _reads_zone(self, sym: Sym) -> bool:
        """Whether a call of `sym` calls back into a zone the walk cannot see (`READS_ITS_ZONE`) that may be a
        project `tzinfo`: one is defined (a question of the whole hierarchy, recorded as `HIERARCHY`)."""
        if not isinstance(sym, StdMethod) or (
            sym.dotted not in READS_ITS_ZONE and ".".join(sym.looked_up) not in READS_ITS_ZONE
        ):
            return False
        self.tracker.module(HIERARCHY)
        return bool(self.hierarchy.std_subclasses("datetime", "tzinfo"))

    def _std_instances(self, values: list[Sym]) -> list[ProjectInstance]:
        """A value of a stdlib class handed over to be called back (`zone: datetime.tzinfo`) may be an instance of
        any project class deriving from it: those instances."""
        below: list[ProjectInstance] = []
        for sym in values:
            if isinstance(sym, StdInstance):
                self.tracker.module(HIERARCHY)
                below += [ProjectInstance(*key) for key in self.hierarchy.std_subclasses(sym.module, sym.qualname)]
        return below

    def _runs_stored(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> bool:
        """Whether the end of a `with` block runs callables stored earlier (`with ExitStack() as stack:`)."""
        if chain[0].startswith("<super"):
            return False
        syms, _ = self.bodies.use(module, func, chain[:-1])
        return any(
            isinstance(sym, StdInstance) and f"{sym.module}.{sym.qualname}.{chain[-1]}" in RUNS_STORED_CALLABLES
            for sym in syms
        )

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
        for dunder in FALLBACKS.get(chain[-1], (chain[-1],)):
            syms, _ = self.bodies.use(module, func, (*receiver, dunder))
            entered: list[Sym] = [sym for sym in syms if isinstance(sym, ProjectFunction)]
            if entered:
                return entered
        return []

    def _class_bound(self, module: Module, func: FunctionFacts, receiver: tuple[str, ...]) -> bool:
        """Whether a class body of the owner's MRO binds the attribute `receiver` names (`o.x`: some class of
        o's binds x in its body), as a descriptor must be bound to be called."""
        if len(receiver) < 2:
            return False
        owners, _ = self.bodies.use(module, func, receiver[:-1])
        for owner in owners:
            if isinstance(owner, (ProjectInstance, ProjectClass)):
                for key in self.hierarchy.mro(owner.module, owner.idx):
                    members = self.hierarchy.members(*key).get(receiver[-1])
                    if members is not None and members[2]:
                        return True
        return False

    # -- outcomes -----------------------------------------------------------------------------------------

    def _outcome(
        self,
        sym: Sym,
        ctx: str,
        line: int,
        found: Found,
        subject: str,
        call: _Call | None = None,
        how: str = "",
        outside: Decided = (),
    ) -> None:
        """One resolved use, recorded as it is; `subject` is the project class whose construction led here
        (its trust covers what its constructor does); `call`, the call's literal arguments, when it is one;
        `how`, how a project function is entered when not plainly (`records.HOW`). Values, modules and
        unknowns record nothing."""
        match sym:
            case ProjectFunction():
                self._function_outcome(sym, ctx, line, found, subject, call, how, outside)
            case ProjectClass() | ProjectInstance():
                self._construct_outcome(sym, ctx, line, found, subject, call, how)
            case StdName(dotted, symbol):
                self._std_outcome(dotted, symbol, ctx, line, found, subject, _site(call, ctx))
            case StdMethod(dotted):
                self._value_method_outcome(dotted, ctx, line, found, subject, _site(call, ctx))
            case External(dotted):
                self._third_party_outcome(dotted, ctx, line, found, subject)
            case Missing(dotted, reason) if ctx in ("call", "ref", "getattr"):
                found.frontier(Frontier(dotted, line, reason, f'trusted = ["{dotted}"]', subject or dotted))

    def _function_outcome(
        self,
        sym: ProjectFunction,
        ctx: str,
        line: int,
        found: Found,
        subject: str,
        call: _Call | None,
        how: str,
        outside: Decided = (),
    ) -> None:
        if ctx in ("getattr", "identity"):
            return
        key = (sym.module, sym.idx)
        name = self.view.function_name(*key)
        if under_any(name, self._deny_any):
            kind = "call" if ctx == "call" else "reference"
            found.reach(Reach(name, kind, line, frozenset(), subject or name))
        args: Decided = ()
        if call is not None and ctx == "call":
            callee = self.view.module(sym.module).facts.functions[sym.idx]
            if callee.tests and (not callee.decorated or self._hands_back(key, callee)):
                args = self._entered(key, callee, call)
            if callee.received and call.func.received:
                args = self._handed(callee, call, args)
        if outside:
            args = tuple(sorted((*args, *outside), key=lambda d: d[0]))
        if not how:
            getter = self.view.module(sym.module).facts.functions[sym.idx].kind == "property"
            how = "getter" if getter else "call" if ctx == "call" else "reference"
        found.edge(Edge(key, name, line, subject or name, sym.receiver, args, how))
        found.name(name)

    def _handed(self, callee: FunctionFacts, call: _Call, args: Decided) -> Decided:
        """`args` and, where the body a walk started from (or a body it handed such a value to) passes a parameter
        holding what the project's calls pass the start on unchanged to a plain function's parameter, that
        parameter's source (`arguments.FROM`), up to `MAX_HOPS` calls from the start."""
        func = call.func
        named = [a for a in (*call.passed[0], *(v for _, v in call.passed[1])) if _plain_name(a)]
        if not any(isinstance(a, tuple) and any(a[1] == n for n, _ in func.received) for a in named):
            return args
        if func is self.bodies.current:
            self.bodies.asked += 1  # the edge's context depends on how the body was entered: never replayed
        sources = self._sources(func)
        if sources is None:
            return args
        hops, holding = sources
        if _bound(self.bodies, callee, call) != 0:
            return args  # a function called as a bound method: its first parameter is the receiver
        handed: list[tuple[str, str, int, str]] = []
        for param, position in callee.received:
            passed = dict(call.passed[1]).get(param)
            if passed is None and 0 <= position < len(call.passed[0]):
                passed = call.passed[0][position]
            name = str(passed[1]) if _plain_name(passed) and isinstance(passed, tuple) else ""
            if name in holding and _leads(callee, param):
                handed.append((param, *holding[name]))
        if not handed or hops >= MAX_HOPS:
            return args
        entry = (FROM, FROM, (hops + 1, tuple(sorted(handed))))
        return tuple(sorted((*args, entry), key=lambda decided: decided[0]))

    def _sources(self, func: FunctionFacts) -> tuple[int, dict[str, tuple[str, int, str]]] | None:
        """For the body being summarised, which of its parameters hold what the project's calls pass the walk's
        start: (calls from the start, parameter -> (module, function index, the start's parameter)); None when
        it was entered otherwise."""
        given = self.bodies.given
        if given is None or given[0] is not func:
            return None
        key = self._current
        if START in given[1] and key is not None and self.view.module(key[0]).facts.functions[key[1]] is func:
            return 0, {name: (key[0], key[1], name) for name, _ in func.received}
        held = given[1].get(FROM)
        if held is None or not isinstance(held[1], tuple):
            return None
        hops, pairs = held[1]
        return int(hops), {str(p): (str(m), int(i), str(s)) for p, m, i, s in pairs}

    def _hands_back(self, key: Key, callee: FunctionFacts) -> bool:
        """Whether every decorator of a decorated def hands it back unchanged, so a call of its name passes the def
        its arguments as written: a project function that returns its argument (`@register`), or a call of one that
        returns such a local def (`@library.filter("name")`, a registry). Anything else may wrap it (`@pass_context`
        adds an argument): its tests stay open. Memoised per def, with the modules resolving the decorators read."""
        known = self._decorators.get(key)
        if known is None:
            module = self.view.module(key[0])
            deps: set[str] = set()
            handed = True
            for text in callee.decorated:
                if text == "<?>":
                    handed = False
                    break
                called = text.endswith("()")
                with self.tracker.scope(state="off"):  # the def's statement evaluates it, not this call
                    syms, read = self.bodies.decorator(module, callee, text.removesuffix("()"))
                deps.update(read)
                wanted = "def" if called else "arg"
                handed = handed and bool(syms) and all(self._returns(sym) == wanted for sym in syms)
            known = self._decorators[key] = (handed, frozenset(deps))
        self.tracker.modules(known[1])
        return known[0]

    def _returns(self, sym: Sym) -> str:
        """What a project function hands back as a decorator (`FunctionFacts.hands_back`); "" for anything else."""
        if not isinstance(sym, ProjectFunction):
            return ""
        return self.view.module(sym.module).facts.functions[sym.idx].hands_back

    def _entered(self, key: Key, callee: FunctionFacts, call: _Call) -> Decided:
        """The callee's tests the call decides: by the literals it passes or leaves (its own, or the decided
        parameters of the body it is written in, passed on), and by the arguments of known class it passes."""
        passed, hops = self._forwarded(call)
        shift = _bound(self.bodies, callee, call)
        args = entered_with(callee, passed, shift)
        site = Site(passed, call.module, call.func)
        known = self.instances.decide(key, callee.tests, callee.accepts, site, shift)
        if known:
            literal = {d[0] for d in args}
            args = tuple(sorted((*args, *(d for d in known if d[0] not in literal)), key=lambda d: d[0]))
        return with_hops(args, hops)

    def _forwarded(self, call: _Call) -> tuple[Passed, int]:
        """What a call passes, with the decided parameters of the body it is written in passed on (`forward`), and
        how many calls they have been passed through (0: none passed on). Asks the context when it passes one on."""
        given = self.bodies.given
        if given is None or given[0] is not call.func:
            return call.passed, 0
        if any(_names_one_of(arg, call.func.tests) for arg in (*call.passed[0], *(v for _, v in call.passed[1]))):
            self.bodies.asked += 1  # the edge's arguments depend on how the body was entered: never replayed
        passing = forward(call.passed, given[1])
        return passing if passing is not None else (call.passed, 0)

    def _construct_outcome(
        self,
        sym: ProjectClass | ProjectInstance,
        ctx: str,
        line: int,
        found: Found,
        subject: str,
        call: _Call | None,
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
                targets = self._protocol_calls(sym, (len(given), tuple(k for k, _ in keywords)))
                entry_how = how or "protocol"
            for target in targets:
                if isinstance(target, ProjectFunction):
                    entered = True
                    self._outcome(target, "call", line, found, subject or cls_name, bound, entry_how)
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

    def _value_method_outcome(
        self, dotted: str, ctx: str, line: int, found: Found, subject: str, site: Site | None = None
    ) -> None:
        """A method of a stdlib value: only the catalogue's explicit `Class.member` entries are reaches (those
        conditional on an argument, as the call's arguments leave them: `Judge`)."""
        if ctx not in ("call", "ref"):
            return
        name = self.catalogue.normalize(dotted)
        found.name(name)
        entry = self.catalogue.exact(name)
        if entry is not None:
            kind = "call" if ctx == "call" else "reference"
            categories = self.judge.reached(entry, name, site)
            if categories:
                found.reach(Reach(name, kind, line, categories, subject or name))

    def _third_party_outcome(self, dotted: str, ctx: str, line: int, found: Found, subject: str) -> None:
        if ctx not in ("call", "ref") or dotted.split(".")[0] == "pytest_claims":
            return
        found.name(dotted)
        if under_any(dotted, self._deny_any):
            kind = "call" if ctx == "call" else "reference"
            found.reach(Reach(dotted, kind, line, frozenset(), subject or dotted))
            return
        top = dotted.split(".")[0]
        reason = f"{THIRD_PARTY}{top}) is not analysed"
        hint = f'follow = ["{top}"]  or  trusted = ["{dotted}"]  or  external = "trust"'
        found.frontier(Frontier(dotted, line, reason, hint, subject or dotted))

    def _std_outcome(
        self, dotted: str, symbol: StubSymbol, ctx: str, line: int, found: Found, subject: str, site: Site | None = None
    ) -> None:
        """A stdlib name used: a reach when the catalogue has it (for a call, the categories its arguments leave)."""
        name = self.catalogue.normalize(dotted)
        if ctx == "getattr":
            if symbol.kind in ("module", "class") and self.catalogue.touches(name):
                found.reach(Reach("builtins.getattr", "call", line, frozenset({"dynamic"}), subject or name))
            return
        if symbol.kind == "module":
            return
        if symbol.kind == "class":
            if ctx != "call" or symbol.is_exception or self.view.stubs.is_enum(*symbol.where):  # conversions pass
                return
            found.name(name)
            entry = self.catalogue.constructs(name)
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
            categories = self.judge.reached(entry, name, site if kind == "call" else None)
            if not categories and not under_any(name, self._deny_any):
                return
        elif under_any(name, self._deny_any):
            categories = frozenset()
        else:
            return
        found.reach(Reach(name, kind, line, categories, subject or name))


def _site(call: _Call | None, ctx: str) -> Site | None:
    """The call site a conditional catalogue entry is judged at (None: not a call, or its arguments unknown)."""
    return Site(call.passed, call.module, call.func) if call is not None and ctx == "call" else None


def _hidden(sym: Sym) -> bool:
    """A callee the walk cannot see into: a value of unknown class, a stdlib method that runs callables stored
    in its object earlier, or a stdlib object that calls a method by name."""
    match sym:
        case Unknown():
            return True
        case StdMethod(dotted):
            return dotted in RUNS_STORED_CALLABLES
        case StdInstance(module, qualname):
            return f"{module}.{qualname}" in CALLS_BY_NAME or f"{module}.{qualname}" in CALLS_WHAT_IT_HOLDS
    return False


def _names_one_of(arg: object, names: tuple[str, ...]) -> bool:
    """Whether a passed argument (`arguments.Passed`) is a plain name out of `names`."""
    return isinstance(arg, tuple) and len(arg) == 2 and arg[0] in (NAMED, SURE) and arg[1] in names


def _leads(callee: FunctionFacts, param: str) -> bool:
    """Whether what a parameter holds may matter in the body: it is called, an attribute of it is used, or it is
    passed on as an argument (a value handed to a body that does none of these enters nothing)."""
    for chain, ctx, *_ in callee.uses:
        if chain[0] == param and (ctx == "call" or (ctx == "ref" and len(chain) > 1)):
            return True
    return any(
        _plain_name(arg) and isinstance(arg, tuple) and arg[1] == param
        for _, (positional, keywords) in callee.calls
        for arg in (*positional, *(v for _, v in keywords))
    )


def _plain_name(arg: object) -> bool:
    """An argument that is a plain name (`f(x)`), not a dotted one or a literal."""
    return isinstance(arg, tuple) and len(arg) == 2 and arg[0] in (NAMED, SURE) and "." not in str(arg[1])


def _bound(bodies: Bodies, callee: FunctionFacts, call: _Call) -> int | None:
    """How many leading parameters of `callee` the call does not pass (1: `self` or `cls` is bound), or None
    when that is not known: a plain function stored on a class, a method whose receiver may be a class or an
    instance."""
    kind, chain = callee.kind, call.chain
    if chain == ("<constructed>",):  # `C(...)`: `__init__` / `__new__` / `__call__` get `self` or `cls` first
        return 1
    if kind in ("staticmethod", "classmethod"):
        return 0 if kind == "staticmethod" else 1
    if kind == "method" and chain[0].startswith("<super") and len(chain) == 2:
        return 1
    if len(chain) == 1:
        return 0 if kind in ("function", "lambda") else None
    owners, _ = bodies.use(call.module, call.func, chain[:-1])
    # only a project module, class or instance gives a project function by an attribute: what else the receiver
    # may be (a value of unknown class, a property's getter) gives none, and leaves a blind spot of its own
    owners = [owner for owner in owners if isinstance(owner, (ProjectModule, ProjectClass, ProjectInstance))]
    if not owners:
        return None
    if kind in ("function", "lambda"):
        return 0 if all(isinstance(owner, ProjectModule) for owner in owners) else None
    if kind != "method":
        return None
    if all(isinstance(owner, ProjectInstance) for owner in owners):
        return 1
    if all(isinstance(owner, ProjectClass) and not owner.dispatch for owner in owners):
        return 0
    return None


# -- what a body touches, and the record contexts replay ---------------------------------------------------

Record = tuple[int, Any, Any]
"""One thing a use recorded: (table, key, value), the table one of `REACH`, `EDGE`, `ENTRY`, `BLIND`, `NAME`
(the key and the value are what that table of `Found` holds)."""

REACH, EDGE, ENTRY, BLIND, NAME = range(5)

Replay = tuple[list[Record], frozenset[str]]
"""What one use recorded, and the modules its resolution read (the summary's `deps` take them in)."""

Tape = dict[int, Replay]
"""A function's uses that give the same outcomes in every context, by their index in `FunctionFacts.uses`."""


class Found:
    """What one body touches, deduplicated, then sorted into a Summary (the same input, the same bytes).
    `log`, when set, receives every record as it is made (`Record`), for a `Tape`."""

    __slots__ = ("blind", "edges", "entries", "keep_names", "log", "names", "reaches")

    def __init__(self, keep_names: bool) -> None:
        self.reaches: dict[tuple[str, str, int, str, str], Reach] = {}
        self.edges: dict[tuple[tuple[str, int], int, str, tuple[str, int] | None, Decided], Edge] = {}
        self.entries: dict[tuple[str, int, str, str], Frontier] = {}
        self.blind: dict[tuple[int, str], Blind] = {}
        self.names: set[str] = set()
        self.keep_names = keep_names
        self.log: list[Record] | None = None

    def reach(self, reach: Reach) -> None:
        key = (reach.reach, reach.kind, reach.line, reach.subject, reach.module)
        self.reaches.setdefault(key, reach)
        if self.log is not None:
            self.log.append((REACH, key, reach))

    def edge(self, edge: Edge) -> None:
        key = (edge.target, edge.line, edge.subject, edge.receiver, edge.args)
        self.edges.setdefault(key, edge)
        if self.log is not None:
            self.log.append((EDGE, key, edge))

    def frontier(self, entry: Frontier) -> None:
        key = (entry.reach, entry.line, entry.reason, entry.subject)
        self.entries.setdefault(key, entry)
        if self.log is not None:
            self.log.append((ENTRY, key, entry))

    def blind_spot(self, line: int, code: str, text: str) -> None:
        """A call the walk cannot follow at `line`, written `code` (shown as `text`)."""
        self.blind.setdefault((line, code), (line, text))
        if self.log is not None:
            self.log.append((BLIND, (line, code), (line, text)))

    def name(self, name: str) -> None:
        if self.keep_names:
            self.names.add(name)
            if self.log is not None:
                self.log.append((NAME, name, None))

    def absorb(self, other: Found, at: tuple[int, int, str], module: str) -> None:
        """What `other` found, its reaches placed at line `at[0]` of `module` (a dataclass field's factory, a
        stored value's binding), met by the body's call at line `at[1]`, entered as `at[2]` says."""
        line, site, how = at
        for reach in other.reaches.values():
            self.reach(dataclasses.replace(reach, line=line, module=module, site=site, how=how))
        for edge in other.edges.values():
            self.edge(edge)
        for entry in other.entries.values():
            self.frontier(entry)
        for name in other.names:
            self.name(name)

    def replay(self, records: list[Record]) -> None:
        """Record again, in order, what one use recorded in another context."""
        tables: tuple[dict[Any, Any], ...] = (self.reaches, self.edges, self.entries, self.blind)
        names = self.names
        for table, key, value in records:
            if table == NAME:
                names.add(key)
            else:
                tables[table].setdefault(key, value)

    def summary(self, deps: frozenset[str]) -> Summary:
        return Summary(
            tuple(sorted(self.reaches.values(), key=lambda r: (r.line, r.reach, r.kind, r.subject, r.module))),
            tuple(sorted(self.edges.values(), key=lambda e: (e.name, e.line, e.subject, e.receiver or (), e.args))),
            tuple(sorted(self.entries.values(), key=lambda f: (f.line, f.reach, f.reason, f.subject))),
            tuple(sorted(self.blind.values())),
            tuple(sorted(self.names)),
            deps,
        )


def taped(found: Found, tracker: Tracker, bodies: Bodies, resolve: Callable[[], None]) -> Replay | None:
    """`resolve()` one use into `found`; what it recorded and the modules it read, when it asked nothing of the
    context (`bodies.asked` unchanged) and met no cycle under way (it then records the same everywhere)."""
    asked, counts = bodies.asked, (tracker.cycles, tracker.partial_orders)
    log: list[Record] = []
    found.log = log
    try:
        with tracker.scope(state="outer") as read:
            resolve()
    finally:
        found.log = None
    tracker.modules(read.modules)
    if bodies.asked == asked and counts == (tracker.cycles, tracker.partial_orders):
        return log, tracker.frozen(read.modules)
    return None
