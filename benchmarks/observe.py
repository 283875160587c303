"""`--claims-observe` on real test suites (issue 18): what it finds, that it changes no test's outcome, its cost.

    python benchmarks/observe.py [--package click|packaging|all] [--repeat 3]

For each package: the annotated copy of the soundness benchmark (soundness.build: the sdist, `# claims:
deterministic` above every non-nested def, a `[tool.claims]` table), then the package's own test suite, in a
venv holding pytest 8.3.4, pytest-xdist and this checkout of pytest-claims (benchmarks/.work/observe/venv), run

    plain        pytest -p no:claims                 (the suite alone)
    claims       pytest                              (the static claim items added: the run without observation)
    observed     pytest --claims-observe
    claims -n 2 / observed -n 2

each `--repeat` times (wall-clock seconds of the whole process, median). It checks: every test of the suite
has the same outcome in every run (from `--junitxml`, claim items left out); the observed set (function ->
reaches, with verdicts) is the same serially and under `-n 2`; and the missed claims equal the misses of the
soundness benchmark (soundness.observe + soundness.compare, run here too). Writes
benchmarks/.work/observe-<name>.json and prints a table.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import soundness

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WORK = HERE / ".work"
VENV = WORK / "observe" / "venv"
RUNS = WORK / "observe" / "runs"
REQUIREMENTS = ("pytest==8.3.4", "pytest-xdist==3.6.1", "pretend==1.0.9")

MODES: dict[str, list[str]] = {
    "plain": ["-p", "no:claims"],
    "claims": [],
    "observed": ["--claims-observe"],
    "claims -n 2": ["-n", "2"],
    "observed -n 2": ["--claims-observe", "-n", "2"],
}


def venv() -> Path:
    """The venv the suites run in: pytest, xdist and this checkout of pytest-claims (editable)."""
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    marker = VENV / "claims-requirements.json"
    wanted = [*REQUIREMENTS, "-e", str(REPO)]
    if not marker.exists() or json.loads(marker.read_text()) != wanted:
        subprocess.run([str(python), "-m", "pip", "install", "-q", *wanted], check=True)
        marker.write_text(json.dumps(wanted))
    return python


def outcomes(junit: Path, source: str) -> dict[str, str]:
    """Test id -> passed / failed / error / skipped, from a JUnit XML file; the claim items (files of the
    package's own source) left out."""
    found: dict[str, str] = {}
    prefix = source.replace("/", ".") + "."
    for case in ElementTree.parse(junit).getroot().iter("testcase"):
        classname = case.get("classname", "")
        if classname.startswith(prefix) or classname == source.replace("/", "."):
            continue
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                outcome = child.tag
        key = f"{classname}::{case.get('name', '')}"
        found[key] = outcome if key not in found or found[key] == "passed" else found[key]
    return found


def run(python: Path, package: soundness.Package, root: Path, mode: str, index: int) -> dict[str, Any]:
    RUNS.mkdir(parents=True, exist_ok=True)
    tag = f"{package.name}-{mode.replace(' ', '')}-{index}"
    junit = RUNS / f"{tag}.xml"
    report = RUNS / f"{tag}.json"
    # the sdist's own pyproject.toml as the ini file: packaging's has no pytest table, and pytest would take the
    # first one above it (this repository's) as the root instead
    command = [str(python), "-m", "pytest", "-c", str(root / "pyproject.toml"), f"--rootdir={root}"]
    command += ["-p", "no:cacheprovider", "-q", f"--junitxml={junit}", *MODES[mode]]
    if mode != "plain":
        command.append(f"--claims-report={report}")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root / Path(package.source).parent)
    # one hash seed for every process: packaging parametrizes over sets, and xdist refuses workers that
    # collected the tests in different orders
    env["PYTHONHASHSEED"] = "0"
    proc, seconds, log = soundness.run_logged(command, root, env, f"observe-{tag}")
    observed = None
    if report.exists() and "observed" in (document := json.loads(report.read_text(encoding="utf-8"))):
        observed = document["observed"]
    return {
        "seconds": seconds,
        "exit": proc.returncode,
        "outcomes": outcomes(junit, package.source) if junit.exists() else {},
        "observed": observed,
        "log": str(log),
    }


def observed_set(observed: dict[str, Any]) -> dict[str, Any]:
    """What must be equal serially and under -n 2: each function's verdict and reaches (not the counts)."""
    return {
        record["function"]: [record["verdict"], sorted(reach["reach"] for reach in record["reaches"])]
        for record in observed["functions"]
    }


def measure(package: soundness.Package, python: Path, repeat: int) -> dict[str, Any]:
    root, _ = soundness.build(package)
    results: dict[str, list[dict[str, Any]]] = {mode: [] for mode in MODES}
    for index in range(repeat):
        for mode in MODES:  # interleaved, so a slow spell of the machine spreads over every mode
            results[mode].append(run(python, package, root, mode, index))
            print(f"  {mode}: {results[mode][-1]['seconds']:.1f} s (exit {results[mode][-1]['exit']})", flush=True)
    medians = {mode: statistics.median(r["seconds"] for r in runs) for mode, runs in results.items()}
    reference = results["plain"][0]["outcomes"]
    differing = {
        mode: sorted(k for k in set(reference) | set(r["outcomes"]) if reference.get(k) != r["outcomes"].get(k))
        for mode, runs in results.items()
        for r in runs[:1]
    }
    serial = results["observed"][0]["observed"]
    parallel = results["observed -n 2"][0]["observed"]
    missed = sorted(r["function"] for r in serial["functions"] if r["verdict"] == "missed")

    verdicts, _ = soundness.static(root)
    records, _ = soundness.observe(package, root, soundness.test_venv(set(package.test_requirements)))
    misses = sorted(d["function"] for d in soundness.compare(package, verdicts, records, root)["miss_details"])
    return {
        "package": f"{package.name} {package.version}",
        "tests": len(reference),
        "seconds": {mode: round(value, 2) for mode, value in medians.items()},
        "runs": {mode: [round(r["seconds"], 2) for r in runs] for mode, runs in results.items()},
        "exit": {mode: [r["exit"] for r in runs] for mode, runs in results.items()},
        "overhead_vs_claims": round(medians["observed"] / medians["claims"], 2),
        "overhead_vs_plain": round(medians["observed"] / medians["plain"], 2),
        "overhead_vs_claims_n2": round(medians["observed -n 2"] / medians["claims -n 2"], 2),
        "outcomes_differing": differing,
        "observed_broken": serial["broken"],
        "missed": missed,
        "confirmed": serial["confirmed"],
        "same_observed_under_n2": observed_set(serial) == observed_set(parallel),
        "soundness_misses": misses,
        "missed_equal_soundness_misses": missed == misses,
        "never_executed": serial["never_executed"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--package", choices=[*soundness.PACKAGES, "all"], default="all")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    chosen = list(soundness.PACKAGES.values()) if args.package == "all" else [soundness.PACKAGES[args.package]]
    python = venv()
    results = []
    for package in chosen:
        print(f"== {package.name} {package.version}", flush=True)
        result = measure(package, python, args.repeat)
        result["date"] = datetime.date.today().isoformat()
        result["python"] = platform.python_version()
        path = WORK / f"observe-{package.name}.json"
        path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        print(f"  written {path}")
        for name in result["missed"]:
            print(f"  MISSED {name}")
        results.append(result)
    print()
    print("| | " + " | ".join(r["package"] for r in results) + " |")
    print("|---|" + "---|" * len(results))
    rows: list[tuple[str, Any]] = [
        ("tests of the suite", lambda r: r["tests"]),
        *((f"{mode} (s, median)", lambda r, m=mode: r["seconds"][m]) for mode in MODES),
        ("observed / claims (serial)", lambda r: r["overhead_vs_claims"]),
        ("observed / plain (serial)", lambda r: r["overhead_vs_plain"]),
        ("observed / claims (-n 2)", lambda r: r["overhead_vs_claims_n2"]),
        ("tests whose outcome differs", lambda r: sum(len(v) for v in r["outcomes_differing"].values())),
        ("observed broken", lambda r: r["observed_broken"]),
        ("  missed by the static pass", lambda r: len(r["missed"])),
        ("  confirmed", lambda r: r["confirmed"]),
        ("soundness benchmark's misses", lambda r: len(r["soundness_misses"])),
        ("missed == soundness misses", lambda r: r["missed_equal_soundness_misses"]),
        ("same observed set under -n 2", lambda r: r["same_observed_under_n2"]),
    ]
    for label, cell in rows:
        print(f"| {label} | " + " | ".join(str(cell(r)) for r in results) + " |")
    print(f"\nPython {platform.python_version()} on {sys.platform}, {datetime.date.today().isoformat()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
