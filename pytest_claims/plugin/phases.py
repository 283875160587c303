"""One phase of an item's run as pytest's own `call_and_report` runs it, with any function in place of the phase's
hook: what a static item's direct run (`StaticItem.run_directly`) is made of."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import pytest


def nothing() -> None:
    """A phase with nothing to do (a static item's setup and teardown)."""


def run_phase(
    item: pytest.Item, ihook: Any, when: Literal["setup", "call", "teardown"], run: Callable[[], None]
) -> None:
    """One phase as pytest's `call_and_report` runs it, with `run` in place of the phase's hook (`ihook`: the
    item's, looked up once for its three phases)."""
    call = pytest.CallInfo.from_call(run, when=when, reraise=(pytest.exit.Exception, KeyboardInterrupt))
    report = ihook.pytest_runtest_makereport(item=item, call=call)
    ihook.pytest_runtest_logreport(report=report)
    excinfo = call.excinfo
    if excinfo is not None and not hasattr(report, "wasxfail") and not isinstance(excinfo.value, pytest.skip.Exception):
        ihook.pytest_exception_interact(node=item, call=call, report=report)
