"""What the reports need beyond the verdicts, read from the project while its facts are loaded.

The reports (`output.report`) are built from the engine's result alone: the revision needs every module's
digest, the catalogue every module's function count and every claiming function (including those that do not
exist on the run's platforms), SARIF the definition of every function a violation or a rule passes through.
Only a run that writes a report asks for them (`engine.check(..., details=True)`); a plain run pays nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pytest_claims.analysis.project import Project
from pytest_claims.analysis.stubs import typeshed_version
from pytest_claims.records import Claimed, ClaimResult, RuleResult
from pytest_claims.reportdetails import Definition, Details, ModuleDetail


def report_details(
    project: Project, claimed: Sequence[Claimed], claims: Iterable[ClaimResult], rules: Iterable[RuleResult]
) -> Details:
    """The details of one analysis: `claimed` is the engine's directive reading, `claims` and `rules` its verdicts."""
    modules = project.modules
    index = project.index.modules
    # the coverage base is every project source file: read in one batch (cache hits, or a parallel parse)
    modules.preload(name for name, file in index.items() if not file.followed and file.path is not None)
    names: set[str] = set()
    for claim in claims:
        for violation in claim.violations:
            names.update(violation.via)
        for entry in claim.frontier:
            names.update(entry.via)
    for rule in rules:
        names.update(rule.path)
        for entry in rule.frontier:
            names.update(entry.via)
    definitions = [d for d in (_definition(project, name) for name in sorted(names)) if d is not None]
    counts = {
        name: modules[name].facts.def_count
        for name, file in index.items()
        if not file.followed and file.path is not None
    }
    digests = modules.digests  # read last: loading a file that changed under the run updates its digest
    return Details(
        tuple(
            ModuleDetail(name, file.rel, str(digests.get(name, "")), file.followed, counts.get(name, 0))
            for name, file in sorted(index.items())
        ),
        tuple(claimed),
        tuple(definitions),
        typeshed_version(),
    )


def _definition(project: Project, dotted: str) -> Definition | None:
    """Where `module.qualname` is defined: in the longest module prefix in the index that defines the rest as a
    function or class (its first line there when guards define it more than once); None for anything else."""
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module_name = ".".join(parts[:cut])
        if module_name not in project.index.modules:
            continue
        qualname = ".".join(parts[cut:])
        module = project.modules[module_name]
        lines = [f.line for f in module.facts.functions if f.qualname == qualname]
        lines += [c.line for c in module.facts.classes if c.qualname == qualname]
        if lines:
            return Definition(dotted, module.rel, min(lines))
    return None
