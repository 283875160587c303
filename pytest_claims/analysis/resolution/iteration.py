"""What a value yields: one element of iterating over it (a collection's item, a mapping's key, what a project
class's `__iter__` returns the elements of), and one position of unpacking what a call returns (the class a
project function's `-> tuple[A, B]` names there).

`evaluate.Evaluator` owns one and hands it itself with each question (`Values`), holding no reference back.
"""

from __future__ import annotations

from typing import Protocol

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.symbols import (
    UNKNOWN,
    Elements,
    External,
    MapOf,
    ProjectClass,
    ProjectFunction,
    ProjectInstance,
    StdInstance,
    Sym,
)
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.records import FunctionFacts


class Members(Protocol):
    """Member lookup on project classes and instances (`evaluate.Members`, provided by `dispatch.Dispatch`)."""

    def class_member(
        self, sym: ProjectClass | ProjectInstance, attr: str, depth: int, dispatch: bool = False
    ) -> list[Sym]: ...


class Values(Protocol):
    """What an element or an unpacked position is read with (provided by `evaluate.Evaluator`)."""

    @property
    def members(self) -> Members: ...

    def called(self, sym: Sym, args: str = "()") -> Sym: ...

    def typed(self, module: Module, func: FunctionFacts | None, target: str) -> list[Sym]: ...


class Iteration:
    """Elements and unpacked positions, for one target."""

    def __init__(self, view: TargetView) -> None:
        self.view = view

    def element(self, sym: Sym, values: Values) -> Sym:
        """One element of iterating over `sym`."""
        match sym:
            case Elements(item):
                return item
            case MapOf(key):
                return key
            case StdInstance("builtins", "str" | "bytes"):
                return sym
            case ProjectInstance():
                for method in values.members.class_member(sym, "__iter__", 1):
                    if isinstance(method, ProjectFunction):
                        result = values.called(method)
                        if isinstance(result, Elements):
                            return self.element(result, values)
            case External():
                return sym
        return UNKNOWN

    def item(self, sym: Sym, values: Values) -> Sym:
        """One item of subscripting `sym` with an index (`x = items[i]`): a collection's element, a mapping's value,
        what a project class's `__getitem__` is annotated to return; unknown for anything else."""
        match sym:
            case Elements(item):
                return item
            case MapOf(_, value):
                return value
            case StdInstance("builtins", "str" | "bytes") | External():
                return sym
            case ProjectInstance():
                results = [
                    values.called(method)
                    for method in values.members.class_member(sym, "__getitem__", 1)
                    if isinstance(method, ProjectFunction)
                ]
                return results[0] if len(set(results)) == 1 else UNKNOWN
        return UNKNOWN

    def unpacked(self, callees: list[Sym], member: str, values: Values) -> list[Sym]:
        """One position (`member`: "position/length") of unpacking what a call of `callees` returns: the class a
        project function's `-> tuple[A, B]` names there; unknown for any other callee or another length."""
        position, _, length = member.partition("/")
        out: list[Sym] = []
        for sym in callees:
            parts: list[str] = []
            if isinstance(sym, ProjectFunction):
                home = self.view.module(sym.module)
                func = home.facts.functions[sym.idx]
                parts = func.result[1:].split(";") if func.result.startswith("(") else []
            if len(parts) == int(length) and parts[int(position)]:
                out.extend(values.typed(home, func, parts[int(position)]))
            else:
                out.append(UNKNOWN)
        return list(dict.fromkeys(out)) or [UNKNOWN]
