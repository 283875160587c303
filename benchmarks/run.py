"""Benchmark harness for pytest-claims (SPEC §14): every measurement side by side, in one run.

    python benchmarks/workload.py                 # once: builds W (Django 5.1.15) and S (packaging)
    python benchmarks/run.py                      # W, medians of 5 (in-process) and 3 (end-to-end) runs
    python benchmarks/run.py --workload S --repeat 3 --repeat-e2e 1   # quick

In-process measurements each run in a fresh interpreter (benchmarks/child.py) and time only the work; the
interpreter's start-up and the engine's imports are reported on their own rows. End-to-end rows time whole
`python -m pytest` processes. The table goes to stdout (Markdown) and, with every run's numbers, to
benchmarks/.work/results-<workload>.json. See docs/benchmarks.md for what each row means.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import engine_api
import workload

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work"
LOGS = WORK / "logs"
FRESH = WORK / "fresh"


def fresh_dir(label: str) -> Path:
    """A directory no run has used: a cold run gets an empty cache without anything deleted just before it.

    Deleting the previous run's cache (a thousand files) right before a run made the file system (ext4
    mounted with online discard here) charge that deletion to the measured run's own file creations: 0.4 ms
    per created file instead of 0.03 ms, 0.3 s on W. `pytest --cache-clear` deletes inside the measured run,
    so the end-to-end cold rows use a fresh `-o cache_dir=` instead. All of them go at the end of the run.
    """
    FRESH.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{label}-", dir=FRESH))


CHILD = HERE / "child.py"
RUN_TIMEOUT = 3600.0


class Crash(Exception):
    """A measured process failed; the message is its last error line, the log holds the rest."""

    def __init__(self, message: str, log: Path) -> None:
        super().__init__(message)
        self.log = log


@dataclass
class Row:
    key: str
    label: str
    unit: str = "s"
    runs: list[float] = field(default_factory=list)
    value: float | None = None
    floor_label: str = ""
    floor: float | None = None
    ratio: float | None = None
    target: str = ""
    verdict: str = "info"
    note: str = ""
    details: list[dict[str, Any]] = field(default_factory=list)


# ------------------------------------------------------------------------------------------------------
# Running things


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("PYTEST_ADDOPTS", "PYTEST_PLUGINS", engine_api.TRACE_ENV, engine_api.PROBE_ENV):
        env.pop(name, None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(extra or {})
    return env


def _log_path(name: str) -> Path:
    LOGS.mkdir(parents=True, exist_ok=True)
    return LOGS / name


def _last_error_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    for line in reversed(lines):
        if re.match(r"^(\w+\.)*\w*(Error|Exception|Interrupt)\b", line.strip()) or "INTERNALERROR" in line:
            return line.strip()[:300]
    return lines[-1].strip()[:300] if lines else "(no output)"


def child(args: Sequence[str], log_name: str) -> dict[str, Any]:
    """Run benchmarks/child.py in a fresh interpreter; its last stdout line is the JSON answer."""
    proc = subprocess.run(
        [sys.executable, str(CHILD), *args],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=RUN_TIMEOUT,
        check=False,
    )
    if proc.returncode != 0:
        log = _log_path(log_name)
        log.write_text(f"$ child.py {' '.join(args)}\n{proc.stdout}\n{proc.stderr}", encoding="utf-8")
        raise Crash(_last_error_line(proc.stderr), log)
    answer: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return answer


_SUMMARY = re.compile(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed|deselected)")


def pytest_run(
    cwd: Path, args: Sequence[str], log_name: str, extra_env: dict[str, str] | None = None
) -> dict[str, Any]:
    """Time one whole `python -m pytest` process; its output goes to a log file."""
    log = _log_path(log_name)
    command = [sys.executable, "-m", "pytest", *args]
    with log.open("w", encoding="utf-8") as out:
        out.write(f"$ cd {cwd} && {' '.join(command)}\n")
        out.flush()
        start = time.perf_counter()
        proc = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=_env(extra_env))
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
    text = log.read_text(encoding="utf-8", errors="replace")
    tail = [line for line in text.splitlines() if line.strip()]
    summary = tail[-1] if tail else ""
    counts = {kind.rstrip("s") if kind.startswith("error") else kind: int(n) for n, kind in _SUMMARY.findall(summary)}
    if proc.returncode not in (0, 1):
        raise Crash(f"exit {proc.returncode}: {_last_error_line(text)}", log)
    return {
        "seconds": seconds,
        "exit": proc.returncode,
        "summary": summary,
        "items": counts.get("passed", 0) + counts.get("failed", 0) + counts.get("skipped", 0),
        "errors": counts.get("error", 0),
        "peak_rss_kib": int(usage.ru_maxrss),
    }


def measure(row: Row, repeat: int, once: Callable[[int], dict[str, Any]]) -> Row:
    """Fill `row` with `repeat` runs of `once`; a crash stops the row and says where its log is."""
    try:
        for i in range(repeat):
            detail = once(i)
            row.details.append(detail)
            row.runs.append(float(detail["seconds"]))
    except Crash as crash:
        row.verdict = "crash"
        row.note = f"{crash} (log: {crash.log.relative_to(HERE.parent)})"
        return row
    row.value = statistics.median(row.runs)
    return row


def judge(row: Row, floor_label: str, floor: float | None, limit: float | None, target: str = "") -> None:
    """Set the row's ratio to its floor and, with a limit, pass/miss."""
    if row.value is None or floor is None or floor <= 0:
        if row.verdict != "crash" and floor is None and limit is not None:
            row.verdict = "n/a"
        return
    row.floor_label = floor_label
    row.floor = floor
    row.ratio = row.value / floor
    if limit is not None:
        row.target = target or f"≤ {limit:g}x"
        row.verdict = "pass" if row.ratio <= limit else "miss"


# ------------------------------------------------------------------------------------------------------
# The measurements


def floor_project(items: int) -> Path:
    """A directory with one test file of `items` trivial parametrized items: the pytest floor."""
    root = WORK / f"floor-{items}"
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text("[tool.pytest.ini_options]\n", encoding="utf-8")
    (root / "test_floor.py").write_text(
        f"import pytest\n\n\n@pytest.mark.parametrize('i', range({items}))\ndef test_item(i):\n    assert True\n",
        encoding="utf-8",
    )
    return root


def startup(repeat: int) -> Row:
    row = Row("startup", "interpreter start-up (`python -c pass`), not in any row below")

    def once(_: int) -> dict[str, Any]:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=_env())
        return {"seconds": time.perf_counter() - start}

    return measure(row, repeat, once)


def run_all(name: str, repeat: int, repeat_e2e: int, e2e: bool) -> tuple[list[Row], dict[str, Any]]:
    manifest_file = WORK / f"workload-{name}.json"
    if not manifest_file.exists():
        workload.build(workload.WORKLOADS[name])
    manifest: dict[str, Any] = json.loads(manifest_file.read_text(encoding="utf-8"))
    root = Path(manifest["root"])
    files_list = WORK / f"files-{name}.txt"
    indexed = child(["files", "--root", str(root), "--out", str(files_list)], f"{name}-files.log")["files"]
    paths = [Path(p) for p in files_list.read_text(encoding="utf-8").splitlines() if p]
    touched = max(paths, key=lambda p: (p.stat().st_size, str(p)))
    has_cache = engine_api.cache_available()
    info: dict[str, Any] = {
        "indexed_files": indexed,
        "touched_file": touched.relative_to(root).as_posix(),
        "facts_cache": has_cache,
    }
    run = _Run(name, root, files_list, touched, has_cache, repeat, repeat_e2e)
    print(
        f"workload {name}: {manifest['files']} files, {manifest['claims']} claims; {indexed} indexed",
        file=sys.stderr,
    )

    # -- in-process ---------------------------------------------------------------------------------------
    parse, cold_host, cold_sweep = _cold(run, indexed)
    _suggest(run)
    _warm(run, parse, info["touched_file"])
    _rss(run, cold_host, cold_sweep)
    if cold_sweep.details:
        info["engine"] = {k: v for k, v in cold_sweep.details[-1].items() if k not in ("seconds", "import_seconds")}
    if cold_host.details:
        info["engine_host"] = {k: v for k, v in cold_host.details[-1].items() if k not in ("seconds", "import_seconds")}
    if not e2e:
        return run.rows, info

    # -- end to end -----------------------------------------------------------------------------------------
    _end_to_end(run, int(manifest["claims"]), parse)
    return run.rows, info


# The workload's directives on nested defs are refused (SPEC §2: collection errors); keep collecting so every
# other file's items still run, as they would in a real session with a few bad directives.
_E2E_BASE = ("-p", engine_api.PLUGIN, "-q", "--continue-on-collection-errors")


@dataclass
class _Run:
    """One workload's measurements under way: what every measurement needs, and the rows so far (in table
    order; each is shown on stderr as it is added)."""

    name: str
    root: Path
    files_list: Path
    touched: Path
    has_cache: bool
    repeat: int
    repeat_e2e: int
    rows: list[Row] = field(default_factory=list)

    def progress(self, row: Row) -> Row:
        shown = f"{row.value:.3f}" if row.value is not None else row.verdict
        print(f"  {row.label}: {shown} {row.note}", file=sys.stderr, flush=True)
        self.rows.append(row)
        return row

    def engine_args(self, sweep: bool, cache: Path | None) -> list[str]:
        args = ["engine", "--root", str(self.root)]
        if sweep:
            args.append("--sweep")
        if cache is not None:
            args += ["--cache", str(cache)]
        return args

    def cold(self, sweep: bool, log: str) -> Callable[[int], dict[str, Any]]:
        """One cold engine run: a fresh cache directory each time (none without a cache)."""

        def once(_: int) -> dict[str, Any]:
            return child(self.engine_args(sweep, fresh_dir(f"cache-{self.name}-cold") if self.has_cache else None), log)

        return once

    def pytest_args(self, *extra: str) -> list[str]:
        """`pytest -p claims` on the workload with a cache directory no run has used, then `extra`."""
        return [*_E2E_BASE, "-o", f"cache_dir={fresh_dir(f'e2e-cache-{self.name}')}", *extra]

    def e2e(self, row: Row, extra: Sequence[str], floor_label: str, floor: float | None, limit: float | None) -> Row:
        """Measure a cold end-to-end row (`extra` after the common arguments), judge it and show it."""
        log = f"{self.name}-{row.key}.log"
        measure(row, self.repeat_e2e, lambda i: pytest_run(self.root, self.pytest_args(*extra), log))
        judge(row, floor_label, floor, limit)
        _e2e_note(row)
        return self.progress(row)


def _e2e_note(row: Row) -> None:
    if row.details:
        d = row.details[-1]
        row.note = f"{d['items']} items, {d['errors']} collection errors, RSS {d['peak_rss_kib'] / 1024:.0f} MB"


def _crash_note(crash: Crash) -> str:
    return f"{crash} (log: {crash.log.relative_to(HERE.parent)})"


def _cold(run: _Run, indexed: int) -> tuple[Row, Row, Row]:
    """Start-up, the ast.parse floor, the cold engine rows (host only, 3 platforms) and the engine's imports."""
    name, repeat = run.name, run.repeat
    run.progress(startup(repeat))
    parse = run.progress(
        measure(
            Row("parse", f"ast.parse floor (read + parse {indexed} files)"),
            repeat,
            lambda i: child(["parse", "--files", str(run.files_list)], f"{name}-parse.log"),
        )
    )
    parse.ratio, parse.floor_label, parse.floor = (1.0, "ast.parse", parse.value) if parse.value else (None, "", None)
    cold_host = run.progress(
        measure(Row("cold-host", "engine cold, host only"), repeat, run.cold(False, f"{name}-cold-host.log"))
    )
    judge(cold_host, "ast.parse", parse.value, None)
    cold_sweep = run.progress(
        measure(Row("cold-sweep", "engine cold, 3 platforms"), repeat, run.cold(True, f"{name}-cold-sweep.log"))
    )
    judge(cold_sweep, "ast.parse", parse.value, 1.5)
    if cold_host.value and cold_sweep.value:
        cold_sweep.note = f"{cold_sweep.value / cold_host.value:.2f}x host only"
    imports = [float(d["import_seconds"]) for d in cold_host.details + cold_sweep.details]
    if imports:
        run.rows.insert(
            1,
            Row(
                "import",
                "engine imports, not in any row below",
                runs=imports,
                value=statistics.median(imports),
            ),
        )
    return parse, cold_host, cold_sweep


def _suggest(run: _Run) -> None:
    """`pytest-claims suggest` judges every def, not only the claiming ones (issue 15: at most 1.5x the cold
    check). Each suggest run is paired with a cold check of the same targets run just before it, and the ratio
    is the median of the pairs' ratios: on a machine whose load drifts, blocks measured minutes apart are not
    comparable, adjacent runs are."""
    for key, everywhere in (("suggest-host", False), ("suggest-sweep", True)):
        where = "3 platforms" if everywhere else "host only"
        suggested = Row(key, f"`suggest` cold, every def judged, {where}")
        pairs: list[tuple[float, float]] = []
        try:
            for i in range(run.repeat):
                checked = run.cold(everywhere, f"{run.name}-{key}-check.log")(i)
                args = ["suggest", "--root", str(run.root)] + (["--sweep"] if everywhere else [])
                if run.has_cache:
                    args += ["--cache", str(fresh_dir(f"cache-{run.name}-suggest"))]
                found = child(args, f"{run.name}-{key}.log")
                suggested.details.append(found)
                suggested.runs.append(float(found["seconds"]))
                pairs.append((float(checked["seconds"]), float(found["seconds"])))
        except Crash as crash:
            suggested.verdict, suggested.note = "crash", _crash_note(crash)
        if pairs:
            suggested.value = statistics.median(suggested.runs)
            suggested.floor = statistics.median(c for c, _ in pairs)
            suggested.floor_label = f"engine cold, {where}, run just before"
            suggested.ratio = statistics.median(s / c for c, s in pairs)
            suggested.target = "≤ 1.5x cold check"
            suggested.verdict = "pass" if suggested.ratio <= 1.5 else "miss"
            d = suggested.details[-1]
            suggested.note = (
                f"median of {len(pairs)} paired ratios {', '.join(f'{s / c:.2f}' for c, s in pairs)};"
                f" {d['judged']} defs judged ({d['verdicts']} verdicts), {d['candidates']} candidates,"
                f" {d['near_misses']} near misses, {d['declared']} already claiming"
            )
        run.progress(suggested)


def _warm(run: _Run, parse: Row, touched_file: str) -> None:
    """The warm engine rows: nothing changed, the largest file touched (a comment appended: its facts stay the
    same), and the same file edited so that every line moves (its facts change: whatever read it is redone);
    n/a without a cache."""
    name = run.name
    warm = Row("warm", "engine warm, host only, nothing changed")
    touch = Row("touched", f"engine warm, host only, one file touched ({touched_file})")
    edit = Row("edited", f"engine warm, host only, one file edited, every line moved ({touched_file})")
    if not run.has_cache:
        for row in (warm, touch, edit):
            row.verdict, row.note = "n/a", "n/a (no cache yet: pytest_claims.persist.cache.FactsCache)"
    else:
        warm_cache = fresh_dir(f"cache-{name}-warm")
        try:
            child(run.engine_args(False, warm_cache), f"{name}-warm.log")  # populate, untimed
        except Crash as crash:
            warm.verdict = touch.verdict = edit.verdict = "crash"
            warm.note = touch.note = edit.note = f"populating the cache: {_crash_note(crash)}"
        else:
            measure(warm, run.repeat, lambda i: child(run.engine_args(False, warm_cache), f"{name}-warm.log"))
            original = run.touched.read_bytes()

            def changed_once(text: bytes, log: str) -> dict[str, Any]:
                """One run after the edit, then the file restored and (untimed) the cache brought back to it: the
                next run's edit is measured against the original file, not against this edit."""
                run.touched.write_bytes(text)
                try:
                    return child(run.engine_args(False, warm_cache), f"{name}-{log}.log")
                finally:
                    run.touched.write_bytes(original)
                    child(run.engine_args(False, warm_cache), f"{name}-{log}-restored.log")

            def mark(i: int, kind: str) -> bytes:
                return f"# benchmark {kind} {i} {time.time_ns()}\n".encode()

            measure(touch, run.repeat, lambda i: changed_once(original + b"\n" + mark(i, "touch"), "touched"))
            measure(edit, run.repeat, lambda i: changed_once(mark(i, "edit") + original, "edited"))
    for row, limit in ((warm, 0.1), (touch, 0.2), (edit, None)):
        judge(row, "ast.parse", parse.value, limit if run.has_cache else None)
        if row.details and row.details[-1].get("parsed") is not None:
            row.note = f"parsed {row.details[-1]['parsed']}, cache hits {row.details[-1]['hits']}"
        if not run.has_cache and limit is not None:
            row.target = f"≤ {limit:g}x"
        run.progress(row)


def _rss(run: _Run, cold_host: Row, cold_sweep: Row) -> None:
    """Peak RSS of the cold 3-platform runs (the host-only peak in the note)."""
    rss = Row("rss", "peak RSS, engine cold, 3 platforms (whole process)", unit="MB", target="≤ 200 MB")
    if cold_sweep.details:
        rss.runs = [d["peak_rss_kib"] / 1024 for d in cold_sweep.details]
        rss.value = max(rss.runs)
        rss.verdict = "pass" if rss.value <= 200 else "miss"
        if cold_sweep.verdict == "crash":
            rss.note = f"from the {len(rss.runs)} run(s) that finished; "
        if cold_host.details:
            rss.note += f"host only: {max(d['peak_rss_kib'] for d in cold_host.details) / 1024:.0f} MB"
    else:
        rss.verdict = cold_sweep.verdict
        rss.note = "no measurement: the cold 3-platform run did not finish"
    run.progress(rss)


def _end_to_end(run: _Run, claims: int, parse: Row) -> None:
    """Whole `python -m pytest` processes: the pytest floor, then the plugin cold, warm, under xdist, sweeping."""
    name = run.name
    floor_dir = floor_project(claims)
    floor_args = ["-p", "no:claims", "-p", "no:cacheprovider", "-q"]
    pytest_run(floor_dir, floor_args, f"{name}-pytest-floor.log")  # warm-up, untimed
    pytest_floor = run.progress(
        measure(
            Row("pytest-floor", f"pytest floor ({claims} trivial items, `-p no:cacheprovider`)"),
            run.repeat_e2e,
            lambda i: pytest_run(floor_dir, floor_args, f"{name}-pytest-floor.log"),
        )
    )
    e2e_floor = pytest_floor.value + parse.value if pytest_floor.value and parse.value else None
    e2e_cold = run.e2e(
        Row("e2e-cold", "`pytest -p claims`, cold (an empty cache directory)"),
        (),
        "pytest floor + ast.parse",
        e2e_floor,
        1.3,
    )
    # pytest's FAILURES section scans every report once per failure (quadratic in pytest itself); with
    # `--tb=no` it is skipped, which separates the plugin's cost from pytest's failure reporting.
    run.e2e(
        Row("e2e-cold-tb-no", "`pytest -p claims --tb=no`, cold"),
        ("--tb=no",),
        "pytest floor + ast.parse",
        e2e_floor,
        None,
    )
    _e2e_warm(run, e2e_floor)
    xdist = _xdist(run, e2e_cold)
    _engine_runs(run, xdist)
    run.e2e(
        Row("e2e-sweep", "`pytest -p claims --claims-all-platforms`, cold"),
        (engine_api.SWEEP_OPTION,),
        "`pytest -p claims`, cold",
        e2e_cold.value,
        None,
    )


def _e2e_warm(run: _Run, e2e_floor: float | None) -> None:
    """`pytest -p claims` again over a cache directory one untimed run has filled."""
    e2e_warm = Row("e2e-warm", "`pytest -p claims`, warm")
    warm_args = run.pytest_args()
    log = f"{run.name}-e2e-warm.log"
    try:
        pytest_run(run.root, warm_args, log)  # populate, untimed
    except Crash as crash:
        e2e_warm.verdict, e2e_warm.note = "crash", _crash_note(crash)
    else:
        measure(e2e_warm, run.repeat_e2e, lambda i: pytest_run(run.root, warm_args, log))
        judge(e2e_warm, "pytest floor + ast.parse", e2e_floor, 1.3)
        _e2e_note(e2e_warm)
    run.progress(e2e_warm)


def _xdist(run: _Run, e2e_cold: Row) -> Row:
    """`pytest -p claims -n 2`, cold, each run counting the engine runs in the plugin's own trace."""
    trace = WORK / f"trace-{run.name}.txt"

    def xdist_once(i: int) -> dict[str, Any]:
        trace.unlink(missing_ok=True)
        result = pytest_run(
            run.root,
            run.pytest_args("-n", "2"),
            f"{run.name}-e2e-n2.log",
            {engine_api.TRACE_ENV: str(trace)},
        )
        result["engine_runs"] = len(trace.read_text(encoding="utf-8").splitlines()) if trace.exists() else None
        return result

    xdist = measure(Row("e2e-n2", "`pytest -p claims -n 2`, cold"), run.repeat_e2e, xdist_once)
    judge(xdist, "`pytest -p claims`, cold", e2e_cold.value, None)
    _e2e_note(xdist)
    return run.progress(xdist)


def _engine_runs(run: _Run, xdist: Row) -> None:
    """How many times `-n 2` ran the engine: the plugin's trace, with the harness's own probe beside it."""
    runs = Row("engine-runs", "engine runs in `-n 2` (PYTEST_CLAIMS_TRACE lines)", unit="runs", target="= 1")
    counts = [d["engine_runs"] for d in xdist.details]
    probe = WORK / f"probe-{run.name}.txt"
    probe.unlink(missing_ok=True)
    probe_env = {
        "PYTHONPATH": os.pathsep.join([str(HERE), *filter(None, [os.environ.get("PYTHONPATH")])]),
        "PYTEST_PLUGINS": "claims_bench_probe",
        engine_api.PROBE_ENV: str(probe),
    }
    probe_note = ""
    try:
        pytest_run(run.root, run.pytest_args("-n", "2"), f"{run.name}-e2e-n2-probe.log", probe_env)
    except Crash as crash:
        probe_note = f"probe run: {crash}"
    probe_count = len(probe.read_text(encoding="utf-8").splitlines()) if probe.exists() else 0
    if counts and all(c is not None for c in counts):
        runs.runs = [float(c) for c in counts]
        runs.value = max(runs.runs)
        runs.verdict = "pass" if all(c == 1 for c in counts) else "miss"
        runs.note = f"harness probe: {probe_count}"
    elif not probe_note:
        runs.verdict = "n/a"
        runs.note = (
            f"n/a (no {engine_api.TRACE_ENV} file); harness probe counted {probe_count} `check` call(s) "
            "across controller and workers"
        )
    else:
        runs.verdict = "n/a" if xdist.verdict != "crash" else "crash"
        runs.note = probe_note
    run.progress(runs)


# ------------------------------------------------------------------------------------------------------
# Reporting


def machine() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        engine_version = importlib.metadata.version("pytest-claims")
    except importlib.metadata.PackageNotFoundError:
        engine_version = "?"
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "pytest_claims": engine_version,
    }


def _cell(row: Row) -> tuple[str, str, str, str, str]:
    if row.value is None:
        value = "—"
    elif row.unit == "s":
        value = f"{row.value:.3f} s"
    elif row.unit == "MB":
        value = f"{row.value:.0f} MB"
    else:
        value = f"{row.value:g}"
    floor = f"{row.floor_label} ({row.floor:.3f} s)" if row.floor is not None and row.key != "parse" else ""
    ratio = f"{row.ratio:.2f}x" if row.ratio is not None else ""
    return value, floor, ratio, row.target, row.verdict


def table(rows: list[Row]) -> str:
    header = ("measurement", "median", "floor", "ratio", "target", "result", "notes")
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * len(header)) + "|"]
    for row in rows:
        lines.append("| " + " | ".join((row.label, *_cell(row), row.note.replace("|", "\\|"))) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="pytest-claims benchmarks (SPEC §14)")
    parser.add_argument("--workload", choices=sorted(workload.WORKLOADS), default="W")
    parser.add_argument("--repeat", type=int, default=5, help="runs per in-process measurement (default 5)")
    parser.add_argument("--repeat-e2e", type=int, default=3, help="runs per end-to-end measurement (default 3)")
    parser.add_argument("--no-e2e", action="store_true", help="in-process measurements only")
    parser.add_argument("--label", default="", help="suffix for the results file: results-<workload>-<label>.json")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.repeat_e2e < 1:
        parser.error("--repeat and --repeat-e2e must be at least 1")
    shutil.rmtree(FRESH, ignore_errors=True)  # a crashed run's leftovers; settled before anything is timed
    if hasattr(os, "sync"):
        os.sync()
    started = time.perf_counter()
    load_before = os.getloadavg()
    try:
        rows, info = run_all(args.workload, args.repeat, args.repeat_e2e, not args.no_e2e)
    finally:
        shutil.rmtree(FRESH, ignore_errors=True)
    meta = machine()
    manifest = json.loads((WORK / f"workload-{args.workload}.json").read_text(encoding="utf-8"))
    meta.update(
        workload=args.workload,
        wheel=manifest["wheel"],
        files=manifest["files"],
        lines=manifest["lines"],
        claims=manifest["claims"],
        repeat=args.repeat,
        repeat_e2e=args.repeat_e2e,
        wall_seconds=round(time.perf_counter() - started, 1),
        loadavg_before=[round(x, 2) for x in load_before],
        loadavg_after=[round(x, 2) for x in os.getloadavg()],
        label=args.label,
        **info,
    )
    suffix = f"-{args.label}" if args.label else ""
    out = WORK / f"results-{args.workload}{suffix}.json"
    out.write_text(json.dumps({"meta": meta, "rows": [asdict(r) for r in rows]}, indent=2) + "\n", encoding="utf-8")
    print(
        f"\nWorkload {args.workload}: {manifest['wheel']}, {manifest['files']} files, "
        f"{manifest['lines']:,} lines, "
        f"{manifest['claims']:,} claims ({info['indexed_files']} files indexed by the engine); "
        f"medians of {args.repeat} in-process / {args.repeat_e2e} end-to-end runs.\n"
        f"{meta['date']}; {meta['cpu'] or 'cpu ?'}, nproc {meta['nproc']}; "
        f"{meta['implementation']} {meta['python']}; pytest-claims {meta['pytest_claims']}; "
        f"load average {meta['loadavg_before'][0]} before, {meta['loadavg_after'][0]} after.\n"
    )
    print(table(rows))
    print(f"\n(results: {out.relative_to(HERE.parent)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
