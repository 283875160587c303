"""Override exclusion: the project subclasses a method found by looking its name up on an instance is never
entered for, since each one's MRO certainly finds another def of the name first. Inside `Compiler.run`, entered by
`self.run()`, `self` is no instance of a subclass overriding `run`, so `self.sql()` there is not that subclass's
`sql` (`arguments.OUTSIDE`).
"""

from __future__ import annotations

from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import ClassKey, ProjectFunction
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import HIERARCHY, FunctionFacts


class Exclusion:
    """The subclasses outside a method found on instances, for one target (memoised per run)."""

    def __init__(self, view: TargetView, hierarchy: Hierarchy, tracker: Tracker) -> None:
        self.view, self.hierarchy, self.tracker = view, hierarchy, tracker
        self._outside: dict[tuple[str, int, ClassKey | None, str], tuple[tuple[ClassKey, ...], bool]] = {}

    def outside(self, sym: ProjectFunction, attr: str) -> tuple[ClassKey, ...]:
        """The project subclasses (the topmost ones, sorted) that a method found by looking `attr` up on an instance
        is never entered for: each one's MRO certainly finds another def of the name first (an exact order, a class
        before the method's own binding `attr` by live defs alone). Inside the method `self` is no instance of
        them: `self.sql()` in `Compiler.run`, entered by `self.run()`, is not the `sql` of a subclass overriding
        `run`. Empty where none is known: the method's name is not `attr`, or it is no plain method."""
        home = self.view.module(sym.module)
        func = home.facts.functions[sym.idx]
        if func.kind != "method" or not func.cls or func.qualname.rpartition(".")[2] != attr:
            return ()
        self.tracker.module(HIERARCHY)
        key = (sym.module, sym.idx, sym.receiver, attr)
        return self.tracker.apart(self._outside, key, lambda: self._outside_uncached(sym, func, attr), guarded=True)

    def _outside_uncached(self, sym: ProjectFunction, func: FunctionFacts, attr: str) -> tuple[ClassKey, ...]:
        home = self.view.module(sym.module)
        owners = [(sym.module, i) for i in self.view.classes_named(home, func.cls)]
        entered = [sym.receiver] if sym.receiver is not None else owners
        found: list[ClassKey] = []
        for key in entered:
            for sub in self.hierarchy.overriders(*key).get(attr, ()):
                if sub not in found and self._overrides_first(sub, attr, owners):
                    found.append(sub)
        chosen = set(found)
        top = [k for k in found if not chosen.intersection(self.hierarchy.mro(*k)[1:])]
        return tuple(sorted(top))

    def _overrides_first(self, sub: ClassKey, attr: str, owners: list[ClassKey]) -> bool:
        """Whether `sub`'s lookup of `attr` certainly stops before every class in `owners`: its order is exact and
        names every base, and the first class binding the name binds it by live defs alone (no field, no
        class-body assignment that could hold the owner's def)."""
        order_, exact = self.hierarchy.linearised(*sub)
        if not exact or self.hierarchy.unnamable(order_):
            return False
        for key in order_:
            if key in owners:
                return False
            members = self.hierarchy.members(*key).get(attr)
            if members is None:
                continue
            methods, fields, attributes = members
            module = self.view.module(key[0])
            live = [fi for fi in methods if self.view.alive(module, module.facts.functions[fi].guard)]
            return bool(live) and not fields and not attributes and any(o in order_ for o in owners)
        return False
