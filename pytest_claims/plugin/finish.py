"""The session's end: a run that could not read a claiming file does not pass, and `--claims-report` is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_claims import __version__
from pytest_claims.plugin.state import session_states


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write `--claims-report` once, from the process that ran the analysis (the xdist controller).

    A run in which some claiming file could not be read does not pass: its claims were not checked
    (fail closed), even though every item that could be collected passed."""
    config = session.config
    states = [state for state in session_states(config) if state.result is not None]
    if not states:
        return
    state = states[0]
    passing = (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED)  # every claiming file unreadable: 5
    if any(s.problems for s in states) and session.exitstatus in passing and not config.option.collectonly:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    messages = []
    results = [s.result for s in states if s.result is not None]
    for target in dict.fromkeys(config.getoption("claims_report", None) or ()):
        from pytest_claims.output.report import write_reports

        path = Path(str(config.invocation_params.dir)) / target
        try:
            # several projects: one report, its paths from the rootdir, each result naming its project
            write_reports(path, results, Path(str(config.rootpath)), __version__, state.observed)
        except OSError as exc:
            messages.append(f"could not write the claims report {target}: {exc.strerror or exc}")
        else:
            messages.append(f"claims report written to {target}")
    state.report_message = "\n".join(messages)
