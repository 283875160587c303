"""What a method's tests of a field of `self` read where nothing stores the field: the literal the class body binds.

Django's `Lookup.get_prep_lookup` tests `if not self.prepare_rhs ...: return self.rhs`; `HasKey` binds
`prepare_rhs = False` in its body and nothing stores `prepare_rhs` on any object, so on a `HasKeyOrArrayIndex` the
test is true and the rest of the method never runs (`analysis/fieldtests.class_reads` keeps such a test as
`<class>>self.prepare_rhs`; the call's edge decides it here, as a literal argument decides a parameter's test).

Decided only where every class `self` may be an instance of (the receiver, else the method's class, with its project
subclasses but those the edge rules out, `arguments.OUTSIDE`) finds the name first, over an exact MRO, as a literal
its body binds once and unconditionally (`ClassFacts.values`: no descriptor, no def, no field its methods set), all
the same literal; and where nothing may put another value before it:

- no class of those MROs defines `__getattribute__` or `__slots__`, names a metaclass (but `ABCMeta`), has a foreign
  base but `object` / `abc.ABC`, or a class decorator but a project function or a stdlib one that adds no attribute;
- no project module's text may store the name as an attribute of any object, delete it, or set it by a name in a
  string (`Modules.may_store`: `obj.prepare_rhs = v`, `setattr(o, "prepare_rhs", v)`);
- no module of those classes (nor of their project decorators) stores an attribute under a computed name, or
  `__class__` (`FileFacts.named_stores`: `setattr(o, name, v)`, `o.__dict__[k] = v`, `self.__class__ = C`).

A computed-name store written in any other module (a helper given the instance, `setattr(obj, k, v)` over a
mapping) is assumed not to reach these classes, as a store of `__class__` from outside a class's modules is for
exactness (`exact.py`), and a hook added from outside a class body is for dispatch.

The edge carries the decided literals only where they rule out a use of the method: an entry that cuts nothing would
only make one more context to summarise.
"""

from __future__ import annotations

from pytest_claims.analysis.arguments import OUTSIDE, Lit
from pytest_claims.analysis.fieldtests import class_field
from pytest_claims.analysis.resolution.context import as_mapping, ruled_out
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Key
from pytest_claims.analysis.resolution.hierarchy import Hierarchy, exactly
from pytest_claims.analysis.resolution.plainfields import PlainFields
from pytest_claims.analysis.resolution.symbols import ClassKey, ProjectFunction, StdName
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import CALLED_NAMES, HIERARCHY, Decided, FunctionFacts, called_name

_ADDS_NOTHING = frozenset({"functools.total_ordering", "typing.final", "typing.runtime_checkable", "enum.unique"})
"""Stdlib class decorators that bind no attribute a field read could find (a dataclass's fields are instance
state)."""


class ClassLiterals:
    """The `<class>>self.f` tests an edge decides, per class set and field memoised with the modules read."""

    def __init__(self, view: TargetView, evaluator: Evaluator, hierarchy: Hierarchy, plain: PlainFields) -> None:
        self.view, self.evaluator, self.hierarchy, self.plain = view, evaluator, hierarchy, plain
        self.tracker = view.tracker
        self._values: dict[tuple[ClassKey, tuple[ClassKey, ...], str], tuple[Lit | None, frozenset[str]]] = {}
        self._cuts: dict[tuple[Key, Decided], tuple[bool, bool]] = {}
        self._storing: dict[str, str] = {}
        """field name -> the first module whose text may store it ("": none)."""

    def decided(self, key: Key, callee: FunctionFacts, receiver: ClassKey | None, outside: Decided) -> Decided:
        """The callee's class-literal tests the edge decides: each field every class `self` may be finds bound to one
        literal, with that literal."""
        wanted = [(name, field) for name in callee.tests if (field := class_field(name)) is not None]
        if not wanted or callee.kind not in ("method", "property"):
            return ()
        owner = receiver if receiver is not None else self._defining(key, callee)
        if owner is None:
            return ()
        excluded = next((d[2] for d in outside if d[0] == OUTSIDE), ())
        without = tuple(sorted(excluded)) if isinstance(excluded, tuple) else ()
        decided: list[tuple[str, str, object]] = []
        for name, field in wanted:
            value = self._value(owner, without, field)
            if value is not None:
                decided.append((name, value[0], value[1]))
        return self._cutting(key, callee, tuple(decided))

    def _cutting(self, key: Key, callee: FunctionFacts, decided: Decided) -> Decided:
        """`decided` where it rules out some use of the callee, else (): an entry that cuts nothing would only make
        the callee's summary one more context to compute (memoised per callee and entries)."""
        if not decided:
            return ()
        cuts = self.tracker.apart(self._cuts, (key, decided), lambda: self._cuts_any(key, callee, decided))
        return decided if cuts else ()

    def _cuts_any(self, key: Key, callee: FunctionFacts, decided: Decided) -> bool:
        module = self.view.module(key[0])
        given = as_mapping(decided)
        guards = sorted({use[3] for use in callee.uses if use[3]})
        return any(
            self.view.alive(module, guard) and ruled_out(module.facts, guard, self.view.target, given)
            for guard in guards
        )

    def _defining(self, key: Key, callee: FunctionFacts) -> ClassKey | None:
        """The class defining the method, when one class of that name is live."""
        found = self.view.classes_named(self.view.module(key[0]), callee.cls)
        return (key[0], found[0]) if len(found) == 1 else None

    def _value(self, owner: ClassKey, without: tuple[ClassKey, ...], field: str) -> Lit | None:
        """The literal a read of `field` gives on every instance of `owner` (and of its subclasses but `without`),
        or None; the modules it read are passed on every time it is asked."""
        memo = (owner, without, field)
        known = self._values.get(memo)
        if known is None:
            with self.tracker.scope(state="off") as read:
                value = self._compute(owner, without, field)
            known = self._values[memo] = (value, self.tracker.frozen(read.modules))
        self.tracker.modules(known[1])
        return known[0]

    def _compute(self, owner: ClassKey, without: tuple[ClassKey, ...], field: str) -> Lit | None:
        self.tracker.module(HIERARCHY)
        hierarchy = self.hierarchy
        if exactly(hierarchy, owner, without):
            classes = [owner]
        else:
            below = [c for c in hierarchy.subclasses(*owner) if not set(hierarchy.mro(*c)) & set(without)]
            classes = [owner, *below]
        value: Lit | None = None
        seen: dict[ClassKey, None] = {}
        for cls in classes:
            order, exact = hierarchy.linearised(*cls)
            if not exact or hierarchy.unnamable(order) or not self.plain.object_only(cls):
                return None
            found = self._first(order, field)
            if found is None or (value is not None and found != value):
                return None
            value = found
            seen.update(dict.fromkeys(order))
        modules = self._plain_classes(seen)
        if value is None or modules is None or not self._unstored(modules, field):
            return None
        return value

    def _first(self, order: list[ClassKey], field: str) -> Lit | None:
        """The literal the first class of the order binding `field` binds to it, when that is all it binds."""
        for cls in order:
            found = self.hierarchy.members(*cls).get(field)
            if found is None:
                continue
            methods, fields, _ = found
            literal = dict(self.view.module(cls[0]).facts.classes[cls[1]].values).get(field)
            return literal if literal is not None and not methods and not fields else None
        return None

    def _plain_classes(self, classes: dict[ClassKey, None]) -> set[str] | None:
        """The modules of the classes and of their project decorators, when no class defines `__getattribute__` or
        `__slots__`, names a metaclass or carries a decorator that may be anything; else None."""
        modules: set[str] = set()
        for cls in classes:
            table = self.hierarchy.members(*cls)
            if "__getattribute__" in table or "__slots__" in table or not self.plain.plain_metaclass(cls):
                return None  # a slot of the name would be found before any class body's value
            module = self.view.module(cls[0])
            modules.add(cls[0])
            for decorator in module.facts.classes[cls[1]].decorators:
                if decorator == "<?>":
                    return None
                syms = self.evaluator.resolve_chain_in_module(module, tuple(decorator.split(".")), 1)
                if not syms:
                    return None
                for sym in syms:
                    if isinstance(sym, ProjectFunction):
                        modules.add(sym.module)
                    elif not (isinstance(sym, StdName) and sym.dotted in _ADDS_NOTHING):
                        return None
        return modules

    def _unstored(self, modules: set[str], field: str) -> bool:
        """Whether no module of `modules` stores an attribute under a computed name or `__class__`, and no
        project module's text may store `field` (recorded as `CALLED_NAMES` is: the answer stands until a changed
        module's text holds the word)."""
        project = self.view.project.modules
        for name in sorted(modules):
            self.tracker.module(name)
            if self.view.module(name).facts.named_stores:
                return False
        self.tracker.modules((CALLED_NAMES, called_name(field)))
        storing = self._storing.get(field)
        if storing is None:
            storing = next((m for m in sorted(project.holding(field)) if project.may_store(m, field)), "")
            self._storing[field] = storing
        if storing:
            self.tracker.module(storing)
        return not storing
