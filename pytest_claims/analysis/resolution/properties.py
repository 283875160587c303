"""What reading a property on a project instance gives besides entering its getter: the value the getter returns,
so a call of it (`self.timer()`) or a `with` on it lands where that value does.

`evaluate.Evaluator` owns one and hands it itself with each question (`Values`), holding no reference back: the
getter's returns are read through the body's names (`Locals.uncached_use`) and its annotation through
`Evaluator.typed`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.symbols import UNKNOWN, ClassKey, ProjectFunction, ProjectInstance, Sym
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Kept, Tracker
from pytest_claims.records import FunctionFacts


def accessor(func: FunctionFacts) -> str:
    """Which accessor of a property a def is: "setter" or "deleter" where it is decorated `@x.setter` /
    `@x.deleter` (or `@Base.x.setter`: a subclass's setter of its base's property), "" for any other def (a getter:
    `@property`, `@x.getter`). A property's defs share its name."""
    if func.kind != "property":
        return ""
    for decorator in func.decorated:
        parts = decorator.split(".")
        if len(parts) >= 2 and parts[-1] in ("setter", "deleter"):
            return parts[-1]
    return ""


def read_defs(functions: Sequence[FunctionFacts], defs: list[int]) -> list[int]:
    """The defs of one name in a class body that reading the name on an instance runs: a property's getter, never
    its setter or deleter (`o.x = v` runs those, `hooks.Hooks._accessors`). Where no getter of it is among them (the
    class's `@x.setter` extends a property bound elsewhere) every def is kept: the read may run any."""
    if not any(functions[i].kind == "property" and not accessor(functions[i]) for i in defs):
        return defs
    return [i for i in defs if not accessor(functions[i])]


class Uses(Protocol):
    """The uses of a function body, resolved without the memo (`evaluate.Locals`, provided by `bodies.Bodies`)."""

    def uncached_use(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]: ...

    def use_apart(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], receiver: ClassKey | None = None
    ) -> list[Sym]: ...


class Escapes(Protocol):
    """Values that leave the body that made them (provided by `exact.Exactness`)."""

    def escaped(self, syms: list[Sym]) -> list[Sym]: ...


class Values(Protocol):
    """What a getter's value is read with (provided by `evaluate.Evaluator`)."""

    @property
    def locals(self) -> Uses: ...

    @property
    def exact(self) -> Escapes: ...

    def typed(self, module: Module, func: FunctionFacts | None, target: str) -> list[Sym]: ...


class Properties:
    """The values the property getters of project classes return, for one target (memoised per getter)."""

    def __init__(self, view: TargetView, tracker: Tracker) -> None:
        self.view, self.tracker = view, tracker
        self._getters: dict[tuple[str, int, ClassKey | None], Kept[Sym]] = {}

    def entered(self, found: list[Sym]) -> None:
        """Reading a property on an instance runs its getter wherever the read stands in a chain (`self.con.execute`
        as well as `self.con`): each getter among what the read found is recorded as the read's state, which the
        reader enters as `getter` (`summaries._read_how`)."""
        if self.tracker.collects_state:
            functions = self.view.module
            self.tracker.state(
                (s.module, s.idx) if s.receiver is None else (s.module, s.idx, s.receiver)
                for s in found
                if isinstance(s, ProjectFunction) and functions(s.module).facts.functions[s.idx].kind == "property"
            )

    def value(self, sym: ProjectFunction, values: Values) -> list[Sym]:
        """What reading a property on an instance gives besides entering its getter: the value the getter returns
        (what each `return` gives: a field, a function, an instance; where that is no chain, the project class its
        annotation names), so a call of it (`self.timer()`) or a `with` on it lands where that value does; an
        unknown value where the getter says nothing more (a call of it is a blind spot). The getter's `self` is of
        the class it was found on (`sym.receiver`: `isinstance(x, Value) and x.prop` reads `self.output_field` in
        the getter as a `Value`'s, not as any expression's). Memoised per getter and receiver."""
        home = self.view.module(sym.module)
        func = home.facts.functions[sym.idx]
        if func.kind != "property" or not func.gives:
            return []
        key = (sym.module, sym.idx, sym.receiver)
        return self.tracker.kept(self._getters, key, lambda: self._getter_value(values, home, func, key))

    def _getter_value(
        self, values: Values, home: Module, func: FunctionFacts, key: tuple[str, int, ClassKey | None]
    ) -> list[Sym]:
        busy = ("gives", *key)
        if busy in self.tracker.busy:  # a getter returning what it is itself read through
            self.tracker.cycles += 1
            return [UNKNOWN]
        self.tracker.busy.add(busy)
        try:
            with self.tracker.scope(modules="outer", state="off"):
                found: list[Sym] = []
                for chain in func.gives:
                    if chain != "?":
                        found.extend(values.locals.use_apart(home, func, tuple(chain.split(".")), key[2]))
                        continue
                    typed = values.typed(home, func, func.result) if func.result else []
                    found.extend(typed if typed and all(isinstance(s, ProjectInstance) for s in typed) else [UNKNOWN])
        finally:
            self.tracker.busy.discard(busy)
        if func.decorated != ("property",):  # a cached value: an assignment over it may hold a subclass's instance
            found = values.exact.escaped(found)
        return list(dict.fromkeys(found)) or [UNKNOWN]
