"""The names outside the project a body uses: a stdlib name or a method of a stdlib value is a reach when the
catalogue has it (for a call, the categories its arguments leave: `conditional.Judge`); a third-party name is a
frontier entry (not analysed) unless a deny list names it.
"""

from __future__ import annotations

from pytest_claims.analysis.catalog import Catalogue
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.conditional import Judge, Site
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.found import Found
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.dotted import under_any
from pytest_claims.records import THIRD_PARTY, Frontier, Reach, StubSymbol


class Reaches:
    """The stdlib and third-party names of the bodies one target's summaries resolve, as reaches and entries."""

    def __init__(
        self,
        parts: tuple[TargetView, Evaluator, Hierarchy, Dispatch, Bodies, Tracker],
        catalogue: Catalogue,
        judge: Judge,
        deny_any: tuple[str, ...],
    ) -> None:
        self.view = parts[0]
        self.catalogue, self.judge = catalogue, judge
        self._deny_any = deny_any
        """Every name a deny list names: a use under one is a reach whatever the catalogue says."""

    def std_outcome(
        self, dotted: str, symbol: StubSymbol, ctx: str, line: int, found: Found, subject: str, site: Site | None = None
    ) -> None:
        """A stdlib name used: a reach when the catalogue has it (for a call, the categories its arguments leave)."""
        name = self.catalogue.normalize(dotted)
        if ctx == "getattr":
            if symbol.kind in ("module", "class") and self.catalogue.touches(name):
                found.reach(Reach("builtins.getattr", "call", line, frozenset({"dynamic"}), subject or name))
            return
        if symbol.kind == "module":
            return
        if symbol.kind == "class":
            if ctx != "call" or symbol.is_exception or self.view.stubs.is_enum(*symbol.where):  # conversions pass
                return
            found.name(name)
            entry = self.catalogue.constructs(name)
            kind = "call"
        elif symbol.kind == "variable":
            entry = self.catalogue.exact(name)
            kind = "read"
        else:  # function, or a member the target's stubs do not have
            if ctx == "identity":
                return
            if ctx in ("call", "ref"):
                found.name(name)
            entry = self.catalogue.lookup(name)
            kind = "call" if ctx == "call" else "reference"
        if entry is not None:
            categories = self.judge.reached(entry, name, site if kind == "call" else None)
            if not categories and not under_any(name, self._deny_any):
                return
        elif under_any(name, self._deny_any):
            categories = frozenset()
        else:
            return
        found.reach(Reach(name, kind, line, categories, subject or name))

    def value_method_outcome(
        self, dotted: str, ctx: str, line: int, found: Found, subject: str, site: Site | None = None
    ) -> None:
        """A method of a stdlib value: only the catalogue's explicit `Class.member` entries are reaches (those
        conditional on an argument, as the call's arguments leave them: `Judge`)."""
        if ctx not in ("call", "ref"):
            return
        name = self.catalogue.normalize(dotted)
        found.name(name)
        entry = self.catalogue.exact(name)
        if entry is not None:
            kind = "call" if ctx == "call" else "reference"
            categories = self.judge.reached(entry, name, site)
            if categories:
                found.reach(Reach(name, kind, line, categories, subject or name))

    def third_party_outcome(self, dotted: str, ctx: str, line: int, found: Found, subject: str) -> None:
        if ctx not in ("call", "ref") or dotted.split(".")[0] == "pytest_claims":
            return
        found.name(dotted)
        if under_any(dotted, self._deny_any):
            kind = "call" if ctx == "call" else "reference"
            found.reach(Reach(dotted, kind, line, frozenset(), subject or dotted))
            return
        top = dotted.split(".")[0]
        reason = f"{THIRD_PARTY}{top}) is not analysed"
        hint = f'follow = ["{top}"]  or  trusted = ["{dotted}"]  or  external = "trust"'
        found.frontier(Frontier(dotted, line, reason, hint, subject or dotted))
