"""The context a call enters a project function in: the callee's tests the call decides, by the literals it passes
(its own, or the decided parameters of the body it is written in, passed on: `context.forward`) and by the
arguments of known class it passes (`instances.Instances`); on a decorated def, only where every decorator hands
the def back unchanged (`hands_back`), since anything else may wrap it.
"""

from __future__ import annotations

from pytest_claims.analysis.arguments import INSTANCE, NAMED, SURE, Passed
from pytest_claims.analysis.resolution.basefields import BaseFields
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.classliterals import ClassLiterals
from pytest_claims.analysis.resolution.conditional import Site
from pytest_claims.analysis.resolution.context import at_call, entered_with, forward, with_hops
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Call, Key
from pytest_claims.analysis.resolution.freshfields import FreshFields
from pytest_claims.analysis.resolution.held import bound
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.instances import Instances
from pytest_claims.analysis.resolution.plainfields import PlainFields
from pytest_claims.analysis.resolution.returned import Returned
from pytest_claims.analysis.resolution.symbols import ClassKey, ProjectFunction, Sym
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import Decided, FunctionFacts


class Entering:
    """The arguments the calls of one target's summaries enter their callees with (decorators memoised per def)."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        instances: Instances,
        plain: PlainFields,
    ) -> None:
        self.view, evaluator, hierarchy, _, self.bodies, self.tracker = parts
        self.instances = instances
        self.returned = Returned(self.view, evaluator, self.tracker)
        self.base_fields = BaseFields(self.view, hierarchy, plain)
        self.class_literals = ClassLiterals(self.view, evaluator, hierarchy, plain)
        self.fresh_fields = FreshFields(self.view, hierarchy, plain)
        self._decorators: dict[Key, tuple[bool, frozenset[str]]] = {}
        """Per decorated def, whether its decorators hand it back unchanged, and the modules that answer read."""

    def entered(
        self, key: Key, callee: FunctionFacts, call: Call, receiver: ClassKey | None = None, outside: Decided = ()
    ) -> Decided:
        """The callee's tests the call decides: by the literals it passes or leaves (its own, or the decided
        parameters of the body it is written in, passed on), by the arguments of known class it passes, (a
        construction) by the fields its base constructor left from what it passed on (`basefields`), and by the
        literals the classes its `self` may be bind to the fields it tests (`classliterals`; `outside`: the
        subclasses the edge rules out), and (a method run on an instance just made: `with D(...):`, `D(...).m()`)
        by what D's constructor left (`freshfields`). A plain name of a module constant passes its literal
        (`returned`)."""
        passed, hops, origin = self._forwarded(call, (key[0], callee.qualname, callee.line))
        shift = bound(self.bodies, callee, call)
        constants = self.returned.passed(call.module, call.func, passed) if callee.tests else passed
        args = entered_with(callee, constants, shift)
        site = Site(passed, call.module, call.func)
        known = self.instances.decide(key, callee.tests, callee.accepts, site, shift)
        left = self.base_fields.decided(key, callee, call, passed, receiver)
        left += self.class_literals.decided(key, callee, receiver, outside)
        left += self.fresh_fields.decided(callee, call)
        return with_hops(merged(tuple(sorted((*args, *left), key=lambda d: d[0])), known), hops, origin)

    def _forwarded(self, call: Call, callee: object) -> tuple[Passed, int, object]:
        """What a call passes, with the decided parameters of the body it is written in passed on (`forward`), how
        many calls they have been passed through (0: none passed on, or passed back into `callee`, where they were
        first passed on from) and that function, as (module, qualname, line). Asks the context when it passes on a
        parameter some context may decide, in every context: one deciding none resolves the call alike and must not
        tape it for those that do (`Summaries._body` replays what asked nothing)."""
        bodies = self.bodies
        passes_on = any(
            _names_one_of(arg, call.func.tests) for arg in (*call.passed[0], *(v for _, v in call.passed[1]))
        )
        if passes_on and call.func is bodies.current:
            bodies.asked += 1  # the edge's arguments depend on how the body was entered: never replayed
        given = bodies.given
        if given is None or given[0] is not call.func:
            return call.passed, 0, None
        body = (call.module.name, call.func.qualname, call.func.line)
        passing = forward(call.passed, at_call(call.func, given[1], call.use), body, callee)
        return passing if passing is not None else (call.passed, 0, None)

    def hands_back(self, key: Key, callee: FunctionFacts) -> bool:
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


def _names_one_of(arg: object, names: tuple[str, ...]) -> bool:
    """Whether a passed argument (`arguments.Passed`) is a plain name out of `names`."""
    return isinstance(arg, tuple) and len(arg) == 2 and arg[0] in (NAMED, SURE) and arg[1] in names


def merged(args: Decided, known: Decided) -> Decided:
    """The literal arguments a call decides, with the parameters it passes a value of known class: a literal whose
    class answers the callee's `isinstance` tests of it is passed as an instance, those tests decided and its value
    no longer (a function seldom tests one parameter both ways)."""
    if not known:
        return args
    answered = {d[0] for d in known if d[1] == INSTANCE and d[2]}
    args = tuple(d for d in args if d[0] not in answered)
    literal = {d[0] for d in args}
    return tuple(sorted((*args, *(d for d in known if d[0] not in literal)), key=lambda d: d[0]))
