"""The walks of claiming functions: a verdict per claim and target, with what one target's walk may lend another.

A stored verdict is reused while every module its walk read is unchanged (`validity.Validity.verdict`). A walk
that consulted nothing platform-specific gives every target the same verdict; one that did is still reused on
another target whose answers to its platform-specific questions are the same (`check.same_walk`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Sequence
from typing import Any, NamedTuple

from pytest_claims.analysis.check import merge_walks, same_walk, walk
from pytest_claims.analysis.failures import AnalysisError, at, met
from pytest_claims.analysis.failures import WalkTooDeep as WalkTooDeep  # re-exported: where it was first raised
from pytest_claims.analysis.policy import Met, Policy
from pytest_claims.analysis.resolve import Resolver
from pytest_claims.analysis.validity import Validity
from pytest_claims.codec import decode
from pytest_claims.config import Config
from pytest_claims.records import PLATFORM, Claimed, ClaimResult, Node, StoredVerdict, Verdict

WALKS_PER_MEMO = 2000
"""How many claims' walks one target's memo serves before the resolvers are released (`verdicts`): what they
memoised grows with the walks (on Django, ~150 MB for its ~8,300 claims), much of it read again only by walks
near the one that made it, and what every target shares (summaries that read nothing platform-specific) stays.
Each release costs the next walks what they ask again: on Django, 2,000 rather than 3,000 walks cost about 4 % of
a cold run's CPU time for a peak 6 MB lower (docs/benchmarks.md, "Peak memory of one check")."""


def result(item: Claimed, platform: str, verdict: Verdict) -> ClaimResult:
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


def alive(
    claimed: Sequence[Claimed], targets: Sequence[str], valid: Validity, resolvers: Callable[[str], Resolver]
) -> list[tuple[Claimed, str]]:
    """Each claiming function with each target on which it exists (its guard true there): one item each. A
    valid stored verdict answers without a resolver (None: no such function there); a claim read without its facts
    (a negative function index, `reading.read_claims`) is on a def no condition guards: it exists everywhere."""
    out: list[tuple[Claimed, str]] = []
    for platform in targets:
        for item in claimed:
            if item.function_index < 0:
                out.append((item, platform))
                continue
            key = (item.module, item.function_index, platform)
            entry = valid.verdict(key)
            if entry is None and valid.store.valid((item.module,)):
                # whether it exists is its own module's to say (its guard): a stored verdict a change elsewhere made
                # stale still tells, as a stored absence does while that module is unchanged
                entry = valid.store.old_verdicts.get(key)
            if entry is not None:
                if entry.verdict is not None:
                    out.append((item, platform))
                continue
            try:
                resolver = resolvers(platform)
                module = resolver.module(item.module)
                if resolver.alive(module, module.facts.functions[item.function_index].guard):
                    out.append((item, platform))
            except Exception as error:
                told = _told(error, item, platform)
                if told is error:
                    raise
                raise told from error
    return out


def verdicts(
    claimed: list[Claimed],
    targets: tuple[str, ...],
    config: Config,
    valid: Validity,
    resolvers: Callable[[str], Resolver],
    wanted: Collection[tuple[str, int, str]] | None = None,
    elsewhere: Container[tuple[str, int, str]] = (),
    release: Callable[[], Sequence[Resolver]] | None = None,
) -> tuple[list[ClaimResult], int]:
    """A verdict per claim and target: stored ones while every module their walk read is unchanged. `wanted`:
    only those (module, function index, platform) names (None: all); a walk does not depend on which others
    are judged with it. `elsewhere`: claims another process judges (`Share`), left out here. `release`: called
    between two targets' walks, and within a target's once `WALKS_PER_MEMO` walks have filled the memo (at the
    next module's claims), it lets go of the resolvers (`Resolvers.release`), so that a bounded memo is held;
    what the walks compare between targets (`check.same_walk`) is made of plain values."""
    judging = _Judging()
    try:
        return _verdicts(claimed, targets, config, valid, resolvers, wanted, elsewhere, release, judging=judging)
    except Exception as error:
        told = error if judging.item is None else _told(error, judging.item, judging.platform)
        if told is error:
            raise
        raise told from error


class _Judging:
    """The claim `verdicts` is judging, and on which target: what a defect met there names (`_told`)."""

    def __init__(self) -> None:
        self.item: Claimed | None = None
        self.platform = ""


def _verdicts(  # noqa: PLR0913 - `verdicts`' arguments
    claimed: list[Claimed],
    targets: tuple[str, ...],
    config: Config,
    valid: Validity,
    resolvers: Callable[[str], Resolver],
    wanted: Collection[tuple[str, int, str]] | None,
    elsewhere: Container[tuple[str, int, str]],
    release: Callable[[], Sequence[Resolver]] | None,
    *,
    judging: _Judging,
) -> tuple[list[ClaimResult], int]:
    """`verdicts`, the claim being judged kept in `judging`."""
    store = valid.store
    judge = ClaimWalks(config)
    results: list[ClaimResult] = []
    reused = 0
    same_everywhere: dict[tuple[str, int], Walked] = {}
    earlier: dict[tuple[str, int], list[tuple[Walked, Specific]]] = {}  # walks on other targets, to compare
    decoded: dict[int, Verdict] = {}  # a stored verdict shared by many claims (the store writes equals once)
    modules_read: dict[tuple[str, ...], tuple[str, ...]] = {}  # one tuple for equal ones: the claims of a module
    # mostly read the same modules
    walks = 0  # fresh walks since the resolvers were last released
    for number, platform in enumerate(targets):
        if number and release is not None:
            walks = _release(release, judge)
        # the last target's walks are compared with no later one: what the earlier targets' walks kept for it is
        # let go as it is read (a target-specific step holds its summary, which the released memo would have freed)
        last = number == len(targets) - 1
        module_name = ""
        for item in claimed:
            if walks >= WALKS_PER_MEMO and item.module != module_name and release is not None:
                walks = _release(release, judge)  # a module's claims mostly reach the same: not split
            module_name = item.module
            key = (item.module, item.function_index, platform)
            if (wanted is not None and key not in wanted) or key in elsewhere:
                continue
            judging.item, judging.platform = item, platform
            if item.function_index < 0:  # read without its facts: `reading.materialise` first
                raise RuntimeError(f"pytest-claims: {item.function} judged before its module's facts were read")
            entry = valid.verdict(key)
            if entry is not None:
                store.verdicts[key] = entry
                if entry.verdict is not None:
                    reused += 1
                    verdict = decoded.get(id(entry.verdict))
                    if verdict is None:
                        verdict = decoded[id(entry.verdict)] = decode(Verdict, entry.verdict)
                    results.append(result(item, platform, verdict))
                continue
            resolver = resolvers(platform)
            module = resolver.module(item.module)
            if not resolver.alive(module, module.facts.functions[item.function_index].guard):
                store.verdicts[key] = StoredVerdict((item.module,), None)
                continue
            function = (item.module, item.function_index)
            walked = same_everywhere.pop(function, None) if last else same_everywhere.get(function)
            if walked is None:
                # a walk on another target whose target-specific steps are all the same here is this walk
                tried = earlier.pop(function, ()) if last else earlier.get(function, ())
                walked = next((w for w, specific in tried if judge.same_walk(resolver, specific)), None)
            if walked is None:
                walks += 1
                verdict, deps, specific = judge.walk(resolver, function, item.claims)
                # what the walk read is kept for the store only: a run that writes none holds no copy (on Django,
                # ~8,000 sorted tuples of ~200 module names)
                read = tuple(sorted(deps - {PLATFORM})) if store.written else ()
                walked = Walked(verdict, StoredVerdict(modules_read.setdefault(read, read), verdict))
                if not last and PLATFORM not in deps:
                    # nothing on this walk differs between targets: the later targets get the same verdict
                    same_everywhere[function] = walked
                elif not last:
                    earlier.setdefault(function, []).append((walked, specific))
            results.append(result(item, platform, walked.verdict))
            store.verdicts[key] = walked.stored
    return results, reused


def _release(release: Callable[[], Sequence[Resolver]], judge: ClaimWalks) -> int:
    """The resolvers let go, with what the walks' policies learnt through them; no fresh walk since."""
    for resolver in release():
        judge.forget(resolver)
    return 0


def _told(error: Exception, item: Claimed, platform: str) -> Exception:
    """What a defect met judging `item` on `platform` is told as (`failures`): an inner stage's error, now naming the
    claim too; past the recursion limit, `WalkTooDeep`; anything else, an error of this stage at the claim's line."""
    if isinstance(error, AnalysisError):
        error.within = error.within or f"{item.function} ({item.file}:{item.line}) on {platform}"
        return error
    where = at(item.file, item.line)
    if isinstance(error, RecursionError):
        return WalkTooDeep(where, item.function, "RecursionError")
    return met(where, f"judging the claims of {item.function} on {platform}", error)


class Share(NamedTuple):
    """What one process's walks of some claims gave (`Run.judge`), for the run that judges the others: the
    results, and everything the stores of a run that walked them itself would have kept."""

    results: list[ClaimResult]
    reused: int
    verdicts: dict[tuple[str, int, str], StoredVerdict]
    """The verdict store's entries for the claims judged, as `verdicts` left them."""
    words: dict[str, tuple[str, ...]]
    shapes: dict[str, str]
    """The class shapes of every module whose facts the walks read (`Validity.record_shapes`)."""
    summaries: dict[Any, Any]
    """The summaries the walks computed, as the summary store keeps them before saving (`SummaryStore.fresh`)."""
    subclasses: dict[Any, Any]
    counts: tuple[int, int, int, int]
    """Files parsed, facts read from the cache, summaries computed, summaries reused."""


class Walked(NamedTuple):
    """A walk's verdict, and what the verdict store keeps of it."""

    verdict: Verdict
    stored: StoredVerdict


Specific = list[tuple[Policy, list[tuple[Node, Met | None]]]]
"""What a claim's walks (one per policy) learnt that may differ between targets (`check.same_walk`)."""


class ClaimWalks:
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
        self.shared: dict[
            object, object
        ] = {}  # equal chains and findings of every walk as one object (`check.Findings`)

    def walk(
        self, resolver: Resolver, function: tuple[str, int], claims: tuple[str, ...]
    ) -> tuple[Verdict, frozenset[str], Specific]:
        """The verdict, the modules read, and what the walks learnt that may differ between targets."""
        specific: Specific = []
        walks = []
        for policy, forbidden in self._grouped(claims):
            found: list[tuple[Node, Met | None]] = []
            walks.append(self._walk(resolver, function, policy, forbidden, found))
            specific.append((policy, found))
        [(verdict, deps)] = walks if len(walks) == 1 else [merge_walks(walks)]
        return verdict, deps, specific

    def forget(self, resolver: Resolver) -> None:
        """Let go of what every policy learnt through `resolver` (released: `Resolvers.release`)."""
        for policy in self.policies.values():
            policy.forget(resolver)

    @staticmethod
    def same_walk(resolver: Resolver, specific: Specific) -> bool:
        return all(same_walk(resolver, policy, found) for policy, found in specific)

    def _walk(
        self,
        resolver: Resolver,
        function: tuple[str, int],
        policy: Policy,
        forbidden: dict[str, frozenset[str]],
        specific: list[tuple[Node, Met | None]],
    ) -> tuple[Verdict, frozenset[str]]:
        config = self.config
        return walk(
            resolver,
            policy,
            function,
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
