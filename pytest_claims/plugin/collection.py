"""Collection: the claiming files and the rules a run wants, added to the items pytest collected; a project file
named on the command line collected for its claims, never imported."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_claims.analysis.failures import AnalysisError
from pytest_claims.plugin.changed import deselect
from pytest_claims.plugin.items import ClaimItem, ClaimsFile, RuleItem, RulesFile, StaticItem
from pytest_claims.plugin.paths import is_relative_to, is_test_file, is_under, nodeid_path, real_path
from pytest_claims.plugin.session import judge, progress, stop
from pytest_claims.plugin.state import ClaimsState, claim_key, session_states


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """`pytest pyproject.toml` (or a rule's node id) collects the forbid-reaches rules."""
    for state in session_states(parent.config):
        if not state.rules or state.config.file is None:
            continue
        if parent.session.isinitpath(file_path) and real_path(file_path) == real_path(state.config.file):
            state.collected.add(str(real_path(file_path)))
            return RulesFile.from_parent(parent, path=file_path, state=state)
    return None


def _claims_file(parent: pytest.Collector, state: ClaimsState, rel: str) -> ClaimsFile:
    """A claiming file's collector, at its project-relative path: its node ids say how the project reaches it
    (`shop/x.py` for a package configured as the symlink `shop`), never where the link leads."""
    state.collected.add(rel)
    path = state.config.root / rel
    rootdir = Path(str(parent.config.rootpath))
    if is_under(path, rootdir):
        return ClaimsFile.from_parent(parent.session, path=path, rel=rel, state=state)
    return ClaimsFile.from_parent(parent.session, path=path, rel=rel, state=state, nodeid=nodeid_path(path, rootdir))


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """A project file named on the command line is collected for its claims, never imported."""
    states = session_states(parent.config)
    if not states:
        return None
    real = real_path(module_path)
    for state in states:
        rels = state.claim_files.get(real)
        if rels:
            # the module named as the command line names it, when one file is several modules (`a.py -> b.py`)
            named = [rel for rel in rels if state.config.root / rel == Path(os.path.abspath(module_path))]
            return _claims_file(parent, state, (named or rels)[0])
    for state in states:
        if str(real) in state.modules and not is_test_file(parent.config, module_path):
            # A project module without claims, named on the command line: pytest would import (run) it.
            return ClaimsFile.from_parent(parent.session, path=module_path, state=state)
    return None


def _wanted(config: pytest.Config, state: ClaimsState) -> tuple[list[str], bool]:
    """Claim files this run collects (project-relative): all with no paths or the root; else those whose real
    path lies under a given directory. With them, whether the run collects claims of the configured packages
    at all (then the rules are collected too, semantics §12)."""
    everything = sorted(rel for rels in state.claim_files.values() for rel in rels)
    root = state.config.root
    if config.args_source != pytest.Config.ArgsSource.ARGS:
        return everything, True
    chosen: list[str] = []
    packages = False
    for arg in config.args:
        path = real_path(Path(str(config.invocation_params.dir)) / arg.split("::")[0])
        if path == real_path(root):
            return everything, True
        if path.is_dir():
            holds_package = any(
                is_relative_to(real_path(root / p), path) or is_relative_to(path, real_path(root / p))
                for p in state.config.packages
            )
            if holds_package:
                packages = True
                chosen.extend(
                    rel for real, rels in state.claim_files.items() if is_relative_to(real, path) for rel in rels
                )
    return sorted(set(chosen)), packages


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    collectors: list[pytest.Collector] = []
    states = session_states(config)
    for state in states:
        collectors.extend(_collectors(session, config, state))
    added: list[pytest.Item] = []
    for collector in collectors:
        # Reported like any collection, so a refused directive is a collection error naming file:line.
        report = _collect(collector)
        session.ihook.pytest_collectreport(report=report)
        if report.passed:
            added.extend(r for r in report.result if isinstance(r, pytest.Item))
    items[:0] = added
    for state in states:
        deselect(config, state, items)  # --claims-changed


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """pytest's selection is final (`-k`, `-m`, `--deselect`, `--lf`, a path, a sharding plugin): the analysis
    judges the claim and rule items that will run, and only those (a `--collect-only` run judges none)."""
    config = session.config
    if config.option.collectonly or (session.testsfailed and not config.option.continue_on_collection_errors):
        return  # nothing will run (a collection error stops the session before its first item)
    for state in session_states(config):
        if state.run is None:
            continue
        mine = [item for item in session.items if isinstance(item, StaticItem) and item.state is state]
        claims = [item for item in mine if isinstance(item, ClaimItem)]
        rules = [item for item in mine if isinstance(item, RuleItem)]
        keys = state.payload["keys"]
        state.rules_wanted = state.rules_wanted and bool(rules)
        shown = progress(config, f"claims: checking {len(claims)} claim item{'' if len(claims) == 1 else 's'} ...")
        try:
            judge(state, {keys[item.key] for item in claims})
        except AnalysisError as error:
            stop(config, error)
        finally:
            if shown:
                progress(config, "")
        done = {claim_key(claim): claim for claim in state.payload["claims"]}
        for item in claims:
            item.judged(done[item.key])
        checked = {(rule.id, rule.platform): rule for rule in state.rules}
        for rule_item in rules:
            rule_item.judged(checked[rule_item.rule.id, rule_item.rule.platform])


def _collectors(session: pytest.Session, config: pytest.Config, state: ClaimsState) -> list[pytest.Collector]:
    """The collectors of one project's claiming files and rules that this run wants and pytest did not make."""
    collectors: list[pytest.Collector] = []
    wanted, packages = _wanted(config, state)
    for rel in wanted:
        if rel not in state.collected:
            collectors.append(_claims_file(session, state, rel))
    rules_file = state.config.file
    if state.rules and rules_file is not None and str(real_path(rules_file)) not in state.collected and packages:
        rootdir = Path(str(config.rootpath))
        if is_under(rules_file, rootdir):
            collectors.append(RulesFile.from_parent(session, path=rules_file, state=state))
        else:
            nodeid = nodeid_path(rules_file, rootdir)
            collectors.append(RulesFile.from_parent(session, path=rules_file, state=state, nodeid=nodeid))
    return collectors


def _collect(collector: pytest.Collector) -> pytest.CollectReport:
    """Collect one node through the public hooks, as pytest's own (private) `_pytest.runner.collect_one_node`
    does, minus `--pdb` on a collection error: our collectors raise only `ClaimsCollectError`, a refused
    directive reported by file:line, where a debugger has nothing to show."""
    collector.ihook.pytest_collectstart(collector=collector)
    report: pytest.CollectReport = collector.ihook.pytest_make_collect_report(collector=collector)
    report.__dict__.pop("call", None)  # pytest drops it too: the report must pickle (xdist) and not keep frames
    return report
