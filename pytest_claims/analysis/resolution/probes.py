"""Attribute probes: `hasattr(obj, "name")` reads `obj` and tests a name, reaching nothing of what the name is
bound to, but entering a project class's `__getattr__` when the class does not bind the name; `getattr(obj, name)`
with a name computed at run time may run any property getter and attribute hook of `obj`'s class.
"""

from __future__ import annotations

from pytest_claims.analysis.computed import name_fits
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.dispatch import Dispatch, state_key
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Found, Reads, closed
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import (
    ProjectFunction,
    ProjectInstance,
    ProjectModule,
    StdName,
    Sym,
    Unknown,
    as_written,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import StateKey, Tracker
from pytest_claims.records import HIERARCHY, FunctionFacts


class Probes:
    """The `hasattr` and dynamic `getattr` uses of the bodies one target's summaries resolve."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        reads: Reads,
    ) -> None:
        self.view, self.evaluator, self.hierarchy, self.dispatch, self.bodies, self.tracker = parts
        self._reads = reads
        self._hooks: dict[str, tuple[bool, bool]] = {}

    def close(self) -> None:
        """Drop the references back to the summary (`found.closed`)."""
        self._reads = closed

    def probe(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: Found, code: str
    ) -> None:
        """`hasattr(obj, "name")` reads `obj` and tests a name: it reaches nothing of what the name is bound to
        (semantics §4), and enters a project class's `__getattr__` when the class does not bind the name (§5)."""
        syms, reads = self.bodies.use(module, func, chain[:-1])
        self._reads(reads, line, found)
        for sym in syms:
            if isinstance(sym, ProjectInstance):
                self._reads(self._class_hook(sym, chain[-1]), line, found, "implicit")
                self._reads(self._getters(sym, chain[-1]), line, found, "implicit")  # a getter runs
            elif isinstance(sym, ProjectModule) and not self.view.bound(self.view.module(sym.name), chain[-1]):
                self._reads(self._module_getattr(sym), line, found, "implicit")
        if any(isinstance(sym, Unknown) for sym in syms) and self._getattr_hooks():
            # on a value of unknown class, any project `__getattr__` may answer (semantics §5: a blind spot)
            text = code or f"hasattr({as_written(chain[:-1])}, {chain[-1]!r})"
            found.blind_spot(line, text, text)

    def dynamic_getattr(self, syms: list[Sym], line: int, found: Found, code: str, shape: str) -> None:
        """`getattr(obj, name)` with a name computed at run time may read any attribute of that `shape` (`*`: any
        name, `_m2m_reverse_*_cache`: those): on a project instance it runs the getter of each property whose name
        fits and the `__getattr__` / `__getattribute__` hooks of its class, on a project module its PEP 562
        `__getattr__`. On a value of unknown type (which may be a capable module, or an instance with properties)
        it is a blind spot."""
        if any(isinstance(sym, Unknown) for sym in syms):
            text = code or "getattr(...)"
            found.blind_spot(line, text, text)
        for sym in syms:
            if isinstance(sym, ProjectInstance):
                self._reads(self._getters(sym, shape), line, found, "implicit")
            elif isinstance(sym, ProjectModule):
                self._reads(self._module_getattr(sym), line, found, "implicit")

    def _class_hook(self, sym: ProjectInstance, attr: str) -> list[StateKey]:
        """The project `__getattr__` that `hasattr(obj, attr)` runs: when no class of the instance's MRO binds
        `attr` and no stdlib or third-party base may define it (each of its defs when guards leave several)."""
        order_ = self.hierarchy.mro(sym.module, sym.idx)
        if "*" in attr:  # a computed name (`hasattr(obj, name)`): it may be one no class binds
            return self.dispatch.hooks(order_, "__getattr__")
        if attr.startswith("__") or any(attr in self.hierarchy.members(*c) for c in order_):
            return []
        for base in self.hierarchy.foreign_bases(sym.module, sym.idx):
            stepped = self.evaluator.step(base, attr, 1)
            if not (stepped and isinstance(stepped[0], StdName) and stepped[0].symbol.kind == "missing"):
                return []
        return self.dispatch.hooks(order_, "__getattr__")

    def _getters(self, sym: ProjectInstance, attr: str) -> list[StateKey]:
        """What reading `attr` by name runs on an instance (`hasattr`, `getattr`): its class's `__getattribute__`,
        and the getter of the property the MRO finds for `attr`; `attr` a name computed at run time (`*` for each
        computed part, `*` alone: any name): the getter of every property of the MRO whose name fits, and its
        `__getattr__` too. Each entered for the instance's class, as a read of the name written out is."""
        order_ = self.hierarchy.mro(sym.module, sym.idx)
        receiver = (sym.module, sym.idx), True
        found = self.dispatch.hooks(order_, "__getattribute__")
        fits = name_fits(attr) if "*" in attr else None
        if fits is not None:
            found += self.dispatch.hooks(order_, "__getattr__")
        with self.tracker.scope(modules="outer", state="off"):  # the getters are entered, no class state read
            for key in order_:
                members = self.hierarchy.members(*key)
                functions = self.view.module(key[0]).facts.functions
                for name in [n for n in members if fits(n)] if fits is not None else [attr] if attr in members else []:
                    for s in self.dispatch.own_member(True, *key, name, 1, receiver) or ():
                        if isinstance(s, ProjectFunction) and functions[s.idx].kind == "property":
                            found.append(state_key(s))
                if fits is None and attr in members:
                    break  # the first class of the MRO that binds the name answers
        return list(dict.fromkeys(found))

    def _module_getattr(self, sym: ProjectModule) -> list[tuple[str, int]]:
        """A project module's PEP 562 `__getattr__`, which Python calls for a name the module does not bind."""
        module = self.view.module(sym.name)
        return [(sym.name, index) for index in self.view.functions_named(module, "__getattr__")]

    def _getattr_hooks(self) -> bool:
        """Whether some project class alive on this target defines `__getattr__`. Depends on every module's
        classes: recorded as the hierarchy (`<hierarchy>`), which changes when a class gains or loses one."""
        self.tracker.module(HIERARCHY)
        return self.tracker.apart(self._hooks, "__getattr__", self._getattr_hooks_uncached)

    def _getattr_hooks_uncached(self) -> bool:
        view = self.view
        for name in view.project.modules.mentioning("__getattr__"):
            module = view.module(name)
            functions = module.facts.functions
            for cls in module.facts.classes:
                if any(
                    method == "__getattr__" and view.alive(module, functions[index].guard)
                    for method, index in cls.methods
                ):
                    return True
        return False
