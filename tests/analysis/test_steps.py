"""Every step of a violation's chain says where and how it was entered (docs/reports.md, `steps`): a user who
doubts a chain sees the call that took each dispatched step. Checked on the fixture tree
(`testdata/violations/src/vio/steps_cases.py`), whose expectation comments pin the violations themselves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_claims.engine import Result, check
from pytest_claims.output.messages import failure_text
from pytest_claims.output.report import json_report
from pytest_claims.records import HOW, ChainStep, Violation

ROOT = Path(__file__).resolve().parents[2] / "testdata" / "violations"
FILE = "src/vio/steps_cases.py"


@pytest.fixture(scope="module")
def linux() -> Result:
    return check(ROOT, ["linux"])


def _line(text: str) -> int:
    """The line of the fixture holding `text` (once)."""
    rows = [n for n, row in enumerate((ROOT / FILE).read_text(encoding="utf-8").splitlines(), 1) if text in row]
    assert len(rows) == 1, text
    return rows[0]


def _only(result: Result, function: str) -> Violation:
    (claim,) = [c for c in result.claims if c.function == f"vio.steps_cases.{function}"]
    (violation,) = claim.violations
    return violation


def test_an_override_is_the_step_that_enters_it(linux: Result) -> None:
    violation = _only(linux, "runs_base")
    assert violation.steps == (
        ChainStep("vio.steps_cases.Base.run", FILE, _line("return b.run()"), "call"),
        ChainStep("vio.steps_cases.Timed.tick", FILE, _line("return self.tick()  # base"), "override"),
        ChainStep("time.time", FILE, violation.line, "call"),
    )


def test_a_stored_callable_steps_in_where_it_is_called(linux: Result) -> None:
    violation = _only(linux, "reads_stored")
    assert violation.line == _line("def __init__(self, now=time.monotonic)")  # where the capability is named
    assert violation.steps == (
        ChainStep("vio.steps_cases.Clocked.read", FILE, _line("return c.read()  # stored"), "call"),
        ChainStep("time.monotonic", FILE, _line("return self._now()  # clocked"), "stored"),
    )


def test_an_operator_and_a_protocol(linux: Result) -> None:
    assert _only(linux, "adds").steps[0] == ChainStep(
        "vio.steps_cases.Stamp.__add__", FILE, _line("return a + b  # stamps"), "implicit"
    )
    assert _only(linux, "beats").steps[0] == ChainStep(
        "vio.steps_cases.WallTicker.beat", FILE, _line("return t.beat()"), "protocol"
    )


def test_the_failure_text_shows_only_the_steps_not_taken_by_a_plain_call(linux: Result) -> None:
    violation = _only(linux, "runs_base")
    text = failure_text(
        "vio.steps_cases.runs_base", ("deterministic",), "violated", (violation,), (), lambda f, n: "src"
    )
    lines = text.splitlines()
    assert (
        lines[1]
        == f"    via vio.steps_cases.Timed.tick at {FILE}:{_line('return self.tick()  # base')}, a subclass's override"
    )
    assert [line for line in lines if line.startswith("    via ")] == [lines[1]]
    stored = _only(linux, "reads_stored")
    text = failure_text("f", ("deterministic",), "violated", (stored,), (), lambda f, n: "src", lambda p: f"./{p}")
    assert f"    via time.monotonic at ./{FILE}:{_line('return self._now()  # clocked')}, a stored callable" in text


def test_a_plain_chain_adds_no_line() -> None:
    plain = Violation(
        "deterministic",
        "read",
        "os.environ",
        "a.py",
        3,
        ("m.f",),
        (ChainStep("m.f", "b.py", 2, "call"), ChainStep("os.environ", "a.py", 3, "read")),
    )
    assert failure_text("m.g", ("deterministic",), "violated", (plain,), (), lambda f, n: "x").count("via ") == 0


@pytest.mark.parametrize(
    ("function", "hop", "site", "how"),
    [
        ("reads_property", "Gauge.level", "return g.level  # property read", "getter"),
        ("probes_property", "Gauge.level", 'return hasattr(g, "level")  # property probe', "getter"),
        ("fetches_by_name", "Gauge.level", "return getattr(g, name)  # computed name", "getter"),
        ("assigns_property", "Dial.level", "d.level = 1  # property store", "setter"),
        ("deletes_property", "Dial.level", "del d.level  # property delete", "deleter"),
        ("reads_missing", "Lazy.__getattr__", "return z.anything  # getattr hook", "implicit"),
        ("reads_watched", "Watched.__getattribute__", "return w.anything  # getattribute hook", "implicit"),
        ("reads_descriptor", "Clock.__get__", "return h.now  # descriptor", "implicit"),
        ("copies", "Copied.__copy__", "return copy.copy(c)  # copy calls back", "callback"),
        ("runs_at_exit", "Later.__call__", "stack.callback(task)  # registered", "callback"),
    ],
)
def test_what_a_read_or_the_stdlib_runs_is_not_a_plain_call(
    linux: Result, function: str, hop: str, site: str, how: str
) -> None:
    """A read that runs a property's getter (directly, by `hasattr` or by `getattr` with a computed name) steps in
    as `getter`, a store or delete that runs its setter or deleter as `setter` / `deleter`; one that runs a hook
    (`__getattr__`, `__getattribute__`, a descriptor's `__get__`) as `implicit`, never as the `state` read or the
    plain `call` it was spelled as; the stdlib calling back as `callback`."""
    violation = _only(linux, function)
    line = _line(site)
    assert violation.steps[0] == ChainStep(f"vio.steps_cases.{hop}", FILE, line, how)
    name = f"vio.steps_cases.{function}"
    text = failure_text(name, ("deterministic",), "violated", (violation,), (), lambda f, n: "")
    assert f"    via vio.steps_cases.{hop} at {FILE}:{line}, {HOW[how]}" in text.splitlines()


def test_the_json_report_names_how_each_step_was_entered() -> None:
    document = json.loads(json_report(check(ROOT, ["linux"], details=True), (), "0"))
    steps = {
        c["function"].rpartition(".")[2]: [s["how"] for s in c["violations"][0]["steps"]]
        for c in document["claims"]
        if c["function"].startswith("vio.steps_cases.") and c["violations"]
    }
    assert steps["reads_property"] == ["getter", "call"]
    assert steps["reads_watched"] == ["implicit", "call"]
    assert steps["runs_base"] == ["call", "override", "call"]
    assert set(how for hows in steps.values() for how in hows) <= set(HOW)


def test_class_state_read_on_a_subclass_instance_is_a_state_step(linux: Result) -> None:
    """`self.messages` in a base method, resolved to a subclass's class-body binding: the step says a subclass's
    override (of class state), never "a function value" (`vio/sample_cases.py`)."""
    (claim,) = [c for c in linux.claims if c.function == "vio.sample_cases.Form.confirm"]
    (violation,) = claim.violations
    assert [(step.function, step.how) for step in violation.steps] == [
        ("vio.sample_cases.AdminForm.messages", "override"),
        ("vio.sample_cases.stamped", "call"),
        ("time.time", "call"),
    ]
    assert HOW["override"] == "a subclass's override"


def test_a_decorated_def_steps_in_at_its_decoration(linux: Result) -> None:
    (claim,) = [c for c in linux.claims if c.function == "vio.decorated_cases.Checked.__call__"]
    users = "src/vio/decorated_users.py"
    steps = {v.steps[0] for v in claim.violations}
    user_line = (ROOT / users).read_text(encoding="utf-8").splitlines().index("@Checked(str)") + 1
    own_line = (ROOT / "src/vio/decorated_cases.py").read_text(encoding="utf-8").splitlines().index(
        "    @Checked(int, float)"
    ) + 1
    assert steps == {
        ChainStep("vio.decorated_cases.Stamp.from_timestamp", "src/vio/decorated_cases.py", own_line, "decorated"),
        ChainStep("vio.decorated_users.from_env", users, user_line, "decorated"),
    }
