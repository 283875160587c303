"""What the terminal shows of the claims: the summary block at the end, and a held item's blind spots on its
`-v` line."""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Any

import pytest

from pytest_claims.output.hints import source_reader
from pytest_claims.output.messages import excluded_line, rule_item_name
from pytest_claims.output.summary import Counted, claim_sites, own_sites, summary_lines
from pytest_claims.plugin.paths import nodeid_path
from pytest_claims.plugin.state import STATE, ClaimsState, session_states


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """One short block (semantics §9, `output.summary`): per kind and platform held / violated / unevaluable, with how
    many held claims have blind spots and at how many sites, the sites that hide the most claims (paths as in
    failure texts); then how long the analysis took. A run over several projects shows a block per project, each
    after a line naming it (its root as the failure texts show paths)."""
    states = session_states(config)
    blocks = [(state, _summary_block(config, state)) for state in states]
    if not any(lines for _, lines in blocks) and not (states and states[0].report_message):
        return
    terminalreporter.section("claims")
    for state, lines in blocks:
        if len(states) > 1:
            shown = posixpath.normpath(state.display("."))
            terminalreporter.line(f"project {shown}" + ("" if lines else ": no claim item of it ran"))
        for line in lines:
            terminalreporter.line(line)
    if len(states) > 1 and states[0].observed is not None:
        first = posixpath.normpath(states[0].display("."))
        terminalreporter.line(f"warning: --claims-observe judged the claims of project {first} only")
    for message in states[0].report_message.splitlines():
        terminalreporter.line(message)


def _summary_block(config: pytest.Config, state: ClaimsState) -> list[str]:
    """One project's summary lines (none when it has nothing to say)."""
    expected = _expected_items(config, state)
    counted = [expected[key] for key in state.outcomes if key in expected]
    if not counted and not state.problems and not state.excluded and not state.usage:
        changed = state.payload.get("changed", (None, ""))[1]
        return [changed] if changed else []
    lines = summary_lines(counted, display=state.display, context=source_reader(state.config.root))
    if state.analysis is not None and counted:
        seconds, parsed, cached, reused = state.analysis
        line = f"analysis: {seconds:.2f} s, {parsed} file{'' if parsed == 1 else 's'} parsed, {cached} read from cache"
        if reused:
            line += f", {reused} verdict{'' if reused == 1 else 's'} reused"
        lines.append(line)
    changed = state.payload.get("changed", (None, ""))[1]
    if changed:
        lines.append(changed)
    lines += _unchecked_lines(state)
    lines += [f"warning: {line}" for line in state.usage]
    return lines


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, str] | None:
    """A held claim or rule whose walk met calls it could not follow says so on its `-v` line: `PASSED (held,
    2 blind spots)`. Its category and letter stay those of a pass, so counts and `-q` output do not change."""
    if report.when != "call" or not report.passed or hasattr(report, "wasxfail") or "claims" not in report.keywords:
        return None
    state = config.stash.get(STATE, None)
    if state is None:
        return None
    if state.blind_counts is None:  # once per session, on the process that shows the reports
        state.blind_counts = {k: v for each in session_states(config) for k, v in _blind_counts(config, each).items()}
    count = state.blind_counts.get((report.nodeid, report.location[1] or 0), 0)
    if not count:
        return None
    return "passed", ".", f"PASSED (held, {count} blind spot{'' if count == 1 else 's'})"


def _blind_counts(config: pytest.Config, state: ClaimsState) -> dict[tuple[str, int], int]:
    """(node id, reported line) -> the number of blind-spot sites of each held claim and rule that has some.
    An xdist worker's payload has no blind spots: only the controller, which shows the reports, counts them."""
    rootdir = Path(str(config.rootpath))
    out: dict[tuple[str, int], int] = {}
    paths: dict[str, str] = {}
    for claim in state.payload["claims"]:
        if claim.status != "held" or not claim.blind:
            continue
        path = paths.get(claim.file)
        if path is None:
            path = paths[claim.file] = nodeid_path(state.config.root / claim.file, rootdir)
        out[f"{path}::{claim.qualname}[{claim.platform}]", claim.line - 1] = len(claim_sites(claim))
    if state.config.file is not None:
        path = nodeid_path(state.config.file, rootdir)
        for rule in state.rules:
            sites = {(b.file, b.line, b.code) for b in rule.blind_spots}
            if rule.status == "held" and sites:
                out[f"{path}::{rule_item_name(rule)}", max(rule.line - 1, 0)] = len(sites)
    return out


def _unchecked_lines(state: ClaimsState) -> list[str]:
    """What the run could not check: a line per unreadable file or unlistable directory, and one line naming the
    files `exclude` leaves out that hold claims (excluded on purpose, so they do not fail the run)."""
    lines = [f"unreadable: {problem}" for problem in state.problems]
    if state.excluded:
        lines.append(excluded_line(state.excluded))
    return lines


def _expected_items(config: pytest.Config, state: ClaimsState) -> dict[tuple[str, int], Counted]:
    """(node id, reported line) -> what the analysis says of that item, computed from the analysis so the xdist
    controller, which collects no items itself, can count what its workers ran."""
    rootdir = Path(str(config.rootpath))
    out: dict[tuple[str, int], Counted] = {}
    paths: dict[str, str] = {}
    for claim in state.payload["claims"]:
        path = paths.get(claim.file)
        if path is None:
            path = paths[claim.file] = nodeid_path(state.config.root / claim.file, rootdir)
        key = (f"{path}::{claim.qualname}[{claim.platform}]", claim.line - 1)
        if key in state.outcomes:  # the sites of a claim no item ran are never counted
            out[key] = ("claims", claim.platform, claim.status, claim_sites(claim), own_sites(claim))
    if state.config.file is not None:
        path = nodeid_path(state.config.file, rootdir)
        for rule in state.rules:
            blind = {(b.file, b.line, b.code) for b in rule.blind_spots}
            key = (f"{path}::{rule_item_name(rule)}", max(rule.line - 1, 0))
            out[key] = ("rules", rule.platform, rule.status, blind, set())
    return out
