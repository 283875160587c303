"""Whether a method's tests of its fields may be decided by its arguments: storing and reading those fields on `self`
runs no code.

A test of `self.size` just after `self.size = size` reads what the call passed (`analysis/fieldtests.py`) only when
the store and the read are plain: no class `self` may be an instance of defines `__setattr__` or `__getattribute__`,
binds one of the names in its body or as a method (a property, a descriptor, a class-body value a read could find
first), names a metaclass other than `ABCMeta`, or has a base the walk cannot see into (a stdlib or third-party class
other than `object` or `abc.ABC`, a base it cannot name). The classes `self` may be an instance of: the class the
walk entered the method for (else the classes defining it) and every project subclass of those, each with its whole
MRO; only the class itself and its MRO when the method runs on an instance of exactly it (a constructor's `self`:
its `OUTSIDE` entry names every direct subclass). The answer depends on every module's classes: recorded as
`HIERARCHY`. The project is assumed not to add such a
hook to a class from outside its body (a class decorator, `setattr` on the class), as it is for the methods it
dispatches.
"""

from __future__ import annotations

from functools import partial

from pytest_claims.analysis.arguments import FIELD_MARK, OUTSIDE
from pytest_claims.analysis.fieldtests import class_field
from pytest_claims.analysis.resolution.hierarchy import Hierarchy, exactly
from pytest_claims.analysis.resolution.symbols import ClassKey, StdName
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import HIERARCHY, Decided, FunctionFacts

_HOOKS = ("__setattr__", "__getattribute__")
"""The special methods that run on every store or read of an instance's attribute."""

_PLAIN_METACLASSES = frozenset({"", "ABCMeta", "abc.ABCMeta"})
"""Metaclasses as written (`ClassFacts.metaclass`) that add no descriptor to the classes they make."""


_PLAIN_BASES = frozenset({"builtins.object", "abc.ABC"})
"""The stdlib bases that define no attribute hook and no descriptor an instance's field could meet."""


class PlainFields:
    """Per class and field names, whether storing and reading them on its instances runs no code (memoised)."""

    def __init__(self, view: TargetView, hierarchy: Hierarchy, tracker: Tracker) -> None:
        self.view, self.hierarchy, self.tracker = view, hierarchy, tracker
        self._plain: dict[tuple[ClassKey, tuple[str, ...], bool], tuple[bool, bool]] = {}

    def decided(self, module_name: str, func: FunctionFacts, receiver: ClassKey | None, args: Decided) -> Decided:
        """`args` without its field tests when the fields they rely on (`func.plain`) may not be plain (a test of a
        class-body literal, `classliterals`, was decided on its own terms)."""
        if not any(_stored_test(d[0]) for d in args):
            return args
        outside = next((d[2] for d in args if d[0] == OUTSIDE), ())
        if func.plain and self._all_plain(module_name, func, receiver, outside if isinstance(outside, tuple) else ()):
            return args
        return tuple(d for d in args if not _stored_test(d[0]))

    def fields_plain(self, owner: ClassKey, names: tuple[str, ...]) -> bool:
        """Whether storing and reading the names on an instance of `owner` or of a project subclass runs no code."""
        self.tracker.module(HIERARCHY)
        return self.tracker.apart(self._plain, (owner, names, False), partial(self._plain_below, owner, names, False))

    def _all_plain(
        self, module_name: str, func: FunctionFacts, receiver: ClassKey | None, outside: tuple[ClassKey, ...]
    ) -> bool:
        if receiver is not None:
            owners = [receiver]
        elif func.cls:
            module = self.view.module(module_name)
            owners = [(module_name, index) for index in self.view.classes_named(module, func.cls)]
        else:
            return False
        self.tracker.module(HIERARCHY)
        return bool(owners) and all(
            self.tracker.apart(
                self._plain, (owner, func.plain, exact), partial(self._plain_below, owner, func.plain, exact)
            )
            for owner in owners
            for exact in [exactly(self.hierarchy, owner, outside)]
        )

    def _plain_below(self, owner: ClassKey, names: tuple[str, ...], exact: bool = False) -> bool:
        """Whether every class deriving from `owner` (itself included; only itself when `exact`) keeps the names
        plain, down its whole MRO."""
        seen: set[ClassKey] = set()
        for cls in (owner,) if exact else (owner, *self.hierarchy.subclasses(*owner)):
            order = self.hierarchy.mro(*cls)
            if self.hierarchy.unnamable(order) or not self.object_only(cls):
                return False
            for key in order:
                if key not in seen and not self._plain_class(key, names):
                    return False
                seen.add(key)
        return True

    def object_only(self, key: ClassKey) -> bool:
        """No stdlib or third-party base but `object` anywhere in the class's hierarchy."""
        return all(isinstance(s, StdName) and s.dotted in _PLAIN_BASES for s in self.hierarchy.foreign_bases(*key))

    def plain_metaclass(self, key: ClassKey) -> bool:
        """Whether the class names no metaclass, or one that adds no descriptor (`ABCMeta`)."""
        return self.view.module(key[0]).facts.classes[key[1]].metaclass in _PLAIN_METACLASSES

    def _plain_class(self, key: ClassKey, names: tuple[str, ...]) -> bool:
        members = self.hierarchy.members(*key)
        if any(hook in members for hook in _HOOKS):
            return False
        if not self.plain_metaclass(key):
            return False
        for name in names:
            found = members.get(name)
            if found is not None and (found[0] or found[2]):
                return False  # a def or a class-body binding of the name: a property, a descriptor, a default read
        return True


def _stored_test(name: str) -> bool:
    """A test of a field that reads what a method stored there (`fieldtests.field_tests`)."""
    return FIELD_MARK in name and class_field(name) is None
