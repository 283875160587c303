"""xdist: the controller hands its analysis to each worker, pickled once, instead of each worker redoing it."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from pytest_claims.plugin.state import IDLE, STATE, STATES


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist: hand the controller's analysis to each worker instead of redoing it there (for each project: the
    first under the keys of a single project's run, the others in `claims_more`)."""
    state = node.config.stash.get(STATE, None)
    if state is not None:
        states = node.config.stash.get(STATES, [state])
        for each in states:
            if each.pickled is None:  # once for every worker: the same bytes for each
                each.pickled = pickle.dumps(_for_workers(each.payload))
        node.workerinput["claims_payload"] = state.pickled
        node.workerinput["claims_display_prefix"] = state.display_prefix
        node.workerinput["claims_display_inside"] = state.display_inside
        node.workerinput["claims_root"] = str(state.config.root)
        if len(states) > 1:
            node.workerinput["claims_roots"] = [str(each.config.root) for each in states]
            node.workerinput["claims_more"] = [
                {"payload": each.pickled, "prefix": each.display_prefix, "inside": each.display_inside}
                for each in states[1:]
            ]
    elif node.config.stash.get(IDLE, False):
        node.workerinput["claims_idle"] = True


def _for_workers(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload less what only the controller reads: the claims' keys for the engine (`state.pending_payload`),
    and their blind spots, which feed the summary, the reports and `--claims-observe`, all made by the
    controller from its own copy. A worker's items show their verdicts and failure texts, which never list them.
    On a large project that is half the bytes each worker is sent and unpickles."""
    sent = {key: value for key, value in payload.items() if key != "keys"}  # what `Run.finish` names: not sent
    return {**sent, "claims": [claim._replace(blind=()) for claim in payload["claims"]]}
