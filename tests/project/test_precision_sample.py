"""benchmarks/precision.py's judged sample: drawn from a JSON report, reproducible, carried forward after a change.

The harness runs on real workloads by hand; this checks its report modes on a tiny hand-written report, so a
change to the report's shape or to the script shows here rather than in the middle of a reading."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "precision.py"

MODULE = """\
import os


def a():
    return b()


def b():
    return os.getcwd()


class C:
    # claims: deterministic
    @staticmethod
    def m():
        return a()

    def n(self):
        return CWD


CWD = b()
"""


def violation(reach: str, line: int, via: list[str]) -> dict[str, Any]:
    return {"claim": "deterministic", "kind": "call", "reach": reach, "file": "pkg/mod.py", "line": line, "via": via}


def claim(function: str, line: int, status: str, violations: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "function": function,
        "file": "pkg/mod.py",
        "line": line,
        "claims": ["deterministic"],
        "platform": "linux",
        "status": status,
        "violations": violations,
        "frontier": [],
        "blind_spots": [],
    }


def report(claims: list[dict[str, Any]]) -> dict[str, Any]:
    return {"schema": "pytest-claims.report.v2", "platforms": ["linux"], "claims": claims, "rules": []}


def first_report() -> dict[str, Any]:
    getcwd = violation("os.getcwd", 9, ["pkg.mod.b"])
    return report(
        [
            claim("pkg.mod.a", 4, "violated", [violation("os.getcwd", 9, ["pkg.mod.a", "pkg.mod.b"])]),
            claim("pkg.mod.b", 8, "violated", [{**getcwd, "via": []}]),
            claim("pkg.mod.C.m", 13, "violated", [violation("os.getcwd", 9, ["pkg.mod.a", "pkg.mod.b"])]),
            claim("pkg.mod.C.n", 18, "violated", [violation("os.getcwd", 9, ["pkg.mod.CWD", "pkg.mod.b"])]),
        ]
    )


def run(*args: str | Path) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_sample_records_chains_with_def_lines_and_is_reproducible(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text(MODULE, encoding="utf-8")
    (tmp_path / "r.json").write_text(json.dumps(first_report()), encoding="utf-8")
    common = ("--report", tmp_path / "r.json", "--root", tmp_path, "--sample", "4", "--seed", "3")
    run(*common, "--out", tmp_path / "s1.json")
    run(*common, "--out", tmp_path / "s2.json")
    assert (tmp_path / "s1.json").read_text() == (tmp_path / "s2.json").read_text()

    sample = json.loads((tmp_path / "s1.json").read_text())
    assert (sample["claims"], sample["violated"], len(sample["sample"])) == (4, 4, 4)
    entry = next(e for e in sample["sample"] if e["function"] == "pkg.mod.C.m")
    assert (entry["platform"], entry["at"], entry["judgement"], entry["why"]) == ("linux", "pkg/mod.py:13", "", "")
    assert entry["violation"]["reach"] == "os.getcwd"
    assert entry["violation"]["at"] == "pkg/mod.py:9"
    assert entry["violation"]["source"] == "return os.getcwd()"
    assert [(hop["function"], hop["at"]) for hop in entry["violation"]["chain"]] == [
        ("pkg.mod.a", "pkg/mod.py:4"),
        ("pkg.mod.b", "pkg/mod.py:8"),
    ]
    module_state = next(e for e in sample["sample"] if e["function"] == "pkg.mod.C.n")["violation"]["chain"][0]
    assert (module_state["at"], module_state["source"]) == ("pkg/mod.py:22", "CWD = b()")


def test_recheck_carries_judgements_and_flags_changes(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text(MODULE, encoding="utf-8")
    (tmp_path / "r.json").write_text(json.dumps(first_report()), encoding="utf-8")
    run(
        "--report",
        tmp_path / "r.json",
        "--root",
        tmp_path,
        "--sample",
        "4",
        "--seed",
        "3",
        "--pick",
        "shortest",
        "--out",
        tmp_path / "s.json",
    )
    judged = json.loads((tmp_path / "s.json").read_text())
    for entry in judged["sample"]:
        entry["judgement"], entry["why"] = "real", "reads the process's state"
    (tmp_path / "s.json").write_text(json.dumps(judged), encoding="utf-8")

    after = first_report()
    after["claims"][0]["violations"].insert(0, violation("os.environ", 19, []))  # a: a shorter chain appears
    after["claims"][2]["violations"] = [violation("os.getcwd", 9, ["pkg.mod.b"])]  # C.m: the judged chain is gone
    after["claims"][3].update(status="held", violations=[])  # C.n: no longer violated
    (tmp_path / "r2.json").write_text(json.dumps(after), encoding="utf-8")
    out = run("--report", tmp_path / "r2.json", "--recheck", tmp_path / "s.json", "--root", tmp_path)

    rechecked = json.loads((tmp_path / "s.recheck.json").read_text())
    states = {
        e["function"]: (e["recheck"]["still_violated"], e["recheck"]["chain_changed"], e["recheck"]["carried"])
        for e in rechecked["sample"]
    }
    assert states == {
        "pkg.mod.a": (True, True, True),
        "pkg.mod.b": (True, False, True),
        "pkg.mod.C.m": (True, True, False),
        "pkg.mod.C.n": (False, True, False),
    }
    assert all(e["judgement"] == "real" for e in rechecked["sample"])
    assert "carried 2/4; no longer violated 1" in out
    assert "judged real but no longer violated (a held verdict that is wrong?): pkg.mod.C.n" in out


def test_sample_locates_hops_in_a_src_layout(tmp_path: Path) -> None:
    """A src-layout corpus (attrs: the report names `src/attr/...`, modules are `attr.*`) gets its hops located too."""
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "mod.py").write_text(MODULE, encoding="utf-8")
    claims = first_report()
    for entry in claims["claims"]:
        entry["file"] = "src/pkg/mod.py"
        for found in entry["violations"]:
            found["file"] = "src/pkg/mod.py"
    (tmp_path / "r.json").write_text(json.dumps(claims), encoding="utf-8")
    common = ("--report", tmp_path / "r.json", "--root", tmp_path, "--sample", "4", "--seed", "3")
    run(*common, "--out", tmp_path / "s.json")

    entry = next(e for e in json.loads((tmp_path / "s.json").read_text())["sample"] if e["function"] == "pkg.mod.C.m")
    assert entry["violation"]["at"] == "src/pkg/mod.py:9"
    assert [(hop["function"], hop["at"], hop["source"]) for hop in entry["violation"]["chain"]] == [
        ("pkg.mod.a", "src/pkg/mod.py:4", "def a():"),
        ("pkg.mod.b", "src/pkg/mod.py:8", "def b():"),
    ]


def test_random_pick_with_the_shortest_chain_judged_apart(tmp_path: Path) -> None:
    """The judged violation is drawn at random, seeded per claim (the same claim, the same pick); `--shortest` adds
    each claim's shortest chain to judge apart (or marks it the same violation), and `--summary` gives the share of
    real chains under each pick."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text(MODULE, encoding="utf-8")
    document = first_report()
    # C.m: eight violations, all but one longer than the shortest
    longer = [violation("os.getcwd", 9 + n, ["pkg.mod.a", "pkg.mod.b", f"pkg.mod.x{n}"]) for n in range(7)]
    document["claims"][2]["violations"] = [*longer, violation("os.getcwd", 9, ["pkg.mod.b"])]
    (tmp_path / "r.json").write_text(json.dumps(document), encoding="utf-8")
    common = ("--report", tmp_path / "r.json", "--root", tmp_path, "--sample", "4", "--seed", "11", "--shortest")
    run(*common, "--out", tmp_path / "s.json")
    run(*common, "--out", tmp_path / "again.json")
    assert (tmp_path / "s.json").read_text() == (tmp_path / "again.json").read_text()

    sample = json.loads((tmp_path / "s.json").read_text())
    assert sample["pick"] == "random"
    entries = {e["function"]: e for e in sample["sample"]}
    assert entries["pkg.mod.b"]["shortest"] == {"same": True}  # one violation: the random pick is the shortest
    many = entries["pkg.mod.C.m"]
    assert many["violation"]["at"] == "pkg/mod.py:15"  # seed 11's draw among the eight (a longer chain)
    assert [h["function"] for h in many["violation"]["chain"]] == ["pkg.mod.a", "pkg.mod.b", "pkg.mod.x6"]
    assert many["shortest"]["judgement"] == ""
    assert [h["function"] for h in many["shortest"]["violation"]["chain"]] == ["pkg.mod.b"]

    for entry in sample["sample"]:
        entry["judgement"] = "real"
        if "violation" in entry["shortest"]:
            entry["shortest"]["judgement"] = "false"
    entries["pkg.mod.a"]["judgement"] = "debatable"
    (tmp_path / "j.json").write_text(json.dumps(sample), encoding="utf-8")
    lines = run("--summary", tmp_path / "j.json").splitlines()
    assert lines == [
        "random pick: 3 real, 0 false, 1 debatable of 4 judged: real share 3/4 = 0.750",
        "shortest-chain pick: 2 real, 1 false, 1 debatable of 4 judged: real share 2/4 = 0.500",
    ]
    out = run("--report", tmp_path / "r.json", "--recheck", tmp_path / "j.json", "--root", tmp_path)
    rechecked = json.loads((tmp_path / "j.recheck.json").read_text())
    assert [e["recheck"]["chain_changed"] for e in rechecked["sample"]] == [False] * 4  # the same draw again
    assert "carried 4/4; no longer violated 0" in out
    assert "shortest chains judged apart: carried 1/1" in out
    # a sample drawn by shortest chain (every judged sample before this option) has only that line
    legacy = {**sample, "pick": "shortest"}
    del legacy["pick"]
    (tmp_path / "old.json").write_text(json.dumps(legacy), encoding="utf-8")
    assert run("--summary", tmp_path / "old.json").splitlines() == [
        "shortest-chain pick: 3 real, 0 false, 1 debatable of 4 judged: real share 3/4 = 0.750"
    ]
