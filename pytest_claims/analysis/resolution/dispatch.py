"""Member lookup on project classes and instances: what `C.attr`, `obj.attr` and `super().attr` may be.

Python's order first (the C3 MRO, each class's defs, class-body assignments and, on instances, fields set on
`self`; then the stdlib and third-party bases; then `__getattr__`), and for a method call on a value of known
class every override the project's subclasses give (semantics §5: a claim on a base method holds for every subclass).
"""

from __future__ import annotations

from collections.abc import Sequence

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.displays import before_elements, elements
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.hierarchy import Hierarchy, exactly
from pytest_claims.analysis.resolution.properties import accessor, read_defs
from pytest_claims.analysis.resolution.structural import Structural
from pytest_claims.analysis.resolution.subfields import SubclassFields
from pytest_claims.analysis.resolution.symbols import (
    OPAQUE,
    UNKNOWN,
    ClassKey,
    Missing,
    Opaque,
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    StdInstance,
    StdName,
    Sym,
    Unknown,
    order,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Kept, StateKey, Tracker, state_entry
from pytest_claims.analysis.specials import reserved
from pytest_claims.records import HIERARCHY, MAX_ALIAS_DEPTH, Binding, FunctionFacts, holds_elements


class Dispatch:
    """Class and instance members for one target (the `Members` port of `evaluate`)."""

    def __init__(self, view: TargetView, evaluator: Evaluator, hierarchy: Hierarchy, tracker: Tracker) -> None:
        self.view = view
        self.evaluator = evaluator
        self.hierarchy = hierarchy
        self.tracker = tracker
        self._lookups: dict[tuple[object, ...], Kept[Sym]] = {}
        self._overrides: dict[tuple[str, int, str], tuple[tuple[Sym, ...], bool]] = {}
        self.protocols = Structural(
            (view, evaluator, hierarchy, tracker),
            (self.own_member, self._lookup),
            (self.view.binds_only_constants, self.is_instance_state),
        )
        """Structural dispatch: what a member of a value typed by a project protocol may be."""
        self.subclass_fields = SubclassFields(view, hierarchy, tracker, self._field)
        """What the project subclasses' methods store on `self` under a name (a call of it on an instance)."""

    def class_member(
        self,
        sym: ProjectClass | ProjectInstance,
        attr: str,
        depth: int,
        dispatch: bool = False,
        after: ClassKey | None = None,
        made: bool = False,
        stores: bool = True,
    ) -> list[Sym]:
        """`attr` looked up on a project class or instance as Python's MRO finds it (after `after`, as `super()`
        does); with `dispatch` (a method call on a value of known class), every override in the project's subclasses
        too (semantics §5), and on an instance what their methods store on `self` (unless not `stores`). `made`: for
        what a call of the class runs on its new instance: `self` is that class."""
        if depth > MAX_ALIAS_DEPTH:
            return [_too_deep(attr)]
        instance = isinstance(sym, ProjectInstance)
        # an instance, a class reached through `cls`, or `super()`'s object: `self` in what is found is that class
        narrow = instance or made or after is not None or (isinstance(sym, ProjectClass) and sym.dispatch)
        found = self._lookup(instance, sym.module, sym.idx, attr, depth, after, narrow)
        if dispatch:
            key = (sym.module, sym.idx)
            if self.hierarchy.is_protocol(*key) and attr in self.hierarchy.protocol_members(*key)[0]:
                return self.protocols.protocol_member(key, attr, found)
            overrides = self.overrides(sym.module, sym.idx, attr)
            if isinstance(sym, ProjectInstance) and exactly(self.hierarchy, sym[:2], sym.without):
                # an instance of the class itself: no subclass's member or hook
                return found
            if instance and after is None and self.tracker.collects_state:
                # a subclass's own `__getattribute__` runs for its instances' reads too, and a name the class's
                # order does not bind may run a subclass's `__getattr__` (a mixin's `self`: a class deriving from
                # another base that defines one)
                hooks = list(self.overrides(sym.module, sym.idx, "__getattribute__"))
                if found == [UNKNOWN] and not attr.startswith("__"):
                    hooks += self.overrides(sym.module, sym.idx, "__getattr__")
                self.tracker.state([state_key(s) for s in hooks if isinstance(s, ProjectFunction)])
            if overrides and instance and self.is_instance_state(sym.module, sym.idx, attr):
                # a name the class's methods assign on `self` is instance state: what a subclass's body binds it
                # to is a default no reader of `self.attr` reaches (semantics §4), as for the class's own body
                overrides = [s for s in overrides if self._is_def(s)]
            if overrides and isinstance(sym, ProjectInstance) and sym.without:
                overrides = [s for s in overrides if not _below(self.view, self.hierarchy, s, sym.without)]
            if overrides:
                found = [s for s in found if not isinstance(s, (Opaque, Unknown))] + list(overrides)
            if instance and after is None and stores:
                # an instance attribute a subclass's method stores shadows every class's member (semantics §4.7)
                assert isinstance(sym, ProjectInstance)
                stored = [value for value, _, _ in self.subclass_fields.values(sym, attr, depth)]
                found = list(dict.fromkeys([*found, *stored])) if stored else found
        return found

    def metaclasses(self, sym: ProjectClass) -> list[ProjectClass]:
        """The project metaclass of a project class (`project_metaclasses`)."""
        return project_metaclasses(self.view, self.hierarchy, sym)

    def _lookup(
        self,
        instance: bool,
        module_name: str,
        index: int,
        attr: str,
        depth: int,
        after: ClassKey | None,
        narrow: bool = False,
    ) -> list[Sym]:
        """Python's lookup of `attr` from the class (after `after`); `narrow`: the methods found are entered for
        this class (their `self` is an instance of it), not for the class that defines them. Memoised with the
        modules and the state it read (a lookup reads state only where its asker collects it), unless it met a
        cycle under way (an import cycle, or a class whose order was being computed): that answer is partial."""
        if depth > MAX_ALIAS_DEPTH:
            return [_too_deep(attr)]
        key = (instance, module_name, index, attr, depth, after, narrow, self.tracker.collects_state)
        return self.tracker.kept(
            self._lookups, key, lambda: self._lookup_uncached(instance, module_name, index, attr, depth, after, narrow)
        )

    def _lookup_uncached(
        self, instance: bool, module_name: str, index: int, attr: str, depth: int, after: ClassKey | None, narrow: bool
    ) -> list[Sym]:
        order_, exact = self.hierarchy.linearised(module_name, index)
        # a base the walk cannot name anywhere in the order (before or after `after`: C3 may put its classes
        # on either side) may define the name too
        unnamed = self.hierarchy.unnamable(order_)
        if after is not None:
            if after not in order_:
                return [UNKNOWN]  # `super(X, self)` with X no base of the class: a TypeError, or X is not what we think
            # an inexact order keeps every class but the one whose method this is and X itself
            order_ = order_[order_.index(after) + 1 :] if exact else [c for c in order_[1:] if c != after]
        receiver = (module_name, index), narrow
        if instance and after is None and self.tracker.collects_state:
            # every attribute read on an instance runs its class's `__getattribute__` first (semantics §5): entered as
            # `__getattr__` is, whatever it then finds
            self.tracker.state(self.hooks(order_, "__getattribute__"))
        # a name some method assigns on `self` is instance state: what the class body binds it to is a default,
        # not state its readers reach (semantics §4), and the instance's value may be any of the assigned ones
        held = self._instance_fields(order_, attr, depth, (module_name, index)) if instance else []
        union: list[Sym] = []
        borrowed: list[Sym] = []  # `@Base.x.setter` alone: the getter a read runs is further along the order
        for position, (mod_name, cls_index) in enumerate(order_):
            own = self.own_member(instance, mod_name, cls_index, attr, depth, receiver, not held)
            if own is not None:
                if held:
                    own = list(dict.fromkeys([*(s for s in own if not _plain_container(s)), *held]))
                if instance and not borrowed and _accessors_only(self.view, own):
                    borrowed = own
                    continue
                own = [*borrowed, *(s for s in own if s not in borrowed)]
                if exact:
                    return own if (position == 0 and after is None) or not unnamed else [*own, UNKNOWN]
                union.extend(s for s in own if s not in union)
        if union or borrowed:
            return [*(union or borrowed), *([UNKNOWN] if unnamed else [])]
        for base in self.hierarchy.foreign_bases(module_name, index):
            stepped = self.evaluator.step(base, attr, depth + 1)
            if stepped and isinstance(stepped[0], StdName) and stepped[0].symbol.kind == "missing":
                if reserved(attr) and self.evaluator.catalogue.lookup(stepped[0].dotted) is not None:
                    # a special method the stub leaves out (`Future.__init__`, `Future.__repr__`: the stub's
                    # `object` has them) is still the capable class's own at run time: judged by its key, as
                    # `Base.__init__(self)` written out is
                    return stepped
                continue
            return stepped
        if instance and not attr.startswith("__") and self.tracker.collects_state:
            # Python calls `__getattr__` for a name the class does not define (semantics §5): the read enters it, as a
            # read of module state enters what the binding evaluates; its result is a value of unknown type
            self.tracker.state(self._getattr_hooks(order_))
        return [OPAQUE] if attr.startswith("__") and not unnamed else [UNKNOWN]

    def _getattr_hooks(self, order_: list[ClassKey]) -> list[StateKey]:
        """The project `__getattr__` an instance of the first class of `order_` falls back to."""
        return self.hooks(order_, "__getattr__")

    def hooks(self, order_: list[ClassKey], hook: str) -> list[StateKey]:
        """The project `hook` (`__getattr__`, `__getattribute__`, `__get__`) an instance of the first class of
        `order_` runs: the one of the first class of the order that defines it (each of its defs when guards leave
        several), entered for that first class (its `self` is an instance of it)."""
        receiver = (order_[0], True) if order_ else None
        for mod_name, cls_index in order_:
            if hook in self.hierarchy.members(mod_name, cls_index):
                own = self.own_member(True, mod_name, cls_index, hook, 1, receiver) or []
                return [state_key(s) for s in own if isinstance(s, ProjectFunction)]
        return []

    def own_member(
        self,
        instance: bool,
        mod_name: str,
        cls_index: int,
        attr: str,
        depth: int,
        receiver: tuple[ClassKey, bool] | None = None,
        state: bool = True,
    ) -> list[Sym] | None:
        """What one class of an MRO gives for `attr`, or None when it does not bind the name. Its defs, and the
        class-body assignments of the name that no unconditional later def replaces: a name bound several times
        is every value its bindings may give (`def m` then `m = now`: both). `state`: whether reading a
        class-body binding reads class state (not when the name is instance state).

        `receiver`: the class the lookup is for, and whether its `self` is known to be an instance of it (an
        instance, `cls`, `super()`'s object). A classmethod is entered for that class whenever it lies below
        this one (`Sub.build()` binds `cls` to Sub); a method taking `self`, only when `self` is known."""
        module = self.view.module(mod_name)
        key = (mod_name, cls_index)
        members = self.hierarchy.members(mod_name, cls_index).get(attr)
        if members is None:
            return None  # the common answer down an MRO: one dictionary lookup
        methods, fields, attributes = members
        functions = module.facts.functions
        alive = self.view.alive
        defs = [fi for fi in methods if alive(module, functions[fi].guard)]
        read = read_defs(functions, defs)  # `o.x` runs a property's getter, not its setter (`C.x` gives the property)
        found: list[Sym] = [ProjectFunction(mod_name, fi, _entered_for(receiver, key, functions[fi])) for fi in read]
        if not defs and instance:
            held = [b for b in fields if alive(module, b.guard)]
            if held:
                narrowed = receiver[0] if receiver is not None and receiver[1] else None
                return [s for b in held for s in self._field(module, b, depth, narrowed)]
        last = max((functions[fi].line for fi in defs if not functions[fi].guard), default=0)
        attrs = [b for b in attributes if b.line > last and alive(module, b.guard)]
        for binding in attrs:
            found.extend(self._class_attribute(module, cls_index, binding, depth, state))
        if attrs and self.tracker.collects_state:
            self._descriptors(found)
        return found if defs or attrs else None

    def _descriptors(self, found: list[Sym]) -> None:
        """A class-body value whose project class defines `__get__` is a descriptor: reading it on the owner or
        its instances runs that `__get__`, entered as the read's state (as `__getattribute__` is)."""
        for sym in found:
            if isinstance(sym, ProjectInstance):
                self.tracker.state(self.hooks(self.hierarchy.mro(sym.module, sym.idx), "__get__"))

    def _instance_fields(self, order_: list[ClassKey], attr: str, depth: int, receiver: ClassKey) -> list[Sym]:
        """What `self.attr` may hold when the methods of the classes of an MRO assign it (none: the name is no
        instance state): what they assign, and what a class-body annotation of the name says (semantics §5: an
        assigned empty literal, `self.items = []`, does not replace `items: list[Item]`)."""
        found: list[Sym] = []
        for key in order_:
            members = self.hierarchy.members(*key).get(attr)
            if members is not None and members[1]:
                module = self.view.module(key[0])
                for binding in members[1]:
                    if self.view.alive(module, binding.guard):
                        found.extend(self._field(module, binding, depth, receiver))
        if not found:
            return []
        annotated: list[Sym] = []
        for key in order_:
            module = self.view.module(key[0])
            members = self.hierarchy.members(*key).get(attr)
            for binding in members[2] if members is not None else ():
                if binding.kind == "instance" and self.view.alive(module, binding.guard):
                    annotated.extend(self.evaluator.typed(module, None, binding.target))
        if annotated:
            found = [s for s in found if not _plain_container(s)]
        return list(dict.fromkeys([*annotated, *found]))

    def is_instance_state(self, module_name: str, index: int, attr: str) -> bool:
        """Whether some method of the class's MRO assigns `self.attr` (`instance_state`)."""
        return instance_state(self.hierarchy, module_name, index, attr)

    def _is_def(self, sym: Sym) -> bool:
        """A method defined by a `def` (not what a class-body assignment evaluates)."""
        if not isinstance(sym, ProjectFunction):
            return False
        return self.view.module(sym.module).facts.functions[sym.idx].kind != "state"

    def _field(self, module: Module, binding: Binding, depth: int, receiver: ClassKey | None) -> list[Sym]:
        """What `self.x` holds when a method assigns it, on an instance of `receiver` (None: of the assigning
        method's class). Instance state: resolving the assigned value names what it is, and reads no module state
        (semantics §4) — the method that assigned it read `make` in `self.x = make()`."""
        if binding.kind == "instance":
            return self.evaluator.typed(module, None, binding.target)
        if binding.kind == "alias":
            with self.tracker.scope(modules="outer", state="off"):
                return self.evaluator.resolve_chain_in_module(module, tuple(binding.target.split(".")), depth + 1)
        if binding.kind == "called":
            return self.evaluator.called_field(module, binding, receiver)
        return [UNKNOWN]

    def _class_attribute(
        self, module: Module, cls_index: int, binding: Binding, depth: int, state: bool = True
    ) -> list[Sym]:
        cls = module.facts.classes[cls_index]
        if state:  # a nested class: what its class statement ran, as for a module-level one
            self.evaluator.read_state(module, cls.qualname, binding)
        if binding.kind == "class":
            return [ProjectClass(module.name, i) for i in self.view.classes_named(module, binding.target)]
        if holds_elements(binding):  # a display or a copy of one: what it gave before, and its elements
            before = before_elements(binding)
            shown = elements(
                binding,
                lambda chain: self._class_body_chain(
                    module, cls_index, before._replace(kind="alias", target=".".join(chain)), depth
                ),
                self.tracker,
            )
            return [*self._class_attribute(module, cls_index, before, depth, False), *shown]
        if binding.kind == "alias":
            syms = self._class_body_chain(module, cls_index, binding, depth)
            return self.evaluator.annotated(module, None, binding, syms)
        if binding.kind == "instance":
            return self.evaluator.typed(module, None, binding.target)
        return [UNKNOWN]

    def _class_body_chain(self, module: Module, cls_index: int, binding: Binding, depth: int) -> list[Sym]:
        """A class-body assignment's value, resolved as Python does there: names the class body bound earlier
        first (`__call__ = run`, `sql_delete_check = sql_delete_constraint`, `db_for_read = _router_func("x")`),
        then the module's."""
        chain = tuple(binding.target.split("."))
        cls = module.facts.classes[cls_index]
        root = chain[0]
        in_body = any(name == root for name, _ in cls.methods) or any(
            b.name == root and b.line < binding.line for b in cls.attributes
        )
        if in_body and root != binding.name:
            syms = self._lookup(False, module.name, cls_index, root, depth + 1, None)
            for attr in chain[1:]:
                syms = [s for sym in syms for s in self.evaluator.step(sym, attr, depth + 1)]
            return syms
        return self.evaluator.resolve_chain_in_module(module, chain, depth + 1)

    # -- overrides ----------------------------------------------------------------------------------------

    def overrides(self, module_name: str, index: int, attr: str) -> Sequence[Sym]:
        """What `attr` may be in the project's subclasses of the class (transitively), sorted (a tuple: kept for
        the run, and most are empty)."""
        self.tracker.module(HIERARCHY)
        key = (module_name, index, attr)
        return self.tracker.apart(self._overrides, key, lambda: tuple(self._overrides_uncached(*key)))

    def _overrides_uncached(self, module_name: str, index: int, attr: str) -> list[Sym]:
        """For each project subclass, what its own MRO finds first for `attr`, unless that is the class's own
        member: a def, a class-body assignment (`run = _run`; `run = lambda self: ...` enters the assignment's
        `state` function, which holds the lambda's body), or a sibling base's member (`class Both(Other, Base)`:
        `self.helper` in Base's code may be `Other.helper`, though Other is no subclass of Base)."""
        found: list[Sym] = []
        subclasses = self.hierarchy.subclasses(module_name, index)
        below = {*subclasses, (module_name, index)}
        above = set(self.hierarchy.mro(module_name, index))
        for sub in self.hierarchy.overriders(module_name, index).get(attr, ()):
            order_, exact = self.hierarchy.linearised(*sub)  # inexact: any class binding the name may come first
            for owner in order_ if exact else [k for k in order_ if k not in above]:
                if attr not in self.hierarchy.members(*owner):
                    continue  # the common answer, down every subclass's MRO: one set lookup (mro read the module)
                if owner in above:
                    break  # what the class's own lookup finds too (no class before it in its MRO binds the name)
                # a sibling base's method is entered for the subclass that brings it in
                receiver = None if owner in below else (sub, True)
                with self.tracker.scope(modules="outer") as read:
                    own = self.own_member(False, *owner, attr, 1, receiver)
                if own is None:
                    continue
                found.extend(s for s in own if s != UNKNOWN or not self.view.binds_only_constants(*owner, attr))
                found.extend(ProjectFunction(*state_entry(key)) for key in read.state or ())
                if exact:
                    break
        return sorted(set(found), key=order)

    # -- super() ------------------------------------------------------------------------------------------

    def super_member(
        self,
        module: Module,
        func: FunctionFacts,
        root: str,
        attr: str,
        receiver: ClassKey | None = None,
        exact: bool = False,
    ) -> list[Sym]:
        """`super().attr` and `super(X, obj).attr`: `attr` after the enclosing class (or X) in the MRO of
        `type(obj)`. That is the enclosing class or any project subclass of it when `obj` is the method's own
        `self`/`cls` (a subclass's MRO can put a sibling between them: `class D(B, C)` makes `super()` in B find
        C) — the receiver class instead, when the method is entered for one — else X or any project subclass
        of X (Python requires `obj` to be one). X that names no project class, or not a plain or dotted name, is
        an unknown value: a blind spot, never the wrong class. `exact`: `self` is an instance of that class itself
        (a constructor's), so no subclass's order counts."""
        classes = self.view.classes_named(module, func.cls) if func.cls else []
        if root == "<super>":
            if not classes:
                return [OPAQUE]
            # (whose subclasses, after what)
            pairs = [(receiver or (module.name, i), (module.name, i)) for i in classes]
        else:
            if root == "<super:?>":
                return [UNKNOWN]
            _, start, first = root[1:-1].split(":")
            name = start.split(".")[0]
            if name in func.locals or any(b.name == name for b in func.bindings):
                return [UNKNOWN]
            targets = self.evaluator.resolve_chain_in_module(module, tuple(start.split(".")), 1)
            starts = [(t.module, t.idx) for t in targets if isinstance(t, ProjectClass)]
            if not targets or len(starts) != len(targets):
                return [UNKNOWN]
            own = classes if first and first == func.first and func.kind != "staticmethod" else []
            pairs = [(receiver or (module.name, i), x) for i in own for x in starts] or [(x, x) for x in starts]
        found: list[Sym] = []
        self.tracker.module(HIERARCHY)
        for base, after in pairs:
            # what `base`'s own order finds is entered for `base`, whose `self` stands for its subclasses too: a
            # subclass whose order finds the same def adds no entry of its own (one per subclass would widen the
            # walk past them), unless its classes give a default of their instances' state (`_own_defaults`)
            ahead: set[tuple[str, int]] = set()
            for owner in [base] if exact and root == "<super>" else [base, *self.hierarchy.subclasses(*base)]:
                for sym in self.class_member(ProjectClass(*owner), attr, 1, after=after):
                    if (
                        isinstance(sym, ProjectFunction)
                        and (sym.module, sym.idx) in ahead
                        and not _own_defaults(self.hierarchy, owner, base)
                    ):
                        continue
                    if owner == base and isinstance(sym, ProjectFunction):
                        ahead.add((sym.module, sym.idx))
                    if sym not in found:
                        found.append(sym)
        return found


# -- instance state: what a class's methods assign on `self`, read from the class hierarchy alone


def instance_state(hierarchy: Hierarchy, module_name: str, index: int, attr: str) -> bool:
    """Whether some method of the class's MRO assigns `self.attr`."""
    tables = (hierarchy.members(*key).get(attr) for key in hierarchy.mro(module_name, index))
    return any(members is not None and members[1] for members in tables)


def _own_defaults(hierarchy: Hierarchy, sub: ClassKey, base: ClassKey) -> bool:
    """Whether a class of `sub`'s order that `base`'s lacks binds, in its body, a name `sub`'s methods assign on
    `self`: a default a method entered for `base` does not see for `sub` (a subclass's default of instance
    state is left out of the dispatch on `base`, semantics §4), so a method entered for `base` does not
    stand for `sub` there."""
    above = set(hierarchy.mro(*base))
    for key in hierarchy.mro(*sub):
        if key in above:
            continue
        for name, members in hierarchy.members(*key).items():
            if members[2] and instance_state(hierarchy, *sub, name):
                return True
    return False


def state_key(sym: ProjectFunction) -> StateKey:
    """A method a read runs, as the tracker records it: with the class it is entered for, when it has one."""
    return (sym.module, sym.idx) if sym.receiver is None else (sym.module, sym.idx, sym.receiver)


def _below(view: TargetView, hierarchy: Hierarchy, sym: Sym, without: tuple[ClassKey, ...]) -> bool:
    """Whether a subclass's override is found only for classes deriving from one of `without`: the class it is
    entered for (its receiver, else the class defining it) derives from one."""
    if not isinstance(sym, ProjectFunction):
        return False
    if sym.receiver is not None:
        classes = [sym.receiver]
    else:
        home = view.module(sym.module)
        owner = home.facts.functions[sym.idx].cls
        classes = [(sym.module, i) for i in view.classes_named(home, owner)] if owner else []
    return bool(classes) and all(any(w in hierarchy.mro(*c) for w in without) for c in classes)


def _entered_for(receiver: tuple[ClassKey, bool] | None, owner: ClassKey, func: FunctionFacts) -> ClassKey | None:
    """The class a def found in `owner` is entered for: the lookup's class when that lies below `owner` and the
    def's first parameter is bound to it (see `Dispatch.own_member`), else None (its own class)."""
    if receiver is None or receiver[0] == owner or not func.first:
        return None
    cls, known = receiver
    return cls if known or func.kind == "classmethod" else None


def project_metaclasses(view: TargetView, hierarchy: Hierarchy, sym: ProjectClass) -> list[ProjectClass]:
    """The project metaclass of a project class: the one its `metaclass=` keyword names, or the first of its
    MRO's (Python takes the most derived of them: a candidate another one derives from is left out). Read as
    its bases are, by no one: the class object holds it. Through `cls` or `type[C]` (any subclass), a call
    on it may land in a subclass's override. None: `type` or a stdlib or third-party metaclass."""
    found: list[ClassKey] = []
    for mod_name, cls_index in hierarchy.mro(sym.module, sym.idx):
        module = view.module(mod_name)
        cls = module.facts.classes[cls_index]
        if cls.metaclass and cls.metaclass != "<?>":
            for meta in hierarchy.base_syms(module, cls.metaclass, cls):
                if isinstance(meta, ProjectClass) and (meta.module, meta.idx) not in found:
                    found.append((meta.module, meta.idx))
    if len(found) > 1:
        found = [k for k in found if not any(k != o and k in hierarchy.mro(*o) for o in found)]
    return [ProjectClass(m, i, sym.dispatch) for m, i in found]


def _accessors_only(view: TargetView, found: list[Sym]) -> bool:
    """Whether a class answers a name with a property's setter or deleter alone (`@Base.x.setter` in a subclass):
    the read is kept there (a store finds the setter through it) and goes on to the getter further along."""
    return bool(found) and all(
        isinstance(sym, ProjectFunction) and accessor(view.module(sym.module).facts.functions[sym.idx]) != ""
        for sym in found
    )


def _plain_container(sym: Sym) -> bool:
    """A builtin container of unknown content: what an empty literal assigned to an attribute holds."""
    return isinstance(sym, StdInstance) and sym.module == "builtins" and sym.qualname in _CONTAINERS


_CONTAINERS = frozenset({"list", "dict", "set", "tuple"})


def _too_deep(attr: str) -> Sym:
    return Missing(attr, "alias chain too deep")
