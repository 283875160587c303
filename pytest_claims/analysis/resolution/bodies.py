"""What a name means inside one function body: its locals, `self` / `cls`, imports in the body, the decorators
of a def (evaluated where Python evaluates them), and the memoised answer for each use.

A use whose answer depends on the module (and class) alone, not on the function's locals, is resolved once per
module: the same `models.CharField` or `self.clean` in a thousand methods costs one resolution.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pytest_claims.analysis.arguments import CLASSES, CLOSURE, OUTSIDE, START, TYPES, Lit
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.context import as_mapping, ruled_out
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.hierarchy import exactly
from pytest_claims.analysis.resolution.symbols import (
    OPAQUE,
    TYPE_INSTANCE,
    UNKNOWN,
    ClassKey,
    Elements,
    Missing,
    ProjectClass,
    ProjectInstance,
    StdInstance,
    StdName,
    Sym,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import StateKey, Tracker
from pytest_claims.analysis.resolution.unreached import Unreached
from pytest_claims.analysis.specials import CLASS_STATEMENT
from pytest_claims.records import Binding, Decided, FunctionFacts

Answer = tuple[tuple[Sym, ...], frozenset[str], frozenset[StateKey]]
"""What a use denotes, with the modules and the state resolving it read."""
Memo = dict[tuple[object, ...], Answer]
Outer = tuple[
    Memo,
    set[tuple[object, ...]],
    tuple[FunctionFacts, ClassKey] | None,
    tuple[FunctionFacts, dict[str, Lit]] | None,
    FunctionFacts | None,
]
"""What `Bodies.begin` saves and `Bodies.end` restores: the summary under way when another one starts."""


_VALUED = frozenset({"alias", "element"})


class Contents(Protocol):
    """The elements the project puts in a field's list (`obj.items` iterated), beside what the field gives."""

    def field(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]: ...


class _NoContents:
    def field(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]:
        return []


NO_CONTENTS: Contents = _NoContents()


class Bodies:
    """Names and uses of function bodies for one target (the `Locals` port of `evaluate`)."""

    def __init__(self, view: TargetView, evaluator: Evaluator, dispatch: Dispatch, tracker: Tracker) -> None:
        self.view = view
        self.evaluator = evaluator
        self.dispatch = dispatch
        self.tracker = tracker
        self._uses: Memo = {}
        self.local_uses: Memo = {}
        """What the names of the function being summarised denote (only while its summary is computed)."""
        self.asking: set[tuple[object, ...]] = set()
        """The keys of `local_uses` whose resolution asked the context: a memo hit on one asks it again."""
        self.entered: tuple[FunctionFacts, ClassKey] | None = None
        """The method being summarised for a receiver narrower than its own class, and that receiver."""
        self.given: tuple[FunctionFacts, dict[str, Lit]] | None = None
        """The function being summarised under literal arguments, and those arguments."""
        self.current: FunctionFacts | None = None
        """The function being summarised (whatever the context)."""
        self.asked = 0
        """How many times a resolution asked what the context of the function being summarised is (its receiver,
        its literal arguments): a local use whose answer did not ask is the same in every context."""
        self._shared: dict[tuple[int, tuple[str, ...]], tuple[FunctionFacts, Answer]] = {}
        self.unreached = Unreached(view, evaluator, dispatch.hierarchy, tracker)
        """(function, chain) -> the answer for a local use that asked nothing of the context, for the run."""
        self.contents: Contents = NO_CONTENTS
        """What the project puts in a field's list besides what the field gives (`filled.Filled`, set by the
        summaries' `Held`, which owns the stored values it reads)."""

    def begin(self, func: FunctionFacts | None, receiver: ClassKey | None, args: Decided = ()) -> Outer:
        """Start summarising a body (for `receiver`, under literal `args`, when given): its locals are its own.
        Returns what `end` restores."""
        outer = (self.local_uses, self.asking, self.entered, self.given, self.current)
        self.local_uses = {}
        self.asking = set()
        self.entered = (func, receiver) if func is not None and receiver is not None else None
        self.given = (func, as_mapping(args)) if func is not None and args else None
        self.current = func
        return outer

    def end(self, outer: Outer) -> None:
        self.local_uses, self.asking, self.entered, self.given, self.current = outer

    def use_apart(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], receiver: ClassKey | None = None
    ) -> list[Sym]:
        """A use of `func`'s body resolved for a memo that serves every context: outside the context of the body
        being summarised (its receiver, its literal arguments), `self` an instance of `receiver` when given, else of
        its own class. A field's or a getter's value is memoised per class, whoever asked first."""
        outer = self.begin(func, receiver)
        self.current = None  # nothing here is a question about the context of the body being summarised
        try:
            return self.uncached_use(module, func, chain)
        finally:
            self.end(outer)

    def receiver(self, func: FunctionFacts) -> ClassKey | None:
        """The class `func`'s `self` / `cls` stands for, when it is being summarised for one below its own."""
        if func is self.current:
            self.asked += 1
        entered = self.entered
        return entered[1] if entered is not None and entered[0] is func else None

    def outside(self, func: FunctionFacts) -> tuple[ClassKey, ...]:
        """The subclasses `func`'s `self` is no instance of, when it is being summarised as entered by a lookup of
        its name (`arguments.OUTSIDE`)."""
        if func is self.current:
            self.asked += 1
        given = self.given
        if given is None or given[0] is not func:
            return ()
        found = given[1].get(OUTSIDE)
        return found[1] if found is not None and isinstance(found[1], tuple) else ()

    def without(self, module: Module, func: FunctionFacts) -> tuple[ClassKey, ...]:
        """The subclasses `func`'s `self` is no instance of: those of its entry (`outside`), and those the method
        never runs for however it is entered (`Unreached.outside`), unless the receiver is one of them."""
        given = self.outside(func)
        never = self.unreached.outside(module, func)
        if not never:
            return given
        receiver = self.receiver(func)
        if receiver is not None:
            order_ = self.dispatch.hierarchy.mro(*receiver)
            never = tuple(k for k in never if k not in order_)
        return tuple(sorted({*given, *never}))

    def exact_class(self, module: Module, func: FunctionFacts) -> ClassKey | None:
        """The class a method's `self` is an instance of itself, no subclass's (entered by a call of the class by
        its name, `Exactness.constructed`, or from such a method); None when it may be a subclass's."""
        if not func.first or not func.cls or func.kind in ("classmethod", "staticmethod", "state"):
            return None
        received = self._received(module, func)
        instance = received[0] if len(received) == 1 else None
        if not isinstance(instance, ProjectInstance):
            return None
        return instance[:2] if exactly(self.dispatch.hierarchy, instance[:2], instance.without) else None

    def local_syms(self, module: Module, func: FunctionFacts, name: str) -> list[Sym] | None:
        """What a name means inside a function body; None when it is not local (look in the module)."""
        receives = bool(func.first and name == func.first and func.cls)
        if receives:
            received = self._received(module, func)
            if not any(b.name == name for b in func.bindings):
                return received
        bound = [b for b in func.bindings if b.name == name and self.view.alive(module, b.guard)]
        given = self.given
        if func is self.current and any(b.guard for b in bound):
            self.asked += 1  # its literal arguments may rule a guarded binding out
        if bound and given is not None and given[0] is func:  # a binding under a test the arguments rule out
            bound = [b for b in bound if not (b.guard and ruled_out(module.facts, b.guard, self.view.target, given[1]))]
        if bound:
            key = (module.name, func.qualname, func.line, name)
            if key in self.tracker.busy:  # `node = node.parent`: the name's own earlier value, unknown
                return [UNKNOWN]
            self.tracker.busy.add(key)
            try:
                out: list[Sym] = list(received) if receives else []
                if not receives and name in func.locals and all(b.kind == "augmented" for b in bound):
                    out.append(UNKNOWN)  # a parameter or a plain local augmented: its value before is unknown
                for binding in bound:
                    if binding.kind != "augmented":
                        out.extend(self._local_binding(module, func, binding))
                for binding in bound:
                    if binding.kind == "augmented":
                        out.extend(_augmented(self.evaluator, out, binding.target))
            finally:
                self.tracker.busy.discard(key)
            out = _declared(self.evaluator, self.tracker, module, func, out, bound)
            kinds = {b.kind for b in bound}
            if len(out) > 1 and (receives or "augmented" in kinds or (name in func.locals and kinds & _VALUED)):
                out = list(dict.fromkeys(out))
            return out
        if receives:
            return received
        if name in func.locals:
            return self.passed_types(func, name) or self._bound_as_method(module, func, name) or [UNKNOWN]
        return None

    def passed_types(self, func: FunctionFacts, name: str) -> list[Sym]:
        """What a parameter the body never binds holds where a class statement's call entered its metaclass's hook
        (`arguments.TYPES`: the namespace, the bases); [] otherwise. Asks the context of a hook's body alone."""
        held = self.passed_type(func, name)
        return _types_held(*held) if held is not None else []

    def passed_type(self, func: FunctionFacts, name: str) -> tuple[object, object] | None:
        """`passed_types` as the context says it: its `arguments.TYPES` and `arguments.CLASSES` values (None: no
        such entry), or None when the parameter is not typed so."""
        if func.qualname.rpartition(".")[2] not in CLASS_STATEMENT or not func.cls:
            return None
        if func is self.current:
            self.asked += 1
        given = self.given
        if given is None or given[0] is not func or any(b.name == name for b in func.bindings):
            return None
        types, classes = given[1].get(TYPES + name), given[1].get(CLASSES + name)
        return (types[1], classes[1] if classes is not None else None) if types is not None else None

    def _bound_as_method(self, module: Module, func: FunctionFacts, name: str) -> list[Sym]:
        """The first parameter of a def a module-level factory returns (`FunctionFacts.selves`), where classes of its
        module bind the factory's value in their bodies (`__eq__ = _make_compare(op.eq)`): an instance of each such
        class (the def is their method), and an unknown value, as any other caller of the value may pass anything
        (a field holding the value is no method: `self._stamper(event)` passes `event` first). Only where the def
        may run: a call of the value (`arguments.CLOSURE`) or the factory's own claim (`START`: the def's behaviour
        is its own); a plain call of the factory defines the def and runs none of it. [] for any other name or
        context."""
        if func.cls or name not in func.selves:
            return []
        if func is self.current:
            self.asked += 1
        given = self.given
        if given is None or given[0] is not func or not (CLOSURE in given[1] or START in given[1]):
            return []
        found = _binding_classes(module, func.qualname)
        return [*found, UNKNOWN] if found else []

    def _received(self, module: Module, func: FunctionFacts) -> list[Sym]:
        """What a method's `self` / `cls` holds as its parameter: the receiver the walk entered with, or its own
        class."""
        receiver = self.receiver(func)
        if receiver is not None:
            if func.kind == "classmethod":
                return [ProjectClass(*receiver, True)]
            return [ProjectInstance(*receiver, self.without(module, func))]
        classes = self.view.classes_named(module, func.cls)
        if func.kind == "classmethod":
            return [ProjectClass(module.name, i, True) for i in classes]
        outside = self.without(module, func)
        return [ProjectInstance(module.name, i, outside) for i in classes]

    def _local_binding(self, module: Module, func: FunctionFacts, binding: Binding) -> list[Sym]:
        kind, target = binding.kind, binding.target
        evaluator = self.evaluator
        if kind == "var":
            return [UNKNOWN]  # a rebound `self` (`_rebinds_receiver` in facts): some value
        if kind == "instance":
            if binding.member == "caught":
                return self._caught(module, func, target)
            typed = evaluator.typed(module, _scope(func, binding.name, target), target)
            if binding.member == "isinstance":
                return self._narrowed(module, func, binding.name, typed)
            return typed
        if kind == "alias":
            return evaluator.annotated(module, func, binding, self.uncached_use(module, func, tuple(target.split("."))))
        if kind == "element":
            chain = tuple(target.split("."))
            if len(chain) == 1 and any(entry[0] == target for entry in func.holds):
                return self.contents_of(module, func, target)  # a list the body fills: what it puts in it
            iterated = self.uncached_use(module, func, chain)
            one = evaluator.iteration.item if binding.member == "[]" else evaluator.iteration.element
            elements = [one(sym, evaluator) for sym in iterated]
            if len(chain) > 1 and chain[-1][:1] not in ("(", "<") and chain[0] != "<super>":
                elements.extend(self.contents.field(module, func, chain))  # beside what the field gives
            return elements
        if kind == "nested":  # a local def or lambda: its body's uses are this function's own
            return [OPAQUE]
        if kind == "unpacked":  # a position of what a call returns: the callee's annotation may say
            callees = self.uncached_use(module, func, tuple(target.split("."))[:-1])
            return evaluator.iteration.unpacked(callees, binding.member, evaluator)
        return evaluator.resolve_binding(module, binding, 1)  # an import inside the function

    def contents_of(self, module: Module, func: FunctionFacts, name: str, key: str | None = None) -> list[Sym]:
        """The elements a list, tuple or set the body fills holds (`FunctionFacts.holds` under `key`, the local
        `name` by default): each value put in it, resolved in the body; a value the facts cannot see, or a name that
        resolves to nothing, is unknown."""
        out: list[Sym] = []
        for holder, value, _ in func.holds:
            if holder != (key or name):
                continue
            syms = self.uncached_use(module, func, tuple(value.split("."))) if value else [UNKNOWN]
            out.extend(UNKNOWN if isinstance(sym, Missing) else sym for sym in syms)
        return list(dict.fromkeys(out)) or [UNKNOWN]

    def _narrowed(self, module: Module, func: FunctionFacts, local: str, typed: list[Sym]) -> list[Sym]:
        """A name `isinstance` narrowed to a class (`local`: `x@0`): an instance of that project class (or of a
        project subclass). Tested against a class that is not the project's (stdlib, third-party, unknown,
        `type`), the value may still be an instance of a project class deriving from it: it is also what the
        name was before the test."""
        if all(isinstance(sym, ProjectInstance) for sym in typed):
            return typed
        known = [sym for sym in typed if sym not in (UNKNOWN, TYPE_INSTANCE)]
        before = self.uncached_use(module, func, (local.rpartition("@")[0],))
        return list(dict.fromkeys([*known, *before])) or [UNKNOWN]

    def _caught(self, module: Module, func: FunctionFacts, target: str) -> list[Sym]:
        """A name `except C as e` binds: an instance of C (or of a project subclass) for each project class the
        name C may hold where the handler runs, as `isinstance` narrows. Any other value of C types nothing: a
        project class deriving from a stdlib C may be the value's, whose overrides a stdlib value would hide, and
        a third-party class is not walked. C is read as the handler reads it (no annotation's leniency: a binding
        of C to an unknown value leaves e unknown beside the classes)."""
        with self.tracker.scope(modules="outer", state="off"):  # the `except` clause's own use reads C
            syms = self.uncached_use(module, func, tuple(target.split(".")))
        made = (ProjectInstance(s.module, s.idx) if isinstance(s, ProjectClass) else UNKNOWN for s in syms)
        return list(dict.fromkeys(made)) or [UNKNOWN]

    def decorator(self, module: Module, func: FunctionFacts, callee: str) -> tuple[list[Sym], frozenset[str]]:
        """What a def's decorator denotes where Python evaluates it, before the def binds its name: a method's in
        its class body (names bound there earlier), then the module's; and the modules that answer depended on."""
        with self.tracker.scope(state="outer") as read:
            chain = tuple(callee.split("."))
            classes = self.view.classes_named(module, func.cls) if func.cls else []
            functions = module.facts.functions
            earlier = [
                i
                for i in classes
                if any(functions[f].line < func.line for n, f in module.facts.classes[i].methods if n == chain[0])
                or any(b.name == chain[0] and b.line < func.line for b in module.facts.classes[i].attributes)
            ]
            if earlier:
                syms = [
                    s for i in earlier for s in self.dispatch.class_member(ProjectClass(module.name, i), chain[0], 1)
                ]
                for attr in chain[1:]:
                    syms = [s for sym in syms for s in self.evaluator.step(sym, attr, 1)]
            else:
                syms = self.evaluator.resolve_chain_in_module(module, chain, 1)
        deps = frozenset(read.modules)
        self.tracker.modules(deps)
        return syms, deps

    def use(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...]
    ) -> tuple[Sequence[Sym], frozenset[StateKey]]:
        """What a use denotes, and the module or class state read on the way. Memoised where the answer depends
        on the module (and class) alone, not on the function's locals."""
        root = chain[0]
        if root == "<super>" or (
            func.first and root == func.first and func.cls and not any(b.name == root for b in func.bindings)
        ):
            key: tuple[object, ...] = (
                module.name,
                func.cls,
                func.kind == "classmethod",
                chain,
                self.receiver(func),
                self.without(module, func),
                (func.line, func.qualname) if self.unreached.searched(module, func) else None,
            )
        elif _local(func, root) or any(step[:2] == "(=" and _local(func, step[2:-1].split("/")[0]) for step in chain):
            # a local's, or `cast(C, v)` with C a local name: the answer is this body's alone
            key = ("<local>", func.qualname, func.line, chain)  # kept only while its summary is computed
        else:
            key = (module.name, "", func.cls, chain, self._statement(module, func))
        local = key[0] == "<local>"
        memo = self.local_uses if local else self._uses
        cached = memo.get(key)
        tracker = self.tracker
        if cached is None and local:
            shared = self._shared.get((id(func), chain))
            if shared is not None and shared[0] is func:
                cached = memo[key] = shared[1]
        if cached is not None:
            if local and key in self.asking:
                self.asked += 1  # as its first resolution did: the answer depends on the context
            tracker.modules(cached[1])
            return cached[0], cached[2]
        cycles, orders, asked = tracker.cycles, tracker.partial_orders, self.asked
        with tracker.scope() as read:
            syms = tuple(self.uncached_use(module, func, chain))  # memoised for the run: a tuple costs less
        deps = tracker.frozen(read.modules)
        reads = tracker.frozen(read.state or ())
        tracker.modules(deps)
        if tracker.cycles == cycles:  # an answer that met an import cycle under way is partial: not kept
            memo[key] = answer = (syms, deps, reads)
            if local and self.asked != asked:
                self.asking.add(key)
            elif local and tracker.partial_orders == orders and func is self.current:
                # only the body being summarised counts what asks its context (`asked`): a local of another body,
                # resolved from outside it, may stand under a test its own literal arguments rule out
                self._shared[id(func), chain] = (func, answer)  # the memo's own tuple: one object, not two
        return syms, reads

    def uncached_use(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]:
        root = chain[0]
        tracker = self.tracker
        if (
            (len(chain) > 2 or (len(chain) == 2 and not root.startswith("<super")))
            and tracker.collects_state
            and not tracker.busy
        ):
            # the chain less its last step through the memo, so `x.a`, `x.b` and `x == y`'s `x.__eq__` resolve `x`
            # once; only where a use asked at the top would be resolved alike (state collected, nothing under way)
            prefix, reads = self.use(module, func, chain[:-1])
            tracker.state(reads)
            return self._steps(module, func, prefix, chain[-1:])
        rest = chain[1:]
        if root.startswith("<super"):
            if not rest:
                return [OPAQUE]
            exact = self.exact_class(module, func) is not None
            syms = self.dispatch.super_member(module, func, root, rest[0], self.receiver(func), exact)
            rest = rest[1:]
        else:
            local = self.local_syms(module, func, root)
            syms = local if local is not None else self.evaluator.global_name(module, root, 0)
            if (
                (func.cls or func.kind == "state")
                and syms
                and all(isinstance(s, Missing) for s in syms)
                and self._in_class_body(module, func, root)
            ):
                # A method's decorators and defaults run in the class body: `@value.setter` names the property.
                syms = [OPAQUE]
        return self._steps(module, func, syms, rest)

    def steps(self, module: Module, func: FunctionFacts, syms: list[Sym], rest: tuple[str, ...]) -> list[Sym]:
        """What `syms` lead to along the attribute steps `rest`, in `func`'s body (a value known from elsewhere)."""
        return self._steps(module, func, syms, rest)

    def _steps(self, module: Module, func: FunctionFacts, syms: Sequence[Sym], rest: tuple[str, ...]) -> list[Sym]:
        """What `syms` lead to along the steps `rest` (attributes, call results), in `func`'s body; a call of a class
        by its name there gives an instance of exactly it where nothing can make it another (`Exactness.made`)."""
        for attr in rest:
            next_syms: list[Sym] = []
            for sym in syms:
                if attr[:1] != "(" and isinstance(sym, StdName) and sym.symbol.kind in ("function", "variable"):
                    next_syms.append(sym)  # attributes of a value: the reach is the value itself
                    continue
                if attr[:1] == "(" and isinstance(sym, ProjectClass) and not sym.dispatch:
                    next_syms.append(self.evaluator.exact.made(module, sym))  # `D(...)`: of exactly D, where it can be
                    continue
                next_syms.extend(self.evaluator.step_in(module, func, sym, attr, 1))
            syms = list(dict.fromkeys(next_syms)) if len(next_syms) > 1 else next_syms
        return syms if isinstance(syms, list) else list(syms)

    def _statement(self, module: Module, func: FunctionFacts) -> str:
        """The class a class statement's `state` function runs the body of ("" for any other function): its uses
        stand in that class's body as well as where the statement stands."""
        return func.qualname if func.kind == "state" and self.view.classes_named(module, func.qualname) else ""

    def _in_class_body(self, module: Module, func: FunctionFacts, name: str) -> bool:
        scopes = [func.cls] if func.cls else []
        statement = self._statement(module, func)
        if statement:
            scopes.append(statement)
        for index in (i for scope in scopes for i in self.view.classes_named(module, scope)):
            cls = module.facts.classes[index]
            if any(m == name for m, _ in cls.methods) or any(b.name == name for b in cls.attributes):
                return True
        return False


# -- what a declaration and an augmented assignment make of a name's values: the body's context plays no part


def _declared(
    evaluator: Evaluator, tracker: Tracker, module: Module, func: FunctionFacts, out: list[Sym], bound: list[Binding]
) -> list[Sym]:
    """A declared name (`tail: str`, `c: Clock` before `for c in items`, an annotated parameter) holds what its
    declaration says wherever it is bound, as a type checker holds every assignment of it to the declared
    type: where the declaration names a class, a binding that types nothing (an untyped iterable's element, an
    unpacked library result, the name's own earlier value) adds nothing unknown beside it. A declaration that
    types nothing itself (an unresolved name, `Any`) leaves every unknown in place."""
    if UNKNOWN not in out:
        return out
    key = ("declared", module.name, func.qualname, func.line, bound[0].name)
    if key in tracker.busy:  # `date: date` in a def, or `a: b` and `b: a`: the declaration types nothing
        return out
    tracker.busy.add(key)
    try:
        for binding in bound:
            if binding.kind == "instance" and binding.member == "declared":
                declaration = binding.target
            elif binding.kind == "alias" and binding.member:
                declaration = binding.member
            else:
                continue
            typed = evaluator.typed(module, _scope(func, binding.name, declaration), declaration)
            if any(sym is not UNKNOWN for sym in typed):
                return [sym for sym in out if sym is not UNKNOWN] or [UNKNOWN]
    finally:
        tracker.busy.discard(key)
    return out


def _augmented(evaluator: Evaluator, before: list[Sym], dunder: str) -> list[Sym]:
    """`c += x` on each value `c` may hold before: a project instance becomes what its `__iadd__` (or, without
    one, its `__add__`) returns, unknown when that says nothing; any other value keeps its class."""
    after: list[Sym] = []
    for sym in before:
        if not isinstance(sym, ProjectInstance):
            after.append(sym)
            continue
        for method in (f"__i{dunder[2:]}", dunder):
            found = [m for m in evaluator.step(sym, method, 1) if not isinstance(m, Missing)]
            if found:
                after.extend(r for m in found for r in evaluator.step(m, "()", 1))
                break
        else:
            after.append(sym)
    return after


def _binding_classes(module: Module, factory: str) -> list[Sym]:
    """An instance of each class of the module whose body binds a call of `factory`."""
    return [
        ProjectInstance(module.name, index)
        for index, cls in enumerate(module.facts.classes)
        if any(b.kind == "alias" and _calls(b.target, factory) for b in cls.attributes)
    ]


def _calls(target: str, name: str) -> bool:
    """Whether a binding's chain is a call of `name` (`_make_compare.(?,s)`; a call's step holds no dot)."""
    callee, dot, step = target.partition(".")
    return callee == name and dot == "." and step[:1] == "(" and "." not in step


def _local(func: FunctionFacts, name: str) -> bool:
    """Whether a name is the body's own (a local, something its body binds, a `super(X, obj)` root)."""
    return name.startswith("<super:") or name in func.locals or any(b.name == name for b in func.bindings)


def _scope(func: FunctionFacts, name: str, target: str) -> FunctionFacts | None:
    """Where a declaration of `name` is resolved: in the function, unless it names `name` itself (`def f(date:
    date)`), which means the class outside: Python evaluates a parameter's annotation around the def, and the
    name's own value never types it."""
    return None if target.lstrip("*^").partition(".")[0] == name else func


def _types_held(value: object, classes: object) -> list[Sym]:
    """The values a parameter typed by `arguments.TYPES` holds, a tuple holding the `arguments.CLASSES` given ([] for a
    malformed entry)."""
    out: list[Sym] = []
    for held in value if isinstance(value, tuple) else ():
        match held:
            case ("std", "builtins", "tuple") if isinstance(classes, tuple) and classes:
                elements = [ProjectClass(k[0], k[1]) if len(k) == 2 else UNKNOWN for k in classes]
                out += [Elements(e) for e in dict.fromkeys(elements)]
            case ("std", str(module), str(qualname)):
                out.append(StdInstance(module, qualname))
            case ("project", str(module), int(index)):
                out.append(ProjectInstance(module, index))
            case _:
                return []
    return out
