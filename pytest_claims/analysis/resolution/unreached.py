"""Unreached subclasses: the project subclasses a method never runs for, however it is entered.

`DateTimeField(DateField)` overrides `get_db_prep_value` without calling the base's, so inside
`DateField.get_db_prep_value` `self` is never a `DateTimeField`, and `self.get_prep_value()` there is not
`DateTimeField.get_prep_value`. Python runs `C.m` for an instance of a subclass `S` whose lookup of `m` finds an
override `D.m` first (`D` below `C`, `S` below `D`) only through something that skips that lookup: `super().m` /
`super(X, obj).m` in a class the lookup passes through, `C.m` read on a class (`C.m(obj)`, `type(obj).m`,
`cls.m`, a class-body alias `other = m`), or a name computed at run time (`getattr(super(), name)`). Each of these
names `m` in the module that writes it, except the last, so the modules whose text holds the word are read for the
first ones (recorded as `CALLED_NAMES` is), and the classes concerned for the last. Where any may happen, or
where an order is not certain, the subclass is kept.
"""

from __future__ import annotations

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import ClassKey, ProjectClass
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import CALLED_NAMES, HIERARCHY, PLATFORM, FunctionFacts, Use, called_name

Refs = tuple[frozenset[ClassKey], frozenset[ClassKey], bool]
"""What the project's code does with a method name besides looking it up on instances: the classes it is read on
(`C.m`, a class-body `alias = m`), the classes whose methods read `super().m`, and whether anything else may
skip the lookup (`super(X, obj).m`, `type(obj).m`, `obj.__class__.m`, a class's `__dict__`)."""

_CLASS_STEPS = frozenset({"__class__", "__dict__", "__mro__", "__bases__"})


class Unreached:
    """The subclasses each method is never run for, for one target (memoised per run)."""

    def __init__(self, view: TargetView, evaluator: Evaluator, hierarchy: Hierarchy, tracker: Tracker) -> None:
        self.view, self.evaluator, self.hierarchy, self.tracker = view, evaluator, hierarchy, tracker
        self._outside: dict[tuple[str, int, str], tuple[tuple[ClassKey, ...], frozenset[str]]] = {}
        self._searched: set[tuple[str, int, str]] = set()
        """The methods whose answer searched the project's reads of their name (see `searched`)."""
        self._refs: dict[str, tuple[Refs, frozenset[str]]] = {}
        self._index: dict[str, dict[str, list[tuple[int, int]]]] = {}
        self._dynamic: dict[ClassKey, bool] = {}

    def outside(self, module: Module, func: FunctionFacts) -> tuple[ClassKey, ...]:
        """The topmost project subclasses (sorted) a plain method is never run for: each one's lookup of the name,
        and each of its subclasses', certainly finds an override below the method's class first, and nothing in
        the project reads the method past that lookup. Empty for anything but a plain undecorated method.
        Recorded as the hierarchy (`HIERARCHY`) and the name's calls (`CALLED_NAMES`) are, with the modules whose
        code read the name past the lookup and those resolving where it did read."""
        key = (module.name, func.line, func.qualname)
        known = self._outside.get(key)
        if known is None:
            counts = self.tracker.cycles, self.tracker.partial_orders
            with self.tracker.scope(state="off") as read:
                value, deps = self._outside_uncached(module, func)
            if PLATFORM in read.modules:
                deps |= {PLATFORM}
            known = (value, self.tracker.frozen(deps))
            if counts == (self.tracker.cycles, self.tracker.partial_orders):
                self._outside[key] = known
            if CALLED_NAMES in deps:
                self._searched.add(key)
        self.tracker.modules(known[1])
        return known[0]

    def searched(self, module: Module, func: FunctionFacts) -> bool:
        """Whether the answer for the method (asked already) rests on more than the hierarchy: the project's reads
        of its name. A memo of uses shared by a class's methods keeps such a method's apart, so that what another
        method replays from it is what that method's own answer read."""
        return (module.name, func.line, func.qualname) in self._searched

    def _outside_uncached(self, module: Module, func: FunctionFacts) -> tuple[tuple[ClassKey, ...], set[str]]:
        deps = {HIERARCHY}  # every answer reads it, so that methods sharing a memo of uses record the same
        if func.kind != "method" or not func.cls or func.decorated or func.qualname.count(".") != 1:
            return (), deps
        attr = func.qualname.rpartition(".")[2]
        if attr.startswith("__") and attr.endswith("__"):
            return (), deps  # special methods: Python and the stdlib call them in ways no text names
        owners = [(module.name, i) for i in self.view.classes_named(module, func.cls)]
        if len(owners) != 1:
            return (), deps
        owner = owners[0]
        found = [s for s in self.hierarchy.overriders(*owner).get(attr, ()) if self._stops_below(s, attr, owner)]
        if not found:
            return (), deps
        refs, read = self._names(attr)
        deps.update((CALLED_NAMES, called_name(attr), *read))
        return self._unread(owner, found, refs, deps), deps

    def _unread(self, owner: ClassKey, found: list[ClassKey], refs: Refs, deps: set[str]) -> tuple[ClassKey, ...]:
        """The topmost of `found` (each finding an override below `owner`) whose whole subtree does too, and whose
        classes nothing reads the method past the lookup from (`Refs`); the modules of the classes whose methods
        were searched for a dynamic read join `deps`."""
        if refs[2]:
            return ()
        chosen = set(found)
        read_on = [k for k in refs[0] if k not in chosen and (k == owner or owner in self.hierarchy.mro(*k))]
        if read_on or any(k in refs[0] for k in self.hierarchy.mro(*owner)):
            return ()  # `C.m(obj)`, or `Sub.m` finding `C.m`, or read on a base (a `type[Base]` may be any class)
        tops = [k for k in found if not chosen.intersection(self.hierarchy.mro(*k)[1:])]
        kept: list[ClassKey] = []
        for top in sorted(tops):
            tree = [top, *self.hierarchy.subclasses(*top)]
            if not all(k in chosen for k in tree):
                continue
            zone = self._zone(tree, owner)
            if zone is None or zone.intersection(refs[1]):
                continue
            deps.update(k[0] for k in zone)
            if any(self._dynamic_read(k) for k in zone):
                continue
            kept.append(top)
        return tuple(kept)

    def _stops_below(self, sub: ClassKey, attr: str, owner: ClassKey) -> bool:
        """Whether `sub`'s lookup of `attr` certainly stops at a class below `owner`: its order is exact and names
        every base, and the first class binding the name derives from `owner` and binds it by live, plain,
        undecorated defs alone."""
        order_, exact = self.hierarchy.linearised(*sub)
        if not exact or self.hierarchy.unnamable(order_) or owner not in order_:
            return False
        for key in order_:
            members = self.hierarchy.members(*key).get(attr)
            if members is None:
                continue
            if key == owner or owner not in self.hierarchy.mro(*key):
                return False  # the method's own class, or a base beside it (`class S(Mixin, C)`): kept
            methods, fields, attributes = members
            home = self.view.module(key[0])
            live = [home.facts.functions[fi] for fi in methods if self.view.alive(home, home.facts.functions[fi].guard)]
            plain = all(f.kind == "method" and not f.decorated for f in live)
            return bool(live) and plain and not fields and not attributes
        return False

    def _zone(self, tree: list[ClassKey], owner: ClassKey) -> set[ClassKey] | None:
        """The classes whose code may run with `self` an instance of the tree and find `owner`'s method by
        `super()`: each class before `owner` in an order of the tree. None when an order lacks `owner`."""
        zone: set[ClassKey] = set()
        for key in tree:
            order_ = self.hierarchy.mro(*key)
            if owner not in order_:
                return None
            zone.update(order_[: order_.index(owner)])
        return zone

    def _dynamic_read(self, key: ClassKey) -> bool:
        """Whether a method of the class reads a name computed at run time on `super()` or on a class
        (`getattr(super(), name)`, `getattr(type(self), name)`): it may be any method, past any override."""
        known = self._dynamic.get(key)
        if known is None:
            module = self.view.module(key[0])
            qualname = module.facts.classes[key[1]].qualname
            known = self._dynamic[key] = any(_dynamic(f) for f in module.facts.functions if f.cls == qualname)
        return known

    def _names(self, attr: str) -> tuple[Refs, frozenset[str]]:
        """What the project's code does with `attr` besides looking it up on instances (`Refs`), from the modules
        whose text holds the word (kept for the run); and the modules that answer rests on beyond the word's
        (those that read the name past the lookup, and those resolving what they read it on)."""
        known = self._refs.get(attr)
        if known is None:
            read_on: set[ClassKey] = set()
            supers: set[ClassKey] = set()
            other = False
            modules = self.view.project.modules
            with self.tracker.scope(state="off") as read:
                for name in modules.holding(attr):
                    module = modules[name]
                    for fi, ui in self._words(module).get(attr, ()):
                        func = module.facts.functions[fi]
                        found = self._use(module, func, func.uses[ui], attr, read_on, supers)
                        if found:
                            other = other or found == "other"
                            read.modules.add(name)
            known = self._refs[attr] = ((frozenset(read_on), frozenset(supers), other), frozenset(read.modules))
        return known

    def _words(self, module: Module) -> dict[str, list[tuple[int, int]]]:
        """word -> the uses of the module that name it as an attribute, or as a name in a class body: (function,
        use) indexes (built once per module, for every name asked about)."""
        known = self._index.get(module.name)
        if known is None:
            known = self._index[module.name] = {}
            for fi, func in enumerate(module.facts.functions):
                for ui, use in enumerate(func.uses):
                    if use[1] == "implicit":
                        continue
                    chain = use[0]
                    for word in set(chain if func.cls or func.kind == "state" else chain[1:]):
                        known.setdefault(word, []).append((fi, ui))
        return known

    def _use(
        self, module: Module, func: FunctionFacts, use: Use, attr: str, read_on: set[ClassKey], supers: set[ClassKey]
    ) -> str:
        """Sort one use naming `attr` into `read_on` and `supers` ("ref" when it added to them); "other" when it may
        skip the lookup otherwise; "" when it is a lookup on an instance."""
        chain = use[0]
        found = ""
        if chain[0] == attr and attr not in func.locals and not any(b.name == attr for b in func.bindings):
            # a class body's `alias = m`, `property(m)`, a decorator (a method's global of that name: counted too)
            owner = func.cls or (func.qualname if func.kind == "state" else "")
            body = self.view.classes_named(module, owner) if owner else []
            read_on.update((module.name, i) for i in body)
            found = "ref" if body else ""
        for position in range(1, len(chain)):
            if chain[position] != attr:
                continue
            if chain[0] == "<super>" and position == 1:
                if func.cls:
                    supers.update((module.name, i) for i in self.view.classes_named(module, func.cls))
                    found = "ref"
                continue
            if chain[0].startswith("<super") or _class_valued(func, chain, position):
                return "other"
            classes = self._classes(module, func, chain[:position])
            if classes:
                read_on.update(classes)
                found = "ref"
        return found

    def _classes(self, module: Module, func: FunctionFacts, prefix: tuple[str, ...]) -> list[ClassKey]:
        """The project classes a prefix written before the name may be: a module-level name's, or a local bound
        to one (`kind = Base`). A parameter, `self`, or anything else: none (an instance, as far as is known)."""
        root = prefix[0]
        if root.startswith("<") or (func.first and root == func.first):
            return []
        if root in func.locals or any(b.name == root for b in func.bindings):
            aliases = [b.target for b in func.bindings if b.name == root and b.kind == "alias"]
            chains = [(*a.split("."), *prefix[1:]) for a in aliases]
        else:
            chains = [prefix]
        found: list[ClassKey] = []
        for chain in chains:
            for sym in self.evaluator.resolve_chain_in_module(module, chain, 1):
                if isinstance(sym, ProjectClass):
                    found.append((sym.module, sym.idx))
        return found


def _dynamic(func: FunctionFacts) -> bool:
    """Whether the body reads a name computed at run time on `super()` or on a class: `getattr(obj, name)` whose
    object may be a class (`super()`, `cls`, `obj.__class__`) or is no name at all (`getattr(type(self), name)`,
    where a `type(...)` call stands on the line), a `__dict__` or `vars(...)` of anything but the instance."""
    uses = func.uses
    named = {use[2] for use in uses if use[1] == "getattr"}
    for index, (chain, ctx, line, _, _code) in enumerate(uses):
        if ctx == "getattr":
            if _class_valued(func, chain, len(chain)):
                return True
            continue
        if "__dict__" in chain and not _own(func, chain[: chain.index("__dict__")]):
            return True
        if ctx != "call":
            continue
        if chain == ("getattr",) and line not in named and any(u[:3] == (("type",), "call", line) for u in uses):
            return True
        if chain == ("vars",):
            handed = [u[0] for u in uses if u[4] == f"<handed {index} 0>"]
            if not handed or not all(_own(func, h) for h in handed):
                return True
    return False


def _own(func: FunctionFacts, prefix: tuple[str, ...]) -> bool:
    """Whether `prefix` is a plain method's own instance (`self`), not a class."""
    return bool(prefix == (func.first,) and func.kind == "method" and func.first not in _CLASS_FIRST)


def _class_valued(func: FunctionFacts, chain: tuple[str, ...], position: int) -> bool:
    """Whether the value `chain[:position]` may be a class however it is resolved: `super()`, `type(obj)`,
    `obj.__class__`, `cls` in a classmethod (or a metaclass's `cls` / `mcs`)."""
    prefix = chain[:position]
    if prefix[0].startswith("<super") or _CLASS_STEPS.intersection(prefix):
        return True
    if prefix[0] == "type" and len(prefix) > 1 and prefix[1].startswith("("):
        return True
    return bool(func.first and prefix == (func.first,) and (func.kind == "classmethod" or func.first in _CLASS_FIRST))


_CLASS_FIRST = frozenset({"cls", "mcs", "mcls", "metacls", "klass", "kls"})
