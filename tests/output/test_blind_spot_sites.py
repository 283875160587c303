"""Blind-spot sites (semantics §9, §11): the JSON report's `blind_spot_sites`, each site once with how many claim
results it hides, most first; the summary's at most five of them with a hint each; the hints themselves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pytest_claims.engine import check
from pytest_claims.output.report import json_report
from pytest_claims.output.summary import (
    Counted,
    SiteCount,
    claim_sites,
    count_sites,
    own_sites,
    site_hint,
    site_lines,
    summary_lines,
)
from tests.helpers import SITE_CALLERS, blind_sites_project

VIOLATIONS = Path(__file__).resolve().parents[2] / "testdata" / "violations"
PLATFORMS = ["darwin", "linux", "win32"]
ORDER = ("h1", "h2", "h3", "h7", "h4", "h5", "h6")
"""The helpers by the claims their site hides, ties (h3, h7) by file."""


def _sites(document: dict[str, Any]) -> list[dict[str, Any]]:
    sites: list[dict[str, Any]] = document["blind_spot_sites"]
    return sites


def test_each_site_once_with_the_claims_it_hides_most_first(tmp_path: Path) -> None:
    sites = blind_sites_project(tmp_path / "p")
    result = check(tmp_path / "p", ["linux", "win32"], details=True)
    document = json.loads(json_report(result, (), "9.9.9"))
    hidden = {h: sum(h in called for called in SITE_CALLERS.values()) for h in sites}
    assert _sites(document) == [
        {"file": sites[h][0], "line": sites[h][1], "code": f"x.m{h[1]}()", "claims": 2 * hidden[h]} for h in ORDER
    ]
    assert [s["claims"] for s in _sites(document)] == [12, 10, 8, 8, 6, 4, 2]  # per (function, platform)


def test_sites_agree_with_the_claims_blind_spots_on_the_fixture_tree() -> None:
    """Every site of every claim record, counted over the records it appears in; no site twice; the order."""
    document = json.loads(json_report(check(VIOLATIONS, PLATFORMS, details=True), (), "9.9.9"))
    expected: dict[tuple[str, int, str], int] = {}
    for claim in document["claims"]:
        for site in {(b["file"], b["line"], b["code"]) for b in claim["blind_spots"]}:
            expected[site] = expected.get(site, 0) + 1
    found = {(s["file"], s["line"], s["code"]): s["claims"] for s in _sites(document)}
    assert found == expected and len(found) == len(_sites(document)) > 5
    keys = [(-s["claims"], s["file"], s["line"], s["code"]) for s in _sites(document)]
    assert keys == sorted(keys)
    assert all(set(s) == {"file", "line", "code", "claims"} for s in _sites(document))


def test_no_blind_spot_no_site(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    (tmp_path / "pkg" / "__init__.py").write_text("# claims: deterministic\ndef f(x):\n    return x + 1\n")
    document = json.loads(json_report(check(tmp_path, ["linux"], details=True), (), "9.9.9"))
    assert _sites(document) == []


_WRITER = """
import sys
from pathlib import Path
from pytest_claims.engine import check
from pytest_claims.output.report import json_report
sys.stdout.write(json_report(check(Path(sys.argv[1]), ["darwin", "linux", "win32"], details=True), (), "9.9.9"))
"""


def test_byte_identical_across_hash_seeds(tmp_path: Path) -> None:
    """Ties in the count are broken by file, line and code, never by set or dict order."""
    blind_sites_project(tmp_path / "p")
    outputs = set()
    for seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", _WRITER, str(tmp_path / "p")], env=env, capture_output=True, check=True
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1
    assert b'"blind_spot_sites"' in outputs.pop()


def test_count_sites_counts_results_not_meetings() -> None:
    a, b, c = ("f.py", 3, "x.m()"), ("f.py", 9, "y.n()"), ("e.py", 9, "z.o()")
    assert count_sites([{a, b}, {a}, {c, b}, set()]) == [
        SiteCount("f.py", 3, "x.m()", 2),
        SiteCount("f.py", 9, "y.n()", 2),
        SiteCount("e.py", 9, "z.o()", 1),
    ]


@pytest.mark.parametrize(
    ("code", "hint"),
    [
        ("rule.apply(amount)", "annotate the receiver `rule` with its class"),
        ("self.backend.rate(cart)", "annotate the attribute `backend` with its class (`backend: C` in the class body)"),
        (
            "make_client().fetch()",
            "annotate the return type of `make_client`, or assign its result to an annotated name",
        ),
        ("handlers[kind].run()", "annotate the container `handlers` with its element type (`list[C]`, `dict[K, C]`)"),
        ("fn()", "`fn` holds a callable value: call the function by its name"),
        ('RENDER[key]("X")', "a callable fetched from data or returned by a call: call the function by its name"),
        ("super(pick(), self).m()", "call `super()` without arguments, or name the class: `super(C, self)`"),
        ('(p / "x").read_text()', "give the value a type (an annotated parameter or name, `x: C = ...`)"),
        ("self.run()", "*a class in `self`'s hierarchy binds the method*"),
        ("a.b(c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, aa, bb, cc, dd", "give*"),
        # a builtin or stdlib function that calls what it is given: the hint is about the argument
        ("map(f, xs)", "`map` calls its argument `f`, of unknown type: pass a function by its name there"),
        ("sorted(xs, key=k)", "`sorted` calls its argument `k`, of unknown type: pass a function by its name there"),
        ("functools.reduce(op, xs)", "`functools.reduce` calls its argument `op`*"),
        ("filter(self.keep, xs)", "`filter` calls its argument `self.keep`*"),
        ("map(key=k)", "give the arguments of `map` a type*"),
        ("filter()", "`filter` holds a callable value*"),  # no argument: a name shadowing the builtin
        ('hasattr(x, "now")', "`hasattr` on a value of unknown class may run any `__getattr__`: annotate `x`*"),
        ("len(x)", "give the arguments of `len` a type*"),
    ],
)
def test_hints(code: str, hint: str) -> None:
    """`*` at an end: the hint holds the rest (the last code is cut at 120 characters: it does not parse). A hint
    never tells the user to call a builtin by its name."""
    assert "call the function by its name" not in site_hint(code) or code.startswith(("fn", "RENDER", "filter()"))
    if "*" in hint:
        assert hint.strip("*") in site_hint(code)
    else:
        assert site_hint(code) == hint


def test_summary_names_at_most_five_sites_most_claims_first() -> None:
    sites = [SiteCount(f"src/m{i}.py", i, f"v{i}.run()", 10 - i) for i in range(7)]
    lines = site_lines(sites, lambda rel: f"proj/{rel}")
    assert lines == [
        "blind-spot sites hiding the most claims (5 of 7 sites; the JSON report's blind_spot_sites lists every one):",
        *(
            f"  proj/src/m{i}.py:{i}: v{i}.run() hides {10 - i} claims; annotate the receiver `v{i}` with its class"
            for i in range(5)
        ),
    ]
    assert site_lines(sites[:2])[0] == "blind-spot sites hiding the most claims:"
    one = site_lines([SiteCount("a.py", 1, "v.run()", 1)])
    assert one[1] == "  a.py:1: v.run() hides 1 claim; " + site_hint("v.run()")
    assert site_lines([]) == []


def test_summary_counts_say_what_they_count() -> None:
    spot = {("a.py", 1, "v.run()")}
    lines = summary_lines(
        [
            ("claims", "linux", "held", spot, set()),
            ("claims", "linux", "held", set(), set()),
            ("claims", "linux", "violated", {("a.py", 2, "w.run()")}, set()),
            ("rules", "linux", "held", set(), set()),
        ],
        platforms=["linux", "win32"],
    )
    assert lines[:6] == [
        "claims checked: 3",
        "linux: 2 claims held (1 claim with blind spots), "
        "1 claim violated, 0 claims unevaluable; blind spots at 2 sites",
        "win32: 0 claims held, 0 claims violated, 0 claims unevaluable",
        "rules checked: 1",
        "linux: 1 rule held, 0 rules violated, 0 rules unevaluable",
        "win32: 0 rules held, 0 rules violated, 0 rules unevaluable",
    ]
    assert lines[6] == "blind-spot sites hiding the most claims:"
    assert [line.split(":")[:2] for line in lines[7:]] == [["  a.py", "1"], ["  a.py", "2"]]


def test_sites_in_a_claiming_functions_own_body_rank_first() -> None:
    """Where the claim is written is where its author looks: such a site comes before sites that hide more claims,
    and says where it is; the rest keep their order."""
    sites = [SiteCount(f"src/m{i}.py", i, f"v{i}.run()", 10 - i) for i in range(7)]
    own = {("src/m6.py", 6, "v6.run()"), ("src/m3.py", 3, "v3.run()")}
    lines = site_lines(sites, own=own)
    assert lines[0] == (
        "blind-spot sites in claiming functions' own bodies first, then those hiding the most claims (5 of 7 sites;"
        " the JSON report's blind_spot_sites lists every one):"
    )
    assert [line.split(":")[0].strip() for line in lines[1:]] == [f"src/m{i}.py" for i in (3, 6, 0, 1, 2)]
    assert lines[2] == (
        "  src/m6.py:6: v6.run() hides 4 claims, in a claiming function's own body; annotate the receiver `v6` with"
        " its class"
    )
    assert site_lines(sites, own={("src/m9.py", 9, "v9.run()")}) == site_lines(sites)


def test_own_sites_are_those_met_with_no_hop(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n')
    source = (
        "class J:\n    def run(self):\n        return 1\n\n    def go(self):\n        return 2\n\n\n"
        "def helper(x):\n    return x.go()\n\n\n"
        "# claims: deterministic\ndef f(x, y):\n    return x.run(), helper(y)\n"
    )
    (tmp_path / "pkg" / "__init__.py").write_text(source)
    (claim,) = check(tmp_path, ["linux"]).claims
    assert own_sites(claim) == {("pkg/__init__.py", 15, "x.run()")}
    other: Counted = ("claims", "linux", "held", {("pkg/__init__.py", 10, "x.go()")}, set())
    lines = summary_lines([other, other, ("claims", "linux", "held", claim_sites(claim), own_sites(claim))])
    assert lines[-2].startswith("  pkg/__init__.py:15: x.run() hides 1 claim, in a claiming function's own body;")
    assert lines[-1].startswith("  pkg/__init__.py:10: x.go() hides 3 claims; ")
