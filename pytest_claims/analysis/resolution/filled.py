"""What the project puts in a field's list: the elements a loop over `obj.items` may give beside what the field
itself gives (`bodies.Contents`).

Two sources, each resolved where it is written: what the methods of the field's classes put in it
(`self.items.append(x)`, `self.items = [a, b]`: `FunctionFacts.holds` under `self.items`), and, for a field set
from a constructor parameter (`self.frames = frames`), what the lists the project's constructor calls pass for it
hold, where the calling function fills a local list and passes it (`ret.append(item)` then `cls(ret)`). Code
anywhere may fill a field's list, so what the field gives (an unknown element, usually) always stays beside.
"""

from __future__ import annotations

from pytest_claims.analysis.arguments import NAMED, SURE
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.configured import stored_params
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.stored import Stored, passed_value
from pytest_claims.analysis.resolution.symbols import UNKNOWN, ClassKey, Elements, ProjectInstance, Sym
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import HIERARCHY, FunctionFacts

_Known = tuple[list[Sym], frozenset[str]]


class Filled:
    """The elements the project puts in fields' lists, for one target (memoised per class and field)."""

    def __init__(
        self, view: TargetView, hierarchy: Hierarchy, bodies: Bodies, stored: Stored, tracker: Tracker
    ) -> None:
        self.view, self.hierarchy, self.bodies, self.stored, self.tracker = view, hierarchy, bodies, stored, tracker
        self._known: dict[tuple[ClassKey, str], _Known] = {}

    def field(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]:
        """The elements the project puts in `obj.attr` (`chain`) for the project instances `obj` may be: the
        classes of their hierarchy, subclasses included."""
        receivers = [s for s in self.bodies.use(module, func, chain[:-1])[0] if isinstance(s, ProjectInstance)]
        if not receivers:
            return []
        self.tracker.module(HIERARCHY)
        found: list[Sym] = []
        for receiver in receivers:
            key = (receiver.module, receiver.idx)
            for cls in dict.fromkeys([*self.hierarchy.mro(*key), *self.hierarchy.subclasses(*key)]):
                found.extend(self._class(cls, chain[-1]))
        return [sym for sym in dict.fromkeys(found) if sym is not UNKNOWN]

    def _class(self, cls: ClassKey, attr: str) -> list[Sym]:
        """What one class's methods and constructor calls put in its field `attr`; memoised with what it read, and
        nothing while the same question is under way (a list filled from itself)."""
        key = (cls, attr)
        return self.tracker.once(self._known, key, ("filled", *cls, attr), lambda: self._class_uncached(cls, attr))

    def _class_uncached(self, cls: ClassKey, attr: str) -> list[Sym]:
        module = self.view.module(cls[0])
        self.tracker.module(cls[0])  # its methods' bodies say what they put in the field
        functions = module.facts.functions
        found: list[Sym] = []
        for _, index in module.facts.classes[cls[1]].methods:
            func = functions[index]
            if not func.first or not self.view.alive(module, func.guard):
                continue
            if any(entry[0] == f"{func.first}.{attr}" for entry in func.holds):
                found.extend(self._apart(module, func, f"{func.first}.{attr}", cls))
        for index, param in stored_params(self.view, self.hierarchy, cls, attr):
            if functions[index].qualname.rpartition(".")[2] == "__init__":
                found.extend(self._passed(cls[0], index, param))
                found.extend(self._shown(cls[0], index, param))
        return found

    def _shown(self, module_name: str, index: int, param: str) -> list[Sym]:
        """The elements of the collections the `__init__` at (module, index) is shown to get for `param`: its
        default, and what the project's constructor calls pass (`Stored.parameter`), where that is a display or a
        copy of one (`displays`)."""
        origins = self.stored.parameter(module_name, index, param, 0)
        return [sym.item for sym, _, _ in origins if isinstance(sym, Elements)]

    def _passed(self, module_name: str, index: int, param: str) -> list[Sym]:
        """What the lists the project's constructor calls pass for `param` of the `__init__` at (module, index)
        hold, where the calling function passes a local it fills (`cls(ret)`)."""
        entry = next((p for p in self.view.module(module_name).facts.functions[index].params if p[0] == param), None)
        if entry is None:
            return []
        found: list[Sym] = []
        for site_module, site_index, use_index, shift in self.stored.constructor_sites(module_name, index):
            caller = self.view.module(site_module)
            func = caller.facts.functions[site_index]
            value = passed_value(func, use_index, param, entry[1] - shift if entry[1] >= 0 else -1)
            if value is None or value[0] not in (NAMED, SURE) or "." in value[1]:
                continue
            if any(holder == value[1] for holder, _, _ in func.holds):
                found.extend(self._apart(caller, func, value[1], None))
        return found

    def _apart(self, module: Module, func: FunctionFacts, key: str, receiver: ClassKey | None) -> list[Sym]:
        """A body's `holds` under `key`, resolved in that body apart from the one being summarised."""
        outer = self.bodies.begin(func, receiver)
        self.bodies.current = None
        try:
            return self.bodies.contents_of(module, func, key)
        finally:
            self.bodies.end(outer)
