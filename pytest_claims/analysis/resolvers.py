"""The one place resolution is wired for a run: a resolver per target over one loaded project, made on first
need and kept (`Resolvers`), and the target a platform name stands for."""

from __future__ import annotations

import sys
import weakref
from collections.abc import Sequence
from functools import partial

from pytest_claims.analysis.catalog import load_catalogue
from pytest_claims.analysis.conditions import Target
from pytest_claims.analysis.directives import Decorators
from pytest_claims.analysis.ports import SummarySource
from pytest_claims.analysis.project import Project
from pytest_claims.analysis.resolve import Resolver
from pytest_claims.analysis.stubs import stubs_for
from pytest_claims.config import Config
from pytest_claims.records import Node, Summary


def host_version() -> tuple[int, int]:
    return (sys.version_info.major, sys.version_info.minor)


def target_for(platform: str, version: tuple[int, int] | None = None) -> Target:
    stubs = stubs_for(platform, version or host_version())
    return Target(platform, stubs.version, stubs.module_has)



class Resolvers:
    """The one place resolution is wired: a resolver per target over one loaded project, made on first need and
    then kept, so claims and rules walking the same platform share its memoised summaries; summaries that
    consulted nothing platform-specific are shared by every target (those in a context too), and come from
    `persisted` when valid. `reads`: the modules each answer read are recorded, as the stores need them; a run
    that writes none records only what this run's answers depend on (`Tracker.reads`)."""

    def __init__(
        self,
        project: Project,
        config: Config,
        targets: Sequence[str],
        persisted: SummarySource | None = None,
        reads: bool = True,
    ) -> None:
        self.project = project
        self.reads = reads
        self.config = config
        self.persisted = persisted
        self.platforms = tuple(targets)
        self.peers = [(stubs_for(p, host_version()), target_for(p)) for p in targets]
        self.shared: dict[tuple[str, int], Summary] = {}
        self.contexts: dict[Node, Summary] = {}  # the same for summaries in a context (`Summaries.contexts`)
        self.made: dict[str, Resolver] = {}

    def __call__(self, platform: str) -> Resolver:
        resolver = self.made.get(platform)
        if resolver is None:
            stubs = stubs_for(platform, host_version())
            resolver = self.made[platform] = Resolver(
                self.project,
                self.config,
                load_catalogue(),
                stubs,
                target_for(platform),
                self.peers,
                self.shared,
                self.persisted,
            )
            resolver.tracker.reads = self.reads  # before any question: every answer records alike
            resolver.summaries.contexts = self.contexts
            resolver.peer_resolvers = partial(_peers, weakref.ref(self), platform)
        return resolver

    def decorators(self) -> Decorators:
        """The judge of which decorators are `@claims`, over every target (resolvers made on its first question)."""
        return Decorators(lambda: map(self, self.platforms))

    def close(self) -> None:
        """The walks are over: every resolver let go (`release`), and what the targets shared. What they memoised
        is freed now, though the run still holds this object (the judge of decorators does, `decorators`), before
        the stores are encoded and the results printed."""
        self._let_go()
        self.shared.clear()
        self.contexts.clear()

    def release(self) -> list[Resolver]:
        """Every resolver made so far, closed and let go (those asked for again are made anew); what is shared
        by the targets stays. Between two targets' walks, and within one's every so many walks, so that the
        run's peak is a bounded memo: a target's walks ask another's only which subclasses it sees
        (`Hierarchy.direct_subclasses`). Each resolver's reference cycles are broken (`Resolver.close`), the
        collector being off while the engine runs. Returns them, for their holders to let go too
        (`ClaimWalks.forget`)."""
        return self._let_go()

    def _let_go(self) -> list[Resolver]:
        released = list(self.made.values())
        for resolver in released:
            resolver.close()
        self.made.clear()
        return released


def _peers(resolvers: weakref.ref[Resolvers], platform: str) -> list[Resolver]:
    """The other targets' resolvers (through a weak reference: a resolver kept by `Resolvers` that held it
    strongly would make a reference cycle of the whole analysis, freed only by a cyclic collection)."""
    made = resolvers()
    return [] if made is None else [made(p) for p in made.platforms if p != platform]
