"""`pytest-claims check [PATH ...]`: the plugin's verdicts without pytest collecting anything.

Output: a block per failing item (its node id and verdict, then the plugin's failure text), a line per refused
directive and per unreadable file, then the summary (`output.summary`, the plugin's), a line per `[tool.claims]`
table below the project root that the run did not use, and the time taken. Every path shown, node ids included, is
relative to the current directory (semantics §9), so it opens from where the command ran (the plugin's are relative to
pytest's rootdir). Nothing to check (no claiming function, no rule, nothing refused or unreadable among the paths
selected) is exit status 5 with one line naming where the command looked, as pytest's "no tests ran".
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pytest_claims import __version__
from pytest_claims.changes import selection
from pytest_claims.cli.common import (
    EXIT_FAILED,
    EXIT_INTERNAL,
    EXIT_NOTHING,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    PROG,
    Selection,
    Sources,
    UsageError,
    cache_for,
    load,
    plural,
    projects,
    requested_platforms,
    shown_here,
    shown_path,
    where_it_looked,
)
from pytest_claims.config import tables_below
from pytest_claims.engine import Result, open_run
from pytest_claims.jobs import JobsError, default_jobs
from pytest_claims.jobs import finish as finish_run
from pytest_claims.output.common import analysis_line
from pytest_claims.output.hints import source_reader
from pytest_claims.output.messages import excluded_line, failure_text, rule_failure_text, rule_item_name
from pytest_claims.output.report import report_format, write_reports
from pytest_claims.output.summary import Counted, claim_sites, own_sites, summary_lines
from pytest_claims.records import ClaimResult, DirectiveError, RuleResult
from pytest_claims.usage import usage_warnings

if TYPE_CHECKING:
    from pytest_claims.config import Config


def run_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Check every project the paths cover (`common.projects`): a block per project when there are several, each
    after a line naming it, then one report of them all; the exit status is the worst of theirs."""
    reports = _reports(args.report)  # a bad suffix is refused before anything is read or analysed
    found = projects(args.paths, args.root)
    configs = [load(root) for root, _ in found]  # every configuration error before anything is checked
    requested, sweep = requested_platforms(args)
    used = {root for root, _ in found}
    statuses: list[int] = []
    results: list[Result] = []
    for (root, paths), config in zip(found, configs, strict=True):
        if len(found) > 1:
            print(f"project {shown_here(root)}", file=out)
        targets = (requested, sweep)
        try:
            status, result = _check_project(args, root, paths, config, targets, bool(reports), used, out=out, err=err)
        except JobsError as error:  # a defect met in a worker is told as it is; `-j 1` would meet it too
            hint = "" if error.defect else "; no verdict was given (`-j 1` judges every claim in one process)"
            print(f"{PROG} check: {error}{hint}", file=err)
            return EXIT_INTERNAL
        statuses.append(status)
        results.append(result)
    status = _worst(statuses)
    return EXIT_USAGE if not _write_reports(reports, results, args.quiet, out, err) else status


def _worst(statuses: list[int]) -> int:
    """A refused directive over a failure over a pass; nothing checked only when no project checked anything."""
    for status in (EXIT_REFUSED, EXIT_FAILED):
        if status in statuses:
            return status
    return EXIT_NOTHING if all(status == EXIT_NOTHING for status in statuses) else EXIT_OK


def _check_project(  # noqa: PLR0913 - one project of `run_check`, with what the run decided for all
    args: argparse.Namespace,
    root: Path,
    paths: list[Path],
    config: Config,
    targets: tuple[list[str] | None, bool],
    details: bool,
    used: set[Path],
    *,
    out: TextIO,
    err: TextIO,
) -> tuple[int, Result]:
    """One project's check, printed as a run over it alone prints it: its status and result."""
    requested, sweep = targets
    cache = cache_for(root, not args.no_cache)
    selected = Selection(root, paths, config.file)
    started = time.perf_counter()
    select = None if selected.everything else selected
    run = open_run(root, requested, config, sweep=sweep, cache=cache, select=select)
    chosen, changed = (None, "") if args.changed is None else selection(run, args.changed)
    deselected = 0 if chosen is None else len(run.alive()) - len(chosen)
    jobs = args.jobs or default_jobs()  # 0: `-j auto`
    result = finish_run(run, chosen, jobs, rules=selected.rules, details=details)
    seconds = time.perf_counter() - started
    for warning in usage_warnings(result):
        print(f"warning: {warning}", file=err)
    display = shown_path(root)
    sources = Sources(root)
    skip = config.on_unevaluable == "skip"

    claims = [c for c in result.claims if selected(c.file)]
    rules = list(result.rules) if selected.rules else []
    failed = False
    for claim in claims:
        nodeid = f"{display(claim.file)}::{claim.qualname}[{claim.platform}]"
        failed |= _show(out, nodeid, claim, skip, args, sources, display)
    for rule in rules:
        nodeid = f"{display(config.file_rel())}::{rule_item_name(rule)}"
        failed |= _show(out, nodeid, rule, skip, args, sources, display)
    refused = [error for error in result.errors if selected(error.file)]
    for error in refused:
        print(f"refused: {_shown(error, display)}", file=out)
    for problem in result.problems:
        print(f"unreadable: {_shown(problem, display)}", file=out)

    nothing = not claims and not rules and not refused and not result.problems and not deselected
    if changed and not args.quiet:
        print(f"{changed}; {deselected} deselected", file=out)
    if nothing:
        where = where_it_looked(paths if not selected.everything else [], config, display)
        print(f"no claiming function and no forbid-reaches rule found {where}: nothing was checked", file=out)
    elif not args.quiet:
        _summary(out, claims, rules, result, display, len(refused))
    if result.excluded and (nothing or not args.quiet):
        print(excluded_line([display(rel) for rel in result.excluded]), file=out)
    unused = [table for table in tables_below(root, config.exclude) if root / table.rpartition("/")[0] not in used]
    for line in _unused_tables(unused, display, args.verbose):
        print(line, file=out)
    if not args.quiet:
        print(analysis_line(seconds, cache.parsed, cache.hits, result.reused), file=out)

    status = EXIT_NOTHING if nothing else EXIT_OK
    if failed or result.problems:
        status = EXIT_FAILED
    if refused:
        status = EXIT_REFUSED
    return status, result


def _summary(
    out: TextIO,
    claims: list[ClaimResult],
    rules: list[RuleResult],
    result: Result,
    display: Callable[[str], str],
    refused: int,
) -> None:
    """The plugin's summary block, then the counts of what could not be checked."""
    counted: list[Counted] = [("claims", c.platform, c.status, claim_sites(c), own_sites(c)) for c in claims]
    counted += [
        ("rules", r.platform, r.status, {(b.file, b.line, b.code) for b in r.blind_spots}, set()) for r in rules
    ]
    for line in summary_lines(counted, result.platforms, display, source_reader(result.config.root)):
        print(line, file=out)
    if refused:
        print(f"refused directives: {refused}", file=out)
    if result.problems:
        unreadable = len(result.problems)
        print(f"unreadable files: {unreadable} (their claims are not checked: the run does not pass)", file=out)


def _write_reports(reports: list[Path], results: list[Result], quiet: bool, out: TextIO, err: TextIO) -> bool:
    """Write every report asked for (one that cannot be written does not stop the others); False if one failed.
    Several projects make one report, its paths relative to the current directory."""
    written = True
    for report in reports:
        try:
            write_reports(report, results, Path(os.getcwd()), __version__)
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or error
            print(f"{PROG} check: could not write the report {report}: {reason}", file=err)
            written = False
            continue
        if not quiet:
            print(f"claims report written to {report}", file=out)
    return written


def _reports(paths: list[Path]) -> list[Path]:
    """The `--report` paths, each once in the order given, every suffix checked (a usage error names the first
    that picks no format)."""
    reports = list(dict.fromkeys(paths))
    for path in reports:
        try:
            report_format(path)
        except ValueError as error:
            raise UsageError(f"{PROG} check: --report {path}: {error}") from None
    return reports


def _shown(error: DirectiveError, display: Callable[[str], str]) -> str:
    """A refused directive or an unreadable file, its path shown relative to the current directory."""
    return str(dataclasses.replace(error, file=display(error.file)))


def _unused_tables(tables: list[str], display: Callable[[str], str], verbose: bool) -> list[str]:
    """One line per unused table when there are few or `-v` asks; else one line with their count (a check of a
    directory holding many projects, such as /tmp, must not bury its result)."""
    if len(tables) <= 3 or verbose:
        return [_unused_table(table, display) for table in tables]
    return [
        f"not used by this run: {len(tables)} [tool.claims] tables below the project root, the first in"
        f" {display(tables[0])} (-v lists them; each project is checked with `{PROG} check DIR`)"
    ]


def _unused_table(table: str, display: Callable[[str], str]) -> str:
    """A `[tool.claims]` table below the project root: this run did not use it (semantics §9)."""
    directory = display(table.rsplit("/", 1)[0])
    return (
        f"not used by this run: the [tool.claims] table in {display(table)} (its project is checked with "
        f"`{PROG} check {directory}`)"
    )


def _show(
    out: TextIO,
    nodeid: str,
    item: ClaimResult | RuleResult,
    skip: bool,
    args: argparse.Namespace,
    sources: Sources,
    display: Callable[[str], str],
) -> bool:
    """Print one item as the plugin would report it; True when it fails the run."""
    if item.status == "held":
        if args.verbose:
            spots = len(item.blind_spots) if isinstance(item, ClaimResult) else 0
            print(f"{nodeid} HELD" + (f" ({plural(spots, 'blind spot')})" if spots else ""), file=out)
        return False
    if isinstance(item, ClaimResult):
        text = failure_text(item.function, item.claims, item.status, item.violations, item.frontier, sources, display)
    else:
        text = rule_failure_text(item, sources, display)
    if item.status == "unevaluable" and skip:
        print(f"{nodeid} SKIPPED: {text.splitlines()[0]}", file=out)
        return False
    print(f"{nodeid} {item.status.upper()}", file=out)
    print(text, file=out)
    print(file=out)
    return True
