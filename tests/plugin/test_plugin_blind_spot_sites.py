"""The plugin's summary names the blind-spot sites that hide the most claims (semantics §9): at most five, most
claims first, each with `file:line` as failure texts show paths, its code, the claims it hides and a hint."""

from __future__ import annotations

import sys

import pytest

from tests.helpers import blind_sites_project

HOST = sys.platform
HINT = "annotate the receiver `x` with its class"


def expected_block(sites: dict[str, tuple[str, int]], prefix: str = "") -> list[str]:
    shown = [("h1", 6), ("h2", 5), ("h3", 4), ("h7", 4), ("h4", 3)]
    return [
        "claims checked: 6",
        f"{HOST}: 6 claims held (6 claims with blind spots), "
        "0 claims violated, 0 claims unevaluable; blind spots at 7 sites",
        "blind-spot sites hiding the most claims (5 of 7 sites; the JSON report's blind_spot_sites lists every one):",
        *(f"  {prefix}{sites[h][0]}:{sites[h][1]}: x.m{h[1]}() hides {n} claims; {HINT}" for h, n in shown),
        "analysis: *",
    ]


def test_the_five_sites_hiding_the_most_claims(pytester: pytest.Pytester) -> None:
    sites = blind_sites_project(pytester.path)
    result = pytester.runpytest("-p", "claims")
    result.assert_outcomes(passed=6)
    result.stdout.fnmatch_lines(expected_block(sites), consecutive=True)
    assert "x.m5()" not in result.stdout.str() and "x.m6()" not in result.stdout.str()


def test_paths_as_failure_texts_show_them(pytester: pytest.Pytester) -> None:
    """Run from above the project: paths lead from where pytest was started, as node ids do."""
    sites = blind_sites_project(pytester.path / "proj")
    result = pytester.runpytest("-p", "claims", "proj")
    result.assert_outcomes(passed=6)
    result.stdout.fnmatch_lines(expected_block(sites, "proj/"), consecutive=True)


def test_the_same_sites_under_xdist(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    sites = blind_sites_project(pytester.path)
    serial = pytester.runpytest_subprocess("-p", "claims", "--claims-report=serial.json")
    parallel = pytester.runpytest_subprocess("-p", "claims", "-n", "2", "--claims-report=parallel.json")
    for result in (serial, parallel):
        result.stdout.fnmatch_lines(expected_block(sites), consecutive=True)
    report = (pytester.path / "serial.json").read_bytes()
    assert report == (pytester.path / "parallel.json").read_bytes()
    assert b'"blind_spot_sites"' in report
