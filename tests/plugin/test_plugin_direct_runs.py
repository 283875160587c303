"""Static items run without pytest's phase hooks unless something could act in them: same reports either way."""

from __future__ import annotations

import sys
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
"""


@pytest.fixture
def shop(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A project with one violated and one held claim; the list collects the node ids run directly."""
    pytester.makepyprojecttoml(PYPROJECT)
    (pytester.path / "src" / "shop").mkdir(parents=True)
    (pytester.path / "src" / "shop" / "__init__.py").write_text("")
    (pytester.path / "src" / "shop" / "pricing.py").write_text(textwrap.dedent(PRICING))
    direct: list[str] = []
    run_directly = StaticItem.run_directly

    def spy(self: StaticItem) -> None:
        direct.append(self.nodeid)
        run_directly(self)

    monkeypatch.setattr(StaticItem, "run_directly", spy)
    return direct


def test_items_run_directly_with_the_same_reports(pytester: pytest.Pytester, shop: list[str]) -> None:
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-rA")
    result.assert_outcomes(passed=1, failed=1)
    assert shop == [f"src/shop/pricing.py::quote[{_host()}]"]  # the last item takes pytest's protocol
    result.stdout.fnmatch_lines(
        [
            f"*_ shop.pricing.quote[[]{_host()}[]] _*",
            "shop.pricing.quote claims deterministic but calls time.time at src/shop/pricing.py:7",
            "    return amount * 2, time.time()",
            f"PASSED src/shop/pricing.py::total[[]{_host()}[]]",
            f"FAILED src/shop/pricing.py::quote[[]{_host()}[]] - shop.pricing.quote claims*",
        ]
    )


def test_a_conftest_phase_hook_gets_pytest_s_own_protocol(pytester: pytest.Pytester, shop: list[str]) -> None:
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
    assert shop == []


def test_an_item_marked_by_a_conftest_gets_pytest_s_own_protocol(pytester: pytest.Pytester, shop: list[str]) -> None:
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
    assert shop == []  # quote is marked, and total, the last item, tears the session down


@pytest.mark.parametrize("option", ["--setup-show", "--setup-plan"])
def test_options_that_show_the_phases_get_pytest_s_own_protocol(
    pytester: pytest.Pytester, shop: list[str], option: str
) -> None:
    pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", option)
    assert shop == []


def test_under_xdist_the_same_outcomes(pytester: pytest.Pytester, shop: list[str]) -> None:
    pytest.importorskip("xdist")
    result = pytester.runpytest_subprocess("-p", "claims", "-p", "no:cacheprovider", "-n", "2", "-rA")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["shop.pricing.quote claims deterministic but calls time.time at *pricing.py:7"])


def _host() -> str:
    return sys.platform


def test_the_last_item_tears_the_session_down_as_pytest_does(pytester: pytest.Pytester, shop: list[str]) -> None:
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
    assert shop == [f"src/shop/pricing.py::quote[{_host()}]"]
