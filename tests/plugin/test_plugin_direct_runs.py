"""Static items run without pytest's phase hooks unless something could act in them: same reports either way. A
session running nothing but static items keeps what is alive before they run out of later full garbage
collections (`gc.freeze`) and thaws it at the end; a session running tests of its own never freezes."""

from __future__ import annotations

import gc
import sys
import textwrap

import pytest

from pytest_claims.plugin import StaticItem

Runs = list[tuple[str, int]]
"""The items run directly, in order: (node id, `gc.get_freeze_count()` as the item ran)."""

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
"""


@pytest.fixture
def shop(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Runs:
    """A project with one violated and one held claim; the list collects each item run directly, with
    `gc.get_freeze_count()` as it ran."""
    pytester.makepyprojecttoml(PYPROJECT)
    (pytester.path / "src" / "shop").mkdir(parents=True)
    (pytester.path / "src" / "shop" / "__init__.py").write_text("")
    (pytester.path / "src" / "shop" / "pricing.py").write_text(textwrap.dedent(PRICING))
    direct: Runs = []
    run_directly = StaticItem.run_directly

    def spy(self: StaticItem) -> None:
        direct.append((self.nodeid, gc.get_freeze_count()))
        run_directly(self)

    monkeypatch.setattr(StaticItem, "run_directly", spy)
    return direct


def test_items_run_directly_with_the_same_reports(pytester: pytest.Pytester, shop: Runs) -> None:
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-rA")
    result.assert_outcomes(passed=1, failed=1)
    assert _ids(shop) == [f"src/shop/pricing.py::quote[{_host()}]"]  # the last item takes pytest's protocol
    result.stdout.fnmatch_lines(
        [
            f"*_ shop.pricing.quote[[]{_host()}[]] _*",
            "shop.pricing.quote claims deterministic but calls time.time at src/shop/pricing.py:7",
            "    return amount * 2, time.time()",
            f"PASSED src/shop/pricing.py::total[[]{_host()}[]]",
            f"FAILED src/shop/pricing.py::quote[[]{_host()}[]] - shop.pricing.quote claims*",
        ]
    )


def test_a_conftest_phase_hook_gets_pytest_s_own_protocol(pytester: pytest.Pytester, shop: Runs) -> None:
    pytester.makeconftest(
        """
        import pytest

        def pytest_runtest_setup(item):
            if "claims" in item.keywords:
                pytest.skip("claims checked elsewhere")
        """
    )
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    result.assert_outcomes(skipped=2)
    assert _ids(shop) == []


def test_a_conftest_run_protocol_is_not_bypassed(pytester: pytest.Pytester, shop: Runs) -> None:
    # a quarantine: the conftest reports the item skipped and runs nothing of it
    pytester.makeconftest(
        """
        import pytest

        def pytest_runtest_protocol(item, nextitem):
            if not item.name.startswith("quote"):
                return None
            ihook = item.ihook
            ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
            call = pytest.CallInfo.from_call(lambda: pytest.skip("quarantined"), when="setup")
            ihook.pytest_runtest_logreport(report=ihook.pytest_runtest_makereport(item=item, call=call))
            ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
            return True
        """
    )
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, skipped=1)
    assert result.ret == 0
    assert _ids(shop) == []


def test_an_item_marked_by_a_conftest_gets_pytest_s_own_protocol(pytester: pytest.Pytester, shop: Runs) -> None:
    pytester.makeconftest(
        """
        import pytest

        def pytest_collection_modifyitems(items):
            for item in items:
                if item.name.startswith("quote"):
                    item.add_marker(pytest.mark.xfail(reason="known"))
        """
    )
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, xfailed=1)
    assert _ids(shop) == []  # quote is marked, and total, the last item, tears the session down


@pytest.mark.parametrize("option", ["--setup-show", "--setup-plan"])
def test_options_that_show_the_phases_get_pytest_s_own_protocol(
    pytester: pytest.Pytester, shop: Runs, option: str
) -> None:
    pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", option)
    assert _ids(shop) == []


def test_under_xdist_the_same_outcomes(pytester: pytest.Pytester, shop: Runs) -> None:
    pytest.importorskip("xdist")
    result = pytester.runpytest_subprocess("-p", "claims", "-p", "no:cacheprovider", "-n", "2", "-rA")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["shop.pricing.quote claims deterministic but calls time.time at *pricing.py:7"])


def _host() -> str:
    return sys.platform


def _ids(runs: Runs) -> list[str]:
    return [nodeid for nodeid, _ in runs]


def test_the_last_item_tears_the_session_down_as_pytest_does(pytester: pytest.Pytester, shop: Runs) -> None:
    """A session fixture's teardown runs in the last item's teardown: its error is reported there, not lost."""
    pytester.makepyfile(
        test_a="""
        import pytest

        @pytest.fixture(scope="session")
        def resource():
            yield 1
            raise RuntimeError("teardown broke")

        def test_uses(resource):
            assert resource == 1
        """
    )
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "test_a.py", "src/shop/pricing.py")
    result.assert_outcomes(passed=2, failed=1, errors=1)
    result.stdout.fnmatch_lines(["*ERROR at teardown of *total*", "*RuntimeError: teardown broke*"])
    result.stdout.no_fnmatch_line("*INTERNALERROR*")
    assert _ids(shop) == [f"src/shop/pricing.py::quote[{_host()}]"]


# -- the frozen heap ------------------------------------------------------------------------------------------


def test_static_items_run_with_the_heap_frozen_and_thawed_after(pytester: pytest.Pytester, shop: Runs) -> None:
    if gc.get_freeze_count():
        pytest.skip("this process froze objects already: the plugin leaves the collector alone")
    pytester.runpytest("-p", "claims", "-p", "no:cacheprovider").assert_outcomes(passed=1, failed=1)
    assert len(shop) == 1 and shop[0][1] > 0
    assert gc.get_freeze_count() == 0


def test_a_session_with_tests_of_its_own_is_not_frozen(pytester: pytest.Pytester, shop: Runs) -> None:
    if gc.get_freeze_count():
        pytest.skip("this process froze objects already")
    pytester.makepyfile(
        test_heap="""
        import gc

        def test_nothing_frozen():
            assert gc.get_freeze_count() == 0
        """
    )
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "test_heap.py", "src")
    result.assert_outcomes(passed=2, failed=1)
    assert shop and all(count == 0 for _, count in shop)


def test_objects_someone_else_froze_stay_frozen(pytester: pytest.Pytester, shop: Runs) -> None:
    if gc.get_freeze_count():
        pytest.skip("this process froze objects already")
    keep = [object()]
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        pytester.runpytest("-p", "claims", "-p", "no:cacheprovider").assert_outcomes(passed=1, failed=1)
        # not frozen further by the plugin (objects frozen before may be freed meanwhile) ...
        assert len(shop) == 1 and shop[0][1] <= before
        assert gc.get_freeze_count() > 0  # ... nor thawed
    finally:
        gc.unfreeze()
    del keep
