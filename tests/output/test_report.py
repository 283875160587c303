"""The report formats (semantics §11): JSON shape and ordering, byte-for-byte determinism, the revision, SARIF
validity against the vendored OASIS schema, and the Markdown catalogue."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple, cast

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import pytest

from pytest_claims.engine import Result, check
from pytest_claims.output.common import dump_chunks, dumps
from pytest_claims.output.messages import violation_line
from pytest_claims.output.report import (
    NONCLAIMS,
    REPORT_SCHEMA,
    SARIF_SCHEMA_URI,
    json_report,
    markdown_catalogue,
    report_format,
    revision,
    sarif_report,
    write_report,
)
from pytest_claims.output.sarif import repository_root
from pytest_claims.records import HOW, RuleResult
from pytest_claims.reportdetails import Definition

TESTDATA = Path(__file__).resolve().parents[2] / "testdata"
VIOLATIONS = TESTDATA / "violations"
RULES = TESTDATA / "rules"
PLATFORMS = ["darwin", "linux", "win32"]
VERSION = "9.9.9"

EXTRA_RULES = """
[[tool.claims.forbid-reaches]]
id = "helpers-no-clock"
from = "vio.helpers"
to = "time"

[[tool.claims.forbid-reaches]]
id = "clean-not-legacy"
from = "vio.clean"
to = "vio.legacy"
"""


def rules_of(result: Result) -> tuple[RuleResult, ...]:
    return result.rules


def copy_project(source: Path, destination: Path, extra_config: str = "") -> Path:
    shutil.copytree(source, destination)
    if extra_config:
        with (destination / "pyproject.toml").open("a", encoding="utf-8") as handle:
            handle.write(extra_config)
    return destination


@pytest.fixture(scope="module")
def sweep() -> Result:
    return check(VIOLATIONS, PLATFORMS, details=True)


@pytest.fixture(scope="module")
def document(sweep: Result) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json_report(sweep, (), VERSION))
    return loaded


@pytest.fixture(scope="module")
def with_rules() -> tuple[Result, tuple[RuleResult, ...]]:
    result = check(RULES, ["linux", "win32"], details=True)
    return result, rules_of(result)


# ----------------------------------------------------------------------------------------------------------
# JSON: shape and ordering


def test_top_level_shape(document: dict[str, Any]) -> None:
    assert set(document) == {
        "schema",
        "revision",
        "platforms",
        "claims",
        "rules",
        "blind_spot_sites",
        "limits",
        "nonclaims",
    }
    assert document["schema"] == REPORT_SCHEMA == "pytest-claims.report.v2"
    assert document["limits"] == {"max-walk": 65536, "alias-depth": 24, "dynamic-calls": "ignore"}
    assert re.fullmatch(r"[0-9a-f]{64}", document["revision"])
    assert document["platforms"] == PLATFORMS
    assert document["rules"] == []


def test_claim_records(document: dict[str, Any], sweep: Result) -> None:
    assert len(document["claims"]) == len(sweep.claims)
    statuses = set()
    for claim in document["claims"]:
        assert set(claim) == {
            *("function", "file", "line", "claims", "platform", "status", "violations", "frontier", "blind_spots"),
        }
        assert claim["claims"] == sorted(claim["claims"])
        statuses.add(claim["status"])
        for violation in claim["violations"]:
            assert set(violation) == {"claim", "kind", "reach", "file", "line", "via", "steps"}
            assert violation["kind"] in ("call", "reference", "read")
            assert [step["function"] for step in violation["steps"]] == [*violation["via"], violation["reach"]]
            for step in violation["steps"]:
                assert set(step) == {"function", "file", "line", "how"}
                assert step["how"] in HOW
        for entry in claim["frontier"]:
            assert set(entry) == {"reach", "file", "line", "via", "reason"}
        for spot in claim["blind_spots"]:
            assert set(spot) == {"file", "line", "code", "via"}
        spots = [(b["file"], b["line"], b["code"]) for b in claim["blind_spots"]]
        assert spots == sorted(spots)
    assert statuses == {"held", "violated", "unevaluable"}


def test_one_record_exactly(document: dict[str, Any]) -> None:
    (record,) = [c for c in document["claims"] if c["function"] == "vio.helpers.two_hops" and c["platform"] == "linux"]
    assert record == {
        "function": "vio.helpers.two_hops",
        "file": "src/vio/helpers.py",
        "line": 24,
        "claims": ["deterministic"],
        "platform": "linux",
        "status": "violated",
        "violations": [
            {
                "claim": "deterministic",
                "kind": "call",
                "reach": "time.time",
                "file": "src/vio/helpers.py",
                "line": 7,
                "via": ["vio.helpers.relay", "vio.helpers.stamp"],
                "steps": [
                    {"function": "vio.helpers.relay", "file": "src/vio/helpers.py", "line": 25, "how": "call"},
                    {"function": "vio.helpers.stamp", "file": "src/vio/helpers.py", "line": 11, "how": "call"},
                    {"function": "time.time", "file": "src/vio/helpers.py", "line": 7, "how": "call"},
                ],
            }
        ],
        "frontier": [],
        "blind_spots": [],
    }
    (spotted,) = [
        c for c in document["claims"] if c["function"] == "vio.leads_cases.renders" and c["platform"] == "linux"
    ]
    assert spotted["status"] == "held"
    assert spotted["blind_spots"] == [
        {"file": "src/vio/leads_cases.py", "line": 44, "code": "x.render_lead()", "via": []}
    ]
    (external,) = [
        c for c in document["claims"] if c["function"] == "vio.external.third_party" and c["platform"] == "linux"
    ]
    assert external["frontier"] == [
        {
            "reach": "requests.get",
            "file": "src/vio/external.py",
            "line": 8,
            "via": [],
            "reason": "third-party code (requests) is not analysed",
        }
    ]


def test_sorting(document: dict[str, Any]) -> None:
    claims = document["claims"]
    assert [(c["function"], c["platform"]) for c in claims] == sorted((c["function"], c["platform"]) for c in claims)
    for claim in claims:
        keys = [(v["file"], v["line"], v["reach"], v["claim"]) for v in claim["violations"]]
        assert keys == sorted(keys)
    # a claim with violations in two files, and one reach breaking two claims
    (two_files,) = [
        c for c in claims if c["function"] == "vio.helpers.through_local_instance" and c["platform"] == "linux"
    ]
    assert [v["line"] for v in two_files["violations"]] == [30, 36]
    (two_claims,) = [c for c in claims if c["function"] == "vio.direct.two_claims" and c["platform"] == "linux"]
    assert [v["claim"] for v in two_claims["violations"]] == ["deterministic", "sandboxed"]


def test_text_is_sorted_indented_and_newline_terminated(sweep: Result) -> None:
    text = json_report(sweep, (), VERSION)
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert text == json.dumps(json.loads(text), sort_keys=True, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    "document",
    [{}, {"b": [], "a": {}}, {"z": [1, {"k": [], "s": "two\nlines \u2028 é"}], "a": [[1, [2]]], "n": None}],
)
def test_report_in_pieces_is_the_same_text(document: dict[str, Any]) -> None:
    """A report written in pieces (its lists made while written) is byte for byte the document's `dumps`."""
    lazy = {key: iter(value) if isinstance(value, list) else value for key, value in document.items()}
    assert "".join(dump_chunks(lazy)) == dumps(document)


class _Count(int):
    """An int subclass, as an IntEnum is: `json` writes its int value."""


class _Pair(NamedTuple):
    left: int
    right: str


@pytest.mark.parametrize(
    "document",
    [
        {},
        [],
        {"b": {}, "a": [], "c": [[]], "d": [{}]},
        {"x": [1, -0.0, 2.5, float("nan"), None, True, False, 10**30, _Count(3)]},
        {"t": "\u00e9\n\"\u2028\x00\x1f", "\u00e9": {"b": [{"c": None}]}},
        {"pairs": (_Pair(1, "x"), (2, "y")), "keys": {1: "int key", 2.5: "float key"}},
        "top", 7, None,
    ],
)
def test_the_serialisation_is_json_dumps(document: object) -> None:
    """The reports' own encoder writes exactly `json.dumps(sort_keys=True, indent=2, ensure_ascii=False)`."""
    assert dumps(document) == json.dumps(document, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def test_paths_are_relative_posix(tmp_path: Path) -> None:
    root = copy_project(VIOLATIONS, tmp_path / "checkout")
    text = json_report(check(root, ["linux"], details=True), (), VERSION)
    assert str(tmp_path) not in text
    assert "\\\\" not in text
    for claim in json.loads(text)["claims"]:
        for path in [claim["file"], *(v["file"] for v in claim["violations"]), *(f["file"] for f in claim["frontier"])]:
            assert not path.startswith("/") and path.startswith("src/vio/")


def test_nonclaims(document: dict[str, Any]) -> None:
    assert document["nonclaims"] == list(NONCLAIMS)
    assert all(isinstance(line, str) and line.endswith(".") for line in NONCLAIMS)
    text = " ".join(NONCLAIMS)
    for subject in (
        "dynamic dispatch",
        "passed in as arguments",
        "subclasses",
        "import time",
        "flow-sensitive",
        "blind spot",
        "dynamic-calls",
        "trusted-for",
        "global X",
        "Implicit special-method calls on values of unknown type",
        "dataclass",
        "getattr with a literal name",
        "C extension",
        "idempotent",
        "literal arguments",  # they decide a callee's tests: not only platform conditions prune code
        "always exits",  # code after an early exit is pruned under the negated test
    ):
        assert subject in text
    assert "only platform conditions" not in text


def test_rules_in_the_json_report(with_rules: tuple[Result, tuple[RuleResult, ...]]) -> None:
    result, rules = with_rules
    document = json.loads(json_report(result, tuple(reversed(rules)), VERSION))
    records = document["rules"]
    assert [(r["id"], r["platform"]) for r in records] == sorted((r.id, r.platform) for r in rules)
    for record in records:
        assert set(record) == {"id", "from", "to", "platform", "status", "path", "frontier", "blind_spots"}
    (api,) = [r for r in records if r["id"] == "api-not-db" and r["platform"] == "linux"]
    assert api == {
        "id": "api-not-db",
        "from": "layers.api",
        "to": "layers.db",
        "platform": "linux",
        "status": "violated",
        "path": ["layers.api.handle", "layers.service.fetch", "layers.db.query"],
        "frontier": [],
        "blind_spots": [],
    }
    (external,) = [r for r in records if r["id"] == "external-not-db" and r["platform"] == "win32"]
    assert external["frontier"] == [
        {
            "reach": "requests.get",
            "file": "src/layers/external.py",
            "line": 9,
            "via": ["layers.external.fetch_user"],
            "reason": "third-party code (requests) is not analysed",
        }
    ]


# ----------------------------------------------------------------------------------------------------------
# Determinism

_WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    from pytest_claims.engine import check
    from pytest_claims.output.report import write_report

    root, out = Path(sys.argv[1]), Path(sys.argv[2])
    result = check(root, ["darwin", "linux", "win32"], details=True)
    result.project.modules.release()
    rules = result.rules
    for name in ("report.json", "catalog.md", "report.sarif"):
        write_report(out / name, result, rules, "9.9.9")
    """
)


def _write_reports(root: Path, out: Path, seed: str) -> dict[str, bytes]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    env.pop("PYTEST_CLAIMS_TRACE", None)
    subprocess.run([sys.executable, "-c", _WRITER, str(root), str(out)], check=True, env=env, cwd=str(root.parent))
    return {path.name: path.read_bytes() for path in sorted(out.iterdir())}


def test_byte_identical_across_hash_seeds_and_checkouts(tmp_path: Path) -> None:
    first = copy_project(VIOLATIONS, tmp_path / "a" / "project", EXTRA_RULES)
    second = copy_project(VIOLATIONS, tmp_path / "elsewhere" / "deeper" / "checkout", EXTRA_RULES)
    runs = [
        _write_reports(first, tmp_path / "out0", "0"),
        _write_reports(first, tmp_path / "out1", "12345"),
        _write_reports(second, tmp_path / "out2", "0"),
        _write_reports(second, tmp_path / "out3", "12345"),
    ]
    assert set(runs[0]) == {"report.json", "catalog.md", "report.sarif"}
    for other in runs[1:]:
        assert other == runs[0]
    document = json.loads(runs[0]["report.json"])
    assert {r["id"] for r in document["rules"]} == {"helpers-no-clock", "clean-not-legacy"}
    assert str(tmp_path).encode() not in b"".join(runs[0].values())


def test_same_bytes_in_process(sweep: Result) -> None:
    again = check(VIOLATIONS, list(reversed(PLATFORMS)), details=True)
    assert json_report(again, (), VERSION) == json_report(sweep, (), VERSION)
    assert sarif_report(again, ()) == sarif_report(sweep, ())
    assert markdown_catalogue(again) == markdown_catalogue(sweep)


# ----------------------------------------------------------------------------------------------------------
# Revision


def _revision(root: Path, version: str = VERSION) -> str:
    return revision(check(root, ["linux"], details=True), version)


def test_revision_tracks_analysed_files_config_and_version(tmp_path: Path) -> None:
    root = copy_project(VIOLATIONS, tmp_path / "project")
    (root / "README.md").write_text("notes\n", encoding="utf-8")
    base = _revision(root)
    assert json.loads(json_report(check(root, ["linux"], details=True), (), VERSION))["revision"] == base

    analysed = sorted(root.glob("src/vio/*.py"))
    assert len(analysed) > 5
    for path in analysed:
        original = path.read_bytes()
        path.write_bytes(original + b" ")
        assert _revision(root) != base, f"editing {path.name} must change the revision"
        path.write_bytes(original)
    assert _revision(root) == base

    (root / "README.md").write_text("other notes\n", encoding="utf-8")
    (root / "notes.txt").write_text("not analysed\n", encoding="utf-8")
    assert _revision(root) == base

    (root / "src" / "vio" / "added.py").write_text("X = 1\n", encoding="utf-8")
    assert _revision(root) != base
    (root / "src" / "vio" / "added.py").unlink()

    pyproject = root / "pyproject.toml"
    original_config = pyproject.read_text(encoding="utf-8")
    pyproject.write_text(original_config + "\n# a comment changes nothing\n", encoding="utf-8")
    assert _revision(root) == base
    wider = original_config.replace('sandboxed = ["vio.sandbox"]', 'sandboxed = ["vio.sandbox", "vio.legacy"]')
    assert wider != original_config
    pyproject.write_text(wider, encoding="utf-8")
    assert _revision(root) != base
    pyproject.write_text(original_config, encoding="utf-8")
    assert _revision(root) == base

    assert _revision(root, "9.9.10") != base


# ----------------------------------------------------------------------------------------------------------
# SARIF


def _sarif_schema() -> dict[str, Any]:
    text = resources.files("pytest_claims").joinpath("data/sarif-2.1.0.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _validate(text: str) -> dict[str, Any]:
    schema = _sarif_schema()
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    log: dict[str, Any] = json.loads(text)
    errors = sorted(validator_class(schema).iter_errors(log), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    return log


def test_vendored_schema_is_the_oasis_one() -> None:
    schema = _sarif_schema()
    assert schema["id"] == SARIF_SCHEMA_URI
    assert schema["properties"]["version"]["enum"] == ["2.1.0"]


def test_sarif_validates_and_carries_every_violation(sweep: Result) -> None:
    log = _validate(sarif_report(sweep, (), VERSION))
    assert log["version"] == "2.1.0" and log["$schema"] == SARIF_SCHEMA_URI
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("pytest-claims", VERSION)
    # the run's category names the project's path in the repository and its targets: a CI leg per OS, or
    # another project of the repository, uploads under its own category
    inside = VIOLATIONS.resolve().relative_to(repository_root(VIOLATIONS.resolve())).as_posix()
    where = "" if inside == "." else inside + "/"
    assert run["automationDetails"] == {"id": f"pytest-claims/{where}darwin+linux+win32/"}
    rule_ids = [r["id"] for r in driver["rules"]]
    assert rule_ids == sorted(rule_ids)
    assert {"deterministic", "sandboxed", "offline", "idempotent", "claims/unevaluable"} <= set(rule_ids)
    results = run["results"]
    for item in results:
        assert rule_ids[item["ruleIndex"]] == item["ruleId"]
        location = item["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert not location["artifactLocation"]["uri"].startswith("/")
    errors = [r for r in results if r["level"] == "error"]
    expected = {
        violation_line(c.function, v) for c in sweep.claims for v in c.violations
    }  # identical on several platforms: one result
    assert sorted(r["message"]["text"] for r in errors) == sorted(expected)


def test_sarif_violation_result(sweep: Result) -> None:
    """semantics §11: the primary location is the claiming `def` line (what the author changes); the reach site and
    each hop's `def` line are related locations."""
    log = json.loads(sarif_report(sweep, (), VERSION, repository=VIOLATIONS))
    (item,) = [r for r in log["runs"][0]["results"] if r["properties"].get("function") == "vio.helpers.two_hops"]
    assert item["ruleId"] == "deterministic"
    assert item["message"]["text"] == (
        "vio.helpers.two_hops claims deterministic but reaches time.time at src/vio/helpers.py:7, "
        "through vio.helpers.relay -> vio.helpers.stamp"
    )
    assert item["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "src/vio/helpers.py", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 24},
    }
    related = [(r["message"]["text"], r["physicalLocation"]["region"]["startLine"]) for r in item["relatedLocations"]]
    assert related == [
        ("calls time.time here", 7),
        ("hop 1: vio.helpers.relay", 10),
        ("hop 2: vio.helpers.stamp", 6),
    ]
    assert item["properties"]["platforms"] == PLATFORMS
    # a violation on one platform only says so
    (windows,) = [r for r in log["runs"][0]["results"] if r["properties"].get("function") == "vio.platforms.registry"]
    assert windows["properties"]["platforms"] == ["win32"]


def test_sarif_unevaluable_claims_are_warnings(sweep: Result) -> None:
    log = json.loads(sarif_report(sweep, (), VERSION))
    warnings = [r for r in log["runs"][0]["results"] if r["level"] == "warning"]
    assert [r["properties"]["function"] for r in warnings] == ["vio.external.third_party"]
    (item,) = warnings
    assert item["ruleId"] == "claims/unevaluable"
    assert item["locations"][0]["physicalLocation"]["region"] == {"startLine": 7}
    assert "requests.get" in item["relatedLocations"][0]["message"]["text"]


def test_sarif_rules(with_rules: tuple[Result, tuple[RuleResult, ...]]) -> None:
    result, rules = with_rules
    log = _validate(sarif_report(result, rules, VERSION, repository=RULES))
    results = log["runs"][0]["results"]
    rule_ids = {r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]}
    assert {f"forbid-reaches/{r.id}" for r in rules} <= rule_ids
    (api,) = [r for r in results if r["ruleId"] == "forbid-reaches/api-not-db"]
    assert api["level"] == "error"
    assert api["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "src/layers/api.py", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 6},
    }
    assert [r["message"]["text"] for r in api["relatedLocations"]] == [
        "the rule api-not-db is declared here",
        "step 1: layers.service.fetch",
        "step 2: layers.db.query",
    ]
    (plat,) = [r for r in results if r["ruleId"] == "forbid-reaches/plat-not-db"]
    assert plat["properties"]["platforms"] == ["win32"]
    (typo,) = [r for r in results if r["ruleId"] == "forbid-reaches/typo-from"]
    assert typo["level"] == "warning"
    assert typo["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "pyproject.toml"
    assert not [r for r in results if r["ruleId"] == "forbid-reaches/ui-not-db"]


# ----------------------------------------------------------------------------------------------------------
# Markdown catalogue


def test_catalogue_lists_every_claiming_function(sweep: Result) -> None:
    text = markdown_catalogue(sweep)
    assert text.endswith("\n") and not text.endswith("\n\n")
    assert "| function | defined at | claims | darwin | linux | win32 |" in text
    for function in {c.function for c in sweep.claims}:
        assert f"| `{function}` |" in text
    assert "| `vio.helpers.two_hops` | src/vio/helpers.py:24 | deterministic | violated | violated | violated |" in text
    assert "| `vio.clean.annotated` | src/vio/clean.py:19 | deterministic, sandboxed | held | held | held |" in text
    assert "| `vio.winonly.only_on_windows` | src/vio/winonly.py:8 | deterministic | — | — | violated |" in text
    assert "`idempotent`: asserted by the author, never checked." in text


def test_catalogue_coverage(sweep: Result) -> None:
    text = markdown_catalogue(sweep)
    coverage = text.split("## Claim coverage", 1)[1]
    assert "| `vio.helpers` | src/vio/helpers.py | 12 | 26 | 46.2% |" in coverage
    assert "| `vio.legacy` | src/vio/legacy.py | 0 | 1 | 0.0% |" in coverage
    rows = [line for line in coverage.splitlines() if line.startswith("| `")]
    assert [row.split("`")[1] for row in rows] == sorted(row.split("`")[1] for row in rows)
    claiming = len({c.function for c in sweep.claims})
    total_functions = sum(sweep.project.modules[name].facts.def_count for name in sweep.project.index.modules)
    assert sum(int(row.split("|")[3]) for row in rows) == claiming
    assert f"| **total** | | {claiming} | {total_functions} |" in coverage


def test_catalogue_lists_functions_absent_from_every_target() -> None:
    linux = check(VIOLATIONS, ["linux"], details=True)
    assert "vio.winonly.only_on_windows" not in {c.function for c in linux.claims}
    text = markdown_catalogue(linux)
    assert "| `vio.winonly.only_on_windows` | src/vio/winonly.py:8 | deterministic | — |" in text


# ----------------------------------------------------------------------------------------------------------
# Writing


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("report.json", "json"),
        ("REPORT.JSON", "json"),
        ("catalog.md", "markdown"),
        ("CATALOG.MD", "markdown"),
        ("claims.sarif", "sarif"),
        ("claims.sarif.json", "sarif"),
    ],
)
def test_report_format_by_suffix(name: str, kind: str) -> None:
    assert report_format(Path(name)) == kind


@pytest.mark.parametrize("name", ["report.txt", "report", "claims.sarif.txt", "catalog.markdown"])
def test_report_format_refuses_other_suffixes(name: str) -> None:
    with pytest.raises(ValueError, match=r"none of \.json, \.md, \.sarif, \.sarif\.json"):
        report_format(Path(name))


def test_write_report_picks_the_format_and_writes_atomically(tmp_path: Path, sweep: Result) -> None:
    out = tmp_path / "nested" / "dir"
    write_report(out / "r.json", sweep, (), VERSION)
    write_report(out / "c.md", sweep, (), VERSION)
    write_report(out / "s.sarif", sweep, (), VERSION)
    assert (out / "r.json").read_bytes() == json_report(sweep, (), VERSION).encode()
    assert (out / "c.md").read_bytes() == markdown_catalogue(sweep).encode()
    assert (out / "s.sarif").read_bytes() == sarif_report(sweep, (), VERSION).encode()
    write_report(out / "r.json", sweep, (), "1.2.3")  # replaces the old file
    assert json.loads((out / "r.json").read_text(encoding="utf-8"))["revision"] == revision(sweep, "1.2.3")
    assert sorted(p.name for p in out.iterdir()) == ["c.md", "r.json", "s.sarif"]  # no temporary left behind


def test_write_report_leaves_no_temporary_on_failure(tmp_path: Path, sweep: Result) -> None:
    target = tmp_path / "taken.json"
    target.mkdir()
    (target / "inside").write_text("x", encoding="utf-8")
    with pytest.raises(OSError):
        write_report(target, sweep, (), VERSION)  # cannot replace a non-empty directory with a file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken.json"]


# ----------------------------------------------------------------------------------------------------------
# The result alone


class _Released:
    """Stands in for the project once the analysis has returned: any use of it is a report re-reading facts."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a report read result.project.{name}: it must use the result's details alone")


@pytest.mark.parametrize("root", [VIOLATIONS, RULES], ids=["violations", "rules"])
def test_every_report_from_a_result_whose_facts_were_released(tmp_path: Path, root: Path) -> None:
    full = check(root, PLATFORMS, details=True)
    full.project.modules.release()
    bare = dataclasses.replace(full, project=cast(Any, _Released()))
    for name in ("report.json", "catalog.md", "report.sarif"):
        write_report(tmp_path / name, bare, bare.rules, VERSION)
    assert full.project.modules.loaded() == frozenset(), "a report loaded facts again"
    assert (tmp_path / "report.json").read_bytes() == json_report(full, full.rules, VERSION).encode()
    assert (tmp_path / "catalog.md").read_bytes() == markdown_catalogue(full).encode()
    sarif = (tmp_path / "report.sarif").read_text(encoding="utf-8")
    assert sarif == sarif_report(full, full.rules, VERSION)
    # the hops and rule steps are located from the details' definitions
    assert '"text": "hop 1: ' in sarif or '"text": "step 1: ' in sarif
    assert full.details is not None and full.details.definitions
    assert any(row.startswith("| `") for row in markdown_catalogue(bare).split("## Claim coverage")[1].splitlines())


def test_details_only_when_asked() -> None:
    plain = check(VIOLATIONS, ["linux"])
    assert plain.details is None
    with pytest.raises(ValueError, match=r"details=True"):
        json_report(plain, (), VERSION)
    with pytest.raises(ValueError, match=r"details=True"):
        markdown_catalogue(plain)
    with pytest.raises(ValueError, match=r"details=True"):
        sarif_report(plain, (), VERSION)


def test_details_list_claims_absent_from_every_target_and_the_definitions_on_paths(sweep: Result) -> None:
    linux = check(VIOLATIONS, ["linux"], details=True)
    assert linux.details is not None and sweep.details is not None
    claimed = {c.function for c in linux.details.claimed}
    assert "vio.winonly.only_on_windows" in claimed - {c.function for c in linux.claims}
    assert linux.details.claimed == sweep.details.claimed  # the directive reading is platform-independent
    modules = {m.name: m for m in sweep.details.modules}
    assert modules["vio.helpers"].rel == "src/vio/helpers.py" and modules["vio.helpers"].def_count == 26
    hops = {name for c in sweep.claims for v in c.violations for name in v.via}
    assert hops and {d.name for d in sweep.details.definitions} >= {h for h in hops if h.startswith("vio.")}
    assert Definition("vio.helpers.relay", "src/vio/helpers.py", 10) in sweep.details.definitions


def test_details_locate_project_names_only(with_rules: tuple[Result, tuple[RuleResult, ...]]) -> None:
    result, rules = with_rules
    assert result.details is not None
    located = {d.name for d in result.details.definitions}
    on_paths = {name for rule in rules for name in rule.path}
    assert (
        {"layers.api.handle", "layers.service.fetch", "layers.db.query"}
        <= located
        <= on_paths | {name for rule in rules for entry in rule.frontier for name in entry.via}
    )
    assert "subprocess.run" in on_paths - located  # a stdlib reach is a path's end, not a project definition


def test_sarif_rule_descriptors_carry_help(with_rules: tuple[Result, tuple[RuleResult, ...]], sweep: Result) -> None:
    """Code scanning shows a rule's `help` beside each alert: every descriptor says what resolves it."""
    for result, rules in (with_rules, (sweep, sweep.rules)):
        descriptors = _validate(sarif_report(result, rules, VERSION))["runs"][0]["tool"]["driver"]["rules"]
        assert descriptors
        for descriptor in descriptors:
            text = descriptor["help"]["text"]
            assert "[tool.claims" in text, descriptor["id"]
