"""A session running nothing but static items keeps what is alive before they run out of later full garbage
collections (`gc.freeze`), and thaws it at the end; a session running tests of its own never freezes."""

from __future__ import annotations

import gc
import textwrap

import pytest

from pytest_claims.plugin import StaticItem

PYPROJECT = """
[tool.claims]
packages = ["src/shop"]
"""

PRICING = """
import time


# claims: deterministic
def quote(amount):
    return amount * 2, time.time()


# claims: deterministic
def total(prices):
    return sum(prices)


# claims: deterministic
def half(amount):
    return amount / 2
"""


@pytest.fixture
def frozen(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A project with three claims; the list gets `gc.get_freeze_count()` as each item runs directly."""
    pytester.makepyprojecttoml(PYPROJECT)
    (pytester.path / "src" / "shop").mkdir(parents=True)
    (pytester.path / "src" / "shop" / "__init__.py").write_text("")
    (pytester.path / "src" / "shop" / "pricing.py").write_text(textwrap.dedent(PRICING))
    counts: list[int] = []
    run_directly = StaticItem.run_directly

    def spy(self: StaticItem) -> None:
        counts.append(gc.get_freeze_count())
        run_directly(self)

    monkeypatch.setattr(StaticItem, "run_directly", spy)
    return counts


def test_static_items_run_with_the_heap_frozen_and_thawed_after(pytester: pytest.Pytester, frozen: list[int]) -> None:
    if gc.get_freeze_count():
        pytest.skip("this process froze objects already: the plugin leaves the collector alone")
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2, failed=1)
    assert len(frozen) == 2  # the last item takes pytest's own protocol
    assert all(count > 0 for count in frozen)
    assert gc.get_freeze_count() == 0


def test_a_session_with_tests_of_its_own_is_not_frozen(pytester: pytest.Pytester, frozen: list[int]) -> None:
    if gc.get_freeze_count():
        pytest.skip("this process froze objects already")
    pytester.makepyfile(
        test_heap="""
        import gc

        def test_nothing_frozen():
            assert gc.get_freeze_count() == 0
        """
    )
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=1)
    assert frozen and all(count == 0 for count in frozen)


def test_objects_someone_else_froze_stay_frozen(pytester: pytest.Pytester, frozen: list[int]) -> None:
    if gc.get_freeze_count():
        pytest.skip("this process froze objects already")
    keep = [object()]
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
        result.assert_outcomes(passed=2, failed=1)
        # not frozen further by the plugin (objects frozen before may be freed meanwhile) ...
        assert len(frozen) == 2 and all(count <= before for count in frozen)
        assert gc.get_freeze_count() > 0  # ... nor thawed
    finally:
        gc.unfreeze()
    del keep
