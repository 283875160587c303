"""`pytest-claims explain DOTTED.NAME [--platform P]`: everything the walk finds for one function.

The name is `module.qualname`, a name the project re-exports (`pkg.name` where `pkg/__init__.py` imports it:
looked up as the walk looks names up, never by importing), or the node id pytest prints
(`src/pkg/mod.py::Class.method[linux]`, whose platform is the target unless an option names one).

The function (claiming or not) is walked once per target platform as if it made every checkable claim and
one more that forbids every category (`engine.check(..., every=..., only=...)`), so each capability it reaches
shows up once, at its shortest chain, whichever claims it breaks. Platforms on which the walk found the same
are shown together. Exit status: as `check` for the function's own claims (0 when it makes none).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import types
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple, TextIO

from pytest_claims.analysis.directives import read_directives
from pytest_claims.analysis.project import Project
from pytest_claims.analysis.resolution.symbols import ProjectFunction, ProjectModule, Sym
from pytest_claims.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_REFUSED,
    PROG,
    UsageError,
    cache_for,
    load,
    project_root,
    requested_platforms,
    shown_path,
)
from pytest_claims.config import Config, CustomClaim, nearest, unknown_platform
from pytest_claims.engine import Resolvers, Result, check, resolve_platforms
from pytest_claims.engine import load as load_project
from pytest_claims.output.hints import source_reader
from pytest_claims.output.messages import frontier_line
from pytest_claims.output.summary import site_hint
from pytest_claims.records import ClaimResult, FunctionFacts
from pytest_claims.vocabulary import CATEGORIES, platform_name

EVERYTHING = "*"
"""The probe claim: forbids every category. Not a valid claim name (`[a-z][a-z0-9_-]*`), so never a user's."""

_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+")
_QUALNAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")
_PLATFORM = re.compile(r"\[([^\[\]]*)\]$")
_VERBS = {"call": "calls", "reference": "references", "read": "reads"}


def checkable(config: Config) -> tuple[str, ...]:
    """The claims a walk can judge (`idempotent` forbids nothing: it is only asserted)."""
    out = []
    for name, categories in config.claim_categories().items():
        custom = config.define.get(name)
        if categories or config.deny.get(name) or (custom is not None and custom.deny):
            out.append(name)
    return tuple(out)


def run_explain(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    target = _target(args.name)
    here = target.path is not None and os.path.lexists(target.path)
    root = project_root([Path(target.path)] if here and target.path is not None else [], args.root)
    config = load(root)
    requested, sweep = requested_platforms(args)
    if target.platform is not None and requested is None and not sweep:
        requested = [target.platform]  # the node id's `[platform]`, unless the options name the targets
    cache = cache_for(root, not args.no_cache)
    display = shown_path(root)
    project = load_project(config, cache)
    name = _dotted(target, project, root, here) if target.path is not None else target.name
    names = _defined(project, name) or _reexported(project, config, resolve_platforms(config, requested, sweep), name)
    if names and names != [name]:
        print(f"{name} is {', '.join(names)} (resolved through the project's imports)", file=out)
    claims = checkable(config)
    probe = dataclasses.replace(
        config,
        define=types.MappingProxyType(
            {**config.define, EVERYTHING: CustomClaim(EVERYTHING, frozenset(CATEGORIES), ())}
        ),
    )
    only = set(names) or {name}
    every = (*claims, EVERYTHING)
    result = check(root, requested, probe, sweep=sweep, cache=cache, every=every, only=only, project=project)
    found = [c for c in result.claims if c.function in only]
    if not found:
        return _not_found(name, result, out, display)
    by_def: dict[tuple[str, int], list[ClaimResult]] = defaultdict(list)
    for item in found:
        by_def[item.file, item.line].append(item)
    status = EXIT_OK
    for key in sorted(by_def):
        status = max(status, _explain_def(by_def[key], result, config, claims, out, display))
    return status


class _Target(NamedTuple):
    """What `explain` was asked about: a dotted name, or a node id's file (as typed) and qualname."""

    name: str
    """The dotted name, or the node id's qualname."""
    path: str | None
    platform: str | None
    """The node id's `[platform]`, canonical."""


def _target(text: str) -> _Target:
    """`pkg.mod.Class.method`, or the node id pytest prints: `src/pkg/mod.py::Class.method[linux]`."""
    raw = text.strip()
    platform = None
    bracket = _PLATFORM.search(raw)
    if bracket is not None:
        platform = platform_name(bracket.group(1))
        if platform is None:
            raise UsageError(f"{PROG} explain: {text.strip()!r}: {unknown_platform(bracket.group(1))}")
        raw = raw[: bracket.start()]
    path, sep, qualname = raw.rpartition("::")
    if sep:
        if not path or not _QUALNAME.fullmatch(qualname):
            raise UsageError(f"{PROG} explain: {text!r} is not a function's node id (path.py::qualname)")
        return _Target(qualname, path, platform)
    if not _DOTTED.fullmatch(raw):
        raise UsageError(
            f"{PROG} explain: {text!r} is not a dotted name (module.qualname: shop.pricing.total) nor a node id"
            " (src/shop/pricing.py::total)"
        )
    return _Target(raw, None, platform)


def _dotted(target: _Target, project: Project, root: Path, here: bool) -> str:
    """The dotted name of a node id: its file (relative to the current directory, else to the project root, as
    pytest prints it from its rootdir) is a module of the project."""
    assert target.path is not None
    file = Path(os.path.abspath(target.path)) if here else root / target.path
    try:
        rel = file.relative_to(root).as_posix()
    except ValueError:
        raise UsageError(f"{PROG} explain: {target.path} is outside the project ({root})") from None
    modules = sorted(n for n, f in project.index.modules.items() if f.rel == rel and not f.followed)
    if not modules:
        tops = ", ".join(sorted(project.index.top_levels())) or "none"
        raise UsageError(f"{PROG} explain: {target.path} is no module of the project (its packages: {tops})")
    return f"{modules[0]}.{target.name}"


def _defined(project: Project, name: str) -> list[str]:
    """`[name]` when a module of the project defines that function or method itself, else `[]`."""
    index = project.index.modules
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module_name = ".".join(parts[:cut])
        file = index.get(module_name)
        if file is None or file.followed or file.path is None:
            continue
        qualname = ".".join(parts[cut:])
        module = project.modules[module_name]
        if any(f.qualname == qualname for f in module.facts.functions):
            return [name]
    return []


def _reexported(project: Project, config: Config, platforms: Sequence[str], name: str) -> list[str]:
    """The project functions `name` denotes through imports, re-exports and aliases (`pkg.name` where
    `pkg/__init__.py` does `from .mod import name`), on any target platform: resolved statically, as the walk
    resolves a name, never by importing. The longest module prefix of `name` is where the lookup starts."""
    index = project.index.modules
    parts = name.split(".")
    resolvers = Resolvers(project, config, platforms)
    for cut in range(len(parts) - 1, 0, -1):
        module_name = ".".join(parts[:cut])
        file = index.get(module_name)
        if file is None or file.followed:
            continue
        found: set[str] = set()
        for platform in platforms:
            evaluator = resolvers(platform).evaluator
            syms: list[Sym] = [ProjectModule(module_name)]
            for attr in parts[cut:]:
                syms = [step for sym in syms for step in evaluator.step(sym, attr, 0)]
            for sym in syms:
                if isinstance(sym, ProjectFunction):
                    function = project.modules[sym.module].facts.functions[sym.idx]
                    if function.kind not in ("lambda", "state"):
                        found.add(f"{sym.module}.{function.qualname}")
        return sorted(found)
    return []


def _not_found(name: str, result: Result, out: TextIO, display: Callable[[str], str]) -> int:
    """Why `name` has no verdict: unknown module or function (usage errors), not a def, an unreadable file, or
    a def that exists on none of the target platforms."""
    index = result.project.index.modules
    whole = index.get(name)
    if whole is not None and not whole.followed and not result.project.modules[name].facts.problems:
        return _module(name, result, out, display)
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module_name = ".".join(parts[:cut])
        file = index.get(module_name)
        if file is None or file.followed:
            continue
        module = result.project.modules[module_name]
        if module.facts.problems:
            for line, message in module.facts.problems:
                where = f"{display(module.rel)}:{line}" if line > 0 else display(module.rel)
                print(f"unreadable: {where}: {message}", file=out)
            return EXIT_FAILED
        qualname = ".".join(parts[cut:])
        defs = [f for f in module.facts.functions if f.qualname == qualname]
        if defs and all(f.kind in ("lambda", "state") for f in defs):
            kind = "a lambda" if defs[0].kind == "lambda" else "module or class state, not a function"
            raise UsageError(f"{PROG} explain: {name} is {kind}: explain a def")
        if defs:
            platforms = ", ".join(result.platforms)
            where = f"{display(module.rel)}:{defs[0].line}"
            print(f"{name} ({where}) is not defined on {platforms}: nothing to walk", file=out)
            return EXIT_OK
        classes = [c for c in module.facts.classes if c.qualname == qualname]
        if classes:
            methods = ", ".join(sorted({m for m, _ in classes[0].methods})) or "none"
            raise UsageError(f"{PROG} explain: {name} is a class: name one of its methods ({methods})")
        names = [f"{module_name}.{f.qualname}" for f in module.facts.functions if f.kind not in ("lambda", "state")]
        hint = _did_you_mean(name, names)
        raise UsageError(f"{PROG} explain: no function or method {qualname!r} in {module_name}{hint}")
    modules = [m for m, file in index.items() if not file.followed]
    raise UsageError(f"{PROG} explain: no module of the project starts {name!r}{_did_you_mean(name, modules)}")


def _module(name: str, result: Result, out: TextIO, display: Callable[[str], str]) -> int:
    """`explain` of a module: say so, and list its claiming functions (each one is explained by name)."""
    module = result.project.modules[name]
    facts = module.facts
    claiming = sorted(
        {
            (facts.functions[d.function].line, facts.functions[d.function].qualname, d.names)
            for d in facts.directives
            if d.function >= 0
        }
    )
    if not claiming:
        defs = sorted({f.qualname for f in facts.functions if f.kind not in ("lambda", "state")})
        listed = ", ".join(defs[:10]) + (", ..." if len(defs) > 10 else "") if defs else "none"
        print(
            f"{name} is a module ({display(module.rel)}): no function in it makes a claim; its defs: {listed}", file=out
        )
        return EXIT_OK
    print(f"{name} is a module ({display(module.rel)}): explain a function of it; those that make claims:", file=out)
    for line, qualname, claims in claiming:
        print(f"  {name}.{qualname} (line {line}): {', '.join(sorted(claims))}", file=out)
    print(f"  `{PROG} explain {name}.{claiming[0][1]}` walks the first", file=out)
    return EXIT_OK


def _did_you_mean(name: str, names: Sequence[str]) -> str:
    close = nearest(name, names)
    return f" (did you mean {close}?)" if close is not None else ""


def _explain_def(
    results: list[ClaimResult],
    result: Result,
    config: Config,
    claims: tuple[str, ...],
    out: TextIO,
    display: Callable[[str], str],
) -> int:
    first = results[0]
    module = result.project.modules[first.module]
    facts = module.facts
    index = next(
        (i for i, f in enumerate(facts.functions) if f.qualname == first.qualname and f.line == first.line), -1
    )
    # the directives read against the project's own config (the probe's would know the probe claim)
    found, refused = read_directives(module, config, Resolvers(result.project, config, result.platforms).decorators())
    declared = next((c.claims for c in found if c.function_index == index), ())
    status = EXIT_OK
    lines = {d.line for d in facts.directives if d.function == index and index >= 0}
    for refusal in refused:
        if refusal.line in lines:
            print(f"refused: {dataclasses.replace(refusal, file=display(refusal.file))}", file=out)
            status = EXIT_REFUSED
    func: FunctionFacts | None = facts.functions[index] if index >= 0 else None
    kind = f" ({func.kind})" if func is not None and func.kind != "function" else ""
    says = f"claims {', '.join(declared)}" if declared else "makes no claim"
    print(f"{first.function}{kind} at {display(first.file)}:{first.line} {says}", file=out)

    blocks: dict[tuple[str, ...], list[str]] = {}
    verdicts: dict[str, dict[str, str]] = {}
    for item in sorted(results, key=lambda r: r.platform):
        verdicts[item.platform] = _claim_verdicts(item, claims, config)
        text = tuple(_block(item, verdicts[item.platform], config, display))
        blocks.setdefault(text, []).append(item.platform)
    missing = sorted(set(result.platforms) - {r.platform for r in results})
    for text, platforms in blocks.items():
        print(f"[{', '.join(platforms)}]", file=out)
        for line in text:
            print(line, file=out)
    if missing:
        print(f"[{', '.join(missing)}] not defined on this platform", file=out)
    if status == EXIT_OK:
        skip = config.on_unevaluable == "skip"
        for per in verdicts.values():
            for claim in declared:
                verdict = per.get(claim, "held")
                if verdict == "violated" or (verdict == "unevaluable" and not skip):
                    status = EXIT_FAILED
    return status


def _claim_verdicts(item: ClaimResult, claims: tuple[str, ...], config: Config) -> dict[str, str]:
    """claim -> held | violated | unevaluable, as the plugin would judge a directive naming it."""
    taint = str(getattr(config, "dynamic_calls", "ignore")) == "unevaluable"
    broken = {v.claim for v in item.violations}
    out: dict[str, str] = {}
    for claim in claims:
        if claim in broken:
            out[claim] = "violated"
        elif item.frontier or (taint and item.blind_spots):
            out[claim] = "unevaluable"
        else:
            out[claim] = "held"
    return out


def _block(item: ClaimResult, verdicts: dict[str, str], config: Config, display: Callable[[str], str]) -> list[str]:
    context = source_reader(config.root)
    lines: list[str] = []
    reaches: dict[tuple[str, str, str, int], tuple[tuple[str, ...], set[str]]] = {}
    for v in item.violations:
        key = (v.kind, v.reach, v.file, v.line)
        via, breaks = reaches.get(key, (v.via, set()))
        if len(v.via) < len(via):
            via = v.via
        if v.claim != EVERYTHING:
            breaks.add(v.claim)
        reaches[key] = (via, breaks)
    lines.append(f"  reaches: {len(reaches)}" if reaches else "  reaches: none")
    for (kind, reach, file, line), (via, breaks) in sorted(reaches.items(), key=lambda kv: kv[0][2:] + kv[0][:2]):
        through = f", through {' -> '.join(via)}" if via else ""
        broke = f"; breaks {', '.join(sorted(breaks))}" if breaks else "; breaks no claim"
        lines.append(f"    {_VERBS.get(kind, kind)} {reach} at {display(file)}:{line}{through}{broke}")
    front = item.frontier
    lines.append(f"  frontier (what the walk cannot see into): {len(front)}" if front else "  frontier: none")
    for entry in item.frontier:
        lines.append(f"    {frontier_line(entry, display)}")
        lines.append(f"      resolve with: {entry.hint}")
    spots = item.blind_spots
    lines.append(f"  blind spots (calls the walk cannot follow): {len(spots)}" if spots else "  blind spots: none")
    for spot in spots:
        through = f", through {' -> '.join(spot.via)}" if spot.via else ""
        lines.append(f"    {display(spot.file)}:{spot.line}: {spot.code}{through}")
        lines.append(f"      hint: {site_hint(spot.code, context(spot.file, spot.line))}")
    held = [c for c, v in verdicts.items() if v == "held"]
    # a claim that holds only as far as the walk could follow says so on the verdict line itself
    with_spots = f", with {len(spots)} blind spot{'' if len(spots) == 1 else 's'}" if spots and held else ""
    lines.append(f"  holds{with_spots}: {', '.join(held) if held else 'none'}")
    for verdict in ("violated", "unevaluable"):
        names = [c for c, v in verdicts.items() if v == verdict]
        if names:
            lines.append(f"  would be {verdict}: {', '.join(names)}")
    unchecked = [c for c in config.claim_categories() if c not in verdicts]
    if unchecked:
        lines.append(f"  never checked (asserted by the author): {', '.join(unchecked)}")
    return lines
