"""`--claims-changed[=REV]`: only the claims a change since REV can affect run; the rest are deselected."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from pytest_claims.changes import selection
from pytest_claims.plugin.items import ClaimItem, UnaffectedClaim
from pytest_claims.plugin.state import Changed, ClaimsState

if TYPE_CHECKING:
    from pytest_claims.engine import Run


def changed_selection(config: pytest.Config, run: Run) -> Changed:
    """The claims to run (None: all) and what the summary says of the choice, for a run given `--claims-changed`."""
    rev = config.getoption("claims_changed", None)
    if rev is None:
        return None, ""
    chosen, line = selection(run, rev, frozenset(error.file for error in run.errors))  # a refused file is no item
    if chosen is None:
        return None, line
    names = {(c.module, c.function_index): (c.module, c.qualname, c.line) for c in run.claimed}
    return frozenset((*names[module, index], platform) for module, index, platform in chosen), line


def deselect(config: pytest.Config, state: ClaimsState, items: list[pytest.Item]) -> None:
    """The claims of `state` that `--claims-changed` leaves out (collected as `UnaffectedClaim`s), deselected as
    pytest deselects (`-k`)."""
    chosen, _ = state.payload["changed"]
    if chosen is None:
        return
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        if (isinstance(item, UnaffectedClaim) and item.state is state) or (
            isinstance(item, ClaimItem) and item.state is state and item.key not in chosen
        ):
            dropped.append(item)
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
