"""The fuzzing campaign in miniature: generated, mutated, deeply nested and raw sources through the extractor
and the checker, bounded so the suite stays fast. The long run is `python tests/fuzz/campaign.py`."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_claims.analysis.extraction import extract_fresh
from pytest_claims.persist.cache import FactsCache


def _load_campaign() -> ModuleType:
    path = Path(__file__).resolve().parent / "campaign.py"
    spec = importlib.util.spec_from_file_location("claims_fuzz_campaign", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:
    from tests.fuzz import campaign  # loaded by its path at run time, under a name of its own
else:
    campaign = _load_campaign()
BOUNDED = settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[campaign.Workspace]:
    yield campaign.Workspace.create(tmp_path_factory.mktemp("fuzz"))


def run(source: str | bytes, workspace: campaign.Workspace) -> None:
    """The campaign's oracle, with a default interpreter's stack headroom (hypothesis raises the limit)."""
    campaign.default_stack(lambda: campaign.exercise(source, workspace))


@BOUNDED
@given(source=campaign.generated_source())
def test_generated_sources(workspace: campaign.Workspace, source: str) -> None:
    run(source, workspace)


@BOUNDED
@given(source=campaign.mutated_source())
def test_mutated_sources(workspace: campaign.Workspace, source: str | bytes) -> None:
    run(source, workspace)


@settings(BOUNDED, max_examples=15)
@given(source=campaign.deep_source())
def test_deeply_nested_sources(workspace: campaign.Workspace, source: str) -> None:
    run(source, workspace)


@settings(BOUNDED, max_examples=40)
@given(source=campaign.raw_source)
def test_raw_text_and_bytes(workspace: campaign.Workspace, source: str | bytes) -> None:
    run(source, workspace)


@pytest.mark.parametrize(("shape", "depth"), [("not", 200), ("not", 400), ("aliases", 300)])
def test_deep_conditions_are_cached_and_read_back_on_a_default_stack(tmp_path: Path, shape: str, depth: int) -> None:
    """Found by `test_deeply_nested_sources`: facts of `if not not ... sys.platform == "win32":` a few hundred deep
    were cached, then checking their shape when read back ran out of a default interpreter's stack. Conditions in
    facts stay shallow (`conditions.MAX_COND_DEPTH`), so every file's facts go through the cache."""
    data = ("# claims: deterministic\n" + campaign.DEEP_SHAPES[shape](depth)).encode()
    digest = hashlib.sha256(data).hexdigest()

    def through_the_cache() -> None:
        facts = extract_fresh(data, "pkg/target.py")
        assert facts.problems == () and facts.conds
        cache = FactsCache(tmp_path)
        cache.put(digest, facts)
        assert cache.get(digest) == facts

    campaign.default_stack(through_the_cache)


@pytest.mark.parametrize("shape", sorted(campaign.DEEP_SHAPES))
def test_every_deep_shape_at_the_parser_limit_and_past_it(workspace: campaign.Workspace, shape: str) -> None:
    for depth in (99, 1_000, 10_000):
        run("# claims: deterministic\n" + campaign.DEEP_SHAPES[shape](depth), workspace)


@settings(BOUNDED, max_examples=40)
@given(data=st.binary(min_size=1, max_size=64), at=st.integers(0, 10_000))
def test_garbage_spliced_into_a_real_file(workspace: campaign.Workspace, data: bytes, at: int) -> None:
    text = campaign.CORPUS[at % len(campaign.CORPUS)].encode()
    cut = at % (len(text) + 1)
    run(text[:cut] + data + text[cut:], workspace)


@settings(BOUNDED, max_examples=30)
@given(state=campaign.hostile_state())
def test_hostile_file_system_state(tmp_path_factory: pytest.TempPathFactory, state: campaign.HostileState) -> None:
    """Symlinked packages, symlink loops, FIFOs, unlistable and unreadable entries, stdlib-named project modules:
    no traceback, every problem reported, no sentinel claim held."""
    campaign.default_stack(lambda: campaign.exercise_state(state, tmp_path_factory.mktemp("state")))


@settings(BOUNDED, max_examples=30)
@given(drawn=campaign.binding_source())
def test_hostile_bindings_never_give_a_wrong_held(workspace: campaign.Workspace, drawn: tuple[str, str]) -> None:
    campaign.default_stack(lambda: campaign.exercise_bindings(drawn[0], workspace))


@pytest.mark.parametrize("form", campaign.BINDING_FORMS)
def test_every_binding_form_with_the_plain_decorator(workspace: campaign.Workspace, form: str) -> None:
    imports, directive = campaign.SPELLINGS["decorator"]
    source = (
        f"import contextlib\nimport os\nimport sys\n{imports}\n\n{form}\n\n\n{directive}\ndef f():\n    return h('X')\n"
    )
    campaign.exercise_bindings(source, workspace)


@pytest.mark.parametrize("spelling", sorted(campaign.SPELLINGS))
def test_every_spelling_of_the_directive(workspace: campaign.Workspace, spelling: str) -> None:
    imports, directive = campaign.SPELLINGS[spelling]
    trailing = "  # claims: deterministic" if spelling == "trailing" else ""
    source = f"import os\n{imports}\n\nh = VALUE\n\n\n{directive}\ndef f():{trailing}\n    return h('X')\n"
    campaign.exercise_bindings(source, workspace)


@settings(BOUNDED, max_examples=30)
@given(state=campaign.hostile_cache)
def test_hostile_cache_state(workspace: campaign.Workspace, state: campaign.CacheState) -> None:
    """Entries under wrong keys, from another configuration, of a shape never written: no stale verdict, no
    traceback."""
    campaign.exercise_cache(state, workspace)


@settings(BOUNDED, max_examples=10)
@given(layouts=campaign.moving_layouts())
def test_modules_moving_between_runs(workspace: campaign.Workspace, layouts: tuple[campaign.MovingLayout, ...]) -> None:
    """A module renamed into a package, out of one, into a subpackage, beside a same-named folder without
    `__init__.py`: after each change a run on the cache gives what a run without one gives."""
    campaign.default_stack(lambda: campaign.exercise_layouts(layouts, workspace))


def test_a_module_moved_into_its_package_on_a_warm_cache(workspace: campaign.Workspace) -> None:
    """The move the stores once missed (`pkg/b.py` to `pkg/b/__init__.py`, same bytes: `.x` becomes `pkg.b.x`),
    and back out beside the folder it leaves."""
    relay = (("module", "relay"),), frozenset[str]()
    moved = (("package", "relay"),), frozenset({"pkg/b"})
    back = (("module", "relay"),), frozenset({"pkg/b"})
    campaign.exercise_layouts((relay, moved, back, relay), workspace)


@pytest.mark.parametrize("shape", sorted(campaign.FAIL_CLOSED_SHAPES))
def test_fail_closed_shapes_are_never_held(workspace: campaign.Workspace, shape: str) -> None:
    """Shadowed platform names, `except ImportError:` handlers kept live by a statement other than a stdlib
    import, a rebound `self` / `cls`: no crash, runs agree byte for byte, cold and warm, and where the generator
    knows the capability is reachable the claim is not held."""

    @settings(BOUNDED, max_examples=6, derandomize=True)
    @given(drawn=campaign.FAIL_CLOSED_SHAPES[shape]())
    def one(drawn: campaign.FailClosed) -> None:
        campaign.default_stack(lambda: campaign.exercise_fail_closed(drawn, workspace))

    one()
