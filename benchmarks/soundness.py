"""The soundness benchmark (issue 12): is a `held` verdict true of what the code does when it runs?

    python benchmarks/soundness.py [--package click|packaging|...|all]

For each package: download its sdist with pip (cached in benchmarks/.work/downloads/), unpack it into
benchmarks/.work/soundness/<name>/, insert `# claims: deterministic` above every non-nested def of the package
(annotate.py), add a `[tool.claims]` table to its pyproject.toml, and run the static check through the engine
API (host platform). Then run the package's own test suite in a subprocess, in a venv holding pytest (and
`pretend` for packaging) with the annotated copy first on PYTHONPATH and the capability recorder
(pytest_claims.observe.recorder, through soundness_plugin.py) active from pytest's start. Compare: a claimed
function the tests observed touching a capability `deterministic` forbids (every category but `stdout`) and
that the static pass judged `held` is a miss. soundness = (observed - misses) / observed.

A miss is *accounted* when the static pass said where it could not see: for every forbidden capability the
function was seen touching, one of its runtime chains passes a blind spot the report lists for that claim
(same file and line as one of the chain's call frames). accountability = accounted / misses (1.0 without
misses). An unaccounted miss is listed with its chains and the claim's blind spot nearest to them.

Prints a table and every miss with its runtime chain; writes benchmarks/.work/soundness-<name>.json.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from annotate import annotate_tree
from workload import download

from pytest_claims.analysis.catalog import load_catalogue
from pytest_claims.analysis.failures import AnalysisError
from pytest_claims.config import env_flag
from pytest_claims.observe.verdicts import claimed, direct
from pytest_claims.output.common import posix
from pytest_claims.vocabulary import TRACEBACK_ENV

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WORK = HERE / ".work"
SOUNDNESS = WORK / "soundness"
VENV = SOUNDNESS / "venv"
PATH_DIR = SOUNDNESS / "paths" / hashlib.sha256(str(REPO).encode()).hexdigest()[:12]
"""Holds links to this checkout's pytest_claims and plugin only: what the test run's PYTHONPATH adds besides the
package. One per checkout, since .work may be shared: a run records with the recorder it is run from."""


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    source: str
    """The package's directory inside the sdist."""
    test_requirements: tuple[str, ...]
    external: str = "trust"
    """`external` in the claims table: "unevaluable" where trusting a third-party package would trust a stdlib
    module it re-exports (`six.moves._thread` is `_thread`)."""
    archive: str = ""
    """The sdist's name where it is not the package's (`python_ulid-3.0.0.tar.gz`); its top directory too."""
    pytest_args: tuple[str, ...] = ()
    """Arguments to the test run: tests left out that cannot run from the sdist (their settings are not in it)."""

    @property
    def stem(self) -> str:
        return f"{self.archive or self.name}-{self.version}"


PACKAGES: dict[str, Package] = {
    "click": Package("click", "8.1.8", "src/click", ("pytest==8.3.4",)),
    "packaging": Package("packaging", "24.2", "src/packaging", ("pytest==8.3.4", "pretend==1.0.9")),
    "cachetools": Package("cachetools", "6.2.1", "src/cachetools", ("pytest==8.3.4",)),
    "python-dateutil": Package(
        "python-dateutil",
        "2.9.0.post0",
        "src/dateutil",
        ("pytest==8.3.4", "pytest-cov==6.0.0", "six==1.17.0", "freezegun==1.5.1", "hypothesis==6.122.3"),
        external="unevaluable",
    ),
    "tenacity": Package("tenacity", "9.0.0", "tenacity", ("pytest==8.3.4", "tornado==6.4.2", "typeguard==4.4.1")),
    "schedule": Package("schedule", "1.2.2", "schedule", ("pytest==8.3.4",)),
    "humanize": Package("humanize", "4.11.0", "src/humanize", ("pytest==8.3.4", "freezegun==1.5.1")),
    "arrow": Package(
        "arrow",
        "1.3.0",
        "arrow",
        (
            "pytest==8.3.4",
            "pytest-cov==6.0.0",
            "pytest-mock==3.14.0",
            "pytz==2021.1",
            "simplejson==3.19.3",
            "dateparser==1.2.0",
        ),
    ),
    "itsdangerous": Package("itsdangerous", "2.2.0", "src/itsdangerous", ("pytest==8.3.4", "freezegun==1.5.1")),
    "boltons": Package("boltons", "24.1.0", "boltons", ("pytest==8.3.4",)),
    "structlog": Package(
        "structlog",
        "24.4.0",
        "src/structlog",
        ("pytest==8.3.4", "freezegun==1.5.1", "pretend==1.0.9", "pytest-asyncio==0.23.8", "simplejson==3.19.3"),
    ),
    "cachelib": Package("cachelib", "0.13.0", "src/cachelib", ("pytest==8.3.4", "pytest-xprocess==0.23.0")),
    "diskcache": Package(
        "diskcache",
        "5.6.3",
        "diskcache",
        ("pytest==8.3.4", "django==4.2.17"),
        pytest_args=("--ignore=tests/test_djangocache.py",),
    ),
    "python-ulid": Package(
        "python-ulid",
        "3.0.0",
        "ulid",
        ("pytest==8.3.4", "freezegun==1.5.1", "pydantic==2.10.4", "python-ulid==3.0.0"),
        archive="python_ulid",
    ),
    "croniter": Package(
        "croniter", "6.0.0", "src/croniter", ("pytest==8.3.4", "python-dateutil==2.9.0.post0", "pytz==2021.1")
    ),
    "more-itertools": Package("more-itertools", "10.5.0", "more_itertools", ("pytest==8.3.4",)),
}

CLAIMS_TABLE = """
[tool.claims]
packages = ["{source}"]
external = "{external}"
"""


def sdist(package: Package) -> Path:
    """The package's sdist from the download cache (its tests are in it)."""
    return download(f"{package.name}=={package.version}", f"{package.stem}.tar.gz", wheel=False)


def build(package: Package) -> tuple[Path, dict[str, int]]:
    """Unpack and annotate; the corpus root and what annotating did."""
    root = SOUNDNESS / package.name
    if root.exists():
        shutil.rmtree(root)
    root.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(sdist(package)) as archive:
        top = package.stem
        members = [m for m in archive.getmembers() if m.name == top or m.name.startswith(top + "/")]
        if sys.version_info >= (3, 12):
            archive.extractall(SOUNDNESS, members=members, filter="data")
        else:
            archive.extractall(SOUNDNESS, members=members)  # a pinned sdist from PyPI
    (SOUNDNESS / top).rename(root)
    stats = annotate_tree([root / package.source], nested=False)
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8") if pyproject.exists() else ""  # boltons has none
    if re.search(r"^\[tool\.claims\]", text, re.MULTILINE):
        raise SystemExit(f"{pyproject} already has a [tool.claims] table")
    table = CLAIMS_TABLE.format(source=package.source, external=package.external)
    pyproject.write_text(text.rstrip("\n") + "\n" + table, encoding="utf-8")
    return root, vars(stats)


def static(root: Path) -> tuple[dict[str, Any], float]:
    """Per claimed function (dotted module.qualname): status, violations, frontier, on the host platform."""
    from pytest_claims.engine import check

    started = time.perf_counter()
    result = check(root, platforms=[sys.platform])
    seconds = time.perf_counter() - started
    verdicts: dict[str, Any] = {}
    for claim in result.claims:
        verdicts[claim.function] = {
            "status": claim.status,
            "file": claim.file,
            "line": claim.line,
            "violations": [f"{v.reach} ({' -> '.join(v.via) or 'direct'}) {v.file}:{v.line}" for v in claim.violations],
            "frontier": [f"{f.reach}: {f.reason}" for f in claim.frontier],
            "blind_spots": [[posix(b.file, root), b.line, b.code] for b in claim.blind_spots],
        }
    if result.errors or result.problems:
        print(f"  static: {len(result.errors)} refused directives, {len(result.problems)} problems", file=sys.stderr)
    return verdicts, seconds


def test_venv(requirements: set[str]) -> Path:
    """The venv the test suites run in (created once; requirements added as needed)."""
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    marker = VENV / "claims-requirements.json"
    have = set(json.loads(marker.read_text())) if marker.exists() else set()
    if not requirements <= have:
        subprocess.run([str(python), "-m", "pip", "install", "-q", *sorted(requirements | have)], check=True)
        marker.write_text(json.dumps(sorted(requirements | have)))
    PATH_DIR.mkdir(parents=True, exist_ok=True)
    for name, target in (
        ("pytest_claims", REPO / "pytest_claims"),
        ("claims_soundness_plugin.py", HERE / "soundness_plugin.py"),
    ):
        link = PATH_DIR / name
        if link.is_symlink() and Path(os.readlink(link)) == target:
            continue
        link.unlink(missing_ok=True)
        link.symlink_to(target)
    return python


def run_logged(
    command: list[str], cwd: Path, env: dict[str, str], name: str
) -> tuple[subprocess.CompletedProcess[str], float, Path]:
    """Run a test suite's command, timed, its whole output kept in `.work/logs/<name>.log`."""
    started = time.perf_counter()
    proc = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    log = WORK / "logs" / f"{name}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text(proc.stdout + proc.stderr, encoding="utf-8")
    return proc, seconds, log


def observe(package: Package, root: Path, python: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """Run the package's test suite under the recorder; (records, run summary)."""
    out = WORK / f"soundness-{package.name}-records.json"
    out.unlink(missing_ok=True)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root / Path(package.source).parent), str(PATH_DIR)])
    env["CLAIMS_SOUNDNESS_PACKAGES"] = json.dumps({Path(package.source).name: str(root / package.source)})
    env["CLAIMS_SOUNDNESS_OUT"] = str(out)
    env.pop("PYTHONHASHSEED", None)
    command = [str(python), "-m", "pytest", "-p", "claims_soundness_plugin", "-p", "no:cacheprovider", "-q"]
    command += package.pytest_args
    proc, seconds, log = run_logged(command, root, env, f"soundness-{package.name}")
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    summary = {"exit": proc.returncode, "last_line": lines[-1] if lines else "", "seconds": round(seconds, 1)}
    if not out.exists():
        raise SystemExit(f"the test run wrote no records (exit {proc.returncode}); see {log}")
    return json.loads(out.read_text(encoding="utf-8")), summary


Frame = tuple[str, str, int]
"""One call frame of a runtime chain: function, file (as the report writes it), the line it was executing."""


def runtime_frames(records: dict[str, Any], root: Path, catalogue: Any) -> dict[str, dict[str, list[list[Frame]]]]:
    """Per claimed function and capability, the frames of each runtime chain the benchmark counts (the touch
    made by the project itself, not inside uncatalogued stdlib code)."""
    found: dict[str, dict[str, list[list[Frame]]]] = {}
    for name, record in records["observations"].items():
        for capability, touch in record["capabilities"].items():
            for chain in touch["chains"]:
                inside = chain["inside"]
                if not direct(None if inside is None else inside[0], catalogue):
                    continue
                frames = [(hop, posix(file, root), line) for hop, file, line in chain["frames"]]
                found.setdefault(claimed(name), {}).setdefault(capability, []).append(frames)
    return found


def chain_text(frames: list[Frame], capability: str) -> list[str]:
    return [*(f"{hop} ({file}:{line})" for hop, file, line in frames), capability]


def on_chain(spots: list[list[Any]], frames: list[Frame]) -> list[Any] | None:
    """The first blind spot (file, line, code) at a call frame of the chain: same file and line."""
    sites = {(file, line) for _, file, line in frames}
    return next((spot for spot in spots if (spot[0], spot[1]) in sites), None)


def nearest(spots: list[list[Any]], chains: list[list[Frame]]) -> dict[str, Any] | None:
    """The blind spot closest (in lines) to a call frame of the chains, in the same file; None when the claim
    reports none in any file the chains pass through."""
    best: tuple[tuple[int, str, int, str], list[Any], Frame] | None = None
    for frames in chains:
        for frame in frames:
            for spot in spots:
                if spot[0] == frame[1]:
                    key = (abs(spot[1] - frame[2]), spot[0], spot[1], spot[2])
                    if best is None or key < best[0]:
                        best = (key, spot, frame)
    if best is None:
        return None
    (distance, *_), (file, line, code), (hop, _, at) = best
    return {"file": file, "line": line, "code": code, "lines_away": distance, "frame": f"{hop} ({file}:{at})"}


def account(name: str, spots: list[list[Any]], chains: dict[str, list[list[Frame]]]) -> dict[str, Any]:
    """Whether a miss is accounted: each capability it was seen touching has a chain through a blind spot of
    the claim. Unaccounted capabilities come with every chain seen and the nearest blind spot."""
    accounted: dict[str, Any] = {}
    unaccounted: dict[str, Any] = {}
    for capability, seen in sorted(chains.items()):
        hit = next(
            ((spot, frames) for frames in sorted(seen, key=len) if (spot := on_chain(spots, frames)) is not None),
            None,
        )
        if hit is not None:
            spot, frames = hit
            accounted[capability] = {
                "blind_spot": {"file": spot[0], "line": spot[1], "code": spot[2]},
                "chain": chain_text(frames, capability),
            }
        else:
            unaccounted[capability] = {
                "chains": [chain_text(frames, capability) for frames in seen],
                "nearest_blind_spot": nearest(spots, seen),
            }
    return {
        "function": name,
        "accounted": not unaccounted,
        "blind_spots_of_claim": len(spots),
        "accounted_by": accounted,
        "unaccounted": unaccounted,
    }


def compare(package: Package, verdicts: dict[str, Any], records: dict[str, Any], root: Path) -> dict[str, Any]:
    catalogue = load_catalogue()
    statuses = Counter(v["status"] for v in verdicts.values())
    executed = {claimed(name) for name in records["executed"]} & set(verdicts)
    observed: dict[str, dict[str, Any]] = {}
    internal: dict[str, Counter[str]] = {}
    for name, record in records["observed"].items():
        function = claimed(name)
        if function not in verdicts:
            continue
        for capability, touch in record["capabilities"].items():
            chains = [chain for chain in touch["chains"] if direct(chain["inside"], catalogue)]
            for chain in touch["chains"]:
                if not direct(chain["inside"], catalogue):
                    internal.setdefault(function, Counter())[f"{chain['inside']} -> {capability}"] += chain["count"]
            if not chains:
                continue
            target = observed.setdefault(function, {})
            seen = target.setdefault(capability, {"categories": touch["categories"], "count": 0, "chains": []})
            seen["count"] += sum(chain["count"] for chain in chains)
            seen["chains"].extend(chain["chain"] for chain in chains)
    only_internal = sorted(set(internal) - set(observed))
    misses = sorted(name for name in observed if verdicts[name]["status"] == "held")
    agree = len(observed) - len(misses)
    violated = {name for name, v in verdicts.items() if v["status"] == "violated"}
    frames = runtime_frames(records, root, catalogue)
    accountability = [account(name, verdicts[name]["blind_spots"], frames.get(name, {})) for name in misses]
    accounted = sum(entry["accounted"] for entry in accountability)
    return {
        "package": f"{package.name} {package.version}",
        "claims": len(verdicts),
        "held": statuses["held"],
        "violated": statuses["violated"],
        "unevaluable": statuses["unevaluable"],
        "executed": len(executed),
        "observed": len(observed),
        "observed_violated": sum(verdicts[n]["status"] == "violated" for n in observed),
        "observed_unevaluable": sum(verdicts[n]["status"] == "unevaluable" for n in observed),
        "misses": len(misses),
        "soundness": round(agree / len(observed), 3) if observed else None,
        "accounted_misses": accounted,
        "accountability": round(accounted / len(misses), 3) if misses else 1.0,
        "observed_only_inside_stdlib": len(only_internal),
        "observed_only_inside_stdlib_held": sum(verdicts[n]["status"] == "held" for n in only_internal),
        "inside_stdlib": dict(
            sorted(Counter(key for counts in internal.values() for key in counts).most_common(), key=lambda kv: -kv[1])
        ),
        "violated_not_observed_executed": len((violated & executed) - set(observed)),
        "violated_not_executed": len(violated - executed),
        "miss_details": [
            {
                "function": name,
                "file": f"{verdicts[name]['file']}:{verdicts[name]['line']}",
                "frontier": verdicts[name]["frontier"],
                "capabilities": {
                    capability: {
                        "categories": touch["categories"],
                        "count": touch["count"],
                        "chain": min(touch["chains"], key=len),
                    }
                    for capability, touch in sorted(observed[name].items())
                },
            }
            for name in misses
        ],
        "accountability_details": accountability,
        "observed_functions": {
            name: {"status": verdicts[name]["status"], "capabilities": sorted(observed[name])}
            for name in sorted(observed)
        },
    }


ROWS = (
    ("claims", "claims"),
    ("static held", "held"),
    ("static violated", "violated"),
    ("static unevaluable", "unevaluable"),
    ("functions executed by the tests", "executed"),
    ("observed touching a forbidden capability", "observed"),
    ("  of which statically violated", "observed_violated"),
    ("  of which statically unevaluable", "observed_unevaluable"),
    ("misses (observed, statically held)", "misses"),
    ("soundness = agree / observed", "soundness"),
    ("accounted misses (a blind spot of the claim on the runtime chain)", "accounted_misses"),
    ("accountability = accounted / misses", "accountability"),
    ("touching only inside uncatalogued stdlib code (not counted)", "observed_only_inside_stdlib"),
    ("  of which statically held", "observed_only_inside_stdlib_held"),
    ("violated, executed, never observed", "violated_not_observed_executed"),
    ("violated, never executed", "violated_not_executed"),
)


def print_accounting(accounting: dict[str, Any]) -> None:
    for capability, hit in accounting["accounted_by"].items():
        spot = hit["blind_spot"]
        print(f"      {capability}: blind spot {spot['file']}:{spot['line']} `{spot['code']}`")
    for capability, miss in accounting["unaccounted"].items():
        print(
            f"      {capability}: no blind spot of the claim on any chain ({accounting['blind_spots_of_claim']} listed)"
        )
        for chain in miss["chains"]:
            print(f"        chain: {' -> '.join(chain)}")
        near = miss["nearest_blind_spot"]
        if near is None:
            print("        nearest blind spot: none in the chains' files")
        else:
            print(
                f"        nearest blind spot: {near['file']}:{near['line']} `{near['code']}`,"
                f" {near['lines_away']} lines from {near['frame']}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--package", choices=[*PACKAGES, "all"], default="all")
    args = parser.parse_args(argv)
    chosen = list(PACKAGES.values()) if args.package == "all" else [PACKAGES[args.package]]
    python = test_venv({req for package in chosen for req in package.test_requirements})
    results = []
    failed: list[str] = []
    for package in chosen:
        print(f"== {package.name} {package.version}", flush=True)
        root, annotated = build(package)
        try:
            verdicts, static_seconds = static(root)
        except AnalysisError as error:  # a defect of the analysis met on this package: one line, the next package
            if env_flag(TRACEBACK_ENV):
                raise
            print(f"  static: {error} (set {TRACEBACK_ENV}=1 for the traceback)", file=sys.stderr)
            failed.append(package.name)
            continue
        records, run = observe(package, root, python)
        result = compare(package, verdicts, records, root)
        result["annotated"] = annotated
        result["static_seconds"] = round(static_seconds, 1)
        result["test_run"] = run
        result["recorder"] = {
            "wrapped": len(records["wrapped"]),
            "not_wrapped": records["not_wrapped"],
            "errors": records["errors"],
            "imported_before_recorder": records["imported_before_recorder"],
        }
        result["date"] = datetime.date.today().isoformat()
        result["python"] = platform.python_version()
        result["platform"] = sys.platform
        path = WORK / f"soundness-{package.name}.json"
        path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        print(f"  test run: {run['last_line']} ({run['seconds']} s, exit {run['exit']}); written {path}")
        for detail, accounting in zip(result["miss_details"], result["accountability_details"], strict=True):
            state = "accounted" if accounting["accounted"] else "UNACCOUNTED"
            print(f"  MISS ({state}) {detail['function']}  ({detail['file']})")
            for capability, touch in detail["capabilities"].items():
                print(f"      {capability} [{', '.join(touch['categories'])}] x{touch['count']}")
                print(f"        {' -> '.join(touch['chain'])}")
            print_accounting(accounting)
        results.append(result)
    print()
    print("| | " + " | ".join(r["package"] for r in results) + " |")
    print("|---|" + "---|" * len(results))
    for label, key in ROWS:
        print(f"| {label} | " + " | ".join(str(r[key]) for r in results) + " |")
    print(f"\nPython {platform.python_version()} on {sys.platform}, {datetime.date.today().isoformat()}")
    if failed:
        print(f"internal error on {', '.join(failed)}: no result for them (see above)", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
