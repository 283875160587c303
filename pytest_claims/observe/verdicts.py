"""The end-of-session verdicts of run-time observation (semantics §13a): what the recorder saw, judged per claim.

Input: the recorder's `observations()` (merged across xdist workers with `merge`), the static pass's verdicts
on the host platform, the effective config (claims and their categories, `deny`, `allow`, `trusted`,
`trusted-for`) and the catalogue. Output: one `ObservedClaim` per claiming function the tests were seen breaking
a claim of, `missed` when the static pass had said `held` for that claim, `confirmed` when it had not.

The rules shared with the soundness benchmark (`benchmarks/soundness.py`), so both count the same misses:

- a touch made by a nested def, lambda or comprehension belongs to the def around it (`claimed`), as the
  static pass reads it (semantics §5);
- a touch made inside a stdlib function the catalogue judges pure (`ast.parse` compiling, `copy.deepcopy`
  taking `id`s) is not the project's (`direct`): the static pass, which never walks the stdlib, is right not
  to see it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_claims.analysis.catalog import Catalogue
from pytest_claims.dotted import under_any
from pytest_claims.records import BlindSpot, ClaimResult

__all__ = [
    "Observation",
    "ObservedChain",
    "ObservedClaim",
    "ObservedReach",
    "Policy",
    "claimed",
    "direct",
    "judge",
    "merge",
    "observed_json",
]

Hop = tuple[str, str, int]
"""(function, file, line): a project frame, the line it was executing (the call it was making)."""


# claims: deterministic
def claimed(name: str) -> str:
    """The claimed def a runtime code object belongs to: a nested def, lambda or comprehension is part of the
    def around it (semantics §5), so `f.<locals>.g` counts as `f`."""
    return name.split(".<locals>.", 1)[0]


# claims: deterministic
def direct(inside: str | None, catalogue: Catalogue) -> bool:
    """Did the project make this touch (or a catalogued stdlib function it called)? Not when it happened inside
    a stdlib function the catalogue judges pure, nor inside one it judges narration alone (`stdout`: a logger
    stamping its record with the time and the thread): the static pass is right not to see it."""
    if inside is None:
        return True
    entry = catalogue.lookup(inside)
    return entry is not None and not entry.categories <= _NARRATION


_NARRATION = frozenset({"stdout"})


def merge(into: dict[str, Any], other: Mapping[str, Any]) -> dict[str, Any]:
    """Add one process's `Recorder.observations()` to another's (xdist: each worker's to the controller's)."""
    for function, record in other.items():
        target = into.setdefault(function, {"file": record["file"], "line": record["line"], "capabilities": {}})
        for name, touch in record["capabilities"].items():
            seen = target["capabilities"].get(name)
            if seen is None:
                target["capabilities"][name] = {**touch, "chains": [dict(c) for c in touch["chains"]]}
                continue
            seen["count"] += touch["count"]
            seen["categories"] = sorted(set(seen["categories"]) | set(touch["categories"]))  # each call's own
            index = {_chain_key(c): c for c in seen["chains"]}
            for chain in touch["chains"]:
                known = index.get(_chain_key(chain))
                if known is None:
                    seen["chains"].append(dict(chain))
                    index[_chain_key(chain)] = seen["chains"][-1]
                else:
                    known["count"] += chain["count"]
    return into


def _chain_key(chain: Mapping[str, Any]) -> tuple[Any, ...]:
    inside = chain["inside"]
    return (tuple(tuple(hop) for hop in chain["frames"]), None if inside is None else tuple(inside))


@dataclass(frozen=True)
class Policy:
    """What a claim forbids and trusts, from the effective config (`pytest_claims.config.Config`)."""

    categories: Mapping[str, frozenset[str]]
    deny: Mapping[str, tuple[str, ...]]
    allow: Mapping[str, tuple[str, ...]]
    trusted: tuple[str, ...]
    trusted_for: Mapping[str, tuple[str, ...]]

    @classmethod
    def of(cls, config: Any) -> Policy:
        return cls(
            categories=config.claim_categories(),
            deny=dict(config.deny),
            allow=dict(config.allow),
            trusted=tuple(config.trusted),
            # `trusted-for` (semantics §5) where the config has it
            trusted_for={claim: tuple(names) for claim, names in dict(getattr(config, "trusted_for", {})).items()},
        )

    def wanted_categories(self, catalogue: Catalogue) -> frozenset[str]:
        """Every category some claim forbids, with those of the catalogued names `deny` adds: what to wrap."""
        wanted: set[str] = set()
        for categories in self.categories.values():
            wanted |= categories
        for names in self.deny.values():
            for name in names:
                entry = catalogue.lookup(name)
                if entry is not None:
                    wanted |= entry.categories
        return frozenset(wanted)

    def breaks(self, claim: str, reach: str, categories: Iterable[str], names: Iterable[str]) -> bool:
        """Does touching `reach` break `claim`, when the touch's chain passes through `names`?"""
        if under_any(reach, self.allow.get(claim, ())):
            return False
        if not (set(categories) & self.categories.get(claim, frozenset())) and not under_any(
            reach, self.deny.get(claim, ())
        ):
            return False
        trusted = (*self.trusted, *self.trusted_for.get(claim, ()))
        return not any(under_any(name, trusted) for name in (reach, *names))


@dataclass(frozen=True)
class ObservedChain:
    hops: tuple[Hop, ...]
    """From the claiming function (or the def nested in it) down to the last project frame; files relative to
    the project root."""
    inside: Hop | None
    """The stdlib function that made the touch, when it was not the project itself."""
    count: int
    blind_spot: BlindSpot | None
    """The first call in the chain the static walk could not resolve (matched by file and line)."""

    def text(self, reach: str) -> list[str]:
        hops = [f"{name} ({file}:{line})" for name, file, line in self.hops]
        if self.inside is not None:
            hops.append(f"{self.inside[0]} ({self.inside[1]}:{self.inside[2]})")
        return [*hops, reach]


@dataclass(frozen=True)
class ObservedReach:
    reach: str
    categories: tuple[str, ...]
    claims: tuple[str, ...]
    """The function's claims this touch breaks."""
    count: int
    chains: tuple[ObservedChain, ...]


@dataclass(frozen=True)
class ObservedClaim:
    """A claiming function the tests were seen breaking one of its claims."""

    function: str
    file: str
    line: int
    claims: tuple[str, ...]
    static: str | None
    """The static verdict on the host platform (None: the host was not a target of the run)."""
    verdict: str
    """missed: a broken claim was `held` statically; confirmed: every broken claim was violated or unevaluable;
    unchecked: no static verdict on this platform to compare with."""
    reaches: tuple[ObservedReach, ...]

    @property
    def blind_spot(self) -> BlindSpot | None:
        """The blind spot that hid it: the one on the shortest chain that has one."""
        chains = sorted((c for r in self.reaches for c in r.chains if c.blind_spot), key=lambda c: len(c.hops))
        return chains[0].blind_spot if chains else None


@dataclass(frozen=True)
class Observation:
    platform: str
    claims: int
    """Claiming functions judged (those with a static verdict on `platform`)."""
    broken: tuple[ObservedClaim, ...]
    """Sorted: missed first, then confirmed, then unchecked; by function within each."""
    never_executed: int | None
    """Claiming functions the tests never ran (None: not tracked, Python before 3.12)."""
    errors: int
    """Exceptions the recorder swallowed while recording (each a touch that may be missing)."""
    workers_missing: int = 0
    """xdist workers that sent no records (crashed): what they saw is missing."""

    @property
    def missed(self) -> tuple[ObservedClaim, ...]:
        return tuple(c for c in self.broken if c.verdict == "missed")

    @property
    def confirmed(self) -> tuple[ObservedClaim, ...]:
        return tuple(c for c in self.broken if c.verdict == "confirmed")


_ORDER = {"missed": 0, "confirmed": 1, "unchecked": 2}


def _static_for(result: ClaimResult, claim: str) -> str:
    """The static verdict of one of a function's claims: violated when a violation names it, else the
    function's status (held, or unevaluable)."""
    if any(v.claim == claim for v in result.violations):
        return "violated"
    if result.status == "violated":  # another claim's violation; this one held unless the walk stopped short
        return "unevaluable" if result.frontier else "held"
    return result.status


def judge(  # noqa: PLR0913 -- the keyword-only tail describes the run (root, platform, counts), not collaborators
    observations: Mapping[str, Any],
    results: Sequence[ClaimResult],
    policy: Policy,
    catalogue: Catalogue,
    *,
    root: Path,
    platform: str,
    executed: Iterable[str] | None = None,
    errors: int = 0,
    workers_missing: int = 0,
) -> Observation:
    """Judge what the tests were seen doing against the claims and their static verdicts on `platform`."""
    here = {r.function: r for r in results if r.platform == platform}
    anywhere: dict[str, ClaimResult] = {}
    for result in results:
        anywhere.setdefault(result.function, result)
    root_text = str(root.resolve())

    def rel(file: str) -> str:
        path = Path(file)
        for base in (root_text, str(root)):
            try:
                return path.relative_to(base).as_posix()
            except ValueError:
                continue
        return path.as_posix()

    found: dict[str, dict[str, dict[str, Any]]] = {}
    for name, record in observations.items():
        function = claimed(name)
        judged = here.get(function) or anywhere.get(function)
        if judged is None:
            continue
        blind = {(b.file, b.line): b for b in here[function].blind_spots} if function in here else {}
        for reach, touch in record["capabilities"].items():
            for chain in touch["chains"]:
                inside = chain["inside"]
                if not direct(None if inside is None else inside[0], catalogue):
                    continue
                names = [hop[0] for hop in chain["frames"]] + ([inside[0]] if inside is not None else [])
                broken = [c for c in judged.claims if policy.breaks(c, reach, touch["categories"], names)]
                if not broken:
                    continue
                hops = tuple((hop[0], rel(hop[1]), hop[2]) for hop in chain["frames"])
                spot = next((blind[(f, line)] for _, f, line in hops if (f, line) in blind), None)
                entry = found.setdefault(function, {}).setdefault(
                    reach, {"categories": tuple(touch["categories"]), "claims": set(), "chains": {}}
                )
                entry["claims"].update(broken)
                key = (hops, None if inside is None else (inside[0], rel(inside[1]), inside[2]))
                previous = entry["chains"].get(key)
                entry["chains"][key] = (previous[0] if previous else 0) + chain["count"], spot
    broken_claims: list[ObservedClaim] = []
    for function, reaches in found.items():
        static = here.get(function)
        records: list[ObservedReach] = []
        statics: set[str] = set()
        for reach, entry in sorted(reaches.items()):
            chains = tuple(
                ObservedChain(hops, inside, count, spot)
                for (hops, inside), (count, spot) in sorted(
                    entry["chains"].items(), key=lambda item: (len(item[0][0]), item[0][0], str(item[0][1]))
                )
            )
            records.append(
                ObservedReach(
                    reach, entry["categories"], tuple(sorted(entry["claims"])), sum(c.count for c in chains), chains
                )
            )
            if static is not None:
                statics.update(_static_for(static, claim) for claim in entry["claims"])
        verdict = "unchecked" if static is None else "missed" if "held" in statics else "confirmed"
        source = static or anywhere[function]
        broken_claims.append(
            ObservedClaim(
                function,
                source.file,
                source.line,
                tuple(source.claims),
                None if static is None else static.status,
                verdict,
                tuple(records),
            )
        )
    broken_claims.sort(key=lambda c: (_ORDER[c.verdict], c.function))
    never: int | None = None
    if executed is not None:
        ran = {claimed(name) for name in executed}
        never = sum(1 for function in here if function not in ran)
    return Observation(platform, len(here), tuple(broken_claims), never, errors, workers_missing)


def observed_json(observation: Observation) -> dict[str, Any]:
    """The report's `observed` value (semantics §11, §13a): one record per claiming function observed breaking a
    claim, sorted by function; the others are counted."""
    functions = []
    for claim in sorted(observation.broken, key=lambda c: c.function):
        functions.append(
            {
                "function": claim.function,
                "file": claim.file,
                "line": claim.line,
                "claims": list(claim.claims),
                "static": claim.static,
                "verdict": claim.verdict,
                "reaches": [
                    {
                        "reach": reach.reach,
                        "categories": list(reach.categories),
                        "claims": list(reach.claims),
                        "count": reach.count,
                        "chains": [
                            {
                                "chain": chain.text(reach.reach),
                                "count": chain.count,
                                "inside": None if chain.inside is None else chain.inside[0],
                                "blind_spot": None
                                if chain.blind_spot is None
                                else {
                                    "file": chain.blind_spot.file,
                                    "line": chain.blind_spot.line,
                                    "code": chain.blind_spot.code,
                                    "via": list(chain.blind_spot.via),
                                },
                            }
                            for chain in reach.chains
                        ],
                    }
                    for reach in claim.reaches
                ],
            }
        )
    return {
        "platform": observation.platform,
        "claims": observation.claims,
        "broken": len(observation.broken),
        "missed": len(observation.missed),
        "confirmed": len(observation.confirmed),
        "not_observed_broken": observation.claims - sum(1 for c in observation.broken if c.static is not None),
        "never_executed": observation.never_executed,
        "recorder_errors": observation.errors,
        "workers_missing": observation.workers_missing,
        "functions": functions,
    }
