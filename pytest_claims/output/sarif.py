"""The SARIF 2.1.0 report (semantics §11): the engine's result and the rule verdicts as one SARIF log.

Built in parts, one small function each: the results for violated claims, for unevaluable claims and for
rules (with their related locations and fingerprints), the rule descriptors of the driver, and the run that
holds them. Like every report it is a pure function of the result: the same inputs give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from pytest_claims.output.common import details_of, dumps, frontier_sort_key, posix
from pytest_claims.output.messages import frontier_line, rule_failure_text, violation_line
from pytest_claims.records import FrontierEntry, RuleResult
from pytest_claims.vocabulary import UNCHECKED_CLAIMS

if TYPE_CHECKING:
    from pytest_claims.config import Config
    from pytest_claims.engine import Result
    from pytest_claims.records import ClaimResult

__all__ = ["SARIF_SCHEMA_URI", "automation_id", "repository_root", "sarif_report", "sarif_report_many"]

SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
"""The OASIS SARIF 2.1.0 (errata 01) schema; a copy ships as `data/sarif-2.1.0.schema.json`."""

_BUILTIN_DESCRIPTIONS = {
    "deterministic": "Same inputs, same result, in every run and on every machine: no clock, randomness, "
    "environment, host or interpreter state, file system, network, processes, threads or dynamic code.",
    "sandboxed": "Touches files and processes only through a declared trust boundary (the project's sandbox).",
    "idempotent": "Calling twice has the effect of calling once: asserted by the author, never checked.",
}
_UNEVALUABLE_RULE = "claims/unevaluable"
_CLAIM_HELP = (
    "The function, or a helper it reaches through the chain shown, touches a capability the claim forbids. "
    "Remove the reach from that path, move it behind a trust boundary ([tool.claims] trusted-for), or, when it "
    "is acceptable for this claim, list it in [tool.claims.allow]."
)
_UNEVALUABLE_HELP = (
    "Add the line each frontier entry names to [tool.claims] (follow a third-party package, trust a name, or "
    "raise max-walk), or give the value a type where the entry is a blind spot."
)
_RULE_HELP = (
    "Break the path shown (each hop names the call that takes the next step), or change the rule in "
    "[[tool.claims.forbid-reaches]] if the architecture changed."
)
_FORBID_PREFIX = "forbid-reaches/"
_FINGERPRINT = "pytestClaims/v1"
_REACH_VERBS = {"call": "calls", "reference": "references", "read": "reads"}
_T = TypeVar("_T")
_Json = dict[str, Any]


# ----------------------------------------------------------------------------------------------------------
# Locations, fingerprints, grouping


def _location(uri: str, line: int, message: str | None = None, ident: int | None = None) -> _Json:
    physical: _Json = {"artifactLocation": {"uri": quote(uri, safe="/"), "uriBaseId": "%SRCROOT%"}}
    if line > 0:
        physical["region"] = {"startLine": line}
    location: _Json = {"physicalLocation": physical}
    if message is not None:
        location["message"] = {"text": message}
    if ident is not None:
        location["id"] = ident
    return location


def repository_root(project_root: Path) -> Path:
    """The nearest directory at or above the project root holding `.git` (a directory, or the file of a
    worktree or submodule), else the project root: code scanning resolves `%SRCROOT%` to the repository's
    checkout, so a monorepo's project under `pkgs/a` must say `pkgs/a/...` for its alerts to land."""
    for directory in (project_root, *project_root.parents):
        if (directory / ".git").exists():
            return directory
    return project_root


def _uri_prefix(project_root: Path, repository: Path) -> str:
    """The project root relative to the repository root, `""` or ending in `/`."""
    try:
        inside = project_root.relative_to(repository).as_posix()
    except ValueError:
        return ""
    return "" if inside == "." else inside + "/"


def _fingerprint(*parts: object) -> _Json:
    """The `partialFingerprints` of a result: a digest of what identifies the finding, not of where it is."""
    text = "\x1f".join(json.dumps(p, sort_keys=True, ensure_ascii=False) for p in parts)
    return {_FINGERPRINT: hashlib.sha256(text.encode()).hexdigest()}


def _group(items: Iterable[tuple[Hashable, _T, str]]) -> list[tuple[_T, list[str]]]:
    """Identical findings on several platforms become one SARIF result that lists its platforms."""
    groups: dict[Hashable, tuple[_T, list[str]]] = {}
    for key, sample, platform in items:
        group = groups.setdefault(key, (sample, []))
        if platform not in group[1]:
            group[1].append(platform)
    return [(sample, sorted(platforms)) for sample, platforms in groups.values()]


@dataclass(frozen=True, slots=True)
class _Places:
    """Where results point: report paths under the project root (`defined`: where each project name is
    defined, project-relative), written as URIs relative to the repository root by `prefix`."""

    root: Path
    prefix: str
    defined: Mapping[str, tuple[str, int]]

    def at(self, file: str, line: int, message: str | None = None, ident: int | None = None) -> _Json:
        path = posix(file, self.root)
        absolute = path.startswith("/") or PureWindowsPath(path).drive
        return _location(path if absolute else self.prefix + path, line, message, ident)

    def definition(self, name: str, message: str | None = None, ident: int | None = None) -> _Json | None:
        where = self.defined.get(name)
        return None if where is None else self.at(where[0], where[1], message, ident)

    def related(self, names: Sequence[str], label: str, start: int) -> list[_Json]:
        """The definitions of a chain's names that the project holds, numbered from `start`."""
        out = []
        for offset, name in enumerate(names):
            location = self.definition(name, f"{label} {offset + 1}: {name}", start + offset)
            if location is not None:
                out.append(location)
        return out

    def frontier(self, entries: Sequence[FrontierEntry]) -> list[_Json]:
        """One related location per frontier entry, with the configuration line that resolves it."""
        return [
            self.at(e.file, e.line, f"{frontier_line(e)} (resolve with: {e.hint})", i) for i, e in enumerate(entries)
        ]


# ----------------------------------------------------------------------------------------------------------
# Results


def _violation_results(claims: Sequence[ClaimResult], places: _Places) -> list[_Json]:
    """One error per violation, merged across the platforms it shows on."""
    found = []
    violations = _group(
        ((claim.function, claim.file, claim.line, v), (claim, v), claim.platform)
        for claim in claims
        for v in claim.violations
    )
    for (claim, v), platforms in violations:
        function = claim.function
        extra = [places.at(v.file, v.line, f"{_REACH_VERBS[v.kind]} {v.reach} here", 0)]
        extra += places.related(v.via, "hop", 1)
        found.append(
            {
                "ruleId": v.claim,
                "level": "error",
                "message": {"text": violation_line(function, v)},
                "locations": [places.at(claim.file, claim.line)],
                "relatedLocations": extra,
                "partialFingerprints": _fingerprint(function, v.claim, v.kind, v.reach, v.via),
                "properties": {"function": function, "kind": v.kind, "reach": v.reach, "platforms": platforms},
            }
        )
    return found


def _unevaluable_results(claims: Sequence[ClaimResult], places: _Places) -> list[_Json]:
    """One warning per unevaluable claim, its frontier as related locations."""
    found = []
    unevaluable = _group(
        ((claim.function, claim.file, claim.line, claim.claims, claim.frontier), claim, claim.platform)
        for claim in claims
        if claim.status == "unevaluable"
    )
    for claim, platforms in unevaluable:
        entries = sorted(claim.frontier, key=frontier_sort_key)
        head = (
            f"{claim.function} claims {', '.join(claim.claims)} but is unevaluable: "
            "the walk reached code it cannot see into"
        )
        found.append(
            {
                "ruleId": _UNEVALUABLE_RULE,
                "level": "warning",
                "message": {"text": f"{head}: " + "; ".join(frontier_line(e) for e in entries)},
                "locations": [places.at(claim.file, claim.line)],
                "relatedLocations": places.frontier(entries),
                "partialFingerprints": _fingerprint(claim.function, "unevaluable", list(claim.claims)),
                "properties": {"function": claim.function, "platforms": platforms},
            }
        )
    return found


def _rule_result(rule: RuleResult, platforms: list[str], places: _Places, config_file: str) -> _Json:
    """An error for a violated rule (the path's steps related), a warning for an unevaluable one (its frontier)."""
    if rule.status == "violated":
        primary = places.definition(rule.path[0]) or places.at(config_file, rule.line)
        declared = places.at(config_file, rule.line, f"the rule {rule.id} is declared here", 0)
        extra = [declared, *places.related(rule.path[1:], "step", 1)]
        level, text = "error", rule_failure_text(rule)
    else:
        entries = sorted(rule.frontier, key=frontier_sort_key)
        primary = places.at(config_file, rule.line)
        extra = places.frontier(entries)
        level = "warning"
        text = rule_failure_text(rule).splitlines()[0] + " " + "; ".join(frontier_line(e) for e in entries)
    return {
        "ruleId": _FORBID_PREFIX + rule.id,
        "level": level,
        "message": {"text": text},
        "locations": [primary],
        "relatedLocations": extra,
        "partialFingerprints": _fingerprint("forbid-reaches", rule.id, rule.status, list(rule.path)),
        "properties": {"platforms": platforms},
    }


def _rule_results(rules: Sequence[RuleResult], places: _Places, config_file: str) -> list[_Json]:
    findings = _group(
        ((rule.id, rule.status, rule.path, rule.frontier), rule, rule.platform)
        for rule in rules
        if rule.status in ("violated", "unevaluable")
    )
    return [_rule_result(rule, platforms, places, config_file) for rule, platforms in findings]


# ----------------------------------------------------------------------------------------------------------
# Rule descriptors (tool.driver.rules)


def _claim_description(name: str, config: Config) -> str:
    if name in _BUILTIN_DESCRIPTIONS:
        return _BUILTIN_DESCRIPTIONS[name]
    custom = config.define.get(name)
    if custom is None:
        return f"The claim {name}."
    forbids = []
    if custom.categories:
        forbids.append(f"the categories {', '.join(sorted(custom.categories))}")
    if custom.deny:
        forbids.append(f"the names {', '.join(custom.deny)}")
    return f"Custom claim: reaches none of {' and '.join(forbids)}."


def _claim_descriptors(names: Iterable[str], config: Config) -> list[_Json]:
    return [
        {
            "id": name,
            "name": name,
            "shortDescription": {"text": f"claims {name}"},
            "fullDescription": {"text": _claim_description(name, config)},
            "help": {"text": _CLAIM_HELP},
            "defaultConfiguration": {"level": "note" if name in UNCHECKED_CLAIMS else "error"},
        }
        for name in sorted(names)
    ]


def _unevaluable_descriptor() -> _Json:
    return {
        "id": _UNEVALUABLE_RULE,
        "name": "unevaluable",
        "shortDescription": {"text": "claim unevaluable"},
        "fullDescription": {
            "text": "The static walk reached code it cannot see into (third-party code, unresolved "
            "names, the max-walk bound) and found no definite violation."
        },
        "help": {"text": _UNEVALUABLE_HELP},
        "defaultConfiguration": {"level": "warning"},
    }


def _rule_descriptors(rules: Sequence[RuleResult]) -> list[_Json]:
    """One descriptor per forbid-reaches rule, whatever its verdicts."""
    used: dict[str, RuleResult] = {}
    for rule in rules:
        used.setdefault(rule.id, rule)
    return [
        {
            "id": _FORBID_PREFIX + rule_id,
            "name": "forbid-reaches",
            "shortDescription": {"text": f"forbid-reaches {rule_id}"},
            "fullDescription": {"text": f"{used[rule_id].source} must never reach {used[rule_id].target}."},
            "help": {"text": _RULE_HELP},
            "defaultConfiguration": {"level": "error"},
        }
        for rule_id in sorted(used)
    ]


def _descriptors(result: Result, rules: Sequence[RuleResult], found: Sequence[_Json]) -> list[_Json]:
    """Every claim used or reported, the unevaluable rule when reported, every forbid-reaches rule; by id."""
    used_claims = {c for claim in result.claims for c in claim.claims}
    reported = {r["ruleId"] for r in found if "/" not in r["ruleId"]}
    descriptors = _claim_descriptors(used_claims | reported, result.config)
    if any(r["ruleId"] == _UNEVALUABLE_RULE for r in found):
        descriptors.append(_unevaluable_descriptor())
    descriptors += _rule_descriptors(rules)
    descriptors.sort(key=lambda d: str(d["id"]))
    return descriptors


# ----------------------------------------------------------------------------------------------------------
# The log


def _result_key(item: _Json) -> tuple[str, int, str, str]:
    physical = item["locations"][0]["physicalLocation"]
    line = physical.get("region", {}).get("startLine", 0)
    return (physical["artifactLocation"]["uri"], line, item["ruleId"], item["message"]["text"])


def automation_id(prefix: str, platforms: Iterable[str]) -> str:
    """`pytest-claims/<project path from the repository root>/<platforms>/`: code scanning replaces the alerts
    of an earlier upload with the same id (its category), so two projects of one repository, or one project's
    legs per target set, each keep their own; a project at the repository root has no path part."""
    return f"pytest-claims/{prefix}{'+'.join(sorted(set(platforms)))}/"


def _run(result: Result, version: str, descriptors: list[_Json], found: list[_Json], prefix: str) -> _Json:
    return {
        "tool": {
            "driver": {"name": "pytest-claims", "version": version, "semanticVersion": version, "rules": descriptors}
        },
        "originalUriBaseIds": {
            "%SRCROOT%": {
                "description": {
                    "text": "The repository root: the nearest directory at or above the project root (the "
                    "directory of pyproject.toml) holding .git, else the project root."
                }
            }
        },
        "automationDetails": {"id": automation_id(prefix, result.platforms)},
        "columnKind": "unicodeCodePoints",
        "results": found,
    }


def _site_key(item: _Json) -> tuple[str, int, str, str]:
    """A result's first related location (a violation's reach site), then what `_result_key` orders by."""
    related = item["relatedLocations"]
    physical: _Json = related[0]["physicalLocation"] if related else {"artifactLocation": {"uri": ""}}
    line: int = physical.get("region", {}).get("startLine", 0)
    _, _, rule, text = _result_key(item)
    return (str(physical["artifactLocation"]["uri"]), line, rule, text)


def _number_repeats(found: Sequence[_Json]) -> None:
    """Results sharing a fingerprint (one function reaching the same name from two places) get their ordinal
    mixed in, the first keeping the plain one: the order of their sites, not their lines, tells them apart."""
    seen: dict[str, int] = {}
    for item in sorted(found, key=_site_key):
        digest = item["partialFingerprints"][_FINGERPRINT]
        count = seen.get(digest, 0)
        seen[digest] = count + 1
        if count:
            item["partialFingerprints"] = _fingerprint(digest, count)


def _package_version() -> str:
    from pytest_claims import __version__

    return __version__


def sarif_report(
    result: Result, rules: Sequence[RuleResult], plugin_version: str | None = None, repository: Path | None = None
) -> str:
    """SARIF 2.1.0: one result per violation (merged across platforms) on the claiming `def` line, the reach
    and the hops related; warnings for unevaluable claims and rules, errors for violated rules; URIs relative
    to `%SRCROOT%`, the repository root (`repository`, found from the project root when not given)."""
    run = _sarif_run(result, rules, plugin_version, repository)
    return dumps({"$schema": SARIF_SCHEMA_URI, "version": "2.1.0", "runs": [run]})


def sarif_report_many(results: Sequence[Result], base: Path, plugin_version: str | None = None) -> str:
    """The SARIF log of a run over several projects: one run per project, each with its own
    `automationDetails.id` (two projects of one repository must not replace each other's alerts). Each project's
    URIs are relative to its repository root; a project in no repository is placed from `base`, the directory
    the run's projects share (or, when one lies outside it, their common directory), so ids still differ."""
    roots = [result.config.root for result in results]
    try:
        common = Path(os.path.commonpath([str(root) for root in roots]))
    except ValueError:  # another drive (Windows)
        common = base
    shared = base if all(root == base or base in root.parents for root in roots) else common
    runs = []
    for result in sorted(results, key=lambda r: str(r.config.root)):
        root = result.config.root
        repository = repository_root(root)
        if repository == root and not (root / ".git").exists():
            repository = shared
        runs.append(_sarif_run(result, result.rules, plugin_version, repository))
    return dumps({"$schema": SARIF_SCHEMA_URI, "version": "2.1.0", "runs": runs})


def _sarif_run(
    result: Result, rules: Sequence[RuleResult], plugin_version: str | None, repository: Path | None
) -> _Json:
    """One project's run of the log (`sarif_report`)."""
    root = result.config.root
    prefix = _uri_prefix(root, repository_root(root) if repository is None else repository)
    defined = {d.name: (posix(d.file, root), d.line) for d in details_of(result).definitions}
    places = _Places(root, prefix, defined)
    found = _violation_results(result.claims, places)
    found += _unevaluable_results(result.claims, places)
    found += _rule_results(rules, places, result.config.file_rel())
    descriptors = _descriptors(result, rules, found)
    index_of = {str(d["id"]): i for i, d in enumerate(descriptors)}
    for item in found:
        item["ruleIndex"] = index_of[item["ruleId"]]
    found.sort(key=_result_key)
    _number_repeats(found)
    version = plugin_version or _package_version()
    return _run(result, version, descriptors, found, prefix)
