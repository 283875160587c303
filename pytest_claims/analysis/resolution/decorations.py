"""A decorator application is a call: `@deco` over `def f` is `deco(f)`, `@deco(x)` is `deco(x)(f)`, and for a class,
`@Deco(x)` is `Deco(x).__call__(f)`. The decorator's parameter holds `f` there, so a call of that parameter in the
decorator's body (its nested `wrapper` included) runs what `f` reaches (semantics §4.7, `Stored.passed`).

Only the innermost decorator is handed the def itself, or one with every decorator inside it a project function
that hands its argument back unchanged (`FunctionFacts.hands_back`): any other decorator inside it may wrap the
def, and what it returned is not followed (the blind spot at the call stays).
"""

from __future__ import annotations

from collections.abc import Callable

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import ProjectClass, ProjectFunction, ProjectInstance, Sym
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import CALLED_NAMES, HIERARCHY, FunctionFacts, called_name

DECORATES = -1
"""The use index of a `Site` that is no call but a def the function decorates (`@deco` over `def f`)."""

Site = tuple[str, int, int, int]
"""A call entering a function: the module and function holding it, its use's index (`DECORATES`: the function is
the def a decorator is applied to), and how many leading parameters it does not pass (1: `self` is bound)."""

_Applies = Callable[[FunctionFacts, str], bool]
"""Whether a decorator of a def, as `FunctionFacts.decorated` writes it, is the application asked about."""


class Decorations:
    """The defs the project applies a decorator to, found where the decorator is written."""

    def __init__(
        self,
        view: TargetView,
        bodies: Bodies,
        dispatch: Dispatch,
        hierarchy: Hierarchy,
        tracker: Tracker,
    ) -> None:
        self.view, self.bodies, self.dispatch, self.hierarchy = view, bodies, dispatch, hierarchy
        self.tracker = tracker
        self.lines: dict[tuple[str, int, tuple[str, int]], int] = {}
        """Where each application found is written: (module, decorated def, decorator's function) -> the `@`'s line
        (the chain names the decoration there)."""

    def plain(self, module: Module, names: set[str], key: tuple[str, int]) -> list[Site]:
        """The defs of one module the plain function `key` is applied to as a decorator by name (`@deco`, or a
        dotted name ending in one of `names`): Python calls it with the def."""

        def applies(func: FunctionFacts, text: str) -> bool:
            return not text.endswith(("()", ">")) and self._is(module, func, text, key)

        return self._applied(module, names, applies, key)

    def applications(self, key: tuple[str, int], limit: int) -> list[Site]:
        """The defs the project decorates with a call of a value whose call runs the def at `key`
        (`FunctionFacts.applied`): `@deco(...)` for a factory returning that def, `@Deco(...)` for a class whose
        instances' `__call__` it is. At most `limit`."""
        func = self.view.module(key[0]).facts.functions[key[1]]
        if not func.applied:
            return []
        if func.kind == "method":
            classes = self._calling(key, func)
            if not classes:
                return []
            names = {self.view.module(c[0]).facts.classes[c[1]].qualname.rpartition(".")[2] for c in classes}
        else:
            classes, names = set(), {func.qualname}
        spelled = {word for name in names for word in self.searched(name)}
        sites: list[Site] = []
        for caller in sorted({m for name in names for m in self.view.project.modules.naming(name)}):
            module = self.view.module(caller)

            def applies(func: FunctionFacts, text: str, module: Module = module) -> bool:
                if not text.endswith("()"):
                    return False
                if not classes:
                    return self._is(module, func, text[:-2], key)
                syms = self.bodies.decorator(module, func, text[:-2])[0]
                return any(isinstance(s, ProjectClass) and (s.module, s.idx) in classes for s in syms)

            sites.extend(self._applied(module, spelled, applies, key))
            if len(sites) >= limit:
                return sites[:limit]
        return sites

    def searched(self, name: str) -> set[str]:
        """The names the calls of something called `name` are looked for under, in the modules whose text names
        it (`Modules.naming`): `name` and each name a module binds it to (`go` of `from m import runs as go`, called
        `pkg.alias.go(...)`); each call so spelled is resolved to tell. Recorded: a module read is a dependency as
        any is; one not read held none of these names, and what was found stands until a changed module's text
        holds one (`CALLED_NAMES`)."""
        words = self.view.project.modules.naming_words(name)
        self.tracker.modules((CALLED_NAMES, *(called_name(word) for word in words)))
        return set(words)

    def line(self, module: Module, index: int, callee: str) -> int:
        """The line of the `@` applying `callee` (as `decorated` writes it) to the def at `index`, from the
        decorators the directives record; the def's own line where none is recorded."""
        name = callee.removesuffix("()")
        for directive in module.facts.directives:
            if directive.function == index and directive.form == "decorator" and directive.callee == name:
                return directive.line
        return module.facts.functions[index].line

    def _calling(self, key: tuple[str, int], func: FunctionFacts) -> set[tuple[str, int]]:
        """The project classes (the method's own and its subclasses) whose instances' `__call__` is the method."""
        module = self.view.module(key[0])
        self.tracker.module(HIERARCHY)
        found: set[tuple[str, int]] = set()
        for cls_index in self.view.classes_named(module, func.cls):
            for cls in [(key[0], cls_index), *self.hierarchy.subclasses(key[0], cls_index)]:
                entered = self.dispatch.class_member(ProjectInstance(*cls), "__call__", 1)
                if any(isinstance(s, ProjectFunction) and (s.module, s.idx) == key for s in entered):
                    found.add(cls)
        return found

    def _applied(self, module: Module, names: set[str], applies: _Applies, key: tuple[str, int]) -> list[Site]:
        """The defs of one module with a decorator written under one of `names` that `applies`, handed the def
        itself (innermost, or inside only decorators handing their argument back)."""
        found: list[Site] = []
        for index, func in self.view.live_functions(module):
            if not any(text.removesuffix("()").rpartition(".")[2] in names for text in func.decorated):
                continue
            for text in reversed(func.decorated):
                if applies(func, text):
                    found.append((module.name, index, DECORATES, 0))
                    self.lines[(module.name, index, key)] = self.line(module, index, text)
                    break
                syms = self.bodies.decorator(module, func, text)[0] if not text.endswith(("()", ">")) else []
                if not syms or not all(self._hands_back(sym) for sym in syms):
                    break
        return found

    def _is(self, module: Module, func: FunctionFacts, text: str, key: tuple[str, int]) -> bool:
        """Whether the decorator `text` of the def `func` names the project function `key`."""
        syms = self.bodies.decorator(module, func, text)[0]
        return any(isinstance(sym, ProjectFunction) and (sym.module, sym.idx) == key for sym in syms)

    def _hands_back(self, sym: Sym) -> bool:
        """Whether a decorator returns the def it is given as it came (a registry's `@register`)."""
        return (
            isinstance(sym, ProjectFunction)
            and self.view.module(sym.module).facts.functions[sym.idx].hands_back == "arg"
        )
