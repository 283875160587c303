"""The precision sample (issue 17): are the claims the engine calls `violated` violated in the code?

    python benchmarks/precision.py [--workload W] [--sample 40] [--seed 17] [--platform linux]
                                   [--catalogue-rev REV | --catalogue PATH] [--out PATH]
    python benchmarks/precision.py --report x.json [--root W] [--sample 40] [--seed 17] [--platform linux]
                                   [--pick random|shortest] [--shortest] [--out PATH]
    python benchmarks/precision.py --report y.json --recheck JUDGED.json [--root W] [--out PATH]
    python benchmarks/precision.py --summary JUDGED.json

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

With `--report` (a `pytest-claims check --report x.json` of the workload) nothing is checked: the seeded sample
of the platform's violated claims is written as JSON (default benchmarks/.work/precision-sample-<platform>-
seed<seed>.json), each claim with one violation drawn at random (seeded per claim; `--pick shortest`: its
shortest chain, as samples before seed 20261207 were drawn): the reach and its file:line, every hop with the
file:line of its `def`, and empty `judgement` (real / false / debatable) and `why` for a reader to fill. With
`--shortest` each claim also carries its shortest chain (`shortest`, judged apart, or marked the same violation
as the random pick), so one reading gives the share of real chains under both picks; `--summary JUDGED.json`
prints those shares. With `--recheck JUDGED.json`, a judged sample is read against a newer report: per claim,
whether it is still violated, whether its pick changed (drawn again by the sample's rule), and whether the
judged chain (and a shortest chain judged apart) is still among its violations (the judgement then carries
forward); written next to it as <JUDGED>.recheck.json.

A claim counts as truly violated when at least one of its violations is a real path to a real capability
(semantics §4-§5 as written). docs/benchmarks.md ("Precision") says how the sample is read and what was found.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

import engine_api

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WORK = HERE / ".work"

# ctypes members that are C values, pointers to them or their sizes (semantics §4: pure value classes in a capable
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


# ----------------------------------------------------------------------------------------------------------
# A judged sample from a JSON report, and carrying it forward after a change

JUDGEMENTS = ("real", "false", "debatable")
SAMPLE_SCHEMA = "pytest-claims.precision-sample.v1"


class ReportViolation(NamedTuple):
    claim: str
    kind: str
    reach: str
    file: str
    line: int
    via: tuple[str, ...]


class ReportClaim(NamedTuple):
    """A claim's verdict as the JSON report writes it (the fields this script reads)."""

    function: str
    file: str
    line: int
    platform: str
    status: str
    violations: tuple[ReportViolation, ...]


def read_report(path: Path) -> list[ReportClaim]:
    """The claims of a `pytest-claims check --report x.json` document, sorted as the engine run's are."""
    document = json.loads(path.read_text(encoding="utf-8"))
    claims = [
        ReportClaim(
            c["function"],
            c["file"],
            c["line"],
            c["platform"],
            c["status"],
            tuple(
                ReportViolation(v["claim"], v["kind"], v["reach"], v["file"], v["line"], tuple(v["via"]))
                for v in c["violations"]
            ),
        )
        for c in document["claims"]
    ]
    return sorted(claims, key=lambda c: (c.function, c.platform, c.line))


def first_violation(claim: Any) -> Any:
    """The violation a reader starts from: the shortest chain, then by place and reach."""
    return min(claim.violations, key=lambda v: (len(v.via), v.file, v.line, v.reach))


PICKS = ("random", "shortest")
"""How a sampled claim's one judged violation is chosen: at random (what the precision goal is stated on), or its
shortest chain (the easiest to read, and what samples without a `pick` field hold)."""


def random_violation(claim: Any, seed: int) -> Any:
    """One violation drawn at random, seeded by the sample's seed and the claim alone: the same claim of the same
    report gives the same pick whatever else is sampled, and a recheck can draw it again."""
    ordered = sorted(claim.violations, key=lambda v: (v.file, v.line, v.reach, v.kind, v.claim, v.via))
    return random.Random(f"{seed}:{claim.function}:{claim.platform}").choice(ordered)


def picked(claim: Any, pick: str, seed: int) -> Any:
    return random_violation(claim, seed) if pick == "random" else first_violation(claim)


class Definitions:
    """Where a hop of a chain is defined: the `def` line of a function or class, else the first module- or
    class-level assignment of the name (a hop through module state: `lgdal = CDLL(...)`), found by parsing the
    module's file under the corpus root (the report names hops, not where they are; nothing is imported)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._modules: dict[Path, dict[str, int]] = {}

    def _defs(self, path: Path) -> dict[str, int]:
        if path not in self._modules:
            try:
                tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
            except (OSError, SyntaxError, ValueError):
                tree = ast.Module(body=[], type_ignores=[])
            defs: dict[str, int] = {}
            bindings: dict[str, int] = {}
            _collect(tree, "", True, defs, bindings)
            self._modules[path] = {**bindings, **defs}
        return self._modules[path]

    def where(self, name: str) -> tuple[str, int] | None:
        """(file relative to the root, line), trying the longest module prefix first, under the root and then
        under `src/` (a src layout such as attrs's, where the report names `src/attr/...`); None: not found."""
        parts = name.split(".")
        for top in (self.root, self.root / "src"):
            for cut in range(len(parts) - 1, 0, -1):
                base = top.joinpath(*parts[:cut])
                for path in (base.with_suffix(".py"), base / "__init__.py"):
                    if path.is_file():
                        line = self._defs(path).get(".".join(parts[cut:]))
                        if line is not None:
                            return path.relative_to(self.root).as_posix(), line
        return None


def _collect(node: ast.AST, prefix: str, scope: bool, defs: dict[str, int], bindings: dict[str, int]) -> None:
    """Qualified names of the defs and classes under `node` (nested defs as `f.<locals>.g`), and of the names
    assigned at module or class level (`scope`), each with its first line in source order."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = prefix + child.name
            defs.setdefault(name, child.lineno)
            inner = "." if isinstance(child, ast.ClassDef) else ".<locals>."
            _collect(child, name + inner, isinstance(child, ast.ClassDef), defs, bindings)
            continue
        if scope and isinstance(child, (ast.Assign, ast.AnnAssign)):
            targets = child.targets if isinstance(child, ast.Assign) else [child.target]
            for target in targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        bindings.setdefault(prefix + leaf.id, child.lineno)
        _collect(child, prefix, scope and not isinstance(child, ast.Lambda), defs, bindings)


def chain_json(violation: Any, definitions: Definitions, sources: Sources) -> dict[str, Any]:
    """A violation as the sample records it: the reach, its site and every hop with its `def` (or binding) line."""
    hops = []
    for hop in violation.via:
        where = definitions.where(hop)
        hops.append(
            {
                "function": hop,
                "at": None if where is None else f"{where[0]}:{where[1]}",
                "source": "" if where is None else sources.line(*where),
            }
        )
    return {
        "reach": violation.reach,
        "kind": violation.kind,
        "at": f"{sources.rel(violation.file)}:{violation.line}",
        "source": sources.line(violation.file, violation.line),
        "chain": hops,
    }


def draw(claims: list[Any], platform: str, size: int, seed: int) -> list[Any]:
    """The seeded sample: `random.Random(seed).sample` over the platform's violated claims, sorted by function."""
    violated = [c for c in claims if c.status == "violated" and c.platform == platform]
    return random.Random(seed).sample(violated, min(size, len(violated)))


def sample_json(
    report: Path, root: Path, platform: str, size: int, seed: int, pick: str = "random", shortest: bool = False
) -> dict[str, Any]:
    """The sample to judge: each claim with its picked violation's whole chain and empty `judgement` / `why`;
    with `shortest` (random pick), its shortest chain too, to judge apart unless it is the picked one."""
    claims = read_report(report)
    sources = Sources(root)
    definitions = Definitions(root)
    entries = []
    for claim in draw(claims, platform, size, seed):
        chosen = picked(claim, pick, seed)
        entry: dict[str, Any] = {
            "function": claim.function,
            "platform": claim.platform,
            "at": f"{sources.rel(claim.file)}:{claim.line}",
            "violations": len(claim.violations),
            "reaches": sorted({v.reach for v in claim.violations}),
            "violation": chain_json(chosen, definitions, sources),
            "judgement": "",
            "why": "",
        }
        if shortest and pick == "random":
            first = first_violation(claim)
            if first == chosen:
                entry["shortest"] = {"same": True}
            else:
                entry["shortest"] = {"violation": chain_json(first, definitions, sources), "judgement": "", "why": ""}
        entries.append(entry)
    violated = sum(1 for c in claims if c.status == "violated" and c.platform == platform)
    return {
        "schema": SAMPLE_SCHEMA,
        "report": str(report),
        "platform": platform,
        "seed": seed,
        "pick": pick,
        "claims": sum(1 for c in claims if c.platform == platform),
        "violated": violated,
        "judgements": "real | false | debatable",
        "sample": entries,
    }


def same_violation(recorded: dict[str, Any], violation: Any, definitions: Definitions, sources: Sources) -> bool:
    now = chain_json(violation, definitions, sources)
    keys = ("reach", "at", "chain")
    return all(recorded[key] == now[key] for key in keys)


def recheck(judged: dict[str, Any], report: Path, root: Path) -> dict[str, Any]:
    """A judged sample read again against a newer report: per claim, whether it is still violated, whether its
    first violation's chain changed, and whether the judged chain is still among its violations (then the
    judgement carries forward)."""
    sources = Sources(root)
    # a name may be defined twice (`locks.lock` per platform branch): the claim's own `def` line tells them apart
    claims = {(c.function, c.platform, f"{sources.rel(c.file)}:{c.line}"): c for c in read_report(report)}
    definitions = Definitions(root)
    pick, seed = judged.get("pick", "shortest"), int(judged.get("seed", 0))
    entries = []
    for entry in judged["sample"]:
        claim = claims.get((entry["function"], entry["platform"], entry["at"]))
        status = "absent" if claim is None else claim.status
        result: dict[str, Any] = {"status": status, "still_violated": status == "violated"}
        if claim is not None and claim.violations:
            first = picked(claim, pick, seed)
            result["chain_changed"] = not same_violation(entry["violation"], first, definitions, sources)
            result["judged_chain_present"] = any(
                same_violation(entry["violation"], v, definitions, sources) for v in claim.violations
            )
            if result["chain_changed"]:
                result["violation_now"] = chain_json(first, definitions, sources)
        else:
            result["chain_changed"] = True
            result["judged_chain_present"] = False
        result["carried"] = result["still_violated"] and result["judged_chain_present"]
        shortest = entry.get("shortest", {}).get("violation")
        if shortest is not None:
            now = claim.violations if claim is not None and result["still_violated"] else ()
            result["shortest_carried"] = any(same_violation(shortest, v, definitions, sources) for v in now)
        entries.append({**entry, "recheck": result})
    return {**judged, "rechecked_against": str(report), "sample": entries}


def recheck_summary(rechecked: dict[str, Any]) -> list[str]:
    """One line per sampled claim, then what must be read again."""
    lines = []
    for number, entry in enumerate(rechecked["sample"], 1):
        result = entry["recheck"]
        state = "violated" if result["still_violated"] else result["status"]
        chain = "chain changed" if result["chain_changed"] else "same chain"
        carry = "judgement carried" if result["carried"] else "READ AGAIN"
        judgement = entry.get("judgement") or "unjudged"
        lines.append(f"#{number} {entry['function']} [{entry['platform']}]: {state}, {chain}; {judgement}, {carry}")
    lost = [e["function"] for e in rechecked["sample"] if not e["recheck"]["still_violated"]]
    real_lost = [
        e["function"]
        for e in rechecked["sample"]
        if not e["recheck"]["still_violated"] and e.get("judgement") == "real"
    ]
    carried = sum(1 for e in rechecked["sample"] if e["recheck"]["carried"])
    lines.append(f"carried {carried}/{len(rechecked['sample'])}; no longer violated {len(lost)}")
    apart = [e["recheck"]["shortest_carried"] for e in rechecked["sample"] if "shortest_carried" in e["recheck"]]
    if apart:
        lines.append(f"shortest chains judged apart: carried {sum(apart)}/{len(apart)}")
    if real_lost:
        lines.append("judged real but no longer violated (a held verdict that is wrong?): " + ", ".join(real_lost))
    return lines


def _judged_line(name: str, judgements: list[str]) -> str:
    """`<pick>: r real, f false, d debatable of n judged (u unjudged): real share r/n = x.xxx`."""
    counted = Counter(judgements)
    judged = sum(counted[j] for j in JUDGEMENTS)
    share = f"{counted['real']}/{judged} = {counted['real'] / judged:.3f}" if judged else "none judged"
    unjudged = len(judgements) - judged
    return (
        f"{name}: {counted['real']} real, {counted['false']} false, {counted['debatable']} debatable of {judged}"
        f" judged{f' ({unjudged} unjudged)' if unjudged else ''}: real share {share}"
    )


def judged_summary(document: dict[str, Any]) -> list[str]:
    """The share of real chains of a judged sample, under each pick it holds: the random pick (the judged
    `violation` of a random sample) and the shortest-chain pick (each claim's `shortest`, or the judged
    `violation` itself where it is the shortest, or in a sample drawn by shortest chain)."""
    entries = document["sample"]
    pick = document.get("pick", "shortest")
    lines = []
    if pick == "random":
        lines.append(_judged_line("random pick", [e.get("judgement", "") for e in entries]))
        if not all("shortest" in e for e in entries):
            return lines  # drawn without --shortest: the shortest chains were not recorded
    shortest = []
    for entry in entries:
        part = entry.get("shortest", {})
        same = pick == "shortest" or part.get("same")
        shortest.append(entry.get("judgement", "") if same else part.get("judgement", ""))
    lines.append(_judged_line("shortest-chain pick", shortest))
    return lines


def report_main(args: argparse.Namespace) -> int:
    """`--report`: draw a sample to judge, or (`--recheck`) carry a judged sample forward."""
    report = Path(args.report)
    root = Path(args.root) if args.root else WORK / args.workload
    if args.recheck:
        judged = json.loads(Path(args.recheck).read_text(encoding="utf-8"))
        if judged.get("schema") != SAMPLE_SCHEMA:
            raise SystemExit(f"{args.recheck} is not a precision sample ({SAMPLE_SCHEMA})")
        document = recheck(judged, report, root)
        sys.stdout.write("\n".join(recheck_summary(document)) + "\n")
        default = Path(args.recheck).with_suffix(".recheck.json")
    else:
        document = sample_json(report, root, args.platform, args.sample, args.seed, args.pick, args.shortest)
        sys.stdout.write(f"{len(document['sample'])} of {document['violated']:,} violated claims sampled\n")
        default = WORK / f"precision-sample-{args.platform}-seed{args.seed}.json"
    out = Path(args.out) if args.out else default
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    sys.stdout.write(f"written {out}\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--workload", default="W")
    parser.add_argument("--sample", type=int, default=40, help="violated claims to sample (0: counts only)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--platform", default="linux")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--catalogue-rev", help="count under the catalogue of this git revision")
    source.add_argument("--catalogue", help="count under the catalogue in this TOML file")
    parser.add_argument("--out", help="also write the listing (with --report: the sample) here")
    parser.add_argument("--report", help="draw the sample to judge from this JSON report instead of a check")
    parser.add_argument("--recheck", metavar="JUDGED", help="with --report: carry this judged sample forward")
    parser.add_argument("--root", help="with --report: the corpus the report is of (default: the workload)")
    parser.add_argument("--pick", choices=PICKS, default="random", help="with --report: the violation judged")
    parser.add_argument("--shortest", action="store_true", help="with --report: each claim's shortest chain too")
    parser.add_argument("--summary", metavar="JUDGED", help="print the share of real chains of a judged sample")
    args = parser.parse_args(argv)
    if args.summary:
        document = json.loads(Path(args.summary).read_text(encoding="utf-8"))
        if document.get("schema") != SAMPLE_SCHEMA:
            raise SystemExit(f"{args.summary} is not a precision sample ({SAMPLE_SCHEMA})")
        sys.stdout.write("\n".join(judged_summary(document)) + "\n")
        return 0
    if args.recheck and not args.report:
        parser.error("--recheck needs --report (the report to read the judged sample against)")
    if args.report:
        return report_main(args)

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
