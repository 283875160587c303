"""What a constructor's tests of the fields its base constructor stored read, when it passed on what it was given.

`CharField.__init__(self, *args, db_collation=None, **kwargs)` runs `super().__init__(*args, **kwargs)` and then tests
`if self.max_length is not None:` (`analysis/fieldtests.py` keeps that test as `field_test(SUPER, "max_length")`).
`Field.__init__` stores `self.max_length = max_length` and never hands `self` out (`FunctionFacts.leaves`), so when
it returns the field holds what the construction passed for `max_length`: `CharField()` leaves it at its default,
None, and the test is decided.

That holds only for a construction (`C(...)`: the instance is new, so no other code holds it), on every class the
instance may be (the receiver and its project subclasses): none defines `__new__` (which could hand the instance
out before `__init__` runs), `super()` after the constructor's class finds one plain `__init__` with `leaves` (the
same one for all of them, over an exact MRO), and storing and reading every field either constructor touches runs
no code (`plainfields.PlainFields`). Code the base constructor runs cannot reach the instance but through frames or
the garbage collector's referrers, which the project is assumed not to use that way.
"""

from __future__ import annotations

from functools import partial

from pytest_claims.analysis.arguments import Passed, Signature, decide
from pytest_claims.analysis.fieldtests import super_changed
from pytest_claims.analysis.resolution.found import Call, Key
from pytest_claims.analysis.resolution.hierarchy import Hierarchy, MemberTable
from pytest_claims.analysis.resolution.plainfields import PlainFields
from pytest_claims.analysis.resolution.symbols import ClassKey
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import HIERARCHY, Decided, FunctionFacts

_HOOKS = ("__setattr__", "__getattribute__", "__getattr__", "__delattr__")
"""The special methods a store, read or delete of a field on an instance may run (with the instance)."""

CONSTRUCTED = ("<constructed>",)
"""The chain of a call that constructs the instance (`held.bound`)."""


class BaseFields:
    """The tests of base-stored fields a construction decides (per class and constructor, the base found memoised)."""

    def __init__(self, view: TargetView, hierarchy: Hierarchy, plain: PlainFields) -> None:
        self.view, self.hierarchy, self.plain = view, hierarchy, plain
        self._bases: dict[tuple[ClassKey, Key], Key | None] = {}
        self._keeps: dict[tuple[ClassKey, tuple[str, ...], tuple[str, ...]], tuple[bool, bool]] = {}

    def decided(
        self, key: Key, callee: FunctionFacts, call: Call, passed: Passed, receiver: ClassKey | None
    ) -> Decided:
        """The callee's tests of fields its base constructor left that the construction's arguments decide."""
        wanted = {name: found for name in callee.tests if (found := super_changed(name)) is not None}
        if not wanted or call.chain != CONSTRUCTED or not callee.qualname.endswith(".__init__"):
            return ()
        owner = receiver if receiver is not None else self._defining(key, callee)
        if owner is None:
            return ()
        self.view.tracker.module(HIERARCHY)
        base = self._base(owner, key)
        if base is None:
            return ()
        leaves = self.view.module(base[0]).facts.functions[base[1]].leaves
        if not leaves:
            return ()
        pairs, names, accepts = leaves
        left = dict(pairs)
        fields = {field for field, _ in wanted.values()}
        tested = tuple(sorted(fields))
        if (
            not fields & left.keys()
            or not self.plain.fields_plain(owner, tested)
            or not self._kept(owner, names, tested)
        ):
            return ()
        given = _passed_on(callee.accepts, passed)
        decided: list[tuple[str, str, object]] = []
        for name, (field, changed) in sorted(wanted.items()):
            if field in left and left[field] not in changed:  # a keyword the constructor changed: open
                decided.extend((name, kind, value) for _, kind, value in decide((left[field],), accepts, given, 1))
        return tuple(decided)

    def _kept(self, owner: ClassKey, names: tuple[str, ...], tested: tuple[str, ...]) -> bool:
        """Whether storing and reading `names` on an instance of `owner` or of a project subclass hands it to no code
        but property accessors that never hand it further and touch none of the `tested` fields (memoised)."""
        key = (owner, names, tested)
        return self.view.tracker.apart(self._keeps, key, partial(self._kept_below, owner, names, tested))

    def _kept_below(self, owner: ClassKey, names: tuple[str, ...], tested: tuple[str, ...]) -> bool:
        classes: dict[ClassKey, None] = {}
        for cls in (owner, *self.hierarchy.subclasses(*owner)):
            order = self.hierarchy.mro(*cls)
            if self.hierarchy.unnamable(order) or not self.plain.object_only(cls):
                return False
            classes.update(dict.fromkeys(order))
        for key in classes:
            table = self.hierarchy.members(*key)
            if any(hook in table for hook in _HOOKS) or not self.plain.plain_metaclass(key):
                return False
        todo, seen = list(names), set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            for key in classes:
                found = self.hierarchy.members(*key).get(name)
                if found is None:
                    continue
                methods, _, attributes = found
                facts = self.view.module(key[0]).facts
                if attributes and name not in facts.classes[key[1]].literals:
                    return False  # a class-body value that may be a descriptor
                for index in methods:
                    accessor = facts.functions[index]
                    if accessor.kind != "property" or not accessor.leaves or set(accessor.leaves[1]) & set(tested):
                        return False  # a method, or an accessor that may hand `self` out or touch a tested field
                    todo.extend(accessor.leaves[1])
        return True

    def _defining(self, key: Key, callee: FunctionFacts) -> ClassKey | None:
        """The class defining the constructor, when one class of that name is live."""
        module = self.view.module(key[0])
        found = self.view.classes_named(module, callee.cls)
        return (key[0], found[0]) if len(found) == 1 else None

    def _base(self, owner: ClassKey, key: Key) -> Key | None:
        """The one `__init__` that `super()` in `key` finds on every class the instance may be, or None."""
        memo = (owner, key)
        if memo not in self._bases:
            found = {self._next_init(cls, key) for cls in (owner, *self.hierarchy.subclasses(*owner))}
            self._bases[memo] = found.pop() if len(found) == 1 else None
        return self._bases[memo]

    def _next_init(self, cls: ClassKey, key: Key) -> Key | None:
        """The `__init__` after the one `key` defines in the class's MRO; None where that is not known exactly, where
        a class of it defines `__new__`, or where the next one is no single def."""
        order, exact = self.hierarchy.linearised(*cls)
        if not exact or self.hierarchy.unnamable(order):
            return None
        tables = [self.hierarchy.members(*c) for c in order]
        if any("__new__" in table for table in tables):
            return None
        at = [i for i, (c, t) in enumerate(zip(order, tables, strict=True)) if c[0] == key[0] and _defines(t, key[1])]
        if len(at) != 1:
            return None
        for c, table in zip(order[at[0] + 1 :], tables[at[0] + 1 :], strict=True):
            found = table.get("__init__")
            if found is None:
                continue
            methods, _, attributes = found
            return (c[0], methods[0]) if len(methods) == 1 and not attributes else None
        return None  # `object.__init__`: it stores nothing


def _defines(table: MemberTable, index: int) -> bool:
    found = table.get("__init__")
    return found is not None and index in found[0]


def _passed_on(accepts: Signature, passed: Passed) -> Passed:
    """What a def's `*args` and `**kwargs` pack of a call's arguments: the positional ones beyond its named
    positional parameters (`self` bound already), and the keywords naming none of its parameters."""
    positional, posonly, kwonly, _ = accepts
    given, keywords = passed
    named = {*positional[max(posonly, 1) :], *kwonly}
    return given[len(positional) - 1 :], tuple((k, v) for k, v in keywords if k not in named)
