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

`Summaries` resolves the uses and records project functions entered; a collaborator records what each other kind
of use touches, through the summary's own `_outcome` and `_reads`: `callbacks` (the stdlib calling back), `hooks`
(implicit calls, class statements), `escapes` (local classes leaving), `held` (stored and passed values), `probes`
(`hasattr`, dynamic `getattr`), `methodcalls` (how a method call enters what it lands on; `Constructions`, what a
call of a project class or instance enters), `entering` (the context a call enters its callee in), `reaches` (stdlib
and third-party names).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING

from pytest_claims.analysis.arguments import CLOSURE, VALUE, Passed
from pytest_claims.analysis.catalog import Catalogue
from pytest_claims.analysis.failures import at, met, passes
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.callbacks import Callbacks
from pytest_claims.analysis.resolution.conditional import Judge, Site
from pytest_claims.analysis.resolution.context import as_mapping, entered_with, ruled_out, settled
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.entering import Entering, merged
from pytest_claims.analysis.resolution.escapes import Escapes
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Call as _Call
from pytest_claims.analysis.resolution.found import Found, Key, Tape, taped
from pytest_claims.analysis.resolution.handed import Handed
from pytest_claims.analysis.resolution.held import Held
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.hooks import Hooks
from pytest_claims.analysis.resolution.instances import Instances
from pytest_claims.analysis.resolution.methodcalls import Constructions, MethodCalls, outside_entry
from pytest_claims.analysis.resolution.namespaces import Namespaces
from pytest_claims.analysis.resolution.plainfields import PlainFields
from pytest_claims.analysis.resolution.probes import Probes
from pytest_claims.analysis.resolution.reaches import Reaches
from pytest_claims.analysis.resolution.symbols import (
    ClassKey,
    External,
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
from pytest_claims.analysis.resolution.tracking import StateKey, Tracker, state_entry
from pytest_claims.analysis.resolution.wrapped import Calls, Wrapped
from pytest_claims.analysis.specials import (
    CALLS_BY_NAME,
    CALLS_WHAT_IT_HOLDS,
    CLASS_STATEMENT,
    RUNS_STORED_CALLABLES,
)
from pytest_claims.config import Config
from pytest_claims.dotted import under_any
from pytest_claims.records import (
    HANDED,
    PLATFORM,
    UNTYPED,
    Decided,
    Edge,
    Frontier,
    FunctionFacts,
    Node,
    Reach,
    Summary,
)

if TYPE_CHECKING:
    from pytest_claims.analysis.ports import SummarySource


_REF_HOW = {"state": "state"}
"""How a reference enters a function of a kind other than a def: a `state` function holds what a binding read
(`self.messages` resolved to a class body's `messages = {...}`) evaluates."""


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
        self._current: Key | None = None
        """The function whose body is being summarised."""
        self.judge = Judge(self.view, self.bodies)
        self.instances = Instances(self.view, self.evaluator, self.hierarchy, self.judge)
        self.callbacks = Callbacks(parts, self._outcome, self._reads)
        self.hooks = Hooks(parts, self._outcome, self._reads)
        self.escapes = Escapes(parts, self.summary)
        self.handed = Handed(parts, self.summary)
        self.probes = Probes(parts, self._reads)
        self.held = Held(parts, self._outcome, lambda: self._current)
        self.plain = PlainFields(self.view, self.hierarchy, self.tracker)
        self.catalogue = catalogue
        self.shared = shared
        """Summaries that consulted nothing platform-specific, shared by the resolvers of every target."""
        self.persisted = persisted
        """Summaries of earlier runs, valid while the modules they were computed from are unchanged."""
        self._summaries: dict[Key, Summary] = {}
        self._receivers: dict[Node, Summary] = {}
        self.contexts: dict[Node, Summary] = {}
        """Summaries in a context that consulted nothing platform-specific: the engine gives every target's
        resolver the same dict (as `shared` is for plain ones)."""
        self._tapes: dict[Key, Tape] = {}
        """Per function, the uses any context of it resolves alike, with what they recorded (`Tape`)."""
        self.keep_names = bool(config.forbid_reaches)
        """Rules may name any dotted name (`to = "json"`), so their runs keep every name a body uses."""
        self._deny_any = tuple(
            sorted(
                {n for names in config.deny.values() for n in names}
                | {n for claim in config.define.values() for n in claim.deny}
            )
        )
        self.calls = MethodCalls(parts, catalogue)
        self.constructions = Constructions(parts, self.calls, self._outcome)
        self.entering = Entering(parts, self.instances, self.plain)
        self.reaches = Reaches(parts, catalogue, self.judge, self._deny_any)
        self.namespaces = Namespaces(self.view, self.evaluator, self.bodies, self.instances.bases)
        self.wrapped = Wrapped(self.bodies)

    def close(self) -> None:
        """Drop the references the collaborators hold back to this summary (`Resolver.close`)."""
        for part in (self.callbacks, self.hooks, self.escapes, self.handed, self.probes, self.held, self.constructions):
            part.close()

    def summary(self, key: Key) -> Summary:
        """What one function's body touches on this target, before any policy: every capability (with the name
        whose trust would cover it), every project function it enters (trusted ones too), every name it cannot
        see into, and, when rules are configured, every dotted name it calls or uses as a value."""
        platform = self.view.target.platform
        cached = self._summaries.get(key) or self.shared.get(key)
        if cached is None and self.persisted is not None:
            cached = self.persisted.get(Node(*key), platform)
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
            self.persisted.put(Node(*key), platform, result)
        return result

    def summary_in(self, node: Node) -> Summary:
        """The summary of a function as a walk entered it (`context`): for a method entered for `receiver` (its
        `self` an instance of that class or a subclass), the uses rooted at `self`, `cls` and `super()` resolved
        for it, memoised per (class, use) by `Bodies`; under literal `args`, without the uses a test of them rules
        out. Persisted as plain ones are. Neither: the function's own summary."""
        if node.args:
            module = self.view.module(node.module)
            func = module.facts.functions[node.function_index]
            node = node._replace(args=settled(module.facts, func, node.args, self.view.target))
        if node.receiver is None and not node.args:
            return self.summary(node.key)
        cached = self._receivers.get(node) or self.contexts.get(node)
        if cached is None and self.persisted is not None:
            cached = self.persisted.get(node, self.view.target.platform)
            if cached is not None and PLATFORM not in cached.deps:
                self.contexts[node] = cached
        if cached is not None:
            self._receivers[node] = cached
            return cached
        result = self._summarise(node.key, node.receiver, node.args)
        self._receivers[node] = result
        if PLATFORM not in result.deps:
            self.contexts[node] = result
        if self.persisted is not None:
            self.persisted.put(node, self.view.target.platform, result)
        return result

    def _summarise(self, key: Key, receiver: ClassKey | None, args: Decided = ()) -> Summary:
        """The body resolved in a scope of its own (its locals its own, `self` the receiver's when given); what it
        read is its `deps`, and passed on to whoever asked."""
        with self.tracker.scope(state="outer") as read:
            func = self.view.module(key[0]).facts.functions[key[1]]
            args = self.plain.decided(key[0], func, receiver, args)
            args = self.entering.returned.through(self.view.module(key[0]), func, args)
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
        for node in self._receivers:
            counts[node.key] = counts.get(node.key, 0) + 1
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
        use = func.uses[0] if func.uses else None
        try:
            for index, use in enumerate(func.uses):
                ctx, guard = use[1], use[3]
                if ctx == "type" or (guard and not self.view.alive(module, guard)):
                    continue
                if given is not None and guard and ruled_out(module.facts, guard, self.view.target, given):
                    continue
                if given is not None and CLOSURE in given and not _within(given[CLOSURE][1], use[2]):
                    continue
                replay = tape.get(index) if tape is not None else None
                if replay is not None:
                    found.replay(replay[0])
                    self.tracker.modules(replay[1])
                elif making is not None:
                    use_of = partial(self._use, module, func, index, found, calls)
                    replay = taped(found, self.tracker, self.bodies, use_of)
                    if replay is not None:
                        making[index] = replay
                else:
                    self._use(module, func, index, found, calls)
        except Exception as error:
            if passes(error) or use is None:
                raise
            kind = _USE_WORDS.get(use[1], "a use")
            how = f"resolving `{as_written(use[0])}` ({kind} in {module.name}.{func.qualname})"
            raise met(at(module.rel, use[2]), how, error) from error
        if making is not None:
            self._tapes[key] = making
        return found

    def _implicit(
        self, module: Module, func: FunctionFacts, index: int, found: Found, calls: dict[int, Passed] | None
    ) -> None:
        """An implicit use: on a value of unknown class where it is used (`UNTYPED`) a blind spot where it may lead,
        else what it lands on, passed what the facts know it passes (`o.x = v`: `__setattr__` is passed "x")."""
        chain, ctx, line, _, code = func.uses[index]
        if ctx != "implicit":  # `setattr(o, name, v)`, a name computed at run time
            self.hooks.by_name(module, func, chain, (line, found), code, ctx == "setattr")
            return
        named = calls.get(index) if calls is not None else None
        if code.startswith(UNTYPED):
            code = code[len(UNTYPED) :]
            if not self.bodies.passed_types(func, chain[0]):  # a hook's namespace or bases: typed, entered
                self.hooks.untyped(module, func, chain, (line, found), code, named)
                return
        made = self._made(module, func, index, calls) if chain[-2:] in _ENTERED and not named else None
        passing = _Call(_ENTERED[chain[-2:]], chain, module, func, index, made) if made else None
        if named:
            passing = _Call(named, chain, module, func, index)
        self.hooks.implicit(module, func, chain, line, found, code, passing)
        self.held.field(module, func, chain, ctx, (line, found))

    def _made(
        self, module: Module, func: FunctionFacts, index: int, calls: dict[int, Passed] | None
    ) -> tuple[ClassKey, Passed] | None:
        """For `with D(...):`'s `__enter__` or `__exit__` use, `D(...).m()` or `x.m()` on a local `x = D(...)` that
        nothing else reads (`FunctionFacts.fresh`): D, when the call certainly makes an instance of exactly D
        (`exact.py`), and the literal arguments the construction (the one call of D on its line) passed."""
        chain, _, line, _, _ = func.uses[index]
        made = chain[:-2] if chain[-2:-1] == ("()",) else ()
        if len(chain) == 2 and chain[0] in func.fresh:
            bound = [b for b in func.bindings if b.name == chain[0]]
            if len(bound) == 1 and bound[0].kind == "alias" and bound[0].target.endswith(".()"):
                made, line = tuple(bound[0].target[:-3].split(".")), bound[0].line
        if not made:
            return None
        at = [i for i, use in enumerate(func.uses) if use[0] == made and use[1] == "call" and use[2] == line]
        passed = calls.get(at[0]) if calls is not None and len(at) == 1 else None
        if passed is None:
            return None
        syms = self.bodies.use(module, func, made)[0]
        sym = syms[0] if len(syms) == 1 else None
        if not isinstance(sym, ProjectClass) or self.evaluator.exact.constructed(sym) is None:
            return None
        return (sym.module, sym.idx), passed

    def _call(
        self,
        module: Module,
        func: FunctionFacts,
        index: int,
        passed: Passed,
        calls: dict[int, Passed] | None,
        callee: tuple[str, ...],
    ) -> _Call:
        """What a call use passes, with the instance it runs on where that is one a call just made (`_made`);
        `callee`: the chain of what it calls (what a wrapper's result calls: `wrapped`)."""
        chain = func.uses[index][0]
        if callee != chain:
            return _Call(passed, callee, module, func, index)
        fresh = chain[-2:-1] == ("()",) or (len(chain) == 2 and chain[0] in func.fresh)
        made = self._made(module, func, index, calls) if fresh else None
        return _Call(passed, chain, module, func, index, made)

    def _use(
        self, module: Module, func: FunctionFacts, index: int, found: Found, calls: dict[int, Passed] | None
    ) -> None:
        """One use of the body (`func.uses[index]`), resolved and recorded."""
        chain, ctx, line, _, code = func.uses[index]
        if ctx in _IMPLICIT:
            self._implicit(module, func, index, found, calls)
            return
        if ctx == "probe":
            self.probes.probe(module, func, chain, line, found, code)
            return
        if ctx == "escape":
            self.escapes.escape(module, func, chain, line, found)
            return
        if ctx == "given":
            self.callbacks.given(module, func, chain, line, found, code)
            return
        if ctx == "base":
            self.hooks.base(module, func, chain, line, found)
            return
        if ctx == "part":
            self.hooks.part(module, chain[0], line, found)
            return
        if ctx in ("passed", "ref") and _handed_over(self.wrapped, self.bodies, (module, func, index), found, calls):
            return
        chain, passed = self.wrapped.call(module, func, index, calls, _shaped(chain, ctx)[0])
        shape = _shaped(func.uses[index][0], ctx)[1]
        denoted, reads = self.bodies.use(module, func, chain)
        syms = list(denoted)
        self._reads(reads, line, found)
        call = self._call(module, func, index, passed, calls, chain) if passed is not None else None
        if ctx == "call":
            syms = self.calls.fitting(module, func, chain, syms, passed, line, found, code)
            syms = self.calls.explicit_self(module, func, index, syms)
        dispatched = ctx == "call" and len(chain) > 1 and chain[-1][:1] != "(" and not chain[0].startswith("<super")
        looked_up = ctx == "ref" and len(chain) > 1 and chain[-1][:1] != "(" and not chain[0].startswith("<super")
        syms = self.held.defaults(module, func, chain, syms) if dispatched else syms
        syms = self._handed(module, func, (ctx, code, line), syms, found)
        above = _super_outside(self.bodies, module, func, chain, ctx) if syms else ()
        stores = self.held.subclass_stores(module, func, chain, (line, found)) if dispatched else set()
        for sym in (s for s in syms if s not in stores) if stores else syms:
            state = looked_up and isinstance(sym, ProjectFunction) and self._kind(sym) == "state"
            how = self.calls.dispatch_how(module, func, chain, sym) if dispatched or state else ""
            outside = self.calls.outside(module, func, chain, sym) if dispatched else above
            self._outcome(sym, ctx, line, found, "", call, how, outside)
        self.hooks.mixin(module, func, chain, syms, (line, found) if dispatched else None)
        if any(isinstance(s, Unknown) for s in syms):
            self.held.held(module, func, chain, ctx, (line, found), passed)
        if ctx == "getattr":
            self.probes.dynamic_getattr(syms, line, found, code, shape)
        if ctx == "call" and any(_hidden(sym) for sym in syms) and self.calls.may_lead(module, func, chain):
            found.blind_spot(line, code, code or f"{as_written(chain)}(...)")
        elif ctx == "call" and any(self.callbacks.reads_zone(sym) for sym in syms):
            text = code or f"{as_written(chain)}(...)"
            found.blind_spot(line, text, text)

    def _reads(self, reads: Iterable[StateKey], line: int, found: Found, how: str = "state") -> None:
        """Module or class state read: an edge to the `state` function holding what its binding evaluates, or to
        a method the read runs — a property's getter (`getter`), a hook Python calls for it (`__getattr__`,
        `__getattribute__`, a descriptor's `__get__`: `implicit`)."""
        for state in sorted(reads) if reads else ():
            module, index, receiver = state_entry(state)
            name = self.view.function_name(module, index)
            key = (module, index)
            found.edge(Edge(key, name, line, name, receiver, how=_read_how(self.view, key, how)))
            found.name(name)

    def _handed(
        self, module: Module, func: FunctionFacts, use: tuple[str, str, int], syms: list[Sym], found: Found
    ) -> list[Sym]:
        """A def passed as an argument (a `ref` use whose code is `HANDED`): no reference where the callee keeps it
        for its local classes only (`lazy(gettext, str)`: gettext runs where a method of lazy's proxy class runs,
        `Handed.kept`), but a blind spot, which stays where the callee is trusted and never walked."""
        ctx, code, line = use
        if ctx != "ref" or not code.startswith(HANDED):
            return syms
        plain = [s for s in syms if isinstance(s, ProjectFunction) and self._plain(s)]
        callee = self.handed.kept(module, func, code) if plain else None
        if callee is None:
            return syms
        for sym in plain:
            text = f"{self.view.module(sym.module).facts.functions[sym.idx].qualname} kept by {callee}"
            found.blind_spot(line, text, f"{text} for the classes it defines")
        return [s for s in syms if not self._plain(s)]

    def _plain(self, sym: Sym) -> bool:
        """A def of the project that is no method (a function value passed on is one)."""
        return isinstance(sym, ProjectFunction) and self._kind(sym) == "function"

    def _kind(self, sym: ProjectFunction) -> str:
        return self.view.module(sym.module).facts.functions[sym.idx].kind

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
            case ProjectClosure(module_name, index, receiver) if ctx in ("call", "ref"):
                closes = self.view.module(module_name).facts.functions[index].closes
                entered, entry = ProjectFunction(module_name, index, receiver), ((CLOSURE, CLOSURE, closes),)
                self._function_outcome(entered, ctx, line, found, subject, None, "closure", entry)
            case ProjectClass() | ProjectInstance():
                self.constructions.construct(sym, ctx, line, found, subject, call, how)
            case StdName(dotted, symbol):
                self.reaches.std_outcome(dotted, symbol, ctx, line, found, subject, _site(call, ctx))
            case StdMethod(dotted):
                self.reaches.value_method_outcome(dotted, ctx, line, found, subject, _site(call, ctx))
            case External(dotted):
                self.reaches.third_party_outcome(dotted, ctx, line, found, subject)
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
        key, name = self.view.named_function(sym.module, sym.idx)
        if under_any(name, self._deny_any):
            kind = "call" if ctx == "call" else "reference"
            found.reach(Reach(name, kind, line, frozenset(), subject or name))
        args: Decided = ()
        if call is not None and ctx == "call":
            callee = self.view.module(sym.module).facts.functions[sym.idx]
            if callee.tests and (not callee.decorated or self.entering.hands_back(key, callee)):
                args = self.entering.entered(key, callee, call, sym.receiver, outside)
            if callee.received and call.func.received:
                args = self.held.handed(callee, call, args)
            if callee.accepts[0] and callee.qualname.rpartition(".")[2] in CLASS_STATEMENT:
                types = self.namespaces.decided(callee, call)  # a metaclass hook's namespace and bases
                args = tuple(sorted((*args, *types), key=lambda d: d[0])) if types else args
        if outside:
            args = tuple(sorted((*args, *outside), key=lambda d: d[0]))
        if not how:  # reading class state the walk resolved to its binding (`self.messages`) is a state read
            kind = self._kind(sym)
            how = "getter" if kind == "property" else "call" if ctx == "call" else _REF_HOW.get(kind, "reference")
        found.edge(Edge(key, name, line, subject or name, sym.receiver, args, how))
        found.name(name)


_USE_WORDS = {
    "call": "a call",
    "ref": "a reference",
    "given": "a value passed to a call",
    "implicit": "an implicit call",
    "getattr": "an attribute read by name",
    "setattr": "an attribute set by name",
    "delattr": "an attribute deleted by name",
    "base": "a base of a class statement",
    "part": "a statement of a class body",
}
"""How a use's kind is said where the analysis met a defect resolving it (`Summaries._body`)."""


def _handed_over(
    wrapped: Wrapped, bodies: Bodies, where: tuple[Module, FunctionFacts, int], found: Found, calls: Calls
) -> bool:
    """A callable handed to a call, where that says all there is to record: `map(fn, xs)` (a `passed` use: what
    it references is recorded by its `ref` use) is a blind spot for a callable of unknown class; the function
    `sync_to_async(f)(x)` hands over is entered by the call of the wrapper's result (`wrapped`)."""
    module, func, index = where
    chain, ctx, line, _, code = func.uses[index]
    if ctx == "ref":
        return wrapped.handed(module, func, index, calls)
    if any(isinstance(sym, Unknown) for sym in bodies.use(module, func, chain)[0]):
        found.blind_spot(line, code, code)
    return True


def _super_outside(bodies: Bodies, module: Module, func: FunctionFacts, chain: tuple[str, ...], ctx: str) -> Decided:
    """`super().m()` in a method whose `self` is an instance of its class itself (`Bodies.exact_class`): the
    method it enters runs on that instance too, so its `self` is no instance of the class's subclasses."""
    if ctx != "call" or len(chain) != 2 or chain[0] != "<super>":
        return ()
    exact = bodies.exact_class(module, func)
    return outside_entry(tuple(sorted(bodies.dispatch.hierarchy.direct_subclasses(exact)))) if exact is not None else ()


def _within(spans: object, line: int) -> bool:
    """Whether a use's line is in the bodies a call of a factory's returned value runs (`arguments.CLOSURE`)."""
    return isinstance(spans, tuple) and any(first <= line <= last for first, last in spans)


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






# -- what a body touches, and the record contexts replay ---------------------------------------------------


_IMPLICIT = frozenset({"implicit", "setattr", "delattr"})
"""The uses of what Python calls with no call written: a special method, what a store by a computed name runs."""

_ENTERED: dict[tuple[str, ...], Passed] = {("()", "__enter__"): ((), ()), ("()", "__exit__"): ((None, None, None), ())}
"""What `with D(...):` passes the `__enter__` and `__exit__` of the new instance: nothing, and three values."""


def _shaped(chain: tuple[str, ...], ctx: str) -> tuple[tuple[str, ...], str]:
    """A `getattr` use's chain ends with the shape of the names its computed name can take (`*`: any)."""
    return (chain[:-1], chain[-1]) if ctx == "getattr" else (chain, "")


def operand_summary(summaries: Summaries, key: Key, kind: str) -> Summary:
    """A special method's summary as an implicit call passing it an operand of the builtin class `kind` enters it
    (`x == "*"`: `__eq__(self, other)` with `other` a `str`): its tests of that parameter decided as for such a
    value, `isinstance` ones included (`leads`)."""
    module = summaries.view.module(key[0])
    callee = module.facts.functions[key[1]]
    if not callee.tests or callee.kind != "method" or callee.decorated:
        return summaries.summary(key)
    passed: Passed = (((VALUE, kind),), ())
    known = summaries.instances.decide(key, callee.tests, callee.accepts, Site(passed, module, callee), 1)
    args = merged(entered_with(callee, passed, 1), known)
    return summaries.summary_in(Node(*key, None, args)) if args else summaries.summary(key)


def _read_how(view: TargetView, key: Key, how: str) -> str:
    """How a read enters the function `key`: a `state` function as the read says (`how`), a property's getter as
    `getter`, any other method a read runs (a hook) as `implicit`."""
    kind = view.module(key[0]).facts.functions[key[1]].kind
    if kind == "state":
        return how
    return "getter" if kind == "property" else "implicit"
