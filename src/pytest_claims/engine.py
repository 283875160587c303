"""The library entry point: a project root and targets in, verdicts out. No pytest needed.

    from pytest_claims.engine import check
    result = check(Path("."), platforms=["linux", "win32"])
    for claim in result.claims:
        print(claim.function, claim.platform, claim.status)

Load once (index -> facts, one parse per file), then evaluate every target over the same facts.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pytest_claims.catalog import load_catalogue
from pytest_claims.check import FrontierEntry, Violation, walk
from pytest_claims.conditions import Target
from pytest_claims.config import Config, load_config
from pytest_claims.directives import Claimed, DirectiveError, read_directives
from pytest_claims.index import build_index
from pytest_claims.project import FactsSource, Project, load_project, read_facts
from pytest_claims.resolve import Resolver
from pytest_claims.stubs import stubs_for


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """The verdict of one claiming function on one platform."""

    function: str
    module: str
    qualname: str
    file: str
    line: int
    claims: tuple[str, ...]
    platform: str
    status: str
    violations: tuple[Violation, ...]
    frontier: tuple[FrontierEntry, ...]


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


def host_version() -> tuple[int, int]:
    return (sys.version_info[0], sys.version_info[1])


def target_for(platform: str, version: tuple[int, int] | None = None) -> Target:
    stubs = stubs_for(platform, version or host_version())
    return Target(platform, stubs.version, stubs.module_has)


def load(config: Config, facts_of: FactsSource = read_facts) -> Project:
    index = build_index(config.root, config.packages, config.exclude, config.follow)
    return load_project(config.root, index, facts_of)


def resolve_platforms(config: Config, requested: Sequence[str] | None, sweep: bool = False) -> tuple[str, ...]:
    if requested:
        return tuple(dict.fromkeys(requested))
    if sweep:
        return tuple(config.platforms)
    if config.platform:
        return tuple(config.platform)
    return (sys.platform,)


def check(
    root: Path,
    platforms: Sequence[str] | None = None,
    config: Config | None = None,
    *,
    sweep: bool = False,
    project: Project | None = None,
) -> Result:
    """Verdicts for every claiming function under `root`, for each target platform (default: the host)."""
    config = config or load_config(root)
    targets = resolve_platforms(config, platforms, sweep)
    project = project or load(config)
    catalogue = load_catalogue()
    claimed: list[Claimed] = []
    errors: list[DirectiveError] = []
    problems: list[DirectiveError] = [DirectiveError(path, 0, message) for path, message in project.index.problems]
    for module in project.modules.values():
        for line, message in module.facts.problems:
            problems.append(DirectiveError(module.rel, line, message))
        if module.facts.directives:
            found, refused = read_directives(module, config)
            claimed.extend(found)
            errors.extend(refused)
    categories = config.claim_categories()
    deny = {claim: tuple(names) for claim, names in config.deny.items()}
    for name, custom in config.define.items():
        deny[name] = tuple(sorted({*deny.get(name, ()), *custom.deny}))
    allow = {claim: tuple(names) for claim, names in config.allow.items()}
    results: list[ClaimResult] = []
    for platform in targets:
        resolver = Resolver(project, config, catalogue, stubs_for(platform, host_version()), target_for(platform))
        for item in claimed:
            module = project.modules[item.module]
            func = module.facts.functions[item.index]
            if not resolver.alive(module, func.guard):
                continue
            verdict = walk(
                resolver,
                (item.module, item.index),
                {c: categories[c] for c in item.claims},
                deny,
                allow,
                config.max_walk,
            )
            results.append(
                ClaimResult(
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
                )
            )
    results.sort(key=lambda r: (r.file, r.line, r.qualname, r.platform))
    return Result(config, targets, tuple(results), tuple(sorted(errors, key=lambda e: (e.file, e.line))), tuple(problems), project)
