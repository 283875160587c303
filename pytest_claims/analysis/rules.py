"""Architecture rules (`[[tool.claims.forbid-reaches]]`, SPEC §12): `from` must never reach `to`.

A rule is checked per target platform over the same resolved summaries as the claims (the engine hands in
its memoised `resolver_for`, so every function is resolved once per platform whatever the number of claims
and rules), by the same walk (`analysis.walk`): breadth-first from every live project function named by
`from`, sources and callees in sorted order, so the first path found is a shortest one and, among those, the
smallest by names hop by hop: the same input always gives the same witness. `max-walk` bounds it, and an
overflow is unevaluable, never held.

What counts as reaching `to` (a dotted name):

- a project function equal to or under it (module, class or function prefix), entered by a call, a function
  value or a constructor call, trusted ones included: trust is an assertion about capabilities, not a hole
  in the call graph, so rules walk through trusted project code too;
- a project class equal to or under it that is constructed and has no project constructor to enter;
- a stdlib function or class (not an exception class, not a constant) equal to or under it, called or used
  as a value, or a catalogued capability read (`os.environ`): so `to = "subprocess"` and `to = "json"` work;
- a third-party name equal to or under it, used in any way (third-party code is opaque).

When no path exists but the walked closure touches code the analysis cannot see into (third-party code not
followed, names that do not resolve, unreadable files), the rule is unevaluable and lists that frontier.
Blind spots (calls the walk cannot follow, SPEC §5) are recorded as for claims; under `dynamic-calls =
"unevaluable"` a rule with no path and a blind spot is unevaluable, the blind spots its frontier (SPEC §12).

A `from` or `to` that names nothing in the project, or a `from` lying inside `to`, is reported as an
unevaluable rule whose frontier says so (on every platform), rather than as a usage error: it fails loudly
where the rule is shown, without stopping the claims of the run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from pytest_claims.analysis.check import BLIND_HINT, BLIND_REASON, capacity_entry, frontier_key
from pytest_claims.analysis.policy import Policy
from pytest_claims.analysis.project import Project
from pytest_claims.analysis.resolve import Resolver, live_functions
from pytest_claims.analysis.walk import Node, breadth_first
from pytest_claims.config import Config, ForbidRule
from pytest_claims.dotted import under
from pytest_claims.records import BlindSpot, FrontierEntry, RuleResult


def check_rules(
    project: Project,
    config: Config,
    platforms: Sequence[str],
    resolver_for: Callable[[str], Resolver],
) -> tuple[RuleResult, ...]:
    """Every configured rule on every platform, sorted by id then platform."""
    if not config.forbid_reaches:
        return ()
    results: list[RuleResult] = []
    # Rules walk through trusted project code (trust is about capabilities, not the call graph): only the
    # frontier is judged by the policy, as the claims judge it.
    policy = Policy(tuple(config.trusted), config.external)
    for platform in dict.fromkeys(platforms):
        resolver = resolver_for(platform)
        for rule in config.forbid_reaches:
            results.append(_check(resolver, policy, config, rule, platform))
    results.sort(key=lambda r: (r.id, r.platform))
    return tuple(results)


def _names_something(project: Project, name: str) -> bool:
    """Does `name` denote (or contain) a module, class or function of the project, on any platform?

    Only the modules on the name's own dotted line are opened, so facts stay loaded on demand.
    """
    for module_name in project.index.modules:
        if under(module_name, name):
            return True
        if not under(name, module_name):
            continue
        module = project.modules[module_name]
        qualnames = [f.qualname for f in module.facts.functions] + [c.qualname for c in module.facts.classes]
        if any(under(f"{module_name}.{qualname}", name) for qualname in qualnames):
            return True
    return False


def _in_project_namespace(project: Project, name: str) -> bool:
    return name.split(".")[0] in project.index.top_levels()


def _usage(rule: ForbidRule, platform: str, config: Config, reach: str, reason: str, hint: str) -> RuleResult:
    entry = FrontierEntry(reach, config.file_rel(), rule.line, (), reason, hint)
    return RuleResult(rule.id, rule.source, rule.target, platform, "unevaluable", (), (entry,), rule.line)


def _check(resolver: Resolver, policy: Policy, config: Config, rule: ForbidRule, platform: str) -> RuleResult:
    project = resolver.project
    source, target = rule.source, rule.target
    fix = f"fix the rule {rule.id!r} in [[tool.claims.forbid-reaches]]"
    if not _names_something(project, source):
        return _usage(
            rule,
            platform,
            config,
            source,
            f"from = {source!r} names no module, class or function of the project",
            fix,
        )
    if _in_project_namespace(project, target) and not _names_something(project, target):
        return _usage(
            rule,
            platform,
            config,
            target,
            f"to = {target!r} names no module, class or function of the project",
            fix,
        )
    if under(source, target):
        return _usage(
            rule,
            platform,
            config,
            source,
            f"from = {source!r} lies inside to = {target!r}: every function it names is a target",
            fix,
        )

    starts: list[tuple[str, Node]] = []
    for module_name in sorted(project.index.modules):
        if not (under(module_name, source) or under(source, module_name)):
            continue
        module = project.modules[module_name]
        for index, func in live_functions(resolver, module):
            name = f"{module_name}.{func.qualname}"
            if under(name, source) and not under(name, target):
                starts.append((name, (module_name, index)))
    starts.sort()

    frontier: dict[tuple[str, str, int, str], FrontierEntry] = {}
    blind: dict[tuple[str, int, str], BlindSpot] = {}
    hit: list[tuple[str, ...]] = []

    def step(node: Node, path: tuple[str, ...]) -> Iterable[tuple[str, Node]] | None:
        rel = project.index.modules[node[0]].rel
        summary = resolver.summary(node)
        hits = [name for name in summary.names if under(name, target)]
        hits.extend(edge.name for edge in summary.edges if under(edge.name, target))
        hits.extend(reach.reach for reach in summary.reaches if under(reach.reach, target))
        if hits:
            hit.append((*path, min(hits)))
            return None
        for entry in policy.judge(summary).frontier:
            key = (rel, entry.reach, entry.line, entry.reason)
            if key not in frontier:
                frontier[key] = FrontierEntry(entry.reach, rel, entry.line, path, entry.reason, entry.hint)
        for spot in summary.blind:  # trusted code is walked by rules, so its blind spots count too
            blind.setdefault((rel, spot.line, spot.code), BlindSpot(rel, spot.line, spot.code, path))
        return sorted({(edge.name, edge.target) for edge in summary.edges})

    overflow = breadth_first([(node, (name,)) for name, node in starts], step, config.max_walk)
    spots = tuple(sorted(blind.values(), key=lambda b: (b.file, b.line, b.code)))
    if hit:
        return RuleResult(rule.id, source, target, platform, "violated", hit[0], (), rule.line, spots)
    if overflow is not None:
        entry = capacity_entry(resolver, overflow, config.max_walk)
        frontier[(entry.file, entry.reach, entry.line, "")] = entry
    if config.dynamic_calls == "unevaluable":
        for spot in spots:  # a dynamic invocation taints the rule as it taints a claim (SPEC §5, §12)
            entry = FrontierEntry(spot.code, spot.file, spot.line, spot.via, BLIND_REASON, BLIND_HINT)
            frontier.setdefault((entry.file, entry.reach, entry.line, entry.reason), entry)
    if frontier:
        ordered = tuple(sorted(frontier.values(), key=frontier_key))
        return RuleResult(rule.id, source, target, platform, "unevaluable", (), ordered, rule.line, spots)
    return RuleResult(rule.id, source, target, platform, "held", (), (), rule.line, spots)
