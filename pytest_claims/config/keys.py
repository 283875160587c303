"""The table's vocabulary: which keys `[tool.claims]` and its sub-tables accept, the values of the keys that take a
choice, and the shape of a claim name and a rule id (the JSON Schema in `data/` says the same, a test keeps them
equal)."""

from __future__ import annotations

import re

TOP_KEYS: tuple[str, ...] = (
    "packages",
    "exclude",
    "platform",
    "platforms",
    "trusted",
    "trusted-for",
    "deny",
    "allow",
    "external",
    "follow",
    "on-unevaluable",
    "mutating-returns",
    "max-walk",
    "dynamic-calls",
    "claims-observe",
    "define",
    "forbid-reaches",
)
DEFINE_KEYS: tuple[str, ...] = ("categories", "deny")
RULE_KEYS: tuple[str, ...] = ("id", "from", "to")
EXTERNAL_VALUES: tuple[str, ...] = ("unevaluable", "trust")
ON_UNEVALUABLE_VALUES: tuple[str, ...] = ("fail", "skip")

CLAIM_NAME = re.compile(r"[a-z][a-z0-9_-]*")
RULE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
