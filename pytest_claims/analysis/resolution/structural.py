"""Structural dispatch: a member of a value typed by a project protocol is what the project classes conforming to
the protocol give for it (docs/decisions.md), each entered as its own lookup finds the member; a call of it enters
only those whose member accepts the call's arguments (`misfits`).

`dispatch.Dispatch` owns one and lends it its own lookups (`OwnMember`, `Lookup`, and two tests of a class's
bindings), so the candidates are found exactly as a lookup on them would find the member; `close` drops them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn, Protocol

from pytest_claims.analysis.arguments import fits
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import (
    UNKNOWN,
    ClassKey,
    ProjectFunction,
    StdName,
    Sym,
    order,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Read, Tracker, state_entry
from pytest_claims.analysis.specials import reserved
from pytest_claims.records import HIERARCHY


class OwnMember(Protocol):
    """`Dispatch.own_member`: what one class of an MRO gives for a name, or None when it does not bind it."""

    def __call__(
        self,
        instance: bool,
        mod_name: str,
        cls_index: int,
        attr: str,
        depth: int,
        receiver: tuple[ClassKey, bool] | None = None,
        state: bool = True,
    ) -> list[Sym] | None: ...


class Lookup(Protocol):
    """`Dispatch._lookup`: Python's lookup of a name from a class, memoised."""

    def __call__(
        self,
        instance: bool,
        module_name: str,
        index: int,
        attr: str,
        depth: int,
        after: ClassKey | None,
        narrow: bool = False,
    ) -> list[Sym]: ...


class Structural:
    """The conforming classes of the project protocols, and what they give for a member, for one target."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Tracker],
        lookups: tuple[OwnMember, Lookup],
        tests: tuple[Callable[[str, int, str], bool], Callable[[str, int, str], bool]],
    ) -> None:
        self.view, self.evaluator, self.hierarchy, self.tracker = parts
        self._own_member, self._lookup = lookups
        self._constant, self.is_instance_state = tests
        self.dispatched: set[Sym] = set()
        """Every def structural dispatch entered for a class: a call landing on none needs no arity check."""
        self._structural: dict[
            tuple[str, int, str], tuple[list[Sym], tuple[tuple[ClassKey, tuple[Sym, ...]], ...], frozenset[str]]
        ] = {}

    def close(self) -> None:
        """Drop the lookups lent by `Dispatch`: the engine runs with the cyclic collector off."""
        self._own_member = self._lookup = self._constant = self.is_instance_state = _closed

    def protocol_member(self, protocol: ClassKey, attr: str, found: list[Sym]) -> list[Sym]:
        """A member of a value typed by a project protocol: what the conforming classes give for it (see
        docs/decisions.md). A method with no candidate is an unknown value (a call of it is a blind spot, never
        the stub's empty body); a data member (`size: int`, a property) is also what the protocol says it is."""
        candidates = self.structural(protocol, attr)
        if attr not in self.hierarchy.protocol_members(*protocol)[1]:
            return candidates or [UNKNOWN]
        return list(dict.fromkeys([*candidates, *found])) or [UNKNOWN]

    def structural(self, protocol: ClassKey, attr: str) -> list[Sym]:
        """A member of a value typed by a project protocol (docs/decisions.md): a candidate is a project class that
        conforms to the protocol, defining or inheriting every member it declares (`conforms`), entered as its
        own lookup finds the member; and the protocol's own def, when its body is more than a stub. Empty: none.

        The candidates depend on every module's classes (`HIERARCHY`), and on what looking the member up in the
        candidates read (their modules, the bodies of the protocols' defs): those are recorded as read."""
        self.tracker.module(HIERARCHY)
        key = (*protocol, attr)
        known = self._structural.get(key)
        if known is None:
            tracker = self.tracker
            if ("structural", *key) in tracker.busy:  # `read = clock.read` in an implementer's body, `clock` typed
                tracker.cycles += 1  # what is computed inside the cycle saw a partial answer: not memoised
                return [UNKNOWN]
            tracker.busy.add(("structural", *key))
            cycles = tracker.cycles
            try:
                with tracker.scope(state="outer") as read:
                    found, per_class = self._structural_uncached(protocol, attr)
            finally:
                tracker.busy.discard(("structural", *key))
            known = (found, per_class, tracker.frozen(read.modules))
            if tracker.cycles == cycles:
                self._structural[key] = known
        self.tracker.modules(known[2])
        return known[0]

    def _structural_uncached(
        self, protocol: ClassKey, attr: str
    ) -> tuple[list[Sym], tuple[tuple[ClassKey, tuple[Sym, ...]], ...]]:
        found: list[Sym] = []
        hierarchy = self.hierarchy
        for owner in hierarchy.mro(*protocol):  # the protocol's own def, as Python's lookup on it finds it
            if hierarchy.is_protocol(*owner) and attr in hierarchy.members(*owner):
                with self.tracker.scope(modules="outer") as read:
                    own = self._own_member(False, *owner, attr, 1) or []
                found.extend(s for s in own if not (isinstance(s, ProjectFunction) and self._stub(s)))
                found.extend(s for s in self._stated(read) if s not in found)
                break
        # the protocol's own body is entered whatever the call passes (`misfits` keeps it)
        per_class: list[tuple[ClassKey, tuple[Sym, ...]]] = [(protocol, tuple(found))]
        members, data = hierarchy.protocol_members(*protocol)
        for candidate in self._supplying(attr, members, data):
            if hierarchy.is_protocol(*candidate) or not self.conforms(candidate, members, data):
                continue
            with self.tracker.scope(modules="outer") as read:
                own = self._lookup(True, *candidate, attr, 1, None)
            if UNKNOWN in own and self._constant_member(candidate, attr):
                own = [s for s in own if s != UNKNOWN]  # `run = None`: nothing to call, no blind spot
            syms = tuple(dict.fromkeys([*own, *self._stated(read)]))
            per_class.append((candidate, syms))
            self.dispatched.update(s for s in syms if isinstance(s, ProjectFunction))
            found.extend(s for s in syms if s not in found)
        return sorted(found, key=order), tuple(per_class)

    def _stated(self, read: Read) -> list[Sym]:
        """The module or class state a lookup read (what the binding evaluates is entered with the member)."""
        return [ProjectFunction(*state_entry(key)) for key in sorted(read.state or ())]

    def _supplying(self, attr: str, members: frozenset[str], data: frozenset[str]) -> list[ClassKey]:
        """The project classes that may conform and have `attr`: those whose own body binds a member of the
        protocol, and their subclasses (a conforming class binds each member `object` lacks, or has it from a
        stdlib or third-party base: `attr` too may come from one); and, for a data member that is no special
        method, those whose `__getattr__` may answer for it."""
        hierarchy = self.hierarchy
        names = [n for n in sorted(members) if self.view.stub_member("builtins", ("object", n)).kind == "missing"]
        owners = [owner for name in names or [attr] for owner in hierarchy.implementers(name)]
        if attr in data and not reserved(attr):
            owners = [*owners, *hierarchy.implementers("__getattr__")]
        found: set[ClassKey] = set()
        for owner in owners:
            if owner not in found:
                found.add(owner)
                found.update(hierarchy.subclasses(*owner))
        return sorted(found)

    def conforms(self, candidate: ClassKey, members: frozenset[str], data: frozenset[str]) -> bool:
        """Whether instances of the class have every member a protocol declares: bound by a class of its MRO (a
        def, a property, a class-body assignment or annotation, a field set on `self`), or possibly by what the
        walk cannot see through (a stdlib or third-party base, a base it cannot name), or by `object` itself
        (`__eq__`, `__hash__`); a data member (of `data`) that is no special method may also be what the class's
        `__getattr__` answers. A method the protocol declares must be bound: a class answering every name by
        `__getattr__` would conform to every protocol."""
        hierarchy = self.hierarchy
        order_ = hierarchy.mro(*candidate)
        # what the classes bind (fields set on `self` too, which no class shape holds) is read from their modules
        self.tracker.modules(key[0] for key in order_)
        bound: set[str] = set()
        for key in order_:
            bound.update(hierarchy.members(*key))
        missing = members - bound
        if not missing or hierarchy.unnamable(order_):
            return True
        hooked = "__getattr__" in bound
        foreign = hierarchy.foreign_bases(*candidate)
        for name in missing:
            if hooked and name in data and not reserved(name):
                continue
            if self.view.stub_member("builtins", ("object", name)).kind != "missing":
                continue
            if any(not _missing(self.evaluator.step(base, name, 2)) for base in foreign):
                continue
            return False
        return True

    def _constant_member(self, candidate: ClassKey, attr: str) -> bool:
        """Whether the first class of the candidate's MRO binding `attr` binds it only to a constant, and no method
        assigns it on `self`."""
        if self.is_instance_state(*candidate, attr):
            return False
        for key in self.hierarchy.mro(*candidate):
            members = self.hierarchy.members(*key).get(attr)
            if members is not None:
                return not members[0] and self._constant(*key, attr)
        return False

    def misfits(self, protocol: ClassKey, attr: str, given: int, keywords: tuple[str, ...]) -> frozenset[Sym]:
        """What a call of a protocol member passing `given` positional arguments and `keywords` cannot enter: the
        members only conforming classes whose member does not accept those arguments give (the called member
        must accept the call's arguments, its arity and keyword names). A member supplied otherwise than by
        a plain def (a field, a class-body assignment, `__getattr__`) accepts anything."""
        self.structural(protocol, attr)
        known = self._structural.get((*protocol, attr))
        if known is None:
            return frozenset()
        fitting: set[Sym] = set()
        unfit: set[Sym] = set()
        for candidate, syms in known[1]:
            fits_call = candidate == protocol or self._fits(candidate, attr, given, keywords)
            (fitting if fits_call else unfit).update(syms)
        return frozenset(unfit - fitting)

    def _fits(self, candidate: ClassKey, attr: str, given: int, keywords: tuple[str, ...]) -> bool:
        if self.is_instance_state(*candidate, attr):
            return True
        for key in self.hierarchy.mro(*candidate):
            members = self.hierarchy.members(*key).get(attr)
            if members is None:
                continue
            methods, _, attributes = members
            module = self.view.module(key[0])
            self.tracker.module(key[0])
            defs = [module.facts.functions[i] for i in methods]
            defs = [f for f in defs if self.view.alive(module, f.guard)]
            if not defs or attributes:
                return True
            return any(fits(f.arity, given, keywords, 0 if f.kind == "staticmethod" else 1) for f in defs)
        return True

    def _stub(self, sym: ProjectFunction) -> bool:
        """A def whose body is only `...`, `pass` or a docstring: its facts hold no use past its decorators (a
        body that uses nothing, `return 0`, counts as one too: it reaches nothing either)."""
        func = self.view.module(sym.module).facts.functions[sym.idx]
        return not any(use[2] >= func.line for use in func.uses)


def _missing(stepped: list[Sym]) -> bool:
    """Whether a stdlib base's lookup says the name is not there."""
    return bool(stepped) and isinstance(stepped[0], StdName) and stepped[0].symbol.kind == "missing"


def _closed(*args: object, **kwargs: object) -> NoReturn:
    raise RuntimeError("the resolver is closed")
