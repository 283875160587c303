"""`pytest-claims check [PATH ...]`: the plugin's verdicts without pytest collecting anything.

Output: a block per failing item (its node id and verdict, then the plugin's failure text), a line per refused
directive and per unreadable file, then the summary (`output.summary`, the plugin's). Node ids and paths are
relative to the project root, as the plugin's are to pytest's rootdir (the same directory when pytest finds the
project's pyproject.toml); the summary's blind-spot sites are relative to the current directory.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TextIO

from pytest_claims import __version__
from pytest_claims.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    PROG,
    Selection,
    Sources,
    cache_for,
    load,
    plural,
    project_root,
    requested_platforms,
    shown_path,
)
from pytest_claims.engine import check
from pytest_claims.output.messages import excluded_line, failure_text, rule_failure_text, rule_item_name
from pytest_claims.output.report import write_report
from pytest_claims.output.summary import claim_sites, summary_lines
from pytest_claims.records import ClaimResult, RuleResult


def run_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    root = project_root(args.paths, args.root)
    config = load(root)
    requested, sweep = requested_platforms(args)
    cache = cache_for(root, not args.no_cache)
    started = time.perf_counter()
    result = check(root, requested, config, sweep=sweep, cache=cache, details=args.report is not None)
    seconds = time.perf_counter() - started
    selected = Selection(root, args.paths, config.file)
    sources = Sources(root)
    skip = config.on_unevaluable == "skip"

    claims = [c for c in result.claims if selected(c.file)]
    rules = list(result.rules) if selected.rules else []
    failed = False
    for claim in claims:
        failed |= _show(out, f"{claim.file}::{claim.qualname}[{claim.platform}]", claim, skip, args, sources)
    for rule in rules:
        failed |= _show(out, f"{config.file_rel()}::{rule_item_name(rule)}", rule, skip, args, sources)
    refused = [error for error in result.errors if selected(error.file)]
    for error in refused:
        print(f"refused: {error}", file=out)
    for problem in result.problems:
        print(f"unreadable: {problem}", file=out)

    if not args.quiet:
        counted = [("claims", c.platform, c.status, claim_sites(c)) for c in claims]
        counted += [("rules", r.platform, r.status, {(b.file, b.line, b.code) for b in r.blind_spots}) for r in rules]
        for line in summary_lines(counted, result.platforms, shown_path(root)):
            print(line, file=out)
        if refused:
            print(f"refused directives: {len(refused)}", file=out)
        if result.problems:
            unreadable = len(result.problems)
            print(f"unreadable files: {unreadable} (their claims are not checked: the run does not pass)", file=out)
        if result.excluded:
            print(excluded_line(result.excluded), file=out)
        print(
            f"analysis: {seconds:.2f} s ({cache.parsed} files parsed, {cache.hits} from the cache,"
            f" {result.reused} verdicts reused)",
            file=out,
        )

    status = EXIT_OK
    if failed or result.problems:
        status = EXIT_FAILED
    if refused:
        status = EXIT_REFUSED
    if args.report is not None:
        try:
            write_report(Path(args.report), result, result.rules, __version__)
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or error
            print(f"{PROG} check: could not write the report {args.report}: {reason}", file=err)
            return EXIT_USAGE
        if not args.quiet:
            print(f"claims report written to {args.report}", file=out)
    return status


def _show(
    out: TextIO,
    nodeid: str,
    item: ClaimResult | RuleResult,
    skip: bool,
    args: argparse.Namespace,
    sources: Sources,
) -> bool:
    """Print one item as the plugin would report it; True when it fails the run."""
    if item.status == "held":
        if args.verbose:
            spots = len(item.blind_spots) if isinstance(item, ClaimResult) else 0
            print(f"{nodeid} HELD" + (f" ({plural(spots, 'blind spot')})" if spots else ""), file=out)
        return False
    if isinstance(item, ClaimResult):
        text = failure_text(item.function, item.claims, item.status, item.violations, item.frontier, sources)
    else:
        text = rule_failure_text(item, sources)
    if item.status == "unevaluable" and skip:
        print(f"{nodeid} SKIPPED: {text.splitlines()[0]}", file=out)
        return False
    print(f"{nodeid} {item.status.upper()}", file=out)
    print(text, file=out)
    print(file=out)
    return True

