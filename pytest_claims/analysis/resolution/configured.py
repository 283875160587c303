"""Where a field's value is stored from a parameter other than by a constructor's own `self.x = p` field binding
(semantics §4.7): a method's store of an annotated parameter (`self._processors = processors` with `processors:
Iterable[Processor]`, which the annotation types), and a plain function's store on an object it names
(`_CONFIG.wrapper = wrapper` in `configure`). Both come from `FunctionFacts.kept` (`analysis/valueflow.py`); what
the parameters hold is `stored.Stored`'s.
"""

from __future__ import annotations

from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import ClassKey
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import CALLED_NAMES, called_name

Keep = tuple[str, int, str, str]
"""A plain function storing a parameter on an object it names (`CONFIG.field = p`): its module and index, the
object's dotted name, the parameter."""


class Kept:
    """The plain functions storing a parameter in a field, by the field's name, for one target (memoised per run)."""

    def __init__(self, view: TargetView, tracker: Tracker) -> None:
        self.view, self.tracker = view, tracker
        self._known: dict[str, tuple[list[Keep], frozenset[str]]] = {}

    def stores(self, attr: str) -> list[Keep]:
        """The plain functions storing a parameter in a field called `attr` of an object they name, in the modules
        whose text may store that word (`Modules.may_store`); recorded as the calls of a name are (`CALLED_NAMES`):
        a module whose text does not hold the word was not read, and what was found stands until one does."""
        known = self._known.get(attr)
        if known is None:
            with self.tracker.scope(state="off") as read:
                self.tracker.modules((CALLED_NAMES, called_name(attr)))
                modules = self.view.project.modules
                value: list[Keep] = []
                for name in sorted(modules.holding(attr)):
                    if not modules.may_store(name, attr):
                        continue
                    module = self.view.module(name)
                    for index, func in self.view.live_functions(module):
                        if not func.cls:
                            value.extend((name, index, owner, p) for owner, field, p in func.kept if field == attr)
            known = self._known[attr] = (value, self.tracker.frozen(read.modules))
        self.tracker.modules(known[1])
        return known[0]


def stored_params(view: TargetView, hierarchy: Hierarchy, cls: ClassKey, attr: str) -> list[tuple[int, str]]:
    """The (method index, parameter) pairs of the methods of `cls` storing a parameter in `self.attr`: the field's
    `param` bindings, and its stores of an annotated parameter (`FunctionFacts.kept`), which the annotation types
    and which hold what is passed as well."""
    members = hierarchy.members(*cls).get(attr)
    if members is None:
        return []
    module = view.module(cls[0])
    functions = module.facts.functions
    methods = [(name, i) for name, i in module.facts.classes[cls[1]].methods if view.alive(module, functions[i].guard)]
    found: list[tuple[int, str]] = []
    for field in members[1]:
        if field.kind == "param" and view.alive(module, field.guard):
            found.extend((index, field.target) for name, index in methods if name == field.member)
    for _, index in methods:
        first = functions[index].first
        found.extend((index, p) for owner, field, p in functions[index].kept if (owner, field) == (first, attr))
    return list(dict.fromkeys(found))
