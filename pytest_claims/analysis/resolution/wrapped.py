"""A wrapper's result called at once: `sync_to_async(f, thread_sensitive=False)(request, e)` calls `f(request, e)`
(`specials.CALLS_WHAT_IT_WRAPS`), so the walk enters `f` as that call, its tests decided by what it is passed, and
not as a reference with no argument known. Only where the facts show both calls' arguments, the wrapper is one
of the table's alone, and what it wraps is a name denoting project functions alone; anything else stays as it was:
a reference where the function is handed over, and the call of the wrapper's result what it was.
"""

from __future__ import annotations

from pytest_claims.analysis.arguments import NAMED, SURE, Passed
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.symbols import External, ProjectFunction, StdName
from pytest_claims.analysis.specials import CALLS_WHAT_IT_WRAPS, Wraps
from pytest_claims.records import HANDED, FunctionFacts

Calls = dict[int, Passed] | None
"""A body's `FunctionFacts.calls` as a mapping: what each call use passes, where the facts know it."""


class Wrapped:
    """The calls of a wrapper's result that call the project function it wraps, for one target's summaries."""

    def __init__(self, bodies: Bodies) -> None:
        self.bodies = bodies

    def call(
        self, module: Module, func: FunctionFacts, index: int, calls: Calls, chain: tuple[str, ...]
    ) -> tuple[tuple[str, ...], Passed | None]:
        """What the use `index` (of `chain`) calls and what it passes (None: not a call, or not known): for a call of
        what a wrapper call returns, the function it wraps and what that is passed; else as written."""
        found = self._wrapped(module, func, index, calls)
        if found is not None:
            return found[0], found[1]
        return chain, calls.get(index) if calls is not None and func.uses[index][1] == "call" else None

    def handed(self, module: Module, func: FunctionFacts, index: int, calls: Calls) -> bool:
        """Whether a `ref` use is the function a wrapper is handed where its result is called at once (`call`):
        that call enters it, so no reference is recorded."""
        chain, ctx, line, _, code = func.uses[index]
        if ctx != "ref" or not code.startswith(HANDED):
            return False
        inner, _, slot = code[len(HANDED) : -1].partition(" ")
        if func.uses[int(inner)][1] != "call" or self._wraps(module, func, func.uses[int(inner)][0]) is None:
            return False  # the common case, answered without a look along the body
        outer = _outer(func, int(inner), line)
        found = self._wrapped(module, func, outer, calls) if outer is not None else None
        return found is not None and found[0] == chain and found[2] == (int(inner), slot)

    def _wrapped(
        self, module: Module, func: FunctionFacts, index: int, calls: Calls
    ) -> tuple[tuple[str, ...], Passed, tuple[int, str]] | None:
        """The wrapped function's chain, what the call passes it, and (the wrapper call's use, the slot) where the
        call use `index` calls a table wrapper's result at once, passing what the facts know."""
        chain, ctx, line, _, _ = func.uses[index]
        if calls is None or ctx != "call" or chain[-1:] != ("()",) or index not in calls:
            return None
        wraps = self._wraps(module, func, chain[:-1])
        if wraps is None:
            return None
        inner = [i for i, use in enumerate(func.uses) if use[:3] == (chain[:-1], "call", line)]
        if len(inner) != 1 or _outer(func, inner[0], line) != index or inner[0] not in calls:
            return None
        given = calls[inner[0]]
        if len(given[0]) <= wraps.position:
            return None
        arg = given[0][wraps.position]
        if not (isinstance(arg, tuple) and len(arg) == 2 and arg[0] in (NAMED, SURE) and isinstance(arg[1], str)):
            return None
        target = tuple(arg[1].split("."))
        handed = f"{HANDED}{inner[0]} {wraps.position}>"
        if not any(use[0] == target and use[1] == "ref" and use[4] == handed for use in func.uses):
            return None
        syms = self.bodies.use(module, func, target)[0]
        if not syms or not all(isinstance(sym, ProjectFunction) and self._callable(sym) for sym in syms):
            return None
        return target, _passed(wraps, given, calls[index]), (inner[0], str(wraps.position))

    def _callable(self, sym: ProjectFunction) -> bool:
        """A def or lambda, not the state a read of class or module state enters, nor a property's getter."""
        return self.bodies.view.module(sym.module).facts.functions[sym.idx].kind not in ("state", "property")

    def _wraps(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> Wraps | None:
        """The table's entry for what `chain` denotes, where every value it may be is the same entry."""
        entries: set[Wraps] = set()
        for sym in self.bodies.use(module, func, chain)[0]:
            match sym:
                case External(dotted) if dotted in CALLS_WHAT_IT_WRAPS:
                    entries.add(CALLS_WHAT_IT_WRAPS[dotted])
                case StdName(dotted, symbol) if {dotted, ".".join(symbol.where)} & CALLS_WHAT_IT_WRAPS.keys():
                    names = {dotted, ".".join(symbol.where)} & CALLS_WHAT_IT_WRAPS.keys()
                    entries.update(CALLS_WHAT_IT_WRAPS[name] for name in names)
                case _:
                    return None
        return entries.pop() if len(entries) == 1 else None


def _outer(func: FunctionFacts, inner: int, line: int) -> int | None:
    """The one call use on `line` of what the call use `inner` returns, if there is one and no other."""
    chain = (*func.uses[inner][0], "()")
    outer = [i for i, use in enumerate(func.uses) if use[:3] == (chain, "call", line)]
    return outer[0] if len(outer) == 1 else None


def _passed(wraps: Wraps, given: Passed, passed: Passed) -> Passed:
    """What the wrapped function is passed: the call's arguments, after the wrapper's own (`prepends`)."""
    if not wraps.prepends:
        return passed
    keywords = dict(given[1])
    keywords.update(passed[1])
    return (*given[0][wraps.position + 1 :], *passed[0]), tuple(keywords.items())
