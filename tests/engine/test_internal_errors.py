"""A defect of the analysis met on some input is one line naming the stage and the file:line where it was met:
never a traceback, never a verdict (`analysis.failures`), from `check` (`-j` too), the plugin and its xdist
controller alike, and nothing of the crashed run is stored for the next. Each test injects one stage's failure."""

from __future__ import annotations

import ast
import io
import json
from pathlib import Path

import pytest

from pytest_claims import jobs
from pytest_claims.analysis import facts, reading, rules
from pytest_claims.analysis.claims import ClaimWalks
from pytest_claims.analysis.failures import AnalysisError, node_line
from pytest_claims.analysis.resolution.summaries import Summaries
from pytest_claims.cli import main
from pytest_claims.cli.common import EXIT_FAILED, EXIT_INTERNAL, TRACEBACK_ENV
from pytest_claims.engine import TRACE_ENV
from tests.helpers import patches_internals, write

MODULE = "import time\n\n\n# claims: deterministic\ndef f():\n    return time.time()\n"
TABLE = '[tool.claims]\npackages = ["p"]\n'
PROJECT: dict[str, str | bytes] = {
    "pyproject.toml": TABLE,
    "p/__init__.py": "",
    "p/m.py": MODULE,
}
RULE = '\n[[tool.claims.forbid-reaches]]\nid = "no-clock"\nfrom = "p"\nto = "time.time"\n'
REPORT = "no verdict was given (a defect of pytest-claims: please report it with this file)"


def _raises(*args: object, **kwargs: object) -> object:
    raise IndexError("tuple index out of range")


def _at_return(self: object, tree: ast.Module) -> None:
    """The fact pass failing while it handles the `return` statement (line 6)."""
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.Return))
    raise IndexError(f"tuple index out of range at {type(node).__name__}")


def _check(root: Path, *more: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["check", "--root", str(root), "--platform", "linux", *more], out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("patch", "said"),
    [
        pytest.param(
            (facts._Extractor, "run", _at_return),
            "p/m.py:6: internal error extracting its facts: IndexError: tuple index out of range at Return; ",
            id="facts",
        ),
        pytest.param(
            (reading, "read_directives", _raises),
            "p/m.py: internal error reading its claims directives: IndexError: tuple index out of range; ",
            id="directives",
        ),
        pytest.param(
            (Summaries, "_use", _raises),
            "p/m.py:6: internal error resolving `time.time` (a call in p.m.f): IndexError: tuple index out of "
            "range, met judging p.m.f (p/m.py:5) on linux; ",
            id="resolution",
        ),
        pytest.param(
            (ClaimWalks, "_walk", _raises),
            "p/m.py:5: internal error judging the claims of p.m.f on linux: IndexError: tuple index out of range; ",
            id="walk",
        ),
        pytest.param(
            (rules, "_check", _raises),
            "pyproject.toml:4: internal error checking the forbid-reaches rule 'no-clock' on linux: IndexError: "
            "tuple index out of range; ",
            id="rule",
        ),
    ],
)
@patches_internals
def test_check_names_the_stage_and_the_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, patch: tuple[object, str, object], said: str
) -> None:
    write(tmp_path, {**PROJECT, "pyproject.toml": TABLE + RULE})
    monkeypatch.setattr(*patch)
    monkeypatch.delenv(TRACEBACK_ENV, raising=False)
    status, out, err = _check(tmp_path, "--no-cache", "--report", str(tmp_path / "r.json"))
    assert status == EXIT_INTERNAL
    assert err == f"pytest-claims: {said}{REPORT} (set {TRACEBACK_ENV}=1 for the traceback)\n"
    assert "Traceback" not in out + err and "held" not in out
    assert not (tmp_path / "r.json").exists()


@patches_internals
def test_explain_and_suggest_tell_the_same_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, PROJECT)
    monkeypatch.setattr(Summaries, "_use", _raises)
    monkeypatch.delenv(TRACEBACK_ENV, raising=False)
    for command in (["explain", "p.m.f"], ["suggest"]):
        out, err = io.StringIO(), io.StringIO()
        status = main([*command, "--root", str(tmp_path), "--no-cache", "--platform", "linux"], out, err)
        assert status == EXIT_INTERNAL, command
        assert err.getvalue().startswith("pytest-claims: p/m.py:6: internal error resolving `time.time` (a call in ")
        assert "Traceback" not in err.getvalue() and "holds" not in out.getvalue()


@patches_internals
def test_the_traceback_on_request_shows_the_cause(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, PROJECT)
    monkeypatch.setattr(Summaries, "_use", _raises)
    monkeypatch.setenv(TRACEBACK_ENV, "1")
    with pytest.raises(AnalysisError) as caught:
        _check(tmp_path, "--no-cache")
    assert isinstance(caught.value.__cause__, IndexError)
    assert caught.value.where == "p/m.py:6"


@patches_internals
def test_a_crashed_run_stores_no_verdict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk fails after another claim was judged: the next run, unpatched, reuses nothing and judges both."""
    second = "\n\n# claims: deterministic\ndef g():\n    return 1\n"
    write(tmp_path, {**PROJECT, "p/m.py": MODULE + second})
    trace = tmp_path / "trace.txt"
    monkeypatch.setenv(TRACE_ENV, str(trace))
    walk = ClaimWalks._walk

    def fails_on_f(self: ClaimWalks, resolver: object, function: tuple[str, int], *args: object) -> object:
        if function[1] == 0:
            raise IndexError("tuple index out of range")
        return walk(self, resolver, function, *args)  # type: ignore[arg-type]

    with monkeypatch.context() as patched:
        patched.setattr(ClaimWalks, "_walk", fails_on_f)
        assert _check(tmp_path)[0] == EXIT_INTERNAL
    assert not trace.exists()  # the run never finished: nothing saved
    status, _, _ = _check(tmp_path, "--report", str(tmp_path / "r.json"))
    assert status == EXIT_FAILED
    assert "reused=0" in trace.read_text()
    claims = json.loads((tmp_path / "r.json").read_text())["claims"]
    assert sorted((c["function"], c["status"]) for c in claims) == [("p.m.f", "violated"), ("p.m.g", "held")]


@patches_internals
def test_a_worker_tells_the_same_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under `-j 2` the failure is met in the worker process (its code patched there): the parent stops with the
    worker's line, naming the worker, and writes no report."""
    files: dict[str, str | bytes] = {"pyproject.toml": '[tool.claims]\npackages = ["a", "b"]\n'}
    for package in ("a", "b"):
        files[f"{package}/__init__.py"] = ""
        files[f"{package}/m.py"] = "".join(
            f"# claims: deterministic\ndef f{i}():\n    return {i}\n\n\n" for i in range(20)
        )
    write(tmp_path, files)
    patch = "import pytest_claims.analysis.claims as c; c.ClaimWalks._walk = lambda *a, **k: 1 / 0; "
    monkeypatch.setattr(jobs, "WORKER_CODE", patch + jobs.WORKER_CODE)
    monkeypatch.delenv(TRACEBACK_ENV, raising=False)
    status, _, err = _check(tmp_path, "--no-cache", "-j", "2", "--report", str(tmp_path / "r.json"))
    assert status == EXIT_INTERNAL
    assert err.startswith("pytest-claims check: a worker process of `-j` (judging 20 claims) stopped: ")
    assert "/m.py:2: internal error judging the claims of " in err and "ZeroDivisionError: division by zero" in err
    assert err.rstrip().endswith(REPORT) and "Traceback" not in err
    assert not (tmp_path / "r.json").exists()


def test_the_line_is_the_innermost_node_held() -> None:
    def handle(node: ast.AST) -> None:
        raise ValueError("x")

    tree = ast.parse("x = 1\n\nif x:\n    y = 2\n")
    try:
        handle(tree.body[1].body[0])  # type: ignore[attr-defined]
    except ValueError as error:
        assert node_line(error.__traceback__) == 4
    assert node_line(None) == 0


@pytest.mark.parametrize("report", [False, True], ids=["on-demand", "at-session-start"])
@patches_internals
def test_the_plugin_stops_the_session_naming_the_line(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, report: bool
) -> None:
    """Verdicts wait for pytest's selection (judged at collection's end), or not (a report asked for: at session
    start): either way the session stops with the line, and no report is written."""
    write(pytester.path, PROJECT)
    monkeypatch.setattr(Summaries, "_use", _raises)
    monkeypatch.delenv(TRACEBACK_ENV, raising=False)
    asked = ["--claims-report", "r.json"] if report else []
    result = pytester.runpytest_inprocess(
        "-p", "claims", "-p", "no:cacheprovider", "--claims-platform", "linux", *asked
    )
    assert result.ret == pytest.ExitCode.INTERNAL_ERROR
    text = result.stdout.str() + result.stderr.str()
    assert "claims: p/m.py:6: internal error resolving `time.time` (a call in p.m.f)" in text
    assert "Traceback" not in text and "INTERNALERROR" not in text and "passed" not in text
    assert not (pytester.path / "r.json").exists()


@patches_internals
def test_the_plugin_shows_the_traceback_when_asked(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    write(pytester.path, PROJECT)
    monkeypatch.setattr(Summaries, "_use", _raises)
    monkeypatch.delenv(TRACEBACK_ENV, raising=False)
    result = pytester.runpytest_inprocess("-p", "claims", "-p", "no:cacheprovider", "--tb=short")
    assert result.ret == pytest.ExitCode.INTERNAL_ERROR
    text = result.stdout.str() + result.stderr.str()
    assert "INTERNALERROR" in text and "IndexError: tuple index out of range" in text
    assert "p/m.py:6: internal error resolving" in text


@patches_internals
def test_the_xdist_controller_stops_before_its_workers_run(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("xdist")
    write(pytester.path, PROJECT)
    monkeypatch.setattr(ClaimWalks, "_walk", _raises)
    monkeypatch.delenv(TRACEBACK_ENV, raising=False)
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)  # set when this suite itself runs under xdist
    result = pytester.runpytest_inprocess("-p", "claims", "-p", "no:cacheprovider", "-n", "2")
    assert result.ret == pytest.ExitCode.INTERNAL_ERROR
    text = result.stdout.str() + result.stderr.str()
    assert "claims: p/m.py:5: internal error judging the claims of p.m.f on " in text
    assert "Traceback" not in text and "passed" not in text
