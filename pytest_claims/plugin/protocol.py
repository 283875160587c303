"""The fast path around pytest's run protocol: a static item runs its phases directly (`StaticItem.run_directly`)
when no other plugin or option could act in them."""

from __future__ import annotations

import pytest

from pytest_claims.plugin.items import StaticItem
from pytest_claims.plugin.state import STATE

_PHASE_HOOKS = ("pytest_runtest_protocol", "pytest_runtest_setup", "pytest_runtest_call", "pytest_runtest_teardown")
"""The hooks a direct run leaves out: the phases, and the protocol itself (ours answers first, so any other
plugin's or conftest's protocol, a quarantine or a rerun, would never be asked)."""
_INERT_PHASE_PLUGINS = ("_pytest.", "pytest_claims.", "_hypothesis_pytestplugin")
"""Modules whose phase hooks do nothing a static item can show: pytest's own (captured output and logs of a
`runtest` that prints and logs nothing; fixtures, marks and set-up collectors a static item does not have), ours,
and Hypothesis's (it acts only on items with a test function, `item.obj`)."""


def _runs_directly(config: pytest.Config) -> bool:
    """Whether static items may skip the phase hooks (`StaticItem.run_directly`): only when no plugin or conftest
    outside `_INERT_PHASE_PLUGINS` hooks a phase or the run protocol, and no option shows or stops in the phases
    (`--pdb`, `--trace`, `--setup-show`, `--setup-only`, `--setup-plan`)."""
    if any(config.getoption(name, False) for name in ("usepdb", "trace", "setupshow", "setuponly", "setupplan")):
        return False
    for name in _PHASE_HOOKS:
        for impl in getattr(config.pluginmanager.hook, name).get_hookimpls():
            module = getattr(impl.function, "__module__", None) or ""
            if not (module.startswith(_INERT_PHASE_PLUGINS) or module in _INERT_PHASE_PLUGINS):
                return False
    return True


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """A static item marked by nothing but `claims` runs directly (`StaticItem.run_directly`) when the session
    allows it; anything else, such as an item a conftest marked `skip` or `xfail`, takes pytest's own protocol.
    So does the session's last item: its teardown is where pytest tears the session down (session-scoped
    fixtures of the tests before it), and an error there is reported as that item's."""
    if not isinstance(item, StaticItem) or nextitem is None:
        return None
    state = item.config.stash.get(STATE, None)
    if state is None:
        return None
    if state.direct is None:
        state.direct = _runs_directly(item.config)
    if not state.direct or any(node.own_markers for node in item.listchain()[:-1]) or len(item.own_markers) != 1:
        return None
    item.run_directly()
    return True
