"""Values of exactly one class: a module-level name bound once, to a call of a project class (`changed = Signal()`),
holds an instance of that class and of no subclass, so a method call on it enters the class's own method and no
subclass's override (`ProjectInstance.without` names every direct subclass, as override exclusion does).

Only where nothing else may rebind the name: no other binding in its module (a `global` statement's store is
one), no project module whose text may set it as an attribute or by name (`Modules.may_store`), and a class
whose call certainly gives an instance of it (`constructed`): an exact order of named bases, no project `__new__`,
no metaclass written, no base that is not the stdlib's (and not `type`), no class decorator on it or on a class of
its order but the stdlib's that return the class they are given (a base's may set the `__new__` it inherits), and
no module of a class of its order whose text may store `__class__` (an `__init__` setting `self.__class__ = Other`
makes the instance another class's) or `__new__`. A store of either from any other module (a helper handed the
instance, a patch of the class) is assumed away, as a hook added to a class from outside its body is for dispatch.

A call of the class by its name (`D(...)`, not `cls(...)` nor `type(self)(...)`) runs its `__init__` chain on an
instance of exactly D: the constructor's edge carries `without` too, so `self.default_validators` there is never a
subclass's (Django's `forms.CharField(...)` never reads `EmailField.default_validators`). The value that call gives
in a function body (`made`) is of exactly D as well, where the body's module may not store `__class__` either
(`obj = Empty(); obj.__class__ = cls`): `f = CharField(); f.clean(v)` enters no subclass's `clean`.
"""

from __future__ import annotations

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.hierarchy import Hierarchy, exactly
from pytest_claims.analysis.resolution.symbols import ClassKey, ProjectClass, ProjectInstance, StdName, Sym
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import CALLED_NAMES, HIERARCHY, Binding, called_name

_KEEPS_THE_CLASS = frozenset(
    {"dataclasses.dataclass", "functools.total_ordering", "typing.final", "typing.runtime_checkable", "enum.unique"}
)
"""Class decorators that return a class whose call makes an instance of it (`@dataclass(slots=True)`: a new class,
but the one the name binds)."""

_TYPE = ("builtins", "type")
"""A class deriving from `type` is a metaclass: calling it may give anything its `__new__` makes."""


class Exactness:
    """Exact classes of module-level values, for one target (memoised per run)."""

    def __init__(self, view: TargetView, evaluator: Evaluator, hierarchy: Hierarchy, tracker: Tracker) -> None:
        self.view, self.evaluator, self.hierarchy, self.tracker = view, evaluator, hierarchy, tracker
        self._classes: dict[ClassKey, tuple[tuple[ClassKey, ...] | None, bool]] = {}
        self._unstored: dict[str, str] = {}
        """name -> the first module whose text may store it ("": none)."""
        self._reclassing: dict[str, bool] = {}
        """module -> whether its text may store `__class__`."""

    def module_value(self, module: Module, name: str, syms: list[Sym]) -> list[Sym]:
        """What the module-level `name` holds, `syms` as its bindings give it: each instance an exact call made is
        an instance of no subclass of its class (`without` names them all)."""
        if not any(isinstance(s, ProjectInstance) and not s.without for s in syms):
            return syms
        binding = _bound_once_to_a_call(module, name)
        if binding is None:
            return syms
        with self.tracker.scope(modules="outer", state="off"):  # the callee as the binding names it: read already
            callees = self.evaluator.resolve_chain_in_module(module, tuple(binding.target.split("."))[:-1], 1)
        made: dict[ClassKey, tuple[ClassKey, ...]] = {}
        for callee in callees:
            if not isinstance(callee, ProjectClass) or callee.dispatch:
                return syms
            without = self._exact(callee)
            if without is None:
                return syms
            made[callee.module, callee.idx] = without
        if not any(made.values()) or not self._unstored_anywhere(name):
            return syms
        return [
            ProjectInstance(s.module, s.idx, made[s.module, s.idx])
            if isinstance(s, ProjectInstance) and not s.without and made.get((s.module, s.idx))
            else s
            for s in syms
        ]

    def constructed(self, sym: ProjectClass) -> tuple[ClassKey, ...] | None:
        """The direct project subclasses a call of the class by its name makes no instance of (all of them), when
        that call certainly gives an instance of exactly it; None otherwise (`cls(...)`, `type(self)(...)`: any
        subclass)."""
        return None if sym.dispatch else self._exact(sym)

    def made(self, module: Module, sym: ProjectClass) -> ProjectInstance:
        """The value a call of the class in `module`'s function bodies gives: an instance of exactly it (`without`
        names every direct subclass) when the call is by its name (`constructed`) and no code of `module` may store
        `__class__` (the instance made there could be made another class's before its use); else of it or of any
        subclass."""
        without = self.constructed(sym)
        if not without:
            return ProjectInstance(sym.module, sym.idx)
        self.tracker.module(module.name)
        reclassing = self._reclassing.get(module.name)
        if reclassing is None:
            reclassing = self._reclassing[module.name] = self.view.project.modules.may_store(module.name, "__class__")
        return ProjectInstance(sym.module, sym.idx, () if reclassing else without)

    def escaped(self, syms: list[Sym]) -> list[Sym]:
        """What a field or a cached property may hold of the values `syms` gives where they are made: code the walk
        does not see may store another instance there (a subclass's method, a store from outside, an assignment
        over the cached value), so an instance of exactly its class is of it or of any subclass."""
        if any(isinstance(s, ProjectInstance) and s.without for s in syms):
            self.tracker.module(HIERARCHY)
        return [
            ProjectInstance(s.module, s.idx)
            if isinstance(s, ProjectInstance) and exactly(self.hierarchy, s[:2], s.without)
            else s
            for s in syms
        ]

    def _exact(self, sym: ProjectClass) -> tuple[ClassKey, ...] | None:
        """The direct project subclasses of a class whose call certainly gives an instance of it; None otherwise.
        The order and the metaclasses are the hierarchy's (`HIERARCHY`); the decorators of the classes of its order
        and the texts that may store `__class__` are their modules' (recorded as read)."""
        self.tracker.module(HIERARCHY)
        key = (sym.module, sym.idx)
        found = self.tracker.apart(self._classes, key, lambda: self._exact_uncached(sym))
        if found is None:
            return None
        order = self.hierarchy.mro(*key)
        for owner, index in order:  # a base's decorator may set its `__new__` too (`@deconstructible`), inherited
            self.tracker.module(owner)
            module = self.view.module(owner)
            if not all(self._keeps_the_class(module, d) for d in module.facts.classes[index].decorators):
                return None
        modules = self.view.project.modules
        for owner in dict.fromkeys(m for m, _ in order):
            self.tracker.module(owner)
            # `self.__class__ = Other` in the hierarchy's code, or `Base.__new__ = make` set from outside a body
            if modules.may_store(owner, "__class__") or modules.may_store(owner, "__new__"):
                return None
        return found

    def _exact_uncached(self, sym: ProjectClass) -> tuple[ClassKey, ...] | None:
        key = (sym.module, sym.idx)
        order, exact = self.hierarchy.linearised(*key)
        if not exact or self.hierarchy.unnamable(order):
            return None
        for owner in order:
            written = self.view.module(owner[0]).facts.classes[owner[1]].metaclass
            if written or "__new__" in self.hierarchy.members(*owner):
                return None
        for base in self.hierarchy.foreign_bases(*key):
            if not isinstance(base, StdName) or base.symbol.kind != "class" or base.symbol.where == _TYPE:
                return None
        return tuple(sorted(self.hierarchy.direct_subclasses(key)))

    def _keeps_the_class(self, module: Module, decorator: str) -> bool:
        """Whether a class decorator is one of the stdlib's that return a class whose call makes an instance of it."""
        if decorator == "<?>":
            return False
        with self.tracker.scope(modules="outer", state="off"):  # judging it runs nothing of the class statement
            found = self.evaluator.resolve_chain_in_module(module, tuple(decorator.split(".")), 1)
        return bool(found) and all(isinstance(s, StdName) and s.dotted in _KEEPS_THE_CLASS for s in found)

    def _unstored_anywhere(self, name: str) -> bool:
        return unstored_anywhere(self.tracker, self.view, self._unstored, name)


def _bound_once_to_a_call(module: Module, name: str) -> Binding | None:
    """The one binding of a module-level name, when it is the only one the module's code makes (under any guard)
    and assigns a call of a dotted name (`x = pkg.C(...)`), with no annotation."""
    found = [b for b in module.facts.bindings if b.name == name]
    if len(found) != 1:
        return None
    binding = found[0]
    chain = binding.target.split(".")
    if binding.kind != "alias" or binding.member or len(chain) < 2 or chain[0] == name:
        return None
    if not chain[-1].startswith("(") or any(part.startswith(("(", "<")) for part in chain[:-1]):
        return None
    return binding


def unstored_anywhere(tracker: Tracker, view: TargetView, memo: dict[str, str], name: str) -> bool:
    """Whether no project module's text may set `name` as an attribute or by name, delete it or bind it through
    `global` (only the modules whose text holds the word are read; `memo` keeps the first that may, or ""). Recorded
    as `CALLED_NAMES` is: a "yes" stands until a changed module's text holds the word; a "no" depends on the module
    that may store it."""
    tracker.modules((CALLED_NAMES, called_name(name)))
    storing = memo.get(name)
    if storing is None:
        modules = view.project.modules
        storing = next((m for m in sorted(modules.holding(name)) if modules.may_store(m, name)), "")
        memo[name] = storing
    if storing:
        tracker.module(storing)
    return not storing
