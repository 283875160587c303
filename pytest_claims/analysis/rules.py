"""Architecture rules (`[[tool.claims.forbid-reaches]]`, SPEC §12): `from` must never reach `to`.

A rule is checked per target platform over the same resolved call graph as the claims (the caller hands in
a memoised `resolver_for`, so every function is resolved once per platform whatever the number of claims and
rules). The walk is a breadth-first search from every live project function named by `from`, with the
sources and each function's callees in sorted order. Breadth-first makes the first path found a shortest one;
sorted order makes it, among the shortest, the smallest by names compared hop by hop, so the same input
always gives the same witness. Iterative; `max-walk` bounds it, and an overflow is unevaluable, never held.

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

A `from` or `to` that names nothing in the project, or a `from` lying inside `to`, is reported as an
unevaluable rule whose frontier says so (on every platform), rather than as a usage error: it fails loudly
where the rule is shown, without stopping the claims of the run.
"""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pytest_claims.analysis.catalog import load_catalogue
from pytest_claims.analysis.conditions import Target
from pytest_claims.analysis.project import Project
from pytest_claims.analysis.resolve import Resolver, live_functions
from pytest_claims.analysis.stubs import stubs_for
from pytest_claims.config import Config, ForbidRule
from pytest_claims.dotted import under
from pytest_claims.output.messages import frontier_line
from pytest_claims.records import FrontierEntry, RuleResult, StubSymbol

__all__ = [
    "RuleResult",
    "check_rule",
    "check_rules",
    "resolver_factory",
    "rule_failure_text",
    "rule_item_name",
]

_CONSTRUCTORS = ("__init__", "__new__", "__post_init__")

Node = tuple[str, int]
"""A project function: (module name, index into its FileFacts.functions)."""


# claims: deterministic
def rule_item_name(rule: RuleResult) -> str:
    """The item name under the config file: `forbid-reaches[<id>][<platform>]`."""
    return f"forbid-reaches[{rule.id}][{rule.platform}]"


# claims: deterministic
def rule_failure_text(rule: RuleResult, source_line: Callable[[str, int], str] | None = None) -> str:
    """The text of a failed rule item: the path, or the frontier with the config line resolving each entry."""
    head = f"forbid-reaches[{rule.id}]: {rule.source} must never reach {rule.target}"
    if rule.status == "violated":
        return f"{head}, but {rule.path[0]} reaches {rule.path[-1]}: {' -> '.join(rule.path)}"
    if rule.status == "held":
        return f"{head}: held"
    out = [f"{head}, but the rule is unevaluable:"]
    for entry in rule.frontier:
        out.append(f"  {frontier_line(entry)}")
        if source_line is not None and entry.line > 0:
            text = source_line(entry.file, entry.line).strip()
            if text:
                out.append(f"    {text}")
        out.append(f"    resolve with: {entry.hint}")
    return "\n".join(out)


# ----------------------------------------------------------------------------------------------------------
# What one function touches, beyond what the claim summaries keep


@dataclass(frozen=True, slots=True)
class _Scan:
    names: tuple[str, ...]
    """Dotted names the body calls or uses as values: project, stdlib (canonical) and third-party, sorted."""
    edges: tuple[tuple[str, Node], ...]
    """Project functions the body enters, trusted ones included, sorted by name."""


class _Graph:
    """Rule-side view of one platform: the shared resolver plus what each function touches.

    The claim summaries leave out what no claim cares about (non-capability stdlib, trusted functions,
    classes without a project constructor), but a rule may name exactly those, and trust is a capability
    assertion, not a hole in the call graph. So rules resolve each walked function's uses once more:
    memoised here, per platform, shared by every rule.
    """

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self._scans: dict[Node, _Scan] = {}

    def scan(self, node: Node) -> _Scan:
        cached = self._scans.get(node)
        if cached is None:
            names: set[str] = set()
            edges: set[tuple[str, Node]] = set()
            resolver = self.resolver
            module = resolver.project.modules[node[0]]
            func = module.facts.functions[node[1]]
            for chain, ctx, _line, guard in func.uses:
                if ctx not in ("call", "ref") or not resolver.alive(module, guard):
                    continue
                for sym in resolver.resolve_use(module, func, chain):
                    self._touch(sym, ctx, names, edges)
            edges.update((edge.name, edge.target) for edge in resolver.summary(node).edges)
            cached = _Scan(tuple(sorted(names)), tuple(sorted(edges)))
            self._scans[node] = cached
        return cached

    def _touch(self, sym: tuple[object, ...], ctx: str, names: set[str], edges: set[tuple[str, Node]]) -> None:
        resolver = self.resolver
        tag = sym[0]
        if tag == "pfunc":
            node = (str(sym[1]), _index(sym[2]))
            name = resolver.function_name(*node)
            names.add(name)
            edges.add((name, node))
        elif tag in ("pclass", "pinst") and ctx == "call":
            entered = False
            for attr in _CONSTRUCTORS if tag == "pclass" else ("__call__",):
                for target in resolver.class_member(sym, attr, 1):
                    if target[0] == "pfunc":
                        entered = True
                        self._touch(target, ctx, names, edges)
            if not entered and tag == "pclass":
                module_name = str(sym[1])
                qualname = resolver.project.modules[module_name].facts.classes[_index(sym[2])].qualname
                names.add(f"{module_name}.{qualname}")
        elif tag == "std":
            symbol = sym[2]
            if not isinstance(symbol, StubSymbol):
                return
            # functions, members the target's stubs lack (as the claims treat them), constructed classes
            if symbol.kind in ("function", "missing") or (symbol.kind == "class" and not symbol.is_exception):
                names.add(resolver.catalogue.normalize(str(sym[1])))
        elif tag == "ext":
            names.add(str(sym[1]))


def _index(value: object) -> int:
    if not isinstance(value, int):
        raise TypeError(f"a function or class index was expected, got {value!r}")
    return value


# ----------------------------------------------------------------------------------------------------------
# Checking


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
    for platform in dict.fromkeys(platforms):
        graph = _Graph(resolver_for(platform))
        for rule in config.forbid_reaches:
            results.append(_check(graph, config, rule, platform))
    results.sort(key=lambda r: (r.id, r.platform))
    return tuple(results)


def resolver_factory(
    project: Project, config: Config, version: tuple[int, int] | None = None
) -> Callable[[str], Resolver]:
    """One `Resolver` per platform, made on first use and then kept, so that claims and rules walking the
    same platform share its memoised summaries (the engine's `resolver_for`)."""
    catalogue = load_catalogue()
    python = version or (sys.version_info[0], sys.version_info[1])
    made: dict[str, Resolver] = {}

    def resolver_for(platform: str) -> Resolver:
        resolver = made.get(platform)
        if resolver is None:
            stubs = stubs_for(platform, python)
            target = Target(platform, stubs.version, stubs.module_has)
            resolver = made[platform] = Resolver(project, config, catalogue, stubs, target)
        return resolver

    return resolver_for


def check_rule(resolver: Resolver, config: Config, rule: ForbidRule, platform: str) -> RuleResult:
    """One rule on one platform (a fresh rule-side cache: prefer `check_rules` for many rules)."""
    return _check(_Graph(resolver), config, rule, platform)


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


def _check(graph: _Graph, config: Config, rule: ForbidRule, platform: str) -> RuleResult:
    resolver = graph.resolver
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

    path_of: dict[Node, tuple[str, ...]] = {}
    queue: deque[Node] = deque()
    for name, node in starts:
        if node not in path_of:
            path_of[node] = (name,)
            queue.append(node)
    frontier: dict[tuple[str, str, int, str], FrontierEntry] = {}
    visited = 0
    while queue:
        current = queue.popleft()
        visited += 1
        module = project.modules[current[0]]
        path = path_of[current]
        if visited > config.max_walk:
            line = module.facts.functions[current[1]].line
            frontier[("<capacity>", module.rel, line, "")] = FrontierEntry(
                "<capacity>",
                module.rel,
                line,
                path,
                f"the walk visited more than max-walk = {config.max_walk} functions",
                f"max-walk = {config.max_walk * 4}",
            )
            break
        summary = resolver.summary(current)
        scan = graph.scan(current)
        hits = [name for name in scan.names if under(name, target)]
        hits.extend(name for name, _ in scan.edges if under(name, target))
        hits.extend(reach.reach for reach in summary.reaches if under(reach.reach, target))
        if hits:
            return RuleResult(rule.id, source, target, platform, "violated", (*path, min(hits)), (), rule.line)
        for entry in summary.frontier:
            key = (module.rel, entry.reach, entry.line, entry.reason)
            if key not in frontier:
                frontier[key] = FrontierEntry(entry.reach, module.rel, entry.line, path, entry.reason, entry.hint)
        for name, node in scan.edges:
            if node not in path_of:
                path_of[node] = (*path, name)
                queue.append(node)
    if frontier:
        ordered = tuple(sorted(frontier.values(), key=lambda f: (f.file, f.line, f.reach, f.reason)))
        return RuleResult(rule.id, source, target, platform, "unevaluable", (), ordered, rule.line)
    return RuleResult(rule.id, source, target, platform, "held", (), (), rule.line)
