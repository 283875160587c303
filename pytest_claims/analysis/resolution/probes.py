"""Attribute probes: `hasattr(obj, "name")` reads `obj` and tests a name, reaching nothing of what the name is
bound to, but entering a project class's `__getattr__` when the class does not bind the name; `getattr(obj, name)`
with a name computed at run time may run any property getter and attribute hook of `obj`'s class.
"""

from __future__ import annotations

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Found, Reads, closed
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import ProjectInstance, ProjectModule, Sym, Unknown, as_written
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import HIERARCHY, FunctionFacts


class Probes:
    """The `hasattr` and dynamic `getattr` uses of the bodies one target's summaries resolve."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        reads: Reads,
    ) -> None:
        self.view, _, _, self.dispatch, self.bodies, self.tracker = parts
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
                self._reads(self.dispatch.probe(sym, chain[-1]), line, found, "implicit")
                self._reads(self.dispatch.probed_getters(sym, chain[-1]), line, found, "implicit")  # a getter runs
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
                self._reads(self.dispatch.probed_getters(sym, shape), line, found, "implicit")
            elif isinstance(sym, ProjectModule):
                self._reads(self._module_getattr(sym), line, found, "implicit")

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
