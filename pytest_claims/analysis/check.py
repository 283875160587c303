"""Walk a claim over the resolved call graph and give its verdict with witnesses.

Breadth-first from the claiming function, neighbours in sorted order, so every function is first met along
the shortest chain of hops and, among equally short chains, the one that sorts first by name: the same
input always gives the same witness. Iterative; the capacity bound makes an overlong walk unevaluable.
"""

from __future__ import annotations

from collections import deque

from pytest_claims.analysis.resolve import Resolver
from pytest_claims.dotted import under_any
from pytest_claims.records import FrontierEntry, Verdict, Violation


# claims: deterministic
def violation_key(v: Violation) -> tuple[str, int, str, str]:
    return (v.file, v.line, v.reach, v.claim)


def walk(
    resolver: Resolver,
    start: tuple[str, int],
    claims: dict[str, frozenset[str]],
    deny: dict[str, tuple[str, ...]],
    allow: dict[str, tuple[str, ...]],
    max_walk: int,
) -> tuple[Verdict, frozenset[str]]:
    """The verdict for one function claiming `claims` (claim -> forbidden categories), and the modules the walk
    read: the verdict stays valid while none of them changes."""
    checked = {c: cats for c, cats in claims.items() if cats or deny.get(c)}
    if not checked:
        return Verdict("held", (), ()), frozenset({start[0]})
    via_of: dict[tuple[str, int], tuple[str, ...]] = {start: ()}
    queue: deque[tuple[str, int]] = deque([start])
    violations: dict[tuple[str, str, int, str, str], Violation] = {}
    frontier: dict[tuple[str, str, int, str], FrontierEntry] = {}
    visited = 0
    deps: set[str] = {start[0]}
    while queue:
        current = queue.popleft()
        visited += 1
        if visited > max_walk:
            module = resolver.module(current[0])
            line = module.facts.functions[current[1]].line
            frontier[("<capacity>", module.rel, line, "")] = FrontierEntry(
                "<capacity>",
                module.rel,
                line,
                via_of[current],
                f"the walk visited more than max-walk = {max_walk} functions",
                f"max-walk = {max_walk * 4}",
            )
            break
        rel = resolver.project.index.modules[current[0]].rel  # the index, not the facts: a cached
        summary = resolver.summary(current)  # summary needs no parse
        deps.update(summary.deps)
        via = via_of[current]
        for reach in summary.reaches:
            for claim, forbidden in checked.items():
                if under_any(reach.reach, allow.get(claim, ())):
                    continue
                if not (reach.categories & forbidden) and not under_any(reach.reach, deny.get(claim, ())):
                    continue
                key = (claim, reach.reach, reach.line, rel, reach.kind)
                if key not in violations:
                    violations[key] = Violation(claim, reach.kind, reach.reach, rel, reach.line, via)
        for entry in summary.frontier:
            fkey = (entry.reach, rel, entry.line, entry.reason)
            if fkey not in frontier:
                frontier[fkey] = FrontierEntry(entry.reach, rel, entry.line, via, entry.reason, entry.hint)
        for edge in summary.edges:
            if edge.target not in via_of:
                via_of[edge.target] = (*via, edge.name)
                queue.append(edge.target)
    ordered = tuple(sorted(violations.values(), key=violation_key))
    front = tuple(sorted(frontier.values(), key=lambda f: (f.file, f.line, f.reach, f.reason)))
    if ordered:
        return Verdict("violated", ordered, front), frozenset(deps)
    if front:
        return Verdict("unevaluable", (), front), frozenset(deps)
    return Verdict("held", (), ()), frozenset(deps)
