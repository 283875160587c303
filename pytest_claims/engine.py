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
import gc
import os
import sys
import weakref
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from operator import attrgetter
from pathlib import Path
from typing import Any

from pytest_claims.analysis.catalog import catalogue_fingerprint, load_catalogue
from pytest_claims.analysis.check import Met, merge_walks, same_walk, walk
from pytest_claims.analysis.conditions import Target
from pytest_claims.analysis.details import report_details
from pytest_claims.analysis.directives import Decorators, read_directives, renamings
from pytest_claims.analysis.policy import Node, Policy
from pytest_claims.analysis.project import Modules, Project
from pytest_claims.analysis.project import load as load  # re-exported: the engine's first step, on its own
from pytest_claims.analysis.resolve import Resolver
from pytest_claims.analysis.rules import check_rules
from pytest_claims.analysis.stubs import stubs_for, typeshed_version
from pytest_claims.analysis.validity import Validity
from pytest_claims.config import Config, load_config
from pytest_claims.persist.cache import (
    DERIVED_VERSION,
    PLUGIN_VERSION,
    FactsCache,
    background_writes,
    derived_in,
    namespace,
)
from pytest_claims.persist.store import SummaryStore, VerdictStore, decode_verdict, encode_verdict
from pytest_claims.records import (
    PLATFORM,
    Claimed,
    Details,
    DirectiveError,
    RuleResult,
    Summary,
    Verdict,
)
from pytest_claims.records import ClaimResult as ClaimResult  # re-exported: Result holds them

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
    """What the reports need beyond the verdicts (module digests and function counts, every claiming function,
    definitions of the names on violation paths): only when `check(..., details=True)` asked for it. A report is
    built from these alone, so the project's facts may be released once `check` returns."""
    excluded: tuple[str, ...] = ()
    """Files that `exclude` leaves out of the configured packages yet hold claims directives (not checked)."""


def host_version() -> tuple[int, int]:
    return (sys.version_info[0], sys.version_info[1])


def target_for(platform: str, version: tuple[int, int] | None = None) -> Target:
    stubs = stubs_for(platform, version or host_version())
    return Target(platform, stubs.version, stubs.module_has)


def resolve_platforms(config: Config, requested: Sequence[str] | None, sweep: bool = False) -> tuple[str, ...]:
    if requested:
        return tuple(dict.fromkeys(requested))
    if sweep:
        return tuple(config.platforms)
    if config.platform:
        return tuple(config.platform)
    return (sys.platform,)


def _result(item: Claimed, platform: str, verdict: Verdict) -> ClaimResult:
    """A claim's result: its directive reading and what its walk found."""
    return ClaimResult(
        item.function,
        item.module,
        item.qualname,
        item.file,
        item.line,
        item.claims,
        platform,
        verdict.status,
        verdict.violations,
        verdict.frontier,
        verdict.blind,
    )


def _trace(root: Path, cache: FactsCache, reused: int, summaries: SummaryStore) -> None:
    path = os.environ.get(TRACE_ENV)
    if path:
        line = (
            f"engine-run pid={os.getpid()} parsed={cache.parsed} cached={cache.hits} reused={reused}"
            f" summarized={summaries.computed} summaries-reused={summaries.loaded} root={root}\n"
        )
        with contextlib.suppress(OSError), open(path, "a", encoding="utf-8") as handle:
            handle.write(line)


@contextmanager
def _quiet_collector() -> Iterator[None]:
    """No cyclic collection while the engine runs: it allocates millions of small objects and frees almost none
    until it returns (and builds no reference cycles), so a collection would scan them all and find nothing; on
    W that was a tenth of a cold run. When it returns, what it allocated joins the oldest generation unscanned
    (`gc.freeze` then `gc.unfreeze` move objects without looking at them) -- unless the host froze objects of
    its own, which `unfreeze` would thaw: then the next collection scans them as usual."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()


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
    `project`: what `load(config, cache)` already returned for this run (the plugin's idle test), so the index
    and the digests are not built twice.
    `select`: only the claims of the files it accepts (project-relative paths) are read and judged, each with the
    verdict the whole run gives it (a run given paths); `rules=False`: no forbid-reaches rule is checked."""
    with _quiet_collector(), _derived_beside(cache), background_writes():
        config = config or load_config(root)
        return _check(
            config,
            platforms,
            sweep=sweep,
            cache=cache,
            details=details,
            every=every,
            only=only,
            project=project,
            select=select,
            rules=rules,
        )


@contextmanager
def _derived_beside(cache: FactsCache | None) -> Iterator[None]:
    """Parsed stubs and the parsed catalogue are kept beside the facts cache for this call, and only for it
    (a check without a cache directory writes nothing anywhere)."""
    directory = None
    if cache is not None and cache.directory is not None:
        versions = (DERIVED_VERSION, PLUGIN_VERSION, typeshed_version(), sys.version_info[:2])
        directory = cache.directory.parent / f"derived-{namespace(*versions)}"
    with derived_in(directory):
        yield


class Resolvers:
    """The one place resolution is wired: a resolver per target over one loaded project, made on first need and
    then kept, so claims and rules walking the same platform share its memoised summaries; summaries that
    consulted nothing platform-specific are shared by every target (those in a context too), and come from
    `persisted` when valid."""

    def __init__(self, project: Project, config: Config, targets: Sequence[str], persisted: SummaryStore | None = None):
        self.project = project
        self.config = config
        self.persisted = persisted
        self.platforms = tuple(targets)
        self.peers = [(stubs_for(p, host_version()), target_for(p)) for p in targets]
        self.shared: dict[tuple[str, int], Summary] = {}
        self.contexts: dict[Any, Summary] = {}  # the same for summaries in a context (`Summaries.contexts`)
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
            resolver.summaries.contexts = self.contexts
            resolver.peer_resolvers = partial(_peers, weakref.ref(self), platform)
        return resolver

    def decorators(self) -> Decorators:
        """The judge of which decorators are `@claims`, over every target (resolvers made on its first question)."""
        return Decorators(lambda: map(self, self.platforms))

    def close(self) -> None:
        """Break each resolver's reference cycles (`Resolver.close`): what they memoised is freed when the last
        reference to them goes, the collector being off while the engine runs."""
        for resolver in self.made.values():
            resolver.close()


def _peers(resolvers: weakref.ref[Resolvers], platform: str) -> list[Resolver]:
    """The other targets' resolvers (through a weak reference: a resolver kept by `Resolvers` that held it
    strongly would make a reference cycle of the whole analysis, freed only by a cyclic collection)."""
    made = resolvers()
    return [] if made is None else [made(p) for p in made.platforms if p != platform]


def _check(  # noqa: PLR0913 - `check`'s arguments, passed on
    config: Config,
    platforms: Sequence[str] | None,
    *,
    sweep: bool,
    cache: FactsCache | None,
    details: bool = False,
    every: Sequence[str] = (),
    only: Collection[str] | None = None,
    project: Project | None = None,
    select: Callable[[str], bool] | None = None,
    rules: bool = True,
) -> Result:
    targets = resolve_platforms(config, platforms, sweep)
    cache = cache or FactsCache(None)
    project = project or load(config, cache)
    inputs = (config.fingerprint(), catalogue_fingerprint(), typeshed_version(), sys.version_info[:2])
    store = VerdictStore(cache, (*inputs, "every", *sorted(every)) if every else inputs)
    valid = Validity(project, cache, store)
    summaries = valid.summaries(inputs, targets)
    resolvers = Resolvers(project, config, targets, summaries)
    claimed, errors, problems = _read_claims(project, config, valid, resolvers.decorators(), select)
    errors.extend(e for e in project.modules.unnamable_claims if select is None or select(e.file))
    if every:
        claimed = _every_function(project, tuple(sorted(every)), only)
    results, reused = _verdicts(claimed, targets, config, valid, resolvers)
    checked = check_rules(project, config, targets, resolvers) if config.forbid_reaches and rules and not every else ()
    resolvers.close()
    del resolvers  # what resolution memoised is freed before the stores are encoded (a run's peak of memory)
    valid.save(partial=select is not None)
    summaries.save()
    _trace(config.root, cache, reused, summaries)
    results.sort(key=attrgetter("file", "line", "qualname", "platform"))
    extra = report_details(project, claimed, results, checked) if details else None
    return Result(
        config,
        targets,
        tuple(results),
        tuple(sorted(errors, key=lambda e: (e.file, e.line, e.message))),
        tuple(sorted(problems, key=lambda e: (e.file, e.line, e.message))),
        project,
        reused,
        checked,
        extra,
        project.modules.excluded_claims,
    )


def _read_claims(
    project: Project,
    config: Config,
    valid: Validity,
    decorators: Decorators,
    select: Callable[[str], bool] | None = None,
) -> tuple[list[Claimed], list[DirectiveError], list[DirectiveError]]:
    """Every claiming function, refused directive and unreadable file (a reading is reused while its file and the
    modules its decorators resolved through are unchanged).

    The files read are those whose text mentions `claims` (the pre-scan) and, when one of them binds the
    decorator under another name (`promise = claims`, `from pytest_claims import claims as vow`), those that
    mention that name, and so on: a decorator can only be spelled with a name that some binding gave it.
    With `select`, only the files it accepts are read for claims (and their problems reported); the others are
    followed only for the names they give the decorator, so the files read are those the whole run reads."""
    modules = project.modules
    claimed: list[Claimed] = []
    errors: list[DirectiveError] = []
    problems: list[DirectiveError] = [DirectiveError(path, 0, message) for path, message in project.index.problems]
    words: set[str] = {"claims"}
    done: set[str] = set()
    todo = set(modules.mentions)
    while todo:
        batch, todo = sorted(todo - done), set()
        done.update(batch)
        wanted = batch if select is None else [name for name in batch if select(project.index.modules[name].rel)]
        readings = _readings(modules, config, valid, decorators, wanted)
        for name in batch:
            reading = readings.get(name)
            if reading is not None:
                found_raw, refused_raw, n_refused, _, renames = reading
                claimed.extend(map(Claimed._make, found_raw))
                for index, raw_error in enumerate(refused_raw):
                    (errors if index < n_refused else problems).append(DirectiveError(*raw_error))
            else:
                renames = _renames_outside(modules, valid, name, words)
            for alias, word in renames:
                if word in words and alias not in words:
                    words.add(alias)
                    todo.update(n for n in valid.mentioning(alias) if n not in done)
    return claimed, errors, problems


def _renames_outside(modules: Modules, valid: Validity, name: str, words: set[str]) -> tuple[tuple[str, str], ...]:
    """What a module outside the selection renames, as far as the search for the decorator's names needs: its
    stored reading's, else its facts' when its code may bind one of `words` (`Modules.may_bind`); none when it
    cannot, as every renaming of a name outside `words` is passed over."""
    reading = valid.reading(name)
    if reading is not None:
        renames: tuple[tuple[str, str], ...] = reading[4]
        return renames
    return renamings(modules[name].facts) if modules.may_bind(name, words) else ()


def _readings(
    modules: Modules, config: Config, valid: Validity, decorators: Decorators, names: list[str]
) -> dict[str, Any]:
    """The directive reading of each module: (claimed, refusals and file problems, how many are refusals, the
    modules its decorators were resolved through, the names its module-level bindings give what other names);
    the last run's while still valid (`Validity.reading`)."""
    modules.preload(name for name in names if valid.reading(name) is None)
    out: dict[str, Any] = {}
    for name in names:
        reading = valid.reading(name)
        if reading is None:
            module = modules[name]
            decorators.deps.clear()
            found, refused = read_directives(module, config, decorators)
            file_problems = [DirectiveError(module.rel, line, message) for line, message in module.facts.problems]
            reading = (
                tuple((c.module, c.function_index, c.qualname, c.file, c.line, c.claims) for c in found),
                tuple((e.file, e.line, e.message) for e in (*refused, *file_problems)),
                len(refused),
                tuple(sorted(decorators.deps - {name, PLATFORM})),
                renamings(module.facts),
            )
        valid.store.directives[name] = out[name] = reading
    return out


def _every_function(project: Project, claims: tuple[str, ...], only: Collection[str] | None) -> list[Claimed]:
    """Every function and method of the project's own modules, claiming `claims` (`check(..., every=...)`)."""
    modules = project.modules
    files = sorted(project.index.modules.items())
    names = [name for name, file in files if file.path is not None and not file.followed]
    if only is not None:
        names = [name for name in names if any(o.startswith(name + ".") for o in only)]
    modules.preload(names)
    claimed: list[Claimed] = []
    for name in names:
        module = modules[name]
        for index, func in enumerate(module.facts.functions):
            if func.kind in ("lambda", "state") or "<locals>" in func.qualname or (
                only is not None and f"{name}.{func.qualname}" not in only
            ):
                continue
            claimed.append(Claimed(name, index, func.qualname, module.rel, func.line, claims))
    return claimed


def _verdicts(
    claimed: list[Claimed], targets: tuple[str, ...], config: Config, valid: Validity, resolvers: Resolvers
) -> tuple[list[ClaimResult], int]:
    """A verdict per claim and target: stored ones while every module their walk read is unchanged."""
    store = valid.store
    judge = _ClaimWalks(config)
    results: list[ClaimResult] = []
    reused = 0
    same_everywhere: dict[tuple[str, int], Walked] = {}
    earlier: dict[tuple[str, int], list[tuple[Walked, Specific]]] = {}  # walks on other targets, to compare
    decoded: dict[int, Verdict] = {}  # a stored verdict shared by many claims (the store writes equals once)
    modules_read: dict[tuple[str, ...], tuple[str, ...]] = {}  # one tuple for equal ones: the claims of a module
    # mostly read the same modules
    for platform in targets:
        for item in claimed:
            key = (item.module, item.function_index, platform)
            entry: Any = valid.verdict(key)
            if entry is not None:
                store.verdicts[key] = entry
                if entry[1] is not None:
                    reused += 1
                    verdict = decoded.get(id(entry[1]))
                    if verdict is None:
                        verdict = decoded[id(entry[1])] = decode_verdict(entry[1])
                    results.append(_result(item, platform, verdict))
                continue
            resolver = resolvers(platform)
            module = resolver.module(item.module)
            if not resolver.alive(module, module.facts.functions[item.function_index].guard):
                store.verdicts[key] = ((item.module,), None)
                continue
            node = (item.module, item.function_index)
            walked = same_everywhere.get(node)
            if walked is None:
                # a walk on another target whose target-specific steps are all the same here is this walk
                walked = next((w for w, specific in earlier.get(node, ()) if judge.same_walk(resolver, specific)), None)
            if walked is None:
                verdict, deps, specific = judge.walk(resolver, node, item.claims)
                read = tuple(sorted(deps - {PLATFORM}))
                walked = (verdict, (modules_read.setdefault(read, read), encode_verdict(verdict)))
                if PLATFORM not in deps:
                    # nothing on this walk differs between targets: the other targets get the same verdict
                    same_everywhere[node] = walked
                elif len(targets) > 1:
                    earlier.setdefault(node, []).append((walked, specific))
            results.append(_result(item, platform, walked[0]))
            store.verdicts[key] = walked[1]
    return results, reused


Walked = tuple[Verdict, tuple[tuple[str, ...], object]]
"""A walk's verdict, and what the verdict store keeps of it: (the modules the walk read, the encoded verdict)."""
Specific = list[tuple[Policy, list[tuple[Node, Met | None]]]]
"""What a claim's walks (one per policy) learnt that may differ between targets (`check.same_walk`)."""


class _ClaimWalks:
    """The walks of claiming functions under one configuration: what each claim forbids, and the policies.

    One walk under the global policy, unless `trusted-for` makes a function's claims see different trust
    boundaries (semantics §5): then its claims are grouped by the names trusted for them, the function is walked
    once per group, and the verdicts are merged (`check.merge_walks`). One `Policy` per distinct trusted set,
    so judged summaries are shared by every walk under it."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.categories = config.claim_categories()
        deny = {claim: tuple(names) for claim, names in config.deny.items()}
        for name, custom in config.define.items():
            deny[name] = tuple(sorted({*deny.get(name, ()), *custom.deny}))
        self.deny = deny
        self.allow = {claim: tuple(names) for claim, names in config.allow.items()}
        self.policy = Policy(tuple(config.trusted), config.external)
        self.policies: dict[tuple[str, ...], Policy] = {self.policy.trusted: self.policy}
        self.groups: dict[tuple[str, ...], list[tuple[Policy, dict[str, frozenset[str]]]]] = {}
        self.shared: dict[Any, Any] = {}  # equal chains and findings of every walk as one object (`check.Findings`)

    def walk(
        self, resolver: Resolver, node: tuple[str, int], claims: tuple[str, ...]
    ) -> tuple[Verdict, frozenset[str], Specific]:
        """The verdict, the modules read, and what the walks learnt that may differ between targets."""
        specific: Specific = []
        walks = []
        for policy, forbidden in self._grouped(claims):
            found: list[tuple[Node, Met | None]] = []
            walks.append(self._walk(resolver, node, policy, forbidden, found))
            specific.append((policy, found))
        verdict, deps = walks[0] if len(walks) == 1 else merge_walks(walks)
        return verdict, deps, specific

    @staticmethod
    def same_walk(resolver: Resolver, specific: Specific) -> bool:
        return all(same_walk(resolver, policy, found) for policy, found in specific)

    def _walk(
        self,
        resolver: Resolver,
        node: tuple[str, int],
        policy: Policy,
        forbidden: dict[str, frozenset[str]],
        specific: list[tuple[Node, Met | None]],
    ) -> tuple[Verdict, frozenset[str]]:
        config = self.config
        return walk(
            resolver,
            policy,
            node,
            forbidden,
            self.deny,
            self.allow,
            config.max_walk,
            config.dynamic_calls,
            shared=self.shared,
            specific=specific,
        )

    def _grouped(self, claims: tuple[str, ...]) -> list[tuple[Policy, dict[str, frozenset[str]]]]:
        if not self.config.trusted_for:
            return [(self.policy, {c: self.categories[c] for c in claims})]
        grouped = self.groups.get(claims)
        if grouped is None:
            by_trust: dict[tuple[str, ...], dict[str, frozenset[str]]] = {}
            for claim in claims:
                by_trust.setdefault(self.config.trusted_for_claim(claim), {})[claim] = self.categories[claim]
            grouped = self.groups[claims] = []
            for trusted in sorted(by_trust):
                if trusted not in self.policies:
                    self.policies[trusted] = Policy(trusted, self.config.external)
                grouped.append((self.policies[trusted], by_trust[trusted]))
        return grouped
