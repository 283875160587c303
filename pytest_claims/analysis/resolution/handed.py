"""A project function passed to a project function that only keeps it for the classes it defines.

A function value passed as an argument is a reference where it is passed: the callee may call it anywhere. Where
the callee's own body shows that it never does (`lazy(gettext, str)`: `lazy` reads `func` only in the methods of
its local class `__proxy__`, and hands it to `functools.wraps`, which copies its attributes), the value runs only
where one of those methods runs. Each such method reaches something (it calls or hands on a value it cannot
know), so it is a blind spot wherever its class leaves the callee (`escapes.py`) and wherever the walk enters it:
the reference at the call site adds nothing but a chain through code that does not run there.
"""

from __future__ import annotations

from collections.abc import Callable

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Key, closed
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import ProjectFunction
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.specials import CONSTRUCTORS, KEEPS_ITS_ARGUMENT
from pytest_claims.records import HANDED, FunctionFacts, Summary


class Handed:
    """Whether a function value passed to a call is kept by the callee for its local classes only."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        summary: Callable[[Key], Summary],
    ) -> None:
        self.view, _, _, _, self.bodies, self.tracker = parts
        self.summary = summary
        self._asking: set[ProjectFunction] = set()
        """The callees being judged: a method of one's local class passing a def back to it is not judged again
        (the summary it would ask for is being made)."""

    def close(self) -> None:
        """Drop the references back to the summary (`found.closed`)."""
        self.summary = closed

    def kept(self, module: Module, func: FunctionFacts, code: str) -> str | None:
        """`code` marks a `ref` use as an argument of one of `func`'s calls (`HANDED`): the name of that call's only
        callee where it is a project function whose parameter for it is kept for its local classes
        (`_kept_for_classes`); None otherwise."""
        index, _, slot = code[len(HANDED) : -1].partition(" ")
        callees = self.bodies.use(module, func, func.uses[int(index)][0])[0]
        if len(callees) != 1 or not isinstance(callees[0], ProjectFunction) or callees[0].receiver is not None:
            return None
        home = self.view.module(callees[0].module)
        callee = home.facts.functions[callees[0].idx]
        if callee.kind != "function":
            return None
        position = int(slot) if slot.isdigit() else -2
        param = next((n for n, p in callee.received if p == position or (position == -2 and n == slot)), None)
        self.tracker.modules(frozenset({home.name}))
        if param is None or callees[0] in self._asking:
            return None
        self._asking.add(callees[0])
        try:
            return callee.qualname if self._kept_for_classes(home, callee, param) else None
        finally:
            self._asking.discard(callees[0])

    def _kept_for_classes(self, home: Module, callee: FunctionFacts, param: str) -> bool:
        """The callee's own body (its local defs and lambdas included) uses `param` only as the function
        `functools.wraps` copies (`KEEPS_ITS_ARGUMENT`), and each method of a class it defines that names `param`
        reaches something, so it is a blind spot where it cannot be followed."""
        prefix = f"{callee.qualname}.<locals>."
        if _runs_inside(callee, prefix):
            return False
        for chain, ctx, _, _, code in callee.uses:
            if chain[:1] == (param,) and ctx != "type" and not self._kept(home, callee, ctx, code):
                return False
        for index, method in enumerate(home.facts.functions):
            if not method.qualname.startswith(prefix) or not any(c[:1] == (param,) for c, *_ in method.uses):
                continue
            if method.qualname.rpartition(".")[2] in CONSTRUCTORS:  # constructing the class in the callee runs it
                return False
            body = self.summary((home.name, index))
            self.tracker.modules(body.deps)
            if not (body.reaches or body.edges or body.frontier or body.blind):
                return False
        return True

    def _kept(self, home: Module, callee: FunctionFacts, ctx: str, code: str) -> bool:
        """A `ref` use of the parameter that is an argument the stdlib only keeps (`functools.wraps(func)`)."""
        if ctx != "ref" or not code.startswith(HANDED):
            return False
        index, _, slot = code[len(HANDED) : -1].partition(" ")
        chain = callee.uses[int(index)][0]
        if chain[0] in callee.locals:
            return False
        dotted = _imported(home, chain)
        return dotted is not None and slot in KEEPS_ITS_ARGUMENT.get(dotted, ())


_ONLY_BUILT = frozenset({"call", "ref", "escape", "probe", "passed", "type"})
"""What the callee may do with a class it defines, running no method but a constructor: construct it, name it,
let it leave, test a name of it."""

_CLASS_STORES = frozenset({("__setattr__",), ("__delattr__",)})
"""`setattr(Box, name, f)`, `Box.x = f`: a store on the class object itself, which its metaclass handles."""

_STORES_BY_NAME = frozenset({"setattr", "delattr"})
"""The uses of a store by a computed name (`setattr(Box, name, f)`: `(Box, "*")`), on the class object itself too."""


def _runs_inside(callee: FunctionFacts, prefix: str) -> bool:
    """Whether the callee may run a method of a class it defines itself (besides constructing it): a call or an
    implicit call on the class or an instance of it, or a name bound to one (`box = Box(); box.run()`)."""
    names = {b.name for b in callee.bindings if b.kind == "class" and b.target.startswith(prefix)}
    if any(b.kind != "class" and b.target.lstrip("*{^(").split(".")[0] in names for b in callee.bindings):
        return True
    for chain, ctx, *_ in callee.uses:
        if not chain or chain[0] not in names or chain[1:] in _CLASS_STORES:
            continue
        if (len(chain) == 2 and ctx in _STORES_BY_NAME) or (len(chain) == 3 and chain[2] in ("__set__", "__delete__")):
            continue  # what a store on the class object runs (`Box.x = f`): its metaclass's, never Box's
        if ctx == "probe" and len(chain) == 2:  # `hasattr(Box, name)` runs no method of Box, only its metaclass's
            continue
        if len(chain) > 1 or ctx not in _ONLY_BUILT:
            return True
    return False


def _imported(home: Module, chain: tuple[str, ...]) -> str | None:
    """A chain rooted at a name the module binds once, by an import (`from functools import wraps`, `import
    functools`): the stdlib name it spells; None for anything else."""
    bindings = [b for b in home.facts.bindings if b.name == chain[0]]
    if len(bindings) != 1 or bindings[0].guard:
        return None
    bound = bindings[0]
    if bound.kind == "from" and not bound.target.startswith("."):
        return ".".join((bound.target, bound.member, *chain[1:]))
    if bound.kind == "import":
        return ".".join((bound.target, *chain[1:]))
    return None
