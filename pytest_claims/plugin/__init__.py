"""The pytest plugin (`-p claims`, the `pytest11` entry point): options, one item per claiming function and
platform, the summary, the reports.

The analysis runs once per session: the claims are read before collection, and the verdicts of the items pytest
will run are computed once its selection is final (`collection.pytest_collection_finish`); under xdist the
controller judges every claim before the workers start, and the result travels to them in `workerinput`, so no
worker redoes it. Files of the analysed project are never imported:
when one is named on the command line, it is collected by `ClaimsFile`, not as a Python module.

pytest registers this module: it gathers the hooks of the rooms below, each one job, lowest first: `failures`,
`paths`, `phases` (one phase of a run); `state` (what a session knows, the stash keys); `projects` (which
projects, their configuration), `options`, `workers` (xdist), `items` (the collectors and static items),
`changed` (`--claims-changed`); `session` (the analysis), `collection`, `protocol` (the direct run), `freeze`
(the heap), `terminal` (the summary), `finish` (the session's end, the reports).
"""

from __future__ import annotations

from pytest_claims import unrewritten  # noqa: F401  (first: see pytest_claims.unrewritten)
from pytest_claims.plugin.collection import (
    pytest_collect_file,
    pytest_collection_finish,
    pytest_collection_modifyitems,
    pytest_pycollect_makemodule,
)
from pytest_claims.plugin.failures import ClaimFailure, ClaimsCollectError
from pytest_claims.plugin.finish import pytest_sessionfinish
from pytest_claims.plugin.freeze import pytest_runtestloop, pytest_unconfigure
from pytest_claims.plugin.items import ClaimItem, ClaimsFile, RuleItem, RulesFile, StaticItem
from pytest_claims.plugin.options import pytest_addoption, pytest_configure
from pytest_claims.plugin.paths import nodeid_path, python_files_match
from pytest_claims.plugin.projects import project_roots, tool_claims, tool_claims_all
from pytest_claims.plugin.protocol import pytest_runtest_protocol
from pytest_claims.plugin.session import pytest_sessionstart
from pytest_claims.plugin.state import ClaimsState
from pytest_claims.plugin.terminal import pytest_report_teststatus, pytest_terminal_summary
from pytest_claims.plugin.workers import pytest_configure_node

pytest_plugins = ("pytest_claims.observe.plugin",)  # --claims-observe (semantics §13a)

__all__ = [
    "ClaimFailure",
    "ClaimItem",
    "ClaimsCollectError",
    "ClaimsFile",
    "ClaimsState",
    "RuleItem",
    "RulesFile",
    "StaticItem",
    "nodeid_path",
    "project_roots",
    "pytest_addoption",
    "pytest_collect_file",
    "pytest_collection_finish",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "pytest_configure_node",
    "pytest_plugins",
    "pytest_pycollect_makemodule",
    "pytest_report_teststatus",
    "pytest_runtest_protocol",
    "pytest_runtestloop",
    "pytest_sessionfinish",
    "pytest_sessionstart",
    "pytest_terminal_summary",
    "pytest_unconfigure",
    "python_files_match",
    "tool_claims",
    "tool_claims_all",
]
