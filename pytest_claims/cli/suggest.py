"""`pytest-claims suggest [PATH ...] [--claim C,...] [--write]`: the claims a project could make today.

Every function and method is judged as if it claimed the asked claims (`engine.check(..., every=...)`), on every
target platform (default: the whole `platforms` sweep, so a written claim holds on each CI leg). An *honest
candidate* for a claim is a function that makes no claim yet and for which the claim is `held` on every target
platform it exists on, with no blind spot: nothing the walk could not follow, so the claim rests on the proof
alone. A *near miss* would be one but for a single reach (one call site, maybe through helpers): the place
where a small refactor buys a claim. A summary line counts the functions it suggests nothing for, by why.

`--write` puts `# claims: ...` directly above each candidate (above its decorators, at its indentation), changes
nothing else, skips a file that changed since the analysis, and then checks the project again as the plugin
would: a file where a written claim would not pass is put back as it was and named. A second `--write` finds
every candidate claiming already and writes nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from pytest_claims.analysis.directives import _mutating as mutating_return  # the rule read_directives applies
from pytest_claims.cli.common import (
    EXIT_FAILED,
    EXIT_NOTHING,
    EXIT_OK,
    EXIT_REFUSED,
    PROG,
    Selection,
    UsageError,
    cache_for,
    load,
    plural,
    project_root,
    requested_platforms,
    shown_path,
    where_it_looked,
)
from pytest_claims.cli.edit import def_starts, directive_line, insert_lines
from pytest_claims.cli.stubs import stub_defs
from pytest_claims.config import Config, unknown_hint
from pytest_claims.engine import Resolvers, Result, check
from pytest_claims.files import Refused, editable, read_file, write_file
from pytest_claims.persist.cache import FactsCache
from pytest_claims.records import ClaimResult, Violation
from pytest_claims.usage import usage_warnings

DEFAULT_CLAIMS = ("deterministic", "sandboxed")
_VERBS = {"call": "calls", "reference": "references", "read": "reads"}


@dataclass(frozen=True)
class Function:
    """A function or method of the project, as the analysis names it."""

    module: str
    qualname: str
    file: str
    line: int
    """Its `def` line."""

    @property
    def name(self) -> str:
        return f"{self.module}.{self.qualname}"


@dataclass(frozen=True)
class Candidate:
    function: Function
    claims: tuple[str, ...]
    """The asked claims it would hold honestly, sorted."""


@dataclass(frozen=True)
class NearMiss:
    function: Function
    claim: str
    violation: Violation
    """The one reach in the way, with its shortest chain from the function."""


@dataclass(frozen=True)
class Skipped:
    """Why functions are a candidate for no asked claim, one reason each (the first that applies): the walk met
    code it cannot see into; else it met calls it cannot follow (blind spots) and nothing else stood in the way of
    some claim; else the return type is in `mutating-returns`; else each claim reaches what it forbids."""

    unevaluable: int = 0
    blind: int = 0
    mutating: int = 0
    violated: int = 0
    example: str = ""
    """A function skipped for its blind spots, one with the fewest sites (then by name): `explain` shows them."""

    @property
    def total(self) -> int:
        return self.unevaluable + self.blind + self.mutating + self.violated


@dataclass(frozen=True)
class Suggestions:
    claims: tuple[str, ...]
    platforms: tuple[str, ...]
    judged: int
    """Functions and methods judged (those selected by the paths)."""
    declared: int
    """Of those, functions that carry a directive already: left alone."""
    stubs: int
    """Of those, stub bodies (`...`, `pass`, a docstring, `raise NotImplementedError`, a Protocol member, an
    `@abstractmethod`, an `@overload`): no claim is proposed for them."""
    candidates: tuple[Candidate, ...]
    near_misses: tuple[NearMiss, ...]
    mutating: int
    """Functions left out of `deterministic` because their return annotation is in `mutating-returns`."""
    skipped: Skipped
    """The judged functions without a directive that are a candidate for none of the claims, and why."""


@dataclass(frozen=True)
class Written:
    file: str
    functions: tuple[tuple[Function, tuple[str, ...], int, int], ...]
    """(function, claims, the def's line after the edit, the directive's line after the edit)."""
    before: bytes
    after: bytes


# ----------------------------------------------------------------------------------------------------
# The analysis


def asked_claims(options: Sequence[str] | None, config: Config) -> tuple[str, ...]:
    """`--claim` values, validated: known claims that a walk can check (not `idempotent`)."""
    if not options:
        return DEFAULT_CLAIMS
    names = sorted({n.strip() for option in options for n in option.split(",") if n.strip()})
    if not names:
        raise UsageError(f"{PROG} suggest: --claim: name at least one claim")
    known = config.claim_categories()
    for name in names:
        if name not in known:
            hint = unknown_hint(name, known, "known claims")
            raise UsageError(f"{PROG} suggest: --claim: unknown claim {name!r} {hint}")
        if not _checkable(name, config):
            raise UsageError(
                f"{PROG} suggest: --claim: {name!r} forbids nothing a walk can see (asserted by the author, never"
                " checked): there is nothing to suggest"
            )
    return tuple(names)


def _checkable(name: str, config: Config) -> bool:
    custom = config.define.get(name)
    return bool(config.claim_categories()[name] or config.deny.get(name) or (custom is not None and custom.deny))


def analyse(
    root: Path,
    config: Config,
    claims: tuple[str, ...],
    platforms: Sequence[str] | None,
    cache: FactsCache,
    selected: Selection | None = None,
) -> tuple[Suggestions, Result]:
    """Judge every function with `claims` on `platforms` (default: the sweep) and sort out the candidates."""
    result = check(root, platforms, config, sweep=not platforms, cache=cache, every=claims)
    verdicts: dict[Function, list[ClaimResult]] = defaultdict(list)
    for item in result.claims:
        if selected is None or selected(item.file):
            verdicts[Function(item.module, item.qualname, item.file, item.line)].append(item)
    declared = _declared(result)
    mutating = _mutating(result, config, verdicts) if "deterministic" in claims and config.mutating_returns else set()
    candidates: list[Candidate] = []
    near: list[NearMiss] = []
    n_declared = 0
    stubs = _Stubs(root)
    n_stubs = 0
    reasons: dict[str, int] = {}
    hidden: list[tuple[int, str]] = []
    for function in sorted(verdicts, key=lambda f: (f.module, f.line, f.qualname)):
        if (function.module, function.line) in declared:
            n_declared += 1
            continue
        results = verdicts[function]
        honest = tuple(c for c in claims if _honest(results, c) and not (c == "deterministic" and function in mutating))
        misses = [(c, m) for c in claims if c not in honest for m in [_near_miss(results, c)] if m is not None]
        if (honest or misses) and stubs.holds(function):
            n_stubs += 1  # asked only of what would be proposed: a file without a candidate is not read again
            continue
        if honest:
            candidates.append(Candidate(function, honest))
        else:
            why = _why_skipped(results, claims, function in mutating)
            reasons[why] = reasons.get(why, 0) + 1
            if why == "blind":
                hidden.append((len({(b.file, b.line, b.code) for r in results for b in r.blind_spots}), function.name))
        near.extend(NearMiss(function, claim, miss) for claim, miss in misses)
    suggestions = Suggestions(
        claims,
        result.platforms,
        len(verdicts),
        n_declared,
        n_stubs,
        tuple(candidates),
        tuple(near),
        len(mutating),
        Skipped(**reasons, example=min(hidden)[1] if hidden else ""),
    )
    return suggestions, result


# claims: deterministic
def _why_skipped(results: list[ClaimResult], claims: tuple[str, ...], mutating: bool) -> str:
    """The `Skipped` reason of a function that is a candidate for none of `claims`."""
    violated = {v.claim for r in results for v in r.violations}
    if any(c not in violated and not (c == "deterministic" and mutating) for c in claims):
        # under dynamic-calls = "unevaluable" the blind spots are frontier entries too: those are not "unevaluable"
        seen = {(b.code, b.file, b.line) for r in results for b in r.blind_spots}
        if any((f.reach, f.file, f.line) not in seen for r in results for f in r.frontier):
            return "unevaluable"
        return "blind"
    if mutating and "deterministic" in claims and "deterministic" not in violated:
        return "mutating"
    return "violated"


# claims: deterministic
def _honest(results: list[ClaimResult], claim: str) -> bool:
    """Held on every platform it exists on, with nothing the walk could not see or follow."""
    return all(
        not r.frontier and not r.blind_spots and not any(v.claim == claim for v in r.violations) for r in results
    )


# claims: deterministic
def _near_miss(results: list[ClaimResult], claim: str) -> Violation | None:
    """The one reach that keeps `claim` from holding honestly, if there is exactly one (on every platform)."""
    sites: dict[tuple[str, str, str, int], Violation] = {}
    for r in results:
        if r.frontier or r.blind_spots:
            return None
        for v in r.violations:
            if v.claim == claim:
                key = (v.kind, v.reach, v.file, v.line)
                known = sites.get(key)
                if known is None or len(v.via) < len(known.via):
                    sites[key] = v
    return next(iter(sites.values())) if len(sites) == 1 else None


class _Stubs:
    """Which functions are stub bodies, each file read and parsed once, on first asking."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files: dict[str, frozenset[int]] = {}

    def holds(self, function: Function) -> bool:
        lines = self.files.get(function.file)
        if lines is None:
            try:
                lines = stub_defs(read_file(self.root / function.file))
            except OSError:
                lines = frozenset()
            self.files[function.file] = lines
        return function.line in lines


def _declared(result: Result) -> set[tuple[str, int]]:
    """(module, def line) of every function that carries a directive, valid or refused."""
    found: set[tuple[str, int]] = set()
    modules = result.project.modules
    judge = Resolvers(result.project, result.config, result.platforms).decorators()
    for name in sorted(modules.mentions):
        module = modules[name]
        for directive in module.facts.directives:
            if directive.function < 0 or (directive.form == "decorator" and judge(module, directive) is None):
                continue  # attached to nothing, or a decorator that is not `@claims`
            found.add((name, module.facts.functions[directive.function].line))
    return found


def _mutating(result: Result, config: Config, verdicts: dict[Function, list[ClaimResult]]) -> set[Function]:
    """Functions whose return annotation names a `mutating-returns` type: `deterministic` on them is refused."""
    found: set[Function] = set()
    for function in verdicts:
        module = result.project.modules[function.module]
        for func in module.facts.functions:
            same = func.line == function.line and func.qualname == function.qualname
            if same and func.returns and mutating_return(func.returns, module, config):
                found.add(function)
    return found


# ----------------------------------------------------------------------------------------------------
# Writing


def write(
    root: Path, result: Result, candidates: Sequence[Candidate]
) -> tuple[list[Written], list[tuple[str, str]], list[tuple[Function, str]]]:
    """Insert the candidates' directives: (files written, (file, why) skipped, (function, why) left out)."""
    by_file: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        by_file[candidate.function.file].append(candidate)
    digests = result.project.modules.digests
    written: list[Written] = []
    skipped: list[tuple[str, str]] = []
    left_out: list[tuple[Function, str]] = []
    for rel in sorted(by_file):
        group = by_file[rel]
        try:
            target = editable(root / rel)
            data = read_file(target)
        except Refused as refused:
            skipped.append((rel, str(refused)))
            continue
        except OSError as error:
            skipped.append((rel, f"cannot read: {error.strerror or error}"))
            continue
        if hashlib.sha256(data).hexdigest() != digests.get(group[0].function.module):
            skipped.append((rel, "changed since the analysis: run suggest again"))
            continue
        starts = def_starts(data)
        if starts is None:
            skipped.append((rel, "does not parse"))
            continue
        inserts: dict[int, bytes] = {}
        placed: list[tuple[Candidate, int]] = []
        for candidate in group:
            first = starts.get(candidate.function.line)
            if first is None:
                left_out.append((candidate.function, "its def does not start its line: no comment can go above it"))
                continue
            inserts[first] = directive_line(candidate.claims)
            placed.append((candidate, first))
        if not inserts:
            continue
        after = insert_lines(data, inserts)
        functions = tuple(
            (
                c.function,
                c.claims,
                c.function.line + sum(1 for line in inserts if line <= c.function.line),
                first + sum(1 for line in inserts if line < first),
            )
            for c, first in placed
        )
        if def_starts(after) is None:  # cannot happen: a comment line never breaks a file; never write if it did
            skipped.append((rel, "the edit would not parse"))
            continue
        try:
            write_file(target, after)
        except OSError as error:
            skipped.append((rel, f"cannot write: {error.strerror or error}"))
            continue
        written.append(Written(rel, functions, data, after))
    return written, skipped, left_out


def verify(
    root: Path, config: Config, platforms: tuple[str, ...], cache: FactsCache, written: Sequence[Written]
) -> list[tuple[Written, str]]:
    """Check the project again as the plugin will, and put back every file in which a written claim would not
    pass (refused, or not held on some platform): (file, why) for each one put back."""
    if not written:
        return []
    result = check(root, list(platforms), config, cache=cache)
    verdicts: dict[tuple[str, int], list[ClaimResult]] = defaultdict(list)
    for item in result.claims:
        verdicts[item.file, item.line].append(item)
    refused = {(e.file, e.line): e.message for e in result.errors}
    unreadable = {p.file: str(p) for p in result.problems}
    undone: list[tuple[Written, str]] = []
    for edit in written:
        why = unreadable.get(edit.file, "")
        for function, claims, line, directive in edit.functions:
            if why:
                break
            if (edit.file, directive) in refused:
                why = f"{edit.file}:{directive}: {refused[edit.file, directive]}"
                break
            for item in verdicts.get((edit.file, line), []):
                if item.claims != claims or item.status != "held":
                    why = f"{function.name} {item.status} on {item.platform}"
                    break
            else:
                if not verdicts.get((edit.file, line)):
                    why = f"{function.name}: no verdict after the edit"
        if why:
            try:
                target = editable(root / edit.file)
                if read_file(target) == edit.after:  # edited again meanwhile: left as the user has it
                    write_file(target, edit.before)
            except OSError as error:
                why += f" (and it could not be put back: {getattr(error, 'strerror', None) or error})"
            undone.append((edit, why))
    return undone


# ----------------------------------------------------------------------------------------------------
# The command


def run_suggest(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    root = project_root(args.paths, args.root)
    config = load(root)
    claims = asked_claims(args.claim, config)
    requested, sweep = requested_platforms(args)
    platforms = requested if requested else None  # suggest sweeps by default: a written claim holds everywhere
    cache = cache_for(root, not args.no_cache)
    selected = Selection(root, args.paths, config.file)
    display = shown_path(root)
    suggestions, result = analyse(root, config, claims, platforms, cache, selected)
    del sweep  # the sweep is suggest's default already
    for warning in usage_warnings(result):
        print(f"warning: {warning}", file=err)
    refused = [e for e in result.errors if selected(e.file)]
    for error in refused:
        print(f"refused: {dataclasses.replace(error, file=display(error.file))}", file=out)
    for problem in result.problems:
        print(f"unreadable: {dataclasses.replace(problem, file=display(problem.file))}", file=out)
    show(out, suggestions, quiet=args.quiet, display=display)
    status = EXIT_FAILED if result.problems else EXIT_OK
    if not suggestions.judged and not refused and not result.problems:
        where = where_it_looked(args.paths if not selected.everything else [], config, display)
        print(f"no function or method found {where}: nothing to suggest", file=out)
        return EXIT_NOTHING
    if args.write:
        written, skipped, left_out = write(root, result, suggestions.candidates)
        undone = verify(root, config, suggestions.platforms, cache, written)
        kept = [w for w in written if all(w is not u for u, _ in undone)]
        n_claims = sum(len(claims) for w in kept for _, claims, _, _ in w.functions)
        n_functions = sum(len(w.functions) for w in kept)
        print(file=out)
        if kept:
            print(
                f"wrote {plural(n_functions, 'directive')} ({plural(n_claims, 'claim name')} on"
                f" {plural(n_functions, 'function')}) into"
                f" {plural(len(kept), 'file')}; checked again on"
                f" {', '.join(suggestions.platforms)}: every written claim holds",
                file=out,
            )
            if not args.quiet:
                for edit in kept:
                    print(f"  {display(edit.file)}: {len(edit.functions)}", file=out)
        else:
            why = "every candidate's file was skipped" if suggestions.candidates else "no candidate left to write"
            print(f"wrote nothing: {why}", file=out)
        for function, why in left_out:
            print(f"not written: {function.name} ({display(function.file)}:{function.line}): {why}", file=out)
        for rel, why in skipped:
            print(f"skipped {display(rel)}: {why}", file=err)
        for edit, why in undone:
            print(f"put back {display(edit.file)}: a written claim would not pass: {why}", file=err)
        if skipped or undone:
            status = EXIT_FAILED
    if refused:
        status = EXIT_REFUSED
    return status


def skipped_lines(skipped: Skipped) -> list[str]:
    """One line saying how many functions no claim is suggested for and why, and one naming a function to
    `explain` when blind spots are the reason."""
    if not skipped.total:
        return []
    parts = [
        (skipped.unevaluable, "unevaluable (the walk met code it cannot see into)"),
        (skipped.blind, "with blind spots in the way (calls the walk cannot follow)"),
        (skipped.mutating, "return a `mutating-returns` type"),
        (skipped.violated, "reach what every asked claim forbids"),
    ]
    why = ", ".join(f"{n} {text}" for n, text in parts if n)
    lines = [f"skipped: {plural(skipped.total, 'function')} without a directive, a candidate for no claim: {why}"]
    if skipped.example:
        lines.append(f"  `{PROG} explain {skipped.example}` shows the blind spots of one of them (the one with fewest)")
    return lines


def show(out: TextIO, s: Suggestions, quiet: bool = False, display: Callable[[str], str] = str) -> None:
    """The candidates by module, then the near misses by the functions they block (paths through `display`)."""
    counts = ", ".join(f"{claim} {sum(claim in c.claims for c in s.candidates)}" for claim in s.claims)
    print(
        f"honest candidates: {counts} ({plural(len(s.candidates), 'function')} of {s.judged} judged on"
        f" {', '.join(s.platforms)}, held on each with no blind spot; {s.declared} already carry a directive and"
        " are left alone)",
        file=out,
    )
    if s.stubs:
        print(
            f"skipped {s.stubs} stub {'body' if s.stubs == 1 else 'bodies'} (`...`, `pass`, a docstring, `raise"
            " NotImplementedError`, Protocol members, @abstractmethod, @overload): a claim there would promise"
            " something about every implementation",
            file=out,
        )
    if s.mutating:
        print(f"left out of deterministic: {s.mutating} functions returning a `mutating-returns` type", file=out)
    for text in skipped_lines(s.skipped):
        print(text, file=out)
    if quiet:
        print(f"near misses: {len(s.near_misses)} (would hold but for one reach)", file=out)
        return
    by_module: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in s.candidates:
        by_module[candidate.function.module].append(candidate)
    for module in sorted(by_module):
        group = by_module[module]
        per = ", ".join(f"{claim} {sum(claim in c.claims for c in group)}" for claim in s.claims)
        print(f"\n{module} ({display(group[0].function.file)}): {per}", file=out)
        for candidate in group:
            f = candidate.function
            print(f"  {f.qualname} (line {f.line}): {', '.join(candidate.claims)}", file=out)
    if not s.near_misses:
        print("\nnear misses: none", file=out)
        return
    sites: dict[tuple[str, str, str, str, int], list[NearMiss]] = defaultdict(list)
    for miss in s.near_misses:
        v = miss.violation
        sites[miss.claim, v.kind, v.reach, v.file, v.line].append(miss)
    print(f"\nnear misses: {len(s.near_misses)} (would hold but for one reach; by the functions it blocks):", file=out)
    for key in sorted(sites, key=lambda k: (-len(sites[k]), k[3], k[4], k[2], k[0])):
        claim, kind, reach, file, line = key
        misses = sites[key]
        blocked = plural(len(misses), "function")
        print(f"  {claim}: {_VERBS.get(kind, kind)} {reach} at {display(file)}:{line} ({blocked})", file=out)
        for miss in misses:
            via = miss.violation.via
            through = f", through {' -> '.join(via)}" if via else ""
            print(f"    {miss.function.name}{through}", file=out)
