"""One tracker of what a computation read, so that what is memoised or stored depends on exactly that.

Every answer of the resolution depends on some modules (and on markers: `PLATFORM`, when another target of the
run would answer otherwise, `HIERARCHY`, when a subclass search was made, and `METHOD_NAMES`, when it asked
whether the project's classes bind a method name), and may read module or class
state (a name whose binding evaluates something: its readers reach what that evaluates, semantics §4). A computation
that is memoised runs in its own scope and keeps what it read with its answer:

    with tracker.scope() as read:
        answer = compute()
    memo[key] = (answer, tracker.frozen(read.modules), tracker.frozen(read.state))

Scopes nest; leaving one restores the outer record untouched, and the caller passes on what it should
(`tracker.modules(...)`, `tracker.state(...)`): a memo hit must replay exactly what the first computation read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal, TypeVar

from pytest_claims.records import PLATFORM

StateKey = tuple[str, int] | tuple[str, int, tuple[str, int]]
"""Module or class state: (module, index of the `state` function holding what its binding evaluates), or a method
a read runs (a property's getter, `__getattr__`, a descriptor's `__get__`), with, when the read is on an instance
of a class below the method's own, that class: the method is entered for it, as a call found there would be."""

T = TypeVar("T")


def state_entry(key: StateKey) -> tuple[str, int, tuple[str, int] | None]:
    """A state key as (module, function index, the class it is entered for or None)."""
    return (key[0], key[1], key[2]) if len(key) == 3 else (key[0], key[1], None)

Kept = tuple[tuple[T, ...], frozenset[str], frozenset[StateKey]]
"""A memoised answer with the modules (and markers) and the state computing it read (`Tracker.kept`); a tuple, not
the list it was computed as: tens of thousands are kept for the whole run, and an empty one costs nothing."""


class Read:
    """What one computation read: modules (and markers), and module state (None: state is not collected)."""

    __slots__ = ("modules", "state")

    def __init__(self, modules: set[str], state: set[StateKey] | None) -> None:
        self.modules = modules
        self.state = state


class _Scope:
    """A fresh record while the `with` block runs (a class, not a generator: resolution opens one per miss)."""

    __slots__ = ("inner", "outer", "tracker")

    def __init__(self, tracker: Tracker, inner: Read) -> None:
        self.tracker = tracker
        self.inner = inner
        self.outer = tracker.read

    def __enter__(self) -> Read:
        self.tracker.read = self.inner
        return self.inner

    def __exit__(self, *exc: object) -> None:
        self.tracker.read = self.outer


class Tracker:
    """The record of the computation under way, the recursion guards, and one object for equal read sets."""

    def __init__(self, reads: bool = True) -> None:
        self.reads = reads
        """Whether the modules (and markers) read are recorded. A run that stores nothing for the next run
        records `PLATFORM` alone, the only one an answer of this run depends on: the rest say when a stored
        answer goes stale, and their sets, memoised with tens of thousands of answers, cost tens of MB."""
        self.read = Read(set(), None)
        self.busy: set[tuple[object, ...]] = set()
        """Computations under way: asking one again is a cycle (an import cycle, `class A(A.B)`, `x = x.y`)."""
        self.cycles = 0
        """How many times a lookup met an import or star-import cycle under way: an answer computed while the
        count moved saw a partial answer and is not memoised."""
        self.partial_orders = 0
        """How many times a class's order was asked for while it was being computed (`class A(A.B)`): the memos
        that guard on it keep no answer computed while the count moved."""
        self._sets: dict[frozenset[Any], frozenset[Any]] = {}

    def scope(
        self, modules: Literal["fresh", "outer"] = "fresh", state: Literal["fresh", "outer", "off"] = "fresh"
    ) -> _Scope:
        """A record of its own for one computation: `fresh` sets, the `outer` computation's, or state `off`
        (not collected: a read there is nobody's, as a class's bases are read once, by the class statement)."""
        outer = self.read
        inner_state = set() if state == "fresh" else (outer.state if state == "outer" else None)
        return _Scope(self, Read(set() if modules == "fresh" else outer.modules, inner_state))

    def module(self, name: str) -> None:
        if self.reads or name == PLATFORM:
            self.read.modules.add(name)

    def modules(self, names: Iterable[str]) -> None:
        if self.reads:
            self.read.modules.update(names)
        elif PLATFORM in names:
            self.read.modules.add(PLATFORM)

    def state(self, keys: Iterable[StateKey]) -> None:
        if self.read.state is not None:
            self.read.state.update(keys)

    @property
    def collects_state(self) -> bool:
        return self.read.state is not None

    def frozen(self, names: Iterable[Any]) -> frozenset[Any]:
        """One object for equal sets: tens of thousands of memoised answers read the same few modules."""
        key = frozenset(names)
        known: frozenset[Any] = self._sets.setdefault(key, key)
        return known

    def recorded(self, names: Iterable[str]) -> frozenset[str]:
        """What this run records of the modules (and markers) `names` (`reads`), one object for equal sets."""
        return self.frozen(names if self.reads else {PLATFORM}.intersection(names))

    def apart(
        self, memo: dict[Any, tuple[T, bool]], key: Any, compute: Callable[[], T], guarded: bool = False
    ) -> T:
        """`compute()`, memoised apart from the dependencies of what asks (the hierarchy is `HIERARCHY`'s): only
        whether it consulted something platform-specific is passed on, every time it is asked. `guarded`: not
        kept when it met a cycle under way (`cycles`, `partial_orders`)."""
        known = memo.get(key)
        if known is None:
            counts = self.cycles, self.partial_orders
            with self.scope(state="outer") as read:
                value = compute()
            known = (value, PLATFORM in read.modules)
            if not guarded or counts == (self.cycles, self.partial_orders):
                memo[key] = known
        if known[1]:
            self.read.modules.add(PLATFORM)
        return known[0]

    def once(
        self,
        memo: dict[Any, tuple[list[T], frozenset[str]]],
        key: Any,
        busy: tuple[object, ...],
        compute: Callable[[], list[T]],
    ) -> list[T]:
        """`compute()` memoised with the modules it read (state not collected), passed on every time it is asked;
        nothing while the same question (`busy`) is under way (a cycle through defaults, call sites or a list
        filled from itself), and not kept when it met a cycle under way (`cycles`)."""
        known = memo.get(key)
        if known is None:
            if busy in self.busy:  # what is computed inside the cycle saw a partial answer: not memoised
                self.cycles += 1
                return []
            cycles = self.cycles
            self.busy.add(busy)
            try:
                with self.scope(state="off") as read:
                    value = compute()
            finally:
                self.busy.discard(busy)
            known = (value, self.frozen(read.modules))
            if self.cycles == cycles:
                memo[key] = known
        self.modules(known[1])
        return known[0]

    def kept(self, memo: dict[Any, Kept[T]], key: Any, compute: Callable[[], list[T]]) -> list[T]:
        """`compute()` memoised with the modules and the state it read, both passed on every time it is asked;
        not kept when it met a cycle under way (`cycles`, `partial_orders`). It collects state only where the
        asker does: a computation that behaves otherwise then has that in its `key`."""
        known = memo.get(key)
        if known is not None:
            self.read.modules.update(known[1])
            self.state(known[2])
            return list(known[0])
        counts = self.cycles, self.partial_orders
        with self.scope(state="fresh" if self.read.state is not None else "off") as read:
            value = compute()
        deps, reads = self.frozen(read.modules), self.frozen(read.state or ())
        self.read.modules.update(deps)
        self.state(reads)
        if counts == (self.cycles, self.partial_orders):
            memo[key] = (tuple(value), deps, reads)
        return value
