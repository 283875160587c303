"""What a method's tests of its fields read on an instance a call just made: what D's constructor left.

Django's `with translation_override(None):` enters `override.__enter__`, which tests `if self.language is not None:`;
`override.__init__(self, language, deactivate=False)` stores `self.language = language` and never hands `self` out
(`FunctionFacts.leaves`), so the test reads the literal the construction passed, None, and is decided
(`fieldtests.class_reads` keeps the test as `<class>>self.language`). So is `override.__exit__`'s `elif
self.deactivate:` (False): only `__enter__` ran on the instance in between, and the block cannot reach it.

That holds only where nothing else can have reached the instance between its construction and the read: the call
makes an instance of exactly D (`exact.py`), and the method runs on it at once (`Call.made`): `with` enters
`__enter__`, then `__exit__` after a block that cannot reach the instance (the first `__enter__` of D's MRO is one
def that never hands `self` out, so what it returned is not `self`, and never stores the field); `D(...).m()`; or
`x.m()` on a local bound once to `D(...)` that nothing else reads (`FunctionFacts.fresh`). No class of D's exact MRO
defines `__new__` or an attribute hook, names a metaclass but `ABCMeta`, or binds one of the field names the
constructor or the methods touch in its body (a property, a descriptor), and its stdlib bases are `object`,
`abc.ABC` or `contextlib.ContextDecorator` (which binds no field name but `_recreate_cm`); the first `__init__` of
that MRO is one plain def that leaves the field holding a parameter (`leaves`); and the method never hands `self`
out nor stores the field (`fieldtests.entered_reads`), so code it runs before the test cannot store it.
"""

from __future__ import annotations

from functools import partial

from pytest_claims.analysis.arguments import decide
from pytest_claims.analysis.fieldtests import Leaves, class_field
from pytest_claims.analysis.resolution.found import Call, Key
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.plainfields import PlainFields
from pytest_claims.analysis.resolution.symbols import ClassKey, StdName
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import HIERARCHY, Decided, FunctionFacts

_HOOKS = ("__new__", "__setattr__", "__getattribute__", "__getattr__", "__delattr__")
"""What may hand the new instance out, or run code on a store or read of its fields."""

_BASES = {"builtins.object": frozenset(), "abc.ABC": frozenset(), "contextlib.ContextDecorator": {"_recreate_cm"}}
"""The stdlib bases allowed, with the non-special names their bodies bind (a field of that name is refused)."""


class FreshFields:
    """The field tests a method run on a new instance of D decides (per class, the constructor found memoised)."""

    def __init__(self, view: TargetView, hierarchy: Hierarchy, plain: PlainFields) -> None:
        self.view, self.hierarchy, self.plain = view, hierarchy, plain
        self._inits: dict[tuple[ClassKey, tuple[str, ...]], tuple[Key | None, bool]] = {}

    def decided(self, callee: FunctionFacts, call: Call) -> Decided:
        """The callee's `<class>>self.f` tests the construction's arguments decide through D's constructor."""
        if call.made is None or not callee.leaves or callee.kind != "method" or callee.qualname.endswith(".__init__"):
            return ()
        unstored = {field for field, _ in callee.leaves[0]}
        names = callee.leaves[1]
        owner, passed = call.made
        self.view.tracker.module(HIERARCHY)
        if "__exit__" in (call.chain[-1], callee.qualname.rpartition(".")[2]):  # `__enter__` ran in between: it
            # must not store the field either (the chain says so where the class binds `__exit__ = close`)
            entered = self._entered(owner)
            if not entered:
                return ()
            unstored -= set(entered[1]) - {field for field, _ in entered[0]}
            names = tuple(sorted({*names, *entered[1]}))
        wanted = {name: field for name in callee.tests if (field := class_field(name)) in unstored}
        if not wanted:
            return ()
        init = self._init(owner, names)
        if init is None:
            return ()
        pairs, _, accepts = self.view.module(init[0]).facts.functions[init[1]].leaves or ((), (), None)
        left = dict(pairs)
        decided: list[tuple[str, str, object]] = []
        for name, field in sorted(wanted.items()):
            if field in left and accepts is not None:
                decided.extend((name, kind, value) for _, kind, value in decide((left[field],), accepts, passed, 1))
        return tuple(decided)

    def _entered(self, owner: ClassKey) -> Leaves:
        """What the `__enter__` an instance of exactly `owner` runs reads and touches: the first of its MRO, one
        plain def that never hands `self` out (`fieldtests.entered_reads`); () when not known."""
        order, exact = self.hierarchy.linearised(*owner)
        for cls in order if exact else ():
            found = self.hierarchy.members(*cls).get("__enter__")
            if found is None:
                continue
            if len(found[0]) != 1 or found[2]:
                return ()
            return self.view.module(cls[0]).facts.functions[found[0][0]].leaves
        return ()

    def _init(self, owner: ClassKey, names: tuple[str, ...]) -> Key | None:
        """The constructor an instance of exactly `owner` runs, when it and every class of the MRO keep the
        fields plain (`names`: those `__enter__` touches); else None (memoised)."""
        key = (owner, names)
        return self.view.tracker.apart(self._inits, key, partial(self._init_below, owner, names))

    def _init_below(self, owner: ClassKey, names: tuple[str, ...]) -> Key | None:
        order, exact = self.hierarchy.linearised(*owner)
        if not exact or self.hierarchy.unnamable(order):
            return None
        refused: set[str] = set()
        for base in self.hierarchy.foreign_bases(*owner):
            if not isinstance(base, StdName) or base.dotted not in _BASES:
                return None
            refused |= _BASES[base.dotted]
        init: Key | None = None
        for cls in order:
            table = self.hierarchy.members(*cls)
            found = table.get("__init__")
            if init is None and found is not None:
                if len(found[0]) != 1 or found[2]:
                    return None
                init = (cls[0], found[0][0])
            if any(hook in table for hook in _HOOKS) or not self.plain.plain_metaclass(cls):
                return None
        if init is None:
            return None
        leaves = self.view.module(init[0]).facts.functions[init[1]].leaves
        touched = {*names, *(leaves[1] if leaves else ())}
        if not leaves or touched & refused or not all(self._plain(cls, touched) for cls in order):
            return None
        return init

    def _plain(self, cls: ClassKey, names: set[str]) -> bool:
        """No def and no class-body binding of the names in the class (a property, a descriptor, a default)."""
        table = self.hierarchy.members(*cls)
        return all((found := table.get(name)) is None or not (found[0] or found[2]) for name in names)
