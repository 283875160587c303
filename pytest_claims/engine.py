"""The library entry point: a project root and targets in, verdicts out. No pytest needed.

    from pytest_claims.engine import check
    result = check(Path("."), platforms=["linux", "win32"])
    for claim in result.claims:
        print(claim.function, claim.platform, claim.status)

Load once (index -> digests -> facts on demand, one parse per file at most), then evaluate every target over
the same facts. With a cache directory, a verdict is reused while every module its walk read is unchanged
(`analysis.validity` judges what still holds), and a warm run learns that from the file-system snapshot: it
lists no directory and reads no source file.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path

from pytest_claims.analysis import ports
from pytest_claims.analysis.affected import affected, change_of
from pytest_claims.analysis.catalog import catalogue_fingerprint
from pytest_claims.analysis.claims import Share, alive, verdicts
from pytest_claims.analysis.details import report_details
from pytest_claims.analysis.failures import AnalysisError as AnalysisError  # re-exported: what `check` may raise
from pytest_claims.analysis.project import Project
from pytest_claims.analysis.project import load as load_with
from pytest_claims.analysis.reading import every_function, materialise, read_claims
from pytest_claims.analysis.resolvers import Resolvers as Resolvers  # re-exported: the front ends explain with it
from pytest_claims.analysis.resolvers import host_version as host_version
from pytest_claims.analysis.rules import check_rules
from pytest_claims.analysis.stubs import typeshed_version
from pytest_claims.analysis.validity import Validity, files_of
from pytest_claims.config import Config, load_config
from pytest_claims.persist.cache import FactsCache, derived
from pytest_claims.persist.snapshot import snapshot_for
from pytest_claims.persist.store import SummaryStore, VerdictStore
from pytest_claims.records import Claimed, DirectiveError, RuleResult
from pytest_claims.records import ClaimResult as ClaimResult  # re-exported: Result holds them
from pytest_claims.reportdetails import Details
from pytest_claims.scope import engine_scope as _scope

ports.use_derived(derived)  # parsed stubs and the catalogue persist beside the cache (`_derived_beside`)

Elsewhere = tuple[Collection[tuple[str, int, str]], Callable[[], tuple[list[ClaimResult], int]]]
"""Claims other processes judge, and how to wait for their results and reuse count (`Run.finish`, `jobs`)."""

TRACE_ENV = "PYTEST_CLAIMS_TRACE"
"""When set to a path, every engine run appends one line there (how tests prove xdist runs it once)."""


@dataclass(frozen=True)
class Result:
    config: Config
    platforms: tuple[str, ...]
    claims: tuple[ClaimResult, ...]
    errors: tuple[DirectiveError, ...]
    """Refused directives: each a collection error at file:line."""
    problems: tuple[DirectiveError, ...]
    """Files that could not be read or parsed, and configured paths that do not exist."""
    project: Project
    reused: int = 0
    """How many verdicts came from the cache without a walk (with their lines moved where a module only moved)."""
    rules: tuple[RuleResult, ...] = ()
    """forbid-reaches rules, per platform."""
    details: Details | None = None
    """What the reports need beyond the verdicts (`reportdetails`), when `check(..., details=True)` asked for it: a
    report is built from these alone, so the project's facts may be released once `check` returns."""
    excluded: tuple[str, ...] = ()
    """Files that `exclude` leaves out of the configured packages yet hold claims directives (not checked)."""


def resolve_platforms(config: Config, requested: Sequence[str] | None, sweep: bool = False) -> tuple[str, ...]:
    if requested:
        return tuple(dict.fromkeys(requested))
    if sweep:
        return tuple(config.platforms)
    if config.platform:
        return tuple(config.platform)
    return (sys.platform,)


def _trace(root: Path, cache: FactsCache, reused: int, summaries: SummaryStore) -> None:
    path = os.environ.get(TRACE_ENV)
    if path:
        line = (
            f"engine-run pid={os.getpid()} parsed={cache.parsed} cached={cache.hits} reused={reused}"
            f" summarized={summaries.computed} summaries-reused={summaries.loaded} root={root}\n"
        )
        with contextlib.suppress(OSError), open(path, "a", encoding="utf-8") as handle:
            handle.write(line)


def check(  # noqa: PLR0913 - the engine's one entry point; everything past `config` is keyword-only
    root: Path,
    platforms: Sequence[str] | None = None,
    config: Config | None = None,
    *,
    sweep: bool = False,
    cache: FactsCache | None = None,
    details: bool = False,
    every: Sequence[str] = (),
    only: Collection[str] | None = None,
    project: Project | None = None,
    select: Callable[[str], bool] | None = None,
    rules: bool = True,
) -> Result:
    """Verdicts for every claiming function under `root`, for each target platform (default: the host).

    `details=True` also gathers what the reports need (`Result.details`; it reads every project file's facts).
    `every` judges every function and method of the project (lambdas and module state aside) as if it claimed
    these claims, in place of the directives (`suggest`, `explain`); `only` narrows that to the given dotted
    names. Such verdicts are stored apart from the plain run's, and no forbid-reaches rule is checked.
    `project`: what `load(config, cache)` already returned (the plugin's idle test): nothing is built twice.
    `select`: only the claims of the files it accepts (project-relative paths) are read and judged, each with the
    verdict the whole run gives it (a run given paths); `rules=False`: no forbid-reaches rule is checked.
    A defect met on some input raises `AnalysisError` (`analysis.failures`), naming where; nothing is stored."""
    run = open_run(
        root, platforms, config, sweep=sweep, cache=cache, every=every, only=only, project=project, select=select
    )
    return run.finish(rules=rules, details=details)


def _nothing() -> tuple[list[ClaimResult], int]:
    return [], 0


def load(config: Config, cache: FactsCache | None = None) -> Project:
    """Index, digests and the pre-scan (the engine's first step), through the snapshot beside the cache's facts."""
    cache = cache or FactsCache(None)
    return load_with(config, cache, snapshot_for(cache.directory))


class Run:
    """One analysis in two steps: which functions claim what, on which targets (made with the run: the project
    loaded, the stores compared, the directives read), then verdicts for the claims asked for (`finish`). The
    plugin asks for the claims pytest will run once its selection (`-k`, `-m`, a shard) is final; `check` asks
    for all. A verdict is the same whichever claims are asked with it; what a run did not judge keeps its valid
    stored verdict for the next run."""

    def __init__(  # noqa: PLR0913 - `open_run`'s arguments
        self,
        config: Config,
        platforms: Sequence[str] | None,
        light: bool = False,
        *,
        sweep: bool,
        cache: FactsCache | None,
        every: Sequence[str] = (),
        only: Collection[str] | None = None,
        project: Project | None = None,
        select: Callable[[str], bool] | None = None,
    ) -> None:
        self.config = config
        self.targets = resolve_platforms(config, platforms, sweep)
        self.cache = cache = cache or FactsCache(None)
        self.project = project = project or load(config, cache)
        self.every = every
        self.select = select
        inputs = (config.fingerprint(), catalogue_fingerprint(), typeshed_version(), sys.version_info[:2])
        self.store = store = VerdictStore(cache, (*inputs, "every", *sorted(every)) if every else inputs)
        self.valid = valid = Validity(project, cache, store)
        self.summaries = SummaryStore(
            cache, inputs, self.targets, valid.keys, valid.hierarchy, store.shapes, valid.same, valid.names
        )  # judged by the same changes and class shapes as the verdicts
        # a run writing no store records no module an answer read (but `PLATFORM`): nothing would keep them
        self.resolvers: Resolvers | None = Resolvers(project, config, self.targets, self.summaries, store.written)
        self.decorators = self.resolvers.decorators()
        claimed, errors, problems = read_claims(project, config, valid, self.decorators, select, light and not every)
        errors.extend(e for e in project.modules.unnamable_claims if select is None or select(e.file))
        if every:
            claimed = every_function(project, tuple(sorted(every)), only)
        self.claimed = claimed
        self._alive_pairs: dict[frozenset[str], list[tuple[Claimed, str]]] = {}
        self.errors = errors
        self.problems = problems

    def alive(self, skipped: frozenset[str] = frozenset()) -> list[tuple[Claimed, str]]:
        """Each claiming function with each target on which it exists (its guard true there): one item each.
        `skipped`: files whose claims are left out (the plugin's files with a refused directive, which make no
        item): whether their functions exist is not asked, so a warm run loads no facts for them."""
        pairs = self._alive_pairs.get(skipped)
        if pairs is None:
            with _scope(self.cache):
                assert self.resolvers is not None, "alive() after finish()"
                claimed = [c for c in self.claimed if c.file not in skipped] if skipped else self.claimed
                pairs = self._alive_pairs[skipped] = alive(claimed, self.targets, self.valid, self.resolvers)
        return pairs

    def affected(
        self, old: Mapping[str, bytes | None], keys: Iterable[tuple[str, int, str]]
    ) -> set[tuple[str, int, str]]:
        """Of the claims `keys` names, those a change can affect (`analysis.affected`), judged by the dependencies
        their stored verdicts record (every claim without one): `old` maps each changed file (project-relative)
        to its old bytes, None when it did not exist."""
        store = self.store
        places = files_of(store.old_digests)
        with _scope(self.cache):
            return affected(change_of(self.project, old, places), keys, store.old_verdicts)

    @property
    def stored_verdicts(self) -> int:  # none: a changed-only run cannot tell what a change affects
        return len(self.store.old_verdicts)

    def finish(
        self,
        wanted: Collection[tuple[str, int, str]] | None = None,
        *,
        rules: bool = True,
        details: bool = False,
        elsewhere: Elsewhere | None = None,
    ) -> Result:
        """Verdicts for the claims `wanted` names, (module, function index, platform) each (None: every claim),
        the rules when `rules`; then both stores saved and the resolvers freed. `elsewhere`: the claims other
        processes judge, and how to wait for them (`jobs`)."""
        with _scope(self.cache):
            return self._finish(wanted, rules, details, elsewhere)

    def judge(self, wanted: Collection[tuple[str, int, str]]) -> Share:
        """Verdicts for the claims `wanted` names, handed back with what the stores would keep of them, none saved
        (a `-j` worker's part of another process's run: `jobs`)."""
        with _scope(self.cache):
            assert self.resolvers is not None, "judge() after finish()"
            resolvers = self.resolvers
            results, reused = verdicts(
                self.claimed, self.targets, self.config, self.valid, resolvers, wanted, release=resolvers.release
            )
            self.valid.record_shapes()
            store, summaries, cache = self.store, self.summaries, self.cache
            new, subclasses = summaries.fresh()
            counts = (cache.parsed, cache.hits, summaries.computed, summaries.loaded)
            return Share(results, reused, store.verdicts, store.words, store.shapes, new, subclasses, counts)

    def _finish(
        self, wanted: Collection[tuple[str, int, str]] | None, rules: bool, details: bool, elsewhere: Elsewhere | None
    ) -> Result:
        config, project, targets, resolvers = self.config, self.project, self.targets, self.resolvers
        assert resolvers is not None, "finish() twice"
        self.claimed, wanted, late = materialise(
            project, config, self.valid, self.decorators, self.claimed, wanted, self.errors
        )
        self.problems.extend(late)  # the file problems of modules read without facts until now
        keys, gather = elsewhere or ((), _nothing)
        rules = bool(config.forbid_reaches and rules and not self.every)
        # the rules walk every target after the claims, over what resolution memoised: kept for them
        release = None if rules else resolvers.release
        results, reused = verdicts(self.claimed, targets, config, self.valid, resolvers, wanted, keys, release)
        checked = check_rules(project, config, targets, resolvers) if rules else ()
        resolvers.close()
        self.resolvers = resolvers = None  # what resolution memoised is freed before the stores are encoded (a peak)
        if keys:
            more, also = gather()  # the other processes' shares, their stores' parts adopted by ours
            results, reused = results + more, reused + also
        self.valid.save(partial=self.select is not None or wanted is not None)
        self.summaries.save()
        _trace(config.root, self.cache, reused, self.summaries)
        results.sort(key=attrgetter("file", "line", "qualname", "platform"))
        claimed = self.claimed
        if wanted is not None:
            claimed = [c for c in claimed if any((c.module, c.function_index, p) in wanted for p in targets)]
        extra = report_details(project, claimed, results, checked) if details else None
        return Result(
            config,
            targets,
            tuple(results),
            tuple(sorted(self.errors, key=lambda e: (e.file, e.line, e.message))),
            tuple(sorted(self.problems, key=lambda e: (e.file, e.line, e.message))),
            project,
            reused,
            checked,
            extra,
            project.modules.excluded_claims,
        )


def open_run(  # noqa: PLR0913 - `check`'s arguments, passed on
    root: Path,
    platforms: Sequence[str] | None = None,
    config: Config | None = None,
    *,
    sweep: bool = False,
    cache: FactsCache | None = None,
    every: Sequence[str] = (),
    only: Collection[str] | None = None,
    project: Project | None = None,
    select: Callable[[str], bool] | None = None,
    light: bool = False,
) -> Run:
    """`check`'s first step on its own: the claims read, no verdict yet. `light`: few claims will be asked for."""
    with _scope(cache):
        config = config or load_config(root)
        return Run(
            config, platforms, light, sweep=sweep, cache=cache, every=every, only=only, project=project, select=select
        )
