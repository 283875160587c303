"""The project's class graph on one target: the bases a class names, Python's C3 order over them, the subclasses
a hierarchy search finds, and the stdlib and third-party bases a lookup falls back to; each class's own members
as a table, and which subclasses bind a name below it (where an override can be).

What the subclass search finds depends on every module that could name a class, so its answers are recorded
as the `HIERARCHY` marker rather than as modules (`Tracker.apart`); the engine knows when the hierarchy changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution import subscripts
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.subscripts import Origin
from pytest_claims.analysis.resolution.symbols import ClassKey, External, ProjectClass, StdName, Sym, Unknown
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Kept, Tracker
from pytest_claims.analysis.stubs import PROTOCOL_BASES
from pytest_claims.records import PLATFORM, Binding, ClassFacts

if TYPE_CHECKING:
    from pytest_claims.analysis.ports import SummarySource

MemberTable = dict[str, tuple[tuple[int, ...], tuple[Binding, ...], tuple[Binding, ...]]]
"""A class's own members: name -> (its methods' function indexes, the fields its methods set on `self`, its
class-body bindings of the name), each in source order."""


class Hierarchy:
    """Bases, C3 orders and subclasses of project classes, memoised for one target."""

    def __init__(
        self,
        view: TargetView,
        evaluator: Evaluator,
        tracker: Tracker,
        persisted: SummarySource | None,
        peers: Callable[[], list[Hierarchy]],
    ) -> None:
        self.view = view
        self.evaluator = evaluator
        self.tracker = tracker
        self.persisted = persisted
        self.peers = peers
        """The other targets' hierarchies: a subclass list is platform-specific only when theirs differ."""
        self._mro: dict[ClassKey, tuple[list[ClassKey], frozenset[str], bool]] = {}
        self._base_memo: dict[ClassKey, tuple[list[ClassKey], bool]] = {}
        self._direct: dict[ClassKey, list[ClassKey]] = {}
        self._direct_platform: dict[ClassKey, bool] = {}
        self._own_direct: dict[ClassKey, list[ClassKey]] = {}
        self._own_platform: dict[ClassKey, bool] = {}
        """Whether this target's subclass search consulted something platform-specific (absent: not known)."""
        self._subclasses: dict[ClassKey, tuple[list[ClassKey], bool]] = {}
        self._protocols: dict[ClassKey, bool] = {}
        self._unnamed_memo: dict[ClassKey, tuple[bool, frozenset[str]]] = {}
        self._foreign: dict[ClassKey, Kept[Sym]] = {}
        self._members: dict[ClassKey, MemberTable] = {}
        self._overriders: dict[ClassKey, tuple[dict[str, tuple[ClassKey, ...]], bool]] = {}
        self._std_subclasses: dict[tuple[str, str], tuple[list[ClassKey], bool]] = {}

    # -- bases and C3 ------------------------------------------------------------------------------------

    def mro(self, module_name: str, index: int) -> list[ClassKey]:
        """Project classes in Python's lookup order (C3 linearisation), then nothing else."""
        return self.linearised(module_name, index)[0]

    def linearised(self, module_name: str, index: int) -> tuple[list[ClassKey], bool]:
        """The class's MRO over its project classes (C3: semantics §5 says "in Python's MRO order"), and whether that
        order is exact. It is not when the merge fails (an inconsistent hierarchy, or a base name that resolves
        to several classes): every class is still there, and a lookup then keeps every definition it finds.
        Stdlib and third-party bases are left out (`foreign_bases` looks in them last), as are bases that
        resolve to no class. Memoised: every method lookup on a project class asks."""
        key = (module_name, index)
        cached = self._mro.get(key)
        if cached is None:
            if ("mro", *key) in self.tracker.busy:  # `class A(A.B)`: a base that can only be found through A itself
                self.tracker.partial_orders += 1
                return [key], True
            cached = self._linearise(key)
        self.tracker.modules(cached[1])
        return cached[0], cached[2]

    def _linearise(self, key: ClassKey) -> tuple[list[ClassKey], frozenset[str], bool]:
        """Linearise the class and every base not yet done, bases first, without recursing (a hierarchy can be
        600 deep). A base queued but not yet started is linearised first, whichever class queued it. A base
        whose order is still being computed counts as itself alone, and the order as inexact: a base cycle within
        this linearisation is so whoever asks; a class asked for while an outer computation resolves its bases
        (through a base expression) is a partial answer that depends on who asked first, so neither it nor what
        derives from it is kept (`partial_orders`), and it is linearised again when asked outside that
        computation."""
        busy = self.tracker.busy
        outer = {entry for entry in busy if entry[0] == "mro"}
        bases_of: dict[ClassKey, tuple[list[ClassKey], frozenset[str]]] = {}
        partial: set[ClassKey] = set()
        done: set[ClassKey] = set()
        stack = [key]
        busy.add(("mro", *key))
        try:
            while stack:
                current = stack[-1]
                if current in done or (current not in bases_of and current in self._mro):
                    stack.pop()  # queued twice, or linearised since by a computation its bases asked for
                    if current not in done:
                        busy.discard(("mro", *current))
                    continue
                if current not in bases_of:
                    bases_of[current] = self._direct_bases(current)
                    pending = [
                        b
                        for b in bases_of[current][0]
                        if b not in self._mro and b not in bases_of and ("mro", *b) not in outer
                    ]
                    if pending:
                        busy.update(("mro", *b) for b in pending)
                        stack.extend(pending)
                        continue
                stack.pop()
                if any(b in partial or ("mro", *b) in outer for b in bases_of[current][0]):
                    partial.add(current)
                self._mro[current] = self._merge(current, *bases_of[current])
                done.add(current)
                busy.discard(("mro", *current))
        finally:
            busy.difference_update(("mro", *c) for c in stack)
        found = self._mro[key]
        if partial:
            self.tracker.partial_orders += 1
            for cls in partial:
                del self._mro[cls]
        return found

    def _merge(
        self, current: ClassKey, bases: list[ClassKey], deps: frozenset[str]
    ) -> tuple[list[ClassKey], frozenset[str], bool]:
        """C3 over the bases' orders (those known), with what they read and whether the result is exact."""
        exact = True
        sequences: list[list[ClassKey]] = []
        for base in bases:
            known = self._mro.get(base)
            if known is None:  # its order is not known yet: the merge may miss its bases
                sequences.append([base])
                exact = False
                continue
            sequences.append([c for c in known[0] if c != current])
            deps = deps | known[1]
            exact = exact and known[2]
        merged, merged_exact = c3_merge([*sequences, bases])
        return [current, *merged], self.tracker.frozen(deps), exact and merged_exact

    def members(self, module_name: str, index: int) -> MemberTable:
        """Every name a class binds (methods, class-body assignments, fields set on `self`) with its bindings of
        it, built once per class: a lookup down an MRO reads a dictionary instead of scanning the class. Asked
        of the classes of an MRO, whose modules the MRO's answer depends on already: no dependency recorded."""
        key = (module_name, index)
        table = self._members.get(key)
        if table is None:
            table = self._members[key] = _member_table(self.view.project.modules[module_name].facts.classes[index])
        return table

    def _direct_bases(self, key: ClassKey) -> tuple[list[ClassKey], frozenset[str]]:
        """The project classes a class names as its bases, each once, and what resolving them read."""
        with self.tracker.scope(state="outer") as read:
            module = self.view.module(key[0])
            bases: list[ClassKey] = []
            cls = module.facts.classes[key[1]]
            for base in cls.bases:
                for sym in self.base_syms(module, base, cls):
                    if isinstance(sym, ProjectClass):
                        bases.append((sym.module, sym.idx))
        return [b for b in dict.fromkeys(bases) if b != key], frozenset(read.modules)

    def base_syms(self, module: Module, base: str, cls: ClassFacts | None = None) -> list[Sym]:
        """What a class's base expression names. Not a read of module state by whoever asks: the class object
        holds its bases, so a method lookup or a construction never reads the name again at run time (and a
        read recorded here would go to whichever use first asked for the class's MRO)."""
        return [sym for sym, _ in self.base_origins(module, base, cls)]

    def base_origins(self, module: Module, base: str, cls: ClassFacts | None = None) -> list[Origin]:
        """`base_syms`, each with whether a subscript gave it (`subscripts.origins`: `Future[Any]`, or a name
        bound to one). `cls` is the class whose base it is: a class defined in a function evaluates a base whose
        name the function binds in that function's scope (`enclosing`)."""
        with self.tracker.scope(modules="outer", state="off"):
            scope = None if cls is None else enclosing(module, cls)
            return subscripts.origins(self.view, self.evaluator, module, base, scope)

    def foreign_bases(self, module_name: str, index: int) -> list[Sym]:
        """Stdlib and third-party bases anywhere in a project class's hierarchy (memoised: it reads no state)."""
        key = (module_name, index)
        return self.tracker.kept(self._foreign, key, lambda: self._foreign_bases(*key))

    def _foreign_bases(self, module_name: str, index: int) -> list[Sym]:
        out: list[Sym] = []
        for mod_name, cls_index in self.mro(module_name, index):
            module = self.view.module(mod_name)
            cls = module.facts.classes[cls_index]
            for base in cls.bases:
                for sym in self.base_syms(module, base, cls):
                    if isinstance(sym, (StdName, External)) and sym not in out:
                        out.append(sym)
        return out

    def unnamable(self, order: list[ClassKey]) -> bool:
        """Whether a class of the MRO has a base the walk cannot name (`class X(make_base())`, or a name bound to
        a value it cannot evaluate: `Base = mod.Future[Any]`): that base may come before the class a lookup
        found the name in, and define it too (an unknown value, fail closed)."""
        return any(self._unnamed(*key) for key in order)

    def _unnamed(self, module_name: str, index: int) -> bool:
        """Whether one class has a base the walk cannot name: unknown, or a project class subscripted that may
        give anything but itself (`item_class`). What resolving the bases read is the class's MRO's
        reading too (its asker got the order from `mro`), so a memo hit replays only what that check read."""
        key = (module_name, index)
        known = self._unnamed_memo.get(key)
        if known is None:
            module = self.view.module(module_name)
            cls = module.facts.classes[index]
            bases = cls.bases
            found = [origin for base in bases for origin in self.base_origins(module, base, cls)]
            unnamed = "<?>" in bases or any(isinstance(sym, Unknown) for sym, _ in found)
            with self.tracker.scope(state="off") as read:
                unnamed = unnamed or any(
                    through and isinstance(sym, ProjectClass) and item_class(self, (sym.module, sym.idx))
                    for sym, through in found
                )
            known = self._unnamed_memo[key] = (unnamed, self.tracker.frozen(read.modules))
        self.tracker.modules(known[1])
        return known[0]

    # -- protocols ----------------------------------------------------------------------------------------

    def is_protocol(self, module_name: str, index: int) -> bool:
        """Whether a project class lists `typing.Protocol` (or `typing_extensions.Protocol`, `Protocol[T]`) among
        its own bases. Python's rule: a class deriving from a protocol is a protocol only when it says so
        (`class Sub(Base, Protocol)`); `class Impl(Base)` is an implementer. What resolving the bases read is the
        class's MRO's reading too, so a memo hit need not replay it."""
        key = (module_name, index)
        known = self._protocols.get(key)
        if known is None:
            module = self.view.module(module_name)
            cls = module.facts.classes[index]
            known = self._protocols[key] = any(
                isinstance(sym, StdName) and sym.symbol.where in PROTOCOL_BASES
                for base in cls.bases
                for sym in self.base_syms(module, base, cls)
            )
        return known

    def protocol_members(self, module_name: str, index: int) -> tuple[frozenset[str], frozenset[str]]:
        """The members a protocol declares (`typing._get_protocol_attrs`): every name bound by it and by the
        protocols among its bases (defs, properties, annotated or assigned data members), Python's bookkeeping
        names aside; and which of them are data members (annotated, assigned or properties: no plain def). A
        value typed by the protocol is of a class that binds them all."""
        names: set[str] = set()
        defined: set[str] = set()
        for key in self.mro(module_name, index):
            if self.is_protocol(*key):
                functions = self.view.module(key[0]).facts.functions
                for name, (methods, _, _) in self.members(*key).items():
                    names.add(name)
                    if any(functions[i].kind != "property" for i in methods):
                        defined.add(name)  # a method; a property is a data member
        members = frozenset(n for n in names if n not in _NOT_PROTOCOL_MEMBERS and not n.startswith("_abc_"))
        return members, members - defined

    def implementers(self, attr: str) -> list[ClassKey]:
        """Every project class alive on this target whose own body binds `attr` (a def, a class-body assignment
        or annotation, a field set on `self`): where a call of `attr` on a protocol-typed value may land (structural
        dispatch), in it or in its subclasses.
        Only modules whose classes may bind the word are parsed (`Modules.mentioning`). Depends on every
        module's classes: whoever asks records `HIERARCHY`, whose shapes hold each class's method names and
        class-body assignments."""
        found: list[ClassKey] = []
        for module_name in self.view.project.modules.mentioning(attr):
            module = self.view.module(module_name)
            for index, cls in enumerate(module.facts.classes):
                binds = any(name == attr for name, _ in cls.methods) or any(
                    b.name == attr for b in (*cls.attributes, *cls.fields)
                )
                if binds and self.view.alive(module, cls.guard):
                    found.append((module_name, index))
        return found

    # -- subclasses ---------------------------------------------------------------------------------------

    def subclasses(self, module_name: str, index: int) -> list[ClassKey]:
        """Every project subclass of the class, transitively, each once (sorted)."""
        key = (module_name, index)
        return self.tracker.apart(self._subclasses, key, lambda: self._subclasses_uncached(*key))

    def _subclasses_uncached(self, module_name: str, index: int) -> list[ClassKey]:
        seen: list[ClassKey] = []
        todo = list(self.direct_subclasses((module_name, index)))
        while todo:
            current = todo.pop()
            if current in seen or current == (module_name, index):
                continue
            seen.append(current)
            todo.extend(self.direct_subclasses(current))
        seen.sort()
        return seen

    def std_subclasses(self, module: str, qualname: str) -> list[ClassKey]:
        """Every project class deriving, at any depth, from the stdlib class `module.qualname` (a `datetime.tzinfo`
        handed to the stdlib may be an instance of any of them), sorted. Only the modules whose text names the
        class are read, as for a project class's subclasses; what asks records the hierarchy (`HIERARCHY`)."""
        key = (module, qualname)
        return self.tracker.apart(self._std_subclasses, key, lambda: self._std_subclasses_uncached(*key))

    def _std_subclasses_uncached(self, module: str, qualname: str) -> list[ClassKey]:
        direct: list[ClassKey] = []
        for module_name in self.view.project.modules.naming(qualname.rpartition(".")[2]):
            owner = self.view.module(module_name)
            for cls_index, cls in enumerate(owner.facts.classes):
                if cls.bases and self.view.alive(owner, cls.guard) and any(
                    isinstance(sym, StdName) and sym.symbol.kind == "class" and sym.symbol.where == (module, qualname)
                    for base in cls.bases
                    for sym in self.base_syms(owner, base, cls)
                ):
                    direct.append((module_name, cls_index))
        found = set(direct)
        for key in direct:
            found.update(self.subclasses(*key))
        return sorted(found)

    def overriders(self, module_name: str, index: int) -> dict[str, tuple[ClassKey, ...]]:
        """name -> the project subclasses of the class (sorted) whose MRO has a class binding the name that is
        neither the class nor one of its bases: the only ones whose lookup of the name can find an override.
        Built once per class (passing on only whether what it read was platform-specific, as `subclasses`
        does)."""
        key = (module_name, index)
        return self.tracker.apart(self._overriders, key, lambda: self._overriders_uncached(*key), guarded=True)

    def _overriders_uncached(self, module_name: str, index: int) -> dict[str, tuple[ClassKey, ...]]:
        table: dict[str, list[ClassKey]] = {}
        above = set(self.mro(module_name, index))
        for sub in self.subclasses(module_name, index):
            names: set[str] = set()
            for owner in self.mro(*sub):
                if owner not in above:
                    names.update(self.members(*owner))
            for name in names:
                table.setdefault(name, []).append(sub)
        return {name: tuple(subs) for name, subs in table.items()}  # kept for the run: tuples cost less

    def direct_subclasses(self, key: ClassKey) -> list[ClassKey]:
        """The project classes alive on this target that name the class among their bases. Only modules whose
        text names the class, under any name bound to it, are parsed (`Modules.naming`). Not a dependency of
        what asks: that is HIERARCHY, which changes whenever a module changes its classes."""
        known = self._direct.get(key)
        if known is None:
            known = self._direct[key] = self.own_direct_subclasses(key)
            # platform-specific only when another target of the run really finds other subclasses; a search that
            # consulted nothing platform-specific finds the same on every target, so theirs are not searched
            self._direct_platform[key] = self._own_platform.get(key, True) and any(
                peer.own_direct_subclasses(key) != known for peer in self.peers()
            )
        if self._direct_platform[key]:
            self.tracker.module(PLATFORM)
        return known

    def own_direct_subclasses(self, key: ClassKey) -> list[ClassKey]:
        """`direct_subclasses` on this target alone, memoised, with no dependency recorded."""
        known = self._own_direct.get(key)
        platform = self.view.target.platform
        if known is None and self.persisted is not None:
            known = self.persisted.subclasses(platform, key)
            if known is not None:
                self._own_direct[key] = known
        if known is None:
            known = []
            with self.tracker.scope(state="outer") as read:
                for module_name in self._naming(key):
                    module = self.view.module(module_name)
                    for cls_index, cls in enumerate(module.facts.classes):
                        if cls.bases and self.view.alive(module, cls.guard) and key in self._bases(module, cls_index):
                            known.append((module_name, cls_index))
            self._own_direct[key] = known
            self._own_platform[key] = PLATFORM in read.modules
            if self.persisted is not None:
                self.persisted.put_subclasses(platform, key, known)
        return known

    def _naming(self, key: ClassKey) -> list[str]:
        """The modules whose text names the class under any name a subclass could write (`Modules.naming`: the
        same for every target, so asked once per run)."""
        qualname = self.view.module(key[0]).facts.classes[key[1]].qualname
        return self.view.project.modules.naming(qualname.rpartition(".")[2])

    def _bases(self, module: Module, cls_index: int) -> list[ClassKey]:
        """The project classes a class names as its bases (memoised: the hierarchy search asks for every class of
        every module that names a searched class)."""
        key = (module.name, cls_index)
        known = self._base_memo.get(key)
        if known is None:
            out: list[ClassKey] = []
            with self.tracker.scope(state="off") as read:
                cls = module.facts.classes[cls_index]
                for base in cls.bases:
                    for sym in self.base_syms(module, base, cls):
                        if isinstance(sym, ProjectClass):
                            out.append((sym.module, sym.idx))
            known = self._base_memo[key] = (out, PLATFORM in read.modules)
        if known[1]:  # a memo hit says so too: the subclass search that asks passes it on (`_own_platform`)
            self.tracker.module(PLATFORM)
        return known[0]


_NOT_PROTOCOL_MEMBERS = frozenset(
    {
        "__abstractmethods__",
        "__annotations__",
        "__class_getitem__",
        "__dict__",
        "__doc__",
        "__firstlineno__",
        "__init__",
        "__init_subclass__",
        "__match_args__",
        "__module__",
        "__new__",
        "__orig_bases__",
        "__parameters__",
        "__protocol_attrs__",
        "__qualname__",
        "__slots__",
        "__static_attributes__",
        "__subclasshook__",
        "__weakref__",
        "_is_protocol",
        "_is_runtime_protocol",
    }
)
"""Names a protocol's body may bind that are no member an implementer must have (`typing._SPECIAL_NAMES` and
the protocol machinery's own)."""


def _member_table(cls: ClassFacts) -> MemberTable:
    """name -> (method indexes, fields, class-body bindings) of that name; tuples, as the table is kept for the
    run (an empty one costs nothing, an empty list 56 bytes, and most names are of one kind only)."""
    table: dict[str, tuple[list[int], list[Binding], list[Binding]]] = {}
    for name, index in cls.methods:
        table.setdefault(name, ([], [], []))[0].append(index)
    for binding in cls.fields:
        table.setdefault(binding.name, ([], [], []))[1].append(binding)
    for binding in cls.attributes:
        table.setdefault(binding.name, ([], [], []))[2].append(binding)
    return {name: (tuple(m), tuple(f), tuple(a)) for name, (m, f, a) in table.items()}


def c3_merge(sequences: list[list[ClassKey]]) -> tuple[list[ClassKey], bool]:
    """C3's merge of the bases' linearisations and the list of bases, and whether it succeeded. Where Python would
    raise TypeError (no head is in no tail), every class left is appended in the order first seen: a lookup on an
    inexact order keeps every candidate, so none is dropped."""
    merged: list[ClassKey] = []
    todo = [list(seq) for seq in sequences if seq]
    while todo:
        for seq in todo:
            head = seq[0]
            if not any(head in other[1:] for other in todo):
                break
        else:
            for seq in todo:
                merged.extend(c for c in seq if c not in merged)
            return merged, False
        merged.append(head)
        todo = [rest for rest in (seq[1:] if seq[0] == head else seq for seq in todo) if rest]
    return merged, True


def enclosing(module: Module, cls: ClassFacts) -> subscripts.Enclosing | None:
    """Where a class defined in a function evaluates its bases (None: at module level). The function is the
    last def of its qualname before the class (`f.<locals>.C` in `f`; a nested def's classes are its outer
    function's, as its names are); whether the class sits in another class's body (`f.<locals>.A.B`: a name
    there may be the outer body's, so a function's name is not followed); None for the function when none is
    found (every base unknown)."""
    prefix, sep, rest = cls.qualname.rpartition(".<locals>.")
    if not sep:
        return None
    defs = [f for f in module.facts.functions if f.qualname == prefix and f.kind != "state" and f.line <= cls.line]
    return max(defs, key=lambda f: f.line, default=None), "." in rest


def item_class(hierarchy: Hierarchy, key: ClassKey) -> bool:
    """Whether subscripting the project class may call its metaclass's `__getitem__` (giving anything at all)
    rather than make a generic alias of it: a metaclass keyword anywhere in its order names one that is not
    `type` or `ABCMeta` or a project metaclass binding no `__getitem__` over those, or it derives from an
    Enum; or from a class the walk does not see (a third-party base: its metaclass is unknown) while neither
    `typing.Generic` nor a `__class_getitem__` of its own order says it is generic."""
    order = hierarchy.mro(*key)
    for mod_name, index in order:
        module = hierarchy.view.module(mod_name)
        written = module.facts.classes[index].metaclass
        if written == "<?>":
            return True
        if written and not all(_plain_metaclass(hierarchy, meta) for meta in hierarchy.base_syms(module, written)):
            return True
    generic = any("__class_getitem__" in hierarchy.members(*c) for c in order)
    unseen = False
    for base in hierarchy.foreign_bases(*key):
        if isinstance(base, StdName) and base.symbol.kind == "class":
            if hierarchy.view.stubs.is_enum(*base.symbol.where):
                return True
        elif isinstance(base, StdName):
            generic = generic or base.symbol.where in subscripts.GENERIC_FORMS
        else:
            unseen = True
    return unseen and not generic


def _plain_metaclass(hierarchy: Hierarchy, meta: Sym) -> bool:
    """A metaclass that defines no `__getitem__`: `type`, `ABCMeta`, or a project metaclass none of whose order
    binds one and whose other bases are those."""
    if isinstance(meta, StdName):
        return meta.symbol.where in subscripts.PLAIN_METACLASSES
    if not isinstance(meta, ProjectClass):
        return False
    if any("__getitem__" in hierarchy.members(*c) for c in hierarchy.mro(meta.module, meta.idx)):
        return False
    return all(
        isinstance(base, StdName) and base.symbol.where in subscripts.PLAIN_METACLASSES
        for base in hierarchy.foreign_bases(meta.module, meta.idx)
    )
