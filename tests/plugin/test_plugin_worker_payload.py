"""The xdist controller pickles the analysis once and hands every worker the same bytes: the claims less their
blind spots, which only the controller reads (the summary, the reports, `--claims-observe`)."""

from __future__ import annotations

import pickle
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pytest_claims import plugin
from pytest_claims.config import load_config
from pytest_claims.plugin.state import STATE
from pytest_claims.records import BlindCalls, ClaimResult, Violation


def test_the_payload_is_pickled_once_for_every_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    payload = {"claims": [], "errors": [], "problems": [], "platforms": ("linux",), "rules": [], "modules": []}
    state = plugin.ClaimsState(load_config(tmp_path), None, payload)
    stash = pytest.Stash()
    stash[STATE] = state
    dumps: list[object] = []
    real_dumps = pickle.dumps

    def counting(obj: object, *args: Any, **kwargs: Any) -> bytes:
        dumps.append(obj)
        return real_dumps(obj, *args, **kwargs)

    monkeypatch.setattr(pickle, "dumps", counting)
    nodes = [SimpleNamespace(config=SimpleNamespace(stash=stash), workerinput={}) for _ in range(3)]
    for node in nodes:
        plugin.pytest_configure_node(node)
    assert len(dumps) == 1
    sent = {id(node.workerinput["claims_payload"]) for node in nodes}
    assert len(sent) == 1
    assert pickle.loads(nodes[0].workerinput["claims_payload"]) == payload
    assert all(node.workerinput["claims_root"] == str(tmp_path) for node in nodes)


def test_workers_get_every_claim_less_its_blind_spots(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    violation = Violation("deterministic", "call", "time.time", "pkg/m.py", 3, ("pkg.m.f",))
    blind = (BlindCalls("pkg/m.py", ("pkg.m.f",), ((4, "handler()"),)),)
    claim = ClaimResult("pkg.m.f", "pkg.m", "f", "pkg/m.py", 1, ("deterministic",), "linux", "violated",
                        (violation,), (), blind)  # fmt: skip
    payload = {"claims": [claim], "errors": [], "problems": [], "platforms": ("linux",), "rules": [], "modules": []}
    state = plugin.ClaimsState(load_config(tmp_path), None, payload)
    stash = pytest.Stash()
    stash[STATE] = state
    node = SimpleNamespace(config=SimpleNamespace(stash=stash), workerinput={})
    plugin.pytest_configure_node(node)
    sent = pickle.loads(node.workerinput["claims_payload"])
    assert sent["claims"] == [claim._replace(blind=())]
    assert {k: v for k, v in sent.items() if k != "claims"} == {k: v for k, v in payload.items() if k != "claims"}
    assert state.payload["claims"][0].blind == blind  # the controller keeps its own
