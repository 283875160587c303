"""A verdict must not depend on the order the engine happens to work in: a memoised answer that lost what it
read (module state reached through a name another module looked up first) made later readers `held`."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pytest_claims import engine
from pytest_claims.analysis import reading
from pytest_claims.config import load_config
from pytest_claims.engine import Resolvers, check, load
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import Claimed, ClaimResult
from tests.persist.helpers import package

FIXTURE = Path(__file__).resolve().parents[2] / "testdata" / "violations"
PLATFORMS = ["linux", "win32"]


Reorder = Callable[[list[Claimed]], list[Claimed]]


def _results(monkeypatch: pytest.MonkeyPatch, reorder: Reorder | None = None) -> tuple[ClaimResult, ...]:
    """Every verdict on the fixture tree, the claims walked in the order `reorder` gives them."""
    if reorder is not None:
        read = reading.read_claims

        def reordered(*args: Any) -> tuple[list[Claimed], Any, Any]:
            claimed, errors, problems = read(*args)
            return reorder(claimed), errors, problems

        monkeypatch.setattr(engine, "read_claims", reordered)
    return check(FIXTURE, PLATFORMS).claims


def _shuffled(claimed: list[Claimed]) -> list[Claimed]:
    out = list(claimed)
    random.Random(12).shuffle(out)
    return out


@pytest.mark.parametrize("reorder", [lambda claimed: claimed[::-1], _shuffled], ids=["reversed", "shuffled"])
def test_verdicts_do_not_depend_on_the_order_claims_are_walked(
    monkeypatch: pytest.MonkeyPatch, reorder: Reorder
) -> None:
    plain = _results(monkeypatch)
    assert any(r.status == "violated" for r in plain) and any(r.status == "held" for r in plain)
    with monkeypatch.context() as patched:
        assert _results(patched, reorder) == plain


def test_a_summary_is_what_a_fresh_resolver_computes() -> None:
    """Every function's summary after all the others were computed (whatever they memoised) equals the one a
    resolver that computed nothing before gives."""
    config = load_config(FIXTURE)
    project = load(config)
    keys = [
        (name, index)
        for name in sorted(project.index.modules)
        if project.index.modules[name].path is not None
        for index in range(len(project.modules[name].facts.functions))
    ]
    busy = Resolvers(project, config, ("linux",))("linux")
    after_all = {key: busy.summary(key) for key in keys}
    differ = [key for key in keys if Resolvers(project, config, ("linux",))("linux").summary(key) != after_all[key]]
    assert len(keys) > 200
    assert differ == []


def test_the_fixture_reads_state_through_another_modules_name() -> None:
    """The shape this test file guards: readers in two modules of one module's state, all violated."""
    results = {(r.function, r.platform): r.status for r in check(FIXTURE, ["linux"]).claims}
    for reader in ("state_readers_a.first_reader", "state_readers_b.second_reader", "state_readers_b.through_module"):
        assert results[f"vio.{reader}", "linux"] == "violated"
    for constant in ("state_readers_a.reads_a_constant", "state_readers_b.reads_a_constant_too"):
        assert results[f"vio.{constant}", "linux"] == "held"


def test_a_summary_in_a_context_is_what_a_fresh_resolver_computes(tmp_path: Path) -> None:
    """Every context (receiver, literal arguments) a whole run summarised a function in, after all the others were
    computed (a context's uses are replayed from the first one's tape where they asked nothing of it), equals what
    a resolver that computed nothing before gives: `order_cases.Sender.send` entered with `sender=None` after its
    receiver context passes `None` on to `_stamp` all the same."""
    run = engine.open_run(FIXTURE, ["linux"], cache=FactsCache(tmp_path))  # the modules read recorded too
    run.judge([(c.module, c.function_index, "linux") for c in run.claimed])
    assert run.resolvers is not None
    entered = dict(run.resolvers("linux").summaries._receivers)  # every context the run computed
    differ = [
        node
        for node, summary in entered.items()
        if Resolvers(run.project, run.config, ("linux",))("linux").summary_for(node) != summary
    ]
    assert len(entered) > 200
    assert any(node.module == "vio.order_cases" and node.args for node in entered)
    assert differ == []


GEO = """\
from pkg.base import Transform


class Mixin:
    def run(self):
        return 0


class Func:
    def run(self):
        return 1


class GeoFunc(Mixin, Func):
    pass


class IsEmpty(Mixin, Transform):  # `Transform` is the imported class or the one below: both are its bases
    pass


class Transform(GeoFunc):
    pass
"""


def test_a_class_order_does_not_depend_on_which_class_was_linearised_first(tmp_path: Path) -> None:
    """`IsEmpty` queues `Mixin`, then linearises `Transform` -> `GeoFunc`, whose base `Mixin` is queued but not
    started: it is linearised first, so `GeoFunc`'s order is exact (its `run` is `Mixin.run` alone) as it is
    when `GeoFunc` is asked for on its own."""
    root = package(tmp_path / "project", {"base": "class Transform:\n    pass\n", "geo": GEO})
    config = load_config(root)
    project = load(config)
    classes = {c.qualname: i for i, c in enumerate(project.modules["pkg.geo"].facts.classes)}

    def order(first: str | None) -> tuple[list[tuple[str, int]], bool]:
        hierarchy = Resolvers(project, config, ("linux",))("linux").hierarchy
        if first is not None:
            hierarchy.linearised("pkg.geo", classes[first])
        return hierarchy.linearised("pkg.geo", classes["GeoFunc"])

    alone = order(None)
    assert alone[1]  # exact
    assert order("IsEmpty") == alone
