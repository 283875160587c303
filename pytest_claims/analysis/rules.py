"""Architecture rules (`[[tool.claims.forbid-reaches]]`, semantics §12): `from` must never reach `to`.

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
Blind spots (calls the walk cannot follow, semantics §5) are recorded as for claims; under `dynamic-calls =
"unevaluable"` a rule with no path and a blind spot is unevaluable, the blind spots its frontier (semantics §12).

A `from` or `to` that names nothing in the project, or a `from` lying inside `to`, is reported as an
unevaluable rule whose frontier says so (on every platform), rather than as a usage error: it fails loudly
where the rule is shown, without stopping the claims of the run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from pytest_claims.analysis.check import Findings
from pytest_claims.analysis.failures import AnalysisError, at, met
from pytest_claims.analysis.policy import Policy
from pytest_claims.analysis.project import Project
from pytest_claims.analysis.resolve import Resolver, live_functions
from pytest_claims.analysis.walk import Via, breadth_first
from pytest_claims.config import Config, ForbidRule
from pytest_claims.dotted import under
from pytest_claims.records import FrontierEntry, Node, RuleResult, blind_spots


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
            try:
                results.append(_check(resolver, policy, config, rule, platform))
            except Exception as error:  # a defect met on the rule's walk: the rule is named, never a traceback
                if isinstance(error, AnalysisError):
                    error.within = error.within or f"the forbid-reaches rule {rule.id!r} on {platform}"
                    raise
                where = at(config.file_rel(), rule.line)
                raise met(where, f"checking the forbid-reaches rule {rule.id!r} on {platform}", error) from error
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
    misnamed = _misnamed(project, rule)
    if misnamed is not None:
        reach, reason = misnamed
        return _usage(
            rule, platform, config, reach, reason, f"fix the rule {rule.id!r} in [[tool.claims.forbid-reaches]]"
        )
    findings = Findings()
    hit: list[tuple[tuple[str, ...], list[Node]]] = []

    def step(node: Node, via: Via) -> Iterable[tuple[str, Node]] | None:
        summary = resolver.summary_for(node)
        hits = [name for name in summary.names if under(name, target)]
        hits.extend(edge.name for edge in summary.edges if under(edge.name, target))
        hits.extend(reach.reach for reach in summary.reaches if under(reach.reach, target))
        if hits:
            hit.append(((*via.names(), min(hits)), via.nodes()))
            return None
        # trusted code is walked by rules, so its blind spots count too; its frontier is judged as for claims
        blind = resolver.leads.settle(summary.blind)[0]
        findings.meet(project.index.modules[node.module].rel, policy.judge(summary).frontier, blind, via)
        entered = {(edge.name, Node(*edge.target, edge.receiver, edge.args)) for edge in summary.edges}
        return sorted(entered, key=_by_name)

    starts = [(node, (name,)) for name, node in _sources(resolver, rule)]
    overflow = breadth_first(starts, step, config.max_walk, resolver.join)
    if not hit:
        findings.overflowed(resolver, overflow, config.max_walk)
    front, found = findings.close(config.dynamic_calls, bool(hit))
    spots = blind_spots(found)
    if hit:
        path, nodes = hit[0]
        steps = _steps(resolver, target, path, nodes)
        return RuleResult(rule.id, source, target, platform, "violated", path, (), rule.line, spots, steps)
    status = "unevaluable" if front else "held"
    return RuleResult(rule.id, source, target, platform, status, (), front, rule.line, spots)


def _steps(resolver: Resolver, target: str, path: tuple[str, ...], nodes: list[Node]) -> tuple[tuple[str, int], ...]:
    """For each function of a violated path but the last: (file, line) of its call or reference taking the next
    step, the first such line in the body (semantics §12). Computed from the same memoised summaries as the walk."""
    out: list[tuple[str, int]] = []
    for i in range(len(path) - 1):
        node = nodes[i]
        summary = resolver.summary_for(node)
        following, last = path[i + 1], i == len(path) - 2
        if last:
            lines = [e.line for e in summary.edges if e.name == following and under(e.name, target)]
            lines += [r.line for r in summary.reaches if r.reach == following and not r.module]
        else:
            after = nodes[i + 1] if i + 1 < len(nodes) else None
            lines = [
                e.line
                for e in summary.edges
                if e.name == following and (after is None or e.target == after.key)
            ]
        module = resolver.project.modules[node.module]
        # a name the body uses without a recorded line (a project class with no constructor to enter, a plain
        # stdlib or third-party name): the function's `def` line, so the hop still opens where to look
        where = min((n for n in lines if n > 0), default=module.facts.functions[node.function_index].line)
        out.append((resolver.project.index.modules[node.module].rel, where))
    return tuple(out)


def _misnamed(project: Project, rule: ForbidRule) -> tuple[str, str] | None:
    """A rule that cannot mean anything: (the name at fault, why), or None."""
    source, target = rule.source, rule.target
    if not _names_something(project, source):
        return source, f"from = {source!r} names no module, class or function of the project"
    if _in_project_namespace(project, target) and not _names_something(project, target):
        return target, f"to = {target!r} names no module, class or function of the project"
    if under(source, target):
        return source, f"from = {source!r} lies inside to = {target!r}: every function it names is a target"
    return None


def _sources(resolver: Resolver, rule: ForbidRule) -> list[tuple[str, Node]]:
    """Every live project function `from` names (and `to` does not), sorted by name."""
    project = resolver.project
    starts: list[tuple[str, Node]] = []
    for module_name in sorted(project.index.modules):
        if not (under(module_name, rule.source) or under(rule.source, module_name)):
            continue
        module = project.modules[module_name]
        for index, func in live_functions(resolver, module):
            name = f"{module_name}.{func.qualname}"
            if func.kind != "state" and under(name, rule.source) and not under(name, rule.target):
                starts.append((name, Node(module_name, index)))
    starts.sort()
    return starts


def _by_name(step: tuple[str, Node]) -> tuple[str, str, int, tuple[str, int] | tuple[()], tuple[object, ...]]:
    """Neighbours by name, then function, then receiver (the function's own class first), then arguments."""
    name, (module, index, receiver, args) = step
    return name, module, index, receiver or (), args
