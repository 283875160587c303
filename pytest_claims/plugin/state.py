"""What one session knows of each project (`ClaimsState`), and where pytest keeps it (the stash keys)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pytest_claims.config import Config as ClaimsConfig
from pytest_claims.plugin.failures import LineRepr
from pytest_claims.plugin.paths import RealPaths, relative_inside
from pytest_claims.records import ClaimResult, RuleResult

if TYPE_CHECKING:
    from pytest_claims.engine import Result, Run

PENDING = "pending"
"""The status of a claim or rule item whose verdict is not known yet: the analysis judges the items pytest will
run once its selection is final (`session.judge`). An item still pending when it runs fails (fail closed)."""

Changed = tuple[frozenset[tuple[str, str, int, str]] | None, str]
"""What `--claims-changed` selected: the `claim_key` of each claim to run (None: every claim), and the line the
summary shows ("" when the option was not given)."""


def claim_key(claim: ClaimResult) -> tuple[str, str, int, str]:
    """What tells one claim item from another: (module, qualname, line, platform)."""
    return (claim.module, claim.qualname, claim.line, claim.platform)


def pending_payload(run: Run, changed: Changed, rules: bool, skipped: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A session's payload before any verdict: an item per claiming function and target where it exists, and (when
    the run checks the rules) per rule and target, each `PENDING`; `keys` names each claim's function for
    `Run.finish`. `skipped`: files whose claims are left out (`Run.alive`)."""
    claims, keys = [], {}
    for item, platform in run.alive(skipped):
        claim = ClaimResult(
            item.function, item.module, item.qualname, item.file, item.line, item.claims, platform, PENDING, (), ()
        )
        claims.append(claim)
        keys[claim_key(claim)] = (item.module, item.function_index, platform)
    pending_rules = [
        RuleResult(rule.id, rule.source, rule.target, platform, PENDING, (), (), rule.line)
        for rule in (run.config.forbid_reaches if rules and not run.every else ())
        for platform in run.targets
    ]
    pending_rules.sort(key=lambda r: (r.id, r.platform))
    return {
        "claims": claims,
        "keys": keys,
        "errors": [(e.file, e.line, e.message) for e in sorted(run.errors, key=lambda e: (e.file, e.line, e.message))],
        "problems": [str(p) for p in sorted(run.problems, key=lambda e: (e.file, e.line, e.message))],
        "platforms": run.targets,
        "rules": pending_rules,
        "modules": sorted({str(m.path) for m in run.project.index.modules.values() if m.path and not m.followed}),
        "excluded": list(run.project.modules.excluded_claims),
        "changed": changed,
    }


class ClaimsState:
    """What one session knows: the analysis result, indexed by file, and what ran."""

    def __init__(self, config: ClaimsConfig, result: Result | None, payload: dict[str, Any] | None = None) -> None:
        self.config = config
        self.result = result
        self.by_file: dict[str, list[ClaimResult]] = {}
        self.errors: dict[str, list[str]] = {}
        self.problems: list[str] = []
        self.platforms: tuple[str, ...] = ()
        if payload is None and result is not None:
            payload = {
                "claims": list(result.claims),
                "errors": [(e.file, e.line, e.message) for e in result.errors],
                "problems": [str(p) for p in result.problems],
                "platforms": result.platforms,
                "rules": list(result.rules),
                # every analysed source file: one named on the command line must not be imported by pytest
                # (as written: where links lead is looked up only when pytest asks for such a file)
                "modules": sorted(
                    {str(m.path) for m in result.project.index.modules.values() if m.path and not m.followed}
                ),
                "excluded": list(result.excluded),
                "changed": (None, ""),
            }
        if payload is not None:
            self.payload = payload
            for claim in payload["claims"]:
                self.by_file.setdefault(claim.file, []).append(claim)
            for file, line, message in payload["errors"]:
                self.errors.setdefault(file, []).append(f"{file}:{line}: {message}")
            self.problems = list(payload["problems"])
            self.platforms = tuple(payload["platforms"])
            self.rules: list[RuleResult] = list(payload["rules"])
            self.excluded: list[str] = list(payload.get("excluded", ()))
        self.display_prefix = ""
        """How the project root is reached from where pytest was started (posix, "" when it is that directory):
        failure texts show paths the way pytest shows node ids (`cwd_relative_nodeid`): relative to the rootdir,
        which is the project root, when pytest runs there, else from the invocation directory."""
        self.usage: list[str] = []
        """Usage warnings about `[tool.claims]` (`usage.usage_warnings`), one summary line each."""
        self.display_inside = ""
        """Where pytest was started, relative to the project root, when it lies inside it ("" otherwise): a path
        below it is shown as `main.py`, never as `../../src/pkg/main.py`."""
        self.tbstyle = "auto"
        self.sweep_groups: dict[tuple[str, str, int | None], list[Any]] | None = None
        """Failing claim and rule items of this session by `StaticItem.sweep_key`, built at the first failure."""
        self.blind_counts: dict[tuple[str, int], int] | None = None
        """(node id, line) -> blind-spot sites of a held item that has some (`pytest_report_teststatus`)."""
        self.outcomes: dict[tuple[str, int], str] = {}
        self.report_message = ""
        self.collected: set[str] = set()
        """What is collected already: claiming files by project-relative path, the rules file by its real path."""
        self._lines: dict[str, list[str]] = {}
        self.quiet_reports: list[Any] | None = None
        """The terminal reporter's list of reports it shows nothing for (its `stats[""]`), if there is one."""
        self.observed: dict[str, Any] | None = None
        """The report's `observed` (semantics §13a), set by pytest_claims.observe.plugin in an observed run."""
        self.direct: bool | None = None
        """Whether static items run without the phase hooks (`protocol._runs_directly`), decided at the first item."""
        self.pickled: bytes | None = None
        """The payload as the xdist controller hands it to its workers (`pytest_configure_node`)."""
        self.run: Run | None = None
        """The analysis while its verdicts wait for pytest's selection (`session.judge`), then None."""
        self.rules_wanted = True
        """Whether this run checks the rules (a run given paths outside the configured packages does not)."""
        self.analysis: tuple[float, int, int, int] | None = None
        """(seconds, files parsed, files read from the facts cache, verdicts reused) of the analysis this
        process ran; None in an xdist worker, which received the controller's result."""

    def judged(self, result: Result) -> None:
        """The analysis's verdicts, in place of the pending ones they judge (those not judged stay pending)."""
        self.result = result
        done = {claim_key(claim): claim for claim in result.claims}
        self.payload["claims"] = [done.get(claim_key(claim), claim) for claim in self.payload["claims"]]
        self.by_file = {}
        for claim in self.payload["claims"]:
            self.by_file.setdefault(claim.file, []).append(claim)
        if result.rules:
            self.payload["rules"] = self.rules = list(result.rules)

    @pytest.hookimpl(trylast=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Remember how each claim item ended, for the summary (on the xdist controller: the workers' reports).

        A claim item's passed setup and teardown carry nothing to show, yet pytest keeps each in
        `stats[""]` and, for every failure, scans that whole list for teardown output: failures times items,
        seconds on a large project. Ours are taken back out right after the reporter filed them (trylast)."""
        if "claims" not in report.keywords:
            return
        if self.tbstyle == "line" and report.failed and isinstance(report.longrepr, str):
            report.longrepr = LineRepr(report.longrepr)  # type: ignore[assignment]
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            # with the line: a property's getter and setter share a qualname, hence a node id
            self.outcomes[report.nodeid, report.location[1] or 0] = report.outcome
        elif report.passed and not report.sections and self.quiet_reports and self.quiet_reports[-1] is report:
            self.quiet_reports.pop()

    @functools.cached_property
    def claim_files(self) -> dict[Path, list[str]]:
        """Real path -> project-relative paths of every file holding claims or refused directives. Several
        modules may be one file (`pkg/a.py -> b.py`): each keeps its path, its node ids and its items."""
        files: dict[Path, list[str]] = {}
        real = RealPaths()
        for rel in sorted(set(self.by_file) | set(self.errors)):
            files.setdefault(Path(real(str(self.config.root / rel))), []).append(rel)
        return files

    @functools.cached_property
    def modules(self) -> frozenset[str]:
        """The real paths of every analysed source file, resolved only when pytest offers a module to collect."""
        real = RealPaths()
        return frozenset(real(path) for path in self.payload.get("modules", ()))

    def display(self, rel: str) -> str:
        if self.display_inside:
            return relative_inside(rel, self.display_inside)
        return f"{self.display_prefix}/{rel}" if self.display_prefix else rel

    def source_line(self, rel: str, line: int) -> str:
        lines = self._lines.get(rel)
        if lines is None:
            try:
                # read_text turns \r\n and \r into \n; splitlines() would also split at form feeds (see facts.py)
                lines = (self.config.root / rel).read_text(encoding="utf-8", errors="replace").split("\n")
            except OSError:
                lines = []
            self._lines[rel] = lines
        return lines[line - 1] if 0 < line <= len(lines) else ""


STATE = pytest.StashKey[ClaimsState]()
"""The first project's state (the only one, but in a run over several projects: `STATES`)."""
STATES = pytest.StashKey[list[ClaimsState]]()
"""Every project's state, the first project's first: a run over several projects checks each (`project_roots`)."""
IDLE = pytest.StashKey[bool]()
"""Set when there is nothing to check (`session._scanned`): an xdist worker is told so instead of looking again."""


def session_states(config: pytest.Config) -> list[ClaimsState]:
    """Every project's state in this session (none when the plugin is idle or off)."""
    return config.stash.get(STATES, [])
