"""The precision sample (issue 17): are the claims the engine calls `violated` violated in the code?

    python benchmarks/precision.py [--workload W] [--sample 40] [--seed 17] [--platform linux]
                                   [--catalogue-rev REV | --catalogue PATH] [--out PATH]

Runs the static check on a workload (built by workload.py: every def claims `deterministic`), then prints

1. the counts: claims checked, violated; how many violated claims fail *only* through each group of reaches
   that precision work looks at (GROUPS: ctypes value classes, `compare_digest`, `id`, `hash`), and the reaches
   that most claims fail only through;
2. a seeded random sample of N violated claims, each with every violation: the reach, how it is reached
   (call / reference / read), the chain of hops (`via`) with the `def` line of each hop, and the source line of
   the reach, so a reader can judge each claim against the code; then a Markdown table to fill in
   (function, reach, verdict, one-line reason).

The same seed on the same workload and engine gives the same sample. `--catalogue-rev` / `--catalogue` count
under another revision of the capability catalogue (a git revision of this repository, or a TOML file): the
before / after numbers of a catalogue change. Writes the listing to `--out` too (default
benchmarks/.work/precision-<workload>-seed<seed>.md). Nothing here imports the analysed corpus.

A claim counts as truly violated when at least one of its violations is a real path to a real capability (SPEC
§4-§5 as written). docs/benchmarks.md ("Precision") says how the sample is read and what was found.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import engine_api

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WORK = HERE / ".work"

# ctypes members that are C values, pointers to them or their sizes (SPEC §4: pure value classes in a capable
# module are not reaches); before issue 17 the whole-module key `ctypes` flagged them.
CTYPES_VALUES = frozenset(
    {
        *(
            f"ctypes.{name}"
            for name in (
                "ARRAY", "Array", "BigEndianStructure", "BigEndianUnion", "CField", "HRESULT",
                "LittleEndianStructure", "LittleEndianUnion", "POINTER", "SetPointerType", "Structure", "Union",
                "alignment", "byref", "c_bool", "c_buffer", "c_byte", "c_char", "c_char_p", "c_double",
                "c_double_complex", "c_float", "c_float_complex", "c_int", "c_int16", "c_int32", "c_int64",
                "c_int8", "c_long", "c_longdouble", "c_longdouble_complex", "c_longlong", "c_short", "c_size_t",
                "c_ssize_t", "c_ubyte", "c_uint", "c_uint16", "c_uint32", "c_uint64", "c_uint8", "c_ulong",
                "c_ulonglong", "c_ushort", "c_void_p", "c_voidp", "c_wchar", "c_wchar_p", "cast",
                "create_string_buffer", "create_unicode_buffer", "pointer", "py_object", "resize", "sizeof",
            )
        ),
    }
)  # fmt: skip


def _ctypes_value(reach: str) -> bool:
    return reach in CTYPES_VALUES or reach.startswith(("ctypes.wintypes.", "ctypes._endian."))


GROUPS: dict[str, Callable[[str], bool]] = {
    "ctypes value classes": _ctypes_value,
    "compare_digest": lambda reach: reach in ("secrets.compare_digest", "hmac.compare_digest"),
    "id": lambda reach: reach == "builtins.id",
    "hash": lambda reach: reach == "builtins.hash",
}
"""Groups of reaches: a violated claim "fails only through" a group when every one of its violations is in it."""

SHOWN_VIOLATIONS = 8
"""Violations listed in full per sampled claim; the rest are summarised by reach."""


def catalogue_text(rev: str | None, path: str | None) -> str | None:
    if path:
        return Path(path).read_text(encoding="utf-8")
    if rev:
        shown = subprocess.run(
            ["git", "show", f"{rev}:pytest_claims/data/catalogue.toml"],
            cwd=REPO,
            check=True,
            capture_output=True,
            text=True,
        )
        return shown.stdout
    return None


class Sources:
    """Source lines of the corpus, read once per file (paths relative to the workload root or absolute)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self._lines: dict[str, list[str]] = {}

    def rel(self, file: str) -> str:
        path = Path(file)
        try:
            return path.relative_to(self.root).as_posix() if path.is_absolute() else path.as_posix()
        except ValueError:
            return path.as_posix()

    def line(self, file: str, line: int) -> str:
        path = Path(file)
        if not path.is_absolute():
            path = self.root / path
        key = str(path)
        if key not in self._lines:
            try:
                self._lines[key] = path.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                self._lines[key] = []
        lines = self._lines[key]
        return lines[line - 1].strip() if 0 < line <= len(lines) else ""

    def definition(self, file: str, line: int) -> str:
        """The `def` line of a function whose directive or decorators start at `line`."""
        for offset in range(8):
            text = self.line(file, line + offset)
            if text.startswith(("def ", "async def ")):
                return text
        return self.line(file, line)


def fails_only_through(claims: Iterable[Any], member: Callable[[str], bool]) -> int:
    return sum(1 for claim in claims if claim.violations and all(member(v.reach) for v in claim.violations))


def counts(claims: list[Any], violated: list[Any]) -> list[str]:
    out = [
        f"claims checked: {len(claims):,}",
        f"violated: {len(violated):,}",
        f"held: {sum(1 for c in claims if c.status == 'held'):,}",
        f"unevaluable: {sum(1 for c in claims if c.status == 'unevaluable'):,}",
        "",
        "violated claims that fail only through each group (and that fail through it at all):",
    ]
    for name, member in GROUPS.items():
        through_group = sum(1 for c in violated if any(member(v.reach) for v in c.violations))
        out.append(f"  {name}: {fails_only_through(violated, member):,} (through it: {through_group:,})")
    union = fails_only_through(violated, lambda reach: any(member(reach) for member in GROUPS.values()))
    out.append(f"  any of these groups together: {union:,}")
    reaches = [sorted({v.reach for v in c.violations}) for c in violated]
    through = Counter(reach for found in reaches for reach in found)
    only = Counter(found[0] for found in reaches if len(found) == 1)
    out += ["", "reaches by violated claims (claims through it / claims only through it), top 25:"]
    for reach, number in through.most_common(25):
        out.append(f"  {number:5,} {only[reach]:5,}  {reach}")
    return out


def describe(claim: Any, definitions: dict[str, tuple[str, int]], sources: Sources) -> list[str]:
    """One sampled claim: where it is, then each violation with its chain and source lines."""
    out = [f"{claim.function}  [{claim.platform}]  {sources.rel(claim.file)}:{claim.line}"]
    out.append(f"    {sources.definition(claim.file, claim.line)}")
    violations = sorted(claim.violations, key=lambda v: (len(v.via), v.file, v.line, v.reach))
    for number, violation in enumerate(violations[:SHOWN_VIOLATIONS], 1):
        verb = {"call": "calls", "reference": "references", "read": "reads"}.get(violation.kind, violation.kind)
        out.append(
            f"  {number}. {verb} {violation.reach} at {sources.rel(violation.file)}:{violation.line}"
            f" ({len(violation.via)} hop{'s' if len(violation.via) != 1 else ''})"
        )
        for hop in violation.via:
            where = definitions.get(hop)
            if where is None:
                out.append(f"       -> {hop}")
            else:
                out.append(f"       -> {hop}  ({sources.rel(where[0])}:{where[1]})  {sources.line(*where)}")
        out.append(f"       reach line: {sources.line(violation.file, violation.line)}")
    rest = violations[SHOWN_VIOLATIONS:]
    if rest:
        more = Counter(v.reach for v in rest)
        out.append(f"  (+{len(rest)} more: " + ", ".join(f"{r} x{n}" for r, n in sorted(more.items())) + ")")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--workload", default="W")
    parser.add_argument("--sample", type=int, default=40, help="violated claims to sample (0: counts only)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--platform", default="linux")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--catalogue-rev", help="count under the catalogue of this git revision")
    source.add_argument("--catalogue", help="count under the catalogue in this TOML file")
    parser.add_argument("--out", help="also write the listing here")
    args = parser.parse_args(argv)

    root = WORK / args.workload
    if not (root / "pyproject.toml").exists():
        raise SystemExit(f"no workload at {root}: run benchmarks/workload.py --workload {args.workload} first")
    text = catalogue_text(args.catalogue_rev, args.catalogue)
    if text is not None:
        engine_api.use_catalogue(text)

    started = time.perf_counter()
    result = engine_api.run_check(root, False, None, platforms=[args.platform], details=True)
    elapsed = time.perf_counter() - started
    claims = sorted(result.claims, key=lambda c: (c.function, c.platform, c.line))
    violated = [c for c in claims if c.status == "violated"]
    catalogue = args.catalogue_rev or args.catalogue or "working tree"
    lines = [
        f"# Precision sample: workload {args.workload}, platform {args.platform}, seed {args.seed}",
        "",
        f"catalogue: {catalogue}; check took {elapsed:.1f} s",
        "",
        "```",
        *counts(claims, violated),
        "```",
    ]

    if args.sample > 0 and violated:
        sample = random.Random(args.seed).sample(violated, min(args.sample, len(violated)))
        details = result.details
        definitions = {d.name: (d.file, d.line) for d in (details.definitions if details is not None else ())}
        sources = Sources(root)
        lines += ["", f"## {len(sample)} violated claims, drawn with seed {args.seed}", ""]
        for number, claim in enumerate(sample, 1):
            head, *body = describe(claim, definitions, sources)
            lines += ["```", f"#{number}  {head}", *body, "```", ""]
        lines += [
            "## Verdicts (to fill in)",
            "",
            "| # | function | reach | verdict | reason |",
            "|---|---|---|---|---|",
        ]
        for number, claim in enumerate(sample, 1):
            first = min(claim.violations, key=lambda v: (len(v.via), v.file, v.line, v.reach))
            lines.append(f"| {number} | `{claim.function}` | `{first.reach}` |  |  |")

    listing = "\n".join(lines) + "\n"
    sys.stdout.write(listing)
    out = Path(args.out) if args.out else WORK / f"precision-{args.workload}-seed{args.seed}.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(listing, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
