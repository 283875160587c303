"""The three report formats (semantics §11): the JSON report, the Markdown catalogue, and SARIF 2.1.0 (built in
`output.sarif`, re-exported here), and writing whichever a report path's suffix asks for.

Every report is a pure function of the analysis result: no clock, no host name, no absolute path, no
dict or set iteration order leaks into it, so the same inputs give the same bytes in every run, under every
`PYTHONHASHSEED` and from every checkout directory. That is what lets a CI job diff two reports, or cache
on the `revision`, instead of re-reading them.
"""

from __future__ import annotations

import functools
import hashlib
import os
import posixpath
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath
from typing import TYPE_CHECKING, Any

from pytest_claims.files import write_file
from pytest_claims.output.common import details_of, dump_chunks, frontier_sort_key, posix, violation_sort_key
from pytest_claims.output.sarif import SARIF_SCHEMA_URI, sarif_report, sarif_report_many
from pytest_claims.output.summary import count_sites
from pytest_claims.records import MAX_ALIAS_DEPTH, BlindSpot, FrontierEntry, RuleResult
from pytest_claims.reportdetails import Details
from pytest_claims.vocabulary import UNCHECKED_CLAIMS

if TYPE_CHECKING:
    from pytest_claims.engine import Result
    from pytest_claims.records import ClaimResult


__all__ = [
    "ALIAS_DEPTH",
    "NONCLAIMS",
    "REPORT_SCHEMA",
    "REPORT_SUFFIXES",
    "SARIF_SCHEMA_URI",
    "json_report",
    "json_report_chunks",
    "json_report_many",
    "json_report_many_chunks",
    "markdown_catalogue",
    "report_format",
    "revision",
    "sarif_report",
    "write_report",
    "write_reports",
]

REPORT_SCHEMA = "pytest-claims.report.v2"
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
    "Implicit special-method calls on values of unknown type (the __hash__ of elements put in a set, a + b on "
    "untyped operands, iterating an untyped value) are not followed: each is a blind spot where a project method "
    "of that name reaches a capability, and passes silently where none does; on a value of a known project class "
    "they are followed. A project generator's body is no such method: it is reached where the generator is made, "
    "and a function iterating a generator it was given runs that body unseen. A plain attribute read on a value "
    "of unknown type is a read, not a call site: no blind spot, even where a project class defines a property "
    "of that name (getattr with a computed name on such a value is one). "
    "Descriptors are not followed. A class statement's project hooks (a metaclass, __init_subclass__, "
    "__set_name__) are followed; its decorators, and a stdlib or third-party base's or metaclass's hooks, are not.",
    'Blind spots never make a claim violated: under dynamic-calls = "ignore" (the default) a claim or rule with '
    'blind spots still holds and the report lists them; under dynamic-calls = "unevaluable" it is unevaluable.',
    "Overrides are looked for in the project's own subclasses only: a subclass defined outside the project, or "
    "created at run time, is not seen.",
    "Writes to a global from inside a function (global X; X = ...) are data flow and not followed: reading a "
    "module-level or class-level name reaches what its bindings in the module or class body reach.",
    "Module-level code beyond the bindings of names belongs to no function and so to no claim: a call made at "
    "import time for its side effect, an import's own side effects, code under if __name__ == '__main__'.",
    "The analysis is only partly flow-sensitive: conditions prune code where they are known, namely platform "
    "conditions (sys.platform, os.name, platform.system(), sys.version_info, typing.TYPE_CHECKING), module "
    "constants bound once, and a callee's tests of its parameters decided by the literal arguments of the call "
    "that enters it; code after an if whose branch always exits (return, raise, continue, break) counts only "
    "under the negated test; an unknown condition keeps both branches, and a guard keeps at most 32 tests "
    "(a test past them counts as unknown). Values are otherwise not tracked along the flow.",
    "Code generated for a class is not walked as a hop: a dataclass's or attrs class's generated __init__ "
    "(its field factories are reached from the constructing function).",
    "Reflection is seen through only for getattr with a literal name, and setattr / delattr run what a store "
    "runs (a property's setter, a descriptor's __set__, __setattr__) without the value stored being tracked; "
    "vars(), globals(), __dict__ and computed imports are not followed (under deterministic, eval, exec, "
    "compile, __import__, importlib.import_module and getattr on a capable module with a computed name are "
    "flagged as dynamic code).",
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


# ----------------------------------------------------------------------------------------------------------
# Revision


def revision(result: Result, plugin_version: str) -> str:
    """sha256 over the analysed files (path and content digest, sorted by path), the config and versions.

    Followed third-party modules are keyed by module name, not by their site-packages path, so a revision
    does not depend on where a virtualenv lives. The typeshed stubs version is included: it is an input of
    the analysis as much as the plugin's own catalogue.
    """
    details, config = details_of(result), result.config
    entries: list[tuple[str, str]] = []
    for module in details.modules:
        key = f"follow:{module.name}" if module.followed else posix(module.rel, config.root)
        entries.append((key, module.digest))
    sha = hashlib.sha256()
    sha.update(b"pytest-claims.revision.v1\n")
    for key, digest in sorted(entries):
        sha.update(f"file\x00{key}\x00{digest}\n".encode())
    sha.update(f"config\x00{config.fingerprint()}\n".encode())
    sha.update(f"plugin\x00{plugin_version}\n".encode())
    sha.update(f"typeshed\x00{details.typeshed}\n".encode())
    return sha.hexdigest()


# ----------------------------------------------------------------------------------------------------------
# JSON


Where = Callable[[str], str]
"""A report path from a result's path: relative to the project root, or (several projects) to their shared
directory (`_rebased`)."""


def _at(root: Path) -> Where:
    """Each file's report path worked out once: a report names a file once per violation, step and blind spot
    (W: ~650,000 times for ~1,000 files), and resolving it touches the file system."""
    return functools.cache(lambda file: posix(file, root))


def _rebased(root: Path, project: str) -> Where:
    """Paths of the project at `root` written from the directory the run's projects share: `project` is its root
    from there (posix, "." for that directory itself)."""
    prefix = "" if project == "." else project + "/"

    def at(file: str) -> str:
        path = posix(file, root)
        return path if path.startswith("/") or PureWindowsPath(path).drive else posixpath.normpath(prefix + path)

    return functools.cache(at)


def _frontier_json(entries: Iterable[FrontierEntry], at: Where) -> list[dict[str, Any]]:
    return [
        {
            "reach": f.reach,
            "file": at(f.file),
            "line": f.line,
            "via": list(f.via),
            "reason": f.reason,
        }
        for f in sorted(entries, key=frontier_sort_key)
    ]


def _blind_json(spots: Iterable[BlindSpot], at: Where) -> list[dict[str, Any]]:
    """Blind spots sorted by file, line, code (then chain); `code` as the extractor recorded it."""
    ordered = sorted((at(b.file), b.line, b.code, b.via) for b in spots)
    return [{"file": file, "line": line, "code": code, "via": list(via)} for file, line, code, via in ordered]


def _claim_json(claim: ClaimResult, at: Where) -> dict[str, Any]:
    return {
        "function": claim.function,
        "file": at(claim.file),
        "line": claim.line,
        "claims": sorted(claim.claims),
        "platform": claim.platform,
        "status": claim.status,
        "violations": [
            {
                "claim": v.claim,
                "kind": v.kind,
                "reach": v.reach,
                "file": at(v.file),
                "line": v.line,
                "via": list(v.via),
                "steps": [
                    {"function": name, "file": at(file), "line": line, "how": how}
                    for name, file, line, how in v.steps
                ],
            }
            for v in sorted(claim.violations, key=violation_sort_key)
        ],
        "frontier": _frontier_json(claim.frontier, at),
        "blind_spots": _blind_json(claim.blind_spots, at),
    }


def _rule_json(rule: RuleResult, at: Where) -> dict[str, Any]:
    return {
        "id": rule.id,
        "from": rule.source,
        "to": rule.target,
        "platform": rule.platform,
        "status": rule.status,
        "path": list(rule.path),
        "frontier": _frontier_json(rule.frontier, at),
        "blind_spots": _blind_json(rule.blind_spots, at),
    }


def _sites_json(claims: Iterable[tuple[ClaimResult, Where]]) -> list[dict[str, Any]]:
    """Each blind-spot site once, with how many (function, platform) results it appears in: most first, then by
    file, line, code (semantics §11) — the annotations that would let the walk see the most."""
    per_claim = ({(at(f), line, code) for f, _, calls in c.blind for line, code in calls} for c, at in claims)
    return [{"file": s.file, "line": s.line, "code": s.code, "claims": s.claims} for s in count_sites(per_claim)]


def json_report(
    result: Result, rules: Sequence[RuleResult], plugin_version: str, observed: Mapping[str, Any] | None = None
) -> str:
    """The `pytest-claims.report.v2` document of semantics §11, newline-terminated, byte-for-byte reproducible.

    `observed`: what `--claims-observe` saw (semantics §13a, `observe.verdicts.observed_json`), a top-level key of
    its own, present only in observed runs (what a test run does is not reproducible as the analysis is)."""
    return "".join(json_report_chunks(result, rules, plugin_version, observed))


def json_report_chunks(
    result: Result, rules: Sequence[RuleResult], plugin_version: str, observed: Mapping[str, Any] | None = None
) -> Iterator[str]:
    """`json_report`'s text in pieces, each claim's made and encoded only when written (a large project's report
    is hundreds of megabytes as a document, more as text)."""
    at = _at(result.config.root)
    claims = sorted(result.claims, key=lambda c: (c.function, c.platform, c.file, c.line))
    ordered_rules = sorted(rules, key=lambda r: (r.id, r.platform))
    document: dict[str, Any] = {
        "schema": REPORT_SCHEMA,
        "revision": revision(result, plugin_version),
        "platforms": sorted(set(result.platforms)),
        "claims": (_claim_json(c, at) for c in claims),
        "rules": [_rule_json(r, at) for r in ordered_rules],
        "blind_spot_sites": _sites_json((c, at) for c in claims),
        "limits": _limits(result),
        "nonclaims": list(NONCLAIMS),
    }
    if observed is not None:
        document["observed"] = observed
    return dump_chunks(document)


def _limits(result: Result) -> dict[str, Any]:
    config = result.config
    return {"max-walk": config.max_walk, "alias-depth": ALIAS_DEPTH, "dynamic-calls": config.dynamic_calls}


def project_of(root: Path, base: Path) -> str:
    """A project's root as a report of several projects names it: posix, relative to their shared directory."""
    try:
        shown = Path(os.path.relpath(root, base)).as_posix()
    except ValueError:  # another drive (Windows)
        shown = root.as_posix()
    return shown


def json_report_many(
    results: Sequence[Result], base: Path, plugin_version: str, observed: Mapping[str, Any] | None = None
) -> str:
    """The JSON report of a run over several projects: one document, its paths relative to `base` (the directory
    the projects share), each claim and rule naming its `project`; `projects` lists each project's root, its
    configuration file, platforms, `limits` and `revision` (the top-level `revision` covers them all)."""
    return "".join(json_report_many_chunks(results, base, plugin_version, observed))


def json_report_many_chunks(
    results: Sequence[Result], base: Path, plugin_version: str, observed: Mapping[str, Any] | None = None
) -> Iterator[str]:
    """`json_report_many`'s text in pieces, each claim's made and encoded only when written."""
    projects: list[dict[str, Any]] = []
    claims: list[tuple[tuple[str, str, str, int], ClaimResult, Where, str]] = []
    rules: list[dict[str, Any]] = []
    for result in results:
        project = project_of(result.config.root, base)
        at = _rebased(result.config.root, project)
        config = result.config.file
        projects.append(
            {
                "project": project,
                "config": project_of(config, base) if config is not None else None,
                "platforms": sorted(set(result.platforms)),
                "limits": _limits(result),
                "revision": revision(result, plugin_version),
            }
        )
        claims += [((c.function, c.platform, at(c.file), c.line), c, at, project) for c in result.claims]
        rules += [{**_rule_json(r, at), "project": project} for r in result.rules]
    projects.sort(key=lambda p: str(p["project"]))
    claims.sort(key=lambda entry: entry[0])
    rules.sort(key=lambda r: (r["id"], r["platform"], r["project"]))
    combined = hashlib.sha256(b"pytest-claims.revision.many.v1\n")
    for entry in projects:
        combined.update(f"{entry['project']}\x00{entry['revision']}\n".encode())
    document: dict[str, Any] = {
        "schema": REPORT_SCHEMA,
        "revision": combined.hexdigest(),
        "platforms": sorted({p for result in results for p in result.platforms}),
        "projects": projects,
        "claims": ({**_claim_json(claim, at), "project": project} for _, claim, at, project in claims),
        "rules": rules,
        "blind_spot_sites": _sites_json((claim, at) for _, claim, at, _ in claims),
        "nonclaims": list(NONCLAIMS),
    }
    if observed is not None:
        document["observed"] = observed
    return dump_chunks(document)


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
    details, root = details_of(result), result.config.root
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
            f"{posix(row.file, root)}:{row.line}",
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
            posix(module.rel, root),
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
    """The forbid-reaches rules (semantics §12): id, from, to and the verdict per platform; nothing without rules."""
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
# Writing


REPORT_SUFFIXES = (".json", ".md", ".sarif", ".sarif.json")
"""The suffixes `--claims-report` accepts; any other is a usage error naming these (a `report.txt` must not
silently get JSON)."""


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
        write_file(Path(path), _encoded(json_report_chunks(result, rules, plugin_version, observed)))
        return
    write_file(Path(path), text.encode("utf-8"))


def _encoded(chunks: Iterable[str]) -> Iterator[bytes]:
    for chunk in chunks:
        yield chunk.encode("utf-8")


def write_reports(
    path: Path,
    results: Sequence[Result],
    base: Path,
    plugin_version: str,
    observed: Mapping[str, Any] | None = None,
) -> None:
    """Write the report of a run over one project or several (`base`: the directory they share, from which
    a report of several names paths and projects): JSON as one document (`json_report_many`), SARIF as one run
    per project, the catalogue as one per project, one after the other."""
    if len(results) == 1:
        write_report(path, results[0], results[0].rules, plugin_version, observed)
        return
    kind = report_format(path)
    if kind == "markdown":
        parts = []
        for result in sorted(results, key=lambda r: project_of(r.config.root, base)):
            title = f"# Claims catalogue: {project_of(result.config.root, base)}"
            parts.append(markdown_catalogue(result).replace("# Claims catalogue", title, 1))
        text = "\n".join(parts)
    elif kind == "sarif":
        text = sarif_report_many(results, base, plugin_version)
    else:
        write_file(Path(path), _encoded(json_report_many_chunks(results, base, plugin_version, observed)))
        return
    write_file(Path(path), text.encode("utf-8"))
