"""The three report formats (SPEC §11): the JSON report, the Markdown catalogue, and SARIF 2.1.0.

Every report is a pure function of the analysis result: no clock, no host name, no absolute path, no
dict or set iteration order leaks into it, so the same inputs give the same bytes in every run, under every
`PYTHONHASHSEED` and from every checkout directory. That is what lets a CI job diff two reports, or cache
on the `revision`, instead of re-reading them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

from pytest_claims.files import write_file
from pytest_claims.output.messages import frontier_line, rule_failure_text, violation_line
from pytest_claims.output.summary import count_sites
from pytest_claims.records import MAX_ALIAS_DEPTH, BlindSpot, Details, FrontierEntry, RuleResult, Violation
from pytest_claims.vocabulary import UNCHECKED_CLAIMS

if TYPE_CHECKING:
    from pytest_claims.config import Config
    from pytest_claims.engine import Result
    from pytest_claims.records import ClaimResult

__all__ = [
    "ALIAS_DEPTH",
    "NONCLAIMS",
    "REPORT_SCHEMA",
    "REPORT_SUFFIXES",
    "SARIF_SCHEMA_URI",
    "json_report",
    "markdown_catalogue",
    "report_format",
    "revision",
    "sarif_report",
    "write_report",
]

REPORT_SCHEMA = "pytest-claims.report.v2"
SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
"""The OASIS SARIF 2.1.0 (errata 01) schema; a copy ships as `data/sarif-2.1.0.schema.json`."""
ALIAS_DEPTH = MAX_ALIAS_DEPTH
"""The alias-depth bound in force (`limits` of the JSON report): alias, re-export and star-import chains longer
than this make a claim unevaluable, never held."""

NONCLAIMS: tuple[str, ...] = (
    "Calls on values whose type is not known statically (dynamic dispatch) are not followed. Types are known "
    "from self and cls (with the project's subclasses as overrides), super(), annotated parameters and class "
    "attributes, constructor results, return annotations, with ... as, for targets over annotated "
    "containers, literals and the stubs' own types; every other call site the walk meets is a blind spot, "
    "listed per claim in blind_spots.",
    "Callables passed in as arguments or fetched from containers and attributes are not followed where they "
    "are called (blind spots); a function stored in a module-level or class-level name is reached where that "
    "name is read, and a project function used as a value is followed where it is named.",
    "Implicit special-method calls on values of unknown type are not followed (the __hash__ of elements put in "
    "a set, a + b on untyped operands, iterating an untyped value); on a value of a known project class they "
    "are. Descriptors, metaclasses and __init_subclass__ hooks are not followed.",
    'Blind spots never make a claim violated: under dynamic-calls = "ignore" (the default) a claim or rule with '
    'blind spots still holds and the report lists them; under dynamic-calls = "unevaluable" it is unevaluable.',
    "Overrides are looked for in the project's own subclasses only: a subclass defined outside the project, or "
    "created at run time, is not seen.",
    "Writes to a global from inside a function (global X; X = ...) are data flow and not followed: reading a "
    "module-level or class-level name reaches what its bindings in the module or class body reach.",
    "Module-level code beyond the bindings of names belongs to no function and so to no claim: a call made at "
    "import time for its side effect, an import's own side effects, code under if __name__ == '__main__'.",
    "The analysis is not flow-sensitive: every statement of a function counts, including code after an early "
    "return under a platform guard; only platform conditions (sys.platform, os.name, platform.system(), "
    "sys.version_info, typing.TYPE_CHECKING) prune code, and an unknown condition keeps both branches.",
    "Code generated for a class is not walked as a hop: a dataclass's or attrs class's generated __init__ "
    "(its field factories are reached from the constructing function).",
    "Reflection is seen through only for getattr with a literal name; setattr, vars(), globals(), __dict__ "
    "and computed imports are not followed (under deterministic, eval, exec, compile, __import__, "
    "importlib.import_module and getattr on a capable module with a computed name are flagged as dynamic "
    "code).",
    "The standard library is never walked internally: it is judged by the capability catalogue alone, so "
    "json.dumps is a reference to json whatever json imports.",
    "C extension modules and any other code without Python source are not analysed.",
    "Third-party packages are not analysed unless listed in follow: a reach into one is unevaluable "
    '(external = "unevaluable") or passes (external = "trust").',
    "Names listed in trusted (for every claim) or in trusted-for (for one claim) are asserted by hand: those "
    "claims never walk through them and never flag them (forbid-reaches rules do walk through trusted project "
    "code).",
    "Monkey-patching and any other change made at run time is not seen: the source is read as written.",
    "idempotent is asserted by the author and recorded in reports, never checked.",
    "A held claim is the author's assertion plus everything the static walk could verify within these "
    "limits, not a proof of run-time behaviour; its blind_spots say where the walk could not see.",
)
"""What the analysis does not model, stated in every JSON report (`nonclaims`) and in the docs."""

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
_T = TypeVar("_T")


# ----------------------------------------------------------------------------------------------------------
# Shared helpers


# claims: deterministic
def _dumps(document: object) -> str:
    """The one serialisation of every JSON-shaped report: sorted keys, two-space indent, final newline."""
    return json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _posix(path: str, root: Path) -> str:
    """A report path: posix, relative to the project root when it lies under it (followed code may not)."""
    if PureWindowsPath(path).drive or PurePosixPath(path).is_absolute():
        try:
            return Path(path).resolve().relative_to(root.resolve()).as_posix()
        except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop before Python 3.13
            return Path(path).as_posix()
    return path.replace("\\", "/")


def _details(result: Result) -> Details:
    """The engine's report details: every report is built from them and the verdicts, never from the project."""
    if result.details is None:
        raise ValueError("a report needs the analysis details: run check(..., details=True)")
    return result.details


def revision(result: Result, plugin_version: str) -> str:
    """sha256 over the analysed files (path and content digest, sorted by path), the config and versions.

    Followed third-party modules are keyed by module name, not by their site-packages path, so a revision
    does not depend on where a virtualenv lives. The typeshed stubs version is included: it is an input of
    the analysis as much as the plugin's own catalogue.
    """
    details, config = _details(result), result.config
    entries: list[tuple[str, str]] = []
    for module in details.modules:
        key = f"follow:{module.name}" if module.followed else _posix(module.rel, config.root)
        entries.append((key, module.digest))
    sha = hashlib.sha256()
    sha.update(b"pytest-claims.revision.v1\n")
    for key, digest in sorted(entries):
        sha.update(f"file\x00{key}\x00{digest}\n".encode())
    sha.update(f"config\x00{config.fingerprint()}\n".encode())
    sha.update(f"plugin\x00{plugin_version}\n".encode())
    sha.update(f"typeshed\x00{details.typeshed}\n".encode())
    return sha.hexdigest()


def _violation_sort_key(v: Violation) -> tuple[str, int, str, str, str, tuple[str, ...]]:
    return (v.file, v.line, v.reach, v.claim, v.kind, v.via)


def _frontier_sort_key(f: FrontierEntry) -> tuple[str, int, str, str, tuple[str, ...]]:
    return (f.file, f.line, f.reach, f.reason, f.via)


# ----------------------------------------------------------------------------------------------------------
# JSON


def _frontier_json(entries: Iterable[FrontierEntry], root: Path) -> list[dict[str, Any]]:
    return [
        {
            "reach": f.reach,
            "file": _posix(f.file, root),
            "line": f.line,
            "via": list(f.via),
            "reason": f.reason,
        }
        for f in sorted(entries, key=_frontier_sort_key)
    ]


def _blind_json(spots: Iterable[BlindSpot], root: Path) -> list[dict[str, Any]]:
    """Blind spots sorted by file, line, code (then chain); `code` as the extractor recorded it."""
    ordered = sorted((_posix(b.file, root), b.line, b.code, b.via) for b in spots)
    return [{"file": file, "line": line, "code": code, "via": list(via)} for file, line, code, via in ordered]


def _claim_json(claim: ClaimResult, root: Path) -> dict[str, Any]:
    return {
        "function": claim.function,
        "file": _posix(claim.file, root),
        "line": claim.line,
        "claims": sorted(claim.claims),
        "platform": claim.platform,
        "status": claim.status,
        "violations": [
            {
                "claim": v.claim,
                "kind": v.kind,
                "reach": v.reach,
                "file": _posix(v.file, root),
                "line": v.line,
                "via": list(v.via),
            }
            for v in sorted(claim.violations, key=_violation_sort_key)
        ],
        "frontier": _frontier_json(claim.frontier, root),
        "blind_spots": _blind_json(claim.blind_spots, root),
    }


def _rule_json(rule: RuleResult, root: Path) -> dict[str, Any]:
    return {
        "id": rule.id,
        "from": rule.source,
        "to": rule.target,
        "platform": rule.platform,
        "status": rule.status,
        "path": list(rule.path),
        "frontier": _frontier_json(rule.frontier, root),
        "blind_spots": _blind_json(rule.blind_spots, root),
    }


def _sites_json(claims: Iterable[ClaimResult], root: Path) -> list[dict[str, Any]]:
    """Each blind-spot site once, with how many (function, platform) results it appears in: most first, then by
    file, line, code (SPEC §11) — the annotations that would let the walk see the most."""
    per_claim = ({(_posix(f, root), line, code) for f, _, calls in c.blind for line, code in calls} for c in claims)
    return [{"file": s.file, "line": s.line, "code": s.code, "claims": s.claims} for s in count_sites(per_claim)]


def json_report(
    result: Result, rules: Sequence[RuleResult], plugin_version: str, observed: Mapping[str, Any] | None = None
) -> str:
    """The `pytest-claims.report.v2` document of SPEC §11, newline-terminated, byte-for-byte reproducible.

    `observed`: what `--claims-observe` saw (SPEC §13a, `observe.verdicts.observed_json`), a top-level key of
    its own, present only in observed runs (what a test run does is not reproducible as the analysis is)."""
    root = result.config.root
    claims = sorted(result.claims, key=lambda c: (c.function, c.platform, c.file, c.line))
    ordered_rules = sorted(rules, key=lambda r: (r.id, r.platform))
    document: dict[str, Any] = {
        "schema": REPORT_SCHEMA,
        "revision": revision(result, plugin_version),
        "platforms": sorted(set(result.platforms)),
        "claims": [_claim_json(c, root) for c in claims],
        "rules": [_rule_json(r, root) for r in ordered_rules],
        "blind_spot_sites": _sites_json(claims, root),
        "limits": {
            "max-walk": result.config.max_walk,
            "alias-depth": ALIAS_DEPTH,
            "dynamic-calls": result.config.dynamic_calls,
        },
        "nonclaims": list(NONCLAIMS),
    }
    if observed is not None:
        document["observed"] = observed
    return _dumps(document)


# ----------------------------------------------------------------------------------------------------------
# Markdown catalogue


@dataclass(frozen=True, slots=True)
class _Row:
    function: str
    module: str
    file: str
    line: int
    claims: tuple[str, ...]


def _claiming(result: Result, details: Details) -> list[_Row]:
    """Every function with a valid claim, whether or not it exists on the run's platforms.

    The results first, then the engine's directive reading of the project's own files (platform-independent,
    like the coverage base), so a function defined only under `if sys.platform == "win32":` is listed on a
    linux run too.
    """
    followed = {module.name for module in details.modules if module.followed}
    rows: dict[str, _Row] = {}
    for claim in result.claims:
        rows.setdefault(
            claim.function,
            _Row(claim.function, claim.module, claim.file, claim.line, tuple(sorted(claim.claims))),
        )
    for item in details.claimed:
        if item.module in followed:
            continue
        rows.setdefault(
            item.function,
            _Row(item.function, item.module, item.file, item.line, tuple(sorted(item.claims))),
        )
    return sorted(rows.values(), key=lambda r: (r.function, r.file, r.line))


# claims: deterministic
def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


# claims: deterministic
def _percent(part: int, whole: int) -> str:
    if whole == 0:
        return "n/a"
    tenths = (part * 1000 + whole // 2) // whole  # integer rounding: no float formatting in the output
    return f"{tenths // 10}.{tenths % 10}%"


def markdown_catalogue(result: Result) -> str:
    """Every claiming function, its claims and its verdict per platform; then claim coverage per module."""
    details, root = _details(result), result.config.root
    platforms = sorted(set(result.platforms))
    verdicts = {(c.function, c.platform): c.status for c in result.claims}
    rows = _claiming(result, details)
    out = ["# Claims catalogue", ""]
    out.append(f"Platforms: {', '.join(platforms) if platforms else 'none'}.")
    out.append("")
    header = ["function", "defined at", "claims", *platforms]
    out.append("| " + " | ".join(header) + " |")
    out.append("| " + " | ".join("---" for _ in header) + " |")
    for row in rows:
        cells = [
            f"`{row.function}`",
            f"{_posix(row.file, root)}:{row.line}",
            ", ".join(row.claims),
            *(verdicts.get((row.function, platform), "—") for platform in platforms),
        ]
        out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    if not rows:
        out.append("| (no claiming function) |" + " |" * (len(header) - 1))
    out.append("")
    out.append(
        "`—`: the function does not exist on that platform (its definition is under a platform condition "
        "that is false there)."
    )
    unchecked = sorted({c for row in rows for c in row.claims} & UNCHECKED_CLAIMS)
    if unchecked:
        out.append(f"{', '.join(f'`{c}`' for c in unchecked)}: asserted by the author, never checked.")
    out.append("")
    out.append("## Claim coverage")
    out.append("")
    out.append("| module | file | claiming | functions | coverage |")
    out.append("| --- | --- | ---: | ---: | ---: |")
    per_module: dict[str, int] = {}
    for row in rows:
        per_module[row.module] = per_module.get(row.module, 0) + 1
    total_claiming = total_functions = 0
    for module in details.modules:
        if module.followed:
            continue
        functions = module.def_count  # 0 for a namespace package, which holds no claim either: not listed
        claiming = per_module.get(module.name, 0)
        if functions == 0 and claiming == 0:
            continue
        total_claiming += claiming
        total_functions += functions
        cells = [
            f"`{module.name}`",
            _posix(module.rel, root),
            str(claiming),
            str(functions),
            _percent(claiming, functions),
        ]
        out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    total = _percent(total_claiming, total_functions)
    out.append(f"| **total** | | {total_claiming} | {total_functions} | {total} |")
    out.append("")
    out.append("Coverage: claiming functions / all functions and methods defined in the module (lambdas excluded).")
    out.extend(_markdown_rules(result.rules, platforms))
    return "\n".join(out) + "\n"


def _markdown_rules(rules: Sequence[RuleResult], platforms: Sequence[str]) -> list[str]:
    """The forbid-reaches rules (SPEC §12): id, from, to and the verdict per platform; nothing without rules."""
    if not rules:
        return []
    verdicts = {(r.id, r.platform): r.status for r in rules}
    heads = {r.id: r for r in rules}
    header = ["rule", "from", "to", *platforms]
    out = ["", "## Architecture rules (forbid-reaches)", ""]
    out.append("| " + " | ".join(header) + " |")
    out.append("| " + " | ".join("---" for _ in header) + " |")
    for rule_id in sorted(heads):
        rule = heads[rule_id]
        cells = [
            f"`{rule.id}`",
            f"`{rule.source}`",
            f"`{rule.target}`",
            *(verdicts.get((rule_id, platform), "—") for platform in platforms),
        ]
        out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return out


# ----------------------------------------------------------------------------------------------------------
# SARIF 2.1.0


def _location(file: str, line: int, message: str | None = None, ident: int | None = None) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": {"uri": quote(file, safe="/"), "uriBaseId": "%SRCROOT%"}}
    if line > 0:
        physical["region"] = {"startLine": line}
    location: dict[str, Any] = {"physicalLocation": physical}
    if message is not None:
        location["message"] = {"text": message}
    if ident is not None:
        location["id"] = ident
    return location


def _fingerprint(*parts: object) -> str:
    text = "\x1f".join(json.dumps(p, sort_keys=True, ensure_ascii=False) for p in parts)
    return hashlib.sha256(text.encode()).hexdigest()


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


def _group(items: Iterable[tuple[Hashable, _T, str]]) -> list[tuple[_T, list[str]]]:
    """Identical findings on several platforms become one SARIF result that lists its platforms."""
    groups: dict[Hashable, tuple[_T, list[str]]] = {}
    for key, sample, platform in items:
        group = groups.setdefault(key, (sample, []))
        if platform not in group[1]:
            group[1].append(platform)
    return [(sample, sorted(platforms)) for sample, platforms in groups.values()]


def _package_version() -> str:
    from pytest_claims import __version__

    return __version__


def sarif_report(result: Result, rules: Sequence[RuleResult], plugin_version: str | None = None) -> str:
    """SARIF 2.1.0: one result per violation (merged across platforms), warnings for unevaluable claims and
    rules, errors for violated rules; locations relative to `%SRCROOT%`, the project root."""
    version = plugin_version or _package_version()
    config, root = result.config, result.config.root
    defined = {d.name: (_posix(d.file, root), d.line) for d in _details(result).definitions}
    found: list[dict[str, Any]] = []

    def related(names: Sequence[str], label: str, start: int) -> list[dict[str, Any]]:
        out = []
        for offset, name in enumerate(names):
            where = defined.get(name)
            if where is not None:
                out.append(_location(where[0], where[1], f"{label} {offset + 1}: {name}", start + offset))
        return out

    violations = _group(
        ((claim.function, claim.file, claim.line, v), (claim, v), claim.platform)
        for claim in result.claims
        for v in claim.violations
    )
    for (claim, v), platforms in violations:
        function = claim.function
        extra = [_location(_posix(claim.file, root), claim.line, f"{function} claims {v.claim} here", 0)]
        extra += related(v.via, "hop", 1)
        found.append(
            {
                "ruleId": v.claim,
                "level": "error",
                "message": {"text": violation_line(function, v)},
                "locations": [_location(_posix(v.file, root), v.line)],
                "relatedLocations": extra,
                "partialFingerprints": {_FINGERPRINT: _fingerprint(function, v.claim, v.kind, v.reach, v.via)},
                "properties": {
                    "function": function,
                    "kind": v.kind,
                    "reach": v.reach,
                    "platforms": platforms,
                },
            }
        )

    unevaluable = _group(
        ((claim.function, claim.file, claim.line, claim.claims, claim.frontier), claim, claim.platform)
        for claim in result.claims
        if claim.status == "unevaluable"
    )
    for claim, platforms in unevaluable:
        entries = sorted(claim.frontier, key=_frontier_sort_key)
        head = (
            f"{claim.function} claims {', '.join(claim.claims)} but is unevaluable: "
            "the walk reached code it cannot see into"
        )
        found.append(
            {
                "ruleId": _UNEVALUABLE_RULE,
                "level": "warning",
                "message": {"text": f"{head}: " + "; ".join(frontier_line(e) for e in entries)},
                "locations": [_location(_posix(claim.file, root), claim.line)],
                "relatedLocations": [
                    _location(_posix(e.file, root), e.line, f"{frontier_line(e)} (resolve with: {e.hint})", i)
                    for i, e in enumerate(entries)
                ],
                "partialFingerprints": {_FINGERPRINT: _fingerprint(claim.function, "unevaluable", list(claim.claims))},
                "properties": {"function": claim.function, "platforms": platforms},
            }
        )

    config_file = config.file_rel()
    rule_findings = _group(
        ((rule.id, rule.status, rule.path, rule.frontier), rule, rule.platform)
        for rule in rules
        if rule.status in ("violated", "unevaluable")
    )
    for rule, platforms in rule_findings:
        declared = _location(config_file, rule.line, f"the rule {rule.id} is declared here", 0)
        if rule.status == "violated":
            start = defined.get(rule.path[0])
            primary = _location(*start) if start is not None else _location(config_file, rule.line)
            extra = [declared, *related(rule.path[1:], "step", 1)]
            level, text = "error", rule_failure_text(rule)
        else:
            entries = sorted(rule.frontier, key=_frontier_sort_key)
            primary = _location(config_file, rule.line)
            extra = [
                _location(_posix(e.file, root), e.line, f"{frontier_line(e)} (resolve with: {e.hint})", i)
                for i, e in enumerate(entries)
            ]
            level = "warning"
            text = rule_failure_text(rule).splitlines()[0] + " " + "; ".join(frontier_line(e) for e in entries)
        found.append(
            {
                "ruleId": _FORBID_PREFIX + rule.id,
                "level": level,
                "message": {"text": text},
                "locations": [primary],
                "relatedLocations": extra,
                "partialFingerprints": {
                    _FINGERPRINT: _fingerprint("forbid-reaches", rule.id, rule.status, list(rule.path))
                },
                "properties": {"platforms": platforms},
            }
        )

    descriptors: list[dict[str, Any]] = []
    used_claims = {c for claim in result.claims for c in claim.claims}
    for name in sorted(used_claims | {r["ruleId"] for r in found if "/" not in r["ruleId"]}):
        descriptors.append(
            {
                "id": name,
                "name": name,
                "shortDescription": {"text": f"claims {name}"},
                "fullDescription": {"text": _claim_description(name, config)},
                "help": {"text": _CLAIM_HELP},
                "defaultConfiguration": {"level": "note" if name in UNCHECKED_CLAIMS else "error"},
            }
        )
    if any(r["ruleId"] == _UNEVALUABLE_RULE for r in found):
        descriptors.append(
            {
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
        )
    used_rules: dict[str, RuleResult] = {}
    for rule in rules:
        used_rules.setdefault(rule.id, rule)
    for rule_id in sorted(used_rules):
        rule = used_rules[rule_id]
        descriptors.append(
            {
                "id": _FORBID_PREFIX + rule_id,
                "name": "forbid-reaches",
                "shortDescription": {"text": f"forbid-reaches {rule_id}"},
                "fullDescription": {"text": f"{rule.source} must never reach {rule.target}."},
                "help": {"text": _RULE_HELP},
                "defaultConfiguration": {"level": "error"},
            }
        )
    descriptors.sort(key=lambda d: str(d["id"]))
    index_of = {str(d["id"]): i for i, d in enumerate(descriptors)}
    for item in found:
        item["ruleIndex"] = index_of[item["ruleId"]]

    def result_key(item: dict[str, Any]) -> tuple[str, int, str, str]:
        physical = item["locations"][0]["physicalLocation"]
        line = physical.get("region", {}).get("startLine", 0)
        return (physical["artifactLocation"]["uri"], line, item["ruleId"], item["message"]["text"])

    found.sort(key=result_key)
    document = {
        "$schema": SARIF_SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "pytest-claims",
                        "version": version,
                        "semanticVersion": version,
                        "rules": descriptors,
                    }
                },
                "originalUriBaseIds": {
                    "%SRCROOT%": {"description": {"text": "The project root: the directory of pyproject.toml."}}
                },
                # one category per target set, so uploads from one CI leg per OS do not replace each other
                "automationDetails": {"id": f"pytest-claims/{'+'.join(sorted(set(result.platforms)))}/"},
                "columnKind": "unicodeCodePoints",
                "results": found,
            }
        ],
    }
    return _dumps(document)


# ----------------------------------------------------------------------------------------------------------
# Writing


REPORT_SUFFIXES = (".json", ".md", ".sarif", ".sarif.json")
"""The suffixes `--claims-report` accepts; any other is a usage error naming these (issue 14: `report.txt`
silently got JSON)."""


# claims: deterministic
def report_format(path: Path) -> str:
    """`markdown` for .md, `sarif` for .sarif (or .sarif.json), `json` for .json; case-insensitive.

    Any other suffix raises ValueError naming the choices."""
    name = path.name.lower()
    if name.endswith(".md"):
        return "markdown"
    if name.endswith((".sarif", ".sarif.json")):
        return "sarif"
    if name.endswith(".json"):
        return "json"
    raise ValueError(f"{path.name!r} ends in none of {', '.join(REPORT_SUFFIXES)}: the suffix picks the format")


def write_report(
    path: Path,
    result: Result,
    rules: Sequence[RuleResult],
    plugin_version: str,
    observed: Mapping[str, Any] | None = None,
) -> None:
    """Write the report the suffix asks for, atomically: readers see the old file or the new, never half.

    Parent directories are created; a link is written through to its target, a character device directly, and
    any other path that is not a regular file (or is read-only) is refused with an `OSError` (`files.write_file`).
    """
    kind = report_format(path)
    if kind == "markdown":
        text = markdown_catalogue(result)
    elif kind == "sarif":
        text = sarif_report(result, rules, plugin_version)
    else:
        text = json_report(result, rules, plugin_version, observed)
    write_file(Path(path), text.encode("utf-8"))
