"""One in-process measurement, run by run.py in a fresh interpreter each time.

    python benchmarks/child.py parse --files LIST
    python benchmarks/child.py engine --root DIR [--sweep] [--cache DIR] [--shared-cache DIR]
    python benchmarks/child.py suggest --root DIR [--sweep] [--cache DIR]
    python benchmarks/child.py files --root DIR --out LIST

Prints one JSON object on the last line of stdout. Only the measured work is inside the timer: interpreter
start-up and the engine's imports are timed apart (`import_seconds`) so they never mix into a row. The
harness leaves the garbage collector alone: whatever the engine does with it is part of what is measured.
"""

from __future__ import annotations

import argparse
import ast
import json
import resource
import sys
import time
from pathlib import Path
from typing import Any


def peak_rss_kib() -> int:
    """Peak resident set: VmHWM (reset at exec; ru_maxrss may carry the parent's), ru_maxrss as fallback."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def parse_floor(files: Path) -> dict[str, Any]:
    paths = [Path(line) for line in files.read_text(encoding="utf-8").splitlines() if line]
    start = time.perf_counter()
    for path in paths:
        ast.parse(path.read_bytes(), filename=str(path))
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "files": len(paths)}


def cpu_seconds() -> float:
    """CPU time of this process and of the children it waited for: a helper process's work counts too."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def engine(root: Path, sweep: bool, cache_dir: Path | None) -> dict[str, Any]:
    start = time.perf_counter()
    import engine_api

    engine_api.import_engine()
    imported = time.perf_counter()
    cache = engine_api.new_cache(cache_dir) if cache_dir is not None else None
    begin, cpu = time.perf_counter(), cpu_seconds()
    result = engine_api.run_check(root, sweep, cache)
    seconds = time.perf_counter() - begin
    return {
        "seconds": seconds,
        "cpu_seconds": cpu_seconds() - cpu,
        "import_seconds": imported - start,
        "engine_path": engine_api.engine_path(),
        "cache": cache is not None,
        **engine_api.cache_counts(cache),
        **engine_api.summarize(result),
    }


def suggest(root: Path, sweep: bool, cache_dir: Path | None) -> dict[str, Any]:
    """`pytest-claims suggest`'s analysis (every def judged), timed like `engine`."""
    start = time.perf_counter()
    import engine_api

    engine_api.import_suggest()
    imported = time.perf_counter()
    cache = engine_api.new_cache(cache_dir) if cache_dir is not None else None
    begin, cpu = time.perf_counter(), cpu_seconds()
    found = engine_api.run_suggest(root, sweep, cache)
    seconds = time.perf_counter() - begin
    return {
        "seconds": seconds,
        "cpu_seconds": cpu_seconds() - cpu,
        "import_seconds": imported - start,
        **engine_api.cache_counts(cache),
        **found,
    }


def files(root: Path, out: Path) -> dict[str, Any]:
    import engine_api

    paths = engine_api.indexed_files(root)
    out.write_text("".join(f"{path}\n" for path in paths), encoding="utf-8")
    return {"files": len(paths)}


def main() -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("parse")
    p.add_argument("--files", type=Path, required=True)
    e = sub.add_parser("engine")
    e.add_argument("--root", type=Path, required=True)
    e.add_argument("--sweep", action="store_true")
    e.add_argument("--cache", type=Path, default=None)
    e.add_argument("--shared-cache", type=Path, default=None, help="the per-machine cache (default: as inherited)")
    g = sub.add_parser("suggest")
    g.add_argument("--root", type=Path, required=True)
    g.add_argument("--sweep", action="store_true")
    g.add_argument("--cache", type=Path, default=None)
    f = sub.add_parser("files")
    f.add_argument("--root", type=Path, required=True)
    f.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.mode == "parse":
        out = parse_floor(args.files)
    elif args.mode == "engine":
        if args.shared_cache is not None:
            import engine_api

            engine_api.use_shared_cache(args.shared_cache)
        out = engine(args.root, args.sweep, args.cache)
    elif args.mode == "suggest":
        out = suggest(args.root, args.sweep, args.cache)
    else:
        out = files(args.root, args.out)
    out["peak_rss_kib"] = peak_rss_kib()
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
