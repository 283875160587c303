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

from pytest_claims.analysis.arguments import FIELD_MARK, Passed, Signature, decide, field_test
from pytest_claims.analysis.fieldtests import SUPER
from pytest_claims.analysis.resolution.found import Call, Key
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.plainfields import PlainFields
from pytest_claims.analysis.resolution.symbols import ClassKey
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import HIERARCHY, Decided, FunctionFacts

_MARK = f"{SUPER}{FIELD_MARK}"
"""How the name of a test of a field the base constructor left begins."""

CONSTRUCTED = ("<constructed>",)
"""The chain of a call that constructs the instance (`held.bound`)."""


class BaseFields:
    """The tests of base-stored fields a construction decides (per class and constructor, the base found memoised)."""

    def __init__(self, view: TargetView, hierarchy: Hierarchy, plain: PlainFields) -> None:
        self.view, self.hierarchy, self.plain = view, hierarchy, plain
        self._bases: dict[tuple[ClassKey, Key], Key | None] = {}

    def decided(self, key: Key, callee: FunctionFacts, call: Call, passed: Passed, receiver: ClassKey | None) -> Decided:
        """The callee's tests of fields its base constructor left that the construction's arguments decide."""
        wanted = [name for name in callee.tests if name.startswith(_MARK)]
        if not wanted or call.chain != CONSTRUCTED:
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
        fields = {name.removeprefix(_MARK) for name in wanted}
        if not fields & left.keys() or not self.plain.fields_plain(owner, tuple(sorted({*names, *fields}))):
            return ()
        given = _passed_on(callee.accepts, passed)
        decided: list[tuple[str, str, object]] = []
        for field in sorted(fields & left.keys()):
            for _, kind, value in decide((left[field],), accepts, given, 1):
                decided.append((field_test(SUPER, field), kind, value))
        return tuple(decided)

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


def _defines(table: dict[str, tuple[tuple[int, ...], tuple[object, ...], tuple[object, ...]]], index: int) -> bool:
    found = table.get("__init__")
    return found is not None and index in found[0]


def _passed_on(accepts: Signature, passed: Passed) -> Passed:
    """What a def's `*args` and `**kwargs` pack of a call's arguments: the positional ones beyond its named
    positional parameters (`self` bound already), and the keywords naming none of its parameters."""
    positional, posonly, kwonly, _ = accepts
    given, keywords = passed
    named = {*positional[max(posonly, 1) :], *kwonly}
    return given[len(positional) - 1 :], tuple((k, v) for k, v in keywords if k not in named)
