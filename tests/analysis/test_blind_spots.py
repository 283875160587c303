"""Blind spots and `dynamic-calls` (semantics §5, §12): recorded for claims and rules, never a violation; under
`dynamic-calls = "unevaluable"` a claim or rule that would hold with a blind spot is unevaluable, the blind spots
its frontier."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from pytest_claims.analysis.check import BLIND_HINT, BLIND_REASON
from pytest_claims.engine import Result, check
from pytest_claims.output.report import ALIAS_DEPTH, json_report
from pytest_claims.records import BlindSpot, ClaimResult, FrontierEntry, RuleResult

CORE = """\
import time


def relay(handler, value):
    return handler.process(value)


# claims: deterministic
def dispatch(handler, value: str):
    return relay(handler, value)


# claims: deterministic
def plain(value: str):
    return value.strip()


# claims: deterministic
def broken(callback):
    callback()
    return time.time()
"""

RULE = """
[[tool.claims.forbid-reaches]]
id = "core-not-db"
from = "pkg.core"
to = "pkg.db"
"""

RELAYED = BlindSpot("src/pkg/core.py", 5, "handler.process(value)", ("pkg.core.relay",))
CALLBACK = BlindSpot("src/pkg/core.py", 20, "callback()", ())


def project(root: Path, dynamic_calls: str | None) -> Path:
    setting = f'dynamic-calls = "{dynamic_calls}"\n' if dynamic_calls else ""
    files = {
        "pyproject.toml": f'[tool.claims]\npackages = ["src/pkg"]\n{setting}{RULE}',
        "src/pkg/__init__.py": "",
        "src/pkg/core.py": CORE,
        # a class binding `process`: `handler.process(value)` on a value of unknown class could lead there
        "src/pkg/db.py": "def query():\n    return 1\n\n\nclass Worker:\n    def process(self, value):\n"
        "        return value\n",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def claim(result: Result, function: str) -> ClaimResult:
    (found,) = [c for c in result.claims if c.function == function]
    return found


def rule(result: Result) -> RuleResult:
    (found,) = result.rules
    return found


@pytest.mark.parametrize("setting", [None, "ignore"])
def test_ignored_blind_spots_leave_a_claim_held_and_are_listed(tmp_path: Path, setting: str | None) -> None:
    result = check(project(tmp_path, setting), ["linux"])
    assert result.config.dynamic_calls == "ignore"
    dispatch = claim(result, "pkg.core.dispatch")
    assert (dispatch.status, dispatch.frontier, dispatch.blind_spots) == ("held", (), (RELAYED,))
    plain = claim(result, "pkg.core.plain")  # a method of a str is known: no blind spot
    assert (plain.status, plain.blind_spots) == ("held", ())
    broken = claim(result, "pkg.core.broken")
    assert (broken.status, broken.blind_spots) == ("violated", (CALLBACK,))
    core_not_db = rule(result)
    assert (core_not_db.status, core_not_db.frontier) == ("held", ())
    # a rule's chains start at a `from` function (relay is one too: every function under pkg.core), as its
    # frontier's do
    assert core_not_db.blind_spots == (
        BlindSpot("src/pkg/core.py", 5, "handler.process(value)", ("pkg.core.relay",)),
        BlindSpot("src/pkg/core.py", 20, "callback()", ("pkg.core.broken",)),
    )


def test_unevaluable_dynamic_calls_make_the_blind_spots_the_frontier(tmp_path: Path) -> None:
    result = check(project(tmp_path, "unevaluable"), ["linux"])
    dispatch = claim(result, "pkg.core.dispatch")
    assert dispatch.status == "unevaluable"
    assert dispatch.blind_spots == (RELAYED,)
    assert dispatch.frontier == (
        FrontierEntry(RELAYED.code, RELAYED.file, RELAYED.line, RELAYED.via, BLIND_REASON, BLIND_HINT),
    )
    assert claim(result, "pkg.core.plain").status == "held"
    broken = claim(result, "pkg.core.broken")  # a violation wins over a blind spot
    assert (broken.status, broken.frontier, broken.blind_spots) == ("violated", (), (CALLBACK,))
    core_not_db = rule(result)
    assert core_not_db.status == "unevaluable"
    assert [(f.reach, f.line, f.via, f.reason) for f in core_not_db.frontier] == [
        ("handler.process(value)", 5, ("pkg.core.relay",), BLIND_REASON),
        ("callback()", 20, ("pkg.core.broken",), BLIND_REASON),
    ]


def test_a_violated_rule_stays_violated_under_unevaluable(tmp_path: Path) -> None:
    project(tmp_path, "unevaluable")
    (tmp_path / "src/pkg/core.py").write_text(
        CORE + "\n\ndef reads():\n    from pkg import db\n\n    return db.query()\n"
    )
    core_not_db = rule(check(tmp_path, ["linux"]))
    assert core_not_db.status == "violated"
    assert core_not_db.path == ("pkg.core.reads", "pkg.db.query")


def test_the_report_lists_blind_spots_and_the_limits(tmp_path: Path) -> None:
    result = check(project(tmp_path, "unevaluable"), ["linux"], details=True)
    document = json.loads(json_report(result, result.rules, "0"))
    assert document["limits"] == {"alias-depth": ALIAS_DEPTH, "dynamic-calls": "unevaluable", "max-walk": 65536}
    (dispatch,) = [c for c in document["claims"] if c["function"] == "pkg.core.dispatch"]
    assert dispatch["blind_spots"] == [
        {"file": "src/pkg/core.py", "line": 5, "code": "handler.process(value)", "via": ["pkg.core.relay"]}
    ]
    assert [f["reach"] for f in dispatch["frontier"]] == ["handler.process(value)"]
    (core_not_db,) = document["rules"]
    assert [(b["line"], b["via"]) for b in core_not_db["blind_spots"]] == [
        (5, ["pkg.core.relay"]),
        (20, ["pkg.core.broken"]),
    ]
