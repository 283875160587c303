"""The plugin's command-line options, checked when pytest configures itself (a bad value is a usage error before
anything runs), and the platforms they ask for."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims.changes import DEFAULT_REV
from pytest_claims.config import ConfigError, sweep_env
from pytest_claims.plugin.projects import tool_claims
from pytest_claims.vocabulary import SWEEP_ENVS


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("claims", "static claims (pytest-claims)")
    group.addoption("--no-claims", action="store_true", default=False, help="do not check claims")
    group.addoption(
        "--claims-platform",
        action="store",
        default=None,
        metavar="PLATFORMS",
        help="target platform(s) instead of the host, comma separated (e.g. win32,darwin)",
    )
    group.addoption(
        "--claims-all-platforms",
        action="store_true",
        default=False,
        help=f"check every platform in `platforms` (also: {' or '.join(f'{name}=1' for name in SWEEP_ENVS)})",
    )
    group.addoption(
        "--claims-changed",
        action="store",
        nargs="?",
        const=DEFAULT_REV,
        default=None,
        metavar="REV",
        help="run only the claims whose stored verdicts depend on a file changed since REV (default HEAD: the "
        "working tree's changes, untracked files included); the others are deselected. Write REV as "
        "--claims-changed=REV",
    )
    group.addoption(
        "--claims-report",
        action="append",
        default=[],
        metavar="PATH",
        help="write a report, by suffix: .json the JSON report, .md the catalogue, .sarif or .sarif.json SARIF; "
        "may be given several times",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "claims: a static claim item from pytest-claims")
    if config.getoption("no_claims"):
        return
    try:
        tool_claims(config)
        sweep_env()  # a bad value is a usage error now, before anything runs (semantics §8)
    except ConfigError as exc:
        raise pytest.UsageError(str(exc)) from None
    for target in config.getoption("claims_report") or ():
        from pytest_claims.output.report import report_format  # loaded only when a report is asked for

        try:
            report_format(Path(target))
        except ValueError as exc:
            raise pytest.UsageError(f"--claims-report: {exc}") from None


def requested_platforms(config: pytest.Config) -> tuple[list[str] | None, bool]:
    option = config.getoption("claims_platform")
    requested = [p.strip() for p in option.split(",") if p.strip()] if option else None
    try:
        sweep = bool(config.getoption("claims_all_platforms")) or sweep_env()
    except ConfigError as exc:
        raise pytest.UsageError(str(exc)) from None
    return requested, sweep
