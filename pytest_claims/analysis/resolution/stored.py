"""Behaviour stored in a value: a callable kept in an attribute from a parameter (`self._timer = timer`) and
called later (`self._timer()`) may be the parameter's default, or anything the project's own calls pass for it.
A field set from `key or make_key` (or `and`, or a ternary) has one field binding per operand: the parameter's is
followed here, the others as any field's value is (`Dispatch`).

The call stays a blind spot (any caller outside the project may pass any callable); what the project shows can
be there is followed beside it: the default where it is written, and the argument each call site of the storing
method passes, where it is written. The call sites are those of a constructor (`C(...)` of the class or of a
subclass that inherits its `__init__`, `Base.__init__(self, ...)`, `super().__init__(...)`), in the modules
whose text names the class; an argument that is itself a parameter of the calling `__init__` forwards that
parameter's default and call sites, up to `MAX_FORWARDS` levels, each constructor's scan bounded by `MAX_SITES`.
Those call sites also say which project instances a field set from a constructor parameter may hold
(`instances`), where the calling function constructs them (`constructed`): a use of the field enters their methods.

The same edges carry values passed to a plain function's parameter (`Stored.passed`): what the project's own calls
of the function pass for a parameter its body never rebinds (`FunctionFacts.received`), a name resolved where the
call is written, an instance the argument constructs (`f(TTLCache(...))`) or the def it decorates (`@f`; for
the parameter a decorator application hands the def, `@f(...)` and `@C(...)`: `decorations.py`), forwarded back
through functions that pass their own such parameter on, up to `MAX_PASSES` functions, each function's scan
bounded by `MAX_SITES`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pytest_claims.analysis.arguments import MADE, NAMED, SURE
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.configured import Kept, stored_params
from pytest_claims.analysis.resolution.decorations import DECORATES, Decorations, Site
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import (
    ClassKey,
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    ProjectModule,
    Sym,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import HIERARCHY, FunctionFacts

MAX_FORWARDS = 3
"""How many constructors a stored parameter is followed back through (`TTLCache(timer=...)` passing it on to
`_TimedCache.__init__`, which passes it on to `_Timer(...)`)."""

MAX_SITES = 64
"""How many call sites of one constructor are read for what they pass; past it the others are not followed
(the blind spot at the call says that any callable may be there)."""

MAX_PASSES = 4
"""How many plain functions a value passed as an argument is followed back through (`_condition_info(..., cache)`
called by `_wrapper`, called by `cached`, called by `_cache`, called with `TTLCache(...)`)."""

Origin = tuple[Sym, int, str]
"""What a stored callable may be, and the line and module where that is written (a default, an argument)."""
_OriginKey = tuple[str, int, str, int]
"""A parameter asked about: module, function index, name, and how many calls back it is followed."""
_Known = tuple[list[Origin], frozenset[str]]
"""A memoised answer and the modules it read."""


class Stored:
    """Where the callables stored from parameters come from, for one target (memoised per run)."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
    ) -> None:
        self.view, self.evaluator, self.hierarchy, self.dispatch, self.bodies, self.tracker = parts
        self._origins: dict[_OriginKey, _Known] = {}
        self._sites: dict[tuple[str, int], tuple[list[Site], frozenset[str]]] = {}
        self._passed: dict[_OriginKey, _Known] = {}
        self._calls: dict[tuple[str, int], tuple[list[Site], frozenset[str]]] = {}
        self.kept = Kept(self.view, self.tracker)
        self._applied: dict[tuple[str, int], tuple[list[Site], frozenset[str]]] = {}
        self.made: set[Origin] = set()
        """The values `passed` found as a call constructing a class (`f(TTLCache(...))`): of that class exactly, so
        no subclass's override runs on them (unless the same value was also found through a name, `named`)."""
        self.named: set[Origin] = set()
        self.decorated: set[Origin] = set()
        """The defs `passed` found handed to a decorator by its application (`@d` over `def f`), at the `@`."""
        self.constructed: set[Origin] = set()
        """The instances `_argument` found constructed in the calling function itself: passed as `C(x=D())`, or as
        a local that function binds only to calls (`line = D(path)` then `cls(line=line)`)."""
        self.decorations = Decorations(self.view, self.bodies, self.dispatch, self.hierarchy, self.tracker)
        self.bound: dict[Origin, int] = {}
        """How many leading parameters each callable `_argument` found does not take from a call of it (1: a method
        looked up on a project instance, `Executor(self.progress)`; 0: a plain function named alone or on a module);
        absent: not known. A call of the stored value with literals decides the callable's tests as a direct call
        would (`Summaries._stored`)."""

    def origins(self, receivers: Sequence[Sym], attr: str, own: list[ClassKey] | None) -> list[Origin]:
        """What `obj.attr` may hold for the project instances among `receivers`, where the classes of their
        hierarchy store it from a parameter. `own`: for a private name (`self.__timer`), the class whose code
        reads it, the only one whose methods can set it."""
        found: list[Origin] = []
        for receiver in receivers:
            if not isinstance(receiver, ProjectInstance):
                continue
            key = (receiver.module, receiver.idx)
            if own is not None:
                classes = [c for c in own if c == key or c in self.hierarchy.mro(*key)]
            else:
                self.tracker.module(HIERARCHY)
                classes = [*self.hierarchy.mro(*key), *self.hierarchy.subclasses(*key)]
            for cls in dict.fromkeys(classes):
                for origin in [*self._class_origins(cls, attr), *self._kept(cls, attr)]:
                    if origin not in found:
                        found.append(origin)
        return found

    def _kept(self, cls: ClassKey, attr: str) -> list[Origin]:
        """What plain functions store in `attr` of an instance of `cls` from a parameter they never rebind
        (`CONFIG.field = p`, `FunctionFacts.kept`): its default, and what the project's calls pass for it."""
        found: list[Origin] = []
        for module_name, index, owner, param in self.kept.stores(attr):
            module = self.view.module(module_name)
            func = module.facts.functions[index]
            if not any(name == param for name, _ in func.received):
                continue
            receivers = self.bodies.use(module, func, tuple(owner.split(".")))[0]
            if any(isinstance(r, ProjectInstance) and (r.module, r.idx) == cls for r in receivers):
                found.extend(self.parameter(module_name, index, param, MAX_FORWARDS))  # the default alone
                found.extend(self.passed(module_name, index, param))
        return found

    def instances(self, receivers: Sequence[Sym], attr: str, own: list[ClassKey] | None) -> list[Origin]:
        """The project instances `obj.attr` may hold, where the classes of `obj` set it from a constructor
        parameter (`origins`): those a project constructor call passes for it, constructed in the calling function
        itself (`constructed`); an instance that reached the call otherwise (a parameter's annotation, a value
        typed from elsewhere) is not followed there."""
        found = self.origins(receivers, attr, own)
        return [origin for origin in found if isinstance(origin[0], ProjectInstance) and origin in self.constructed]

    def _class_origins(self, cls: ClassKey, attr: str) -> list[Origin]:
        found: list[Origin] = []
        for index, param in stored_params(self.view, self.hierarchy, cls, attr):
            found.extend(origin for origin in self.parameter(cls[0], index, param, 0) if origin not in found)
        return found

    def parameter(self, module_name: str, index: int, param: str, level: int) -> list[Origin]:
        """What parameter `param` of a function may be: its default, and (for an `__init__`) what the project's
        constructor calls pass for it. Memoised, with the modules it read passed on to what asks."""
        key = (module_name, index, param, level)
        return self.remembered(
            self._origins, key, ("stored", *key), lambda: self._parameter(module_name, index, param, level)
        )

    def remembered(
        self,
        memo: dict[_OriginKey, _Known],
        key: _OriginKey,
        busy: tuple[object, ...],
        compute: Callable[[], list[Origin]],
    ) -> list[Origin]:
        """`compute()` memoised with the modules it read (`Tracker.once`: nothing while the same question is under
        way, a cycle through defaults or call sites)."""
        return self.tracker.once(memo, key, busy, compute)

    def _parameter(self, module_name: str, index: int, param: str, level: int) -> list[Origin]:
        module = self.view.module(module_name)
        func = module.facts.functions[index]
        entry = next((p for p in func.params if p[0] == param), None)
        if entry is None:
            return []
        _, position, default, line = entry
        found: list[Origin] = []
        if default not in ("", "?"):
            for sym in self.evaluator.resolve_chain_in_module(module, tuple(default.split(".")), 1):
                found.append((sym, line, module_name))
        if level >= MAX_FORWARDS or not func.cls or func.qualname.rpartition(".")[2] != "__init__":
            return found
        for site_module, site_index, use_index, shift in self.constructor_sites(module_name, index):
            for origin in self._argument(site_module, site_index, use_index, shift, param, position, level):
                if origin not in found:
                    found.append(origin)
        return found

    def _argument(
        self, module_name: str, index: int, use_index: int, shift: int, param: str, position: int, level: int
    ) -> list[Origin]:
        """What one call site passes for the parameter: a dotted name resolved where the call is written, or,
        when it is a parameter of the calling function, that parameter's own origins (one level further)."""
        module = self.view.module(module_name)
        func = module.facts.functions[index]
        passed = dict(func.calls).get(use_index)
        if passed is None:
            return []
        given, keywords = passed
        value = dict(keywords).get(param)
        if value is None and 0 <= position - shift < len(given):
            value = given[position - shift]
        if not (isinstance(value, tuple) and len(value) == 2 and value[0] in (NAMED, SURE, MADE)):
            return []
        chain = tuple(str(value[1]).split("."))
        line = func.uses[use_index][2]
        if value[0] == MADE:  # `C(line=Deferred(...))`: an instance of that class exactly
            made = self.bodies.use(module, func, chain)[0]
            classes = [s for s in made if isinstance(s, ProjectClass) and not s.dispatch]
            instances: list[Origin] = [(ProjectInstance(sym.module, sym.idx), line, module_name) for sym in classes]
            self.made.update(instances)
            self.constructed.update(instances)
            return instances
        if len(chain) == 1 and any(p[0] == chain[0] for p in func.params):
            return self.parameter(module_name, index, chain[0], level + 1)
        syms, _ = self.bodies.use(module, func, chain)
        found = [(sym, line, module_name) for sym in syms]
        if len(chain) == 1 and _constructed_local(func, chain[0], line):
            self._constructed(module, func, chain[0], found)
        binds = self._shift(module, func, chain)
        for origin in found:
            if binds is not None and self.bound.get(origin, binds) == binds:
                self.bound[origin] = binds
            else:
                self.bound[origin] = -1  # found both bound and not: not known
        return found

    def _constructed(self, module: Module, func: FunctionFacts, name: str, found: list[Origin]) -> None:
        """Mark the instances a local bound only to calls holds as `constructed`, and those of a class one of its
        bindings constructs (`line = Deferred(path)`) as `made` as well: of that class exactly."""
        exact: set[tuple[str, int]] = set()
        for binding in func.bindings:
            if binding.name == name and binding.kind == "alias":
                callee = tuple(binding.target.removesuffix(".()").split("."))
                for sym in self.bodies.use(module, func, callee)[0]:
                    if isinstance(sym, ProjectClass) and not sym.dispatch:
                        exact.add((sym.module, sym.idx))
        for origin in found:
            sym = origin[0]
            if isinstance(sym, ProjectInstance):
                self.constructed.add(origin)
                if (sym.module, sym.idx) in exact:
                    self.made.add(origin)

    def _shift(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> int | None:
        """How many leading parameters a callable passed as `chain` has bound: 1 for `obj.m` on project instances
        only, 0 for a name alone or a module's member; None otherwise."""
        if len(chain) == 1:
            return 0
        owners, _ = self.bodies.use(module, func, chain[:-1])
        if owners and all(isinstance(owner, ProjectInstance) for owner in owners):
            return 1
        if owners and all(isinstance(owner, ProjectModule) for owner in owners):
            return 0
        return None

    def constructor_sites(self, module_name: str, index: int) -> list[Site]:
        """The project's calls entering the `__init__` at (module, index): constructing its class or a subclass
        that inherits it, and explicit calls of it (`Base.__init__(self, ...)`, `super().__init__(...)`)."""
        key = (module_name, index)
        return self.tracker.once(  # a local's operand may ask the same constructor (`_either`)
            self._sites, key, ("sites", *key), lambda: self._constructor_sites_uncached(module_name, index)
        )

    def _constructor_sites_uncached(self, module_name: str, index: int) -> list[Site]:
        module = self.view.module(module_name)
        owner = module.facts.functions[index].cls
        self.tracker.module(HIERARCHY)
        classes: list[ClassKey] = []
        for cls_index in self.view.classes_named(module, owner):
            for cls in [(module_name, cls_index), *self.hierarchy.subclasses(module_name, cls_index)]:
                entered = self.dispatch.class_member(ProjectClass(*cls), "__init__", 1)
                if any(isinstance(s, ProjectFunction) and (s.module, s.idx) == (module_name, index) for s in entered):
                    classes.append(cls)
        names = {self.view.module(c[0]).facts.classes[c[1]].qualname.rpartition(".")[2]: c for c in classes}
        spelled = {word for short in names for word in self.searched(short)}
        sites: list[Site] = []
        for name in sorted({m for short in names for m in self.view.project.modules.naming(short)}):
            caller = self.view.module(name)
            for site in self.sites_in(caller, spelled, set(classes), key=(module_name, index)):
                sites.append(site)
                if len(sites) >= MAX_SITES:
                    return sites
        return sites

    def sites_in(self, module: Module, names: set[str], classes: set[ClassKey], key: tuple[str, int]) -> list[Site]:
        """The calls of one module entering the `__init__` `key`: `C(...)` for a class of `classes` (written under
        one of `names`, or a name the module binds to one), `X.__init__(...)` / `super().__init__(...)`."""
        spelled = names | {b.name for b in module.facts.bindings if (b.member or b.target).rpartition(".")[2] in names}
        found: list[Site] = []
        for index, func in self.view.live_functions(module):
            for use_index, _ in func.calls:
                chain, _, _, guard, _ = func.uses[use_index]
                local = bool(classes) and len(chain) == 1 and any(entry[0] == chain[0] for entry in func.either)
                if chain[-1] != "__init__" and chain[-1] not in spelled and not _own_class(func, chain) and not local:
                    continue
                if guard and not self.view.alive(module, guard):
                    continue
                syms = self.bodies.use(module, func, chain)[0]
                for sym in [*syms, *self._either(module, func, chain[0])] if local else syms:
                    if isinstance(sym, ProjectClass) and (sym.module, sym.idx) in classes:
                        found.append((module.name, index, use_index, 1))
                        break
                    if isinstance(sym, ProjectFunction) and (sym.module, sym.idx) == key:
                        found.append((module.name, index, use_index, 1 if chain[0].startswith("<super") else 0))
                        break
        return found

    def _either(self, module: Module, func: FunctionFacts, name: str) -> list[Sym]:
        """What a local the function calls may hold through the operands it is bound to (`cls = self._c or
        CONFIG.c`, `FunctionFacts.either`): each as the body resolves it, and for a field of a project instance what
        plain functions store there from a parameter (`CONFIG.c = p`, `_kept`). A field a constructor stores from
        its parameter is not followed here: its call sites would be searched from inside this search."""
        found: list[Sym] = []
        for local, text in func.either:
            if local != name:
                continue
            chain = tuple(text.split("."))
            found.extend(self.bodies.use(module, func, chain)[0])
            if len(chain) > 1:
                for receiver in self.bodies.use(module, func, chain[:-1])[0]:
                    if isinstance(receiver, ProjectInstance):
                        found.extend(origin[0] for origin in self._kept((receiver.module, receiver.idx), chain[-1]))
        return found

    def passed(self, module_name: str, index: int, param: str, level: int = 0) -> list[Origin]:
        """What the project's own calls of the plain function at (module, index) pass for `param`, a parameter its
        body never rebinds: each value where its argument is written. Memoised, with the modules it read."""
        busy = ("passed", module_name, index, param)
        return self.remembered(
            self._passed,
            (module_name, index, param, level),
            busy,
            lambda: self._passed_uncached(module_name, index, param, level),
        )

    def _passed_uncached(self, module_name: str, index: int, param: str, level: int) -> list[Origin]:
        func = self.view.module(module_name).facts.functions[index]
        position = next((p for name, p in func.received if name == param), None)
        sites: list[Site] = []
        if param and param == func.applied:  # `@deco(...)` / `@Deco(...)` over a def hands it this parameter
            position, sites = 0, self._applications(module_name, index)
        elif position is not None:
            sites = self.function_sites(module_name, index)
        if position is None or level >= MAX_PASSES:
            return []
        found: list[Origin] = []
        for site_module, site_index, use_index, _ in sites:
            for origin in self._value(site_module, site_index, use_index, param, position, level, (module_name, index)):
                if origin not in found:
                    found.append(origin)
        return found

    def _value(
        self,
        module_name: str,
        index: int,
        use_index: int,
        param: str,
        position: int,
        level: int,
        callee: tuple[str, int],
    ) -> list[Origin]:
        """What one call passes for the parameter: a dotted name resolved where the call is written, an instance of
        the class a call of a dotted name constructs, or, for a parameter the calling plain function never
        rebinds, what its own callers pass (one level further). A decoration passes the def, written at its `@`."""
        module = self.view.module(module_name)
        func = module.facts.functions[index]
        if use_index == DECORATES:  # `@deco` over `def f`: the call `deco(f)` passes `f` first
            if position != 0:
                return []
            line = self.decorations.lines.get((module_name, index, callee), func.line)
            origin: Origin = (ProjectFunction(module_name, index), line, module_name)
            self.decorated.add(origin)
            return [origin]
        value = passed_value(func, use_index, param, position)
        if value is None:
            return []
        chain = tuple(value[1].split("."))
        line = func.uses[use_index][2]
        if value[0] == MADE:
            made = self.bodies.use(module, func, chain)[0]
            classes = [s for s in made if isinstance(s, ProjectClass) and not s.dispatch]
            instances: list[Origin] = [(ProjectInstance(sym.module, sym.idx), line, module_name) for sym in classes]
            self.made.update(instances)
            return instances
        if len(chain) == 1 and any(name == chain[0] for name, _ in func.received):
            return self.passed(module_name, index, chain[0], level + 1)
        syms, _ = self.bodies.use(module, func, chain)
        named: list[Origin] = [(sym, line, module_name) for sym in syms]
        self.named.update(named)
        return named

    def function_sites(self, module_name: str, index: int) -> list[Site]:
        """The project's calls of the plain function at (module, index), in the modules whose text names it: the
        answer depends on those modules and on no other module's text naming it (`searched`), not on the class
        hierarchy (a call of a plain function is found by its names, whatever classes the project defines)."""
        key = (module_name, index)
        known = self._calls.get(key)
        if known is None:
            with self.tracker.scope(state="off") as read:
                name = self.view.module(module_name).facts.functions[index].qualname
                words = self.searched(name)
                sites: list[Site] = []
                for caller in sorted(self.view.project.modules.naming(name)):
                    module = self.view.module(caller)
                    sites.extend(s for s in self.sites_in(module, words, set(), key=key) if self._unbound(module, s))
                    sites.extend(self.decorations.plain(module, words, key))
                    if len(sites) >= MAX_SITES:
                        sites = sites[:MAX_SITES]
                        break
            known = self._calls[key] = (sites, self.tracker.frozen(read.modules))
        self.tracker.modules(known[1])
        return known[0]

    def _applications(self, module_name: str, index: int) -> list[Site]:
        """The defs the project decorates with a call of a value whose call runs the def at (module, index)
        (`Decorations.applications`), memoised as `function_sites` is."""
        key = (module_name, index)
        known = self._applied.get(key)
        if known is None:
            with self.tracker.scope(state="off") as read:
                sites = self.decorations.applications(key, MAX_SITES)
            known = self._applied[key] = (sites, self.tracker.frozen(read.modules))
        self.tracker.modules(known[1])
        return known[0]

    def searched(self, name: str) -> set[str]:
        """The names the calls of something called `name` are looked for under (`Decorations.searched`)."""
        return self.decorations.searched(name)

    def _unbound(self, module: Module, site: Site) -> bool:
        """Whether a call of a plain function passes its arguments as written: `f(x)` or `mod.f(x)`, not a call
        through an instance binding it as a method (`obj.f(x)` passes `obj` first)."""
        func = module.facts.functions[site[1]]
        chain = func.uses[site[2]][0]
        if len(chain) == 1:
            return True
        return all(isinstance(s, ProjectModule) for s in self.bodies.use(module, func, chain[:-1])[0])


def _constructed_local(func: FunctionFacts, name: str, line: int) -> bool:
    """Whether `name` is a local the function binds only to the values of calls, each above `line` (`line =
    D(path)` above `cls(line=line)`; not `attr = Value(attr)`, whose argument is what `attr` held before)."""
    bindings = [b for b in func.bindings if b.name == name]
    if any(p[0] == name for p in func.params) or not bindings or any(b.line >= line for b in bindings):
        return False
    return all(
        (b.kind == "alias" and b.target.endswith(".()")) or (b.kind == "instance" and not b.member) for b in bindings
    )


def _own_class(func: FunctionFacts, chain: tuple[str, ...]) -> bool:
    """A call constructing the receiver's own class: `cls(...)` in a classmethod, `type(self)(...)` or
    `self.__class__(...)` in a method (resolved as any call is, to tell which classes it may construct)."""
    if not func.first or not func.cls:
        return False
    return (chain == (func.first,) and func.kind == "classmethod") or chain == (func.first, "__class__")


def private_owner(
    view: TargetView, module: Module, func: FunctionFacts, chain: tuple[str, ...]
) -> list[ClassKey] | None:
    """For `self.__name` read in a method, the class whose code reads it (Python mangles the name with it, so only
    that class's methods can set it); None for any other name."""
    attr = chain[-1]
    if len(chain) != 2 or not attr.startswith("__") or attr.endswith("__") or chain[0] != func.first or not func.cls:
        return None
    return [(module.name, i) for i in view.classes_named(module, func.cls)]


def passed_value(func: FunctionFacts, use_index: int, param: str, position: int) -> tuple[str, str] | None:
    """What the call at `func.uses[use_index]` passes for the parameter `param` (at `position`), when it is a
    name the facts record (`arguments.NAMED`, `SURE`, `MADE`): (kind, dotted name); None otherwise."""
    passed = dict(func.calls).get(use_index)
    if passed is None:
        return None
    given, keywords = passed
    value = dict(keywords).get(param)
    if value is None and 0 <= position < len(given):
        value = given[position]
    if not (isinstance(value, tuple) and len(value) == 2 and value[0] in (NAMED, SURE, MADE)):
        return None
    return str(value[0]), str(value[1])
