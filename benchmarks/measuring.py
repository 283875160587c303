"""What every row of the speed harness (run.py) is built from: the rows, the engines, timed processes, medians
and ratios. No row is defined here, so the logic can be tested without measuring anything.
"""

from __future__ import annotations

import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine_api

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work"
LOGS = WORK / "logs"
FRESH = WORK / "fresh"
CHILD = HERE / "child.py"
RUN_TIMEOUT = 3600.0


@dataclass(frozen=True)
class Engine:
    """An engine to measure: the installed one (`path` None), or a tree holding `pytest_claims/` put first on
    every measured process's PYTHONPATH (e.g. a `git archive` snapshot of another commit)."""

    label: str
    path: Path | None = None

    def env(self) -> dict[str, str]:
        if self.path is None:
            return {}
        return {"PYTHONPATH": os.pathsep.join([str(self.path), *filter(None, [os.environ.get("PYTHONPATH")])])}


INSTALLED = Engine("current")


def parse_engine(text: str) -> Engine:
    """`LABEL=PATH` from the command line; PATH must hold a `pytest_claims/` package."""
    label, sep, path = text.partition("=")
    if not sep or not label or not path:
        raise ValueError(f"expected LABEL=PATH, got {text!r}")
    root = Path(path).expanduser().resolve()
    if not (root / "pytest_claims" / "__init__.py").is_file():
        raise ValueError(f"{root} holds no pytest_claims/__init__.py")
    return Engine(label, root)


SHARED_CACHE = WORK / "shared-cache"
"""The per-machine cache (the parsed stubs) of every measured process: the harness's own, so no row depends on
what the user's cache holds. Filled by an untimed run before the cold rows (`run.fill_shared`); entries are
keyed by the engine's parser and versions, so engines compared side by side never read each other's."""


def fresh_dir(label: str) -> Path:
    """A directory no run has used: a cold run gets an empty cache without anything deleted just before it.

    Deleting the previous run's cache (a thousand files) right before a run made the file system (ext4
    mounted with online discard here) charge that deletion to the measured run's own file creations: 0.4 ms
    per created file instead of 0.03 ms, 0.3 s on W. `pytest --cache-clear` deletes inside the measured run,
    so the end-to-end cold rows use a fresh `-o cache_dir=` instead. All of them go at the end of the run.
    """
    FRESH.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{label}-", dir=FRESH))


class Crash(Exception):
    """A measured process failed; the message is its last error line, the log holds the rest."""

    def __init__(self, message: str, log: Path) -> None:
        super().__init__(message)
        self.log = log


@dataclass
class EngineCell:
    """One engine's runs of a row, when several engines are compared."""

    runs: list[float] = field(default_factory=list)
    value: float | None = None
    ratio: float | None = None
    """Its median over the first engine's."""
    cpu: float | None = None
    """Median CPU seconds of its runs, when the measured process reports them."""
    details: list[dict[str, Any]] = field(default_factory=list)
    crash: str = ""


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
    cpu: float | None = None
    """Median CPU seconds of the first engine's runs, when the measured process reports them."""
    engines: dict[str, EngineCell] = field(default_factory=dict)
    """Every engine's runs when several are compared (the first engine's are also `runs` and `value`)."""


def env(extra: dict[str, str] | None = None) -> dict[str, str]:
    out = dict(os.environ)
    for name in ("PYTEST_ADDOPTS", "PYTEST_PLUGINS", engine_api.TRACE_ENV, engine_api.PROBE_ENV):
        out.pop(name, None)
    out["PYTHONDONTWRITEBYTECODE"] = "1"
    out[engine_api.SHARED_CACHE_ENV] = str(SHARED_CACHE)
    out.update(extra or {})
    return out


def log_path(name: str) -> Path:
    LOGS.mkdir(parents=True, exist_ok=True)
    return LOGS / name


def last_error_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    for line in reversed(lines):
        if re.match(r"^(\w+\.)*\w*(Error|Exception|Interrupt)\b", line.strip()) or "INTERNALERROR" in line:
            return line.strip()[:300]
    return lines[-1].strip()[:300] if lines else "(no output)"


def crash_note(crash: Crash) -> str:
    log = crash.log.relative_to(HERE.parent) if crash.log.is_relative_to(HERE.parent) else crash.log
    return f"{crash} (log: {log})"


def child(args: Sequence[str], log_name: str, engine: Engine = INSTALLED) -> dict[str, Any]:
    """Run benchmarks/child.py in a fresh interpreter; its last stdout line is the JSON answer."""
    proc = subprocess.run(
        [sys.executable, str(CHILD), *args],
        capture_output=True,
        text=True,
        env=env(engine.env()),
        timeout=RUN_TIMEOUT,
        check=False,
    )
    if proc.returncode != 0:
        log = log_path(log_name)
        log.write_text(f"$ child.py {' '.join(args)}\n{proc.stdout}\n{proc.stderr}", encoding="utf-8")
        raise Crash(last_error_line(proc.stderr), log)
    answer: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return answer


def timed_process(
    command: Sequence[str],
    cwd: Path,
    log_name: str,
    extra_env: dict[str, str] | None = None,
    ok: Sequence[int] = (0, 1),
) -> dict[str, Any]:
    """Time one whole process (output to a log file): wall seconds, CPU seconds, exit status, peak RSS."""
    log = log_path(log_name)
    with log.open("w", encoding="utf-8") as out:
        out.write(f"$ cd {cwd} && {' '.join(command)}\n")
        out.flush()
        start = time.perf_counter()
        proc = subprocess.Popen(list(command), cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env(extra_env))
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    text = log.read_text(encoding="utf-8", errors="replace")
    if code not in ok:
        raise Crash(f"exit {code}: {last_error_line(text)}", log)
    return {
        "seconds": seconds,
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
        "exit": code,
        "peak_rss_kib": int(usage.ru_maxrss),
        "text": text,
    }


_SUMMARY = re.compile(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed|deselected)")


def pytest_run(
    cwd: Path,
    args: Sequence[str],
    log_name: str,
    extra_env: dict[str, str] | None = None,
    ok: Sequence[int] = (0, 1),
) -> dict[str, Any]:
    """Time one whole `python -m pytest` process; its output goes to a log file. `ok`: the exit statuses that
    are a measurement (any other is a crash)."""
    result = timed_process([sys.executable, "-m", "pytest", *args], cwd, log_name, extra_env, ok)
    tail = [line for line in result.pop("text").splitlines() if line.strip()]
    summary = tail[-1] if tail else ""
    counts = {kind.rstrip("s") if kind.startswith("error") else kind: int(n) for n, kind in _SUMMARY.findall(summary)}
    return {
        **result,
        "summary": summary,
        "items": counts.get("passed", 0) + counts.get("failed", 0) + counts.get("skipped", 0),
        "errors": counts.get("error", 0),
    }


def rounds(repeat: int, engines: Sequence[Engine]) -> list[tuple[int, Engine]]:
    """The order of the runs: round by round, every engine once per round, the order reversed every other
    round, so a drift of the machine's load during a row falls on every engine alike."""
    order: list[tuple[int, Engine]] = []
    for i in range(repeat):
        for engine in engines if i % 2 == 0 else reversed(engines):
            order.append((i, engine))
    return order


def _median_cpu(details: list[dict[str, Any]]) -> float | None:
    cpus = [float(d["cpu_seconds"]) for d in details if d.get("cpu_seconds") is not None]
    return statistics.median(cpus) if cpus else None


def measure(
    row: Row,
    repeat: int,
    once: Callable[[int, Engine], dict[str, Any]],
    engines: Sequence[Engine] = (INSTALLED,),
) -> Row:
    """Fill `row` with `repeat` runs of `once` per engine, interleaved (`rounds`); the first engine's runs are
    the row's own. A crash stops the row and says where its log is."""
    cells = {engine.label: EngineCell() for engine in engines}
    try:
        for i, engine in rounds(repeat, engines):
            detail = once(i, engine)
            cells[engine.label].details.append(detail)
            cells[engine.label].runs.append(float(detail["seconds"]))
    except Crash as crash:
        row.verdict = "crash"
        row.note = crash_note(crash) if len(engines) == 1 else f"{engine.label}: {crash_note(crash)}"
        cells[engine.label].crash = str(crash)
    first = cells[engines[0].label]
    row.runs, row.details = first.runs, first.details
    for cell in cells.values():
        cell.value = statistics.median(cell.runs) if cell.runs and not cell.crash else None
        cell.cpu = _median_cpu(cell.details)
    if row.verdict != "crash":
        row.value, row.cpu = first.value, first.cpu
    if len(engines) > 1:
        for cell in cells.values():
            cell.ratio = cell.value / first.value if cell.value is not None and first.value else None
        row.engines = cells
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


def judge_at_least(row: Row, limit: float) -> None:
    """A row whose value is itself a ratio that must reach `limit` (a peer's time over the engine's)."""
    row.target = f"≥ {limit:g}x"
    if row.value is not None:
        row.verdict = "pass" if row.value >= limit else "miss"


def cell_text(row: Row) -> tuple[str, str, str, str, str]:
    """The median, floor, ratio, target and result cells of a row; a timed row of several runs shows their
    spread beside its median and its ratio (each run over the floor's median), so a goal its runs fall on both
    sides of reads as such."""
    value = format_value(row.value, row.unit)
    floor = f"{row.floor_label} ({row.floor:.3f} s)" if row.floor is not None and row.key != "parse" else ""
    ratio = f"{row.ratio:.2f}x" if row.ratio is not None else ""
    spread = _spread(row.runs) if row.unit == "s" else None
    if spread is not None and row.value is not None:
        low, high = spread
        value += f" ({low:.3f}-{high:.3f})"
        # not for a ratio judged otherwise than median over floor (`suggest`: the median of paired ratios)
        if row.ratio is not None and row.floor and math.isclose(row.ratio, row.value / row.floor):
            ratio += f" ({low / row.floor:.2f}-{high / row.floor:.2f})"
    return value, floor, ratio, row.target, row.verdict


def _spread(runs: list[float]) -> tuple[float, float] | None:
    """The fastest and the slowest run, when there are several that differ."""
    if len(runs) < 2 or min(runs) == max(runs):
        return None
    return min(runs), max(runs)


def format_value(value: float | None, unit: str) -> str:
    if value is None:
        return "—"
    if unit == "s":
        return f"{value:.3f} s"
    if unit == "MB":
        return f"{value:.0f} MB"
    if unit == "x":
        return f"{value:.2f}x"
    return f"{value:g}"


def engine_cell_text(row: Row, label: str) -> str:
    """One engine's column: its median and its ratio to the first engine's (empty when the row is not per
    engine)."""
    cell = row.engines.get(label)
    if cell is None:
        return ""
    if cell.crash:
        return "crash"
    text = format_value(cell.value, row.unit)
    if cell.ratio is not None:
        text += f" ({cell.ratio:.2f}x)"
    if cell.cpu is not None:
        text += f", CPU {cell.cpu:.2f} s"
    spread = _spread(cell.runs) if row.unit == "s" and cell.value is not None else None
    if spread is not None:
        text += f", runs {spread[0]:.3f}-{spread[1]:.3f}"
    return text


def table(rows: list[Row], engines: Sequence[Engine] = (INSTALLED,)) -> str:
    """The Markdown table; with several engines, a column each (median, ratio to the first, CPU)."""
    compared = [engine.label for engine in engines] if len(engines) > 1 else []
    median = f"median ({compared[0]})" if compared else "median"
    header = ("measurement", median, "floor", "ratio", "target", "result", *compared, "notes")
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * len(header)) + "|"]
    for row in rows:
        per_engine = [engine_cell_text(row, label) for label in compared]
        cells = (row.label, *cell_text(row), *per_engine, row.note.replace("|", "\\|"))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
