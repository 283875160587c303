"""Benchmark harness for pytest-claims (semantics §14): every measurement side by side, in one run.

    python benchmarks/workload.py                 # once: builds W (Django 5.1.15) and S (packaging)
    python benchmarks/run.py                      # W, medians of 5 (in-process) and 3 (end-to-end) runs
    python benchmarks/run.py --workload S --repeat 3 --repeat-e2e 1   # quick
    python benchmarks/run.py --engine new=. --engine old=/tmp/old --no-e2e   # A/B, interleaved

In-process measurements each run in a fresh interpreter (benchmarks/child.py) and time only the work; the
interpreter's start-up and the engine's imports are reported on their own rows. End-to-end rows time whole
`python -m pytest` processes; the peers (mypy, pyright) and the command line are whole processes too. With
`--engine`, every engine row is measured for each engine, round by round. The table goes to stdout (Markdown)
and, with every run's numbers, to benchmarks/.work/results-<workload>.json. See docs/benchmarks.md for what
each row means.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import engine_api
import peers
import workload
from measuring import (
    HERE,
    INSTALLED,
    WORK,
    Crash,
    Engine,
    Row,
    child,
    crash_note,
    env,
    fresh_dir,
    judge,
    last_error_line,
    log_path,
    measure,
    parse_engine,
    pytest_run,
    table,
    timed_process,
)

FRESH = WORK / "fresh"

COLD_HOST_LIMIT = 3.0
"""Engine cold, host only, at most this many times the ast.parse floor."""
SWEEP_LIMIT = 1.1
"""Three platforms at most this many times host only."""
WARM_LIMIT = 0.25
TOUCHED_LIMIT = 0.2
HOT_EDIT_LIMIT = 0.5
E2E_COLD_LIMIT = 1.6
"""`pytest -p claims` cold at most this many times the pytest floor of the same item count; warm: below."""
E2E_WARM_LIMIT = 1.1
PATH_RUN_LIMIT = 0.4
"""`check <one package>` cold at most this share of the whole project's cold check."""
SCALE_SLACK = 1.1
"""The workload copied four times: at most this many times four times the single workload (linear)."""
SCALE_RSS_MB = 400.0


@dataclass(frozen=True)
class Options:
    """What to measure beyond the in-process engine rows, and with which engines."""

    e2e: bool = True
    peers: bool = True
    scale: bool = True
    engines: tuple[Engine, ...] = (INSTALLED,)


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

    def once(_: int, __: Engine) -> dict[str, Any]:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=env())
        return {"seconds": time.perf_counter() - start}

    return measure(row, repeat, once)


def run_all(name: str, repeat: int, repeat_e2e: int, options: Options) -> tuple[list[Row], dict[str, Any]]:
    manifest = workload.manifest(workload.WORKLOADS[name])
    root = Path(manifest["root"])
    files_list = WORK / f"files-{name}.txt"
    indexed = child(["files", "--root", str(root), "--out", str(files_list)], f"{name}-files.log")["files"]
    paths = [Path(p) for p in files_list.read_text(encoding="utf-8").splitlines() if p]
    touched = max(paths, key=lambda p: (p.stat().st_size, str(p)))
    has_cache = engine_api.cache_available()
    spec = workload.WORKLOADS[name]
    info: dict[str, Any] = {
        "indexed_files": indexed,
        "touched_file": touched.relative_to(root).as_posix(),
        "hot_file": spec.hot,
        "facts_cache": has_cache,
        "engines": [{"label": e.label, "path": str(e.path) if e.path else None} for e in options.engines],
    }
    run = _Run(name, root, files_list, touched, has_cache, repeat, repeat_e2e, options.engines)
    print(
        f"workload {name}: {manifest['files']} files, {manifest['claims']} claims; {indexed} indexed",
        file=sys.stderr,
    )

    # -- in-process ---------------------------------------------------------------------------------------
    parse, cold_host, cold_sweep = _cold(run, indexed)
    _suggest(run)
    _warm(run, parse, info["touched_file"], spec.hot)
    _rss(run, cold_host, cold_sweep)
    if options.scale and spec.scaled:
        _scaled(run, workload.WORKLOADS[spec.scaled], cold_host)
    if cold_sweep.details:
        info["engine"] = {k: v for k, v in cold_sweep.details[-1].items() if k not in ("seconds", "import_seconds")}
    if cold_host.details:
        info["engine_host"] = {k: v for k, v in cold_host.details[-1].items() if k not in ("seconds", "import_seconds")}

    # -- whole processes ------------------------------------------------------------------------------------
    if options.e2e:
        _end_to_end(run)
    if options.e2e or options.peers:
        cli_cold = _command_line(run, spec.path_run)
        if options.peers:
            peers.measure_peers(run.progress, root, spec, repeat_e2e, cli_cold)
    return run.rows, info


# The workload's directives on nested defs are refused (semantics §2: collection errors); keep collecting so every
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
    engines: tuple[Engine, ...] = (INSTALLED,)
    rows: list[Row] = field(default_factory=list)

    def progress(self, row: Row) -> Row:
        shown = f"{row.value:.3f}" if row.value is not None else row.verdict
        others = "; ".join(
            f"{label} {cell.value:.3f}" for label, cell in list(row.engines.items())[1:] if cell.value is not None
        )
        print(f"  {row.label}: {shown} {others} {row.note}", file=sys.stderr, flush=True)
        self.rows.append(row)
        return row

    def over(self, row: Row, repeat: int, once: Callable[[int, Engine], dict[str, Any]]) -> Row:
        """`row` measured for every engine, interleaved round by round."""
        return measure(row, repeat, once, self.engines)

    def engine_args(
        self, sweep: bool, cache: Path | None, root: Path | None = None, shared: Path | None = None
    ) -> list[str]:
        args = ["engine", "--root", str(root or self.root)]
        if sweep:
            args.append("--sweep")
        if cache is not None:
            args += ["--cache", str(cache)]
        if shared is not None:
            args += ["--shared-cache", str(shared)]
        return args

    def cold(
        self, sweep: bool, log: str, root: Path | None = None, first: bool = False
    ) -> Callable[[int, Engine], dict[str, Any]]:
        """One cold engine run: a fresh cache directory each time (none without a cache). The machine's cache
        (`measuring.SHARED_CACHE`) is the filled one, or with `first` a fresh one too: the first run on a
        machine."""

        def once(_: int, engine: Engine) -> dict[str, Any]:
            cache = fresh_dir(f"cache-{self.name}-cold") if self.has_cache else None
            shared = fresh_dir(f"shared-{self.name}-first") if first else None
            return child(self.engine_args(sweep, cache, root, shared), log, engine)

        return once

    def fill_shared(self) -> None:
        """One untimed cold run per engine, so the cold rows find the machine's cache filled (as every run but
        a machine's first does)."""
        for engine in self.engines:
            child(self.engine_args(False, fresh_dir(f"cache-{self.name}-fill")), f"{self.name}-fill.log", engine)

    def pytest_args(self, *extra: str) -> list[str]:
        """`pytest -p claims` on the workload with a cache directory no run has used, then `extra`."""
        return [*_E2E_BASE, "-o", f"cache_dir={fresh_dir(f'e2e-cache-{self.name}')}", *extra]

    def e2e(self, row: Row, extra: Sequence[str]) -> Row:
        """Measure a cold end-to-end row (`extra` after the common arguments) for every engine."""
        log = f"{self.name}-{row.key}.log"
        self.over(row, self.repeat_e2e, lambda i, e: pytest_run(self.root, self.pytest_args(*extra), log, e.env()))
        _e2e_note(row)
        return row


def _e2e_note(row: Row) -> None:
    if row.details:
        d = row.details[-1]
        row.note = f"{d['items']} items, {d['errors']} collection errors, RSS {d['peak_rss_kib'] / 1024:.0f} MB"


def _cold(run: _Run, indexed: int) -> tuple[Row, Row, Row]:
    """Start-up, the ast.parse floor, the cold engine rows (host only, 3 platforms) and the engine's imports."""
    name, repeat = run.name, run.repeat
    run.progress(startup(repeat))
    parse = run.progress(
        measure(
            Row("parse", f"ast.parse floor (read + parse {indexed} files)"),
            repeat,
            lambda i, e: child(["parse", "--files", str(run.files_list)], f"{name}-parse.log"),
        )
    )
    parse.ratio, parse.floor_label, parse.floor = (1.0, "ast.parse", parse.value) if parse.value else (None, "", None)
    run.fill_shared()
    cold_host = run.over(Row("cold-host", "engine cold, host only"), repeat, run.cold(False, f"{name}-cold-host.log"))
    judge(cold_host, "ast.parse", parse.value, COLD_HOST_LIMIT)
    _cpu_note(cold_host)
    run.progress(cold_host)
    first = run.over(
        Row("cold-host-first", "engine cold, host only, first run on the machine"),
        repeat,
        run.cold(False, f"{name}-cold-host-first.log", first=True),
    )
    judge(first, "engine cold, host only", cold_host.value, None)
    _cpu_note(first)
    run.progress(first)
    cold_sweep = run.over(
        Row("cold-sweep", "engine cold, 3 platforms"), repeat, run.cold(True, f"{name}-cold-sweep.log")
    )
    judge(cold_sweep, "engine cold, host only", cold_host.value, SWEEP_LIMIT)
    if cold_sweep.value and parse.value:
        cold_sweep.note = f"{cold_sweep.value / parse.value:.2f}x ast.parse"
    _cpu_note(cold_sweep)
    run.progress(cold_sweep)
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


def _cpu_note(row: Row) -> None:
    if row.cpu is not None:
        row.note = f"{row.note}; CPU {row.cpu:.3f} s" if row.note else f"CPU {row.cpu:.3f} s"


def _suggest(run: _Run) -> None:
    """`pytest-claims suggest` judges every def, not only the claiming ones (at most 1.5x the cold check). Each
    suggest run is paired with a cold check of the same targets by the same engine run just before it, and the
    ratio is the median of the pairs' ratios: on a machine whose load drifts, blocks measured minutes apart
    are not comparable, adjacent runs are."""
    for key, everywhere in (("suggest-host", False), ("suggest-sweep", True)):
        where = "3 platforms" if everywhere else "host only"
        check = run.cold(everywhere, f"{run.name}-{key}-check.log")

        def once(
            i: int,
            engine: Engine,
            everywhere: bool = everywhere,
            key: str = key,
            check: Callable[[int, Engine], dict[str, Any]] = check,
        ) -> dict[str, Any]:
            checked = check(i, engine)
            args = ["suggest", "--root", str(run.root)] + (["--sweep"] if everywhere else [])
            if run.has_cache:
                args += ["--cache", str(fresh_dir(f"cache-{run.name}-suggest"))]
            found = child(args, f"{run.name}-{key}.log", engine)
            return {**found, "check_seconds": float(checked["seconds"])}

        suggested = run.over(Row(key, f"`suggest` cold, every def judged, {where}"), run.repeat, once)
        pairs = [(float(d["check_seconds"]), float(d["seconds"])) for d in suggested.details]
        if pairs and suggested.value is not None:
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


def _warm(run: _Run, parse: Row, touched_file: str, hot_file: str) -> None:
    """The warm engine rows: nothing changed, the largest file touched (a comment appended: its facts stay the
    same), the same file edited so that every line moves (its facts change only in their lines: the verdicts
    that read it are served with their lines moved), the same edit of a hot module (one most walks read), and
    code added to the hot module (a function appended: its facts change, whatever read it is redone); n/a
    without a cache. Each engine has its own cache."""
    name = run.name
    warm = Row("warm", "engine warm, host only, nothing changed")
    touch = Row("touched", f"engine warm, host only, one file touched ({touched_file})")
    edit = Row("edited", f"engine warm, host only, one file edited, every line moved ({touched_file})")
    hot = Row("edited-hot", f"engine warm, host only, a hot module edited, every line moved ({hot_file})")
    code = Row("coded-hot", f"engine warm, host only, code added to a hot module, a function appended ({hot_file})")
    rows = ((warm, WARM_LIMIT), (touch, TOUCHED_LIMIT), (edit, None), (hot, HOT_EDIT_LIMIT), (code, None))
    if not run.has_cache:
        for row, _ in rows:
            row.verdict, row.note = "n/a", "n/a (no cache yet: pytest_claims.persist.cache.FactsCache)"
    else:
        caches = {engine.label: fresh_dir(f"cache-{name}-warm-{engine.label}") for engine in run.engines}
        try:
            for engine in run.engines:  # populate, untimed
                child(run.engine_args(False, caches[engine.label]), f"{name}-warm.log", engine)
        except Crash as crash:
            for row, _ in rows:
                row.verdict, row.note = "crash", f"populating the cache: {crash_note(crash)}"
        else:
            warm_once = lambda i, e: child(run.engine_args(False, caches[e.label]), f"{name}-warm.log", e)  # noqa: E731
            run.over(warm, run.repeat, warm_once)
            edits = _Edits(run, caches)
            run.over(touch, run.repeat, lambda i, e: edits.once(run.touched, i, e, "touch", append=True))
            run.over(edit, run.repeat, lambda i, e: edits.once(run.touched, i, e, "edit", append=False))
            run.over(hot, run.repeat, lambda i, e: edits.once(run.root / hot_file, i, e, "hot", append=False))
            run.over(code, run.repeat, lambda i, e: edits.once(run.root / hot_file, i, e, "code", append=True))
    for row, limit in rows:
        judge(row, "ast.parse", parse.value, limit if run.has_cache else None)
        if row.details and row.details[-1].get("parsed") is not None:
            row.note = f"parsed {row.details[-1]['parsed']}, cache hits {row.details[-1]['hits']}"
        if not run.has_cache and limit is not None:
            row.target = f"≤ {limit:g}x"
        run.progress(row)


@dataclass
class _Edits:
    """One warm run after a file is changed, then the file restored and (untimed) the engine's cache brought
    back to it: the next run's edit is measured against the original file, not against this edit."""

    run: _Run
    caches: dict[str, Path]

    def once(self, path: Path, i: int, engine: Engine, kind: str, append: bool) -> dict[str, Any]:
        original = path.read_bytes()
        mark = f"# benchmark {kind} {i} {time.time_ns()}\n".encode()
        if kind == "code":  # a new function: the module's facts change in substance, no line moves
            mark = f"\n\ndef _benchmark_{i}_{time.time_ns()}():\n    return {i}\n".encode()
        args = self.run.engine_args(False, self.caches[engine.label])
        path.write_bytes(original + b"\n" + mark if append else mark + original)
        try:
            return child(args, f"{self.run.name}-{kind}.log", engine)
        finally:
            path.write_bytes(original)
            child(args, f"{self.run.name}-{kind}-restored.log", engine)


def _rss(run: _Run, cold_host: Row, cold_sweep: Row) -> None:
    """Peak RSS of the cold 3-platform runs (the host-only peak in the note), first engine."""
    rss = Row("rss", "peak RSS, engine cold, 3 platforms (whole process)", unit="MB", target="≤ 200 MB")
    if cold_sweep.details:
        rss.runs = [d["peak_rss_kib"] / 1024 for d in cold_sweep.details]
        rss.value = max(rss.runs)
        rss.verdict = "pass" if rss.value <= 200 else "miss"
        if cold_sweep.verdict == "crash":
            rss.note = f"from the {len(rss.runs)} run(s) that finished; "
        if cold_host.details:
            rss.note += f"host only: {max(d['peak_rss_kib'] for d in cold_host.details) / 1024:.0f} MB"
        for label, cell in cold_sweep.engines.items():
            if cell.details and label != run.engines[0].label:
                rss.note += f"; {label}: {max(d['peak_rss_kib'] for d in cell.details) / 1024:.0f} MB"
    else:
        rss.verdict = cold_sweep.verdict
        rss.note = "no measurement: the cold 3-platform run did not finish"
    run.progress(rss)


def _scaled(run: _Run, spec: workload.Spec, cold_host: Row) -> None:
    """The workload copied four times under new package names: the cold host-only check should grow linearly
    (at most 1.1 x 4 x the single workload's) and its peak RSS stay under 400 MB."""
    manifest = workload.manifest(spec)
    copies = int(manifest.get("copies", 1))
    row = Row("scaled", f"engine cold, host only, {spec.name} ({copies} renamed copies, {manifest['files']} files)")
    run.over(row, run.repeat, run.cold(False, f"{run.name}-scaled.log", Path(manifest["root"])))
    single = cold_host.value * copies if cold_host.value is not None else None
    judge(row, f"{copies} x engine cold, host only", single, SCALE_SLACK, f"≤ {SCALE_SLACK:g}x (linear)")
    _cpu_note(row)
    run.progress(row)
    rss = Row(
        "scaled-rss", f"peak RSS, engine cold, host only, {spec.name}", unit="MB", target=f"≤ {SCALE_RSS_MB:g} MB"
    )
    if row.details:
        rss.runs = [d["peak_rss_kib"] / 1024 for d in row.details]
        rss.value = max(rss.runs)
        rss.verdict = "pass" if rss.value <= SCALE_RSS_MB else "miss"
    else:
        rss.verdict, rss.note = row.verdict, "no measurement: the scaled run did not finish"
    run.progress(rss)


def _floors(run: _Run, items: int) -> tuple[Row, Row]:
    """pytest's own cost for `items` trivial items, serial and with `-n 2` (the engine's cost is what the
    plugin adds to these)."""
    floor_dir = floor_project(items)
    base = ["-p", "no:claims", "-p", "no:cacheprovider", "-q"]
    out = []
    for key, extra, label in (("pytest-floor", (), ""), ("pytest-floor-n2", ("-n", "2"), ", `-n 2`")):
        log = f"{run.name}-{key}.log"
        row = Row(key, f"pytest floor ({items} trivial items, `-p no:cacheprovider`{label})")
        try:
            args = [*base, *extra]
            pytest_run(floor_dir, args, log)  # warm-up, untimed
        except Crash as crash:
            row.verdict, row.note = "crash", crash_note(crash)
        else:
            measure(row, run.repeat_e2e, _floor_once(floor_dir, args, log))
        out.append(run.progress(row))
    _walk_floor(run)
    return out[0], out[1]


def _walk_floor(run: _Run) -> None:
    """pytest alone in the corpus (no plugin, no items: exit 5): its own start and walk of the corpus's tree, which
    every `pytest -p claims` row pays and the floor's one directory never does. Information, no goal."""
    row = Row("pytest-walk", "pytest in the corpus without the plugin (its start and walk, no items)")
    args = ["-p", "no:claims", "-p", "no:cacheprovider", "-q"]
    log = f"{run.name}-pytest-walk.log"
    try:
        pytest_run(run.root, args, log, ok=(0, 5))  # warm-up, untimed
    except Crash as crash:
        row.verdict, row.note = "crash", crash_note(crash)
    else:
        measure(row, run.repeat_e2e, lambda i, e: pytest_run(run.root, args, log, ok=(0, 5)))
        row.verdict = "info"
    run.progress(row)


def _floor_once(floor_dir: Path, args: list[str], log: str) -> Callable[[int, Engine], dict[str, Any]]:
    return lambda i, e: pytest_run(floor_dir, args, log)


def _end_to_end(run: _Run) -> None:
    """Whole `python -m pytest` processes: the plugin cold, then the pytest floors of the same item count, the
    plugin warm, under xdist (with its own floor), sweeping."""
    e2e_cold = run.e2e(Row("e2e-cold", "`pytest -p claims`, cold (an empty cache directory)"), ())
    items = int(e2e_cold.details[0]["items"]) if e2e_cold.details else 0
    floor, floor_n2 = _floors(run, items) if items else (Row("pytest-floor", "pytest floor", verdict="n/a"),) * 2
    judge(e2e_cold, "pytest floor", floor.value, E2E_COLD_LIMIT)
    run.progress(e2e_cold)
    # pytest's FAILURES section scans every report once per failure (quadratic in pytest itself); with
    # `--tb=no` it is skipped, which separates the plugin's cost from pytest's failure reporting.
    tb_no = run.e2e(Row("e2e-cold-tb-no", "`pytest -p claims --tb=no`, cold"), ("--tb=no",))
    judge(tb_no, "pytest floor", floor.value, None)
    run.progress(tb_no)
    _e2e_warm(run, floor)
    xdist = _xdist(run, e2e_cold, floor, floor_n2)
    _engine_runs(run, xdist)
    sweep = run.e2e(Row("e2e-sweep", "`pytest -p claims --claims-all-platforms`, cold"), (engine_api.SWEEP_OPTION,))
    judge(sweep, "`pytest -p claims`, cold", e2e_cold.value, None)
    run.progress(sweep)


def _e2e_warm(run: _Run, floor: Row) -> None:
    """`pytest -p claims` again over a cache directory one untimed run has filled (one per engine)."""
    e2e_warm = Row("e2e-warm", "`pytest -p claims`, warm")
    warm_args = {engine.label: run.pytest_args() for engine in run.engines}
    log = f"{run.name}-e2e-warm.log"
    try:
        for engine in run.engines:  # populate, untimed
            pytest_run(run.root, warm_args[engine.label], log, engine.env())
    except Crash as crash:
        e2e_warm.verdict, e2e_warm.note = "crash", crash_note(crash)
    else:
        run.over(e2e_warm, run.repeat_e2e, lambda i, e: pytest_run(run.root, warm_args[e.label], log, e.env()))
        judge(e2e_warm, "pytest floor", floor.value, E2E_WARM_LIMIT)
        _e2e_note(e2e_warm)
    run.progress(e2e_warm)


def _xdist(run: _Run, e2e_cold: Row, floor: Row, floor_n2: Row) -> Row:
    """`pytest -p claims -n 2`, cold, each run counting the engine runs in the plugin's own trace. Target: no
    slower than the serial cold run plus what `-n 2` costs pytest itself on the same trivial items."""
    trace = WORK / f"trace-{run.name}.txt"

    def xdist_once(i: int, engine: Engine) -> dict[str, Any]:
        trace.unlink(missing_ok=True)
        result = pytest_run(
            run.root,
            run.pytest_args("-n", "2"),
            f"{run.name}-e2e-n2.log",
            {engine_api.TRACE_ENV: str(trace), **engine.env()},
        )
        result["engine_runs"] = len(trace.read_text(encoding="utf-8").splitlines()) if trace.exists() else None
        return result

    xdist = run.over(Row("e2e-n2", "`pytest -p claims -n 2`, cold"), run.repeat_e2e, xdist_once)
    limit = None
    if e2e_cold.value is not None and floor.value is not None and floor_n2.value is not None:
        limit = e2e_cold.value + floor_n2.value - floor.value
    judge(xdist, "serial cold + pytest's own `-n 2` overhead", limit, 1.0, "≤ 1x")
    _e2e_note(xdist)
    return run.progress(xdist)


def _engine_runs(run: _Run, xdist: Row) -> None:
    """How many times `-n 2` ran the engine: the plugin's trace, with the harness's own probe beside it (first
    engine)."""
    runs = Row("engine-runs", "engine runs in `-n 2` (PYTEST_CLAIMS_TRACE lines)", unit="runs", target="= 1")
    counts = [d["engine_runs"] for d in xdist.details]
    probe = WORK / f"probe-{run.name}.txt"
    probe.unlink(missing_ok=True)
    first = run.engines[0].env().get("PYTHONPATH", os.environ.get("PYTHONPATH"))
    probe_env = {
        "PYTHONPATH": os.pathsep.join([str(HERE), *filter(None, [first])]),
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


def _command_line(run: _Run, path_run: str | None) -> Row:
    """`pytest-claims check --no-cache` as whole processes: the whole project (what the peers are compared
    with), and one package of it (a path run: at most 0.4x the whole project's cold check)."""
    base = [sys.executable, "-m", "pytest_claims", "check", "--root", str(run.root), "--no-cache", "-q"]

    def cli(*paths: str) -> Callable[[int, Engine], dict[str, Any]]:
        log = f"{run.name}-cli{'-path' if paths else ''}.log"
        return lambda i, e: _checked(timed_process([*base, *paths], run.root, log, e.env(), ok=(0, 1, 2)), log)

    whole = run.over(
        Row("cli-cold", "`pytest-claims check --no-cache`, whole project, cold (whole process)"), run.repeat_e2e, cli()
    )
    _cpu_note(whole)
    run.progress(whole)
    path = Row("cli-path", f"`pytest-claims check --no-cache {path_run or '<package>'}`, cold (whole process)")
    if path_run is None:
        path.verdict, path.note = "n/a", "W only"
    else:
        run.over(path, run.repeat_e2e, cli(path_run))
        judge(path, "whole project, cold", whole.value, PATH_RUN_LIMIT)
        _cpu_note(path)
    run.progress(path)
    return whole


def _checked(result: dict[str, Any], log: str) -> dict[str, Any]:
    """A `check` process's result; exit 2 is the workload's refused directives (as in pytest's collection
    errors), a traceback is a crash."""
    text = result.pop("text", "")
    if "Traceback (most recent call last)" in text:
        raise Crash(f"exit {result['exit']}: {last_error_line(text)}", log_path(log))
    return result


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


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="pytest-claims benchmarks (semantics §14)")
    parser.add_argument(
        "--workload", choices=sorted(n for n, s in workload.WORKLOADS.items() if not s.copies), default="W"
    )
    parser.add_argument("--repeat", type=int, default=5, help="runs per in-process measurement (default 5)")
    parser.add_argument("--repeat-e2e", type=int, default=3, help="runs per whole-process measurement (default 3)")
    parser.add_argument("--no-e2e", action="store_true", help="no `pytest` and no command-line rows")
    parser.add_argument("--no-peers", action="store_true", help="no mypy and pyright rows")
    parser.add_argument("--no-scale", action="store_true", help="no row on the workload copied four times")
    parser.add_argument(
        "--engine",
        action="append",
        default=[],
        metavar="LABEL=PATH",
        help="measure the engine in PATH (a tree holding pytest_claims/) too; repeatable; the first is the reference"
        " of the ratios; without it, the installed engine alone",
    )
    parser.add_argument("--label", default="", help="suffix for the results file: results-<workload>-<label>.json")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.repeat_e2e < 1:
        parser.error("--repeat and --repeat-e2e must be at least 1")
    try:
        args.engines = tuple(parse_engine(text) for text in args.engine) or (INSTALLED,)
    except ValueError as error:
        parser.error(f"--engine: {error}")
    if len({e.label for e in args.engines}) != len(args.engines):
        parser.error("--engine: every LABEL must be different")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    options = Options(not args.no_e2e, not args.no_peers, not args.no_scale, args.engines)
    shutil.rmtree(FRESH, ignore_errors=True)  # a crashed run's leftovers; settled before anything is timed
    if hasattr(os, "sync"):
        os.sync()
    started = time.perf_counter()
    load_before = os.getloadavg()
    try:
        rows, info = run_all(args.workload, args.repeat, args.repeat_e2e, options)
    finally:
        shutil.rmtree(FRESH, ignore_errors=True)
    meta = machine()
    manifest = workload.manifest(workload.WORKLOADS[args.workload])
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
    engines = ", ".join(f"{e.label} ({e.path or 'installed'})" for e in args.engines)
    print(
        f"\nWorkload {args.workload}: {manifest['wheel']}, {manifest['files']} files, "
        f"{manifest['lines']:,} lines, "
        f"{manifest['claims']:,} claims ({info['indexed_files']} files indexed by the engine); "
        f"medians of {args.repeat} in-process / {args.repeat_e2e} whole-process runs; engines: {engines}.\n"
        f"{meta['date']}; {meta['cpu'] or 'cpu ?'}, nproc {meta['nproc']}; "
        f"{meta['implementation']} {meta['python']}; pytest-claims {meta['pytest_claims']}; "
        f"load average {meta['loadavg_before'][0]} before, {meta['loadavg_after'][0]} after.\n"
    )
    print(table(rows, args.engines))
    print(f"\n(results: {out.relative_to(HERE.parent)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
