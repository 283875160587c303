"""Catalogue entries conditional on an argument: which of an entry's categories one call reaches.

`gzip.GzipFile(fileobj=io.BytesIO())` reads no file: the entry's `fs` is dropped when `fileobj` is known not to be
None. What an argument is known to be comes from the call's facts (`arguments.Passed`): a literal, a display, a
call of a name (an instance when the name is a class), or a name the caller's body shows is never None (`SURE`),
resolved here to the classes it may be. Anything else is unknown, and an unknown argument keeps the reach: a
condition only ever takes a category away when the call shows it is not reached.
"""

from __future__ import annotations

from typing import NamedTuple

from pytest_claims.analysis.arguments import LITERALS, MADE, SURE, VALUE, Passed
from pytest_claims.analysis.catalog import WRITING, Condition, Entry
from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.symbols import ProjectClass, ProjectInstance, StdInstance, StdName, Sym
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import FunctionFacts

ABSENT = ("absent", None)
"""An argument the call does not pass."""

UNKNOWN_ARG = ("unknown", None)
"""An argument that may be anything, None included."""

_BUILTIN_KINDS = {"bool": "bool", "int": "int", "float": "float", "str": "str", "bytes": "bytes", "tuple": "tuple"}


class Site(NamedTuple):
    """The call being judged: what it passes, and the body it is written in (to resolve a name it passes)."""

    passed: Passed
    module: Module
    func: FunctionFacts


class Judge:
    """Judges conditional entries for one target's resolver."""

    def __init__(self, view: TargetView, bodies: Bodies) -> None:
        self.view = view
        self.bodies = bodies

    def reached(self, entry: Entry, name: str, site: Site | None) -> frozenset[str]:
        """The categories of `entry` the call reaches. Conditions apply only to the entry's own name (not to a
        member found under it by prefix) and to a call whose arguments are known (no `*` / `**`)."""
        if not entry.conditions or site is None or entry.key != name:
            return entry.categories
        dropped: set[str] = set()
        for condition in entry.conditions:
            if self._drops(condition, entry.positional, site, name):
                dropped |= condition.categories
        return entry.categories - dropped

    def _drops(self, condition: Condition, positional: tuple[str, ...], site: Site, name: str) -> bool:
        """Whether the call shows the condition's categories are not reached: any clause given says so, or
        (`all`) every clause given does."""
        verdicts = (
            self._clause(clause, argument, condition, positional, site, name)
            for clause, argument in condition.clauses()
        )
        return all(verdicts) if condition.all else any(verdicts)

    def _clause(
        self, clause: str, argument: str, condition: Condition, positional: tuple[str, ...], site: Site, name: str
    ) -> bool:
        """Whether one clause says the categories are dropped; an argument not known keeps them."""
        value = self._argument(site.passed, positional, argument)
        if clause == "given":
            return self._given(value, site) or (value == ABSENT and self._number_default(name, argument))
        if clause == "writing":
            if value in (ABSENT, ("None", None)):
                return True
            return value[0] == "str" and not any(c in str(value[1]) for c in WRITING)
        if clause == "marked":
            return value[0] == "str" and not any(mark in str(value[1]) for mark in condition.marks)
        classes = self.classes(value, site)
        if clause == "path":
            return bool(classes) and all(self._not_a_path(sym) for sym in classes)
        return bool(classes) and all(_instance_of(sym, condition.of) for sym in classes)

    def _number_default(self, name: str, param: str) -> bool:
        """A parameter left out that the target's stubs default to a number (a module-level function's)."""
        module, _, function = name.rpartition(".")
        return bool(module) and self.view.stubs.defaults_to_number(module, function, param)

    @staticmethod
    def _argument(passed: Passed, positional: tuple[str, ...], name: str) -> tuple[str, object]:
        """What the call passes for the parameter `name`, by keyword or by its position in the stub."""
        given, keywords = passed
        for keyword, value in keywords:
            if keyword == name:
                return _value(value)
        if name in positional:
            index = positional.index(name)
            if index < len(given):
                return _value(given[index])
        return ABSENT

    def _given(self, value: tuple[str, object], site: Site) -> bool:
        """Known not to be None: a literal other than None, a display, an instance made or shown never None."""
        kind = value[0]
        if kind in LITERALS or kind == VALUE:
            return kind != "None"
        return bool(self.classes(value, site))

    def classes(self, value: tuple[str, object], site: Site) -> list[Sym]:
        """The classes of a value known not to be None (instances), or [] when it may be anything or None."""
        kind, what = value
        if kind in _BUILTIN_KINDS or kind == VALUE:
            return [StdInstance("builtins", _BUILTIN_KINDS.get(str(what), str(what)) if kind == VALUE else kind)]
        if kind == MADE:
            return self._made(tuple(str(what).split(".")), site)
        if kind != SURE:
            return []
        syms, _ = self.bodies.use(site.module, site.func, (str(what),))
        if not syms or not all(isinstance(sym, (StdInstance, ProjectInstance)) for sym in syms):
            return []
        stubs = self.view.stubs
        if any(isinstance(sym, StdInstance) and stubs.is_protocol(sym.module, sym.qualname) for sym in syms):
            return []  # typed by a protocol (`Hashable`, `Sized`): any class that has its methods, None too
        bound = [b.target for b in site.func.bindings if b.name == what and b.kind == "alias"]
        calls = [tuple(target[:-3].split(".")) for target in bound if target.endswith(".()")]
        if not all(self._made(callee, site) for callee in calls):
            return []  # a local bound to a call: of a class, each one
        return list(syms)

    def _made(self, callee: tuple[str, ...], site: Site) -> list[Sym]:
        """The instances a call of `callee` makes when every value of it is a class; [] otherwise."""
        if any(part.startswith("<") or part == "()" for part in callee):
            return []
        made: list[Sym] = []
        for sym in self.bodies.use(site.module, site.func, callee)[0]:
            if isinstance(sym, ProjectClass):
                made.append(ProjectInstance(sym.module, sym.idx))
            elif isinstance(sym, StdName) and sym.symbol.kind == "class":
                made.append(StdInstance(*sym.symbol.where))
            else:
                return []
        return made

    def _not_a_path(self, sym: Sym) -> bool:
        """A value of a stdlib class that names no file, nor any subclass of it may (`str` is a `Sequence`); a
        project class may (a `str` subclass, a `__fspath__`)."""
        return isinstance(sym, StdInstance) and not self.view.stubs.may_be_path(sym.module, sym.qualname)


def _value(value: object) -> tuple[str, object]:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        return value[0], value[1]
    return UNKNOWN_ARG


def _instance_of(sym: Sym, dotted: str) -> bool:
    return isinstance(sym, StdInstance) and f"{sym.module}.{sym.qualname}" == dotted
