"""Two engines' whole `pytest-claims check` processes on a workload, interleaved: wall and CPU seconds, cold and warm.

    python benchmarks/ab.py before=/tmp/old after=. [--rounds 5] [--workload W] [--platform linux]

Each engine is a tree holding `pytest_claims/`, put first on the measured process's PYTHONPATH. Each gets a copy
of the workload of its own (its cache filled by one untimed run); then, round by round, each engine runs cold
(`--no-cache`) and warm, the engines' order alternating between rounds. CPU seconds (user + system of the
process) are what to compare on a shared machine: the wall of a run stretches with the load, its CPU much less,
and interleaving spreads what is left over both engines alike. Prints each run as it ends and, per engine and
kind, the median with the fastest and slowest run and the load average seen; `--out` keeps the runs as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
Run = tuple[float, float, float]
"""Wall seconds, CPU seconds, the one-minute load average when it ended."""


def timed(engine: Path, root: Path, platform: str, *flags: str) -> Run:
    env = dict(os.environ, PYTHONPATH=str(engine))
    command = [sys.executable, "-m", "pytest_claims", "check", "--root", str(root), "--platform", platform, "-q"]
    start = time.perf_counter()
    process = subprocess.Popen(  # run from the root: `-m` puts the working directory ahead of PYTHONPATH
        [*command, *flags], env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, _, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, os.getloadavg()[0]


def summary(label: str, kind: str, runs: list[Run]) -> str:
    wall, cpu, load = ([run[i] for run in runs] for i in range(3))
    return (
        f"{label:10} {kind}: wall {statistics.median(wall):.2f} s ({min(wall):.2f}-{max(wall):.2f}), "
        f"CPU {statistics.median(cpu):.2f} s ({min(cpu):.2f}-{max(cpu):.2f}), load {min(load):.1f}-{max(load):.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engines", nargs=2, metavar="LABEL=PATH")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--workload", default="W", help="a workload under benchmarks/.work (default W)")
    parser.add_argument("--platform", default="linux")
    parser.add_argument("--out", type=Path, help="write every run here as JSON")
    args = parser.parse_args(argv)
    engines = {label: Path(path).resolve() for label, _, path in (e.partition("=") for e in args.engines)}
    work = Path(tempfile.mkdtemp(prefix="ab-"))
    roots = {}
    for label, engine in engines.items():  # a copy each, its cache filled untimed
        roots[label] = work / label
        shutil.copytree(HERE / ".work" / args.workload, roots[label], ignore=shutil.ignore_patterns(".pytest_cache"))
        timed(engine, roots[label], args.platform)
    found: dict[str, dict[str, list[Run]]] = {label: {"cold": [], "warm": []} for label in engines}
    labels = list(engines)
    try:
        for round_ in range(args.rounds):
            for label in labels if round_ % 2 == 0 else labels[::-1]:
                for kind, flags in (("cold", ("--no-cache",)), ("warm", ())):
                    found[label][kind].append(timed(engines[label], roots[label], args.platform, *flags))
                    wall, cpu, load = found[label][kind][-1]
                    print(f"round {round_ + 1} {label} {kind}: wall {wall:.2f} s, CPU {cpu:.2f} s, load {load:.1f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for label in labels:
        for kind in ("cold", "warm"):
            print(summary(label, kind, found[label][kind]))
    if args.out:
        args.out.write_text(json.dumps(found, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
