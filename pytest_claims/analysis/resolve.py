"""Names -> what they denote, for one target platform: the `Resolver` façade over `analysis.resolution`.

Every use in a function body is resolved through the module's real import structure (project modules from
the index, stdlib members from the typeshed stubs of the target, anything else third-party) and turned into
outcomes: a capability reach, an edge to a project function, or a frontier entry (code we cannot see into).
Summaries are memoised per function, so each function is resolved once per target, whatever the number of
claims that reach it. The work is done by small collaborators, wired here:

    tracking (what a computation read) ← target (live defs, stubs) ← evaluate (names, values)
        ← hierarchy (bases, C3, subclasses) ← dispatch (members, overrides, super) ← bodies (locals, uses)
        ← summaries (a body's uses → Summary)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING

from pytest_claims.analysis.catalog import Catalogue
from pytest_claims.analysis.conditions import Target
from pytest_claims.analysis.project import Module, Project
from pytest_claims.analysis.resolution.bodies import Bodies
from pytest_claims.analysis.resolution.dispatch import Dispatch
from pytest_claims.analysis.resolution.evaluate import Evaluator
from pytest_claims.analysis.resolution.exact import Exactness
from pytest_claims.analysis.resolution.hierarchy import Hierarchy
from pytest_claims.analysis.resolution.leads import Leads
from pytest_claims.analysis.resolution.summaries import Summaries, operand_summary
from pytest_claims.analysis.resolution.symbols import ClassKey, ProjectClass, ProjectInstance, Sym
from pytest_claims.analysis.resolution.target import TargetView
from pytest_claims.analysis.resolution.tracking import Tracker
from pytest_claims.analysis.stubs import Stubs
from pytest_claims.config import Config
from pytest_claims.records import FunctionFacts, Node, Summary

if TYPE_CHECKING:
    from pytest_claims.analysis.ports import SummarySource


class Resolver:
    """Resolution for one target over one loaded project."""

    def __init__(
        self,
        project: Project,
        config: Config,
        catalogue: Catalogue,
        stubs: Stubs,
        target: Target,
        peers: Sequence[tuple[Stubs, Target]] = (),
        shared: dict[tuple[str, int], Summary] | None = None,
        persisted: SummarySource | None = None,
    ) -> None:
        self.project = project
        self.config = config
        self.catalogue = catalogue
        self.stubs = stubs
        self.target = target
        self.persisted = persisted
        self.shared = shared if shared is not None else {}
        self.peer_resolvers: Callable[[], list[Resolver]] = lambda: []
        """The resolvers of the run's other targets (the engine sets it): the class hierarchy is compared with
        theirs, so that a summary is kept per platform only when the subclasses really differ."""
        self.tracker = Tracker()
        self.view = TargetView(project, stubs, target, peers, self.tracker)
        self.evaluator = Evaluator(self.view, catalogue, self.tracker)
        self.hierarchy = Hierarchy(self.view, self.evaluator, self.tracker, persisted, self._peer_hierarchies)
        self.dispatch = Dispatch(self.view, self.evaluator, self.hierarchy, self.tracker)
        self.bodies = Bodies(self.view, self.evaluator, self.dispatch, self.tracker)
        # the ports point back up the collaborators, and the hierarchy asks back for the peers: reference cycles,
        # which `close` breaks (not weak references, which a compiled build's classes do not take)
        self.evaluator.members = self.dispatch
        self.evaluator.locals = self.bodies
        self.evaluator.exact = Exactness(self.view, self.evaluator, self.hierarchy, self.tracker)
        parts = (self.view, self.evaluator, self.hierarchy, self.dispatch, self.bodies, self.tracker)
        self.summaries = Summaries(parts, config, catalogue, self.shared, persisted)
        self.leads = Leads(self.view, (self.summaries.summary, partial(operand_summary, self.summaries)), self.tracker)
        """Which implicit calls on values of unknown class are blind spots on this target (`resolution.leads`)."""

    def close(self) -> None:
        """Drop the references back up the collaborators (the ports, the peers), so that a resolver the run is
        done with is freed by reference counting alone: the engine runs with the cyclic collector off."""
        self.evaluator.members = _CLOSED
        self.evaluator.locals = _CLOSED
        self.evaluator.exact = _CLOSED
        self.dispatch.protocols.close()
        self.dispatch.subclass_fields.close()
        self.summaries.close()
        self.leads.close()
        self.hierarchy.peers = list

    def _peer_hierarchies(self) -> list[Hierarchy]:
        """The other targets' hierarchies."""
        return [peer.hierarchy for peer in self.peer_resolvers()]

    def module(self, name: str) -> Module:
        return self.view.module(name)

    def alive(self, module: Module, guard: int) -> bool:
        return self.view.alive(module, guard)

    def function_name(self, module_name: str, index: int) -> str:
        return self.view.function_name(module_name, index)

    def replacements(self, key: tuple[str, int]) -> tuple[list[tuple[str, int]], bool]:
        return self.view.replacements(key)

    def summary(self, key: tuple[str, int]) -> Summary:
        return self.summaries.summary(key)

    def summary_for(self, node: Node) -> Summary:
        """The summary of a function as the walk entered it (`resolution.context`): for its receiver (or its own
        class), with its literal arguments."""
        return self.summaries.summary_in(node)

    def decorator(self, module: Module, func: FunctionFacts, callee: str) -> tuple[list[Sym], frozenset[str]]:
        return self.bodies.decorator(module, func, callee)

    def own_direct_subclasses(self, key: ClassKey) -> list[ClassKey]:
        return self.hierarchy.own_direct_subclasses(key)

    def join(self, receivers: Sequence[ClassKey | None]) -> ClassKey | None:
        """The first class of the first receiver's MRO that every other receiver's MRO holds too: all of them
        derive from it (the walk's widening, `walk.MAX_CONTEXTS`); None when there is no such class."""
        if not receivers or any(r is None for r in receivers):
            return None
        orders = [self.hierarchy.mro(*r) for r in receivers if r is not None]
        return next((c for c in orders[0] if all(c in order for order in orders[1:])), None)


def live_functions(resolver: Resolver, module: Module) -> Iterator[tuple[int, FunctionFacts]]:
    return resolver.view.live_functions(module)


class _Closed:
    """The ports of a closed resolver: asking one is a bug (a resolver used after its run ended)."""

    def class_member(
        self, sym: ProjectClass | ProjectInstance, attr: str, depth: int, dispatch: bool = False
    ) -> list[Sym]:
        raise RuntimeError("the resolver is closed")

    def metaclasses(self, sym: ProjectClass) -> list[ProjectClass]:
        raise RuntimeError("the resolver is closed")

    def local_syms(self, module: Module, func: FunctionFacts, name: str) -> list[Sym] | None:
        raise RuntimeError("the resolver is closed")

    def uncached_use(self, module: Module, func: FunctionFacts, chain: tuple[str, ...]) -> list[Sym]:
        raise RuntimeError("the resolver is closed")

    def use_apart(
        self, module: Module, func: FunctionFacts, chain: tuple[str, ...], receiver: ClassKey | None = None
    ) -> list[Sym]:
        raise RuntimeError("the resolver is closed")

    def module_value(self, module: Module, name: str, syms: list[Sym]) -> list[Sym]:
        raise RuntimeError("the resolver is closed")

    def constructed(self, sym: ProjectClass) -> tuple[ClassKey, ...] | None:
        raise RuntimeError("the resolver is closed")

    def made(self, module: Module, sym: ProjectClass) -> ProjectInstance:
        raise RuntimeError("the resolver is closed")

    def escaped(self, syms: list[Sym]) -> list[Sym]:
        raise RuntimeError("the resolver is closed")


_CLOSED = _Closed()
