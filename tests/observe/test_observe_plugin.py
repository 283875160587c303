"""`--claims-observe` (semantics §13a) end to end on testdata/observe, with pytester, and its verdicts unit by unit."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from pytest_claims.analysis.catalog import load_catalogue
from pytest_claims.config import load_config
from pytest_claims.observe.verdicts import Policy, claimed, direct, judge, merge
from pytest_claims.plugin import projects as claims_projects
from pytest_claims.records import BlindCalls, BlindSpot, ClaimResult, FrontierEntry, Violation

FIXTURE = Path(__file__).resolve().parents[2] / "testdata" / "observe"
HOST = sys.platform


@pytest.fixture
def shapes(pytester: pytest.Pytester) -> pytest.Pytester:
    shutil.copytree(FIXTURE, pytester.path, dirs_exist_ok=True)
    return pytester


def _chain(function: str, hops: list[str], spot_via: list[str]) -> dict[str, Any]:
    return {
        "function": function,
        "file": "src/shapes/render.py",
        "line": {"shapes.render.render": 21, "shapes.render.render_all": 26}[function],
        "claims": ["deterministic"],
        "static": "held",
        "verdict": "missed",
        "reaches": [
            {
                "reach": "time.time",
                "categories": ["clock"],
                "claims": ["deterministic"],
                "count": 1,
                "chains": [
                    {
                        "chain": [*hops, "time.time"],
                        "count": 1,
                        "inside": None,
                        "blind_spot": {
                            "file": "src/shapes/render.py",
                            "line": 22,
                            "code": "shape.draw()",
                            "via": spot_via,
                        },
                    }
                ],
            }
        ],
    }


EXPECTED: dict[str, Any] = {
    "platform": HOST,
    "claims": 4,
    "broken": 2,
    "missed": 2,
    "confirmed": 0,
    "not_observed_broken": 2,
    "never_executed": 1 if sys.version_info >= (3, 12) else None,  # `unused`; counted from 3.12 (sys.monitoring)
    "recorder_errors": 0,
    "workers_missing": 0,
    "functions": [
        _chain(
            "shapes.render.render",
            ["shapes.render.render (src/shapes/render.py:22)", "shapes.render.Stamped.draw (src/shapes/render.py:17)"],
            [],
        ),
        _chain(
            "shapes.render.render_all",
            [
                "shapes.render.render_all (src/shapes/render.py:29)",
                "shapes.render.render (src/shapes/render.py:22)",
                "shapes.render.Stamped.draw (src/shapes/render.py:17)",
            ],
            ["shapes.render.render"],
        ),
    ],
}
"""`signed` reads the environment through `shapes.audit`, which is trusted: not a breach. The test that
monkeypatches `time.time` calls the replacement, which is not wrapped: not a touch (the counts stay 1)."""


def _report(pytester: pytest.Pytester) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((pytester.path / "report.json").read_text(encoding="utf-8"))
    return document


def test_static_pass_alone_holds_every_claim(shapes: pytest.Pytester) -> None:
    result = shapes.runpytest("-p", "claims", "--claims-report=report.json")
    result.assert_outcomes(passed=7)  # 4 claim items, 3 tests
    assert result.ret == pytest.ExitCode.OK
    assert "claims observed" not in result.stdout.str()
    assert "observed" not in _report(shapes)


def test_the_run_shows_the_breach_the_static_pass_cannot_see(shapes: pytest.Pytester) -> None:
    result = shapes.runpytest("-p", "claims", "--claims-observe", "--claims-report=report.json")
    result.assert_outcomes(passed=7)  # the user's tests and the claim items are as without observation
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert _report(shapes)["observed"] == EXPECTED
    result.stdout.fnmatch_lines(
        [
            f"*claims observed at run time ({HOST})*",
            "MISSED shapes.render.render claims deterministic (held statically) but reached time.time [clock] "
            "at run time (1 call)",
            "    shapes.render.render (src/shapes/render.py:22) -> shapes.render.Stamped.draw "
            "(src/shapes/render.py:17) -> time.time",
            "    hidden by the blind spot at src/shapes/render.py:22: shape.draw()",
            "MISSED shapes.render.render_all claims deterministic*",
            "*",
            "    hidden by the blind spot at src/shapes/render.py:22: shape.draw()",
            "observed: 2 missed by the static pass, 0 confirmed, 2 of 4 not seen breaking*",
        ]
    )
    lines = result.stdout.lines
    assert lines.index(next(line for line in lines if "claims observed at run time" in line)) < lines.index(
        next(line for line in lines if line.startswith("MISSED"))
    )


def test_xdist_workers_send_their_records(shapes: pytest.Pytester) -> None:
    result = shapes.runpytest("-p", "claims", "--claims-observe", "--claims-report=report.json", "-n", "2")
    result.assert_outcomes(passed=7)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert _report(shapes)["observed"] == EXPECTED


def test_the_config_attribute_turns_it_on(shapes: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """`claims-observe = true` (the config key lands with the config work): read as `claims_observe`."""

    class Observing:
        def __init__(self, inner: Any) -> None:
            self._inner = inner
            self.claims_observe = True

        def __getattr__(self, name: str) -> Any:
            return getattr(self._inner, name)

    # the session's one reading of the configuration, which the observer shares
    monkeypatch.setattr(claims_projects, "load_config", lambda root: Observing(load_config(root)))
    result = shapes.runpytest("-p", "claims", "--claims-report=report.json")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert _report(shapes)["observed"] == EXPECTED


def test_a_confirmed_breach_does_not_fail_the_run_twice(shapes: pytest.Pytester) -> None:
    render = shapes.path / "src" / "shapes" / "render.py"
    render.write_text(
        render.read_text(encoding="utf-8").replace(
            "def render(shape) -> str:\n    return shape.draw()",
            "def render(shape) -> str:\n    time.monotonic()\n    return shape.draw()",
        ),
        encoding="utf-8",
    )
    result = shapes.runpytest("-p", "claims", "--claims-observe", "--claims-report=report.json")
    observed = _report(shapes)["observed"]
    verdicts = {record["function"]: (record["static"], record["verdict"]) for record in observed["functions"]}
    # render is violated statically now (time.monotonic), and so is render_all and signed through it
    assert verdicts["shapes.render.render"] == ("violated", "confirmed")
    assert verdicts["shapes.render.signed"] == ("violated", "confirmed")
    assert observed["missed"] == 0
    result.stdout.fnmatch_lines(["confirmed: 3 observed broken, as the static pass had found"])
    assert "MISSED" not in result.stdout.str()
    result.assert_outcomes(passed=4, failed=3)  # the 3 violated claim items; the user's 3 tests pass


TRACEBACKS = """
import inspect
import os
import pathlib
import random
import shutil
import time
import traceback

import pytest


def _files(exc):
    return [frame.filename for frame in traceback.extract_tb(exc.__traceback__)]


def test_exec_traceback():
    try:
        exec(compile("1/0", filename="string", mode="exec"))
    except ZeroDivisionError as exc:
        assert _files(exc) == [__file__, "string"]


def test_exec_syntax_error():
    try:
        exec("1 +")
    except SyntaxError as exc:
        assert _files(exc) == [__file__]


def test_wrapped_builtin_and_function_tracebacks():
    for call in (lambda: time.sleep(-1), lambda: os.stat("/no/such/claims/file")):
        try:
            call()
        except (ValueError, OSError) as exc:
            assert _files(exc) == [__file__, __file__]  # the lambda, then nothing of the wrapper


def test_wrapped_python_function_method_and_constructor_tracebacks():
    calls = (
        lambda: shutil.rmtree("/no/such/claims/dir"),
        lambda: pathlib.Path("/no/such/claims/file").read_text(),
        lambda: random.Random(1, 2, 3),
    )
    for call in calls:
        try:
            call()
        except (OSError, TypeError) as exc:
            files = _files(exc)
            assert files[:2] == [__file__, __file__]  # the lambda, then the original's frames, if any
            assert not [name for name in files if "pytest_claims" in name]


def test_stack_seen_by_a_callback_of_a_wrapped_call(tmp_path):
    (tmp_path / "source").mkdir()
    seen = []

    def ignore(directory, names):
        seen.extend(frame.filename for frame in inspect.stack()[1:])
        return []

    shutil.copytree(tmp_path / "source", tmp_path / "target", ignore=ignore)
    assert set(seen[: seen.index(__file__)]) == {shutil.__file__}  # copytree's frames, then this test


def test_exec_stack():
    files = []
    exec("import inspect; files.extend(f.filename for f in inspect.stack()[:2])", {"files": files})
    assert files == ["<string>", __file__]


def test_import_time_warning_names_the_importer():
    with pytest.warns(DeprecationWarning) as record:
        import warns_on_import  # noqa: F401
    assert record[0].filename == __file__


def test_import_error_traceback():
    try:
        import no_such_module_for_claims  # noqa: F401
    except ImportError as exc:
        assert _files(exc) == [__file__]
"""


def test_observation_changes_no_traceback_the_tests_inspect(shapes: pytest.Pytester) -> None:
    # a wrapper's frame among `traceback.extract_tb`'s made such tests fail only under observation
    (shapes.path / "tests" / "test_tracebacks.py").write_text(TRACEBACKS, encoding="utf-8")
    warns = 'import warnings\n\nwarnings.warn("old", DeprecationWarning, stacklevel=2)\n'
    (shapes.path / "tests" / "warns_on_import.py").write_text(warns, encoding="utf-8")
    without = shapes.runpytest("-p", "claims", "tests/test_tracebacks.py")
    without.assert_outcomes(passed=8)
    result = shapes.runpytest("-p", "claims", "--claims-observe", "tests/test_tracebacks.py")
    result.assert_outcomes(passed=8)


def test_no_claims_and_observe_is_a_usage_error(shapes: pytest.Pytester) -> None:
    result = shapes.runpytest("-p", "claims", "--no-claims", "--claims-observe")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--claims-observe judges the static verdicts*"])


# --- verdicts, unit by unit -------------------------------------------------------------------------------


def _result(
    function: str,
    status: str = "held",
    violations: tuple[Violation, ...] = (),
    blind_spots: tuple[BlindSpot, ...] = (),
) -> ClaimResult:
    module, _, qualname = function.rpartition(".")
    return ClaimResult(
        function,
        module,
        qualname,
        "src/p/m.py",
        1,
        ("deterministic",),
        HOST,
        status,
        violations,
        (),
        tuple(BlindCalls(b.file, b.via, ((b.line, b.code),)) for b in blind_spots),
    )


def _records(function: str, reach: str, categories: list[str], frames: list[list[Any]], inside: Any = None) -> Any:
    return {
        function: {
            "file": "/r/src/p/m.py",
            "line": 1,
            "capabilities": {
                reach: {
                    "entry": reach,
                    "categories": categories,
                    "count": 2,
                    "chains": [{"frames": frames, "inside": inside, "count": 2}],
                }
            },
        }
    }


POLICY = Policy(
    categories={"deterministic": frozenset({"clock", "env", "fs"}), "idempotent": frozenset()},
    deny={},
    allow={"deterministic": ("time.monotonic",)},
    trusted=("p.trusted",),
    trusted_for={"deterministic": ("p.helpers",)},
)


def test_claimed_and_direct() -> None:
    catalogue = load_catalogue()
    assert claimed("p.m.f.<locals>.g.<locals>.<lambda>") == "p.m.f"
    assert direct(None, catalogue) and direct("shutil.which", catalogue)
    assert not direct("ast.parse", catalogue)
    assert not direct("logging.Logger.log", catalogue)  # narration: the record's time stamp is part of it
    assert direct("subprocess.run", catalogue)


@pytest.mark.parametrize(
    ("reach", "categories", "names", "breaks"),
    [
        ("time.time", ["clock"], ["p.m.f"], True),
        ("time.monotonic", ["clock"], ["p.m.f"], False),  # allow
        ("time.time", ["clock"], ["p.m.f", "p.trusted.g"], False),  # trusted
        ("time.time", ["clock"], ["p.m.f", "p.helpers.g"], False),  # trusted-for this claim
        ("print", ["stdout"], ["p.m.f"], False),  # not forbidden
    ],
)
def test_policy(reach: str, categories: list[str], names: list[str], breaks: bool) -> None:
    assert POLICY.breaks("deterministic", reach, categories, names) is breaks
    assert POLICY.breaks("idempotent", reach, categories, names) is False


def test_judge_matches_blind_spots_and_sorts_missed_first(tmp_path: Path) -> None:
    root = tmp_path
    spot = BlindSpot("src/p/m.py", 5, "self.x.run()", ())
    held = _result("p.m.f", blind_spots=(spot,))
    violated = _result("p.m.a", "violated", violations=(Violation("deterministic", "call", "os.getenv", "f", 2, ()),))
    records = {
        **_records(
            "p.m.f.<locals>.inner",
            "time.time",
            ["clock"],
            [["p.m.f.<locals>.inner", str(root / "src/p/m.py"), 5], ["p.n.run", str(root / "src/p/n.py"), 9]],
        ),
        **_records("p.m.a", "os.getenv", ["env"], [["p.m.a", str(root / "src/p/m.py"), 2]]),
        **_records("p.m.z", "os.getenv", ["env"], [["p.m.z", str(root / "src/p/m.py"), 3]]),  # claims nothing
        **_records("p.m.b", "id", ["interpreter"], [["p.m.b", str(root / "src/p/m.py"), 4]], ["copy.deepcopy", "", 1]),
    }
    observation = judge(
        records,
        [held, violated, _result("p.m.b")],
        POLICY,
        load_catalogue(),
        root=root,
        platform=HOST,
        executed=["p.m.f.<locals>.inner", "p.m.a"],
    )
    assert [(c.function, c.verdict) for c in observation.broken] == [("p.m.f", "missed"), ("p.m.a", "confirmed")]
    [chain] = observation.broken[0].reaches[0].chains
    assert chain.hops == (("p.m.f.<locals>.inner", "src/p/m.py", 5), ("p.n.run", "src/p/n.py", 9))
    assert chain.blind_spot == spot and observation.broken[0].blind_spot == spot
    assert observation.never_executed == 1  # p.m.b
    assert observation.claims == 3


def test_static_verdict_per_claim() -> None:
    """Violated for another claim, held for this one: a breach of this one is a miss."""
    result = ClaimResult(
        "p.m.f",
        "p.m",
        "f",
        "src/p/m.py",
        1,
        ("deterministic", "sandboxed"),
        HOST,
        "violated",
        (Violation("deterministic", "call", "time.time", "src/p/m.py", 2, ()),),
        (),
    )
    policy = Policy({"deterministic": frozenset({"clock", "fs"}), "sandboxed": frozenset({"fs"})}, {}, {}, (), {})
    records = _records("p.m.f", "builtins.open", ["fs"], [["p.m.f", "/r/src/p/m.py", 3]])
    [claim] = judge(records, [result], policy, load_catalogue(), root=Path("/r"), platform=HOST).broken
    assert claim.verdict == "missed" and claim.reaches[0].claims == ("deterministic", "sandboxed")
    stopped = ClaimResult(
        "p.m.f",
        "p.m",
        "f",
        "src/p/m.py",
        1,
        ("sandboxed",),
        HOST,
        "unevaluable",
        (),
        (FrontierEntry("x.y", "src/p/m.py", 2, (), "third-party code (x)", ""),),
    )
    [claim] = judge(records, [stopped], policy, load_catalogue(), root=Path("/r"), platform=HOST).broken
    assert claim.verdict == "confirmed"


def test_merge_adds_counts_and_keeps_distinct_chains() -> None:
    first = _records("p.m.f", "time.time", ["clock"], [["p.m.f", "/r/m.py", 3]])
    second = _records("p.m.f", "time.time", ["clock"], [["p.m.f", "/r/m.py", 3]])
    third = _records("p.m.f", "time.time", ["clock"], [["p.m.f", "/r/m.py", 4]])
    merged = merge(merge(merge({}, first), second), third)
    touch = merged["p.m.f"]["capabilities"]["time.time"]
    assert touch["count"] == 6
    assert [(c["frames"][0][2], c["count"]) for c in touch["chains"]] == [(3, 4), (4, 2)]
    assert first["p.m.f"]["capabilities"]["time.time"]["count"] == 2  # the inputs are not changed


def test_merge_joins_the_categories_each_process_saw_reached() -> None:
    first = _records("p.m.f", "time.strftime", ["host"], [["p.m.f", "/r/m.py", 3]])
    second = _records("p.m.f", "time.strftime", ["clock", "host"], [["p.m.f", "/r/m.py", 4]])
    merged = merge(merge({}, first), second)
    assert merged["p.m.f"]["capabilities"]["time.strftime"]["categories"] == ["clock", "host"]
    assert first["p.m.f"]["capabilities"]["time.strftime"]["categories"] == ["host"]
