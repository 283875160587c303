"""The pytest surface, run in-process with pytester on small projects."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

HOST = sys.platform

PYPROJECT = """
[tool.claims]
packages = ["src/shop"]
trusted = ["shop.fsroot"]
"""

CLOCK = """
import time


def stamp():
    return time.time()
"""

PRICING = """
from shop.clock import stamp


# claims: deterministic
def quote(amount):
    return amount * 2, stamp()


class Cart:
    # claims: deterministic, sandboxed
    def total(self, prices):
        return sum(prices)
"""

TEST_UNIT = """
def test_unit():
    assert 1 + 1 == 2
"""


@pytest.fixture
def shop(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyprojecttoml(PYPROJECT + '\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    (pytester.path / "src" / "shop").mkdir(parents=True)
    (pytester.path / "src" / "shop" / "__init__.py").write_text("")
    (pytester.path / "src" / "shop" / "clock.py").write_text(textwrap.dedent(CLOCK))
    (pytester.path / "src" / "shop" / "pricing.py").write_text(textwrap.dedent(PRICING))
    (pytester.path / "tests").mkdir()
    (pytester.path / "tests" / "test_unit.py").write_text(textwrap.dedent(TEST_UNIT))
    return pytester


def test_items_node_ids_and_outcomes(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", "-v")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            f"src/shop/pricing.py::quote[[]{HOST}[]] FAILED*",
            f"src/shop/pricing.py::Cart.total[[]{HOST}[]] PASSED*",
            "tests/test_unit.py::test_unit PASSED*",
        ]
    )


def test_failure_text_is_the_contract_shape(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims")
    result.stdout.fnmatch_lines(
        [
            "shop.pricing.quote claims deterministic but reaches time.time at src/shop/clock.py:6, "
            "through shop.clock.stamp",
            "    return time.time()",
        ]
    )
    assert "Traceback" not in result.stdout.str()


MEMO = """
import copy


class Node:
    def __init__(self, children):
        self.children = children

    # claims: deterministic
    def __deepcopy__(self, memo):
        clone = Node(copy.deepcopy(self.children, memo))
        memo[id(self)] = clone
        return clone
"""


def test_a_true_but_often_accepted_reach_names_the_config_line_that_accepts_it(pytester: pytest.Pytester) -> None:
    """Issue 17: `id(self)` as a `__deepcopy__` memo key is a reach (semantics §4) that users read and accept; the
    failure text says which `allow` line accepts it, and that line does."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["memo"]\n')
    (pytester.path / "memo").mkdir()
    (pytester.path / "memo" / "__init__.py").write_text(textwrap.dedent(MEMO))
    result = pytester.runpytest("-p", "claims")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "memo.Node.__deepcopy__ claims deterministic but calls builtins.id at memo/__init__.py:12",
            "    memo[id(self)] = clone",
            "  hint: builtins.id is an object's address in this process: harmless where it only keys a memo *"
            'accept it for every deterministic claim with: [[]tool.claims.allow[]] deterministic = [[]"builtins.id"[]]',
        ]
    )
    pytester.makepyprojecttoml(
        '[tool.claims]\npackages = ["memo"]\n[tool.claims.allow]\ndeterministic = ["builtins.id"]\n'
    )
    pytester.runpytest("-p", "claims").assert_outcomes(passed=1)


def test_a_violation_without_an_acceptable_reach_has_no_hint(shop: pytest.Pytester) -> None:
    assert "hint:" not in shop.runpytest("-p", "claims").stdout.str()


def test_terminal_summary(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims")
    result.stdout.fnmatch_lines(
        ["*= claims =*", "claims checked: 2", f"{HOST}: 1 claim held, 1 claim violated, 0 claims unevaluable"]
    )


def test_collects_claims_whatever_testpaths_says(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", "--collect-only", "-q")
    result.stdout.fnmatch_lines([f"src/shop/pricing.py::quote[[]{HOST}[]]", "tests/test_unit.py::test_unit"])


def test_explicit_test_path_collects_no_claims(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", "tests/test_unit.py", "--collect-only", "-q")
    assert "pricing.py" not in result.stdout.str()
    result.stdout.fnmatch_lines(["tests/test_unit.py::test_unit"])


def test_explicit_package_path_collects_claims(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", "src", "--collect-only", "-q")
    result.stdout.fnmatch_lines([f"src/shop/pricing.py::quote[[]{HOST}[]]"])
    assert "test_unit" not in result.stdout.str()


def test_node_id_on_the_command_line_selects_one_item(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", f"src/shop/pricing.py::Cart.total[{HOST}]", "-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines([f"src/shop/pricing.py::Cart.total[[]{HOST}[]] PASSED*"])


def test_keyword_and_marker_selection(shop: pytest.Pytester) -> None:
    by_claim = shop.runpytest("-p", "claims", "-k", "sandboxed", "-q")
    by_claim.assert_outcomes(passed=1)
    by_platform = shop.runpytest("-p", "claims", "-k", HOST, "-q")
    by_platform.assert_outcomes(passed=1, failed=1)
    by_marker = shop.runpytest("-p", "claims", "-m", "claims", "-q")
    by_marker.assert_outcomes(passed=1, failed=1)
    not_marker = shop.runpytest("-p", "claims", "-m", "not claims", "-q")
    not_marker.assert_outcomes(passed=1)


def test_deselect(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", "--deselect", f"src/shop/pricing.py::quote[{HOST}]", "-q")
    result.assert_outcomes(passed=2)


def test_last_failed_reruns_only_failed_claims(shop: pytest.Pytester) -> None:
    shop.runpytest("-p", "claims").assert_outcomes(passed=2, failed=1)
    again = shop.runpytest("-p", "claims", "--lf", "-v")
    again.assert_outcomes(failed=1)
    again.stdout.fnmatch_lines([f"src/shop/pricing.py::quote[[]{HOST}[]] FAILED*"])


def test_junitxml(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", "--junitxml=out.xml")
    result.assert_outcomes(passed=2, failed=1)
    xml = (shop.path / "out.xml").read_text()
    assert f'name="quote[{HOST}]"' in xml
    assert "claims deterministic but reaches time.time" in xml


def test_no_claims_and_blocked_plugin(shop: pytest.Pytester) -> None:
    shop.runpytest("-p", "claims", "--no-claims", "-q").assert_outcomes(passed=1)
    shop.runpytest("-p", "no:claims", "-q").assert_outcomes(passed=1)


def test_platform_override_and_sweep(shop: pytest.Pytester) -> None:
    one = shop.runpytest("-p", "claims", "--claims-platform=win32", "--collect-only", "-q")
    one.stdout.fnmatch_lines(["src/shop/pricing.py::quote[[]win32[]]"])
    assert f"quote[{HOST}]" not in one.stdout.str() or HOST == "win32"
    sweep = shop.runpytest("-p", "claims", "--claims-all-platforms", "-q")
    sweep.assert_outcomes(passed=4, failed=3)


def test_sweep_from_the_environment(shop: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEVLORE_CLAIMCHECK_ALL_PLATFORMS", "1")
    shop.runpytest("-p", "claims", "-q").assert_outcomes(passed=4, failed=3)


APPLY = """
# claims: deterministic
def apply(rule, amount):
    return rule.apply(amount)


class Discount:  # binds `apply`: `rule.apply(amount)` on a value of unknown class could lead here (semantics §5)
    def apply(self, amount):
        return amount
"""


def test_summary_counts_blind_spots_and_times_the_analysis(shop: pytest.Pytester) -> None:
    (shop.path / "src" / "shop" / "rules.py").write_text(textwrap.dedent(APPLY))
    cold = shop.runpytest("-p", "claims")
    cold.assert_outcomes(passed=3, failed=1)
    cold.stdout.fnmatch_lines(
        [
            "*= claims =*",
            "claims checked: 3",
            f"{HOST}: 2 claims held (1 claim with blind spots), "
            "1 claim violated, 0 claims unevaluable; blind spots at 1 site",
            "analysis: *.* s, * files parsed, * read from cache",
        ]
    )
    warm = shop.runpytest("-p", "claims")
    warm.stdout.fnmatch_lines(["analysis: *.* s, 0 files parsed, 0 read from cache, 3 verdicts reused"])


def test_dynamic_calls_unevaluable_fails_the_claim_with_its_blind_spot(shop: pytest.Pytester) -> None:
    (shop.path / "src" / "shop" / "rules.py").write_text(textwrap.dedent(APPLY))
    shop.makepyprojecttoml(PYPROJECT + 'dynamic-calls = "unevaluable"\n')
    result = shop.runpytest("-p", "claims")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(
        [
            "shop.rules.apply claims deterministic but is unevaluable: the walk reached code it cannot see into",
            "  rule.apply(amount) at src/shop/rules.py:4: a call the walk cannot follow (*",
            "    return rule.apply(amount)",
            '    resolve with: dynamic-calls = "ignore"*',
            f"{HOST}: 1 claim held, 1 claim violated, 1 claim unevaluable; blind spots at 1 site",
        ]
    )


SWEEP = "DEVLORE_CLAIMCHECK_ALL_PLATFORMS"


def quote_items(result: pytest.RunResult) -> list[str]:
    return sorted(line for line in result.stdout.lines if line.startswith("src/shop/pricing.py::quote["))


@pytest.mark.parametrize("value", ["1", "true", "TRUE", "yes", "On", " on "])
def test_sweep_variable_on(shop: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(SWEEP, value)
    result = shop.runpytest("-p", "claims", "--collect-only", "-q")
    assert quote_items(result) == [f"src/shop/pricing.py::quote[{p}]" for p in ("darwin", "linux", "win32")]


@pytest.mark.parametrize("value", [None, "", "0", "false", "No", "OFF"])
def test_sweep_variable_off(shop: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    if value is None:
        monkeypatch.delenv(SWEEP, raising=False)
    else:
        monkeypatch.setenv(SWEEP, value)
    result = shop.runpytest("-p", "claims", "--collect-only", "-q")
    assert quote_items(result) == [f"src/shop/pricing.py::quote[{HOST}]"]


@pytest.mark.parametrize("value", ["2", "enable", "y", "truthy"])
def test_sweep_variable_other_values_are_a_usage_error(
    shop: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(SWEEP, value)
    result = shop.runpytest("-p", "claims", "-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*environment variable {SWEEP}={value!r}: expected 1, true, yes or on*"])
    assert "Traceback" not in result.stderr.str() + result.stdout.str()
    shop.runpytest("--no-claims", "-q").assert_outcomes(passed=1)  # the plugin off reads nothing


def test_usage_error_names_file_and_key(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml("[tool.claims]\npackges = ['src']\n")
    result = pytester.runpytest("-p", "claims")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*pyproject.toml*packges*did you mean 'packages'*"])
    assert "Traceback" not in result.stderr.str() + result.stdout.str()


def test_unknown_platform_is_a_usage_error(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", "--claims-platform=beos")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*unknown platform 'beos'*"])


def test_directive_errors_are_collection_errors(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    (pytester.path / "pkg").mkdir()
    (pytester.path / "pkg" / "__init__.py").write_text("")
    (pytester.path / "pkg" / "bad.py").write_text("# claims: determinstic\ndef f():\n    return 1\n")
    result = pytester.runpytest("-p", "claims")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(
        ["*pkg/bad.py:1: unknown claim 'determinstic' (did you mean 'deterministic'? known claims: *deterministic*"]
    )
    assert "Traceback" not in result.stdout.str()


def test_no_config_and_no_claims_adds_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_a():\n    pass\n")
    result = pytester.runpytest("-p", "claims")
    result.assert_outcomes(passed=1)
    assert "claims checked" not in result.stdout.str()


def test_unevaluable_fails_by_default_and_can_skip(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    (pytester.path / "pkg").mkdir()
    (pytester.path / "pkg" / "__init__.py").write_text("")
    (pytester.path / "pkg" / "net.py").write_text(
        "import requests\n\n\n# claims: deterministic\ndef fetch(url):\n    return requests.get(url)\n"
    )
    failed = pytester.runpytest("-p", "claims")
    failed.assert_outcomes(failed=1)
    failed.stdout.fnmatch_lines(
        [
            "pkg.net.fetch claims deterministic but is unevaluable*",
            "  requests.get at pkg/net.py:6: third-party code (requests) is not analysed",
            "    return requests.get(url)",
            '    resolve with: follow = [[]"requests"[]]*',
        ]
    )
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\non-unevaluable = "skip"\n')
    pytester.runpytest("-p", "claims").assert_outcomes(skipped=1)


def test_plugin_with_autoload_disabled(shop: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    result = shop.runpytest_subprocess("-p", "claims", "-q")
    result.assert_outcomes(passed=2, failed=1)


def test_xdist_gives_the_same_outcomes(shop: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    result = shop.runpytest_subprocess("-p", "claims", "-n", "2", "-q")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([f"{HOST}: 1 claim held, 1 claim violated, 0 claims unevaluable"])


RULES = """
[[tool.claims.forbid-reaches]]
id = "pricing-not-clock"
from = "shop.pricing"
to = "shop.clock"
"""


def test_forbid_reaches_rules_are_items(shop: pytest.Pytester) -> None:
    shop.makepyprojecttoml(PYPROJECT + RULES)
    result = shop.runpytest("-p", "claims", "-v")
    result.stdout.fnmatch_lines([f"pyproject.toml::forbid-reaches[[]pricing-not-clock[]][[]{HOST}[]] FAILED*"])
    result.stdout.fnmatch_lines(["rules checked: 1", f"{HOST}: 0 rules held, 1 rule violated, 0 rules unevaluable"])
    one = shop.runpytest("-p", "claims", f"pyproject.toml::forbid-reaches[pricing-not-clock][{HOST}]", "-q")
    one.assert_outcomes(failed=1)


def test_report_is_identical_serial_and_under_xdist(shop: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    shop.makepyprojecttoml(PYPROJECT + RULES)
    shop.runpytest_subprocess("-p", "claims", "--claims-report=serial.json")
    shop.runpytest_subprocess("-p", "claims", "-n", "2", "--claims-report=parallel.json")
    serial = (shop.path / "serial.json").read_bytes()
    assert serial == (shop.path / "parallel.json").read_bytes()
    assert b'"schema": "pytest-claims.report.v2"' in serial
    shop.runpytest_subprocess("-p", "claims", "--claims-report=catalog.md")
    assert "shop.pricing.quote" in (shop.path / "catalog.md").read_text()
    shop.runpytest_subprocess("-p", "claims", "--claims-report=claims.sarif")
    assert '"version": "2.1.0"' in (shop.path / "claims.sarif").read_text()


def test_failed_first_runs_failed_claims_first(shop: pytest.Pytester) -> None:
    shop.runpytest("-p", "claims").assert_outcomes(passed=2, failed=1)
    again = shop.runpytest("-p", "claims", "--ff", "-v")
    again.assert_outcomes(passed=2, failed=1)
    ran = [
        line
        for line in again.outlines
        if line.endswith(("PASSED", "FAILED")) or " PASSED " in line or " FAILED " in line
    ]
    assert ran and f"quote[{HOST}] FAILED" in ran[0]


STATS_PROBE = """
def pytest_terminal_summary(terminalreporter):
    quiet = terminalreporter.stats.get("", [])
    ours = sum(1 for r in quiet if "claims" in r.keywords)
    others = sum(1 for r in quiet if "claims" not in r.keywords)
    print(f"QUIET-REPORTS claims={ours} others={others}")
"""


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_claim_items_leave_no_quiet_reports_behind(shop: pytest.Pytester, workers: list[str]) -> None:
    """pytest rescans its quiet (passed setup/teardown) reports once per failure; claim items keep none there,
    and nothing they show is lost."""
    shop.makeconftest(STATS_PROBE)
    result = shop.runpytest("-p", "claims", "-rA", *workers)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*QUIET-REPORTS claims=0 others=2*"])  # test_unit's setup and teardown stay
    result.stdout.fnmatch_lines(["*shop.pricing.quote claims deterministic but reaches time.time*"])
    result.stdout.fnmatch_lines(["PASSED src/shop/pricing.py::Cart.total*"])


def test_a_property_getter_and_setter_are_both_counted(pytester: pytest.Pytester) -> None:
    """They share a qualname, hence a node id: the summary still counts two claims."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["box"]\n')
    (pytester.path / "box").mkdir()
    (pytester.path / "box" / "__init__.py").write_text(
        textwrap.dedent(
            """
            import time


            class Box:
                # claims: deterministic
                @property
                def size(self):
                    return 1

                # claims: deterministic
                @size.setter
                def size(self, value):
                    self.stamp = time.time()
            """
        )
    )
    result = pytester.runpytest("-p", "claims")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["claims checked: 2", f"{HOST}: 1 claim held, 1 claim violated, 0 claims unevaluable"])


def test_claims_in_a_package_init_name_the_file(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["box"]\n')
    (pytester.path / "box").mkdir()
    (pytester.path / "box" / "__init__.py").write_text(
        "import time\n\n\n# claims: deterministic\ndef f():\n    return time.time()\n"
    )
    result = pytester.runpytest("-p", "claims", "-v")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [f"box/__init__.py::f[[]{HOST}] FAILED*", "box.f claims deterministic but calls time.time at box/__init__.py:6"]
    )
    named = pytester.runpytest("-p", "claims", "box/__init__.py")
    named.assert_outcomes(failed=1)
    (pytester.path / "box" / "__init__.py").write_text("# claims: nonsense\ndef g():\n    pass\n")
    refused = pytester.runpytest("-p", "claims")
    refused.stdout.fnmatch_lines(["box/__init__.py:1: unknown claim 'nonsense'*"])


def test_rules_are_collected_with_a_package_dir(shop: pytest.Pytester) -> None:
    """semantics §12: a path holding a configured package collects the rules with the claims (issue 14)."""
    shop.makepyprojecttoml(PYPROJECT + RULES)
    result = shop.runpytest("-p", "claims", "src", "-v")
    result.stdout.fnmatch_lines([f"pyproject.toml::forbid-reaches[[]pricing-not-clock[]][[]{HOST}[]] FAILED*"])
    result.assert_outcomes(passed=1, failed=2)
    tests_only = shop.runpytest("-p", "claims", "tests", "-q")
    tests_only.assert_outcomes(passed=1)


def test_several_reports_are_each_written(shop: pytest.Pytester) -> None:
    shop.makepyprojecttoml(PYPROJECT + RULES)
    result = shop.runpytest(
        "-p", "claims", "--claims-report=out/r.json", "--claims-report=out/c.md", "--claims-report=out/s.sarif"
    )
    result.stdout.fnmatch_lines(
        [
            "claims report written to out/r.json",
            "claims report written to out/c.md",
            "claims report written to out/s.sarif",
        ]
    )
    assert '"schema": "pytest-claims.report.v2"' in (shop.path / "out" / "r.json").read_text()
    catalogue = (shop.path / "out" / "c.md").read_text()
    assert "## Architecture rules (forbid-reaches)" in catalogue
    assert "| `pricing-not-clock` | `shop.pricing` | `shop.clock` | violated |" in catalogue
    assert '"version": "2.1.0"' in (shop.path / "out" / "s.sarif").read_text()


def test_unknown_report_suffix_is_a_usage_error(shop: pytest.Pytester) -> None:
    result = shop.runpytest("-p", "claims", "--claims-report=report.txt")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--claims-report: 'report.txt' ends in none of .json, .md, .sarif, .sarif.json*"])
    assert not (shop.path / "report.txt").exists()


def test_failure_paths_are_shown_like_node_ids(shop: pytest.Pytester) -> None:
    """Run from above the project (`--rootdir`): node ids are shown from the invocation directory, and so are
    the paths in failure texts (semantics §9; issue 14: `sub/src/...::...` beside `src/shop/clock.py:6`)."""
    sub = shop.path / "sub"
    sub.mkdir()
    for name in ("pyproject.toml", "src", "tests"):
        (shop.path / name).rename(sub / name)
    for extra in ((), ("-n", "2")):
        if extra:
            pytest.importorskip("xdist")
        run = shop.runpytest_subprocess("-p", "claims", "--rootdir=sub", "sub/src", "-v", *extra)
        run.stdout.fnmatch_lines(
            [
                f"*sub/src/shop/pricing.py::quote[[]{HOST}[]]*",
                "shop.pricing.quote claims deterministic but reaches time.time at sub/src/shop/clock.py:6, "
                "through shop.clock.stamp",
            ]
        )


def _failure_section(result: pytest.RunResult) -> list[str]:
    """The output without pytest's short test summary, whose lines are cut to the terminal's width, except
    under CI (the `CI` variable), where pytest prints them whole."""
    return [line for line in result.outlines if not line.startswith(("FAILED ", "ERROR "))]


def test_tb_line_shows_the_first_violation_line(shop: pytest.Pytester) -> None:
    for extra in ((), ("-n", "2")):
        if extra:
            pytest.importorskip("xdist")
        result = shop.runpytest_subprocess("-p", "claims", "--tb=line", "src", *extra)
        lines = [line for line in _failure_section(result) if "claims deterministic" in line]
        assert lines == [
            "shop.pricing.quote claims deterministic but reaches time.time at src/shop/clock.py:6, "
            "through shop.clock.stamp"
        ], extra
        assert "    return time.time()" not in result.outlines


def test_sweep_shows_a_violation_identical_across_platforms_once(shop: pytest.Pytester) -> None:
    shop.makepyprojecttoml(PYPROJECT + RULES)
    result = shop.runpytest("-p", "claims", "--claims-all-platforms", "src")
    result.assert_outcomes(passed=3, failed=6)
    text = "\n".join(_failure_section(result))
    assert text.count("claims deterministic but reaches time.time") == 1
    result.stdout.fnmatch_lines(
        [
            "*shop.pricing.quote claims deterministic but reaches time.time at src/shop/clock.py:6*",
            "    return time.time()",
            "(the same on darwin, linux, win32)",
            "*shop.pricing.quote[[]linux[]]: the same as on darwin, shown at src/shop/pricing.py::quote[[]darwin[]]",
            "*shop.pricing.quote[[]win32[]]: the same as on darwin, shown at src/shop/pricing.py::quote[[]darwin[]]",
        ]
    )
    assert text.count("shop.pricing must never reach shop.clock, but") == 1
    # the item showing the text is not selected: each selected one shows it
    alone = shop.runpytest("-p", "claims", "--claims-all-platforms", "src", "-k", "win32 and quote")
    alone.assert_outcomes(failed=1)
    alone.stdout.fnmatch_lines(["*shop.pricing.quote claims deterministic but reaches time.time*"])
    assert "the same" not in alone.stdout.str()


def test_rule_failure_names_each_hop_and_the_last_source_line(shop: pytest.Pytester) -> None:
    shop.makepyprojecttoml(PYPROJECT + RULES.replace('to = "shop.clock"', 'to = "time"'))
    result = shop.runpytest("-p", "claims", "src")
    result.stdout.fnmatch_lines(
        [
            "forbid-reaches[[]pricing-not-clock[]]: shop.pricing must never reach time, but shop.pricing.quote "
            "reaches time.time: shop.pricing.quote -> shop.clock.stamp -> time.time",
            "  shop.pricing.quote at src/shop/pricing.py:7 -> shop.clock.stamp",
            "  shop.clock.stamp at src/shop/clock.py:6 -> time.time",
            "    return time.time()",
        ]
    )


def test_the_package_imports_nothing_private_from_pytest() -> None:
    """Issue 14: `_pytest.pathlib.fnmatch_ex` and `_pytest.runner.collect_one_node` were imported; a pytest
    upgrade may move them. The plugin keeps to pytest's public API (its own copies, tested below)."""
    import ast

    import pytest_claims

    offenders = []
    for path in sorted(Path(pytest_claims.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "_pytest"]
    assert offenders == []


@pytest.mark.parametrize(
    "pattern", ["test_*.py", "*_test.py", "check_*.py", "tests/**/test_*.py", "src/*/t_*.py", "*/pkg/*.py"]
)
@pytest.mark.parametrize(
    "path",
    ["test_a.py", "a_test.py", "pkg/test_b.py", "tests/x/y/test_c.py", "src/pkg/t_d.py", "pkg/mod.py", "ok.py"],
)
def test_python_files_match_agrees_with_pytest(pattern: str, path: str, tmp_path: Path) -> None:
    from pytest_claims.plugin import python_files_match

    try:
        from _pytest.pathlib import fnmatch_ex
    except ImportError:  # pragma: no cover - pytest moved it: our copy is what runs
        pytest.skip("pytest no longer has _pytest.pathlib.fnmatch_ex")
    for candidate in (Path(path), tmp_path / path):
        assert python_files_match(pattern, candidate) == fnmatch_ex(pattern, candidate), (pattern, candidate)


def test_python_files_patterns_keep_test_files_to_pytest(shop: pytest.Pytester) -> None:
    """A `python_files` match inside a configured package, named on the command line, runs as a test."""
    (shop.path / "src" / "shop" / "check_inside.py").write_text("def test_inside():\n    assert True\n")
    shop.makepyprojecttoml(PYPROJECT + '\n[tool.pytest.ini_options]\npython_files = ["check_*.py", "test_*.py"]\n')
    result = shop.runpytest("-p", "claims", "src/shop/check_inside.py", "-v")
    result.stdout.fnmatch_lines(["*check_inside.py::test_inside PASSED*"])


TTY_CONFTEST = """
import pytest

@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.isatty = True  # as pytest sets it on a terminal
"""


def test_a_progress_line_on_a_terminal_only(shop: pytest.Pytester) -> None:
    """semantics §9: while the analysis runs, a line shows that something is happening, in pytest's style: on a
    terminal, not in `-q` output, never in output captured to a file."""
    captured = shop.runpytest("-p", "claims")
    assert "claims: analysing" not in captured.stdout.str()  # pytester captures to a file: no terminal
    shop.makeconftest(TTY_CONFTEST)
    on_terminal = shop.runpytest("-p", "claims")
    assert "claims: analysing the project ..." in on_terminal.stdout.str()
    quiet = shop.runpytest("-p", "claims", "-q")
    assert "claims: analysing" not in quiet.stdout.str()
