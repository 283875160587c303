"""The effective configuration as plain frozen data: `Config` and the records it holds.

No reference to the TOML document survives, mappings are read-only, and `Config.fingerprint()` gives a
checkout-independent key for caches and report revisions.
"""

from __future__ import annotations

import hashlib
import json
import types
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from pytest_claims.vocabulary import BUILTIN_CLAIMS


@dataclass(frozen=True)
class ForbidRule:
    """One `[[tool.claims.forbid-reaches]]` rule: `source` must never reach `target` (semantics §12)."""

    id: str
    source: str
    target: str
    line: int
    """1-based line of the rule's header in pyproject.toml, 0 when it cannot be located textually."""


@dataclass(frozen=True)
class CustomClaim:
    """A claim defined in `[tool.claims.define.NAME]`: the categories and dotted names it forbids."""

    name: str
    categories: frozenset[str]
    deny: tuple[str, ...]


def frozen_map(items: Mapping[str, Any]) -> Mapping[str, Any]:
    """A read-only mapping sorted by key, so iteration order never depends on the file's order."""
    return types.MappingProxyType({key: items[key] for key in sorted(items)})


@dataclass(frozen=True)
class Config:
    """The effective `[tool.claims]` configuration of one project, validated and immutable."""

    root: Path
    file: Path | None
    present: bool
    packages: tuple[str, ...]
    exclude: tuple[str, ...]
    platform: tuple[str, ...] | None
    platforms: tuple[str, ...]
    trusted: tuple[str, ...]
    trusted_for: Mapping[str, tuple[str, ...]]
    """claim -> dotted names trusted for that claim only (semantics §5)."""
    deny: Mapping[str, tuple[str, ...]]
    allow: Mapping[str, tuple[str, ...]]
    external: str
    follow: tuple[str, ...]
    on_unevaluable: str
    mutating_returns: tuple[str, ...]
    max_walk: int
    dynamic_calls: str
    """`"ignore"` or `"unevaluable"`: what a blind spot does to a claim or rule that would hold (semantics §5)."""
    claims_observe: bool
    """`claims-observe = true`: observe the test run (semantics §13a), as `--claims-observe` does."""
    define: Mapping[str, CustomClaim]
    forbid_reaches: tuple[ForbidRule, ...]

    def file_rel(self) -> str:
        """The config file as reports and node ids name it: relative to the root, posix."""
        if self.file is None:
            return "pyproject.toml"
        try:
            return self.file.relative_to(self.root).as_posix()
        except ValueError:
            return self.file.name

    def claim_categories(self) -> dict[str, frozenset[str]]:
        """Every known claim (built-in and custom) -> the categories it forbids, sorted by name."""
        merged: dict[str, frozenset[str]] = dict(BUILTIN_CLAIMS)
        for name, claim in self.define.items():
            merged[name] = claim.categories
        return {name: merged[name] for name in sorted(merged)}

    def trusted_for_claim(self, claim: str) -> tuple[str, ...]:
        """The names trusted for `claim`: `trusted` plus its `trusted-for` entry, sorted and deduplicated."""
        extra = self.trusted_for.get(claim, ())
        return tuple(sorted({*self.trusted, *extra})) if extra else self.trusted

    def fingerprint(self) -> str:
        """A sha256 hex digest over the effective values, independent of where the project is checked out.

        `root`, `file` and rule line numbers are left out (they move with the checkout or with edits that
        change nothing), and order-insensitive values are sorted, so only a change in meaning changes it.
        """
        payload = {
            "schema": "pytest-claims.config.v1",
            "present": self.present,
            "packages": sorted(self.packages),
            "exclude": sorted(self.exclude),
            "platform": None if self.platform is None else sorted(self.platform),
            "platforms": sorted(self.platforms),
            "trusted": sorted(self.trusted),
            "trusted-for": {claim: sorted(names) for claim, names in self.trusted_for.items()},
            "deny": {claim: sorted(names) for claim, names in self.deny.items()},
            "allow": {claim: sorted(names) for claim, names in self.allow.items()},
            "external": self.external,
            "follow": sorted(self.follow),
            "on-unevaluable": self.on_unevaluable,
            "mutating-returns": sorted(self.mutating_returns),
            "max-walk": self.max_walk,
            "dynamic-calls": self.dynamic_calls,
            "claims-observe": self.claims_observe,
            "define": {
                name: {"categories": sorted(claim.categories), "deny": sorted(claim.deny)}
                for name, claim in self.define.items()
            },
            "forbid-reaches": sorted(
                [{"id": rule.id, "from": rule.source, "to": rule.target} for rule in self.forbid_reaches],
                key=lambda rule: rule["id"],
            ),
        }
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    def __hash__(self) -> int:
        """Hash by value: the read-only mappings are not hashable themselves, the fingerprint is."""
        return hash((self.root, self.file, self.fingerprint()))

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickle support (xdist workers): mapping proxies cannot be pickled, their dict copies can."""
        state: dict[str, Any] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            state[field.name] = dict(value) if isinstance(value, types.MappingProxyType) else value
        return (_config_from_state, (state,))


def _config_from_state(state: dict[str, Any]) -> Config:
    """Rebuild a pickled `Config`, restoring the read-only mappings."""
    for name in ("trusted_for", "deny", "allow", "define"):
        state[name] = frozen_map(state[name])
    return Config(**state)


# ----------------------------------------------------------------------------------------------------
# Package detection
