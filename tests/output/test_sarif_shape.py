"""The SARIF shape code scanning needs (semantics §11): an alert on the claiming `def` line with the reach and hops
related, URIs relative to the repository root so a monorepo's alerts land on its files, fingerprints that
survive line moves elsewhere in the file, and help on every rule; each log validated against the OASIS schema
that ships with the package."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pytest_claims.engine import check
from pytest_claims.output.sarif import repository_root, sarif_report

VERSION = "9.9.9"

CLOCK = """\
import time


def stamp():
    return time.time()
"""

PRICING = """\
import time

from shop.clock import stamp


# claims: deterministic
def quote(amount):
    return amount * 2, stamp()


# claims: deterministic
def twice():
    first = time.time()
    return first, time.time()
"""

PYPROJECT = """\
[tool.claims]
packages = ["src/shop"]

[[tool.claims.forbid-reaches]]
id = "pricing-no-clock"
from = "shop.pricing"
to = "shop.clock"
"""


def make_project(root: Path, pricing: str = PRICING, clock: str = CLOCK) -> Path:
    (root / "src" / "shop").mkdir(parents=True, exist_ok=True)
    (root / "src" / "shop" / "__init__.py").write_text("")
    (root / "src" / "shop" / "clock.py").write_text(clock)
    (root / "src" / "shop" / "pricing.py").write_text(pricing)
    (root / "pyproject.toml").write_text(PYPROJECT)
    return root


def sarif_of(root: Path) -> dict[str, Any]:
    result = check(root, ["linux"], details=True)
    log: dict[str, Any] = json.loads(sarif_report(result, result.rules, VERSION))
    schema = json.loads(
        resources.files("pytest_claims").joinpath("data/sarif-2.1.0.schema.json").read_text(encoding="utf-8")
    )
    errors = list(jsonschema.validators.validator_for(schema)(schema).iter_errors(log))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    return log


def place(location: dict[str, Any]) -> tuple[str, int]:
    physical = location["physicalLocation"]
    assert physical["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    return physical["artifactLocation"]["uri"], physical["region"]["startLine"]


def results_of(log: dict[str, Any], rule: str) -> list[dict[str, Any]]:
    [run] = log["runs"]
    return [r for r in run["results"] if r["ruleId"] == rule]


@pytest.fixture
def monorepo(tmp_path: Path) -> Path:
    """A repository (its `.git`) holding the project under `pkgs/a`."""
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    return make_project(tmp_path / "repo" / "pkgs" / "a")


def test_alert_on_the_def_line_with_reach_and_hops_related(monorepo: Path) -> None:
    log = sarif_of(monorepo)
    [quote] = [r for r in results_of(log, "deterministic") if r["properties"]["function"] == "shop.pricing.quote"]
    assert place(quote["locations"][0]) == ("pkgs/a/src/shop/pricing.py", 7)  # def quote
    assert [(place(r), r["message"]["text"], r["id"]) for r in quote["relatedLocations"]] == [
        (("pkgs/a/src/shop/clock.py", 5), "calls time.time here", 0),  # the reach site
        (("pkgs/a/src/shop/clock.py", 4), "hop 1: shop.clock.stamp", 1),  # the hop's def line
    ]
    # the text keeps the project-relative path pytest-claims prints everywhere else
    assert quote["message"]["text"].endswith("at src/shop/clock.py:5, through shop.clock.stamp")


def test_every_uri_is_relative_to_the_repository_root(monorepo: Path) -> None:
    [run] = sarif_of(monorepo)["runs"]
    uris = set()
    for item in run["results"]:
        for location in [*item["locations"], *item["relatedLocations"]]:
            uris.add(location["physicalLocation"]["artifactLocation"]["uri"])
    assert uris == {"pkgs/a/src/shop/pricing.py", "pkgs/a/src/shop/clock.py", "pkgs/a/pyproject.toml"}
    assert "repository root" in run["originalUriBaseIds"]["%SRCROOT%"]["description"]["text"]


def test_the_run_id_names_the_project_path_so_two_projects_keep_their_alerts(monorepo: Path) -> None:
    other = make_project(monorepo.parent / "b")
    ids = [sarif_of(root)["runs"][0]["automationDetails"]["id"] for root in (monorepo, other)]
    assert ids == ["pytest-claims/pkgs/a/linux/", "pytest-claims/pkgs/b/linux/"]


def test_without_a_repository_uris_are_relative_to_the_project_root(tmp_path: Path) -> None:
    project = make_project(tmp_path / "project")
    assert repository_root(project) == project or (repository_root(project) / ".git").exists()
    if repository_root(project) != project:
        pytest.skip("the temporary directory lies inside a git repository")
    [quote] = [r for r in results_of(sarif_of(project), "deterministic") if "quote" in r["properties"]["function"]]
    assert place(quote["locations"][0]) == ("src/shop/pricing.py", 7)


def test_repository_root_is_the_nearest_directory_holding_git(tmp_path: Path) -> None:
    (tmp_path / "outer" / ".git").mkdir(parents=True)
    (tmp_path / "outer" / "inner" / "pkg").mkdir(parents=True)
    (tmp_path / "outer" / "inner" / ".git").write_text("gitdir: elsewhere\n")  # a worktree or submodule
    assert repository_root(tmp_path / "outer" / "inner" / "pkg") == tmp_path / "outer" / "inner"
    assert repository_root(tmp_path / "outer" / "inner") == tmp_path / "outer" / "inner"
    assert repository_root(tmp_path / "outer") == tmp_path / "outer"


def test_forbid_reaches_alert_and_its_declaration_are_repository_relative(monorepo: Path) -> None:
    [rule] = results_of(sarif_of(monorepo), "forbid-reaches/pricing-no-clock")
    assert rule["level"] == "error"
    assert place(rule["locations"][0])[0] == "pkgs/a/src/shop/pricing.py"
    assert place(rule["relatedLocations"][0]) == ("pkgs/a/pyproject.toml", 4)


def fingerprints(log: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(rule, function, fingerprint) of every result, in the order of their first related site; all distinct."""
    [run] = log["runs"]
    found = []
    for item in sorted(run["results"], key=lambda r: place(r["relatedLocations"][0])):
        [(key, value)] = item["partialFingerprints"].items()
        assert key == "pytestClaims/v1"
        found.append((item["ruleId"], str(item["properties"].get("function")), value))
    assert len({value for _, _, value in found}) == len(found), found
    return found


def test_fingerprints_survive_line_moves_elsewhere_in_the_file(monorepo: Path) -> None:
    before = sarif_of(monorepo)
    twice = "# claims: deterministic\ndef twice"
    moved = "# a comment\n\n\n" + PRICING.replace(twice, "\n\n" + twice)
    make_project(monorepo, moved, "# one more line\n" + CLOCK)
    after = sarif_of(monorepo)
    assert before != after  # the lines moved
    old, new = fingerprints(before), fingerprints(after)
    # quote, the rule, and the two reaches of time.time in `twice` (each its own, in the order of their sites)
    assert [(rule, function) for rule, function, _ in old].count(("deterministic", "shop.pricing.twice")) == 2
    assert len(old) == 4
    assert sorted(old) == sorted(new)


def test_every_rule_has_help(monorepo: Path) -> None:
    [run] = sarif_of(monorepo)["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert {r["id"] for r in rules} >= {"deterministic", "forbid-reaches/pricing-no-clock"}
    for rule in rules:
        assert rule.get("helpUri") or rule["help"]["text"], rule["id"]
