"""Fields a subclass stores on `self`: on an instance of a project subclass whose methods assign `self.run = ...`,
`self.run()` in a base's method calls what the instance holds, not the base's def (an instance attribute shadows a
class attribute at run time). Any method of the subclass may have run before the call, so every such store counts
(semantics §4.7), beside the class's own member and its subclasses' overrides (`Dispatch.class_member`). What a
store gives is what a field of the class's own would: an alias's value, a call's, an annotation's, or an unknown
value for one stored from a parameter (a blind spot, whose default and arguments `stored.Stored` follows).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import ClassKey, ProjectInstance, Sym
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import HIERARCHY, Binding

Store = tuple[ClassKey, ClassKey | None, Binding]
"""A field stored on `self`: the class whose method stores it, the class it is resolved for (None: the storing
class, which lies below the receiver's; else the subclass bringing in a sibling base that stores it), the binding."""

FieldValue = tuple[Sym, str, int]
"""What a subclass's field may hold, and the module and line of the store that puts it there."""


class SubclassFields:
    """The fields of a name the project subclasses of a class store on `self`, for one target (memoised per run)."""

    def __init__(
        self,
        view: TargetView,
        hierarchy: Hierarchy,
        tracker: Tracker,
        field: Callable[[Module, Binding, int, ClassKey | None], list[Sym]],
    ) -> None:
        self.view, self.hierarchy, self.tracker = view, hierarchy, tracker
        self._field = field
        """`Dispatch._field`: what one store of a field gives."""
        self._stores: dict[tuple[str, int, str], tuple[tuple[tuple[ClassKey, Store], ...], bool]] = {}

    def close(self) -> None:
        """Drop the method lent by `Dispatch`: the engine runs with the cyclic collector off."""
        self._field = _closed

    def values(self, sym: ProjectInstance, attr: str, depth: int) -> list[FieldValue]:
        """What `sym.attr` may hold through the stores of the project subclasses of `sym`'s class that `sym` may be
        an instance of (none of `sym.without`), each with where it is stored; empty where none stores the name."""
        found: list[FieldValue] = []
        for sub, (owner, receiver, binding) in self._subclass_stores(sym.module, sym.idx, attr):
            if sym.without and any(w in self.hierarchy.mro(*sub) for w in sym.without):
                continue
            module = self.view.module(owner[0])
            if not self.view.alive(module, binding.guard):
                continue
            for value in self._field(module, binding, depth, receiver):
                if (value, owner[0], binding.line) not in found:
                    found.append((value, owner[0], binding.line))
        return found

    def _subclass_stores(self, module_name: str, index: int, attr: str) -> tuple[tuple[ClassKey, Store], ...]:
        """(subclass, store) for every class of a project subclass's MRO outside the class's own MRO whose
        methods assign `self.attr` (the class hierarchy's: `HIERARCHY`)."""
        self.tracker.module(HIERARCHY)
        key = (module_name, index, attr)
        return self.tracker.apart(self._stores, key, lambda: self._stores_uncached(*key), guarded=True)

    def _stores_uncached(self, module_name: str, index: int, attr: str) -> tuple[tuple[ClassKey, Store], ...]:
        found: list[tuple[ClassKey, Store]] = []
        below = {*self.hierarchy.subclasses(module_name, index), (module_name, index)}
        above = set(self.hierarchy.mro(module_name, index))
        for sub in self.hierarchy.overriders(module_name, index).get(attr, ()):
            for owner in self.hierarchy.mro(*sub):
                members = self.hierarchy.members(*owner).get(attr)
                if owner in above or members is None:
                    continue
                # a store of a sibling base is resolved for the subclass bringing it in
                receiver = None if owner in below else sub
                found.extend((sub, (owner, receiver, binding)) for binding in members[1])
        return tuple(found)


def _closed(*args: object, **kwargs: object) -> NoReturn:
    raise RuntimeError("the resolver is closed")
