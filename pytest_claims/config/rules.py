"""`[[tool.claims.forbid-reaches]]`: the rules read and checked, each with the line of its header in the file (found
textually: the TOML parser does not say), so a rule's items and messages point at it."""

from __future__ import annotations

import re

from pytest_claims.config.keys import RULE_ID, RULE_KEYS
from pytest_claims.config.messages import describe
from pytest_claims.config.model import ForbidRule
from pytest_claims.config.values import Reader, is_dotted

_TOML_KEY = r"""(?:[A-Za-z0-9_-]+|"[^"\\]*"|'[^']*')"""
_ARRAY_HEADER = re.compile(rf"^\s*\[\[\s*({_TOML_KEY}(?:\s*\.\s*{_TOML_KEY})*)\s*\]\]\s*(?:#.*)?$")
_FORBID_HEADER_PARTS = ("tool", "claims", "forbid-reaches")


def _header_lines(text: str) -> list[int]:
    """1-based lines of every `[[tool.claims.forbid-reaches]]` header, found textually."""
    lines: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        match = _ARRAY_HEADER.match(line)
        if match is None:
            continue
        parts = tuple(part.strip("\"'") for part in re.findall(_TOML_KEY, match.group(1)))
        if parts == _FORBID_HEADER_PARTS:
            lines.append(number)
    return lines


def forbid_reaches(reader: Reader, value: object) -> tuple[ForbidRule, ...]:
    """`[[tool.claims.forbid-reaches]]` rules: id, from, to; no reflexive rule, no duplicate id."""
    where = "[[tool.claims.forbid-reaches]]"
    if not isinstance(value, list):
        reader.fail(
            "[tool.claims]",
            f"forbid-reaches: expected an array of tables ({where} with id, from, to), got {describe(value)}",
        )
    headers = _header_lines(reader.text)
    lines = headers if len(headers) == len(value) else [0] * len(value)
    rules: list[ForbidRule] = []
    first_line: dict[str, int] = {}
    for index, (rule, line) in enumerate(zip(value, lines, strict=True), start=1):
        at = where if line else f"{where} #{index}"
        if not isinstance(rule, dict):
            reader.fail(at, f"expected a table with id, from, to, got {describe(rule)}", line)
        reader.check_keys(rule, RULE_KEYS, at, line)
        for key in RULE_KEYS:
            if key not in rule:
                reader.fail(at, f"missing key {key!r} (a rule needs id, from, to)", line)
            if not isinstance(rule[key], str):
                reader.fail(at, f"{key}: expected a string, got {describe(rule[key])}", line)
        rule_id, source, target = rule["id"], rule["from"], rule["to"]
        if not RULE_ID.fullmatch(rule_id):
            reader.fail(
                at,
                f"id: {rule_id!r} is not a valid rule id (expected letters, digits, '_', '.' or '-', "
                "starting with a letter or digit)",
                line,
            )
        at = f"{where} id {rule_id!r}"
        for key, name in (("from", source), ("to", target)):
            if not is_dotted(name):
                reader.fail(at, f"{key}: {name!r} is not a dotted name (expected e.g. 'pkg.module.func')", line)
        if source == target:
            reader.fail(at, f"is reflexive: from and to are both {source!r}", line)
        if rule_id in first_line:
            previous = first_line[rule_id]
            seen = f" (first at line {previous})" if previous else ""
            reader.fail(where, f"duplicate id {rule_id!r}{seen}", line)
        first_line[rule_id] = line
        rules.append(ForbidRule(id=rule_id, source=source, target=target, line=line))
    return tuple(rules)
