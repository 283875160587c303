"""Are two revisions' verdicts and reports byte-identical? The check a restructuring step must pass.

    python benchmarks/identical.py BEFORE AFTER [--target fixtures example S W] [--platform linux ...]
                                 [--cold-only | --cached-only]
    python benchmarks/identical.py HEAD HEAD --jobs 2          # one process against two (`check -j`)

Each revision (any git revision of this repository) is checked out into a detached worktree under a temporary
directory, and `pytest-claims check` of that revision (`python -m pytest_claims`, the worktree first on the
path) runs on each target: cold (`--no-cache`), then twice with a cache of the revision's own (a fresh copy of
the target per revision, so no revision reads another's cache): the first run fills it, the second reads it
back (warm). Each run writes the JSON report and the SARIF log; the text output is kept too. The three runs of
a revision must agree with each other, and each file with the other revision's, byte for byte after dropping
what says when and how long (`VOLATILE`: timings and the revision's own identity) — anything else differing is
printed, a unified diff of the first lines that differ, and the exit status is 1.

Targets: `fixtures` (testdata/violations, the rule fixtures), `example` (examples/providers), `S` and `W`
(benchmarks/.work/, built by workload.py). Nothing here imports the analysed code.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
TARGETS = {
    "fixtures": REPO / "testdata" / "violations",
    "example": REPO / "examples" / "providers",
    "S": HERE / ".work" / "S",
    "W": HERE / ".work" / "W",
}
VOLATILE = re.compile(r"^analysis: .*$|(\d+\.\d+) ?s\b", re.MULTILINE)
"""Text that says how long a run took: the closing `analysis: 2.20 s, ...` line and any `N.NN s` figure."""
VOLATILE_KEYS = frozenset({"seconds", "elapsed", "duration", "time", "timing", "timings", "cache"})
"""Keys of the JSON report whose values say how long, or from where, a run read: dropped before comparing."""


def worktree(revision: str, into: Path, suffix: str = "") -> Path:
    """A detached checkout of `revision` (the repository's own, any revision git knows)."""
    path = into / (re.sub(r"[^\w.-]", "_", revision) + suffix)
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(path), revision], check=True)
    return path


def check(tree: Path, target: Path, platforms: list[str], out: Path, *flags: str) -> str:
    """One `pytest-claims check` of `target` by the code of `tree`: its reports in `out`, its text returned."""
    out.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, "-m", "pytest_claims", "check", "--root", str(target), "-q", *flags]
    argv += [f"--platform={','.join(platforms)}", "--report", str(out / "report.json")]
    argv += ["--report", str(out / "report.sarif")]
    env = {k: v for k, v in os.environ.items() if k != "TOX_ENV_DIR"}
    env["PYTHONPATH"] = str(tree)
    done = subprocess.run(argv, cwd=target, env=env, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1, 2) or "Traceback" in done.stderr:  # 2: refused directives, as pytest's
        raise SystemExit(f"{tree.name} on {target}: exit {done.returncode}\n{done.stderr[-2000:]}")
    text = done.stdout.replace(str(target), "<target>")
    (out / "out.txt").write_text(VOLATILE.sub("<t>", text), encoding="utf-8")
    return text


def _steady(value: object) -> object:
    if isinstance(value, dict):
        return {k: _steady(v) for k, v in value.items() if k not in VOLATILE_KEYS}
    if isinstance(value, list):
        return [_steady(v) for v in value]
    return value


def steady(path: Path) -> list[str]:
    """A report's lines with what says when and how long left out (JSON: `VOLATILE_KEYS`; text: `VOLATILE`)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".json", ".sarif"):
        text = json.dumps(_steady(json.loads(text)), indent=1, sort_keys=False)
    return text.splitlines()


KINDS = ("cold", "filling", "warm")


def runs(
    tree: Path, name: str, platforms: list[str], work: Path, kinds: tuple[str, ...], extra: tuple[str, ...] = ()
) -> dict[str, Path]:
    """Cold, filling and warm runs of one revision on one target (a copy of its own): their output directories.
    `extra`: more flags for every run (`-j N`)."""
    copy = work / f"{tree.name}-{name}"
    shutil.copytree(TARGETS[name], copy, ignore=shutil.ignore_patterns(".pytest_cache", "__pycache__"))
    found = {}
    for kind, flags in (("cold", ("--no-cache",)), ("filling", ()), ("warm", ())):
        if kind not in kinds:
            continue
        found[kind] = work / "out" / tree.name / name / kind
        check(tree, copy, platforms, found[kind], *flags, *extra)
    return found


def compare(label: str, a: Path, b: Path) -> bool:
    same = True
    for file in ("report.json", "report.sarif", "out.txt"):
        left, right = steady(a / file), steady(b / file)
        if left != right:
            same = False
            print(f"DIFFERENT {label}: {file}")
            # the first difference and a few lines around it (a diff of two whole W reports would take hours)
            pairs = enumerate(zip(left, right, strict=False))
            first = next((i for i, (x, y) in pairs if x != y), min(len(left), len(right)))
            window = slice(max(0, first - 3), first + 12)
            for line in difflib.unified_diff(left[window], right[window], str(a / file), str(b / file), lineterm=""):
                print(f"  {line}")
    return same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--target", nargs="+", choices=sorted(TARGETS), default=["fixtures", "example", "S"])
    parser.add_argument("--platform", nargs="+", default=["linux", "win32", "darwin"])
    runs_wanted = parser.add_mutually_exclusive_group()
    runs_wanted.add_argument("--cold-only", action="store_true", help="one cold run per revision (a large target)")
    runs_wanted.add_argument("--cached-only", action="store_true",
                             help="the filling and warm runs alone (the cold runs compared already)")
    parser.add_argument("--keep", type=Path, help="work here and keep it (default: a temporary directory)")
    parser.add_argument(
        "--jobs",
        type=int,
        help="run BEFORE with `-j 1` and AFTER with `-j JOBS` (both must know `-j`; `HEAD HEAD --jobs 2` compares "
        "one process with two)",
    )
    args = parser.parse_args(argv)
    work = args.keep or Path(tempfile.mkdtemp(prefix="identical-"))
    work.mkdir(parents=True, exist_ok=True)
    trees = [worktree(args.before, work, "-before"), worktree(args.after, work, "-after")]
    flags: list[tuple[str, ...]] = [("-j", "1"), ("-j", str(args.jobs))] if args.jobs else [(), ()]
    same = True
    try:
        for name in args.target:
            if not TARGETS[name].is_dir():
                print(f"{name}: missing ({TARGETS[name]}): build it with benchmarks/workload.py")
                same = False
                continue
            kinds = ("cold",) if args.cold_only else ("filling", "warm") if args.cached_only else KINDS
            before, after = (
                runs(tree, name, args.platform, work, kinds, extra) for tree, extra in zip(trees, flags, strict=True)
            )
            pairs = [(f"{tree.name} {kind} vs {kinds[0]}", found[kinds[0]], found[kind])
                     for tree, found in ((trees[0], before), (trees[1], after)) for kind in kinds[1:]]
            pairs += [(kind, before[kind], after[kind]) for kind in kinds]
            agree = all([compare(f"{name} {label}", a, b) for label, a, b in pairs])  # every difference printed
            print(f"{name}: {'identical' if agree else 'DIFFERENT'} ({', '.join(args.platform)}; {', '.join(kinds)})")
            same = same and agree
    finally:
        for tree in trees:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)], check=False)
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
