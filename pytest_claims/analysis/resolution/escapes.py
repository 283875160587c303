"""A class defined in a function (or an instance of it) leaving the function (an `escape` use): a caller may run
any of its methods (hash, copy or format what left), so each method whose body reaches something is a blind spot
where it leaves. Defining the class runs none of them, so none is an edge.
"""

from __future__ import annotations

from collections.abc import Callable

from pytest_claims.analysis.project import Module
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Found, Key, closed
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.symbols import ProjectClass
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.records import FunctionFacts, Summary


class Escapes:
    """The local classes leaving the bodies one target's summaries resolve, judged by their methods' summaries."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        summary: Callable[[Key], Summary],
    ) -> None:
        self.view, _, _, _, self.bodies, self.tracker = parts
        self.summary = summary

    def close(self) -> None:
        """Drop the references back to the summary (`found.closed`)."""
        self.summary = closed

    def escape(self, module: Module, func: FunctionFacts, chain: tuple[str, ...], line: int, found: Found) -> None:
        """A class defined in the function (or an instance of it) may leave it here: each of its methods whose
        body reaches something is a blind spot, since a caller may run it (hash, copy or format what left).
        Defining the class runs none of them, so none is an edge."""
        for sym in self.bodies.use(module, func, chain)[0]:
            if not isinstance(sym, ProjectClass):
                continue
            home = self.view.module(sym.module)
            cls = home.facts.classes[sym.idx]
            short = cls.qualname.rpartition("<locals>.")[2]
            for name, index in cls.methods:
                if not self.view.alive(home, home.facts.functions[index].guard):
                    continue
                body = self.summary((sym.module, index))
                self.tracker.modules(body.deps)
                if body.reaches or body.edges or body.frontier or body.blind:
                    code = f"{short}.{name}"
                    found.blind_spot(line, code, f"{code} (its class leaves {func.qualname.rpartition('.')[2]})")
