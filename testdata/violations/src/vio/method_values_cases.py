"""Values that are methods without a `def` in the class: what a builtin `__new__` makes of `cls` in a classmethod
(`self = cls.__new__(cls)`, diskcache's `Deque.fromcache`) is an instance of the class, and a def a factory returns
is a method of each class whose body binds the factory's value (`__eq__ = _make_compare(operator.eq)`, diskcache's
`persistent.py`): its first parameter is an instance of the class where the def runs (docs/semantics.md §5). A
`collections.abc` mixin method (`MutableMapping.update`) called on a project instance runs its own `__setitem__`."""

import operator
import time
from collections.abc import MutableMapping, Sequence

# -- `cls.__new__(cls)`, `object.__new__(cls)`, `super().__new__(cls)` in a classmethod ---------------------------


class Ticking:
    def __init__(self, start):
        self.start = start

    # claims: deterministic
    @classmethod
    def made_by_new(cls):
        self = cls.__new__(cls)
        self.fill()
        return self

    # claims: deterministic
    @classmethod
    def made_by_object_new(cls):
        self = object.__new__(cls)
        self.fill()
        return self

    def fill(self):
        # want: deterministic call time.time from vio.method_values_cases.Ticking.made_by_new via vio.method_values_cases.Ticking.fill
        # want: deterministic call time.time from vio.method_values_cases.Ticking.made_by_object_new via vio.method_values_cases.Ticking.fill
        self.start = time.time()


class TickingSequence(Sequence):
    # claims: deterministic
    @classmethod
    def made_by_super_new(cls):
        self = super().__new__(cls)
        self.fill()
        return self

    def fill(self):
        # want: deterministic call time.monotonic from vio.method_values_cases.TickingSequence.made_by_super_new via vio.method_values_cases.TickingSequence.fill
        return time.monotonic()

    def __len__(self):
        return 0

    def __getitem__(self, index):
        raise IndexError(index)


class Still:
    def __init__(self, start):
        self.start = start

    # claims: deterministic
    @classmethod
    def made_by_new(cls):
        self = cls.__new__(cls)
        self.fill()
        return self

    def fill(self):
        self.start = 0.0


# -- a factory's returned def bound in a class body ---------------------------------------------------------------


# claims: deterministic
def _make_compare(compare_op):
    def compare(self, that):
        # want-blind: `compare_op(list(self), list(that))` from vio.method_values_cases._make_compare; `iter(self)` from vio.method_values_cases._make_compare; `iter(that)` from vio.method_values_cases._make_compare
        # want-blind: `compare_op(list(self), list(that))` from vio.method_values_cases.same_clocks via vio.method_values_cases._make_compare; `iter(self)` from vio.method_values_cases.same_clocks via vio.method_values_cases._make_compare
        # want-blind: `iter(that)` from vio.method_values_cases.same_clocks via vio.method_values_cases._make_compare
        return compare_op(list(self), list(that))

    return compare


class Clocks:
    def __iter__(self):
        # want: deterministic call time.time from vio.method_values_cases._make_compare via vio.method_values_cases.Clocks.__iter__
        # want: deterministic call time.time from vio.method_values_cases.same_clocks via vio.method_values_cases._make_compare -> vio.method_values_cases.Clocks.__iter__
        return iter([time.time()])

    __eq__ = _make_compare(operator.eq)


# claims: deterministic
def same_clocks(that):
    return Clocks() == that


# claims: deterministic
def _make_still_compare(compare_op):
    def compare(self, that):
        # want-blind: `compare_op(list(self), list(that))` from vio.method_values_cases._make_still_compare; `iter(self)` from vio.method_values_cases._make_still_compare; `iter(that)` from vio.method_values_cases._make_still_compare
        # want-blind: `compare_op(list(self), list(that))` from vio.method_values_cases.same_constants via vio.method_values_cases._make_still_compare; `iter(self)` from vio.method_values_cases.same_constants via vio.method_values_cases._make_still_compare
        # want-blind: `iter(that)` from vio.method_values_cases.same_constants via vio.method_values_cases._make_still_compare
        return compare_op(list(self), list(that))

    return compare


class Constants:
    def __iter__(self):
        return iter([1.0])

    __eq__ = _make_still_compare(operator.eq)


# claims: deterministic
def same_constants(that):
    return Constants() == that


# -- a `collections.abc` mixin method runs the instance's own methods (diskcache's `Index.fromcache`) -------------


class StampedIndex(MutableMapping):
    def __init__(self):
        self._items = {}

    def __getitem__(self, key):
        # want-blind: `hash(key)` from vio.method_values_cases.StampedIndex.add_all via vio.method_values_cases.StampedIndex.__getitem__
        # want-blind: `hash(key)` from vio.method_values_cases.StampedIndex.from_items via vio.method_values_cases.StampedIndex.__getitem__
        return self._items[key]

    def __setitem__(self, key, value):
        # want: deterministic call time.time from vio.method_values_cases.StampedIndex.add_all via vio.method_values_cases.StampedIndex.__setitem__
        # want: deterministic call time.time from vio.method_values_cases.StampedIndex.from_items via vio.method_values_cases.StampedIndex.__setitem__
        # want-blind: `hash(key)` from vio.method_values_cases.StampedIndex.add_all via vio.method_values_cases.StampedIndex.__setitem__
        # want-blind: `hash(key)` from vio.method_values_cases.StampedIndex.from_items via vio.method_values_cases.StampedIndex.__setitem__
        self._items[key] = (value, time.time())

    def __delitem__(self, key):
        # want-blind: `hash(key)` from vio.method_values_cases.StampedIndex.add_all via vio.method_values_cases.StampedIndex.__delitem__
        # want-blind: `hash(key)` from vio.method_values_cases.StampedIndex.from_items via vio.method_values_cases.StampedIndex.__delitem__
        del self._items[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)

    _update = MutableMapping.update

    # claims: deterministic
    @classmethod
    def from_items(cls, items):
        self = cls.__new__(cls)
        self._items = {}
        self._update(items)
        return self

    # claims: deterministic
    def add_all(self, items):
        self.update(items)


class PlainIndex(MutableMapping):
    def __init__(self):
        self._items = {}

    def __getitem__(self, key):
        # want-blind: `hash(key)` from vio.method_values_cases.PlainIndex.add_all via vio.method_values_cases.PlainIndex.__getitem__
        return self._items[key]

    def __setitem__(self, key, value):
        # want-blind: `hash(key)` from vio.method_values_cases.PlainIndex.add_all via vio.method_values_cases.PlainIndex.__setitem__
        self._items[key] = value

    def __delitem__(self, key):
        # want-blind: `hash(key)` from vio.method_values_cases.PlainIndex.add_all via vio.method_values_cases.PlainIndex.__delitem__
        del self._items[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)

    # claims: deterministic
    def add_all(self, items):
        self.update(items)
