"""A run over several projects checks each (a monorepo is never silently green): two projects, each with its own
`[tool.claims]` (a different target platform, `allow` in one only, a rule in the other), under a root whose
pyproject.toml configures pytest alone. Every way of running gives each project the verdicts its own configuration
gives: a root run, a run given both directories, `cd pkgs/a`, `pytest-claims check` of both, and under xdist.
Node ids stay relative to pytest's rootdir; one report names the project of each result."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pytest_claims.cli import main
from tests.helpers import write

CORE = (
    "import os\n\n\n"
    "# claims: deterministic\ndef held(x: int) -> int:\n    return x + 1\n\n\n"
    '# claims: deterministic\ndef broken() -> str | None:\n    return os.getenv("HOME")\n'
)
MONOREPO: dict[str, str | bytes] = {
    "pyproject.toml": "[tool.pytest.ini_options]\n",
    "pkgs/a/pyproject.toml": (
        '[tool.claims]\npackages = ["src/alib"]\nplatform = "linux"\n\n'
        '[[tool.claims.forbid-reaches]]\nid = "no-env"\nfrom = "alib.core.held"\nto = "os.getenv"\n'
    ),
    "pkgs/a/src/alib/__init__.py": "",
    "pkgs/a/src/alib/core.py": CORE,
    # b: another platform, and os.getenv allowed, so a's configuration used for b (or b's for a) would show
    "pkgs/b/pyproject.toml": (
        '[tool.claims]\nplatform = "win32"\n\n[tool.claims.allow]\ndeterministic = ["os.getenv"]\n'
    ),
    "pkgs/b/blib/__init__.py": "",
    "pkgs/b/blib/core.py": CORE,
    # never searched for projects: a virtual environment, hidden and build directories, test data, a package
    "pkgs/.venv/pyvenv.cfg": "",
    "pkgs/.venv/x/pyproject.toml": "[tool.claims]\n",
    "node_modules/x/pyproject.toml": "[tool.claims]\n",
    "build/x/pyproject.toml": "[tool.claims]\n",
    "tests/data/x/pyproject.toml": "[tool.claims]\n",
    "pkgs/b/blib/inner/pyproject.toml": "[tool.claims]\n",
}
A = {
    "pkgs/a/src/alib/core.py::held[linux]": "passed",
    "pkgs/a/src/alib/core.py::broken[linux]": "failed",
    "pkgs/a/pyproject.toml::forbid-reaches[no-env][linux]": "passed",
}
B = {
    "pkgs/b/blib/core.py::held[win32]": "passed",
    "pkgs/b/blib/core.py::broken[win32]": "passed",
}
OFF = ("-p", "claims", "-p", "no:cacheprovider")


def _verdicts(reprec: pytest.HookRecorder) -> dict[str, str]:
    """Node id -> outcome of every item that ran (node ids as pytest names them: from the rootdir)."""
    return {r.nodeid: r.outcome for r in reprec.getreports("pytest_runtest_logreport") if r.when == "call"}


def _check(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["check", "--no-cache", *argv], out, err)
    return status, out.getvalue()


@pytest.fixture
def monorepo(pytester: pytest.Pytester) -> Path:
    write(pytester.path, MONOREPO)
    return pytester.path


def test_a_root_run_checks_every_project_with_its_own_configuration(pytester: pytest.Pytester, monorepo: Path) -> None:
    result = pytester.inline_run(*OFF)
    assert _verdicts(result) == {**A, **B}
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_every_way_of_running_gives_the_same_verdicts(
    pytester: pytest.Pytester, monorepo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _verdicts(pytester.inline_run(*OFF, "pkgs/a", "pkgs/b")) == {**A, **B}
    assert _verdicts(pytester.inline_run(*OFF, "pkgs")) == {**A, **B}
    assert _verdicts(pytester.inline_run(*OFF, "pkgs/b")) == B
    status, out = _check("-v", "pkgs/a", "pkgs/b")
    assert status == 1
    shown = {"HELD": "passed", "VIOLATED": "failed"}
    lines = [line.split() for line in out.splitlines() if "::" in line and line.split()[-1] in shown]
    assert {words[0]: shown[words[-1]] for words in lines} == {**A, **B}
    assert "project pkgs/a" in out.splitlines() and "project pkgs/b" in out.splitlines()
    monkeypatch.chdir(monorepo / "pkgs" / "a")
    assert _verdicts(pytester.inline_run(*OFF)) == A  # node ids from the rootdir (the root's pyproject.toml)
    status, out = _check()
    assert status == 1 and "src/alib/core.py::broken[linux] VIOLATED" in out


def test_the_summary_has_a_block_per_project(pytester: pytest.Pytester, monorepo: Path) -> None:
    result = pytester.runpytest(*OFF)
    result.stdout.fnmatch_lines(
        [
            "project pkgs/a",
            "claims checked: 2",
            "linux: 1 claim held, 1 claim violated, 0 claims unevaluable",
            "rules checked: 1",
            "*",
            "project pkgs/b",
            "claims checked: 2",
            "win32: 2 claims held, 0 claims violated, 0 claims unevaluable",
        ],
        consecutive=False,
    )
    # the failure text's paths are relative to the rootdir, as the node ids are
    result.stdout.fnmatch_lines(
        ["alib.core.broken claims deterministic but calls os.getenv at pkgs/a/src/alib/core.py:11"]
    )


def test_xdist_workers_collect_the_same_items(pytester: pytest.Pytester, monorepo: Path) -> None:
    result = pytester.runpytest_subprocess(*OFF, "-n", "2", "-rA")
    result.assert_outcomes(passed=4, failed=1)
    ran = {
        line.split()[1]: line.split()[0].lower() for line in result.outlines if line.startswith(("PASSED ", "FAILED "))
    }
    assert ran == {**A, **B}


def test_one_json_report_names_the_project_of_each_result(pytester: pytest.Pytester, monorepo: Path) -> None:
    pytester.inline_run(*OFF, "--claims-report=report.json")
    document = json.loads((monorepo / "report.json").read_text())
    assert [(p["project"], p["config"], p["platforms"]) for p in document["projects"]] == [
        ("pkgs/a", "pkgs/a/pyproject.toml", ["linux"]),
        ("pkgs/b", "pkgs/b/pyproject.toml", ["win32"]),
    ]
    seen = {(c["project"], c["file"], c["function"], c["platform"], c["status"]) for c in document["claims"]}
    assert seen == {
        ("pkgs/a", "pkgs/a/src/alib/core.py", "alib.core.held", "linux", "held"),
        ("pkgs/a", "pkgs/a/src/alib/core.py", "alib.core.broken", "linux", "violated"),
        ("pkgs/b", "pkgs/b/blib/core.py", "blib.core.held", "win32", "held"),
        ("pkgs/b", "pkgs/b/blib/core.py", "blib.core.broken", "win32", "held"),
    }
    assert [(r["project"], r["id"]) for r in document["rules"]] == [("pkgs/a", "no-env")]
    assert document["platforms"] == ["linux", "win32"]
    # the command line run from the same directory writes the same document
    _check("--report", "cli.json")
    assert (monorepo / "cli.json").read_text() == (monorepo / "report.json").read_text()


@pytest.mark.parametrize("git", [False, True])
def test_sarif_has_a_run_per_project_with_distinct_ids(pytester: pytest.Pytester, monorepo: Path, git: bool) -> None:
    if git:
        (monorepo / ".git").mkdir()
    pytester.inline_run(*OFF, "--claims-report=claims.sarif")
    runs = json.loads((monorepo / "claims.sarif").read_text())["runs"]
    assert [run["automationDetails"]["id"] for run in runs] == [
        "pytest-claims/pkgs/a/linux/",
        "pytest-claims/pkgs/b/win32/",
    ]
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in runs[0]["results"]]
    assert uris == ["pkgs/a/src/alib/core.py"]
    assert runs[1]["results"] == []


def test_a_warm_run_reads_each_project_from_its_cache(
    pytester: pytest.Pytester, monorepo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each project keeps its stored verdicts in a directory of its own (named by its path from the rootdir), so
    a root run and a run inside one project warm each other's."""
    assert "2 files parsed" in pytester.runpytest("-p", "claims").stdout.str()
    warm = pytester.runpytest("-p", "claims")
    warm.stdout.fnmatch_lines(["analysis: * 0 files parsed, * 2 verdicts reused"] * 2, consecutive=False)
    assert _verdicts(pytester.inline_run("-p", "claims")) == {**A, **B}
    monkeypatch.chdir(monorepo / "pkgs" / "a")
    inside = pytester.runpytest("-p", "claims")
    inside.stdout.fnmatch_lines(["analysis: * 0 files parsed, * 2 verdicts reused"])


def test_a_root_with_its_own_table_is_one_project(pytester: pytest.Pytester, monorepo: Path) -> None:
    """The root's own `[tool.claims]` makes it the project, as before: the tables below are not searched."""
    write(monorepo, {"pyproject.toml": '[tool.claims]\npackages = ["top"]\n', "top/__init__.py": CORE})
    verdicts = _verdicts(pytester.inline_run(*OFF, "--claims-platform=linux"))
    assert verdicts == {"top/__init__.py::held[linux]": "passed", "top/__init__.py::broken[linux]": "failed"}


def test_observation_says_it_judged_the_first_project_only(pytester: pytest.Pytester, monorepo: Path) -> None:
    result = pytester.runpytest(*OFF, "--claims-observe")
    result.stdout.fnmatch_lines(["warning: --claims-observe judged the claims of project pkgs/a only"])
