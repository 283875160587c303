"""The claim-keyed parts of the table: custom claims (`define`), the `deny` / `allow` / `trusted-for` tables, and
the contradiction of a name both trusted and denied for one claim."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pytest_claims.config.keys import CLAIM_NAME, DEFINE_KEYS
from pytest_claims.config.messages import describe, unknown_hint
from pytest_claims.config.model import CustomClaim
from pytest_claims.config.values import Reader, dotted_list, string_list
from pytest_claims.vocabulary import BUILTIN_CLAIMS, CATEGORIES, UNCHECKED_CLAIMS


def refuse_trusted_and_denied(
    reader: Reader,
    trusted: tuple[str, ...],
    trusted_for: Mapping[str, tuple[str, ...]],
    deny: Mapping[str, tuple[str, ...]],
    define: Mapping[str, CustomClaim],
) -> None:
    """A name trusted for a claim (`trusted`, or `trusted-for.<claim>`) that `deny` (or the custom claim's own
    `deny`) lists for the same claim is a contradiction (semantics §5): trusted names are never flagged, so the deny
    entry could never apply. A denied name lying under a trusted one (`deny = ["a.b.c"]`, `trusted = ["a.b"]`)
    is the same contradiction; the reverse (deny a module, trust one function in it) is an exception carved
    out of a deny, and stands."""
    denied: list[tuple[str, str, str]] = []  # (claim, name, where it is listed)
    for claim, names in deny.items():
        denied.extend((claim, name, f"deny.{claim}") for name in names)
    for claim, custom in define.items():
        denied.extend((claim, name, f"define.{claim}.deny") for name in custom.deny)
    for claim, name, listed in sorted(denied):
        sources = [(prefix, "trusted") for prefix in trusted]
        sources += [(prefix, f"trusted-for.{claim}") for prefix in trusted_for.get(claim, ())]
        for prefix, trusted_in in sorted(sources, key=lambda source: (source[1] != "trusted", source)):
            if prefix == name:
                reader.fail(
                    "[tool.claims]",
                    f"{name!r} is both in {trusted_in} and in {listed}: a name trusted for {claim} cannot be denied "
                    f"for it (remove one of the two)",
                )
            if name.startswith(prefix + "."):
                reader.fail(
                    "[tool.claims]",
                    f"{name!r} in {listed} lies under {prefix!r} in {trusted_in}: a name trusted for {claim} cannot "
                    f"be denied for it (remove one of the two)",
                )


def define_claims(reader: Reader, value: object) -> dict[str, CustomClaim]:
    """`[tool.claims.define.NAME]` tables: custom claims forbidding categories and/or dotted names."""
    if not isinstance(value, dict):
        reader.fail("[tool.claims]", f"define: expected a table of custom claims, got {describe(value)}")
    claims: dict[str, CustomClaim] = {}
    for name, body in value.items():
        if name in BUILTIN_CLAIMS:
            reader.fail("[tool.claims.define]", f"{name!r} collides with the built-in claim of that name")
        if not CLAIM_NAME.fullmatch(name):
            reader.fail(
                "[tool.claims.define]",
                f"{name!r} is not a valid claim name (expected lowercase letters, digits, '_' or '-', "
                "starting with a letter)",
            )
        where = f"[tool.claims.define.{name}]"
        if not isinstance(body, dict):
            reader.fail(where, f"expected a table with 'categories' and/or 'deny', got {describe(body)}")
        reader.check_keys(body, DEFINE_KEYS, where)
        categories = string_list(reader, where, "categories", body.get("categories", []), "category names")
        for category in categories:
            if category not in CATEGORIES:
                known = ", ".join(sorted(CATEGORIES))
                reader.fail(where, f"categories: unknown category {category!r} (known: {known})")
        deny = dotted_list(reader, where, "deny", body.get("deny", []))
        if not categories and not deny:
            reader.fail(where, "forbids nothing: give 'categories' and/or 'deny'")
        claims[name] = CustomClaim(name=name, categories=frozenset(categories), deny=deny)
    return claims


def claim_table(reader: Reader, key: str, value: object, known: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """`deny` / `allow`: a table of claim -> dotted names; every claim must exist and be checkable."""
    if not isinstance(value, dict):
        reader.fail("[tool.claims]", f"{key}: expected a table of claim = [dotted names], got {describe(value)}")
    where = f"[tool.claims.{key}]"
    known_claims = sorted(set(known))
    table: dict[str, tuple[str, ...]] = {}
    for claim, names in value.items():
        if claim not in known_claims:
            reader.fail(where, f"unknown claim {claim!r} {unknown_hint(claim, known_claims)}")
        if claim in UNCHECKED_CLAIMS:
            reader.fail(where, f"{claim!r} is asserted, never checked, so {key} entries cannot apply to it")
        table[claim] = dotted_list(reader, where, claim, names)
    return table
