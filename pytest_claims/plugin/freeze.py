"""The heap frozen while only static items run: the analysis result, the items and the collected tree stay out of
every later cyclic garbage collection, until the session ends."""

from __future__ import annotations

import gc

import pytest

from pytest_claims.plugin.items import StaticItem
from pytest_claims.plugin.state import STATE

_FROZEN = pytest.StashKey[bool]()
"""Set when this session moved the objects alive before its items ran out of the collector's sight (`_freeze`)."""


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> None:
    """Before the items run: `_freeze` when nothing but static items will run in this process."""
    config = session.config
    if config.stash.get(STATE, None) is None or not all(
        isinstance(item, StaticItem) for item in getattr(session, "items", ())
    ):
        return
    config.stash[_FROZEN] = _freeze()


def _freeze() -> bool:
    """Leave what is alive now out of every later cyclic garbage collection, until `pytest_unconfigure` thaws it.

    The analysis result, the items and the collected tree stay alive for the whole session, yet every full
    collection pytest's per-item reports (and the imports of its summary) set off would scan them all again and
    find nothing among them: on a large project several times what the items' run costs. Only when no test
    code runs here (every item is static, or the xdist controller collects none), so no test can see an object
    of its own kept past a collection; and only when nothing else froze objects (it would be thawed with ours)."""
    if gc.get_freeze_count():
        return False
    gc.freeze()
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Thaw what `_freeze` froze, before pytest's own last collection (unraisable exceptions) sees the heap."""
    if config.stash.get(_FROZEN, False):
        config.stash[_FROZEN] = False
        gc.unfreeze()
