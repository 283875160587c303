"""The text users read: one line per violation or frontier entry, in the contract's exact shapes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pytest_claims.records import HOW, FrontierEntry, RuleResult, Violation

_VERBS = {"call": "calls", "reference": "references", "read": "references"}

_ACCEPTABLE = {
    "builtins.id": "an object's address in this process: harmless where it only keys a memo or an identity table "
    "(__deepcopy__, a registry of receivers) and never reaches the result",
    "builtins.hash": "str and bytes hashes change with PYTHONHASHSEED: harmless where it only probes hashability "
    "or keys a cache and never reaches the result",
    "threading.Lock": "a lock orders threads: harmless where it only guards state the result does not depend on",
    "threading.RLock": "a lock orders threads: harmless where it only guards state the result does not depend on",
}
"""Reaches that are true to the letter of a claim but often accepted once read (as found reading real
chains: `id(self)` as a `__deepcopy__` memo key, `hash(value)` as a hashability probe, a lock for thread safety). Their
failure text ends with the one config line that accepts the reach for that claim; the rule itself stays."""


# claims: deterministic
def _same(path: str) -> str:
    return path


# claims: deterministic
def violation_line(function: str, violation: Violation, display: Callable[[str], str] = _same) -> str:
    """`f claims c but calls r at p:l` / `... references r at p:l` / `... reaches r at p:l, through a -> b`.

    `display` maps the project-relative path to the one shown (the plugin: relative to pytest's rootdir)."""
    where = f"{display(violation.file)}:{violation.line}"
    if violation.via:
        hops = " -> ".join(violation.via)
        return f"{function} claims {violation.claim} but reaches {violation.reach} at {where}, through {hops}"
    return f"{function} claims {violation.claim} but {_VERBS[violation.kind]} {violation.reach} at {where}"


# claims: deterministic
def step_lines(violation: Violation, display: Callable[[str], str] = _same) -> list[str]:
    """`    via <hop> at <file>:<line>, <how>` for every step of the chain not taken by a plain call (nor, for the
    reach, as the violation's `kind` says): the dispatch a user doubting the chain needs to see."""
    out = []
    last = len(violation.steps) - 1
    for position, (name, file, line, how) in enumerate(violation.steps):
        if how == "call" or (position == last and how == violation.kind):
            continue
        where = f"{display(file)}:{line}" if line else display(file)
        out.append(f"    via {name} at {where}, {HOW.get(how, how)}")
    return out


# claims: deterministic
def frontier_line(entry: FrontierEntry, display: Callable[[str], str] = _same) -> str:
    where = f"{display(entry.file)}:{entry.line}"
    through = f", through {' -> '.join(entry.via)}" if entry.via else ""
    return f"{entry.reach} at {where}{through}: {entry.reason}"


# claims: deterministic
def failure_text(
    function: str,
    claims: tuple[str, ...],
    status: str,
    violations: tuple[Violation, ...],
    frontier: tuple[FrontierEntry, ...],
    source_line: Callable[[str, int], str],
    display: Callable[[str], str] = _same,
) -> str:
    """The whole report of a failed claim item: every line followed by its source line."""
    out: list[str] = []
    if status == "violated":
        for violation in violations:
            out.append(violation_line(function, violation, display))
            out.extend(step_lines(violation, display))
            out.append(f"    {source_line(violation.file, violation.line).strip()}")
        out.extend(acceptance_hints(violations))
        return "\n".join(out)
    out.append(f"{function} claims {', '.join(claims)} but is unevaluable: the walk reached code it cannot see into")
    for entry in frontier:
        out.append(f"  {frontier_line(entry, display)}")
        out.append(f"    {source_line(entry.file, entry.line).strip()}")
        out.append(f"    resolve with: {entry.hint}")
    return "\n".join(out)


# claims: deterministic
def acceptance_hints(violations: tuple[Violation, ...]) -> list[str]:
    """One line per (claim, reach) in `_ACCEPTABLE`: why the reach may be harmless, and the config line accepting
    it for that claim (semantics §10 `allow`). Sorted by claim, then reach."""
    out = []
    for claim, reach in sorted({(v.claim, v.reach) for v in violations if v.reach in _ACCEPTABLE}):
        out.append(
            f"  hint: {reach} is {_ACCEPTABLE[reach]}; if so, accept it for every {claim} claim with: "
            f'[tool.claims.allow] {claim} = ["{reach}"]'
        )
    return out


# claims: deterministic
def rule_item_name(rule: RuleResult) -> str:
    """The item name under the config file: `forbid-reaches[<id>][<platform>]`."""
    return f"forbid-reaches[{rule.id}][{rule.platform}]"


# claims: deterministic
def rule_failure_text(
    rule: RuleResult, source_line: Callable[[str, int], str] | None = None, display: Callable[[str], str] = _same
) -> str:
    """The text of a failed rule item: the path, or the frontier with the config line resolving each entry."""
    head = f"forbid-reaches[{rule.id}]: {rule.source} must never reach {rule.target}"
    if rule.status == "violated":
        text = f"{head}, but {rule.path[0]} reaches {rule.path[-1]}: {' -> '.join(rule.path)}"
        if not rule.steps:
            return text
        out = [text]
        for i, (file, line) in enumerate(rule.steps):
            out.append(f"  {rule.path[i]} at {display(file)}{f':{line}' if line else ''} -> {rule.path[i + 1]}")
        file, line = rule.steps[-1]
        if source_line is not None and line > 0:
            shown = source_line(file, line).strip()
            if shown:
                out.append(f"    {shown}")
        return "\n".join(out)
    if rule.status == "held":
        return f"{head}: held"
    out = [f"{head}, but the rule is unevaluable:"]
    for entry in rule.frontier:
        out.append(f"  {frontier_line(entry, display)}")
        if source_line is not None and entry.line > 0:
            text = source_line(entry.file, entry.line).strip()
            if text:
                out.append(f"    {text}")
        out.append(f"    resolve with: {entry.hint}")
    return "\n".join(out)


def excluded_line(files: Sequence[str], shown: int = 3) -> str:
    """The one summary line naming the files `exclude` leaves out that hold claims: the first few, and how many
    more (their claims are not checked; saying so once is enough)."""
    more = len(files) - shown
    return f"excluded, claims not checked: {', '.join(files[:shown])}" + (f" and {more} more" if more > 0 else "")
