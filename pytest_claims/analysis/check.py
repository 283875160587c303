"""A claim's verdict: the shared walk from the claiming function, judged against what the claim forbids.

Every reach in the closure whose categories the claim forbids (or that `deny` names for it, and `allow` does
not exempt) is a violation, found along its shortest chain of hops; whatever the walk cannot see into is the
frontier. A violation wins over the frontier, and a walk past `max-walk` is never held.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from pytest_claims.analysis.arguments import STARTED
from pytest_claims.analysis.policy import Met, Policy
from pytest_claims.analysis.resolve import Resolver
from pytest_claims.analysis.specials import ZONE_READERS
from pytest_claims.analysis.walk import Overflow, Via, breadth_first
from pytest_claims.dotted import under_any
from pytest_claims.records import (
    PLATFORM,
    Blind,
    BlindCalls,
    ChainStep,
    Decided,
    Edge,
    Frontier,
    FrontierEntry,
    FunctionFacts,
    Node,
    Reach,
    Receiver,
    Verdict,
    Violation,
    blind_spots,
)

T = TypeVar("T")

BLIND_REASON = "a call the walk cannot follow (a value of unknown type, or a callable passed in or fetched from data)"
BLIND_HINT = (
    'dynamic-calls = "ignore" (the claim or rule is then the author\'s assertion there), or give the value a type'
)


# claims: deterministic
def violation_key(v: Violation) -> tuple[str, int, str, str]:
    return (v.file, v.line, v.reach, v.claim)


# claims: deterministic
def frontier_key(f: FrontierEntry) -> tuple[str, int, str, str]:
    return (f.file, f.line, f.reach, f.reason)


def capacity_entry(resolver: Resolver, overflow: Overflow, max_walk: int) -> FrontierEntry:
    """The frontier entry of a walk that passed `max-walk`, at the function where it stopped."""
    module = resolver.module(overflow.node.module)
    return FrontierEntry(
        "<capacity>",
        module.rel,
        module.facts.functions[overflow.node.function_index].line,
        overflow.chain,
        f"the walk visited more than max-walk = {max_walk} functions",
        f"max-walk = {max_walk * 4}",
    )


class Findings:
    """What a walk meets besides its reaches, each once with the chain of its first meeting: the frontier (code it
    cannot see into) and the blind spots (calls it cannot follow, kept per function met: `BlindCalls`). Shared by
    the claims' and the rules' walks."""

    def __init__(self, shared: dict[Any, Any] | None = None) -> None:
        self.frontier: dict[tuple[str, str, int, str], FrontierEntry] = {}
        self.blind: list[BlindCalls] = []
        self.shared: dict[Any, Any] = shared if shared is not None else {}
        """Equal chains and findings as one object, across the walks that share this dict (a run's): thousands of
        claims pass the same helpers along the same hops."""

    def same(self, value: T) -> T:
        known: T = self.shared.setdefault(value, value)
        return known

    def chain(self, via: Via) -> tuple[str, ...]:
        return self.same(via.names())

    def meet(self, rel: str, frontier: Iterable[Frontier], blind: tuple[Blind, ...], via: Via) -> None:
        for entry in frontier:
            key = (entry.reach, rel, entry.line, entry.reason)
            if key not in self.frontier:
                chain = self.chain(via)
                self.frontier[key] = FrontierEntry(entry.reach, rel, entry.line, chain, entry.reason, entry.hint)
        if blind:
            # a function's calls one tuple for every walk meeting it, whichever resolver settled them
            self.blind.append(self.same(BlindCalls(rel, self.chain(via), self.same(blind))))

    def overflowed(self, resolver: Resolver, overflow: Overflow | None, max_walk: int) -> None:
        if overflow is not None:
            entry = capacity_entry(resolver, overflow, max_walk)
            self.frontier[(entry.reach, entry.file, entry.line, "")] = entry

    def close(self, dynamic_calls: str, violated: bool) -> tuple[tuple[FrontierEntry, ...], tuple[BlindCalls, ...]]:
        """The frontier, sorted, and the blind calls as met (nearest first); under `dynamic-calls = "unevaluable"`
        a blind spot of a walk that found no violation taints it (semantics §5): the blind spots join the frontier."""
        found = tuple(self.blind)
        if dynamic_calls == "unevaluable" and not violated:
            for spot in blind_spots(found):
                entry = FrontierEntry(spot.code, spot.file, spot.line, spot.via, BLIND_REASON, BLIND_HINT)
                self.frontier.setdefault((entry.reach, entry.file, entry.line, entry.reason), entry)
        return tuple(sorted(self.frontier.values(), key=frontier_key)), found


def _judge_reaches(
    reaches: Iterable[Reach],
    checked: dict[str, frozenset[str]],
    deny: dict[str, tuple[str, ...]],
    allow: dict[str, tuple[str, ...]],
    where: tuple[str, Via, Findings, _Steps],
    violations: dict[tuple[str, str, int, str, str], Violation],
) -> None:
    """Every reach a claim forbids (by category, or named in `deny` for it, and not exempt by `allow`)."""
    rel, via, findings, steps = where
    for reach in reaches:
        file = steps.rel_of(reach.module) if reach.module else rel
        for claim, forbidden in checked.items():
            if under_any(reach.reach, allow.get(claim, ())):
                continue
            if not (reach.categories & forbidden) and not under_any(reach.reach, deny.get(claim, ())):
                continue
            key = (claim, reach.reach, reach.line, file, reach.kind)
            if key not in violations:
                chain = findings.chain(via)
                taken = findings.same(steps.taken(via, chain, reach, rel))
                found = Violation(claim, reach.kind, reach.reach, file, reach.line, chain, taken)
                violations[key] = findings.same(found)


def walk(  # noqa: PLR0913 - the walk's inputs, each a different part of the configuration
    resolver: Resolver,
    policy: Policy,
    start: tuple[str, int],
    claims: dict[str, frozenset[str]],
    deny: dict[str, tuple[str, ...]],
    allow: dict[str, tuple[str, ...]],
    max_walk: int,
    dynamic_calls: str = "ignore",
    *,
    shared: dict[Any, Any] | None = None,
    specific: list[tuple[Node, Met | None]] | None = None,
) -> tuple[Verdict, frozenset[str]]:
    """The verdict for one function claiming `claims` (claim -> forbidden categories), and the modules the walk
    read: the verdict stays valid while none of them changes. `shared`: see `Findings`. `specific` collects what
    the walk learnt that may differ between targets (see `same_walk`)."""
    checked = {c: cats for c, cats in claims.items() if cats or deny.get(c)}
    if not checked:
        return Verdict("held", (), (), ()), frozenset({start[0]})
    violations: dict[tuple[str, str, int, str, str], Violation] = {}
    findings = Findings(shared)
    deps: set[str] = {start[0]}
    steps = _Steps(resolver, policy, (checked, deny, allow), specific, violations, findings, deps)

    # Python binds the last def of a name: a def that a later one may replace is checked through that one too
    later, per_platform = resolver.replacements(start)
    if per_platform:
        deps.add(PLATFORM)
        if specific is not None:
            specific.append((Node(*start), None))  # what replaces the def differs between targets: never the same
    starts: list[tuple[Node, tuple[str, ...]]] = [(Node(*start, None, _entry(resolver, start)), ())]
    starts += [(Node(*key, None, _entry(resolver, key)), (resolver.function_name(*key),)) for key in later]
    findings.overflowed(resolver, breadth_first(starts, steps.step, max_walk, steps.join), max_walk)
    ordered = tuple(sorted(violations.values(), key=violation_key))
    front, spots = findings.close(dynamic_calls, bool(ordered))
    if ordered:
        return Verdict("violated", ordered, front, spots), frozenset(deps)
    if front:
        return Verdict("unevaluable", (), front, spots), frozenset(deps)
    return Verdict("held", (), (), spots), frozenset(deps)


def _entry(resolver: Resolver, key: tuple[str, int]) -> Decided:
    """The context a walk enters its claiming function in: `STARTED` where its body may read what the project's
    own calls pass for a parameter (a plain function's `received`, a decorator's `applied`; a method asking a
    parameter's zone, `dt.utcoffset()`; a factory whose returned defs a class body may bind as methods,
    `selves`), else none."""
    func = resolver.module(key[0]).facts.functions[key[1]]
    return STARTED if func.received or func.applied or func.selves or _asks_a_zone(func) else ()


def _asks_a_zone(func: FunctionFacts) -> bool:
    """Whether a method calls, on one of its parameters, a `datetime` method that asks the zone it carries."""
    return func.kind == "method" and any(
        ctx == "call" and len(chain) == 2 and chain[0] != func.first and chain[1] in ZONE_READERS
        for chain, ctx, *_ in func.uses
    )


class _Steps:
    """One walk's step: what it learns of each function it meets goes into its violations, findings and deps. A
    class rather than closures in `walk`: compiled (mypyc), closures that see one another are a reference cycle
    holding the walk's results, and the engine runs with the cyclic collector off."""

    def __init__(
        self,
        resolver: Resolver,
        policy: Policy,
        rules: tuple[dict[str, frozenset[str]], dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]],
        specific: list[tuple[Node, Met | None]] | None,
        violations: dict[tuple[str, str, int, str, str], Violation],
        findings: Findings,
        deps: set[str],
    ) -> None:
        self.resolver = resolver
        self.policy = policy
        self.checked, self.deny, self.allow = rules
        self.specific = specific
        self.violations = violations
        self.findings = findings
        self.deps = deps
        self.known = policy.steps(resolver)
        self.index = resolver.project.index.modules

    def rel_of(self, module: str) -> str:
        return self.index[module].rel

    def taken(self, via: Via, chain: tuple[str, ...], reach: Reach, rel: str) -> tuple[ChainStep, ...]:
        """The steps of a violation's chain (`ChainStep`), spelled out from the walk's parent pointers only for a
        violation: each hop with the edge of the function before it that entered it, then the reach; equal steps
        of different chains are one object (`Findings.same`)."""
        nodes = via.nodes()
        head = len(chain) - (len(nodes) - 1)
        out: list[ChainStep] = []
        if head > 0:  # a later def of the claiming name, walked from its own def
            first = nodes[0]
            line = self.resolver.module(first.module).facts.functions[first.function_index].line
            out += [ChainStep(name, self.rel_of(first.module), line, "redefined") for name in chain[:head]]
        for parent, child, name in zip(nodes[:-1], nodes[1:], chain[head:], strict=True):
            parent_rel, _, _, summary, _ = self.known.get(parent) or met(self.resolver, self.policy, parent)
            edge = _edge_to(summary.edges, child)
            file = self.rel_of(edge.module) if edge and edge.module else parent_rel
            out.append(ChainStep(name, file, edge.line if edge else 0, edge.how if edge else "call"))
        file = rel if reach.site or not reach.module else self.rel_of(reach.module)
        out.append(ChainStep(reach.reach, file, reach.site or reach.line, reach.how or reach.kind))
        same = self.findings.same  # a hop is a step of many claims' chains: each kept once
        return tuple([same(step) for step in out])

    def join(self, receivers: Sequence[Receiver]) -> Receiver:
        """Where the walk widens a function's receivers (`walk.MAX_CONTEXTS`): the verdict depends on the classes
        the answer read, and where another target would answer otherwise, the walk is never the same there."""
        with self.resolver.tracker.scope(state="off") as read:
            joined = self.resolver.join(receivers)
        self.deps.update(read.modules)
        if self.specific is not None and PLATFORM in read.modules:
            self.specific.append((Node("", -1), None))
        return joined

    def step(self, node: Node, via: Via) -> Iterable[tuple[str, Node]]:
        learnt = self.known.get(node) or met(self.resolver, self.policy, node)
        rel, read, settled, summary, neighbours = learnt
        self.deps.update(read)
        if settled:
            self.deps.update(settled)
        if self.specific is not None and (PLATFORM in read or PLATFORM in settled):
            self.specific.append((node, learnt))
        if summary.reaches:
            context = (rel, via, self.findings, self)
            _judge_reaches(summary.reaches, self.checked, self.deny, self.allow, context, self.violations)
        if summary.frontier or summary.blind:
            self.findings.meet(rel, summary.frontier, summary.blind, via)
        return neighbours


def _edge_to(edges: Iterable[Edge], node: Node) -> Edge | None:
    """The edge the walk took to `node`: the first (in the summary's order, as the walk met them) entering it in
    that context, else the first entering the function (a context the walk widened)."""
    loose: Edge | None = None
    for edge in edges:
        if edge.target == node.key:
            if edge.receiver == node.receiver and edge.args == node.args:
                return edge
            loose = loose or edge
    return loose


def met(resolver: Resolver, policy: Policy, node: Node) -> Met:
    """What a walk under `policy` learns of a function on `resolver`'s target (kept in `Policy.steps`)."""
    known = policy.steps(resolver)
    found = known.get(node)
    if found is None:
        raw = resolver.summary_for(node)
        judged = policy.judge(raw)
        blind, deps = resolver.leads.settle(judged.blind)  # implicit calls on unknown values: where they may lead
        if deps:
            judged = dataclasses.replace(judged, blind=blind)
        rel = resolver.project.index.modules[node.module].rel  # the index, not the facts: a stored summary, no parse
        edge = policy.edge
        edges = tuple([edge(e.name, Node(*e.target, e.receiver, e.args)) for e in judged.edges])
        found = known[node] = Met(rel, raw.deps, resolver.tracker.recorded(deps), judged, edges)
    return found


def same_walk(resolver: Resolver, policy: Policy, specific: list[tuple[Node, Met | None]]) -> bool:
    """Whether a walk that met these target-specific steps (`walk(..., specific=)`) on one target is the same walk
    on `resolver`'s: every one of them equal there, so the walk takes the same steps in the same order and finds
    the same. Asks for the same summaries a walk would, and spares the walk itself."""
    return all(found is not None and met(resolver, policy, node) == found for node, found in specific)


def merge_walks(walks: Sequence[tuple[Verdict, frozenset[str]]]) -> tuple[Verdict, frozenset[str]]:
    """One verdict from the walks of one function under different policies (its claims grouped by what
    `trusted-for` trusts for them): violations, frontier and blind spots are unions (an entry met by several
    walks keeps its shortest chain, ties broken by name), a violation wins, and the modules read are the union.
    As in a single walk, blind spots become frontier entries (under `dynamic-calls = "unevaluable"`) only
    when there is no violation."""
    violations: list[Violation] = []
    frontier: dict[tuple[str, str, int, str], FrontierEntry] = {}
    blind: dict[tuple[str, int, str], BlindCalls] = {}
    deps: set[str] = set()
    for verdict, read in walks:
        deps.update(read)
        violations.extend(verdict.violations)
        for entry in verdict.frontier:
            key = (entry.reach, entry.file, entry.line, entry.reason)
            known = frontier.get(key)
            if known is None or (len(entry.via), entry.via) < (len(known.via), known.via):
                frontier[key] = entry
        for spot in verdict.blind_spots:
            spot_key = (spot.file, spot.line, spot.code)
            seen = blind.get(spot_key)
            if seen is None or (len(spot.via), spot.via) < (len(seen.via), seen.via):
                blind[spot_key] = BlindCalls(spot.file, spot.via, ((spot.line, spot.code),))
    ordered = tuple(sorted(violations, key=violation_key))
    spots = tuple(blind[key] for key in sorted(blind))
    entries = [f for f in frontier.values() if not (ordered and f.reason == BLIND_REASON)]
    front = tuple(sorted(entries, key=frontier_key))
    if ordered:
        return Verdict("violated", ordered, front, spots), frozenset(deps)
    if front:
        return Verdict("unevaluable", (), front, spots), frozenset(deps)
    return Verdict("held", (), (), spots), frozenset(deps)
