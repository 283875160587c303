"""What a value not known in a body may hold, as the project shows it (`stored.Stored`): a callable stored in an
attribute from a parameter (`self._timer()`), a value the project's calls pass for a parameter of the function a
claim's walk starts from; and, for a call passing such a parameter on unchanged, the source the callee's parameter
then holds (`arguments.FROM`). Each capability is reported where the value is written; the blind spot stays.
"""

from __future__ import annotations

from collections.abc import Callable

from pytest_claims.analysis.arguments import FROM, MAX_HOPS, NAMED, START, SURE, Passed
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import NO_CONTENTS, Bodies
from pytest_claims.analysis.resolution.carried import Carried
from pytest_claims.analysis.resolution.context import entered_with
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.filled import Filled
from pytest_claims.analysis.resolution.found import Call, Found, Key, Outcome, closed
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.stored import Stored, private_owner
from pytest_claims.analysis.resolution.symbols import (
    UNKNOWN,
    ClassKey,
    Opaque,
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    ProjectModule,
    Sym,
    Unknown,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.specials import FALLBACKS, ITERATOR_NEXT, ZONE_READERS
from pytest_claims.records import CALLED_NAMES, HIERARCHY, Decided, FunctionFacts, called_name

_CLASS_HOOKS = frozenset({"__set__", "__delete__", "__get__", "__set_name__", "__class_getitem__"})
"""Implicit calls that run on the class holding an attribute (a descriptor) or on a class, not on the value a
field holds: not entered on the field's instances."""

_Source = tuple[str, int, str]
"""A parameter of the function a walk started from: its module, its function's index, its name."""


class Held:
    """The stored and passed values of the bodies one target's summaries resolve."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        outcome: Outcome,
        current: Callable[[], Key | None],
    ) -> None:
        self.view, _, self.hierarchy, self.dispatch, self.bodies, self.tracker = parts
        self._storing: dict[str, str] = {}
        """field name -> the first project module whose text may store it ("": none)."""
        self.stored = Stored(parts)
        self.carried = Carried(self.stored, self.bodies)
        self.bodies.contents = Filled(self.view, self.hierarchy, self.bodies, self.stored, parts[5])
        self._outcome = outcome
        self._current = current
        """The function whose body `Summaries` is summarising (its key), asked when a value's source is."""

    def close(self) -> None:
        """Drop the references back to the summary (`found.closed`)."""
        self._outcome = self._current = closed
        self.bodies.contents = NO_CONTENTS

    def held(
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
        if ctx in ("call", "ref"):
            self.field(module, func, chain, ctx, at)
        if (func.received or func.applied) and (ctx == "call" or (ctx == "ref" and len(chain) > 1)):
            self._passed(module, func, chain, ctx, at)
        if func.kind == "method" and ctx == "call" and len(chain) == 2 and chain[1] in ZONE_READERS:
            self._method_carried(module, func, chain, at)

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

    def defaults(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], syms: list[Sym]) -> list[Sym]:
        """What a method call `obj.x(...)` may run: `syms`, and an unknown value beside them where they are a
        class-body default a store elsewhere may replace (`defaulted`)."""
        if not syms or any(isinstance(s, Unknown) for s in syms) or not self.defaulted(module, func, chain):
            return syms
        return [*syms, UNKNOWN]

    def defaulted(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> bool:
        """`obj.x(...)` where the first class of `obj`'s order binding `x` binds it to a value in its body (`hook =
        None`), not by a def nor in its methods, and some project module's text may store `x` as an
        attribute (`_CONFIG.hook = hook` in `configure`, `obj.hook = f` anywhere): that value is a default a store on
        the instance replaces (semantics §4.7), so the call may run anything; the caller treats it as a value of
        unknown class beside what the lookup found (a blind spot; `_stored` enters what the stores show)."""
        attr = chain[-1]
        if len(chain) < 2 or attr[:1] in ("(", "<") or (attr.startswith("__") and attr.endswith("__")):
            return False
        receivers = [r for r in self.bodies.use(module, func, chain[:-1])[0] if isinstance(r, ProjectInstance)]
        if not receivers:  # `os.getenv(...)`: no class is asked, so the answer depends on no hierarchy
            return False
        self.tracker.module(HIERARCHY)
        if not any(self._bound_to_value((r.module, r.idx), attr) for r in receivers):
            return False
        return self._may_store(attr)

    def _bound_to_value(self, cls: ClassKey, attr: str) -> bool:
        """Whether the first class of the order binding `attr` binds it only in its body, by no def: a field its
        methods set is instance state the lookup follows (`Dispatch._instance_fields`), and the text cannot tell
        those stores from others."""
        for key in self.hierarchy.mro(*cls):
            members = self.hierarchy.members(*key).get(attr)
            if members is not None:
                return not members[0] and not members[1]
        return False

    def _may_store(self, attr: str) -> bool:
        """Whether some project module's text may store `attr` as an attribute (`Modules.may_store`), recorded as
        `CALLED_NAMES` is: the answer stands until a changed module's text holds the word."""
        self.tracker.modules((CALLED_NAMES, called_name(attr)))
        storing = self._storing.get(attr)
        if storing is None:
            project = self.view.project.modules
            storing = next((m for m in sorted(project.holding(attr)) if project.may_store(m, attr)), "")
            self._storing[attr] = storing
        if storing:
            self.tracker.module(storing)
        return bool(storing)

    def subclass_stores(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], at: tuple[int, Found]
    ) -> set[Sym]:
        """`obj.x(...)` where project subclasses of `obj`'s class store `self.x` (`subfields.SubclassFields`): each
        known value stored is entered as a stored callable is, reported where the store is written. Returns those
        the call finds only so, which the caller leaves out of what it records at the call (an unknown value is
        the blind spot's, and `_stored`'s)."""
        line, found = at
        attr = chain[-1]
        receivers = [r for r in self.bodies.use(module, func, chain[:-1])[0] if isinstance(r, ProjectInstance)]
        stored = [s for r in receivers for s in self.dispatch.subclass_fields.values(r, attr, 1)]
        stored = [s for s in dict.fromkeys(stored) if not isinstance(s[0], (Unknown, Opaque))]
        if not stored:
            return set()
        for sym, home, written in stored:
            inner = Found(found.keep_names)
            self._outcome(sym, "call", line, inner, "", how="stored")
            found.absorb(inner, (written, line, "stored"), "" if home == module.name else home)
        plain = {s for r in receivers for s in self.dispatch.class_member(r, attr, 1, dispatch=True, stores=False)}
        return {sym for sym, _, _ in stored if sym not in plain}

    def field(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], ctx: str, at: tuple[int, Found]
    ) -> None:
        """`obj.x.m(...)`, `obj.x.m`, or an implicit call on `obj.x` (`if obj.x:`, `str(obj.x)`: `ctx` "implicit"),
        where the classes of `obj` set `x` from a constructor parameter: the use enters the methods of the project
        instances the project's constructor calls pass for it (`Stored.instances`), each capability reported where
        the argument is written; any other caller may pass anything, so what is unknown stays beside it."""
        if len(chain) < 3 or chain[-1] in _CLASS_HOOKS or any(step[:1] in ("(", "<") for step in chain[1:]):
            return
        receivers = self.bodies.use(module, func, chain[:-2])[0]
        if not any(isinstance(sym, ProjectInstance) for sym in receivers):
            return
        owner = private_owner(self.view, module, func, chain[:-1])
        line, found = at
        for origin in self.stored.instances(receivers, chain[-2], owner):
            sym, written, home = origin
            inner = Found(found.keep_names)
            exact = origin in self.stored.made and origin not in self.stored.named
            if ctx == "implicit":
                targets = self._lands(module, func, sym, chain[-1])
            else:
                targets = self.bodies.steps(module, func, [sym], chain[-1:])
            for target in targets:
                how = self._origin_how(sym, target)
                if not (exact and how == "override"):  # a constructed value is of its class exactly
                    self._outcome(target, "call" if ctx == "implicit" else ctx, line, inner, "", how=how)
            found.absorb(inner, (written, line, "argument"), "" if home == module.name else home)

    def _lands(self, module: Module, func: FunctionFacts, sym: Sym, dunder: str) -> list[Sym]:
        """The project methods an implicit call of `dunder` on the instance `sym` lands on, fallbacks included
        (`if x:` runs `__len__` where the class defines no `__bool__`), and an iterator's `__next__` after its
        `__iter__` (`specials.ITERATOR_NEXT`)."""
        then = ITERATOR_NEXT.get(dunder)
        after = self._lands(module, func, sym, then) if then is not None else []
        for name in FALLBACKS.get(dunder, (dunder,)):
            steps = self.bodies.steps(module, func, [sym], (name,))
            entered: list[Sym] = [s for s in steps if isinstance(s, ProjectFunction)]
            if entered:
                return entered + [s for s in after if s not in entered]
        return after

    def _stored_args(self, sym: Sym, shift: int, passed: Passed | None) -> Decided:
        """The tests of a stored callable (`sym`) that a call of it passing `passed` decides: its literals only,
        for a project function of a plain kind whose bound leading parameters are known (`shift`)."""
        if not isinstance(sym, ProjectFunction) or passed is None or shift < 0:
            return ()
        callee = self.view.module(sym.module).facts.functions[sym.idx]
        if callee.decorated or callee.kind not in ("function", "method") or (callee.kind == "method") != (shift == 1):
            return ()
        return entered_with(callee, passed, shift)

    def _passed(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], ctx: str, at: tuple[int, Found]
    ) -> None:
        """`p(...)`, `p.m(...)` or `p.prop` in the function a claim's walk starts from, `p` a parameter of that plain
        function its body never rebinds: the use enters what the project's own calls pass for `p`
        (`stored.Stored.passed`), each capability reported where the argument is written; any other caller may
        pass anything, so the blind spot stays beside it. Inside the walk `p` holds what the walk's own call
        passed, not every caller's value."""
        if any(step[:1] in ("(", "<") for step in chain) or chain[0] not in _receiving(func):
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
            decorated = (sym, written, home) in self.stored.decorated
            for target in self.bodies.steps(module, func, [sym], chain[1:]):
                how = "decorated" if decorated else self._origin_how(sym, target)
                if not (exact and how == "override"):  # a constructed value is of its class exactly
                    self._outcome(target, ctx, line, inner, "", how=how)
            if decorated:  # the step names the `@` that handed the def over
                inner.placed(written, "" if home == module.name else home)
            found.absorb(inner, (written, line, "argument"), "" if home == module.name else home)
        if len(chain) == 2 and chain[1] in ZONE_READERS and ctx == "call" and chain[0] != func.applied:
            self._carried(module, func, chain, source, at)

    def _method_carried(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], at: tuple[int, Found]
    ) -> None:
        """`dt.utcoffset()` on a parameter of the method a claim's walk starts from: the zones inside the datetimes
        the project's calls of the method pass for it (`_carried`); inside the walk, nothing. A parameter bound
        again before the use's line may hold anything there; bound only after it, the first time the line runs it
        holds what was passed (a loop going back to it may hold more: the blind spot stays)."""
        if chain[0] == func.first or chain[0].startswith(("(", "<")):
            return
        if any(binding.name == chain[0] and binding.line <= at[0] for binding in func.bindings):
            return
        if func is self.bodies.current:
            self.bodies.asked += 1  # what it adds depends on how the walk entered the method
        given, key = self.bodies.given, self._current()
        if given is None or given[0] is not func or START not in given[1] or key is None:
            return
        if self.view.module(key[0]).facts.functions[key[1]] is func:
            self._carried(module, func, chain, (key[0], key[1], chain[0]), at)

    def _carried(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], source: _Source, at: tuple[int, Found]
    ) -> None:
        """`dt.utcoffset()` on a parameter of the function a claim's walk starts from: the methods it asks of the
        project zones inside the datetimes the project's calls pass for `dt` (`carried.Carried`), each reported
        where the zone is handed over."""
        line, found = at
        for zone, written, home in self.carried.zones(*source):
            inner = Found(found.keep_names)
            exact = (zone, written, home) in self.carried.made  # a constructed zone is of its class exactly
            for name in ZONE_READERS[chain[1]]:
                for target in self.bodies.steps(module, func, [zone], (name,)):
                    override = exact and self._origin_how(zone, target) != "argument"
                    if isinstance(target, ProjectFunction) and not override:
                        self._outcome(target, "call", line, inner, "", how="callback")
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

    def handed(self, callee: FunctionFacts, call: Call, args: Decided) -> Decided:
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
        if bound(self.bodies, callee, call) != 0:
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
        key = self._current()
        if START in given[1] and key is not None and self.view.module(key[0]).facts.functions[key[1]] is func:
            return 0, {name: (key[0], key[1], name) for name in _receiving(func)}
        held = given[1].get(FROM)
        if held is None or not isinstance(held[1], tuple):
            return None
        hops, pairs = held[1]
        return int(hops), {str(p): (str(m), int(i), str(s)) for p, m, i, s in pairs}


def _receiving(func: FunctionFacts) -> list[str]:
    """The parameters of a function whose values the project's own calls show (`received`), and the one a decorator
    application hands the decorated def (`applied`)."""
    return [name for name, _ in func.received] + ([func.applied] if func.applied else [])


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


def bound(bodies: Bodies, callee: FunctionFacts, call: Call) -> int | None:
    """How many leading parameters of `callee` the call does not pass (1: `self` or `cls` is bound), or None
    when that is not known: a plain function stored on a class, a method whose receiver may be a class or an
    instance."""
    kind, chain = callee.kind, call.chain
    if chain == ("<constructed>",):  # `C(...)`: `__init__` / `__new__` / `__call__` get `self` or `cls` first
        return 1
    if chain[-1] in ("__new__", "__init__") and call.use >= 0 and call.func.uses[call.use][1] == "implicit":
        return 1  # a class statement's metaclass hooks: `__new__(metaclass, ...)`, `__init__(new class, ...)`
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
