"""Peak memory of one whole `pytest-claims check` process, reproducibly: the figure the memory goals are judged by.

    python benchmarks/memory.py                                   # W, host platform, --no-cache, 1 run
    python benchmarks/memory.py --platform linux,win32,darwin --report --repeat 3
    python benchmarks/memory.py --workload W4 --platform linux
    python benchmarks/memory.py --warm --engine /tmp/old          # another engine tree, a warm run

Each measured run is a fresh measuring process (`--one`) whose only child is the check: its
`resource.getrusage(RUSAGE_CHILDREN).ru_maxrss` is then the check's peak resident set (the largest of the check
and of the helper processes it waited for), untouched by the harness's own memory or by earlier runs. Cold is
`--no-cache` (nothing read or written), as the command line runs it; `--warm` copies the workload to a temporary
directory (the cache lives in the project), fills its cache with one untimed run, and measures the runs after it.
`--report` adds `--report <tmp>.json`, the JSON report the command writes. Prints one JSON object per run, then
the median and the largest peak. See docs/benchmarks.md ("Peak memory of one check").
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work"


def check_command(root: Path, platforms: str | None, report: Path | None, cache: bool) -> list[str]:
    command = [sys.executable, "-m", "pytest_claims", "check", "--root", str(root), "-q"]
    if platforms:
        command += ["--platform", platforms]
    if not cache:
        command.append("--no-cache")
    if report is not None:
        command += ["--report", str(report)]
    return command


def one(command: list[str], engine: str | None) -> dict[str, Any]:
    """Run `command` as this process's only child: its wall and CPU seconds, exit status and peak RSS."""
    environ = dict(os.environ)
    if engine:
        environ["PYTHONPATH"] = engine + os.pathsep + environ.get("PYTHONPATH", "")
    started = time.perf_counter()
    # `python -m` puts the working directory first on the path, ahead of PYTHONPATH: the check runs from the
    # engine's tree, else a run from another checkout would measure that checkout's code
    done = subprocess.run(
        command, env=environ, cwd=engine, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    seconds = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    if "Traceback (most recent call last)" in done.stderr.decode(errors="replace"):
        raise SystemExit(f"the check crashed:\n{done.stderr.decode(errors='replace')}")
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB elsewhere
    return {
        "peak_rss_mb": round(usage.ru_maxrss * scale / 2**20, 1),
        "seconds": round(seconds, 2),
        "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 2),
        "exit": done.returncode,
    }


def measured(command: list[str], engine: str | None) -> dict[str, Any]:
    """`one` in a fresh measuring process, so that RUSAGE_CHILDREN holds this run alone."""
    spec = json.dumps({"command": command, "engine": engine})
    out = subprocess.run([sys.executable, __file__, "--one", spec], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(out.stderr or out.stdout)
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="peak RSS of one pytest-claims check (docs/benchmarks.md)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--workload", default="W", help="a workload under benchmarks/.work (default W)")
    parser.add_argument("--root", type=Path, default=None, help="check this project instead of a workload")
    parser.add_argument("--platform", default=None, help="as the command's --platform (default: the host)")
    parser.add_argument("--report", action="store_true", help="also write the JSON report")
    parser.add_argument("--warm", action="store_true", help="measure warm runs (a copy of the project, cached)")
    parser.add_argument("--repeat", type=int, default=1, help="measured runs (default 1)")
    parser.add_argument("--engine", default=None, help="a tree holding pytest_claims/ (default: the installed one)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.one:
        spec = json.loads(args.one)
        print(json.dumps(one(spec["command"], spec["engine"])))
        return 0
    root = (args.root or WORK / args.workload).resolve()
    if not (root / "pyproject.toml").is_file():
        raise SystemExit(f"no project at {root}: build it with benchmarks/workload.py (W4 with run.py)")
    engine = str(Path(args.engine).resolve()) if args.engine else None
    name = root.name
    with tempfile.TemporaryDirectory(prefix="claims-memory-") as scratch:
        report = Path(scratch) / "report.json" if args.report else None
        if args.warm:
            copy = Path(scratch) / "project"
            shutil.copytree(root, copy, ignore=shutil.ignore_patterns(".pytest_cache"))
            root = copy
            measured(check_command(root, args.platform, report, True), engine)  # fills the cache, untimed
        command = check_command(root, args.platform, report, args.warm)
        runs = []
        for _ in range(args.repeat):
            runs.append(measured(command, engine))
            print(json.dumps(runs[-1]), flush=True)
    peaks = [r["peak_rss_mb"] for r in runs]
    seconds = [r["seconds"] for r in runs]
    print(
        f"{name} {'warm' if args.warm else 'cold --no-cache'}, platforms {args.platform or 'host'}"
        f"{', with the JSON report' if args.report else ''}: peak RSS median {statistics.median(peaks):.0f} MB"
        f" (largest {max(peaks):.0f}), wall median {statistics.median(seconds):.1f} s over {len(runs)} run(s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
